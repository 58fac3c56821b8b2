/**
 * The machine's dirty budget as the kernel applies it (mm/page-writeback.c, domain_dirty_limits), and
 * the raise the page-cache experiment makes from it: never lower than what is in force. Pure.
 */
import type { DirtySettings } from '../system/dirty-limits.js';

/** Effective limits in bytes: writers are throttled above dirtyBytes, background writeback starts above backgroundBytes. */
export interface DirtyBudget {
  dirtyBytes: number;
  backgroundBytes: number;
}

/**
 * The memory a *_ratio is a share of, conservatively: the kernel takes free + file pages minus its
 * reserves; MemAvailable estimates about that, so the smaller of the two never overstates it.
 */
export function dirtyableBytes(meminfo: string): number | null {
  const kB = (name: string): number | null => {
    const m = new RegExp(`^${name.replace(/[()]/g, '\\$&')}:\\s+(\\d+)\\s*kB`, 'm').exec(meminfo);
    return m?.[1] ? Number(m[1]) * 1024 : null;
  };
  const available = kB('MemAvailable');
  const free = kB('MemFree');
  const active = kB('Active(file)');
  const inactive = kB('Inactive(file)');
  const kernels = free !== null && active !== null && inactive !== null ? free + active + inactive : null;
  if (available === null) return kernels;
  return kernels === null ? available : Math.min(available, kernels);
}

/** The limits in force: *_bytes when set, else *_ratio % of the dirtyable memory; a background not below the limit is halved, as the kernel does. */
export function effectiveDirtyBudget(s: DirtySettings, dirtyable: number | null): DirtyBudget | null {
  const of = (bytes: number, ratio: number): number | null => (bytes > 0 ? bytes : dirtyable === null ? null : Math.floor((dirtyable * ratio) / 100));
  const dirtyBytes = of(s.dirty_bytes, s.dirty_ratio);
  const background = of(s.dirty_background_bytes, s.dirty_background_ratio);
  if (dirtyBytes === null || background === null) return null;
  return { dirtyBytes, backgroundBytes: background >= dirtyBytes ? Math.floor(dirtyBytes / 2) : background };
}

/** Whether the budget in force already holds the target (the restore with the experiment's headroom). */
export function holdsTarget(current: DirtyBudget, target: DirtyBudget): boolean {
  return current.dirtyBytes >= target.dirtyBytes && current.backgroundBytes >= target.backgroundBytes;
}

/**
 * What the experiment writes: each setting raised to the target where the budget in force is below
 * it, null where it already holds the target (left as it is: a ratio in force is never rewritten as
 * bytes, which could land below what the kernel computes). Background stays below the limit.
 */
export function raisedDirtyLimits(target: DirtyBudget, current: DirtyBudget | null): { dirtyBytes: number | null; backgroundBytes: number | null } {
  const dirtyBytes = current && current.dirtyBytes >= target.dirtyBytes ? null : target.dirtyBytes;
  const limit = dirtyBytes ?? current?.dirtyBytes ?? target.dirtyBytes;
  const backgroundBytes = current && current.backgroundBytes >= target.backgroundBytes ? null : Math.min(target.backgroundBytes, Math.floor(limit / 2));
  return { dirtyBytes, backgroundBytes };
}
