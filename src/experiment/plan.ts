/**
 * Planning against the budget: how long each run should take (from the profiled restore), which
 * runs fit, in which order, and which alternatives are skipped because they do not. Pure.
 */
import { RUN_ORDER, RUNS_WANTED, type AlternativeName } from './alternatives.js';
import type { RunRecord, Skip, Target } from './types.js';
import { seconds } from '../judge/format.js';

/** What the profiled restore measured, the basis of every estimate. */
export interface MeasuredRestore {
  downloadMs: number;
  extractMs: number;
  /** The writeback tail after tar exited (0 when none was measured). */
  writebackMs: number;
}

/**
 * Removing a run's tree and syncing that removal, between runs, relative to the extraction: deleting
 * ~13k files takes a fraction of writing them.
 */
export const CLEANUP_SHARE = 0.3;

export function estimateRunMs(alternative: AlternativeName, m: MeasuredRestore): number {
  const onDisk = m.extractMs + m.writebackMs;
  switch (alternative) {
    case 'baseline':
    case 'other-disk':
    case 'page-cache':
      return onDisk + m.extractMs * CLEANUP_SHARE;
    case 'ram':
      // The disk taken out: at most the extraction as measured (which included the disk's stalls).
      return m.extractMs * (1 + CLEANUP_SHARE);
    case 'decompress':
      return m.extractMs;
  }
}

export interface PlannedRun {
  target: Target;
  round: number;
  estimateMs: number;
}

export interface Plan {
  refetchEstimateMs: number;
  runs: PlannedRun[];
  skipped: Skip[];
}

const sortKey = (t: Target) => RUN_ORDER.indexOf(t.alternative);

/**
 * The refetch first (everything needs the archive), then rounds of one run per target, cheapest
 * first, while the estimates fit the budget. An alternative whose first run does not fit is skipped
 * with the figures; a second round takes what still fits.
 */
export function planExperiments(targets: readonly Target[], measured: MeasuredRestore, budgetMs: number, runsWanted = RUNS_WANTED): Plan {
  const refetchEstimateMs = measured.downloadMs;
  const ordered = [...targets].sort((a, b) => sortKey(a) - sortKey(b));
  const skipped: Skip[] = [];
  const runs: PlannedRun[] = [];
  let remaining = budgetMs - refetchEstimateMs;
  const baselineMs = estimateRunMs('baseline', measured);
  if (!ordered.some((t) => t.alternative === 'baseline')) return { refetchEstimateMs, runs, skipped };
  if (remaining < baselineMs) {
    const detail = `fetching the archive again (~${seconds(refetchEstimateMs)}) and one baseline run (~${seconds(baselineMs)}) do not fit the ${seconds(budgetMs)} budget (experiments-budget-seconds)`;
    for (const t of ordered) skipped.push({ alternative: t.alternative, mountPoint: t.mountPoint, reason: 'over-budget', detail });
    return { refetchEstimateMs, runs, skipped };
  }
  let live = ordered;
  for (let round = 1; round <= runsWanted; round++) {
    const next: Target[] = [];
    for (const target of live) {
      const estimateMs = estimateRunMs(target.alternative, measured);
      if (estimateMs <= remaining) {
        runs.push({ target, round, estimateMs });
        remaining -= estimateMs;
        next.push(target);
      } else if (round === 1) {
        skipped.push({
          alternative: target.alternative,
          mountPoint: target.mountPoint,
          reason: 'over-budget',
          detail: `a run would take ~${seconds(estimateMs)} (from the profiled restore), ${seconds(Math.max(0, remaining))} of the ${seconds(budgetMs)} budget was left (experiments-budget-seconds)`,
        });
      }
    }
    live = next;
  }
  return { refetchEstimateMs, runs, skipped };
}

/**
 * At run time: whether a planned run still fits what is left of the budget, its estimate corrected
 * by what the same alternative (or, before that, the baseline) really took so far.
 */
export function stillFits(run: PlannedRun, done: readonly RunRecord[], measured: MeasuredRestore, elapsedMs: number, budgetMs: number): boolean {
  const same = done.filter((r) => r.alternative === run.target.alternative && r.mountPoint === run.target.mountPoint && !r.error);
  const longest = Math.max(0, ...same.map((r) => r.untilOnDiskMs));
  let estimateMs = run.estimateMs;
  if (same.length > 0) estimateMs = longest * (1 + CLEANUP_SHARE);
  else {
    const baseline = done.find((r) => r.alternative === 'baseline' && !r.error);
    const planned = estimateRunMs('baseline', measured);
    // The baseline re-run says how far off the profiled restore's figures are on this machine now.
    if (baseline && planned > 0) estimateMs = run.estimateMs * Math.max(1, (baseline.untilOnDiskMs * (1 + CLEANUP_SHARE)) / planned);
  }
  return elapsedMs + estimateMs <= budgetMs;
}
