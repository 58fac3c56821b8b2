import { describe, expect, it } from 'vitest';
import { appliedSavingMs, fixAppliedRestore, fixAppliedRows, type FixAppliedRun } from '../../../tools/bench/fix-applied.js';

const step = { placement: 'Add this step before the restore step (this action, or actions/cache).', name: 'RAM disks for the cache paths', script: '' };
const run = (measuredMs: number, withoutMs: number[], withMs: number[], mounts = 2): FixAppliedRun => ({
  measuredMs,
  experimentRunsMs: { baseline: [], ram: [] },
  step,
  paths: ['a', 'b'],
  mounts,
  withoutMs,
  withMs,
});

describe('the fix-applied bench rows', () => {
  it('the step saves what was measured, within the rule, with a mount per path: met', () => {
    const runs = [run(3000, [4000, 4100, 9000], [1100, 1100, 1000]), run(3100, [4100, 4100], [1000, 1000])];
    // Medians: one run slowed by another job does not move it.
    expect(appliedSavingMs(runs[0] as FixAppliedRun)).toBe(3000);
    expect(fixAppliedRows(runs).map((r) => r.met)).toEqual([true, true]);
  });

  it('a saving 20% off, or a path left without its mount: not met', () => {
    const rows = fixAppliedRows([run(3000, [4000, 4000], [1600, 1600], 1)]);
    expect(rows.map((r) => r.met)).toEqual([false, false]);
    expect(rows[1]?.result).toContain('20% apart');
  });

  it('on a slow restore the rows say so, and in how many runs ram was measured on samples', () => {
    const rows = fixAppliedRows([
      { ...run(3000, [4000], [1000]), restore: 'slow', sampled: true },
      { ...run(3000, [4000], [1000]), restore: 'slow', sampled: false },
    ]);
    expect(rows[0]?.measure).toContain('slowed to 60-180 s (ram measured on samples in 1/2 runs)');
  });

  it('--fix-applied-restore: lab by default, slow, else an error naming the known', () => {
    expect(fixAppliedRestore(undefined)).toBe('lab');
    expect(fixAppliedRestore('slow')).toBe('slow');
    expect(() => fixAppliedRestore('fast')).toThrow('--fix-applied-restore: fast given; known: lab, slow');
  });
});
