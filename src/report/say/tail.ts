/**
 * The writeback tail cut before the restore's files were all on disk, said: by the post step (a repeat run
 * does not wait for the disk) or by writeback-timeout-seconds. Pure.
 */
import type { WritebackTail } from '../../profile/schema.js';

export function notOnDiskSentence(timeoutMs: number, tail: WritebackTail): string {
  const pending = tail.syncs
    .filter((s) => !s.returned)
    .map((s) => s.mountPoint)
    .join(', ');
  if (tail.cutBy === 'post-step')
    return `The restore's files were not all on disk when the post step began (syncfs had not returned on ${pending}); it does not wait for them, as actions/cache does not, so the tail is cut there.`;
  return `The restore's files were not all on disk after ${timeoutMs / 1000} s (writeback-timeout-seconds): syncfs had not returned on ${pending}; the tail is cut there.`;
}
