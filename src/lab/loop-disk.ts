/**
 * A file-backed loop device with ext4, mounted in the lab's temp dir: a disk of our own whose
 * block-layer limits (blkio throttles) touch nothing else on the machine.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from './cleanup.js';
import { readText, run, writeText } from './sys.js';

export interface LoopDisk {
  device: string;
  /** "major:minor", as the blkio throttle files want it. */
  devNumber: string;
  mountPoint: string;
}

/** Queue settings the lab may change on its loop devices (and puts back: loop devices outlive us). */
export const QUEUE_SETTINGS = ['nomerges', 'max_sectors_kb'] as const;
export type QueueSetting = (typeof QUEUE_SETTINGS)[number];

/** A sparse image in `dir` attached as a loop device, no file system: detached and removed on cleanup. */
export function createLoopDevice(
  cleanup: CleanupStack,
  opts: { dir: string; sizeBytes: number; name?: string; imageDir?: string },
): { device: string; devNumber: string } {
  const image = path.join(opts.imageDir ?? opts.dir, opts.name ?? 'disk.img');
  // Sparse: the image only takes what the lab writes into it.
  run('truncate', ['-s', String(opts.sizeBytes), image]);
  cleanup.push(`remove ${image}`, () => rmSync(image, { force: true }));
  const device = run('losetup', ['-f', '--show', image]);
  cleanup.push(`detach ${device}`, () => void run('losetup', ['-d', device]));
  return { device, devNumber: devNumberOf(device) };
}

export function createLoopDisk(
  cleanup: CleanupStack,
  opts: { dir: string; sizeBytes: number; noMerges?: boolean; name?: string; imageDir?: string },
): LoopDisk {
  const { device } = createLoopDevice(cleanup, {
    dir: opts.dir,
    sizeBytes: opts.sizeBytes,
    ...(opts.name ? { name: `${opts.name}.img` } : {}),
    ...(opts.imageDir ? { imageDir: opts.imageDir } : {}),
  });
  if (opts.noMerges) {
    // blkio's IOPS throttle counts bios before the queue merges them: an ext4 writeback of many
    // small files leaves the throttle as ~8 KiB bios and reaches the device (and /proc/diskstats)
    // as ~270 KiB requests, so the device's own counters would show 24 w/s while 800 IOPS is the
    // limit. With merging off the device counts what the throttle counts, like a disk whose IOPS
    // limit applies to each request.
    setQueueValue(cleanup, device, 'nomerges', '2');
  }
  const mountPoint = path.join(opts.dir, opts.name ? `${opts.name}-mnt` : 'mnt');
  mkdirSync(mountPoint);
  formatAndMount(cleanup, device, mountPoint);
  return { device, devNumber: devNumberOf(device), mountPoint };
}

/** Sets /sys/block/<dev>/queue/<name>, putting the old value back on cleanup. */
export function setQueueValue(cleanup: CleanupStack, device: string, name: QueueSetting, value: string): void {
  const file = `/sys/block/${path.basename(device)}/queue/${name}`;
  const before = readText(file);
  writeText(file, value);
  cleanup.push(`restore ${file}`, () => writeText(file, before));
}

export function formatAndMount(cleanup: CleanupStack, device: string, mountPoint: string): void {
  // Initialise inode tables and journal now, not in ext4lazyinit after mount: that background
  // zeroing would compete with the restore for the throttled device (a bench run saw the download
  // crawl at 2.6 MiB/s onto a fresh 40 MiB/s device).
  run('mkfs.ext4', ['-q', '-F', '-E', 'lazy_itable_init=0,lazy_journal_init=0', device]);
  run('mount', [device, mountPoint]);
  cleanup.push(`unmount ${mountPoint}`, () => unmount(mountPoint));
}

export function devNumberOf(device: string): string {
  const rdev = statSync(device).rdev;
  // glibc's major()/minor() for the values loop devices get.
  return `${(rdev >> 8) & 0xfff}:${(rdev & 0xff) | ((rdev >> 12) & 0xfff00)}`;
}

/**
 * Unmounts; when something still has files open there (a fio probe killed by the same signal that
 * is tearing the lab down), detaches lazily so the loop device is freed once they are gone.
 */
export function unmount(mountPoint: string): void {
  try {
    run('umount', [mountPoint]);
  } catch {
    run('umount', ['-l', mountPoint]);
  }
}
