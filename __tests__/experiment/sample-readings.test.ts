// The reading descriptors (one per SAMPLE_READINGS entry): what each plans, runs and reads is what
// runOnSamples does for it. Run times from the fixtures of sample-pairs.test.ts and sampled-outcomes.test.ts
// (their provenance is there); the descriptors are checked against the functions they stand for.
import { describe, expect, it } from 'vitest';
import { RUNS_WANTED } from '../../src/experiment/alternatives.js';
import { PAIRED_ROUND_BASELINES, PAIRED_ROUNDS, PAIRED_ROUNDS_MAX, pairedLead, pairedLive, pairedOutcomes } from '../../src/experiment/sample-pairs.js';
import { MIN_SMALL_SAMPLE_CLUSTERS, SAMPLE_READING_PLANS } from '../../src/experiment/sample-readings.js';
import { planClusters, SampleSelector, SMALL_FACTOR, type SampleCounts } from '../../src/experiment/sample-select.js';
import { labDepsListing } from './lab-deps-listing.js';
import { sampledOutcomes } from '../../src/experiment/sampled-outcomes.js';
import type { RunRecord, Target } from '../../src/experiment/types.js';
import { SAMPLE_READINGS, SAMPLE_SIZE_NAMES } from '../../src/profile/schema.js';
import { MiB } from '../../src/util/units.js';
import { sampleRun, sampleSize } from './sample-runs.js';

const apply = {
  paths: ['packages'],
  extractedBytes: 680 * MiB,
  dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB },
  ramVia: 'own-tmpfs' as const,
};
const whole = { entries: 95_000, bytes: 680 * MiB, archiveBytes: 200 * MiB };
const sizes = { large: sampleSize('large', 60, 0.016, 0.014, whole), small: sampleSize('small', 240, 0.004, 0.0035, whole) };
const targets: Target[] = [
  { alternative: 'baseline', mountPoint: '/' },
  { alternative: 'ram', mountPoint: null },
  { alternative: 'other-disk', mountPoint: '/mnt/other' },
] as Target[];

describe('a descriptor per reading', () => {
  it('covers every reading, and each runs only samples it plans runs for, the large one last', () => {
    expect(Object.keys(SAMPLE_READING_PLANS).sort()).toEqual([...SAMPLE_READINGS].sort());
    for (const reading of SAMPLE_READINGS) {
      const plan = SAMPLE_READING_PLANS[reading];
      const planned = plan.runsPlanned(3);
      const ran = plan.order.map((o) => o.size);
      for (const name of SAMPLE_SIZE_NAMES) expect(planned[name] > 0, `${reading}: ${name}`).toBe(ran.includes(name));
      expect(ran.at(-1)).toBe('large');
      for (const o of plan.order) expect(o.rounds).toBeGreaterThan(0);
    }
  });

  it('the line: one round on the small sample, RUNS_WANTED on the large one, every target live', () => {
    const line = SAMPLE_READING_PLANS.line;
    expect(line.order).toEqual([
      { size: 'small', rounds: 1 },
      { size: 'large', rounds: RUNS_WANTED },
    ]);
    expect(line.runsPlanned(4)).toEqual({ large: 4, small: 4 });
    expect(line.minSmallClusters).toBe(MIN_SMALL_SAMPLE_CLUSTERS);
    const slower = [sampleRun('baseline', 2000, 'large'), { ...sampleRun('other-disk', 9000, 'large'), mountPoint: '/mnt/other' }];
    expect(line.live(targets, slower)).toEqual({ live: targets, retired: [] });
    expect(line.words.steps(12)).toBe(`12 and in ${12 * SMALL_FACTOR}`);
  });

  it("the line reads sampledOutcomes of both samples' runs", () => {
    const small = [sampleRun('baseline', 900, 'small'), sampleRun('ram', 20, 'small')];
    const large = [sampleRun('baseline', 3000, 'large'), sampleRun('ram', 60, 'large')];
    const got = SAMPLE_READING_PLANS.line.outcomes({ small, large }, sizes, apply, 80_000);
    expect(got).toEqual(sampledOutcomes({ small: { size: sizes.small, runs: small }, large: { size: sizes.large, runs: large } }, apply, 80_000));
    expect(got.find((o) => o.alternative === 'ram')?.savingMs).toBeGreaterThan(0);
  });

  it('pairs: PAIRED_ROUNDS rounds planned and up to PAIRED_ROUNDS_MAX run on the large sample only, its small sample holding a quarter of the subtrees', () => {
    const pairs = SAMPLE_READING_PLANS.pairs;
    expect(pairs.order).toEqual([{ size: 'large', rounds: PAIRED_ROUNDS_MAX }]);
    // A round is planned at PAIRED_ROUND_BASELINES baseline runs however many targets it holds, fewer where fewer run.
    expect(pairs.runsPlanned(4)).toEqual({ large: PAIRED_ROUND_BASELINES * PAIRED_ROUNDS, small: 0 });
    expect(pairs.runsPlanned(1)).toEqual({ large: PAIRED_ROUNDS, small: 0 });
    // The large sample is SMALL_FACTOR times the small one: it holds MIN_SMALL_SAMPLE_CLUSTERS subtrees as the line's small one does.
    expect(pairs.minSmallClusters * SMALL_FACTOR).toBeGreaterThanOrEqual(MIN_SMALL_SAMPLE_CLUSTERS);
    expect(pairs.words.steps(12)).toBe('12');
  });

  it("pairs retire an alternative slower than the baseline, as pairedLive does, and read pairedOutcomes at the restore's time", () => {
    const runs: RunRecord[] = [
      sampleRun('baseline', 2400, 'large'),
      sampleRun('ram', 1400, 'large'),
      { ...sampleRun('other-disk', 10_100, 'large'), mountPoint: '/mnt/other' },
    ];
    const pairs = SAMPLE_READING_PLANS.pairs;
    expect(pairs.live(targets, runs)).toEqual(pairedLive(targets, runs));
    expect(pairs.live(targets, runs).live.map((t) => t.alternative)).toEqual(['baseline']);
    // The lead is pairedLead's: ram, other-disk retired.
    expect(pairs.lead(targets, runs)).toBe(pairedLead(targets, runs));
    expect(pairs.lead(targets, runs)?.alternative).toBe('ram');
    expect(SAMPLE_READING_PLANS.line.lead(targets, runs)).toBeNull();
    expect(pairs.outcomes({ small: [], large: runs }, sizes, apply, 90_000)).toEqual(pairedOutcomes(runs, apply, 90_000));
    // Without the restore's time there is nothing to scale the ratios to.
    expect(pairs.outcomes({ small: [], large: runs }, sizes, apply, null)).toEqual([]);
  });
});

describe('the take-all stratum each reading plans', () => {
  // The lab deps cache's listing (fixtures/archives, as sample-select.test.ts reads it): files too large to sample at a
  // step of 30 go to the stratum, in every sample.
  const { listing, census: real } = labDepsListing();
  const stratumOf = (reading: 'line' | 'pairs') => {
    const plan = planClusters(real, 30, 20, SAMPLE_READING_PLANS[reading].draw) as NonNullable<ReturnType<typeof planClusters>>;
    const selector = new SampleSelector(plan);
    for (const m of listing) selector.decide(m);
    return (selector.counts as SampleCounts[])[0] as SampleCounts;
  };

  it("the line keeps one (it costs both samples the same: the line's fixed part); pairs none, so the sample is a proportional part of the restore", () => {
    expect(stratumOf('line').everySampleBytes).toBeGreaterThan(0);
    const pairs = stratumOf('pairs');
    expect(pairs.everySampleBytes).toBe(0);
    expect(pairs.everySampleEntries).toBe(0);
    expect(pairs.keptSampledBytes).toBeGreaterThan(0);
  });
});
