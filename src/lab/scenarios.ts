/**
 * The lab's runners, each with one KNOWN bottleneck made on this machine, and the verdict each
 * must get. Throttles sit far from this machine's natural figures (virtio disk ~950 MiB/s and ~98k
 * write IOPS, loopback network at GB/s, an extraction using ~1 core) so verdicts are not borderline.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Bottleneck, Profile } from '../profile/schema.js';
import type { LocalServices } from '../services/index.js';
import { throttleDevice } from './blkio.js';
import type { CleanupStack } from './cleanup.js';
import { cpuQuotaForTar } from './cpu-quota.js';
import { lowerDirtyLimits } from './dirty-limits.js';
import { createLoopDisk } from './loop-disk.js';

export const MiB = 1024 * 1024;
export const LAB_SCENARIOS = ['disk-bandwidth', 'disk-iops', 'network', 'cpu', 'baseline'] as const;
export type LabScenarioName = (typeof LAB_SCENARIOS)[number];

/** The figures each scenario is built with; recorded next to its result. */
export const LAB_SETTINGS = {
  /** 40 MiB/s: a twentieth of this disk's sequential write, below a GitHub runner's ~200 MiB/s. */
  writeBytesPerSecond: 40 * MiB,
  /** 1000 IOPS: about a hundredth of this disk's random-write ceiling. */
  writeIops: 1000,
  /**
   * A runner whose RAM cannot absorb the restore: with 23 GiB and dirty_ratio 20 this machine would
   * buffer the whole extraction and hide the disk behind the writeback tail.
   */
  dirtyBytes: 32 * MiB,
  dirtyBackgroundBytes: 8 * MiB,
  /**
   * 1.5 MiB/s: zstd packs the lab's ~125 MB of JavaScript into a ~12 MB archive, so at 6 MiB/s the
   * download (2 s) was no longer than extraction; at 1.5 MiB/s it takes ~8 s, about four times longer.
   */
  downloadBytesPerSecond: 1.5 * MiB,
  /** 30 % of one core for tar + unzstd, which otherwise use about one. */
  cpuCores: 0.3,
  loopImageBytes: 2048 * MiB,
} as const;

export interface LabRunner {
  workspace: string;
  runnerTemp: string;
  /** Extra environment for the restore (PATH with the tar shim). */
  env: Record<string, string>;
  /** Block devices the scenario throttled. */
  devNumbers: string[];
  settings: Record<string, number>;
}

export interface SetupContext {
  cleanup: CleanupStack;
  /** A fresh directory for this scenario, removed by the caller. */
  dir: string;
  services: LocalServices;
}

const DISK_VERDICTS: Bottleneck[] = ['disk-bandwidth', 'disk-iops'];

export interface Expectation {
  right: boolean;
  /** What was expected, for the report. */
  expected: string;
}

function plainRunner(dir: string, settings: Record<string, number> = {}): LabRunner {
  const workspace = path.join(dir, 'workspace');
  const runnerTemp = path.join(dir, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp, { recursive: true });
  return { workspace, runnerTemp, env: {}, devNumbers: [], settings };
}

function throttledDisk(ctx: SetupContext, file: 'blkio.throttle.write_bps_device' | 'blkio.throttle.write_iops_device', limit: number): LabRunner {
  const iops = file === 'blkio.throttle.write_iops_device';
  const disk = createLoopDisk(ctx.cleanup, { dir: ctx.dir, sizeBytes: LAB_SETTINGS.loopImageBytes, noMerges: iops });
  throttleDevice(ctx.cleanup, disk.devNumber, file, limit);
  lowerDirtyLimits(ctx.cleanup, { dirtyBytes: LAB_SETTINGS.dirtyBytes, backgroundBytes: LAB_SETTINGS.dirtyBackgroundBytes });
  const runner = plainRunner(disk.mountPoint, {
    [iops ? 'writeIops' : 'writeBytesPerSecond']: limit,
    dirtyBytes: LAB_SETTINGS.dirtyBytes,
    dirtyBackgroundBytes: LAB_SETTINGS.dirtyBackgroundBytes,
  });
  return { ...runner, devNumbers: [disk.devNumber] };
}

export function setupScenario(name: LabScenarioName, ctx: SetupContext): LabRunner {
  switch (name) {
    case 'disk-bandwidth':
      return throttledDisk(ctx, 'blkio.throttle.write_bps_device', LAB_SETTINGS.writeBytesPerSecond);
    case 'disk-iops':
      return throttledDisk(ctx, 'blkio.throttle.write_iops_device', LAB_SETTINGS.writeIops);
    case 'network': {
      ctx.cleanup.push('lift the download rate limit', () => ctx.services.setSettings({ downloadBytesPerSecond: null }));
      ctx.services.setSettings({ downloadBytesPerSecond: LAB_SETTINGS.downloadBytesPerSecond });
      return plainRunner(ctx.dir, { downloadBytesPerSecond: LAB_SETTINGS.downloadBytesPerSecond });
    }
    case 'cpu': {
      const quota = cpuQuotaForTar(ctx.cleanup, { dir: ctx.dir, cores: LAB_SETTINGS.cpuCores });
      const runner = plainRunner(ctx.dir, { cpuCores: LAB_SETTINGS.cpuCores });
      return { ...runner, env: { PATH: `${quota.shimDir}:${process.env.PATH ?? ''}` } };
    }
    case 'baseline':
      return plainRunner(ctx.dir);
  }
}

/** Whether a profile's verdict is the one the scenario was built to produce. */
export function expectation(name: LabScenarioName, profile: Profile): Expectation {
  const got = profile.verdict?.bottleneck ?? 'inconclusive';
  switch (name) {
    case 'disk-bandwidth':
      return { right: got === 'disk-bandwidth', expected: 'disk-bandwidth' };
    case 'disk-iops':
      return { right: got === 'disk-iops', expected: 'disk-iops' };
    case 'network':
      return { right: got === 'network', expected: 'network' };
    case 'cpu':
      return { right: got === 'cpu', expected: 'cpu' };
    case 'baseline': {
      // The machine as it is may be disk-bound only if the numbers say so: a ceiling share ≥ 80 %.
      if (!DISK_VERDICTS.includes(got)) return { right: true, expected: 'not a disk verdict (unless ≥80% of a ceiling)' };
      const shares = (profile.verdict?.phases ?? [])
        .flatMap((p) => p.evidence)
        .filter((e) => e.unit === 'share' && /(bandwidth|iops)-share$/.test(e.id) && e.value !== null)
        .map((e) => e.value as number);
      return { right: shares.some((s) => s >= 0.8), expected: 'not a disk verdict (unless ≥80% of a ceiling)' };
    }
  }
}
