import { describe, expect, it } from 'vitest';
import { estimateRunMs, planExperiments, stillFits, type MeasuredRestore } from '../../src/experiment/plan.js';
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

  it('at run time, corrects estimates by what the baseline really took', () => {
    const plan = planExperiments(all, nodeModules, 60_000);
    const ram = plan.runs.find((r) => r.target.alternative === 'ram')!;
    const slowBaseline = { alternative: 'baseline' as const, mountPoint: '/', stepMs: 15_000, syncMs: 10_000, untilOnDiskMs: 25_000 };
    expect(stillFits(ram, [], nodeModules, 50_000, 60_000)).toBe(true);
    expect(stillFits(ram, [slowBaseline], nodeModules, 50_000, 60_000)).toBe(false);
  });
});
