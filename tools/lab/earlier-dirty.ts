/**
 * What an earlier job step leaves behind: dirty pages on the restore's file system, written right
 * before the restore and not synced. With runner-like dirty thresholds the writer is not throttled,
 * but the flusher starts at once on a device whose share of the background threshold is small (a
 * fresh loop device's), and the throttle then holds the pages "under writeback": either way ~1 GiB
 * is owed to the restore's disk when the restore starts.
 */
import { run } from '../../src/system/sys.js';

import { MiB } from '../../src/util/units.js';

/** The caller registers the file's removal (tools/lab/scenarios.ts: before the caps, so it runs after they are lifted). */
export function leaveDirtyPages(file: string, bytes: number): void {
  // Buffered (no oflag=direct, no conv=fsync): the pages are only dirtied, as a build step's are.
  run('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${Math.ceil(bytes / MiB)}`, 'status=none']);
}
