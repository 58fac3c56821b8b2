// The sampled-fixes bench's pure parts: which alternative is compared, the sampled saving against the
// full runs', the BENCHMARKS.md rows, and the slow restores' specs.
import { describe, expect, it } from 'vitest';
import { median } from '../../../src/util/spread.js';
import {
  budgetWords,
  comparedAlternative,
  cpuSavingShares,
  FIRST_ROUNDS_LEFT_OUT,
  firstPairs,
  fullPairSavings,
  sampledAgainstFull,
  sampledFixesRows,
  SAMPLED_AGREEMENT,
  truthHalves,
  truthPairs,
  type SampledFixRun,
} from '../../../tools/bench/sampled-fixes.js';
import { SCENARIOS } from '../../../tools/lab/scenario-specs.js';
import { SLOW_RESTORE_SPECS, slowRestoreList } from '../../../tools/lab/slow-restore-specs.js';
import type { AlternativeOutcome, ExperimentsResult, RunRecord } from '../../../src/experiment/types.js';
import type { ArchiveSampleSize } from '../../../src/profile/schema.js';

const spreadOf = (ms: number) => ({ median: ms, min: ms, max: ms, runs: 2, spreadPercent: 0 });
function outcome(alternative: AlternativeOutcome['alternative'], timeMs: number, savingMs: number | null, sampled?: [number, number]): AlternativeOutcome {
  return {
    alternative,
    mountPoint: null,
    timeMs: spreadOf(timeMs),
    writebackLeftMs: null,
    savingMs,
    savingShare: savingMs === null ? null : savingMs / 90_000,
    apply: '',
    failedRuns: 0,
    ...(sampled ? { sampled: { savingLowMs: sampled[0], savingHighMs: sampled[1], largeSampleTimeMs: spreadOf(1), smallSampleTimeMs: spreadOf(1) } } : {}),
  };
}
const size: ArchiveSampleSize = {
  name: 'large',
  every: 8,
  entries: 13_000,
  keptEntries: 1600,
  entryShare: 0.123,
  bytes: 125e6,
  keptBytes: 15e6,
  byteShare: 0.12,
  directories: 200,
  droppedHardLinks: 0,
  archiveBytes: 1e6,
};
function runRecord(alternative: RunRecord['alternative'], untilOnDiskMs: number, extra: Partial<RunRecord> = {}): RunRecord {
  return { alternative, mountPoint: null, stepMs: untilOnDiskMs, syncMs: 0, untilOnDiskMs, ...extra };
}
function result(outcomes: AlternativeOutcome[], sampled: boolean, runs: RunRecord[] = []): ExperimentsResult {
  return {
    status: 'ran',
    budgetMs: 60_000,
    wallMs: 55_000,
    refetch: null,
    outcomes,
    runs,
    skipped: [],
    fixBest: { alternative: 'none', mountPoint: null, savingMs: null },
    ...(sampled ? { sample: { why: 'x', buildMs: 1000, sizes: [size, { ...size, name: 'small' as const, every: 32 }] } } : {}),
  };
}

/** Full runs of ram beside the baseline, in rounds: [baseline, ram] per round, as the experiments record them. */
function fullRuns(rounds: [number, number][]): ExperimentsResult {
  const runs = rounds.flatMap(([b, r]) => [runRecord('baseline', b), runRecord('ram', r)]);
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
  const b = med(rounds.map(([x]) => x));
  const r = med(rounds.map(([, x]) => x));
  return result([outcome('baseline', b, null), outcome('ram', r, b - r)], false, runs);
}

describe('sampled fixes bench', () => {
  const sampled = result(
    [outcome('baseline', 90_000, null), outcome('ram', 4_000, 86_000, [80_000, 91_000]), outcome('decompress', 2_000, 88_000, [1, 2])],
    true,
  );
  it("compares the box's fix, else the alternative whose sampled saving was largest", () => {
    expect(comparedAlternative(sampled)).toBe('decompress');
    expect(comparedAlternative({ ...sampled, fixBest: { alternative: 'ram', mountPoint: null, savingMs: 86_000 } })).toBe('ram');
    expect(comparedAlternative(result([outcome('baseline', 1, null)], true))).toBeNull();
  });
  it('holds the sampled saving against the full runs’ saving of the same alternative', () => {
    const run: SampledFixRun = {
      restoreMs: 90_000,
      sampled,
      alternative: 'ram',
      fulls: [
        fullRuns([
          [95_000, 5_000],
          [95_000, 5_000],
        ]),
      ],
    };
    const c = sampledAgainstFull(run);
    expect(c?.ratio).toBeCloseTo(86 / 90, 6);
    expect(c?.apart).toBeCloseTo(4 / 90, 6);
    expect(c?.uncertaintyMs).toBe(6000);
    // Each saving's share of its own baseline, as the outcomes carry it.
    expect(c?.sampledShare).toBeCloseTo(86 / 90, 6);
    // The full runs' share from their rounds: 90 s saved of a 95 s baseline.
    expect(c?.fullShare).toBeCloseTo(90 / 95, 6);
    // Not sampled: nothing to compare.
    expect(sampledAgainstFull({ ...run, sampled: result(sampled.outcomes, false) })).toBeNull();
  });
  it("the truth: the median of the paired savings over every set of full runs after each set's first round, a failed round left out", () => {
    expect(FIRST_ROUNDS_LEFT_OUT).toBe(1);
    // Two sets of three rounds: each round's saving is its own baseline minus the ram run beside it; each set's first
    // baseline (right after its restore) slower, as on this host.
    const a = fullRuns([
      [130_000, 60_000],
      [100_000, 60_000],
      [110_000, 61_000],
    ]);
    const b = fullRuns([
      [140_000, 62_000],
      [120_000, 62_000],
      [101_000, 62_000],
    ]);
    const pairs = fullPairSavings([a, b], 'ram');
    expect(pairs.map((p) => [p.round, p.savingMs])).toEqual([
      [1, 70_000],
      [2, 40_000],
      [3, 49_000],
      [1, 78_000],
      [2, 58_000],
      [3, 39_000],
    ]);
    expect(truthPairs(pairs).map((p) => p.savingMs)).toEqual([40_000, 49_000, 58_000, 39_000]);
    expect(firstPairs(pairs).map((p) => p.savingMs)).toEqual([70_000, 78_000]);
    const run: SampledFixRun = { restoreMs: 100_000, sampled, alternative: 'ram', fulls: [a, b] };
    const c = sampledAgainstFull(run);
    // The median of the four later rounds: the middle two's mean; the first rounds only beside it.
    expect(c?.fullMs).toBe(44_500);
    expect(c?.fullPairsMs).toHaveLength(4);
    expect(c?.fullShare).toBeCloseTo(median([0.4, 49 / 110, 58 / 120, 39 / 101]) as number, 9);
    expect(c?.firstRoundsShare).toBeCloseTo(median([70 / 130, 78 / 140]) as number, 9);
    // A set of one round holds no truth.
    expect(sampledAgainstFull({ ...run, fulls: [fullRuns([[100_000, 60_000]])] })).toBeNull();
    // A round whose ram run failed is left out; one set of nothing leaves nothing to compare.
    const failed = { ...a, runs: [...a.runs.slice(0, 2), runRecord('baseline', 100_000), runRecord('ram', 1, { error: 'tar exited 2' }), ...a.runs.slice(4)] };
    expect(fullPairSavings([failed], 'ram').map((p) => [p.round, p.savingMs])).toEqual([
      [1, 70_000],
      [3, 49_000],
    ]);
    expect(sampledAgainstFull({ ...run, fulls: [] })).toBeNull();
    expect(fullPairSavings([a], 'decompress')).toEqual([]);
  });
  it("the truth against itself: its later rounds' first half against their second, as shares", () => {
    const set = fullRuns([
      [130_000, 60_000],
      [100_000, 60_000],
      [100_000, 70_000],
      [100_000, 64_000],
      [100_000, 66_000],
    ]);
    // Rounds 2-3 read 40 % and 30 % (median 35 %), rounds 4-5 36 % and 34 % (35 %): 0 % apart.
    const h = truthHalves(fullPairSavings([set], 'ram'));
    expect(h?.firstShare).toBeCloseTo(0.35, 9);
    expect(h?.secondShare).toBeCloseTo(0.35, 9);
    expect(h?.apart).toBeCloseTo(0, 9);
    const parted = fullRuns([
      [130_000, 60_000],
      [100_000, 60_000],
      [100_000, 70_000],
    ]);
    // 40 % against 30 %: 25 % apart, more than the check allows a sample.
    expect(truthHalves(fullPairSavings([parted], 'ram'))?.apart).toBeCloseTo(0.25, 9);
    expect(
      truthHalves(
        fullPairSavings(
          [
            fullRuns([
              [130_000, 60_000],
              [100_000, 60_000],
            ]),
          ],
          'ram',
        ),
      ),
    ).toBeNull();
  });
  it('the CPU time saved, round by round: the large sample’s runs or the whole archive’s, a round without CPU time left out', () => {
    const onLarge = (alternative: RunRecord['alternative'], cpuMs: number | null) => runRecord(alternative, 1, { sample: 'large', cpuMs });
    const e = result(sampled.outcomes, true, [
      runRecord('baseline', 1, { sample: 'small', cpuMs: 100 }),
      runRecord('ram', 1, { sample: 'small', cpuMs: 10 }),
      onLarge('baseline', 300),
      onLarge('ram', 200),
      onLarge('baseline', 400),
      onLarge('ram', 240),
      onLarge('baseline', null),
      onLarge('ram', 100),
    ]);
    const shares = cpuSavingShares(e, 'ram', true);
    expect(shares).toHaveLength(2);
    expect(shares[0]).toBeCloseTo(1 / 3, 9);
    expect(shares[1]).toBeCloseTo(0.4, 9);
    // The whole archive's runs are not the sample's.
    expect(cpuSavingShares(e, 'ram', false)).toEqual([]);
    const whole = fullRuns([[100_000, 60_000]]);
    const withCpu = { ...whole, runs: [runRecord('baseline', 100_000, { cpuMs: 5000 }), runRecord('ram', 60_000, { cpuMs: 3000 })] };
    expect(cpuSavingShares(withCpu, 'ram', false)).toEqual([0.4]);
    expect(cpuSavingShares(null, 'ram', false)).toEqual([]);
  });
  it('rows: the restore held to 60–180 s, and each run within the agreement', () => {
    const good: SampledFixRun = {
      restoreMs: 90_000,
      sampled,
      alternative: 'ram',
      fulls: [
        fullRuns([
          [120_000, 5_000],
          [95_000, 5_000],
        ]),
      ],
    };
    const offSaving = 86_000 / (1 + SAMPLED_AGREEMENT + 0.05);
    const withFirst = (round: [number, number]) => [fullRuns([[120_000, 5_000], round])];
    const off: SampledFixRun = { ...good, fulls: withFirst([offSaving + 5_000, 5_000]) };
    const [restore, agree] = sampledFixesRows([{ scenario: 'disk-bandwidth', runs: [good] }]);
    expect(restore).toMatchObject({ result: '90.0 s (90.0 s)', target: '60–180 s', met: true });
    expect(agree?.result).toContain('ram 86.0 s ± 6.0 s on 12% of the files (12% of bytes) vs 90.0 s (1 pair): ×0.96');
    expect(agree?.met).toBe(true);
    expect(sampledFixesRows([{ scenario: 'disk-bandwidth', runs: [good, off] }])[1]?.met).toBe(false);
    // Beside it, the shares of each one's baseline: 86 s of a 90 s baseline (sampled) against 90 s of 95 s.
    const [, , shares] = sampledFixesRows([{ scenario: 'disk-bandwidth', runs: [good] }]);
    expect(shares?.result).toBe('96 % vs 95 % (0.9% apart; first rounds, left out: 96 %)');
    expect(shares?.met).toBe(true);
    // Off in seconds by 20 % because the full runs' restores were slower, at the same share: met in shares only.
    const slower: SampledFixRun = { ...good, fulls: withFirst([95_000 * 1.2, 5_000 * 1.2]) };
    const [, seconds, sameShare] = sampledFixesRows([{ scenario: 'cpu', runs: [slower] }]);
    expect(seconds?.met).toBe(false);
    expect(sameShare?.met).toBe(true);
    // And a share that is off is not met either.
    const offShare: SampledFixRun = { ...good, fulls: withFirst([95_000, 40_000]) };
    expect(sampledFixesRows([{ scenario: 'cpu', runs: [offShare] }])[2]?.met).toBe(false);
    expect(sampledFixesRows([{ scenario: 'cpu', runs: [{ ...good, restoreMs: 30_000 }] }])[0]?.met).toBe(false);
    // The control beside them: the truth against itself, no target of its own; under 2 later rounds, n/a.
    const [, , , control] = sampledFixesRows([{ scenario: 'cpu', runs: [good] }]);
    expect(control).toMatchObject({ result: 'n/a', met: null });
    expect(control?.measure).toMatch(/the truth against itself/);
  });
  it('the slow restores are the lab’s scenarios with tighter caps, same names and verdicts', () => {
    for (const [name, spec] of Object.entries(SLOW_RESTORE_SPECS)) {
      const base = SCENARIOS[name as keyof typeof SCENARIOS];
      expect(spec.name).toBe(base.name);
      expect(spec.intended).toBe(base.intended);
      const [control, value] = Object.entries(spec.controls)[0] as [keyof typeof base.controls, number];
      expect(value).toBeLessThan(base.controls[control] as number);
    }
    expect(slowRestoreList(undefined)).toEqual(['disk-iops', 'disk-bandwidth', 'cpu']);
    expect(() => slowRestoreList('cpu,disk')).toThrow(/--slow-restores: disk given; known: disk-iops, disk-bandwidth, cpu/);
  });

  it("says where a sampled stage's budget went: the fetch, the samples' making, the runs (a stopped one as long as it ran), the rest", () => {
    // The runs of the bench's CPU-bound run 1 at 7eb1e16 (fetch 1.99 s, samples made 5.73 s); the stage's wall here its 60 s budget.
    const run = (alternative: RunRecord['alternative'], ms: number): RunRecord => ({ alternative, mountPoint: null, stepMs: ms, syncMs: 0, untilOnDiskMs: ms });
    const runs = [run('baseline', 5080), run('decompress', 1320), run('ram', 3000), run('baseline', 5080), run('ram', 2820)];
    const stopped: RunRecord = { ...run('other-disk', 0), error: 'stopped after 5.1 s, longer than the 5.1 s it was let run: no fix', stoppedAfterMs: 5100 };
    const e = { wallMs: 60_000, refetch: { durationMs: 1990, bytes: 1, where: 'RAM', inRam: true }, sample: { buildMs: 5730 }, runs: [...runs, stopped] };
    expect(budgetWords(e as unknown as ExperimentsResult)).toBe(
      "the stage took 60.0 s: fetch 2.0 s, samples made 5.7 s, 6 runs 22.4 s, the rest 29.9 s (the tree's census, each run's setup, cleanup and sync, the last cleanup)",
    );
    // Samples made from the archive were counted from its listing, not a walk of the tree.
    const fromArchive = { ...e, sample: { buildMs: 5730, madeFrom: 'archive' } };
    expect(budgetWords(fromArchive as unknown as ExperimentsResult)).toContain("the rest 29.9 s (the archive's listing, each run's setup");
  });
});
