/** The sampler's own CPU at 100 ms on this machine's disks (src/sample/cost.ts), several runs. */
import os from 'node:os';
import { resolveDevices } from '../../src/sample/devices.js';
import { measureSamplerCost, type SamplerCost } from './sampler-cost-measure.js';
import type { BenchRow } from './table.js';
import { fixed, median } from './stats.js';

export async function benchSamplerCost(runs: number, durationMs: number): Promise<SamplerCost[]> {
  const devices = resolveDevices({ restorePath: os.tmpdir() }).devices;
  const out: SamplerCost[] = [];
  for (let i = 0; i < runs; i++) out.push(await measureSamplerCost({ durationMs, intervalMs: 100, devices, warmupMs: 1000 }));
  return out;
}

export function samplerCostRows(costs: readonly SamplerCost[]): BenchRow[] {
  const pct = median(costs.map((c) => c.cpuPercentOfCore));
  return [
    {
      section: 'Sampler cost',
      measure: `CPU at 100 ms (${costs.length} runs of ${fixed((costs[0]?.durationMs ?? 0) / 1000, 0, ' s')}, idle baseline removed)`,
      result: `${fixed(pct, 2, '%')} of one core (${fixed(median(costs.map((c) => c.cpuPerSnapshotUs)), 0, ' µs')} per snapshot)`,
      target: '≤ 1% of one core',
      met: pct !== null && pct <= 1,
    },
  ];
}
