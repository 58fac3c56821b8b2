/**
 * Stage 1: the machine as the restore will meet it: the restore's devices and file systems, the
 * runner's cgroup and context, the hardware fingerprint (made of what those readers read), and whether
 * the kernel's counters can be read at all, each gap said once as a warning.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { ProfileConfig } from '../../config/config.js';
import { restoreRoots } from '../../config/restore-roots.js';
import type { HardwareFingerprint } from '../../profile/always-on.js';
import type { Profile } from '../../profile/schema.js';
import { readCgroup, type CgroupReading } from '../../sample/cgroup.js';
import { readHostFacts, readRunnerContext } from '../../sample/context.js';
import { readMountinfo, resolveDevices, type DeviceResolution } from '../../sample/devices.js';
import type { MountEntry } from '../../sample/parse-mountinfo.js';
import { errorMessage } from '../../util/errors.js';
import { fingerprintOf } from '../always-on.js';
import type { KernelRoots, Warn } from './hooks.js';

export interface MachineView {
  /** The restore's directories (restoreRoots), as the tree walk reads them. */
  roots: string[];
  /** The roots, or the workspace when every path is a pattern: what the devices are found under. */
  restorePaths: string[];
  where: DeviceResolution;
  cgroup: CgroupReading | null;
  context: Profile['context'];
  fingerprint: HardwareFingerprint;
  /** Linux with a /proc to sample: without it only the clock is left (phases are still timed). */
  hasProc: boolean;
}

export async function viewMachine(config: Pick<ProfileConfig, 'paths' | 'workspace' | 'runnerTemp'>, kernel: KernelRoots, warn: Warn): Promise<MachineView> {
  const { procRoot } = kernel;
  const roots = restoreRoots(config.paths, config.workspace);
  const restorePaths = roots.length > 0 ? roots : [config.workspace];
  // mountinfo read once: the devices, the cgroup and the fingerprint all take their mounts from here.
  const mounts = readMountinfo(procRoot);
  const where = await findDevices(restorePaths, config.runnerTemp, { ...kernel, mounts: mounts ?? [] }, warn);
  const cgroup = readCgroup({ procRoot, mounts });
  // Read once: the context and the fingerprint both take the machine from here.
  const host = readHostFacts(kernel);
  const context = readRunnerContext(where, { procRoot, cgroup, host });
  const fingerprint = fingerprintOf(where, host, context, restorePaths[0] as string);
  const hasProc = context.os === 'linux' && existsSync(path.join(procRoot, 'stat'));
  if (!hasProc) {
    warn(
      `Kernel counters are unavailable: no ${procRoot} on this runner (${context.os}). The restore is still timed and fio still probes where it is installed; disk, CPU and page-cache metrics are marked unavailable.`,
    );
  } else if (where.noBlockDeviceReason) {
    warn(`Disk counters are unavailable: ${where.noBlockDeviceReason}. The restore is still timed.`);
  } else {
    for (const fs of where.fileSystems.filter((f) => f.resolution?.method === 'not-measured' && f.path !== config.runnerTemp)) {
      warn(`Disk counters are unavailable for restore path ${fs.path}: ${fs.resolution?.detail}. The other restore paths' disks are measured.`);
    }
  }
  return { roots, restorePaths, where, cgroup, context, fingerprint, hasProc };
}

async function findDevices(
  restorePaths: string[],
  archiveTemp: string,
  options: KernelRoots & { mounts: readonly MountEntry[] },
  warn: Warn,
): Promise<DeviceResolution> {
  try {
    return await resolveDevices({ restorePaths, archiveTemp }, options);
  } catch (error) {
    // Finding the devices is a nicety: the restore must still be timed without it.
    warn(`Could not find the block devices under ${restorePaths.join(', ')}: ${errorMessage(error)}`);
    return {
      devices: [],
      fileSystems: [],
      noBlockDeviceReason: `finding the devices failed (${errorMessage(error)})`,
      // The fingerprint still names the file system and another local disk.
      mounts: options.mounts,
    };
  }
}
