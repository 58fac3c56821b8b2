/**
 * syncfs(2) of whole file systems, through `sync -f PATH` (Node has no syncfs), each timed from its
 * start to its return (IO edge). syncfs returns once that file system's dirty data and journal are
 * on its disk: the exact end of a writeback, per file system, whatever other file systems still owe.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FileSystemSync } from '../profile/schema.js';
import { nearestExisting } from './devices.js';

/**
 * Syncs every file system at once (one `sync -f` each; `paths` name a path on each, e.g. its mount
 * point) and resolves when all have returned, or at `maxMs` with the ones still running marked
 * `returned: false` (they are left to finish: syncfs cannot be interrupted).
 */
export function syncFileSystems(paths: readonly string[], maxMs: number, stop?: AbortSignal): Promise<FileSystemSync[]> {
  return Promise.all(paths.map((p) => syncOne(p, maxMs, stop)));
}

/** `stop`: the wait ends there as at the deadline (syncfs not returned), e.g. when the post step asks the follower for what it saw. */
function syncOne(mountPoint: string, maxMs: number, stop?: AbortSignal): Promise<FileSystemSync> {
  const startedMs = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (returned: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ mountPoint, durationMs: performance.now() - startedMs, returned });
    };
    const timer = setTimeout(() => done(false), maxMs);
    if (stop?.aborted) return done(false);
    stop?.addEventListener('abort', () => done(false), { once: true });
    try {
      const child = spawn('sync', ['-f', mountPoint], { stdio: 'ignore' });
      // No sync(1) (Windows, a minimal image): nothing was synced, which the caller reports.
      child.on('error', () => done(false));
      child.on('exit', (code) => done(code === 0));
      child.unref();
    } catch {
      done(false);
    }
  });
}

/**
 * One existing path per file system, for the paths given (each stands for its nearest existing
 * ancestor: a restore path may not exist yet). Two paths on the same file system share a syncfs.
 */
export function distinctFileSystems(paths: readonly string[]): string[] {
  const byDevice = new Map<number, string>();
  for (const p of paths) {
    const existing = nearestExisting(p);
    try {
      const dev = statSync(existing).dev;
      if (!byDevice.has(dev)) byDevice.set(dev, existing);
    } catch {
      // Vanished between the two calls: nothing there to flush.
    }
  }
  return [...byDevice.values()];
}
