/**
 * Builds a scenario (src/lab/scenario-specs.ts) into a runner on this machine, every change pushed
 * onto the caller's CleanupStack, and checks a profile's verdict against what the runner was built
 * for. Throttles sit far from this machine's natural figures (virtio disk ~950 MiB/s and ~98k write
 * IOPS, loopback network at GB/s, an extraction using ~1 core) so verdicts are not borderline.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Profile } from '../profile/schema.js';
import type { LocalServices } from '../services/index.js';
import { throttleDevice } from './blkio.js';
import type { CleanupStack } from './cleanup.js';
import { createCloudVolume } from './cloud-volume.js';
import { cpuQuotaForTar } from './cpu-quota.js';
import { lowerDirtyLimits } from './dirty-limits.js';
import { leaveDirtyPages } from './earlier-dirty.js';
import { createLoopDisk } from './loop-disk.js';
import { LAB_SETTINGS, SCENARIOS, settingsOf, type LabScenarioName, type ScenarioSpec } from './scenario-specs.js';
import { startSecondWriter } from './second-writer.js';
import { DISK_RESOURCES } from '../judge/disk-load.js';

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

/**
 * Where the restore path lives, and the devices made for it. beforeCaps runs between creating the
 * file system and capping it, so what it pushes on the cleanup stack is undone after the caps are
 * lifted (removing a file whose pages are under writeback waits for them: uncapped, that is quick).
 */
function restoreDisk(spec: ScenarioSpec, ctx: SetupContext, beforeCaps: (root: string) => void): { root: string; devNumbers: string[] } {
  const { writeBytesPerSecond, writeIops } = spec.controls;
  switch (spec.disk) {
    case 'loop': {
      const disk = createLoopDisk(ctx.cleanup, { dir: ctx.dir, sizeBytes: LAB_SETTINGS.loopImageBytes, noMerges: spec.noMerges ?? false });
      beforeCaps(disk.mountPoint);
      if (writeBytesPerSecond !== undefined) throttleDevice(ctx.cleanup, disk.devNumber, 'blkio.throttle.write_bps_device', writeBytesPerSecond);
      if (writeIops !== undefined) throttleDevice(ctx.cleanup, disk.devNumber, 'blkio.throttle.write_iops_device', writeIops);
      return { root: disk.mountPoint, devNumbers: [disk.devNumber] };
    }
    case 'cloud-volume': {
      const volume = createCloudVolume(ctx.cleanup, { dir: ctx.dir, volumeBytes: LAB_SETTINGS.cloudVolumeBytes, maxSectorsKb: LAB_SETTINGS.cloudMaxSectorsKb });
      beforeCaps(volume.upper.mountPoint);
      // The caps on the LOWER device, where each merged upper request arrives as one bio.
      if (writeBytesPerSecond !== undefined) throttleDevice(ctx.cleanup, volume.lower.devNumber, 'blkio.throttle.write_bps_device', writeBytesPerSecond);
      if (writeIops !== undefined) throttleDevice(ctx.cleanup, volume.lower.devNumber, 'blkio.throttle.write_iops_device', writeIops);
      return { root: volume.upper.mountPoint, devNumbers: [volume.upper.devNumber, volume.lower.devNumber] };
    }
  }
}

export function setupScenario(spec: ScenarioSpec, ctx: SetupContext): LabRunner {
  let earlierFile: string | null = null;
  const disk = restoreDisk(spec, ctx, (root) => {
    if (spec.earlierDirtyBytes === undefined) return;
    earlierFile = path.join(root, 'earlier-step-output.bin');
    const file = earlierFile;
    ctx.cleanup.push(`remove ${file}`, () => rmSync(file, { force: true }));
  });
  const workspace = path.join(disk.root, 'workspace');
  const runnerTemp = spec.runnerTemp === 'vm-disk' ? path.join(ctx.dir, 'runner-temp') : path.join(disk.root, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp, { recursive: true });
  if (spec.dirty) lowerDirtyLimits(ctx.cleanup, { dirtyBytes: spec.dirty.dirtyBytes, backgroundBytes: spec.dirty.backgroundBytes });

  const { downloadBytesPerSecond, cpuCores } = spec.controls;
  if (downloadBytesPerSecond !== undefined) {
    ctx.cleanup.push('lift the download rate limit', () => ctx.services.setSettings({ downloadBytesPerSecond: null }));
    ctx.services.setSettings({ downloadBytesPerSecond: Math.round(downloadBytesPerSecond) });
  }
  let env: Record<string, string> = {};
  if (cpuCores !== undefined) {
    const quota = cpuQuotaForTar(ctx.cleanup, { dir: ctx.dir, cores: cpuCores });
    env = { PATH: `${quota.shimDir}:${process.env.PATH ?? ''}` };
  }
  if (spec.secondWriterBytesPerSecond !== undefined) startSecondWriter(ctx.cleanup, disk.root, spec.secondWriterBytesPerSecond);

  const earlier = spec.earlierDirtyBytes;
  const file: string | null = earlierFile;
  const beforeRestore = earlier === undefined || file === null ? () => {} : () => leaveDirtyPages(file, earlier);
  return { workspace, runnerTemp, env, devNumbers: disk.devNumbers, settings: settingsOf(spec), beforeRestore };
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
