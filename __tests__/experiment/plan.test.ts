import { describe, expect, it } from 'vitest';
import { budgetSkips, correctedEstimateMs, estimateRunMs, nextRun, planExperiments, type MeasuredRestore } from '../../src/experiment/plan.js';
import type { RunRecord } from '../../src/experiment/types.js';
import type { Target } from '../../src/experiment/types.js';

// A node_modules-sized restore on a GitHub-hosted runner: ~2 s download, ~5 s extraction, ~3 s tail.
const nodeModules: MeasuredRestore = { downloadMs: 2000, extractMs: 5000, writebackMs: 3000 };
const all: Target[] = [
  { alternative: 'baseline', mountPoint: '/' },
  { alternative: 'ram', mountPoint: null },
  { alternative: 'decompress', mountPoint: null },
  { alternative: 'other-disk', mountPoint: '/mnt' },
  { alternative: 'page-cache', mountPoint: '/' },
];

describe('planning against the budget', () => {
  it('estimates from the profiled restore: disk runs include the tail, ram and decompress do not', () => {
    expect(estimateRunMs('baseline', nodeModules)).toBe(9500);
    expect(estimateRunMs('ram', nodeModules)).toBe(6500);
    expect(estimateRunMs('decompress', nodeModules)).toBe(5000);
  });

  it('the default 60 s budget runs all four on a node_modules-sized restore, most of them twice', () => {
    const plan = planExperiments(all, nodeModules, 60_000);
    expect(plan.skipped).toEqual([]);
    const firstRound = plan.runs.filter((r) => r.round === 1).map((r) => r.target.alternative);
    expect(firstRound).toEqual(['baseline', 'decompress', 'ram', 'page-cache', 'other-disk']);
    expect(plan.runs.filter((r) => r.target.alternative === 'baseline')).toHaveLength(2);
    expect(plan.refetchEstimateMs + plan.runs.reduce((s, r) => s + r.estimateMs, 0)).toBeLessThanOrEqual(60_000);
  });

  it('runs everything twice when the budget allows', () => {
    const plan = planExperiments(all, nodeModules, 200_000);
    for (const t of all) expect(plan.runs.filter((r) => r.target === t)).toHaveLength(2);
  });

  it('skips what does not fit, with the figures, and keeps what does', () => {
    const plan = planExperiments(all, nodeModules, 25_000);
    expect(plan.runs.filter((r) => r.round === 1).map((r) => r.target.alternative)).toEqual(['baseline', 'decompress', 'ram']);
    const skipped = plan.skipped.map((s) => [s.alternative, s.reason]);
    expect(skipped).toEqual([
      ['page-cache', 'over-budget'],
      ['other-disk', 'over-budget'],
    ]);
    expect(plan.skipped[0]?.detail).toMatch(/~9.5 s .*of the 25 s budget/);
  });

  it('skips everything when the refetch and one baseline do not fit', () => {
    const plan = planExperiments(all, nodeModules, 10_000);
    expect(plan.runs).toEqual([]);
    expect(plan.skipped).toHaveLength(5);
    expect(plan.skipped.every((s) => s.reason === 'over-budget')).toBe(true);
  });

  const done = (t: Target, ms: number): RunRecord => ({ alternative: t.alternative, mountPoint: t.mountPoint, stepMs: ms, syncMs: 0, untilOnDiskMs: ms });
  const [baseline, ram, decompress, otherDisk, pageCache] = all as [Target, Target, Target, Target, Target];

  it('at run time: baseline first, then round by round, cheapest first', () => {
    expect(nextRun(all, [], nodeModules, 2000, 60_000)).toBe(baseline);
    const afterBaseline = [done(baseline, 9000)];
    expect(nextRun(all, afterBaseline, nodeModules, 11_000, 60_000)).toBe(decompress);
    const roundOne = [...afterBaseline, done(decompress, 4000), done(ram, 5000), done(pageCache, 6000), done(otherDisk, 9000)];
    expect(nextRun(all, roundOne, nodeModules, 40_000, 200_000)).toBe(baseline);
  });

  it('at run time: a baseline much faster than the profiled restore lets in what the plan left out', () => {
    // The profiled tail was 30 s (a shared machine's dirty expiry); the re-run's syncfs is short.
    const slowTail: MeasuredRestore = { downloadMs: 100, extractMs: 11_000, writebackMs: 30_800 };
    expect(planExperiments(all, slowTail, 60_000).skipped.map((s) => s.alternative)).toContain('ram');
    const afterBaseline = [done(baseline, 12_000)];
    expect(nextRun([baseline, ram], afterBaseline, slowTail, 20_000, 60_000)).toBe(ram);
  });

  it('at run time: a baseline slower than planned keeps out what no longer fits, and says so', () => {
    const slowBaseline = [done(baseline, 25_000)];
    expect(nextRun([baseline, ram], slowBaseline, nodeModules, 50_000, 60_000)).toBeNull();
    const skips = budgetSkips([baseline, ram], slowBaseline, nodeModules, 50_000, 60_000);
    expect(skips.map((s) => [s.alternative, s.reason])).toEqual([['ram', 'over-budget']]);
    expect(skips[0]?.detail).toMatch(/corrected by the baseline re-run\), 10 s of the 60 s budget was left/);
  });

  it("at run time, with a lead (pairs): it runs right after each round's baseline, and a round starts only where both fit", () => {
    // The bench's CPU-bound restore at 771bc8f, run 3, on its sample: baseline 5.40 s, decompress 1.75 s, ram 3.70 s.
    const sample: MeasuredRestore = { downloadMs: 100, extractMs: 5000, writebackMs: 0 };
    const trio = [baseline, decompress, ram];
    const roundOne = [done(baseline, 5400), done(decompress, 1750), done(ram, 3700)];
    const roundTwoBase = [...roundOne, done(baseline, 5150)];
    expect(nextRun(trio, roundTwoBase, sample, 20_000, 60_000)).toBe(decompress);
    expect(nextRun(trio, roundTwoBase, sample, 20_000, 60_000, undefined, [], ram)).toBe(ram);
    // Room for a baseline run, not for ram's beside it: no round starts (cheapest first, it would have).
    const baseEstimateMs = correctedEstimateMs(baseline, roundOne, sample);
    const ramEstimateMs = correctedEstimateMs(ram, roundOne, sample);
    const tight = 60_000 - baseEstimateMs - ramEstimateMs / 2;
    // What pairs have live at a round's start: the baseline alone (sample-pairs.ts pairedLive); the lead is not among them.
    expect(nextRun([baseline], roundOne, sample, tight, 60_000)).toBe(baseline);
    expect(nextRun([baseline], roundOne, sample, tight, 60_000, undefined, [], ram)).toBeNull();
    expect(nextRun([baseline], roundOne, sample, 60_000 - baseEstimateMs - ramEstimateMs, 60_000, undefined, [], ram)).toBe(baseline);
  });

  it('at run time: nothing but the baseline runs before a baseline has succeeded', () => {
    const failed = [{ ...done(baseline, 0), error: 'tar failed' }];
    expect(nextRun([baseline, ram], failed, nodeModules, 5000, 60_000)).toBe(baseline);
    expect(nextRun([ram], [], nodeModules, 5000, 60_000)).toBeNull();
  });
});

describe('a name no descriptor knows (a profile or an input from another version)', () => {
  // Cast: the type system keeps such a name out of the code; data read at run time can still carry one.
  const unknown = { alternative: 'tmpfs', mountPoint: null } as unknown as Target;

  it('is an error naming it and the allowed ones, not a run estimated as NaN or sorted first', () => {
    expect(() => estimateRunMs(unknown.alternative, nodeModules)).toThrow(/"tmpfs".*Allowed: baseline, ram, decompress, other-disk, page-cache/);
    expect(() => planExperiments([all[0] as Target, unknown], nodeModules, 60_000)).toThrow(/"tmpfs"/);
    expect(() => nextRun([all[0] as Target, unknown], [], nodeModules, 0, 60_000)).toThrow(/"tmpfs"/);
  });
});

describe("the large sample's runs, estimated from the small one's", () => {
  // The bench's fix-applied profile of the slow disk-bandwidth restore (dde2121, 2026-11-29): experiments: ram,
  // samples of 3.5 % and 14.1 % of the entries, the profiled restore's figures scaled to the large one.
  const large: MeasuredRestore = { downloadMs: 160, extractMs: 14_500, writebackMs: 2_300 };
  const baseline: Target = { alternative: 'baseline', mountPoint: '/' };
  const ram: Target = { alternative: 'ram', mountPoint: null };
  const record = (t: Target, untilOnDiskMs: number): RunRecord => ({ ...t, stepMs: untilOnDiskMs, syncMs: 0, untilOnDiskMs });
  const small = [record(baseline, 3_639), record(ram, 23)];
  const doneLarge = [record(baseline, 16_882)];
  // What was left of the 60 s budget when the large sample's baseline had run: 18 s.
  const elapsedMs = 42_000;

  it('ram, 0.02 s on the small sample, is planned at what it took there grown as the baseline grew: it runs', () => {
    expect(nextRun([baseline, ram], doneLarge, large, elapsedMs, 60_000, 1, small)).toBe(ram);
    expect(budgetSkips([baseline, ram], doneLarge, large, elapsedMs, 60_000, small).filter((s) => s.alternative === 'ram')).toEqual([
      expect.objectContaining({ detail: expect.stringMatching(/^a run would take ~0\.1\d* s/) }),
    ]);
  });

  it('without the small sample it is planned at the baseline-like figure and does not fit, as before', () => {
    expect(nextRun([baseline, ram], doneLarge, large, elapsedMs, 60_000, 1)).toBeNull();
  });
});
