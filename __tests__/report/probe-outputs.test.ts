import { describe, expect, it } from 'vitest';
import { probeResult as result, probeSuite as suite } from '../helpers/probe-results.js';
import { probeOutputs, PROBE_OUTPUT_NAMES } from '../../src/report/probe-outputs.js';

describe('probeOutputs', () => {
  it('formats each ceiling in its unit', () => {
    const outputs = probeOutputs(
      suite([
        result('seq-write', { bytesPerSecond: 250 * 1024 * 1024 }),
        result('seq-read', { bytesPerSecond: 1.5 * 1024 * 1024 }),
        result('rand-write', { iops: 8400.4 }),
        result('rand-read', { iops: 19_600.6 }),
        result('rand-read-qd1', { latencyNs: { mean: 61_449, p50: 58_000, p99: 158_720 } }),
        result('fsync-write', { iops: 933.2 }),
      ]),
    );
    expect(outputs).toEqual({
      'seq-write-mibps': '250.0',
      'seq-read-mibps': '1.5',
      'rand-write-iops': '8400',
      'rand-read-iops': '19601',
      'rand-read-qd1-mean-us': '61.4',
      'rand-read-qd1-p99-us': '158.7',
      'fsync-write-iops': '933',
    });
  });

  it('empty strings for probes that did not run, errored, or a missing suite', () => {
    const outputs = probeOutputs(suite([result('seq-write', { bytesPerSecond: 5, error: 'fio exited with code 1' })]));
    expect(Object.values(outputs)).toEqual(PROBE_OUTPUT_NAMES.map(() => ''));
    expect(Object.values(probeOutputs(null)).every((v) => v === '')).toBe(true);
  });
});
