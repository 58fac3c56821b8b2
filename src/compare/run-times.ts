/** A label's times over its runs, and what they cost at its price: the figures compare ranks and recommends by. Pure. */
import { quantile } from '../history/history.js';

/** A time over a label's runs: p50 and p90 (history.ts's quantile), and the range from its fastest to its slowest run. */
export interface RunTimes {
  p50: number;
  p90: number;
  min: number;
  max: number;
  runs: number;
}

export interface LabelCost {
  perMinuteUsd: number;
  /** The p50 time until on disk at the per-minute price. */
  perRestoreUsd: number;
  per1000RunsUsd: number;
}

export function runTimes(values: readonly (number | null)[]): RunTimes | null {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const p50 = quantile(xs, 0.5);
  const p90 = quantile(xs, 0.9);
  if (p50 === null || p90 === null) return null;
  return { p50, p90, min: Math.min(...xs), max: Math.max(...xs), runs: xs.length };
}

/**
 * A label's cost per restore: its p50 until on disk at its per-minute price (GitHub bills each job in
 * whole minutes; this is the restore's share of them). Null without a price or a restore.
 */
export function labelCost(untilOnDiskMs: RunTimes | null, perMinuteUsd: number | undefined): LabelCost | null {
  if (perMinuteUsd === undefined || untilOnDiskMs === null) return null;
  const perRestoreUsd = (untilOnDiskMs.p50 / 60_000) * perMinuteUsd;
  return { perMinuteUsd, perRestoreUsd, per1000RunsUsd: perRestoreUsd * 1000 };
}
