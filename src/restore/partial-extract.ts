/**
 * What a failed extraction left behind: the files under the restore paths whose inode changed since
 * the extraction began (tar restores mtimes from the archive, but ctime is always the time of writing).
 * Walked only after a failure, and bounded, so it never costs much.
 */
import { lstatSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

export interface PartialExtract {
  files: number;
  bytes: number;
  /** The walk stopped at its entry limit: the counts are lower bounds. */
  truncated: boolean;
}

export function countFilesWrittenSince(roots: string[], sinceEpochMs: number, maxEntries = 200_000): PartialExtract {
  const result: PartialExtract = { files: 0, bytes: 0, truncated: false };
  const stack = [...new Set(roots)];
  let visited = 0;
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (++visited > maxEntries) {
      result.truncated = true;
      break;
    }
    let stat;
    try {
      stat = lstatSync(current);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      try {
        for (const name of readdirSync(current)) stack.push(path.join(current, name));
      } catch {
        // Unreadable directory: nothing countable below it.
      }
    } else if (stat.isFile() && stat.ctimeMs >= sinceEpochMs) {
      result.files += 1;
      result.bytes += stat.size;
    }
  }
  return result;
}
