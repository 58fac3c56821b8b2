// Probe results in the schema's shape for pure tests of what consumes them; figures are set per test.
import type { ProbeName, ProbeResult, ProbeSuiteResult } from '../../src/profile/schema.js';

export function probeResult(name: ProbeName, fields: Partial<ProbeResult> = {}): ProbeResult {
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

export const probeSuite = (probes: ProbeResult[], wallMs = 10_000): ProbeSuiteResult => ({ status: 'ran', wallMs, probes });
