import { describe, expect, it } from 'vitest';
import { appliedSavingMs, fixAppliedRows, type FixAppliedRun } from '../../../tools/bench/fix-applied.js';

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
});
