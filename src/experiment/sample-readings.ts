/**
 * How a restore's samples are read, one descriptor per reading (SAMPLE_READINGS in the profile's
 * schema): which samples run and in how many rounds, what the sample's size is planned for, which
 * targets still run, how the runs become the whole restore's outcomes, and how the plan is said.
 * run-experiments.ts runOnSamples asks the descriptor; it does not branch on the reading. Pure.
 *
 * - line: after a disk-bound restore, two nested samples, a straight line through both read at the
 *   whole restore (sample-extrapolate.ts, sampled-outcomes.ts).
 * - pairs: after a CPU-bound restore, rounds of every alternative beside the baseline on the large
 *   sample, each read against its own round's baseline (sample-pairs.ts).
 */
import type { ApplyContext } from './apply.js';
import { RUNS_WANTED } from './alternatives.js';
import { PAIRED_ROUND_BASELINES, PAIRED_ROUNDS, PAIRED_ROUNDS_MAX, pairedCapMs, pairedLead, pairedLive, pairedOutcomes } from './sample-pairs.js';
import { LINE_DRAW, SMALL_FACTOR, type DrawOptions } from './sample-select.js';
import { sampledOutcomes } from './sampled-outcomes.js';
import type { AlternativeOutcome, RunRecord, Target } from './types.js';
import type { ArchiveSampleSize, SampleReading, SampleSizeName } from '../profile/schema.js';

/** The smallest sample that runs must hold at least this many subtrees (clusters) to represent the archive. */
export const MIN_SMALL_SAMPLE_CLUSTERS = 20;

export interface ReadingPlan {
  /** The fewest subtrees the small sample of the plan holds (sample-select.ts planClusters). */
  minSmallClusters: number;
  /**
   * How the samples are drawn (sample-select.ts planClusters): the most the take-all stratum (clusters too large to
   * sample, in every sample) may hold, as a share of what the large sample samples, and which directories above the
   * cluster depth a sample keeps.
   */
  draw: DrawOptions;
  /** Runs the samples' size is planned for, for rounds of this many targets (the sample's making adds its own). */
  runsPlanned(targetsPerRound: number): Record<SampleSizeName, number>;
  /** The samples that run, in order, and how many rounds each (runTargets' runs wanted). */
  order: readonly { size: SampleSizeName; rounds: number }[];
  /** The targets still to run given the runs so far, with the ones retired and why; all of them unless the reading says. */
  live(
    targets: readonly Target[],
    runs: readonly RunRecord[],
  ): { live: Target[]; retired: { target: Target; round: number; ms: number; baselineMs: number }[] };
  /** Of the targets, the one to run right after each round's baseline, whose run a round must fit (plan.ts nextRun), or null. */
  lead(targets: readonly Target[], runs: readonly RunRecord[]): Target | null;
  /** The most a target's next run may take given the runs so far (one-run.ts RunCapped), or null for no cap. */
  capMs(target: Target, runs: readonly RunRecord[]): number | null;
  /** The whole restore's outcomes from the samples' runs (restoreMs: the restore's own time until on disk, or null). */
  outcomes(
    runsOf: Record<SampleSizeName, readonly RunRecord[]>,
    sizes: Record<SampleSizeName, ArchiveSampleSize>,
    apply: Omit<ApplyContext, 'mountPoint'>,
    restoreMs: number | null,
  ): AlternativeOutcome[];
  words: {
    /** How the runs are planned, after "left for N alternatives". */
    planned: string;
    /** The sampling step(s) tried, after "of one subtree in". */
    steps(every: number): string;
    /** The sample whose subtrees are counted, after "in the". */
    smallest: string;
    /** What was run on, after "nothing could run on". */
    ranOn: string;
    /** Said after the samples are made ('' for none). */
    made: string;
  };
}

const allLive = (targets: readonly Target[]) => ({ live: [...targets], retired: [] });

export const SAMPLE_READING_PLANS: Record<SampleReading, ReadingPlan> = {
  line: {
    minSmallClusters: MIN_SMALL_SAMPLE_CLUSTERS,
    // The line holds the stratum and the skeleton in its fixed part: they cost both samples the same.
    draw: LINE_DRAW,
    // One run each on both samples is the least that draws a line (runTargets adds rounds up to
    // RUNS_WANTED on the large one where time is left).
    runsPlanned: (targets) => ({ large: targets, small: targets }),
    // The small sample first, once per target: it is cheap, and without it no line can be drawn through the large one.
    order: [
      { size: 'small', rounds: 1 },
      { size: 'large', rounds: RUNS_WANTED },
    ],
    live: allLive,
    lead: () => null,
    capMs: () => null,
    outcomes: (runsOf, sizes, apply, restoreMs) =>
      sampledOutcomes({ small: { size: sizes.small, runs: runsOf.small }, large: { size: sizes.large, runs: runsOf.large } }, apply, restoreMs),
    words: {
      planned: 'on two samples',
      steps: (every) => `${every} and in ${every * SMALL_FACTOR}`,
      smallest: 'smaller sample',
      ranOn: 'both samples',
      made: '',
    },
  },
  pairs: {
    // Only the large sample runs: it holds what the line's small sample would.
    minSmallClusters: Math.ceil(MIN_SMALL_SAMPLE_CLUSTERS / SMALL_FACTOR),
    // None: a ratio read on the sample is the whole's only where the sample is a proportional part of it, and a
    // stratum taken whole weighs 1/share times more in the sample than in the restore. On the lab's CPU-bound
    // restore it held two of typescript's 6-9 MB libraries, 9.3 MiB, as many bytes as the 1.4 % sampled (half the
    // sample, where files of 4 MB or more are 18 % of the restore's bytes), and the sample read ram's saving at 43 %
    // where full runs measured 33-35 % (the bench at 7eb1e16; BENCHMARKS.md). Without it a file too large for the
    // sample's balance is left out of it, so the sample reads the rest of the restore (the next step: such files as a
    // stratum of their own, weighted by their share of the whole). The skeleton: only the ancestors of what is
    // kept, for the same reason (sample-select.ts SKELETONS).
    draw: { maxEverySampleShare: 0, skeleton: 'ancestors' },
    runsPlanned: (targets) => ({ large: Math.min(targets, PAIRED_ROUND_BASELINES) * PAIRED_ROUNDS, small: 0 }),
    order: [{ size: 'large', rounds: PAIRED_ROUNDS_MAX }],
    live: pairedLive,
    lead: pairedLead,
    capMs: pairedCapMs,
    // sampleReading chose pairs only where the restore's time is known.
    outcomes: (runsOf, _sizes, apply, restoreMs) => (restoreMs !== null && restoreMs > 0 ? pairedOutcomes(runsOf.large, apply, restoreMs) : []),
    words: {
      planned: `in ${PAIRED_ROUNDS} rounds on one sample`,
      steps: (every) => `${every}`,
      smallest: 'sample',
      ranOn: 'the sample',
      made: "; the CPU held the restore, so the large one runs in rounds of every alternative beside the baseline (decompress, a floor, in the first only), each read as its time over the baseline's in the same round, times the restore's own",
    },
  },
};
