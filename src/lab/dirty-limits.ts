/**
 * vm.dirty_* limits, lowered to play a runner whose RAM cannot absorb the restore. Writing a *_bytes
 * sysctl zeroes the matching *_ratio (and vice versa), so all four are saved and the pair member
 * that was in force is written back.
 */
import type { CleanupStack } from './cleanup.js';
import { DIRTY_SYSCTLS, sysctlPath, type DirtySysctl } from './paths.js';
import { readText, writeText } from './sys.js';

export type DirtySettings = Record<DirtySysctl, number>;

export function readDirtySettings(): DirtySettings {
  const out = {} as DirtySettings;
  for (const name of DIRTY_SYSCTLS) out[name] = Number(readText(sysctlPath(name)));
  return out;
}

export function restoreDirtySettings(saved: DirtySettings): void {
  const pairs: [DirtySysctl, DirtySysctl][] = [
    ['dirty_background_bytes', 'dirty_background_ratio'],
    ['dirty_bytes', 'dirty_ratio'],
  ];
  for (const [bytes, ratio] of pairs) {
    if (saved[bytes] > 0) writeText(sysctlPath(bytes), String(saved[bytes]));
    else writeText(sysctlPath(ratio), String(saved[ratio]));
  }
}

export function lowerDirtyLimits(cleanup: CleanupStack, limits: { dirtyBytes: number; backgroundBytes: number }): void {
  const saved = readDirtySettings();
  cleanup.push('restore vm.dirty_*', () => restoreDirtySettings(saved));
  // Background first: the kernel uses background = limit / 2 while background > limit.
  writeText(sysctlPath('dirty_background_bytes'), String(limits.backgroundBytes));
  writeText(sysctlPath('dirty_bytes'), String(limits.dirtyBytes));
}
