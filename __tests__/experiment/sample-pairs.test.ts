// Runs on one sample read in pairs (a CPU-bound restore), scaled to the restore's own time.
// Figures: `python3 tools/bench/diagnostics/cpu-pairs.py 8` (2026-12-01 21:59 UTC, root, nothing else running):
// a 4.5 % sample of the lab's monorepo tree (4.6 % of the bytes) extracted under 6 % of a core (the slow cpu
// scenario's quota), onto ext4 and a tmpfs alternately, each run until `sync -f` returned; the restore's time is
// the bench's slow cpu restore (run 1 at 8afa32d: 89.5 s until on disk).
import { describe, expect, it } from 'vitest';
import {
  PAIRED_CAP_FACTOR,
  pairedCapMs,
  pairedLead,
  pairedLive,
  pairedOutcomes,
  roundRatios,
  sampleReading,
  slowerThanBaseline,
} from '../../src/experiment/sample-pairs.js';
import type { RunRecord } from '../../src/experiment/types.js';
import { MiB } from '../../src/util/units.js';
import { sampleRun } from './sample-runs.js';

const EXT4_MS = [4295, 4637, 4040, 4325, 4444, 4639, 4146, 4132];
const TMPFS_MS = [2657, 2854, 2779, 2956, 2982, 2793, 2861, 2995];
const RESTORE_MS = 89_500;
const apply = {
  paths: ['packages'],
  extractedBytes: 680 * MiB,
  dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB },
  ramVia: 'own-tmpfs' as const,
};

/** Rounds as the experiments run them: baseline, then ram, round after round. */
const rounds = (baseline: readonly number[], ram: readonly number[]): RunRecord[] =>
  baseline.flatMap((b, i) => [sampleRun('baseline', b, 'large'), sampleRun('ram', ram[i] as number, 'large')]);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

describe('outcomes read in pairs', () => {
  const all = pairedOutcomes(rounds(EXT4_MS, TMPFS_MS), apply, RESTORE_MS);
  const base = all.find((o) => o.alternative === 'baseline');
  const ram = all.find((o) => o.alternative === 'ram');
  const ratios = EXT4_MS.map((b, i) => (TMPFS_MS[i] as number) / b);

  it("the baseline is the restore's own time, its range the sample's baseline runs' spread both ways", () => {
    const share = (Math.max(...EXT4_MS) - Math.min(...EXT4_MS)) / median(EXT4_MS);
    expect(base?.timeMs.median).toBe(RESTORE_MS);
    expect(base?.timeMs.min).toBeCloseTo(RESTORE_MS * (1 - share), 6);
    expect(base?.timeMs.max).toBeCloseTo(RESTORE_MS * (1 + share), 6);
    expect(base?.sampled?.smallSampleTimeMs).toBeUndefined();
    expect(base?.savingMs).toBeNull();
  });

  it("an alternative's time is the median round's ratio to the baseline, times the restore", () => {
    expect(roundRatios(EXT4_MS, TMPFS_MS)).toEqual(ratios);
    expect(ram?.timeMs.median).toBeCloseTo(RESTORE_MS * median(ratios), 6);
    expect(ram?.savingMs).toBeCloseTo(RESTORE_MS * (1 - median(ratios)), 6);
    expect(ram?.savingShare).toBeCloseTo(1 - median(ratios), 9);
    // ram saved 32 % of this sample's baseline, pair by pair 28-40 %.
    expect(ram?.savingShare).toBeGreaterThan(0.3);
    expect(ram?.savingShare).toBeLessThan(0.34);
    expect(ram?.sampled?.largeSampleTimeMs.runs).toBe(8);
    expect(ram?.sampled?.baselineFrom).toBe('restore');
  });

  it("the saving's range holds the rounds' far ends and the restore's range", () => {
    const s = ram?.sampled;
    if (!s || ram?.savingMs === null || ram?.savingMs === undefined || !base) throw new Error('no paired saving');
    expect(s.savingLowMs).toBeCloseTo(base.timeMs.min * (1 - Math.max(...ratios)), 6);
    expect(s.savingHighMs).toBeCloseTo(base.timeMs.max * (1 - Math.min(...ratios)), 6);
    expect(s.savingLowMs).toBeLessThan(ram.savingMs);
    expect(s.savingHighMs).toBeGreaterThan(ram.savingMs);
  });

  it("a drift both runs of a round share cancels: each round's ratio is what is read, not the medians' ratio", () => {
    // The machine slows by a quarter over the second half of the rounds, both sides alike.
    const drift = (xs: readonly number[]) => xs.map((x, i) => (i >= 4 ? x * 1.25 : x));
    const drifted = pairedOutcomes(rounds(drift(EXT4_MS), drift(TMPFS_MS)), apply, RESTORE_MS).find((o) => o.alternative === 'ram');
    expect(drifted?.savingMs).toBeCloseTo(ram?.savingMs as number, 6);
  });

  it('rounds pair by order; a failed run leaves its round out, a stopped one counts as at least the slowest', () => {
    expect(roundRatios([100, null, 300], [50, 60, 150])).toEqual([0.5, 0.5]);
    const runs = rounds(EXT4_MS.slice(0, 3), TMPFS_MS.slice(0, 3));
    // The third round's ram run stopped at the budget's end after 2.0 s: counted as its slowest complete run, 2854 ms.
    runs[5] = { ...(runs[5] as RunRecord), error: 'stopped at the end of the 60 s budget', stoppedAfterMs: 2000 };
    const stopped = pairedOutcomes(runs, apply, RESTORE_MS).find((o) => o.alternative === 'ram');
    const expected = median([2657 / 4295, 2854 / 4637, 2854 / 4040]);
    expect(stopped?.timeMs.median).toBeCloseTo(RESTORE_MS * expected, 6);
  });

  it('without a baseline run nothing is read', () => {
    expect(pairedOutcomes([sampleRun('ram', 2657, 'large')], apply, RESTORE_MS)).toEqual([]);
  });
});

describe('an alternative slower than the baseline in a round', () => {
  // The bench's slow cpu restore, run 1 at 70add57 + pairs (2026-12-01 22:11 UTC): the lab's other disk took
  // 2.19, 10.11 and 18.29 s in rounds 1-3, the baseline 2.56, 2.36 and 2.47 s.
  const otherDisk = (ms: number): RunRecord => ({ ...sampleRun('other-disk', ms, 'large'), mountPoint: '/mnt/other' });
  const runs = [2560, 2360, 2470].flatMap((b, i) => [sampleRun('baseline', b, 'large'), otherDisk([2190, 10_110, 18_290][i] as number)]);

  it('is named with the round and both times, and no other', () => {
    expect(slowerThanBaseline({ alternative: 'other-disk', mountPoint: '/mnt/other' }, runs)).toEqual({ round: 2, ms: 10_110, baselineMs: 2360 });
    expect(slowerThanBaseline({ alternative: 'other-disk', mountPoint: '/mnt/other' }, runs.slice(0, 2))).toBeNull();
    expect(slowerThanBaseline({ alternative: 'baseline', mountPoint: '/' }, runs)).toBeNull();
    expect(slowerThanBaseline({ alternative: 'ram', mountPoint: null }, rounds(EXT4_MS, TMPFS_MS))).toBeNull();
  });
});

describe('the lead: the alternative read as the best fix so far', () => {
  // The bench's CPU-bound restore at 771bc8f, run 1, rounds 1-2 (2026-12-02 02:45 UTC): baseline 4.80 and 4.17 s,
  // decompress 1.23 and 1.16 s, ram 2.89 and 2.80 s, other-disk 3.91 s then stopped at its cap.
  const targets = [
    { alternative: 'baseline' as const, mountPoint: '/' },
    { alternative: 'decompress' as const, mountPoint: null },
    { alternative: 'ram' as const, mountPoint: null },
    { alternative: 'other-disk' as const, mountPoint: '/mnt/other' },
  ];
  const [, decompress, ram, other] = targets as [unknown, (typeof targets)[1], (typeof targets)[2], (typeof targets)[3]];
  const roundOne: RunRecord[] = [
    sampleRun('baseline', 4800, 'large'),
    sampleRun('decompress', 1230, 'large'),
    sampleRun('ram', 2890, 'large'),
    { ...sampleRun('other-disk', 3910, 'large'), mountPoint: '/mnt/other' },
  ];

  it("is the fix with the lowest median time over its rounds' baseline: ram, not decompress (a floor, quicker still)", () => {
    expect(pairedLead(targets, roundOne)).toBe(ram);
    const roundTwo = [
      ...roundOne,
      sampleRun('baseline', 4170, 'large'),
      sampleRun('ram', 2800, 'large'),
      { ...sampleRun('other-disk', 2000, 'large'), mountPoint: '/mnt/other' },
    ];
    expect(pairedLead(targets, roundTwo)).toBe(ram);
    // Had other-disk's rounds read 3.91/4.80 and 2.00/4.17 (median 0.65 against ram's 0.62): still ram; below it, other-disk.
    const quicker = [...roundTwo.slice(0, 5), { ...sampleRun('other-disk', 1000, 'large'), mountPoint: '/mnt/other' }];
    expect(pairedLead(targets, quicker)).toBe(other);
    // Retired (slower than its round's baseline: pairedLive), other-disk is no lead however its other rounds read.
    const retiredAfter = [800, 800, 4100].flatMap((ms) => [
      sampleRun('baseline', 4000, 'large'),
      sampleRun('ram', 2800, 'large'),
      { ...sampleRun('other-disk', ms, 'large'), mountPoint: '/mnt/other' },
    ]);
    expect(pairedLead(targets, retiredAfter.slice(0, 6))).toBe(other);
    expect(pairedLead(targets, retiredAfter)).toBe(ram);
    expect(decompress.alternative).toBe('decompress');
  });

  it('only among the targets given (the live ones), and none before an alternative has a round beside the baseline', () => {
    expect(pairedLead([targets[0] as (typeof targets)[0], other], roundOne)).toBe(other);
    expect(pairedLead(targets, [sampleRun('baseline', 4800, 'large')])).toBeNull();
    expect(pairedLead(targets, [])).toBeNull();
  });
});

describe('which reading', () => {
  it.each([
    ['cpu', 89_500, 'pairs'],
    ['cpu', null, 'line'],
    ['disk-iops', 78_000, 'line'],
    ['disk-bandwidth', 94_000, 'line'],
    [null, 90_000, 'line'],
  ] as const)('a restore held by %s, its time %s ms: %s', (bottleneck, restoreMs, reading) => {
    expect(sampleReading(bottleneck, restoreMs)).toBe(reading);
  });
});

describe('the cap on a paired run', () => {
  const other = { alternative: 'other-disk' as const, mountPoint: '/mnt/other' };
  // The bench's round 1 (2026-12-02, run 1): baseline 2.88 s, other-disk 2.58 s; round 2's baseline 2.48 s.
  const roundOne = [sampleRun('baseline', 2880, 'large'), { ...sampleRun('other-disk', 2580, 'large'), mountPoint: '/mnt/other' }];

  it("is PAIRED_CAP_FACTOR times the baseline's run of the same round, and none before that baseline ran or for the baseline", () => {
    expect(pairedCapMs(other, [sampleRun('baseline', 2880, 'large')])).toBeCloseTo(2880 * PAIRED_CAP_FACTOR, 9);
    expect(pairedCapMs(other, roundOne)).toBeNull();
    expect(pairedCapMs(other, [...roundOne, sampleRun('baseline', 2480, 'large')])).toBeCloseTo(2480 * PAIRED_CAP_FACTOR, 9);
    expect(pairedCapMs({ alternative: 'baseline', mountPoint: '/' }, roundOne)).toBeNull();
  });

  it('a run stopped at its cap is slower than its baseline, with a complete run beside it or without one', () => {
    const capped = (ms: number): RunRecord => ({
      ...sampleRun('other-disk', 0, 'large'),
      mountPoint: '/mnt/other',
      error: 'stopped after … no fix',
      stoppedAfterMs: ms,
    });
    expect(slowerThanBaseline(other, [...roundOne, sampleRun('baseline', 2480, 'large'), capped(3720)])).toEqual({ round: 2, ms: 3720, baselineMs: 2480 });
    expect(slowerThanBaseline(other, [sampleRun('baseline', 2880, 'large'), capped(4320)])).toEqual({ round: 1, ms: 4320, baselineMs: 2880 });
  });

  it("a run stopped at its cap is slower even where its timer read a hair under the baseline's time (CI: 53.3 beside 53.4 ms)", () => {
    const atCap: RunRecord = { ...sampleRun('other-disk', 0, 'large'), mountPoint: '/mnt/other', error: 'stopped after … no fix', stoppedAfterMs: 53.3 };
    expect(slowerThanBaseline(other, [sampleRun('baseline', 53.4, 'large'), atCap])).toEqual({ round: 1, ms: 53.3, baselineMs: 53.4 });
  });
});

describe('the targets still to run in pairs', () => {
  // The bench's CPU-bound restore at c4b29c6, run 1, round 1 on its sample: baseline 5.47 s, decompress 1.73 s, ram 3.80 s.
  const baseline = { alternative: 'baseline' as const, mountPoint: '/' };
  const decompress = { alternative: 'decompress' as const, mountPoint: null };
  const ram = { alternative: 'ram' as const, mountPoint: null };
  const targets = [baseline, decompress, ram];
  const roundOne = [sampleRun('baseline', 5470, 'large'), sampleRun('decompress', 1730, 'large'), sampleRun('ram', 3800, 'large')];

  it('every target in the first round; after it the baseline, then the fix beside it, and decompress (no fix, a floor) no more', () => {
    expect(pairedLive(targets, [sampleRun('baseline', 5470, 'large')]).live).toEqual([baseline, decompress, ram]);
    expect(pairedLive(targets, roundOne).live).toEqual([baseline]);
    const roundTwoBase = [...roundOne, sampleRun('baseline', 5740, 'large')];
    expect(pairedLive(targets, roundTwoBase)).toEqual({ live: [baseline, ram], retired: [] });
    expect(pairedLive(targets, [...roundTwoBase, sampleRun('ram', 3150, 'large')]).live).toEqual([baseline]);
  });

  it('a round decompress failed in still counts as its one round', () => {
    const failed = [sampleRun('baseline', 5470, 'large'), { ...sampleRun('decompress', 0, 'large'), error: 'unzstd failed' }, sampleRun('ram', 3800, 'large')];
    expect(pairedLive(targets, [...failed, sampleRun('baseline', 5740, 'large')]).live).toEqual([baseline, ram]);
  });
});
