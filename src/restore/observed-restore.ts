/**
 * The restore under observation: the sampler running and one snapshot at every phase boundary.
 * What runProfile measures, and what the overhead benchmark compares with a plain restoreCache,
 * so both always measure the same thing. The caller stops the sampler (runProfile keeps it running
 * through the writeback tail).
 */
import type { BlockDeviceInfo, Snapshot } from '../profile/schema.js';
import { timedRestore, type RestoreRequest, type TimedRestore } from './timed-restore.js';
import type { CgroupCpuFiles } from '../sample/cgroup.js';
import { Sampler, selfCpuUs } from '../sample/sampler.js';
import { monotonicMs } from '../util/clock.js';

export interface ObservedRestoreOptions extends Omit<RestoreRequest, 'progressIntervalMs'> {
  sampleIntervalMs: number;
  devices: BlockDeviceInfo[];
  originMs: number;
  /** Where /proc is; null without one (macOS, Windows): boundaries are then bare timestamps. */
  procRoot: string | null;
  /** cpu.stat of the runner's cgroup, sampled with the rest; null or absent: none found. */
  cgroupCpu?: CgroupCpuFiles | null;
  log: (line: string) => void;
}

export async function observedRestore(o: ObservedRestoreOptions): Promise<{ timed: TimedRestore; sampler: Sampler | null }> {
  const sampler =
    o.procRoot === null
      ? null
      : new Sampler({ intervalMs: o.sampleIntervalMs, devices: o.devices, originMs: o.originMs, procRoot: o.procRoot, cgroupCpu: o.cgroupCpu ?? null });
  const boundary = sampler ? () => sampler.snapshot() : () => bareSnapshot(o.originMs, o.devices.length);
  sampler?.start();
  try {
    const timed = await timedRestore({
      paths: o.paths,
      primaryKey: o.primaryKey,
      restoreKeys: o.restoreKeys,
      enableCrossOsArchive: o.enableCrossOsArchive,
      lookupOnly: o.lookupOnly,
      onPhase: o.onPhase,
      ...(o.onExtractStart ? { onExtractStart: o.onExtractStart } : {}),
      ...(o.lookUpTree ? { lookUpTree: o.lookUpTree } : {}),
      progressIntervalMs: o.sampleIntervalMs,
      boundary,
      log: o.log,
      clockMs: () => monotonicMs() - o.originMs,
      procRoot: o.procRoot,
    });
    return { timed, sampler };
  } catch (error) {
    sampler?.stop();
    throw error;
  }
}

/** A boundary without /proc: the time and this process's CPU (process.cpuUsage works everywhere), so phases are still timed. */
function bareSnapshot(originMs: number, deviceCount: number): Snapshot {
  return {
    tMs: monotonicMs() - originMs,
    disks: new Array(deviceCount).fill(null),
    cpu: null,
    pressure: null,
    memory: null,
    childCpuTicks: null,
    selfCpuUs: selfCpuUs(),
  };
}
