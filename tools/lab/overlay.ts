/**
 * A container's root file system: an overlay whose upper layer (where every write lands) is on a lab
 * loop device and whose lower layer (the image) is a directory on this VM's disk. Inside a
 * container the restore path lies on such an overlay, and /proc/diskstats shows the device under
 * the upper directory, not the overlay.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { unmount } from './loop-disk.js';
import { run } from '../../src/system/sys.js';

export interface Overlay {
  /** The merged directory: what the step sees as its file system. */
  merged: string;
  upperDir: string;
}

export function createOverlay(cleanup: CleanupStack, opts: { dir: string; upperRoot: string }): Overlay {
  const lower = path.join(opts.dir, 'overlay-lower');
  const upperDir = path.join(opts.upperRoot, 'overlay-upper');
  const work = path.join(opts.upperRoot, 'overlay-work');
  const merged = path.join(opts.dir, 'overlay-merged');
  for (const d of [lower, upperDir, work, merged]) mkdirSync(d, { recursive: true });
  run('mount', ['-t', 'overlay', 'overlay', '-o', `lowerdir=${lower},upperdir=${upperDir},workdir=${work}`, merged]);
  cleanup.push(`unmount the overlay ${merged}`, () => unmount(merged));
  return { merged, upperDir };
}

/** A bind mount (a container's RUNNER_TEMP is the host's, bind-mounted): unmounted on cleanup. */
export function bindMount(cleanup: CleanupStack, source: string, target: string): void {
  mkdirSync(source, { recursive: true });
  mkdirSync(target, { recursive: true });
  run('mount', ['--bind', source, target]);
  cleanup.push(`unmount the bind mount ${target}`, () => unmount(target));
}
