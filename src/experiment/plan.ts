/**
 * Planning against the budget: how long each run should take (from the profiled restore), which
 * runs fit, in which order, and which alternatives are skipped because they do not. Pure.
 */
import { RUNS_WANTED, type AlternativeName } from './alternatives.js';
import { descriptorOf } from './descriptors.js';
import { CLEANUP_SHARE, type MeasuredRestore } from './run-estimates.js';
import { runsOfTarget, sameTarget } from './same-target.js';
import type { RunRecord, Skip, Target } from './types.js';
import { seconds } from '../util/format.js';

export { CLEANUP_SHARE, type MeasuredRestore } from './run-estimates.js';

/** How long one run of an alternative takes, from the profiled restore (its descriptor's estimate). */
export function estimateRunMs(alternative: AlternativeName, m: MeasuredRestore): number {
  return descriptorOf(alternative).estimateRunMs(m);
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

/** Its place in a round; an unknown name is an error from descriptorOf, never a silent -1. */
const sortKey = (t: Target) => descriptorOf(t.alternative).runOrder;

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
 * At run time, an estimate corrected by what was measured: the same alternative's own runs; before it
 * has any, its runs on another sample (`prior`: the small one, for the large) scaled by how the
 * baseline's time grew from that sample to this one; else the planned figure scaled by how far the
 * baseline re-run was from its plan (in both directions: the profiled restore's tail can be far longer
 * than a re-run's syncfs). Without `prior`, an alternative far quicker than the baseline (ram on a
 * disk-bound restore: 0.02 s against 3.6 s on the small sample) was planned at the baseline's time on
 * the large one and skipped as over the budget, leaving no line to extrapolate along.
 */
export function correctedEstimateMs(target: Target, done: readonly RunRecord[], measured: MeasuredRestore, prior: readonly RunRecord[] = []): number {
  const planned = estimateRunMs(target.alternative, measured);
  const ok = (runs: readonly RunRecord[]) => runsOfTarget(runs, target).filter((r) => !r.error);
  const same = ok(done);
  if (same.length > 0) return Math.max(...same.map((r) => r.untilOnDiskMs)) * (1 + CLEANUP_SHARE);
  const before = ok(prior);
  const baselines = (runs: readonly RunRecord[]) => runs.filter((r) => r.alternative === 'baseline' && !r.error);
  const baseNow = baselines(done);
  const baseBefore = baselines(prior);
  if (before.length > 0 && baseNow.length > 0 && baseBefore.length > 0) {
    const growth = Math.max(...baseNow.map((r) => r.untilOnDiskMs)) / Math.max(1, Math.min(...baseBefore.map((r) => r.untilOnDiskMs)));
    return Math.max(...before.map((r) => r.untilOnDiskMs)) * growth * (1 + CLEANUP_SHARE);
  }
  const baseline = done.find((r) => r.alternative === 'baseline' && !r.error);
  const plannedBaseline = estimateRunMs('baseline', measured);
  if (!baseline || plannedBaseline <= 0) return planned;
  return planned * ((baseline.untilOnDiskMs * (1 + CLEANUP_SHARE)) / plannedBaseline);
}

/**
 * The next run to make: round by round (each target once per round, cheapest first), the first
 * whose corrected estimate fits what is left of the budget; null when none does or all are done.
 * `lead` (the pairs' reading: sample-pairs.ts pairedLead; not always among the targets live now): the alternative read as the
 * best fix so far runs right after each round's baseline, and a round's baseline runs only where the lead's
 * run fits after it. Cheapest first, a round's last baseline had run beside the cheap alternatives and left
 * no room for the one that mattered (the bench's CPU-bound restore, 771bc8f: baseline 4.43 s and decompress
 * 1.44 s in a fifth round ram did not fit; baseline 5.15 s and decompress 1.77 s in a third).
 */
export function nextRun(
  targets: readonly Target[],
  done: readonly RunRecord[],
  measured: MeasuredRestore,
  elapsedMs: number,
  budgetMs: number,
  runsWanted = RUNS_WANTED,
  prior: readonly RunRecord[] = [],
  lead: Target | null = null,
): Target | null {
  // Every target's run order is read (sortKey throws for a name no descriptor knows); the baseline and the lead go first.
  const ordered = targets
    .map((t) => ({ t, first: t.alternative === 'baseline' ? 0 : lead && sameTarget(t, lead) ? 1 : 2, order: sortKey(t) }))
    .sort((a, b) => a.first - b.first || a.order - b.order)
    .map((k) => k.t);
  const runsOf = (t: Target) => runsOfTarget(done, t).length;
  const estimateMs = (t: Target) => correctedEstimateMs(t, done, measured, prior);
  for (let round = 1; round <= runsWanted; round++) {
    for (const t of ordered) {
      if (runsOf(t) >= round) continue;
      // Nothing is compared before the baseline has run.
      if (t.alternative !== 'baseline' && !done.some((r) => r.alternative === 'baseline' && !r.error)) continue;
      const withLeadMs = t.alternative === 'baseline' && lead && runsOf(lead) < round ? estimateMs(lead) : 0;
      if (elapsedMs + estimateMs(t) + withLeadMs <= budgetMs) return t;
    }
  }
  return null;
}

/** Targets that never ran because the budget ran out, each with the figures. */
export function budgetSkips(
  targets: readonly Target[],
  done: readonly RunRecord[],
  measured: MeasuredRestore,
  elapsedMs: number,
  budgetMs: number,
  prior: readonly RunRecord[] = [],
): Skip[] {
  return targets
    .filter((t) => !done.some((r) => sameTarget(r, t)))
    .map((t) => ({
      alternative: t.alternative,
      mountPoint: t.mountPoint,
      reason: 'over-budget' as const,
      detail: `a run would take ~${seconds(correctedEstimateMs(t, done, measured, prior))} (from the profiled restore${done.some((r) => r.alternative === 'baseline') ? ', corrected by the baseline re-run' : ''}), ${seconds(Math.max(0, budgetMs - elapsedMs))} of the ${seconds(budgetMs)} budget was left (experiments-budget-seconds)`,
    }));
}
