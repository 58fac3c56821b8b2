/**
 * What the sampler costs (for the benchmark): process CPU time while it runs, minus the CPU the
 * same process burns idling for as long (timers, GC), as percent of one core.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { BlockDeviceInfo } from '../profile/schema.js';
import type { ProcReadMode } from './proc-reader.js';
import { Sampler } from './sampler.js';

export interface SamplerCost {
  durationMs: number;
  intervalMs: number;
  readMode: ProcReadMode;
  snapshots: number;
  /** Sampler run minus idle baseline, percent of one core (can dip below 0 by noise). */
  cpuPercentOfCore: number;
  baselineCpuPercentOfCore: number;
  /** Process CPU per snapshot, microseconds, baseline removed. */
  cpuPerSnapshotUs: number;
}

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

async function cpuOver(durationMs: number, work?: () => void): Promise<number> {
  const before = cpuMicros();
  work?.();
  await sleep(durationMs);
  return cpuMicros() - before;
}

export async function measureSamplerCost(opts: {
  durationMs: number;
  intervalMs: number;
  devices: BlockDeviceInfo[];
  readMode?: ProcReadMode;
  procRoot?: string;
}): Promise<SamplerCost> {
  const readMode = opts.readMode ?? 'pread';
  // Let the caller's own work (GC, reaped children) settle, then take half the idle baseline
  // before and half after the run, so a trend in background CPU cancels out.
  await sleep(100);
  const halfMs = opts.durationMs / 2;
  let baselineUs = await cpuOver(halfMs);
  const sampler = new Sampler({
    intervalMs: opts.intervalMs,
    devices: opts.devices,
    originMs: performance.now(),
    procRoot: opts.procRoot,
    readMode,
    maxSnapshots: Number.MAX_SAFE_INTEGER,
  });
  const runUs = await cpuOver(opts.durationMs, () => sampler.start());
  const { snapshots } = sampler.stop();
  baselineUs += await cpuOver(opts.durationMs - halfMs);
  const toPercent = (us: number) => (us / 1000 / opts.durationMs) * 100;
  return {
    durationMs: opts.durationMs,
    intervalMs: opts.intervalMs,
    readMode,
    snapshots: snapshots.length,
    cpuPercentOfCore: toPercent(runUs - baselineUs),
    baselineCpuPercentOfCore: toPercent(baselineUs),
    cpuPerSnapshotUs: snapshots.length > 0 ? (runUs - baselineUs) / snapshots.length : 0,
  };
}
