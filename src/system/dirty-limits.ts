/**
 * vm.dirty_* limits, defined once: lowered by the lab to play a runner whose RAM cannot absorb the
 * restore, raised by the page-cache experiment (experiment/dirty.ts). Writing a *_bytes
 * sysctl zeroes the matching *_ratio (and vice versa), so all four are saved and the pair member
 * that was in force is written back.
 */
import type { CleanupStack } from './cleanup.js';
import { readText, writeText } from './sys.js';

export const DIRTY_SYSCTLS = ['dirty_bytes', 'dirty_background_bytes', 'dirty_ratio', 'dirty_background_ratio'] as const;
export type DirtySysctl = (typeof DIRTY_SYSCTLS)[number];
export const sysctlPath = (name: DirtySysctl) => `/proc/sys/vm/${name}`;

export type DirtySettings = Record<DirtySysctl, number>;

export function readDirtySettings(): DirtySettings {
  const out = {} as DirtySettings;
  for (const name of DIRTY_SYSCTLS) out[name] = Number(readText(sysctlPath(name)));
  return out;
}

/** Each *_bytes knob with the *_ratio that writing it zeroes (and the reverse). */
export const DIRTY_PAIRS = [
  ['dirty_background_bytes', 'dirty_background_ratio'],
  ['dirty_bytes', 'dirty_ratio'],
] as const;
export type DirtyPair = (typeof DIRTY_PAIRS)[number];

/** The member of a pair that was in force in `saved`, with its value: writing it back puts the pair back. */
export function inForce(saved: DirtySettings, [bytes, ratio]: DirtyPair): [DirtySysctl, number] {
  return saved[bytes] > 0 ? [bytes, saved[bytes]] : [ratio, saved[ratio]];
}

const writeAsRoot = (name: DirtySysctl, value: number): void => writeText(sysctlPath(name), String(value));

/** Writes back the member of each pair that was in force; as root, or through `write` (experiment/dirty.ts's, which can use sudo). */
export function restoreDirtySettings(saved: DirtySettings, write: (name: DirtySysctl, value: number) => void = writeAsRoot): void {
  for (const pair of DIRTY_PAIRS) write(...inForce(saved, pair));
}

export function lowerDirtyLimits(cleanup: CleanupStack, limits: { dirtyBytes: number; backgroundBytes: number }): void {
  const saved = readDirtySettings();
  cleanup.push('restore vm.dirty_*', () => restoreDirtySettings(saved));
  // Background first: the kernel uses background = limit / 2 while background > limit.
  writeText(sysctlPath('dirty_background_bytes'), String(limits.backgroundBytes));
  writeText(sysctlPath('dirty_bytes'), String(limits.dirtyBytes));
}
