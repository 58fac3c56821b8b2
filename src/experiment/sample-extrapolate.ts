/**
 * From runs on two nested samples to the whole restore. Pure.
 *
 * Both samples keep the directories above the sampled subtrees and the take-all stratum
 * (sample-select.ts), so a run's time is modelled as T(x) = T0 + slope·x, x the share of the sampled
 * members kept: T0 holds what does not scale with them (those directories, the stratum's large files,
 * the processes' start, the sync's latency), the slope what does. Two sample sizes give both; the
 * whole restore is T(1). The range comes from data only: every combination of the runs' extremes on
 * each sample and of the two ways to measure x (share of the members, share of their bytes; ordering
 * the subtrees by size keeps them close, and how far apart they are is part of the uncertainty).
 */
import type { Spread } from '../util/spread.js';

/** One sample's size as the share it kept of the sampled members and of their bytes. */
export interface SampleSize {
  entryShare: number;
  byteShare: number;
}

export interface Extrapolated {
  /** The whole restore's time from the medians, the shares averaged. */
  ms: number;
  lowMs: number;
  highMs: number;
}

/** T(1) from two points (x, t); the larger sample's time is a floor (the whole restore does more). */
export function lineAtOne(xSmall: number, tSmall: number, xLarge: number, tLarge: number): number {
  if (!(xLarge > xSmall)) throw new RangeError(`sample sizes: the large sample's share (${xLarge}) must exceed the small one's (${xSmall})`);
  if (xLarge >= 1) return tLarge;
  return Math.max(tLarge, tLarge + ((tLarge - tSmall) * (1 - xLarge)) / (xLarge - xSmall));
}

export function extrapolate(small: { size: SampleSize; timeMs: Spread }, large: { size: SampleSize; timeMs: Spread }): Extrapolated {
  const mid = (s: SampleSize) => (s.entryShare + s.byteShare) / 2;
  const ms = lineAtOne(mid(small.size), small.timeMs.median, mid(large.size), large.timeMs.median);
  const values: number[] = [];
  for (const share of ['entryShare', 'byteShare'] as const)
    for (const ts of [small.timeMs.min, small.timeMs.max])
      for (const tl of [large.timeMs.min, large.timeMs.max]) values.push(lineAtOne(small.size[share], ts, large.size[share], tl));
  return { ms, lowMs: Math.min(ms, ...values), highMs: Math.max(ms, ...values) };
}

/** The saving of an alternative over the baseline, both extrapolated; its range from the two ranges' far ends. */
export function extrapolatedSaving(baseline: Extrapolated, alternative: Extrapolated): { savingMs: number; lowMs: number; highMs: number } {
  return {
    savingMs: baseline.ms - alternative.ms,
    lowMs: baseline.lowMs - alternative.highMs,
    highMs: baseline.highMs - alternative.lowMs,
  };
}

/**
 * The large sample's step (every k-th member of each size class) so that the runs fit the time left:
 * each planned run costs about T0 + x·(full − T0) on the large sample and a quarter of its variable
 * part on the small one; T0 is taken as the directories' share of the entries times the full run (a
 * cautious guess for an IOPS-bound disk; the runs themselves then correct every estimate). Returns
 * null when not even the smallest useful sample fits.
 */
export function sampleStep(p: {
  fullRunMs: number;
  /** Runs planned on the large sample: (baseline + alternatives) × rounds, plus what making it costs. */
  runsOnLarge: number;
  /** Runs planned on the small sample (none where the samples are read in pairs: sample-pairs.ts). */
  runsOnSmall: number;
  directoryShare: number;
  sampledEntries: number;
  availableMs: number;
  smallFactor: number;
  /** Fewest members of the small sample worth timing. */
  minSmallEntries: number;
}): number | null {
  const fixedMs = p.fullRunMs * p.directoryShare;
  const perShareMs = p.fullRunMs - fixedMs;
  // runsOnLarge × (T0 + x·v) + runsOnSmall × (T0 + x·v/f) ≤ available
  const x = (p.availableMs - (p.runsOnLarge + p.runsOnSmall) * fixedMs) / (perShareMs * (p.runsOnLarge + p.runsOnSmall / p.smallFactor));
  if (!(x > 0)) return null;
  const every = Math.max(1, Math.ceil(1 / Math.min(1, x)));
  if (p.sampledEntries / (every * p.smallFactor) < p.minSmallEntries) return null;
  return every;
}
