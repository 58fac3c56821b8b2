/** From timed runs to medians, spread and savings against the baseline, and the best fix. Pure. */
import { FIX_MIN_SAVING_SHARE, type AlternativeName } from './alternatives.js';
import { applyFix, type ApplyContext } from './apply.js';
import { descriptorOf, schemaRank } from './descriptors.js';
import { runsOfTarget, sameTarget } from './same-target.js';
import type { AlternativeOutcome, ExperimentsResult, RunRecord } from './types.js';
import { spread } from '../util/spread.js';

/** The figure compared with the baseline, as the alternative's descriptor says (see AlternativeOutcome.timeMs). */
function comparedMs(r: RunRecord): number {
  return descriptorOf(r.alternative).compares === 'step' ? r.stepMs : r.untilOnDiskMs;
}

/**
 * The times an outcome is made of: the runs that ran to the end, and those stopped at the budget's end
 * (far slower than the runs before them predicted), each as at least as slow as the slowest complete run
 * and as long as it had run. Dropping a stopped run would credit the alternative with its faster runs
 * only: on the lab's CPU-bound slow restore (1.2% of a core), other-disk's second run on the large sample
 * was stopped after its first had taken 5.7 s, so the samples read a 24 s saving, and full runs found
 * other-disk 82 s slower than the baseline (BENCHMARKS.md, sampled fixes). No complete run: no time.
 */
function timedMs(runs: readonly RunRecord[]): number[] {
  return timesInOrder(runs).filter((t): t is number => t !== null);
}

/** Each run's time by that rule, in the order the runs ran; null for a run that failed without being stopped, or with no complete run beside it. */
export function timesInOrder(runs: readonly RunRecord[]): (number | null)[] {
  const complete = runs.filter((r) => !r.error).map(comparedMs);
  const slowest = complete.length > 0 ? Math.max(...complete) : null;
  return runs.map((r) => {
    if (!r.error) return comparedMs(r);
    return r.stoppedAfterMs !== undefined && slowest !== null ? Math.max(r.stoppedAfterMs, slowest) : null;
  });
}

export function outcomes(runs: readonly RunRecord[], apply: Omit<ApplyContext, 'mountPoint'>): AlternativeOutcome[] {
  const keys: { alternative: AlternativeName; mountPoint: string | null }[] = [];
  for (const r of runs) {
    if (!keys.some((k) => sameTarget(k, r))) keys.push({ alternative: r.alternative, mountPoint: r.mountPoint });
  }
  keys.sort((a, b) => schemaRank(a.alternative) - schemaRank(b.alternative));
  const groups = keys.map((k) => ({ ...k, runs: runsOfTarget(runs, k) }));
  const baseline = spread(timedMs(groups.find((g) => g.alternative === 'baseline')?.runs ?? []));
  const out: AlternativeOutcome[] = [];
  for (const g of groups) {
    const ok = g.runs.filter((r) => !r.error);
    const timeMs = spread(timedMs(g.runs));
    if (!timeMs) continue;
    const isBaseline = g.alternative === 'baseline';
    const savingMs = isBaseline || !baseline ? null : baseline.median - timeMs.median;
    out.push({
      alternative: g.alternative,
      mountPoint: g.mountPoint,
      timeMs,
      writebackLeftMs: descriptorOf(g.alternative).compares === 'step' ? spread(ok.map((r) => r.syncMs)) : null,
      cpuMs: spread(ok.map((r) => r.cpuMs)),
      savingMs,
      savingShare: savingMs === null || !baseline || baseline.median <= 0 ? null : savingMs / baseline.median,
      ...applyFix(g.alternative, { ...apply, mountPoint: g.mountPoint }),
      failedRuns: g.runs.length - ok.length,
    });
  }
  return out;
}

/**
 * The fix that saved the most, or 'none' when none saved FIX_MIN_SAVING_SHARE of the baseline. Only
 * what a workflow can apply: ram measured in /dev/shm (no step can mount a tmpfs there) is not one.
 */
export function fixBest(all: readonly AlternativeOutcome[]): ExperimentsResult['fixBest'] {
  const fixes = all.filter((o) => descriptorOf(o.alternative).isFix && o.fix?.kind !== 'none' && o.savingMs !== null && o.savingShare !== null);
  const best = fixes.sort((a, b) => (b.savingMs as number) - (a.savingMs as number))[0];
  if (!best || (best.savingShare as number) < FIX_MIN_SAVING_SHARE) return { alternative: 'none', mountPoint: null, savingMs: best?.savingMs ?? null };
  return { alternative: best.alternative, mountPoint: best.mountPoint, savingMs: best.savingMs };
}
