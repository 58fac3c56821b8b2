/** ProbeSuiteResult → the action's probe outputs (strings; empty when the probe did not run). Pure. */
import type { ProbeName, ProbeResult, ProbeSuiteResult } from '../profile/schema.js';
import { MiB } from '../util/units.js';

export type ProbeOutputName =
  | 'seq-write-mibps'
  | 'seq-read-mibps'
  | 'rand-write-iops'
  | 'rand-read-iops'
  | 'rand-read-qd1-mean-us'
  | 'rand-read-qd1-p99-us'
  | 'fsync-write-iops';

interface OutputSpec {
  probe: ProbeName;
  value: (result: ProbeResult) => number | null;
  decimals: number;
}

const OUTPUTS: Record<ProbeOutputName, OutputSpec> = {
  'seq-write-mibps': { probe: 'seq-write', value: (r) => r.bytesPerSecond / MiB, decimals: 1 },
  'seq-read-mibps': { probe: 'seq-read', value: (r) => r.bytesPerSecond / MiB, decimals: 1 },
  'rand-write-iops': { probe: 'rand-write', value: (r) => r.iops, decimals: 0 },
  'rand-read-iops': { probe: 'rand-read', value: (r) => r.iops, decimals: 0 },
  'rand-read-qd1-mean-us': { probe: 'rand-read-qd1', value: (r) => r.latencyNs.mean / 1000, decimals: 1 },
  'rand-read-qd1-p99-us': { probe: 'rand-read-qd1', value: (r) => (r.latencyNs.p99 === null ? null : r.latencyNs.p99 / 1000), decimals: 1 },
  'fsync-write-iops': { probe: 'fsync-write', value: (r) => r.iops, decimals: 0 },
};

export const PROBE_OUTPUT_NAMES = Object.keys(OUTPUTS) as ProbeOutputName[];

/** A probe that errored counts as not run: an output of 0 would read as a real (terrible) figure. */
export function probeOutputs(suite: ProbeSuiteResult | null): Record<ProbeOutputName, string> {
  const outputs = {} as Record<ProbeOutputName, string>;
  for (const name of PROBE_OUTPUT_NAMES) {
    const spec = OUTPUTS[name];
    const result = suite?.probes.find((p) => p.name === spec.probe && !p.error);
    const value = result ? spec.value(result) : null;
    outputs[name] = value === null || !Number.isFinite(value) ? '' : value.toFixed(spec.decimals);
  }
  return outputs;
}
