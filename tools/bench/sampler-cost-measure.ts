/**
 * What the sampler costs (for the benchmark): process CPU time while it runs, minus the CPU the
 * same process burns idling for as long (timers, GC, V8's compiler threads), as percent of one core.
 * Sampling and idle segments alternate, so background CPU that comes in bursts lands in both
 * about equally instead of skewing whichever single window it hit.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { BlockDeviceInfo } from '../../src/profile/schema.js';
import type { ProcReadMode } from '../../src/sample/proc-reader.js';
import { readCgroup } from '../../src/sample/cgroup.js';
import { Sampler } from '../../src/sample/sampler.js';

export interface SamplerCost {
  durationMs: number;
  intervalMs: number;
  readMode: ProcReadMode;
  snapshots: number;
  /** Sampler run minus idle baseline, percent of one core (noise can push it slightly below 0). */
  cpuPercentOfCore: number;
  baselineCpuPercentOfCore: number;
  /** Process CPU per snapshot, microseconds, baseline removed. */
  cpuPerSnapshotUs: number;
}

const SEGMENT_MS = 500;

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export async function measureSamplerCost(opts: {
  durationMs: number;
  intervalMs: number;
  devices: BlockDeviceInfo[];
  readMode?: ProcReadMode;
  procRoot?: string;
  /**
   * Sample unmeasured this long first, so V8 has compiled the hot path as it would have early in a
   * real restore; default 0 (a cold start, the honest figure for very short runs).
   */
  warmupMs?: number;
}): Promise<SamplerCost> {
  const readMode = opts.readMode ?? 'pread';
  // As the pipeline samples: with the runner's cgroup cpu.stat where one is found.
  const cgroupCpu = readCgroup(opts.procRoot ? { procRoot: opts.procRoot } : {})?.cpuFiles ?? null;
  const sampleFor = async (durationMs: number): Promise<number> => {
    const sampler = new Sampler({
      intervalMs: opts.intervalMs,
      devices: opts.devices,
      originMs: performance.now(),
      procRoot: opts.procRoot,
      readMode,
      cgroupCpu,
      maxSnapshots: Number.MAX_SAFE_INTEGER,
    });
    sampler.start();
    await sleep(durationMs);
    return sampler.stop().snapshots.length;
  };
  if (opts.warmupMs && opts.warmupMs > 0) await sampleFor(opts.warmupMs);

  let runUs = 0;
  let idleUs = 0;
  let snapshots = 0;
  for (let doneMs = 0; doneMs < opts.durationMs; doneMs += SEGMENT_MS) {
    const segmentMs = Math.min(SEGMENT_MS, opts.durationMs - doneMs);
    let before = cpuMicros();
    await sleep(segmentMs);
    idleUs += cpuMicros() - before;
    before = cpuMicros();
    snapshots += await sampleFor(segmentMs);
    runUs += cpuMicros() - before;
  }
  const toPercent = (us: number) => (us / 1000 / opts.durationMs) * 100;
  return {
    durationMs: opts.durationMs,
    intervalMs: opts.intervalMs,
    readMode,
    snapshots,
    cpuPercentOfCore: toPercent(runUs - idleUs),
    baselineCpuPercentOfCore: toPercent(idleUs),
    cpuPerSnapshotUs: snapshots > 0 ? (runUs - idleUs) / snapshots : 0,
  };
}
