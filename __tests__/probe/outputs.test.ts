import { describe, expect, it } from 'vitest';
import type { ProbeName, ProbeResult, ProbeSuiteResult } from '../../src/profile/schema.js';
import { probeOutputs, PROBE_OUTPUT_NAMES } from '../../src/probe/outputs.js';

function result(name: ProbeName, fields: Partial<ProbeResult> = {}): ProbeResult {
  return {
    name,
    direction: name.includes('read') ? 'read' : 'write',
    blockSizeBytes: 4096,
    ioDepth: 1,
    jobs: 1,
    bytesPerSecond: 0,
    iops: 0,
    latencyNs: { mean: 0, p50: null, p99: null },
    runtimeMs: 1000,
    wallMs: 1000,
    steadyState: null,
    ...fields,
  };
}

const suite = (probes: ProbeResult[], wallMs = 10_000): ProbeSuiteResult => ({ status: 'ran', wallMs, probes });

describe('probeOutputs', () => {
  it('formats each ceiling in its unit', () => {
    const outputs = probeOutputs(
      suite([
        result('seq-write', { bytesPerSecond: 250 * 1024 * 1024 }),
        result('seq-read', { bytesPerSecond: 1.5 * 1024 * 1024 }),
        result('rand-write', { iops: 8400.4 }),
        result('rand-read', { iops: 19_600.6 }),
        result('rand-read-qd1', { latencyNs: { mean: 1, p50: 1, p99: 158_720 } }),
        result('fsync-write', { iops: 933.2 }),
      ]),
    );
    expect(outputs).toEqual({
      'seq-write-mibps': '250.0',
      'seq-read-mibps': '1.5',
      'rand-write-iops': '8400',
      'rand-read-iops': '19601',
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

