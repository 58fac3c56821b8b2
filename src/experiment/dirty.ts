/**
 * vm.dirty_bytes / vm.dirty_background_bytes raised for the page-cache experiment and put back
 * exactly: the lab's readDirtySettings/restoreDirtySettings (which write back the member of each
 * bytes/ratio pair that was in force) as root, the same through `sudo sysctl` otherwise.
 */
import type { Privilege } from './availability.js';
import { runAsRoot } from './privileged.js';
import { readDirtySettings, restoreDirtySettings, type DirtySettings } from '../lab/dirty-limits.js';
import { sysctlPath } from '../lab/paths.js';
import { writeText } from '../lab/sys.js';

export { readDirtySettings, type DirtySettings };

function write(privilege: Privilege, name: 'dirty_bytes' | 'dirty_background_bytes' | 'dirty_ratio' | 'dirty_background_ratio', value: number): void {
  if (privilege === 'root') writeText(sysctlPath(name), String(value));
  else runAsRoot(privilege, 'sysctl', ['-q', '-w', `vm.${name}=${value}`]);
}

export function raiseDirtyLimits(privilege: Privilege, limits: { dirtyBytes: number; backgroundBytes: number }): void {
  // The limit first: the kernel halves a background figure that is not below the limit.
  write(privilege, 'dirty_bytes', limits.dirtyBytes);
  write(privilege, 'dirty_background_bytes', limits.backgroundBytes);
}

export function putBackDirtySettings(privilege: Privilege, saved: DirtySettings): void {
  if (privilege === 'root') return restoreDirtySettings(saved);
  for (const [bytes, ratio] of [
    ['dirty_background_bytes', 'dirty_background_ratio'],
    ['dirty_bytes', 'dirty_ratio'],
  ] as const) {
    if (saved[bytes] > 0) write(privilege, bytes, saved[bytes]);
    else write(privilege, ratio, saved[ratio]);
  }
}
