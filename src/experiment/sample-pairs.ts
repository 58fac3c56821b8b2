/**
 * Outcomes read in pairs on one sample, for a restore the CPU held. Pure.
 *
 * The baseline and each alternative run in alternating rounds on the large sample; an alternative's
 * time is the median over rounds of its run's time over the baseline's run in the same round, times
 * the restore's own extraction and writeback tail (the baseline's full run: sampled-outcomes.ts).
 *
 * Why not the line through two samples (sample-extrapolate.ts) here: under a CPU limit a run's time is
 * its CPU time over the limit, and a sample of whole subtrees balanced in members and bytes holds that
 * work in the whole's proportion; what every run pays whatever its size (the processes' start, the sync, the
 * directories above the sampled ones) is kept small: the sample holds only the directories above what it
 * keeps (sample-select.ts SKELETONS, where what every one of them cost is measured).
 * What dominates is the runs' own noise: the same extraction's share saved by ram
 * varies by 4-6 points (a standard deviation) from one pair of runs to the next, at 1 % of the bytes as at 5 %
 * (`tools/bench/diagnostics/cpu-pairs.py`), and a line from a 1-in-4 sample to the whole multiplies that
 * by the distance; the budget goes to more rounds on one smaller sample instead.
 */
import type { ApplyContext } from './apply.js';
import { descriptorOf } from './descriptors.js';
import { outcomes, timesInOrder } from './outcomes.js';
import { restoreRange, spreadOf } from './sampled-outcomes.js';
import { runsOfTarget } from './same-target.js';
import type { AlternativeOutcome, RunRecord } from './types.js';
import type { Bottleneck, SampleReading } from '../profile/schema.js';
import type { Spread } from '../util/spread.js';
import { median } from '../util/spread.js';

/** The rounds both ran in: the n-th time of each, with its round (1-based); a round either failed in is left out. */
export function pairedRounds(
  baseline: readonly (number | null)[],
  alternative: readonly (number | null)[],
): { round: number; baselineMs: number; ms: number }[] {
  return baseline.flatMap((b, i) => {
    const a = alternative[i];
    return b !== null && a !== null && a !== undefined && b > 0 ? [{ round: i + 1, baselineMs: b, ms: a }] : [];
  });
}

/** Per round, the alternative's time over the baseline's. */
export function roundRatios(baseline: readonly (number | null)[], alternative: readonly (number | null)[]): number[] {
  return pairedRounds(baseline, alternative).map((r) => r.ms / r.baselineMs);
}

/**
 * The outcomes of paired rounds on one sample, scaled to the restore's own time (restoreMs > 0). The
 * baseline's range is `restoreRange`'s (sampled-outcomes.ts: the sample's baseline runs' spread both ways
 * around the restore's time); an alternative's range is the far ends of its rounds' ratios times that range's.
 */
export function pairedOutcomes(runs: readonly RunRecord[], apply: Omit<ApplyContext, 'mountPoint'>, restoreMs: number): AlternativeOutcome[] {
  const measured = outcomes(runs, apply);
  const inOrder = (o: AlternativeOutcome) => timesInOrder(runsOfTarget(runs, o));
  const base = measured.find((o) => o.alternative === 'baseline');
  if (!base) return [];
  const restore = restoreRange(restoreMs, base.timeMs);
  const baseTimes = inOrder(base);
  return measured.flatMap((o) => {
    if (o === base) return [withSampled(o, spreadOf(restore, o.timeMs.runs), null)];
    const ratios = roundRatios(baseTimes, inOrder(o));
    const ratio = median(ratios);
    if (ratio === null) return [];
    const lowRatio = Math.min(...ratios);
    const highRatio = Math.max(...ratios);
    const time = spreadOf({ ms: restore.ms * ratio, lowMs: restore.lowMs * lowRatio, highMs: restore.highMs * highRatio }, o.timeMs.runs);
    const savingMs = restore.ms * (1 - ratio);
    const ends = [restore.lowMs, restore.highMs].flatMap((r) => [r * (1 - highRatio), r * (1 - lowRatio)]);
    return [withSampled(o, time, { savingMs, lowMs: Math.min(savingMs, ...ends), highMs: Math.max(savingMs, ...ends), share: 1 - ratio })];
  });
}

/** The outcome as the whole restore's, its times on the sample kept beside them. */
function withSampled(
  o: AlternativeOutcome,
  timeMs: Spread,
  saving: { savingMs: number; lowMs: number; highMs: number; share: number } | null,
): AlternativeOutcome {
  return {
    ...o,
    timeMs,
    // What the sample left to write back and its CPU time are the sample's own, not the whole restore's.
    writebackLeftMs: null,
    cpuMs: null,
    savingMs: saving ? saving.savingMs : null,
    savingShare: saving ? saving.share : null,
    sampled: {
      savingLowMs: saving ? saving.lowMs : 0,
      savingHighMs: saving ? saving.highMs : 0,
      largeSampleTimeMs: o.timeMs,
      baselineFrom: 'restore',
    },
  };
}

/**
 * The first round in which an alternative took longer than the baseline, or null. It is then no fix, and
 * more rounds would only say by how much: it runs no more (the lab's other disk under the CPU-bound
 * restore took 2.2, 10.1, then 18.3 s against the baseline's 2.3-2.6 s, half the budget in three rounds).
 */
export function slowerThanBaseline(
  target: Pick<RunRecord, 'alternative' | 'mountPoint'>,
  runs: readonly RunRecord[],
): { round: number; ms: number; baselineMs: number } | null {
  if (target.alternative === 'baseline') return null;
  // A run stopped at its cap (pairedCapMs) with no complete run beside it counts as long as it ran.
  const mine = runsOfTarget(runs, target);
  const own = timesInOrder(mine).map((t, i) => t ?? mine[i]?.stoppedAfterMs ?? null);
  // A stopped run is slower whatever it ran: its cap is the round's baseline time, and the timer's start and the
  // baseline's own timing differ by a millisecond or so (a run stopped "after 53.3 ms" beside a 53.4 ms baseline).
  const stopped = (round: number) => mine[round - 1]?.stoppedAfterMs !== undefined;
  return pairedRounds(timesInOrder(runs.filter((r) => r.alternative === 'baseline')), own).find((r) => r.ms > r.baselineMs || stopped(r.round)) ?? null;
}

/**
 * In pairs, the targets still to run after these runs: none runs ahead of the baseline (its n-th run is read
 * against the baseline's n-th, so a round the baseline did not fit is left out), none slower than the
 * baseline in a round (slowerThanBaseline, returned beside for the log), and one that is no fix (decompress:
 * a floor, descriptors.ts isFix) in the first round only: what it says is read once, and its 1.7-2.2 s a round
 * went to rounds of the fix instead (the bench at c4b29c6 fitted two rounds of 15.8 and 19.3 s in its budget).
 */
export function pairedLive<T extends Pick<RunRecord, 'alternative' | 'mountPoint'>>(
  targets: readonly T[],
  runs: readonly RunRecord[],
): { live: T[]; retired: { target: T; round: number; ms: number; baselineMs: number }[] } {
  const baselineRuns = runs.filter((r) => r.alternative === 'baseline').length;
  const retired = targets.flatMap((target) => {
    const slower = slowerThanBaseline(target, runs);
    return slower ? [{ target, ...slower }] : [];
  });
  const runsWanted = (t: T) =>
    t.alternative === 'baseline' ? Number.POSITIVE_INFINITY : descriptorOf(t.alternative).isFix ? baselineRuns : Math.min(1, baselineRuns);
  const live = targets.filter((t) => !retired.some((r) => r.target === t) && runsOfTarget(runs, t).length < runsWanted(t));
  return { live, retired };
}

/**
 * In pairs, the alternative read as the best fix so far: of `targets` that are fixes (decompress is a floor:
 * descriptors.ts isFix) and not retired (pairedLive), the one whose rounds' median time over the baseline's is
 * lowest; null before any has a round beside the baseline. nextRun runs it right after each round's baseline and
 * starts a round only where it fits, so the fix the box will offer gets the rounds the budget has.
 */
export function pairedLead<T extends Pick<RunRecord, 'alternative' | 'mountPoint'>>(targets: readonly T[], runs: readonly RunRecord[]): T | null {
  const baseTimes = timesInOrder(runs.filter((r) => r.alternative === 'baseline'));
  const retired = new Set(pairedLive(targets, runs).retired.map((r) => r.target));
  let lead: { target: T; ratio: number } | null = null;
  for (const target of targets) {
    if (!descriptorOf(target.alternative).isFix || retired.has(target)) continue;
    const ratio = median(roundRatios(baseTimes, timesInOrder(runsOfTarget(runs, target))));
    if (ratio !== null && (lead === null || ratio < lead.ratio)) lead = { target, ratio };
  }
  return lead?.target ?? null;
}

/**
 * In pairs, an alternative's run is stopped once it has run as long as its round's baseline run (pairedCapMs):
 * by then it is slower than the baseline in that round, so no fix (slowerThanBaseline), whatever it would take.
 */
export const PAIRED_CAP_FACTOR = 1;

/**
 * The most an alternative's next run may take in pairs: PAIRED_CAP_FACTOR times the baseline's run of the same
 * round, or null (the baseline, or no baseline run for that round yet). Past it the alternative is no fix
 * (slowerThanBaseline retires it) and more time would only say by how much: the lab's other disk took 2.4 s in
 * a CPU-bound restore's first round beside the baseline's 2.5 s, then 9.6-12.5 s in the second (the bench,
 * 2026-12-02); stopped at 1.5 times the baseline, it still took 8.6-9.2 s of a 60 s budget in each run at c4b29c6.
 */
export function pairedCapMs(target: Pick<RunRecord, 'alternative' | 'mountPoint'>, runs: readonly RunRecord[]): number | null {
  if (target.alternative === 'baseline') return null;
  const round = runsOfTarget(runs, target).length;
  const baselineMs = timesInOrder(runs.filter((r) => r.alternative === 'baseline'))[round];
  return baselineMs === null || baselineMs === undefined ? null : baselineMs * PAIRED_CAP_FACTOR;
}

/** The bottlenecks whose samples are read in pairs: those where a run's time is its CPU time (above). */
export const PAIRS_FOR: readonly Bottleneck[] = ['cpu'];
/**
 * Rounds the sample's size is planned for; more run where the budget leaves room, up to PAIRED_ROUNDS_MAX.
 * Fewer rounds on a larger sample, because a small sample reads ram's share high on this kind of restore:
 * balanced samples of the lab's monorepo tree under the slow cpu scenario's quota read 38 % at 3 % of the
 * members and 33-36 % at 4-4.5 % (`tools/bench/diagnostics/cpu-size.py 6`, 2026-12-02 01:26 UTC), the
 * bench's samples of 1.1-1.5 % 33-43 %, where full runs of the whole measured 32-35 % (BENCHMARKS.md).
 */
export const PAIRED_ROUNDS = 4;
export const PAIRED_ROUNDS_MAX = 8;
/**
 * What a round is planned to cost, in runs of the baseline on the sample. The first runs every target: the
 * baseline, decompress (0.3 of it in the bench's rounds), ram (0.6-0.7) and other-disk (stopped at the baseline's
 * time where it is no fix: pairedCapMs), about 3; the next ones the baseline, ram and what is not yet retired
 * (pairedLive), 1.7-2.7. Four of them average about 2.2, and each run's cleanup and sync come on top: the bench's
 * two rounds at c4b29c6 took 2.9 and 3.4 baselines under the older cap, where 2 were planned, so two rounds of
 * four ran. Rounds of fewer targets cost that many.
 */
export const PAIRED_ROUND_BASELINES = 2.5;

/** Pairs for a restore the CPU held whose own time until on disk is known (the pairs scale to it); else the line. */
export function sampleReading(restoreBottleneck: Bottleneck | null, restoreUntilOnDiskMs: number | null): SampleReading {
  return restoreBottleneck !== null && PAIRS_FOR.includes(restoreBottleneck) && restoreUntilOnDiskMs !== null && restoreUntilOnDiskMs > 0 ? 'pairs' : 'line';
}
