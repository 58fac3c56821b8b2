/**
 * The one place a profile's clock becomes wall time. A profile's phases count milliseconds from its
 * monotonic origin, and createdAt is the wall time read right after that origin (run-profile.ts); the
 * save counts from its own origin, read beside save.startedAt (observed-save.ts). Nothing else in the
 * export adds an offset.
 */
import type { Profile, SaveResult } from '../profile/schema.js';
import { ProfilerError } from '../util/errors.js';

/** Milliseconds on a profile clock to Unix epoch milliseconds. */
export type WallClock = (clockMs: number) => number;

export function restoreClock(profile: Pick<Profile, 'createdAt'>): WallClock {
  return clockFrom(profile.createdAt);
}

/** Null for a save without its own anchor (skipped, or recorded before save.startedAt existed). */
export function saveClock(save: Pick<SaveResult, 'startedAt'>): WallClock | null {
  return save.startedAt ? clockFrom(save.startedAt) : null;
}

function clockFrom(iso: string): WallClock {
  const originEpochMs = Date.parse(iso);
  if (!Number.isFinite(originEpochMs))
    throw new ProfilerError(`Not a wall time: '${iso}'.`, "A profile's createdAt (and a save's startedAt) must be ISO 8601, as the profiler writes them.");
  return (clockMs) => originEpochMs + clockMs;
}
