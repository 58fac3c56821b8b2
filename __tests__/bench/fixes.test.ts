import { describe, expect, it } from 'vitest';
import { fixesRows, type FixesRun } from '../../src/bench/fixes.js';
import { fixBest, outcomes } from '../../src/experiment/outcomes.js';
import type { ExperimentsResult, RunRecord } from '../../src/experiment/types.js';

const run = (alternative: RunRecord['alternative'], ms: number): RunRecord => ({ alternative, mountPoint: null, stepMs: ms, syncMs: 0, untilOnDiskMs: ms });
function experiments(runs: RunRecord[], wallMs: number): ExperimentsResult {
  const all = outcomes(runs, { restorePath: 'deps', extractedBytes: 1 });
  return { status: 'ran', budgetMs: 60_000, wallMs, refetch: null, outcomes: all, runs, skipped: [], fixBest: fixBest(all) };
}
const fixesRun = (e: ExperimentsResult, over: Partial<FixesRun> = {}): FixesRun => ({
  experiments: e,
  verdict: 'disk-bandwidth',
  right: true,
  agrees: true,
  liftSavingMs: null,
  ...over,
});

describe('the fixes bench rows', () => {
  it("throttled disk: ram's saving against lifting the throttle, within 15%", () => {
    const rows = fixesRows([
      {
        scenario: 'disk-bandwidth',
        budgetMs: 60_000,
        runs: [fixesRun(experiments([run('baseline', 4000), run('ram', 1000)], 25_000), { liftSavingMs: 3200 })],
      },
      {
        scenario: 'disk-iops',
        budgetMs: 60_000,
        runs: [fixesRun(experiments([run('baseline', 4000), run('ram', 1000)], 61_000), { liftSavingMs: 4000, verdict: 'cpu', right: false, agrees: false })],
      },
    ]);
    const [bw, bwBudget, bwVerdict, iops, iopsBudget, iopsVerdict] = rows;
    expect(bw).toMatchObject({ measure: "disk-bandwidth: ram's saving vs lifting the throttle", met: true });
    expect(bw?.result).toContain('6% apart');
    expect(iops?.result).toContain('25% apart');
    expect(iops?.met).toBe(false);
    expect(bwBudget?.met).toBe(true);
    expect(iopsBudget?.met).toBe(false);
    expect(bwVerdict?.met).toBe(true);
    // A wrong verdict is not held against the experiments.
    expect(iopsVerdict?.met).toBe(true);
    expect(iopsVerdict?.result).toBe('cpu (wrong verdict) disagrees');
  });

  it('cpu quota: ram saves under 10%, decompression is most of the extraction', () => {
    const rows = fixesRows([
      {
        scenario: 'cpu',
        budgetMs: 60_000,
        runs: [fixesRun(experiments([run('baseline', 10_000), run('ram', 9_600), run('decompress', 8_000)], 50_000), { verdict: 'cpu' })],
      },
    ]);
    expect(rows.find((r) => r.measure === 'cpu: ram saves')).toMatchObject({ result: '4% (4%)', met: true });
    expect(rows.find((r) => r.measure === 'cpu: decompression alone, share of the extraction')).toMatchObject({ result: '80% (80%)', met: true });
  });
});
