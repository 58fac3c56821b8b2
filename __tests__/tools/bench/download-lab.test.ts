// The download bench's pure parts: which relaxation saved most, the what-if's share of the measured restore,
// the rows' pass/fail, and the scenario table's consistency.
import { describe, expect, it } from 'vitest';
import { downloadRows, whatIfShare, type DownloadLabRun } from '../../../tools/bench/download-lab.js';
import { bestChange } from '../../../tools/bench/transfer-lab.js';
import { DOWNLOAD_BENCH_SCENARIOS, DOWNLOAD_SCENARIOS, verdictAgrees } from '../../../tools/lab/download-scenarios.js';
import { downloadScenarios } from '../../../tools/cli/bench.js';

const run = (limit: DownloadLabRun['verdict']['limit'], lowerBoundMs: number, relaxedMs: number): DownloadLabRun => ({
  verdict: {
    limit,
    sentence: '',
    stalls: [{ kind: 'body', requestId: 4, startMs: 0, durationMs: 2900, atBytes: 0, wholeDownloadMs: 1000, toolkit: '' }],
    evidence: [],
    whatIf: [{ change: 'stall-removed', downloadLowerBoundMs: lowerBoundMs, sentence: '' }],
  },
  downloadMs: 4000,
  baselineMs: 5000,
  relaxedMs: { 'stall-removed': relaxedMs },
});

describe('the download bench', () => {
  it('the best relaxation is the one that saved most, if it saved 10% of the baseline', () => {
    expect(bestChange(run('stall', 3000, 4000))).toEqual({ change: 'stall-removed', savedMs: 1000 });
    expect(bestChange(run('stall', 3000, 4800))).toBeNull();
  });

  it("a what-if's share: its restore time (baseline less its saving) over the measured one", () => {
    // Says the download drops from 4 s to 3 s: restore 4 s predicted, 4 s measured.
    expect(whatIfShare(run('stall', 3000, 4000), 'stall-removed')).toBeCloseTo(1, 6);
    expect(whatIfShare(run('stall', 2000, 4000), 'stall-removed')).toBeCloseTo(0.75, 6);
  });

  it('rows: agreement, bound and tightness, and the stall found on the held request within 0.5 s', () => {
    const rows = downloadRows([{ name: 'sdk-hold', scenario: DOWNLOAD_SCENARIOS['sdk-hold'], runs: [run('stall', 3000, 4000), run('path', 2000, 4000)] }]);
    expect(rows.map((r) => [r.measure, r.met])).toEqual([
      ['sdk-hold: verdict vs intervention', false],
      ['sdk-hold: what-if stall-removed', false],
      ['sdk-hold: stall found', true],
    ]);
  });

  it('scenarios: one connection agrees with either cap; every bench scenario has an intervention; bad names are refused', () => {
    expect(verdictAgrees('bandwidth', 'twice-aggregate')).toBe(true);
    expect(verdictAgrees('path', 'twice-per-connection')).toBe(false);
    for (const name of DOWNLOAD_BENCH_SCENARIOS) expect(Object.keys(DOWNLOAD_SCENARIOS[name].relaxed).length).toBeGreaterThan(0);
    expect(() => downloadScenarios('sdk-hold,nope')).toThrow(/known: sdk-path-cap/);
    expect(downloadScenarios(undefined)).toEqual(DOWNLOAD_BENCH_SCENARIOS);
  });
});
