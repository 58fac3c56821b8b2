import { describe, expect, it } from 'vitest';
import { pageCachePredictionOf, predictedSavingMs, predictPageCacheStep } from '../../src/experiment/page-cache-prediction.js';
import type { AlternativeOutcome } from '../../src/experiment/types.js';
import { judgeInDetail } from '../../src/judge/judge.js';
import { spread } from '../../src/util/spread.js';
import { fixtureNames, loadFixture } from '../judge/fixture-tools.js';

const outcome = (alternative: AlternativeOutcome['alternative'], ms: number): AlternativeOutcome => ({
  alternative,
  mountPoint: null,
  timeMs: spread([ms])!,
  writebackLeftMs: null,
  savingMs: null,
  savingShare: null,
  apply: '',
  failedRuns: 0,
});

describe('page-cache prediction', () => {
  it("the step takes the busiest process's CPU time: tar no longer waits on the disk", () => {
    // A 7 GiB runner's thresholds: tar throttled by dirty pages for 3.2 s, unzstd busy 0.128 of a core.
    expect(predictPageCacheStep({ durationMs: 3200, busiestProcess: { comm: 'unzstd', cores: 0.128 } })).toEqual({
      stepMs: 409.6,
      basis: { comm: 'unzstd', cores: 0.128, extractMs: 3200 },
    });
  });

  it('never more than the measured extraction', () => {
    expect(predictPageCacheStep({ durationMs: 2000, busiestProcess: { comm: 'tar', cores: 1.04 } })?.stepMs).toBe(2000);
  });

  it('a CPU-bound extraction keeps its time: under a quota tar and unzstd shared what it gave', () => {
    // lab-cpu.json: 30 % of a core for both; the busiest process's cores would promise a saving the quota forbids.
    const profile = loadFixture('lab-cpu.json');
    const extract = profile.phases.find((p) => p.name === 'extract')!;
    expect(profile.verdict?.phases.find((p) => p.phase === 'extract')?.bottleneck).toBe('cpu');
    expect(pageCachePredictionOf(profile)?.stepMs).toBeCloseTo(extract.endMs - extract.startMs, 6);
  });

  it('none when page-cache was skipped as already-fits: the profiled extraction already had the budget', () => {
    const profile = loadFixture('lab-disk-bandwidth.json');
    expect(pageCachePredictionOf(profile)).not.toBeNull();
    profile.experiments = {
      status: 'ran',
      budgetMs: 60_000,
      wallMs: 1_000,
      refetch: null,
      outcomes: [],
      runs: [],
      skipped: [{ alternative: 'page-cache', mountPoint: null, reason: 'already-fits', detail: 'the page cache already holds the restore' }],
      fixBest: { alternative: 'none', mountPoint: null, savingMs: null },
    };
    expect(pageCachePredictionOf(profile)).toBeNull();
  });

  it('cannot say without per-process CPU or an extraction', () => {
    expect(predictPageCacheStep({ durationMs: 2000, busiestProcess: null })).toBeNull();
    expect(predictPageCacheStep({ durationMs: 2000, busiestProcess: { comm: 'none', cores: 0 } })).toBeNull();
    expect(predictPageCacheStep({ durationMs: 0, busiestProcess: { comm: 'tar', cores: 0.5 } })).toBeNull();
  });

  it('the predicted saving is against the baseline until on disk', () => {
    const pageCachePrediction = { stepMs: 410, basis: { comm: 'unzstd', cores: 0.128, extractMs: 3200 } };
    expect(predictedSavingMs({ outcomes: [outcome('baseline', 5210), outcome('page-cache', 450)], pageCachePrediction })).toBe(4800);
    expect(predictedSavingMs({ outcomes: [outcome('page-cache', 450)], pageCachePrediction })).toBeNull();
    expect(predictedSavingMs({ outcomes: [outcome('baseline', 5210)], pageCachePrediction: null })).toBeNull();
  });

  it("is the judge's own facts of the extract phase on recorded profiles", () => {
    let predicted = 0;
    for (const name of fixtureNames()) {
      const profile = loadFixture(name);
      const extract = judgeInDetail(profile).phases.find((p) => p.phase === 'extract');
      const prediction = pageCachePredictionOf(profile);
      const busiest = extract?.facts.busiestProcess;
      if (!extract || !busiest || busiest.cores <= 0) {
        expect(prediction, name).toBeNull();
        continue;
      }
      predicted++;
      const cpuBound = profile.verdict?.phases.find((p) => p.phase === 'extract')?.bottleneck === 'cpu';
      const expected = cpuBound ? extract.durationMs : Math.min(extract.durationMs, busiest.cores * extract.durationMs);
      expect(prediction?.stepMs, name).toBeCloseTo(expected, 6);
      expect(prediction?.basis.comm, name).toBe(busiest.comm);
    }
    expect(predicted).toBeGreaterThan(0);
  });

  it('a cgroup v2 memory limit whose share of the raised budget cannot hold the restore: the extraction keeps its time', () => {
    const profile = loadFixture('lab-runner-16gib.json');
    const extract = judgeInDetail(profile).phases.find((p) => p.phase === 'extract');
    const before = pageCachePredictionOf(profile)?.stepMs ?? 0;
    expect(before).toBeLessThan(extract?.durationMs ?? 0);
    const cgroup = { version: 2 as const, path: '/', cpuQuotaCores: null, cpuPeriodUs: null, cpusetCpus: null, ioLimits: [] };
    // The raised budget is 2× the restore, rounded up to 64 MiB: a group with under half the host's memory gets less than the restore.
    const small = profile.context.memoryBytes * 0.4;
    profile.context.cgroup = { ...cgroup, memoryLimitBytes: small };
    expect(pageCachePredictionOf(profile)?.stepMs).toBeCloseTo(extract?.durationMs ?? 0, 6);
    // A limit that leaves enough of it, or v1 (no per-cgroup dirty domain), changes nothing.
    profile.context.cgroup = { ...cgroup, memoryLimitBytes: profile.context.memoryBytes * 0.9 };
    expect(pageCachePredictionOf(profile)?.stepMs).toBeCloseTo(before, 6);
    profile.context.cgroup = { ...cgroup, version: 1, memoryLimitBytes: small };
    expect(pageCachePredictionOf(profile)?.stepMs).toBeCloseTo(before, 6);
  });
});
