import { describe, expect, it } from 'vitest';
import { probeResult as result, probeSuite as suite } from '../helpers/probe-results.js';
import { compareWithReference } from '../../src/probe/reference-compare.js';


describe('compareWithReference', () => {
  it('per ceiling: difference in percent against the reference and the wall-time ratio', () => {
    const adaptive = suite([result('seq-read', { bytesPerSecond: 110, wallMs: 4000 }), result('rand-read-qd1', { latencyNs: { mean: 0, p50: 0, p99: 90 }, wallMs: 3000 })], 8000);
    const reference = suite([result('seq-read', { bytesPerSecond: 100, wallMs: 62_000 }), result('rand-read-qd1', { latencyNs: { mean: 0, p50: 0, p99: 100 }, wallMs: 62_000 })], 124_000);
    const comparison = compareWithReference(adaptive, reference);
    expect(comparison.ceilings.map((c) => c.probe)).toEqual(['seq-read', 'rand-read-qd1']);
    expect(comparison.ceilings[0]!.differencePercent).toBeCloseTo(10, 9);
    expect(comparison.ceilings[0]!.wallTimeRatio).toBeCloseTo(4000 / 62_000, 9);
    expect(comparison.ceilings[1]!.metric).toBe('p99LatencyNs');
    expect(comparison.ceilings[1]!.differencePercent).toBeCloseTo(-10, 9);
    expect(comparison.maxAbsDifferencePercent).toBeCloseTo(10, 9);
    expect(comparison.wallTimeRatio).toBeCloseTo(8000 / 124_000, 9);
  });

  it('a missing or failed side gives null, not a made-up difference', () => {
    const comparison = compareWithReference(
      suite([result('rand-write', { iops: 10, error: 'boom' })]),
      suite([result('rand-write', { iops: 10 })]),
    );
    expect(comparison.ceilings[0]!.differencePercent).toBeNull();
    expect(comparison.maxAbsDifferencePercent).toBeNull();
  });
});
