/** Removing a file that may already be gone, or not ours to remove. IO edge. */
import { unlinkSync } from 'node:fs';

/**
 * Removes one file (unlink never follows a symlink); false when it cannot be: already gone, or another
 * user's in a sticky directory. Never throws: whoever calls it skips what it cannot remove.
 */
export function unlinkQuietly(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}
