/**
 * A volume whose caps count merged requests, as a cloud volume's do (EBS and Azure managed disks
 * count an I/O of up to 256 KiB as one operation, after the guest's merging).
 *
 * blkio throttles count bios *before* a queue merges them, so throttling the restore's own device
 * would cap unmerged bios while that device's /proc/diskstats counts merged requests: the throttle
 * and the counters would disagree. The lab stacks two loop devices instead (FIELD-NOTES, "A volume
 * whose caps count merged requests"):
 *   - the upper device holds the restore's ext4. Its queue merges as a real volume's does, with
 *     requests split at max_sectors_kb = 256 (EBS's operation size);
 *   - it runs in direct-io mode on a backing file fully written first (extents allocated, so no
 *     unwritten-extent conversion adds I/O below), so each merged upper request becomes exactly one
 *     direct-IO bio on the lower device;
 *   - the throttle sits on the lower device, where it counts those bios: the caps apply to what the
 *     upper device's counters (the ones the profiler samples) count.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { createLoopDisk, devNumberOf, formatAndMount, setQueue, type LoopDisk } from './loop-disk.js';
import { readText, run } from '../../src/system/sys.js';

import { MiB } from '../../src/util/units.js';

export interface CloudVolume {
  /** The device the restore writes (its counters see what the throttle counts). */
  upper: LoopDisk;
  /** The device the caps are set on. */
  lower: LoopDisk;
}

export function createCloudVolume(cleanup: CleanupStack, opts: { dir: string; volumeBytes: number; maxSectorsKb: number }): CloudVolume {
  // Room for the backing file and the lower file system's own metadata.
  const lower = createLoopDisk(cleanup, { dir: opts.dir, sizeBytes: opts.volumeBytes + 256 * MiB });
  const backing = path.join(lower.mountPoint, 'volume.img');
  // Written, not truncated or fallocated: every extent allocated and initialised before the caps.
  run('dd', ['if=/dev/zero', `of=${backing}`, 'bs=1M', `count=${Math.ceil(opts.volumeBytes / MiB)}`, 'conv=fsync', 'status=none']);
  const device = run('losetup', ['-f', '--show', '--direct-io=on', backing]);
  cleanup.push(`detach ${device}`, () => void run('losetup', ['-d', device]));
  if (readText(`/sys/block/${path.basename(device)}/loop/dio`) !== '1') {
    throw new Error(`${device} did not enter direct-io mode: its requests would not reach the lower device one for one`);
  }
  setQueue(cleanup, device, { nomerges: 0, maxSectorsKb: opts.maxSectorsKb });
  const mountPoint = path.join(opts.dir, 'volume');
  mkdirSync(mountPoint);
  formatAndMount(cleanup, device, mountPoint);
  return { upper: { device, devNumber: devNumberOf(device), mountPoint }, lower };
}
