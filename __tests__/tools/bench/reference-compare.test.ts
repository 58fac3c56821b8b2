import { describe, expect, it } from 'vitest';
import { probeResult as result, probeSuite as suite } from '../../helpers/probe-results.js';
import type { ProbeSuiteResult } from '../../../src/profile/schema.js';
import { compareInterleaved, suiteFigures, type BenchRun } from '../../../tools/bench/reference-compare.js';

const latency = (meanNs: number, p99Ns: number) => ({ latencyNs: { mean: meanNs, p50: meanNs, p99: p99Ns } });

/** Whole suites, adaptive first, alternating with reference suites of all probes: A R A R A. */
function wholeSuites(adaptive: ProbeSuiteResult[], reference: ProbeSuiteResult[]): BenchRun[] {
  return adaptive.flatMap((suite, i): BenchRun[] => [
    { kind: 'adaptive', suite },
    ...(reference[i] ? [{ kind: 'reference' as const, suite: reference[i]! }] : []),
  ]);
}
const compareWithReference = (adaptive: ProbeSuiteResult[], reference: ProbeSuiteResult[]) => compareInterleaved(wholeSuites(adaptive, reference));

describe('compareInterleaved, whole suites (A R A)', () => {
  it('one run each: difference in percent against the reference and the wall-time ratio', () => {
    const adaptive = suite([result('seq-read', { bytesPerSecond: 110, wallMs: 4000 }), result('rand-read-qd1', { ...latency(95, 70), wallMs: 3000 })], 8000);
    const reference = suite(
      [result('seq-read', { bytesPerSecond: 100, wallMs: 62_000 }), result('rand-read-qd1', { ...latency(100, 100), wallMs: 62_000 })],
      124_000,
    );
    const comparison = compareWithReference([adaptive], [reference]);
    expect(comparison.ceilings.map((c) => [c.probe, c.metric, c.informative])).toEqual([
      ['seq-read', 'bytesPerSecond', false],
      ['rand-read-qd1', 'meanLatencyNs', false],
      ['rand-read-qd1', 'p99LatencyNs', true],
    ]);
    expect(comparison.ceilings[0]!.differencePercent).toBeCloseTo(10, 9);
    expect(comparison.ceilings[0]!.worstRunDifferencePercent).toBeCloseTo(10, 9);
    expect(comparison.ceilings[0]!.wallTimeRatio).toBeCloseTo(4000 / 62_000, 9);
    expect(comparison.ceilings[1]!.differencePercent).toBeCloseTo(-5, 9);
    expect(comparison.ceilings[2]!.differencePercent).toBeCloseTo(-30, 9);
    // QD1's p99 is shown, not judged: the largest difference is seq-read's 10 %, not the tail's 30 %.
    expect(comparison.maxAbsDifferencePercent).toBeCloseTo(10, 9);
    expect(comparison.wallTimeRatio).toBeCloseTo(8000 / 124_000, 9);
  });

  it('repeated runs: medians on both sides, the reference spread, and the worst single adaptive run', () => {
    const adaptive = [90, 104, 120].map((iops, i) => suite([result('rand-write', { iops, wallMs: 4000 + i })], 28_000 + i * 1000));
    const reference = [95, 105].map((iops) => suite([result('rand-write', { iops, wallMs: 62_000 })], 370_000));
    const comparison = compareWithReference(adaptive, reference);
    const c = comparison.ceilings[0]!;
    expect(c.adaptive).toMatchObject({ median: 104, min: 90, max: 120, runs: 3 });
    expect(c.reference).toMatchObject({ median: 100, runs: 2 });
    expect(c.reference!.spreadPercent).toBeCloseTo(10, 9);
    expect(c.differencePercent).toBeCloseTo(4, 9);
    expect(c.worstRunDifferencePercent).toBeCloseTo(20, 9);
    expect(c.wallTimeRatio).toBeCloseTo(4001 / 62_000, 9);
    expect(comparison.adaptiveWallMs!.median).toBe(29_000);
    // The reference side's wall time is its probes' run time (here one probe of 62 s), not its layout.
    expect(comparison.wallTimeRatio).toBeCloseTo(29_000 / 62_000, 9);
  });

  it('a failed run is left out of the median; a side with no measurement gives null, not a made-up difference', () => {
    const okThenFailed = [suite([result('rand-write', { iops: 10 })]), suite([result('rand-write', { iops: 99, error: 'boom' })])];
    expect(compareWithReference(okThenFailed, [suite([result('rand-write', { iops: 10 })])]).ceilings[0]!.differencePercent).toBe(0);
    const comparison = compareWithReference([suite([result('rand-write', { iops: 10, error: 'boom' })])], [suite([result('rand-write', { iops: 10 })])]);
    expect(comparison.ceilings[0]!.differencePercent).toBeNull();
    expect(comparison.ceilings[0]!.worstRunDifferencePercent).toBeNull();
    expect(comparison.maxAbsDifferencePercent).toBeNull();
  });
});

describe('compareInterleaved, one probe per reference (A R1 A R2 A)', () => {
  const adaptive = (iops: number, wallMs = 28_000) => ({
    kind: 'adaptive' as const,
    suite: suite([result('rand-write', { iops, wallMs: 4000 }), result('rand-read', { iops: iops / 2, wallMs: 4000 })], wallMs),
  });
  const reference = (name: 'rand-write' | 'rand-read', iops: number) => ({
    kind: 'reference' as const,
    suite: suite([result(name, { iops, wallMs: 62_000 })], 63_000),
  });

  it('compares each reference only with the adaptive suites right before and after it', () => {
    // Drift: the host gets faster over time. rand-write's reference sits between the 100 and 110 suites,
    // rand-read's between 110 and 200 (halved): the far-away suites must not enter either comparison.
    const timeline = [adaptive(100), reference('rand-write', 105), adaptive(110), reference('rand-read', 80), adaptive(200, 29_000)];
    const comparison = compareInterleaved(timeline);
    const write = comparison.ceilings.find((c) => c.probe === 'rand-write')!;
    const read = comparison.ceilings.find((c) => c.probe === 'rand-read')!;
    expect(write.adaptive).toMatchObject({ median: 105, runs: 2 });
    expect(write.differencePercent).toBeCloseTo(0, 9);
    expect(read.adaptive).toMatchObject({ median: 77.5, min: 55, max: 100, runs: 2 });
    expect(read.differencePercent).toBeCloseTo(-3.125, 9);
    expect(read.worstRunDifferencePercent).toBeCloseTo(-31.25, 9);
    expect(comparison.adaptiveWallMs).toMatchObject({ median: 28_000, max: 29_000, runs: 3 });
    // The reference suite's wall time: the probes' reference runs added up.
    expect(comparison.referenceWallMs!.median).toBe(124_000);
  });

  it('a probe without a reference run is not compared', () => {
    const comparison = compareInterleaved([adaptive(100), reference('rand-write', 100), adaptive(100)]);
    expect(comparison.ceilings.map((c) => c.probe)).toEqual(['rand-write']);
  });
});

describe('suiteFigures', () => {
  it("lists each probe's compared figures, QD1 with mean and p99, an errored probe as null", () => {
    const figures = suiteFigures(suite([result('rand-read-qd1', latency(60, 110)), result('rand-write', { iops: 5, error: 'boom' })]));
    expect(figures).toEqual([
      { probe: 'rand-read-qd1', metric: 'meanLatencyNs', value: 60 },
      { probe: 'rand-read-qd1', metric: 'p99LatencyNs', value: 110 },
      { probe: 'rand-write', metric: 'iops', value: null },
    ]);
  });
});
