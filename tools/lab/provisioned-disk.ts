/**
 * A disk with provisioned ceilings, like the network volumes most CI runners get: a loop device
 * throttled through blkio to an EBS gp3 volume's defaults (3,000 IOPS and 125 MiB/s, read and write).
 * Its ceilings hold still, unlike this shared VM's own disk, so comparing probes on it measures the
 * probe method rather than the neighbours' load.
 */
import type { CleanupStack } from '../../src/system/cleanup.js';
import { throttleDevice } from './blkio.js';
import { createLoopDisk, type LoopDisk } from './loop-disk.js';
import type { ThrottleFile } from './paths.js';

import { MiB } from '../../src/util/units.js';

/** AWS's gp3 baseline (a volume created without provisioning more). */
export const GP3_BASELINE: Record<ThrottleFile, number> = {
  'blkio.throttle.read_bps_device': 125 * MiB,
  'blkio.throttle.write_bps_device': 125 * MiB,
  'blkio.throttle.read_iops_device': 3000,
  'blkio.throttle.write_iops_device': 3000,
};

/** Room for the probe file (10 % of the free space, up to 1 GiB) and the file system's own. */
const IMAGE_BYTES = 12 * 1024 * MiB;

export function createProvisionedDisk(cleanup: CleanupStack, dir: string, limits: Record<ThrottleFile, number> = GP3_BASELINE): LoopDisk {
  const disk = createLoopDisk(cleanup, { dir, sizeBytes: IMAGE_BYTES });
  for (const [file, limit] of Object.entries(limits) as [ThrottleFile, number][]) throttleDevice(cleanup, disk.devNumber, file, limit);
  return disk;
}

export function describeLimits(limits: Record<ThrottleFile, number> = GP3_BASELINE): string {
  const bw = (file: ThrottleFile) => `${limits[file] / MiB} MiB/s`;
  const iops = (file: ThrottleFile) => `${limits[file].toLocaleString('en-US')} IOPS`;
  return `read ${bw('blkio.throttle.read_bps_device')} and ${iops('blkio.throttle.read_iops_device')}, write ${bw('blkio.throttle.write_bps_device')} and ${iops('blkio.throttle.write_iops_device')}`;
}
