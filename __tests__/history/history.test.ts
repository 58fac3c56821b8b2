// The history's statistics and the regression rule (issue 24). Pure.
import { describe, expect, it } from 'vitest';
import { appendRun, groupsOf, HISTORY_MAX_RUNS, percentiles, quantile, regressionsOf } from '../../src/history/history.js';
import type { HistoryRun } from '../../src/profile/always-on.js';

function run(restoreMs: number, over: Partial<HistoryRun> = {}): HistoryRun {
  return {
    runId: String(restoreMs),
    runAttempt: '1',
    createdAt: '2026-11-24T00:00:00Z',
    fingerprintId: 'aaaaaaaaaaaa',
    hardware: 'EPYC, 4 vCPU',
    phasesMs: { lookup: 100, download: 200, extract: restoreMs - 300, writeback: 500 },
    restoreMs,
    untilDurableMs: restoreMs + 500,
    archiveBytes: 100_000_000,
    bottleneck: 'disk-bandwidth',
    ceilings: { seqWriteMiBps: 200, randWriteIops: 8000 },
    ...over,
  };
}

describe('quantile (linear between closest ranks, type 7)', () => {
  it('matches numpy.percentile on known sets', () => {
    // numpy.percentile([1, 2, 3, 4], [50, 90]) = [2.5, 3.7]
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([4, 1, 3, 2], 0.9)).toBeCloseTo(3.7, 10);
    // numpy.percentile([10, 20, 30, 40, 50], 90) = 46
    expect(quantile([10, 20, 30, 40, 50], 0.9)).toBeCloseTo(46, 10);
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('percentiles leave out runs without the figure', () => {
    expect(percentiles([1000, null, 3000])).toEqual({ p50: 2000, p90: 2800, runs: 2 });
    expect(percentiles([null])).toBeNull();
  });
});

describe('regression rule', () => {
  const five = [1000, 1100, 1050, 1200, 1150].map((ms) => run(ms));

  it('flags a run beyond p90 of 5 earlier runs on the same hardware with a similar cache', () => {
    const slow = run(5000);
    const flags = regressionsOf(slow, five);
    expect(flags.map((f) => f.metric)).toEqual(['restore', 'until-durable']);
    expect(flags[0]).toMatchObject({ thisMs: 5000, comparedRuns: 5 });
    expect(flags[0]?.p90Ms).toBeCloseTo(quantile([1000, 1100, 1050, 1200, 1150], 0.9) as number, 10);
  });

  it('does not flag a run within p90', () => {
    expect(regressionsOf(run(1100), five)).toEqual([]);
  });

  it('needs 5 comparable runs: fewer flag nothing', () => {
    expect(regressionsOf(run(5000), five.slice(0, 4))).toEqual([]);
  });

  it('other hardware and a cache of another size are not comparable', () => {
    const other = five.map((r) => ({ ...r, fingerprintId: 'bbbbbbbbbbbb' }));
    expect(regressionsOf(run(5000), other)).toEqual([]);
    expect(regressionsOf(run(5000, { archiveBytes: 200_000_000 }), five)).toEqual([]);
    // Within 25% is similar.
    expect(regressionsOf(run(5000, { archiveBytes: 120_000_000 }), five)).toHaveLength(2);
  });

  it('a miss (no restore time) is never flagged', () => {
    expect(regressionsOf(run(0, { restoreMs: null, untilDurableMs: null }), five)).toEqual([]);
  });
});

describe('groups and the window', () => {
  it("groups by fingerprint, this run's first, with p50/p90 each", () => {
    const runs = [
      run(1000),
      run(2000, { fingerprintId: 'bbbbbbbbbbbb', hardware: 'Xeon' }),
      run(3000),
      run(4000, { fingerprintId: 'bbbbbbbbbbbb', hardware: 'Xeon' }),
      run(5000, { fingerprintId: 'bbbbbbbbbbbb', hardware: 'Xeon' }),
    ];
    const groups = groupsOf(runs, 'aaaaaaaaaaaa');
    expect(groups.map((g) => [g.fingerprintId, g.runs])).toEqual([
      ['aaaaaaaaaaaa', 2],
      ['bbbbbbbbbbbb', 3],
    ]);
    expect(groups[0]?.restoreMs).toEqual({ p50: 2000, p90: 2800, runs: 2 });
    expect(groups[1]?.hardware).toBe('Xeon');
  });

  it('keeps the last 100 runs', () => {
    const many = Array.from({ length: HISTORY_MAX_RUNS }, (_, i) => run(1000 + i));
    const next = appendRun(many, run(9999));
    expect(next).toHaveLength(HISTORY_MAX_RUNS);
    expect(next[0]?.restoreMs).toBe(1001);
    expect(next.at(-1)?.restoreMs).toBe(9999);
  });
});
