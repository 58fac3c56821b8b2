/**
 * Builds a scenario (tools/lab/scenario-specs.ts) into a runner on this machine, every change pushed
 * onto the caller's CleanupStack, and checks a profile's verdict against what the runner was built
 * for. Throttles sit far from this machine's natural figures (virtio disk ~950 MiB/s and ~98k write
 * IOPS, loopback network at GB/s, an extraction using ~1 core) so verdicts are not borderline.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Profile } from '../../src/profile/schema.js';
import type { LocalServices } from '../services/index.js';
import { throttleDevice } from './blkio.js';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { createCloudVolume } from './cloud-volume.js';
import { startBurstCredit } from './burst-credit.js';
import { cpuQuotaForTar } from './cpu-quota.js';
import { lowerDirtyLimits } from '../../src/system/dirty-limits.js';
import { createDmLinear } from './dm-linear.js';
import { leaveDirtyPages } from './earlier-dirty.js';
import { createLoopDevice, createLoopDisk, formatAndMount } from './loop-disk.js';
import { pathWithout } from './no-fio.js';
import { bindMount, createOverlay } from './overlay.js';
import { LAB_PREFIX, RAM_DIR } from './paths.js';
import { LAB_SETTINGS, SCENARIOS, settingsOf, specProblems, type LabScenarioName, type ScenarioSpec } from './scenario-specs.js';
import { isolateStep, type StepIsolation } from './step-isolation.js';
import { startSecondWriter } from './second-writer.js';
import { startOtherCpuLoad } from './other-cpu-load.js';
import { DISK_RESOURCES } from '../../src/judge/disk-load.js';

export { CI_LAB_SCENARIOS, LAB_SCENARIOS, LAB_SETTINGS, MiB, SCENARIOS, type LabScenarioName, type ScenarioSpec } from './scenario-specs.js';

export interface LabRunner {
  workspace: string;
  runnerTemp: string;
  /** Extra environment for the restore (PATH with the tar shim). */
  env: Record<string, string>;
  /** Block devices the scenario created or throttled ("major:minor"), for the machine-state check. */
  devNumbers: string[];
  settings: Record<string, number>;
  /** Run right before the restore (profiled or plain): what an earlier step leaves behind. */
  beforeRestore: () => void;
  /** CPU-seconds tar + unzstd used so far in this setup (cpuacct), on scenarios with a CPU control. */
  cpuSeconds?: () => number;
  /** Set when the whole step (profiler included) must run in a container's limits: a child process (step-isolation.ts). */
  isolation?: StepIsolation;
  /** cgroup.procs files the step's own processes write to join a group (the tar shim's): handed to the user of --as-user. */
  joins: string[];
}

export interface SetupContext {
  cleanup: CleanupStack;
  /** A fresh directory for this scenario, removed by the caller. */
  dir: string;
  services: LocalServices;
}

export interface Expectation {
  right: boolean;
  /** What was expected, for the report. */
  expected: string;
}

/** The restore's disk as built: where the workspace goes, and the devices made or capped for it. */
interface RestoreDisk {
  root: string;
  devNumbers: string[];
  /** A directory on the restore's disk that is not under the workspace (for RUNNER_TEMP). */
  tempRoot: string;
  /** Called once the workspace exists: mounts what lies inside it (two-disks' second disk). */
  inWorkspace?: (workspace: string) => void;
}

/** The write caps a spec sets, on one device (a burst-credit volume's controller lowers its bandwidth cap later). */
function capDevice(spec: ScenarioSpec, ctx: SetupContext, device: { device: string; devNumber: string }): void {
  const { writeBytesPerSecond, writeIops } = spec.controls;
  if (writeBytesPerSecond !== undefined && spec.burstCredit) {
    startBurstCredit(ctx.cleanup, {
      dir: ctx.dir,
      device: device.device,
      devNumber: device.devNumber,
      budgetBytes: spec.burstCredit.budgetBytes,
      burstBytesPerSecond: spec.burstCredit.burstBytesPerSecond,
      baselineBytesPerSecond: writeBytesPerSecond,
    });
  } else if (writeBytesPerSecond !== undefined) {
    throttleDevice(ctx.cleanup, device.devNumber, 'blkio.throttle.write_bps_device', writeBytesPerSecond);
  }
  if (writeIops !== undefined) throttleDevice(ctx.cleanup, device.devNumber, 'blkio.throttle.write_iops_device', writeIops);
}

/** A directory in RAM (/dev/shm) for loop images, removed after the devices are detached. */
function ramDir(cleanup: CleanupStack): string {
  const dir = mkdtempSync(path.join(RAM_DIR, LAB_PREFIX));
  cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Where the restore path lives, and the devices made for it. beforeCaps runs between creating the
 * file system and capping it, so what it pushes on the cleanup stack is undone after the caps are
 * lifted (removing a file whose pages are under writeback waits for them: uncapped, that is quick).
 */
function restoreDisk(spec: ScenarioSpec, ctx: SetupContext, beforeCaps: (root: string) => void): RestoreDisk {
  const imageDir = spec.diskImage === 'ram' ? ramDir(ctx.cleanup) : undefined;
  const imageBytes = spec.loopImageBytes ?? LAB_SETTINGS.loopImageBytes;
  const loop = (name?: string) =>
    createLoopDisk(ctx.cleanup, {
      dir: ctx.dir,
      sizeBytes: imageBytes,
      noMerges: spec.noMerges ?? false,
      ...(spec.maxSectorsKb !== undefined ? { maxSectorsKb: spec.maxSectorsKb } : {}),
      ...(name ? { name } : {}),
      ...(imageDir ? { imageDir } : {}),
    });
  switch (spec.disk) {
    case 'loop': {
      const disk = loop();
      beforeCaps(disk.mountPoint);
      capDevice(spec, ctx, disk);
      return { root: disk.mountPoint, devNumbers: [disk.devNumber], tempRoot: disk.mountPoint };
    }
    case 'cloud-volume': {
      const volume = createCloudVolume(ctx.cleanup, { dir: ctx.dir, volumeBytes: LAB_SETTINGS.cloudVolumeBytes, maxSectorsKb: LAB_SETTINGS.cloudMaxSectorsKb });
      beforeCaps(volume.upper.mountPoint);
      // The caps on the LOWER device, where each merged upper request arrives as one bio.
      capDevice(spec, ctx, volume.lower);
      return { root: volume.upper.mountPoint, devNumbers: [volume.upper.devNumber, volume.lower.devNumber], tempRoot: volume.upper.mountPoint };
    }
    case 'overlay': {
      const disk = loop();
      const overlay = createOverlay(ctx.cleanup, { dir: ctx.dir, upperRoot: disk.mountPoint });
      beforeCaps(overlay.merged);
      capDevice(spec, ctx, disk);
      // RUNNER_TEMP as a container sees it: the host's directory, bind-mounted (here from the same disk).
      const temp = path.join(ctx.dir, 'container-temp');
      bindMount(ctx.cleanup, path.join(disk.mountPoint, 'host-runner-temp'), temp);
      return { root: overlay.merged, devNumbers: [disk.devNumber], tempRoot: temp };
    }
    case 'dm-linear': {
      const below = createLoopDevice(ctx.cleanup, { dir: ctx.dir, sizeBytes: imageBytes, name: 'below.img' });
      const dm = createDmLinear(ctx.cleanup, { name: `${LAB_PREFIX}${process.pid}-${path.basename(ctx.dir)}`, below: below.device });
      const mountPoint = path.join(ctx.dir, 'mnt');
      mkdirSync(mountPoint);
      formatAndMount(ctx.cleanup, dm.device, mountPoint);
      beforeCaps(mountPoint);
      // The caps on the disk below, as a cloud volume's under LVM: dm hands it bios, the loop queue merges them.
      capDevice(spec, ctx, below);
      return { root: mountPoint, devNumbers: [dm.devNumber, below.devNumber], tempRoot: mountPoint };
    }
    case 'two-disks': {
      const first = loop('first');
      const second = loop('second');
      beforeCaps(first.mountPoint);
      capDevice(spec, ctx, second);
      const inWorkspace = (workspace: string) => {
        const target = path.join(workspace, spec.secondDiskPath ?? '');
        mkdirSync(target, { recursive: true });
        bindMount(ctx.cleanup, path.join(second.mountPoint, 'restore'), target);
      };
      return { root: first.mountPoint, devNumbers: [first.devNumber, second.devNumber], tempRoot: first.mountPoint, inWorkspace };
    }
  }
}

export function setupScenario(spec: ScenarioSpec, ctx: SetupContext): LabRunner {
  const problems = specProblems(spec);
  if (problems.length) throw new Error(`lab scenario ${spec.name} cannot be built: ${problems.join('; ')}`);
  let earlierFile: string | null = null;
  const disk = restoreDisk(spec, ctx, (root) => {
    if (spec.earlierDirtyBytes === undefined) return;
    earlierFile = path.join(root, 'earlier-step-output.bin');
    const file = earlierFile;
    ctx.cleanup.push(`remove ${file}`, () => rmSync(file, { force: true }));
  });
  const workspace = path.join(disk.root, 'workspace');
  const runnerTemp = spec.runnerTemp === 'vm-disk' ? path.join(ctx.dir, 'runner-temp') : path.join(disk.tempRoot, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp, { recursive: true });
  disk.inWorkspace?.(workspace);
  if (spec.dirty) lowerDirtyLimits(ctx.cleanup, { dirtyBytes: spec.dirty.dirtyBytes, backgroundBytes: spec.dirty.backgroundBytes });

  const { downloadBytesPerSecond, cpuCores } = spec.controls;
  if (downloadBytesPerSecond !== undefined) {
    ctx.cleanup.push('lift the download rate limit', () => ctx.services.setSettings({ downloadBytesPerSecond: null }));
    ctx.services.setSettings({ downloadBytesPerSecond: Math.round(downloadBytesPerSecond) });
  }
  let searchPath = process.env.PATH ?? '';
  if (spec.noFio) searchPath = pathWithout(ctx.dir, ['fio']);
  let cpuSeconds: (() => number) | undefined;
  let isolation: StepIsolation | undefined;
  let joins: string[] = [];
  if (cpuCores !== undefined) {
    const step = spec.cpuScope === 'step';
    if (step) isolation = isolateStep(ctx.cleanup, { dir: ctx.dir, cores: cpuCores, hidePressure: spec.hidePressure ?? false });
    // Under a step quota the shim only meters tar (moving it to a group of its own would free it of the quota).
    const quota = cpuQuotaForTar(ctx.cleanup, { dir: ctx.dir, cores: step ? null : cpuCores });
    searchPath = `${quota.shimDir}:${searchPath}`;
    cpuSeconds = quota.tarCpuSeconds;
    joins = quota.joins;
  }
  const env: Record<string, string> = searchPath === (process.env.PATH ?? '') ? {} : { PATH: searchPath };
  if (spec.secondWriterBytesPerSecond !== undefined) startSecondWriter(ctx.cleanup, disk.root, spec.secondWriterBytesPerSecond);
  if (spec.otherCpuLoad) startOtherCpuLoad(ctx.cleanup, spec.otherCpuLoad);

  const earlier = spec.earlierDirtyBytes;
  const file: string | null = earlierFile;
  const beforeRestore = earlier === undefined || file === null ? () => {} : () => leaveDirtyPages(file, earlier);
  return {
    workspace,
    runnerTemp,
    env,
    devNumbers: disk.devNumbers,
    settings: settingsOf(spec),
    beforeRestore,
    joins,
    ...(cpuSeconds ? { cpuSeconds } : {}),
    ...(isolation ? { isolation } : {}),
  };
}

/** Disk shares in the verdict's evidence (today's ids and the rewrite's), for the baseline rule. */
function diskShares(profile: Profile): number[] {
  return (profile.verdict?.phases ?? [])
    .flatMap((p) => p.evidence)
    .filter((e) => e.unit === 'share' && /(bandwidth|iops)-share$/.test(e.id) && e.value !== null)
    .map((e) => e.value as number);
}

const DISK_VERDICTS: readonly string[] = DISK_RESOURCES;

/** Whether a profile's verdict is the one the scenario was built to produce (the intervention is the bench's check). */
export function expectation(name: LabScenarioName, profile: Profile): Expectation {
  const got: string = profile.verdict?.bottleneck ?? 'inconclusive';
  const intended = SCENARIOS[name].intended;
  if (intended === null) return { right: true, expected: 'decided by intervention (npm run bench)' };
  if (intended === 'not-disk') {
    // The machine as it is may be disk-bound only if the numbers say so: a ceiling share ≥ 80 %.
    const expected = 'not a disk verdict (unless ≥80% of a ceiling)';
    return { right: !DISK_VERDICTS.includes(got) || diskShares(profile).some((s) => s >= 0.8), expected };
  }
  return { right: got === intended, expected: intended };
}
