// The network's measured fix against the local services: fetched again with twice the toolkit's parallel
// requests, it saves about half under a per-connection cap and nothing under a cap on the whole path.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refetchInParallel } from '../../src/experiment/parallel-refetch.js';
import { refetchArchive } from '../../src/experiment/refetch.js';
import { internalCacheTwirpClient, cacheUtils } from '../../src/restore/cache-internals.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { networkFixLine } from '../../src/report/network-fix.js';
import type { ExperimentsResult } from '../../src/experiment/types.js';
import { removeDirs, tempDir } from '../helpers/tree.js';

const MB = 1_000_000;
let services: LocalServices;
let root: string;

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('parallel-refetch');
  const source = path.join(root, 'source');
  await mkdir(path.join(source, 'deps'), { recursive: true });
  // 48 MB zstd cannot shrink: twelve 4 MiB ranges, two rounds at 8 in parallel, one at 16 (24 MB/s in all: far below
  // what this machine serves); more than 10 at once, where Node warns of an AbortSignal's listeners.
  await writeFile(path.join(source, 'deps', 'blob.bin'), randomBytes(48 * MB));
  await mkdir(path.join(root, 'temp'));
  await seedCache({ services, paths: ['deps'], key: 'refetch', workspace: source, tempDir: path.join(root, 'temp') });
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function bothFetches(name: string) {
  return withEnv(cacheClientEnv(services, { workspace: root, tempDir: path.join(root, 'temp') }, 'v2'), async () => {
    const compression = await cacheUtils.getCompressionMethod();
    const found = await internalCacheTwirpClient().GetCacheEntryDownloadURL({
      key: 'refetch',
      restoreKeys: [],
      version: cacheUtils.getCacheVersion(['deps'], compression, false),
    });
    expect(found.ok).toBe(true);
    const archivePath = path.join(root, `${name}.tzst`);
    const first = await refetchArchive(found.signedDownloadUrl, archivePath, 'v2');
    const parallel = await refetchInParallel({
      downloadUrl: found.signedDownloadUrl,
      archivePath,
      serviceVersion: 'v2',
      baselineDurationMs: first.durationMs,
      remainingMs: 60_000,
    });
    if (!('ran' in parallel)) throw new Error(`skipped: ${parallel.skipped}`);
    return parallel.ran;
  });
}

const line = (parallel: NonNullable<NonNullable<ExperimentsResult['refetch']>['parallel']>) =>
  networkFixLine({ refetch: { durationMs: 0, bytes: 0, where: '', inRam: true, parallel } } as ExperimentsResult);

describe('fetching again with more parallel requests', () => {
  it('under a per-connection cap: 16 requests take about half the time of 8', async () => {
    services.setSettings({ downloadBytesPerSecond: null, network: { perConnectionBytesPerSecond: 2 * MB } });
    const r = await bothFetches('per-connection');
    expect(r).toMatchObject({ concurrency: 16, baselineConcurrency: 8 });
    expect(r.durationMs).toBeLessThan(0.8 * r.baselineDurationMs);
    expect(line(r)).toMatch(/saved: each connection is capped/);
  });

  it('prints no MaxListenersExceededWarning at 16 requests, and leaves the default as it was', async () => {
    // Slow enough that the first fetch takes over a second and the parallel one runs.
    services.setSettings({ downloadBytesPerSecond: null, network: { perConnectionBytesPerSecond: 2 * MB } });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    const before = EventEmitter.defaultMaxListeners;
    process.on('warning', onWarning);
    try {
      expect(await bothFetches('listeners')).toMatchObject({ concurrency: 16 });
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map(String)).toEqual([]);
    expect(EventEmitter.defaultMaxListeners).toBe(before);
  });

  it('under a cap on the whole path: no change beyond noise', async () => {
    services.setSettings({ downloadBytesPerSecond: 32 * MB, network: null });
    const r = await bothFetches('path');
    expect(Math.abs(r.durationMs - r.baselineDurationMs)).toBeLessThan(0.25 * r.baselineDurationMs);
  });

  it('skips the plain stream, which takes no number of parallel requests, and says why', async () => {
    const skipped = await refetchInParallel({
      downloadUrl: 'http://127.0.0.1:1/_blob/x',
      archivePath: '/nonexistent',
      serviceVersion: 'v2',
      baselineDurationMs: 5000,
      remainingMs: 60_000,
    });
    expect(skipped).toEqual({ skipped: 'the http-stream download takes no number of parallel requests' });
    expect(line(skipped as { skipped: string })).toContain('not fetched again with more parallel requests');
  });
});
