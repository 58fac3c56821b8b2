/**
 * A file-backed loop device with ext4, mounted in the lab's temp dir: a disk of our own whose
 * block-layer limits (blkio throttles) touch nothing else on the machine.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from './cleanup.js';
import { run } from './sys.js';

export interface LoopDisk {
  device: string;
  /** "major:minor", as the blkio throttle files want it. */
  devNumber: string;
  mountPoint: string;
}

export function createLoopDisk(cleanup: CleanupStack, opts: { dir: string; sizeBytes: number }): LoopDisk {
  const image = path.join(opts.dir, 'disk.img');
  // Sparse: the image only takes what the lab writes into it.
  run('truncate', ['-s', String(opts.sizeBytes), image]);
  cleanup.push(`remove ${image}`, () => rmSync(image, { force: true }));
  const device = run('losetup', ['-f', '--show', image]);
  cleanup.push(`detach ${device}`, () => void run('losetup', ['-d', device]));
  run('mkfs.ext4', ['-q', '-F', device]);
  const mountPoint = path.join(opts.dir, 'mnt');
  mkdirSync(mountPoint);
  run('mount', [device, mountPoint]);
  cleanup.push(`unmount ${mountPoint}`, () => void run('umount', [mountPoint]));
  const rdev = statSync(device).rdev;
  // glibc's major()/minor() for the values loop devices get.
  const devNumber = `${(rdev >> 8) & 0xfff}:${(rdev & 0xff) | ((rdev >> 12) & 0xfff00)}`;
  return { device, devNumber, mountPoint };
}
