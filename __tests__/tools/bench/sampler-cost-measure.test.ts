// The sampler-cost measurement the bench reports (speed itself is the bench's to show).
import { describe, expect, it } from 'vitest';
import { measureSamplerCost } from '../../../tools/bench/sampler-cost-measure.js';
import { resolveDevices } from '../../../src/sample/devices.js';

const onLinux = process.platform === 'linux';
const devices = onLinux ? resolveDevices({ restorePath: '/var/tmp' }).devices : [];

describe.runIf(onLinux)('cost', () => {
  // Speed is the benchmark's to show (`npm run bench`, BENCHMARKS.md: 0.65% of one core at 100 ms);
  // this checks the measurement itself: it samples, and its figures are consistent with each other.
  it('measures the sampler: snapshots taken, CPU per snapshot consistent with CPU share', async () => {
    const cost = await measureSamplerCost({ durationMs: 3000, intervalMs: 100, devices, warmupMs: 1000 });
    // Half of the run samples, in 500 ms segments of 4–5 ticks each.
    expect(cost.snapshots).toBeGreaterThanOrEqual(20);
    expect(cost.intervalMs).toBe(100);
    expect(Number.isFinite(cost.cpuPercentOfCore)).toBe(true);
    expect(cost.baselineCpuPercentOfCore).toBeGreaterThanOrEqual(0);
    // Both figures divide the same CPU time: per snapshot x snapshots = share of a core x sampling time.
    // (Not per snapshot / interval = share: segments take 4-6 ticks each, so snapshots x interval is
    // only roughly the sampling time, and a loaded CI machine once put that 25 % off.)
    const cpuUs = (cost.cpuPercentOfCore / 100) * cost.durationMs * 1000;
    expect(cost.cpuPerSnapshotUs * cost.snapshots).toBeCloseTo(cpuUs, 3);
  });
});
