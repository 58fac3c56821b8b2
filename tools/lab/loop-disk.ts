/**
 * A file-backed loop device with ext4, mounted in the lab's temp dir: a disk of our own whose
 * block-layer limits (blkio throttles) touch nothing else on the machine.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { readText, run, writeText } from '../../src/system/sys.js';

export interface LoopDisk {
  device: string;
  /** "major:minor", as the blkio throttle files want it. */
  devNumber: string;
  mountPoint: string;
}

/** Queue settings the lab may change on its loop devices (and puts back: loop devices outlive us). */
export const QUEUE_SETTINGS = ['nomerges', 'max_sectors_kb'] as const;
export type QueueSetting = (typeof QUEUE_SETTINGS)[number];

/**
 * What a scenario's loop device is set to, every time: a loop device keeps its queue settings across
 * detach, so one another job left at nomerges=2 or a small max_sectors_kb would change what the
 * throttle and the counters see (a clean-clone CI run found nomerges=2 on the bio-iops-cap device).
 */
export interface QueueValues {
  /** 0: merging on (the kernel's default); 2: off. */
  nomerges: 0 | 2;
  /** Largest request the queue builds, KiB; bios above it are split into requests (and bios) of this size. */
  maxSectorsKb: number;
}

/**
 * A fresh loop device's max_sectors_kb on this kernel: BLK_DEF_MAX_SECTORS_CAP (2560 sectors), which
 * is also its max_hw_sectors_kb here. Clamped to the device's max_hw_sectors_kb where that is lower
 * (the kernel refuses more).
 */
export const LOOP_MAX_SECTORS_KB = 1280;
export const DEFAULT_QUEUE: QueueValues = { nomerges: 0, maxSectorsKb: LOOP_MAX_SECTORS_KB };

/** A sparse image in `dir` attached as a loop device, no file system: detached and removed on cleanup. */
export function createLoopDevice(
  cleanup: CleanupStack,
  opts: { dir: string; sizeBytes: number; name?: string; imageDir?: string; queue?: QueueValues },
): { device: string; devNumber: string } {
  const image = path.join(opts.imageDir ?? opts.dir, opts.name ?? 'disk.img');
  // Sparse: the image only takes what the lab writes into it.
  run('truncate', ['-s', String(opts.sizeBytes), image]);
  cleanup.push(`remove ${image}`, () => rmSync(image, { force: true }));
  const device = run('losetup', ['-f', '--show', image]);
  cleanup.push(`detach ${device}`, () => void run('losetup', ['-d', device]));
  setQueue(cleanup, device, opts.queue ?? DEFAULT_QUEUE);
  return { device, devNumber: devNumberOf(device) };
}

/** Sets both queue settings, whatever they were; cleanup puts back what it found (before the detach, which was pushed first). */
export function setQueue(cleanup: CleanupStack, device: string, queue: QueueValues): void {
  const hw = Number(readText(`/sys/block/${path.basename(device)}/queue/max_hw_sectors_kb`));
  setQueueValue(cleanup, device, 'nomerges', String(queue.nomerges));
  setQueueValue(cleanup, device, 'max_sectors_kb', String(Number.isFinite(hw) && hw > 0 ? Math.min(hw, queue.maxSectorsKb) : queue.maxSectorsKb));
}

export function createLoopDisk(
  cleanup: CleanupStack,
  opts: { dir: string; sizeBytes: number; noMerges?: boolean; maxSectorsKb?: number; name?: string; imageDir?: string },
): LoopDisk {
  // blkio's IOPS throttle counts bios before the queue merges them: an ext4 writeback of many
  // small files leaves the throttle as ~8 KiB bios and reaches the device (and /proc/diskstats)
  // as ~270 KiB requests, so the device's own counters would show 24 w/s while 800 IOPS is the
  // limit. With merging off (noMerges) the device counts what the throttle counts, like a disk
  // whose IOPS limit applies to each request.
  const queue: QueueValues = { nomerges: opts.noMerges ? 2 : 0, maxSectorsKb: opts.maxSectorsKb ?? LOOP_MAX_SECTORS_KB };
  const { device } = createLoopDevice(cleanup, {
    dir: opts.dir,
    sizeBytes: opts.sizeBytes,
    queue,
    ...(opts.name ? { name: `${opts.name}.img` } : {}),
    ...(opts.imageDir ? { imageDir: opts.imageDir } : {}),
  });
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
