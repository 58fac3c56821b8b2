/**
 * A label's history of runs and this run held against it (issue 24): p50/p90 per hardware kind, and
 * the regression rule. Pure.
 */
import type { HistoryGroup, HistoryRun, Percentiles, Regression } from '../profile/always-on.js';

/** Runs kept per label: one cache entry holds them all (about 400 bytes each). */
export const HISTORY_MAX_RUNS = 100;
/** Fewer earlier runs than this on the same hardware, with a similar cache, flag nothing: a p90 of 2 runs is noise. */
export const REGRESSION_MIN_RUNS = 5;
/** A cache is "of similar size" within this factor either way (a cache twice the size restores slower, rightly). */
export const SIMILAR_SIZE_FACTOR = 1.25;

/**
 * The q-quantile by linear interpolation between closest ranks (Hyndman & Fan type 7, what numpy
 * and spreadsheets use by default), so p50 of an even count is the mean of the middle two.
 */
export function quantile(values: readonly number[], q: number): number | null {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const h = (xs.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return (xs[lo] as number) + (h - lo) * ((xs[hi] as number) - (xs[lo] as number));
}

export function percentiles(values: readonly (number | null)[]): Percentiles | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const p50 = quantile(xs, 0.5);
  const p90 = quantile(xs, 0.9);
  return p50 === null || p90 === null ? null : { p50, p90, runs: xs.length };
}

/** Groups by fingerprint: `first` (this run's) leads, the others follow by run count. */
export function groupsOf(runs: readonly HistoryRun[], first?: string): HistoryGroup[] {
  const byId = new Map<string, HistoryRun[]>();
  for (const r of runs) byId.set(r.fingerprintId, [...(byId.get(r.fingerprintId) ?? []), r]);
  const groups = [...byId.entries()].map(([fingerprintId, rs]) => ({
    fingerprintId,
    hardware: rs[rs.length - 1]?.hardware ?? '',
    runs: rs.length,
    restoreMs: percentiles(rs.map((r) => r.restoreMs)),
    untilDurableMs: percentiles(rs.map((r) => r.untilDurableMs)),
  }));
  return groups.sort((a, b) => Number(b.fingerprintId === first) - Number(a.fingerprintId === first) || b.runs - a.runs);
}

function similarSize(a: number | null, b: number | null): boolean {
  if (a === null || b === null || a <= 0 || b <= 0) return a === b;
  return Math.max(a, b) / Math.min(a, b) <= SIMILAR_SIZE_FACTOR;
}

/**
 * This run regressed on a metric when it took longer than the p90 of the earlier runs on the same
 * hardware with a cache of similar size, and there are at least REGRESSION_MIN_RUNS of those.
 */
export function regressionsOf(current: HistoryRun, earlier: readonly HistoryRun[]): Regression[] {
  const comparable = earlier.filter((r) => r.fingerprintId === current.fingerprintId && similarSize(r.archiveBytes, current.archiveBytes));
  const out: Regression[] = [];
  const check = (metric: Regression['metric'], pick: (r: HistoryRun) => number | null) => {
    const now = pick(current);
    const past = comparable.map(pick).filter((v): v is number => v !== null);
    if (now === null || past.length < REGRESSION_MIN_RUNS) return;
    const p90 = quantile(past, 0.9) as number;
    if (now > p90) out.push({ metric, thisMs: now, p90Ms: p90, comparedRuns: past.length });
  };
  check('restore', (r) => r.restoreMs);
  check('until-durable', (r) => r.untilDurableMs);
  return out;
}

/** The earlier runs plus this one, the oldest dropped beyond HISTORY_MAX_RUNS. */
export function appendRun(earlier: readonly HistoryRun[], current: HistoryRun): HistoryRun[] {
  return [...earlier, current].slice(-HISTORY_MAX_RUNS);
}

/** The figures of one profile that a history keeps. */
export function historyRunOf(p: {
  createdAt: string;
  runId: string;
  runAttempt: string;
  fingerprintId: string;
  hardware: string;
  phasesMs: HistoryRun['phasesMs'];
  restoreOk: boolean;
  archiveBytes: number | null;
  bottleneck: string;
  ceilings: HistoryRun['ceilings'];
}): HistoryRun {
  const { lookup, download, extract, writeback } = p.phasesMs;
  const restoreMs = p.restoreOk && lookup !== null && download !== null && extract !== null ? lookup + download + extract : null;
  return {
    runId: p.runId,
    runAttempt: p.runAttempt,
    createdAt: p.createdAt,
    fingerprintId: p.fingerprintId,
    hardware: p.hardware,
    phasesMs: p.phasesMs,
    restoreMs,
    untilDurableMs: restoreMs === null ? null : restoreMs + (writeback ?? 0),
    archiveBytes: p.archiveBytes,
    bottleneck: p.bottleneck,
    ceilings: p.ceilings,
  };
}
