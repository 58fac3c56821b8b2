// The save's upload faults against the real @actions/cache saveCache on both save paths: cache v2 (the Azure
// SDK's Put Blob, or Put Block x n + Put Block List, to the signed upload URL on the blob host, through the
// services' proxy) and cache v1 (PATCH chunks, then the commit). Each fault is timed against a save without
// faults, and each save is restored byte for byte, so a retried upload is shown to have stored the right bytes.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { restoreCache, saveCache } from '@actions/cache';
import { BlockBlobClient } from '@azure/storage-blob';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheUtils, internalCacheTwirpClient } from '../../../src/restore/cache-internals.js';
import { type CacheServiceVersion, cacheClientEnv, type LocalServices, seedCache, startLocalServices, withEnv } from '../../../tools/services/index.js';
import type { UploadFaults } from '../../../tools/services/network-faults.js';
import { removeDirs, tempDir } from '../../helpers/tree.js';

const MB = 1_000_000;
/** Random bytes, so zstd cannot shrink them: the archive is about this size. */
const SIZE_BYTES = 16 * MB;
const MiB = 1024 * 1024;

let services: LocalServices;
let root: string;
let source: string;
let runnerTemp: string;
let digest: string;
const lines: string[] = [];
/** Told of every log line of the services (to re-arm a fault when it fired). */
let onLine: ((line: string) => void) | undefined;
const baselineMs: Partial<Record<CacheServiceVersion, number>> = {};
let saves = 0;

beforeAll(async () => {
  services = await startLocalServices({
    log: (line) => {
      lines.push(line);
      onLine?.(line);
    },
  });
  root = await tempDir('upload-faults');
  source = path.join(root, 'source');
  runnerTemp = path.join(root, 'temp');
  await mkdir(path.join(source, 'deps'), { recursive: true });
  await mkdir(runnerTemp);
  const bytes = randomBytes(SIZE_BYTES);
  digest = createHash('sha256').update(bytes).digest('hex');
  await writeFile(path.join(source, 'deps', 'blob.bin'), bytes);
});

afterEach(() => {
  onLine = undefined;
  services.setSettings({ network: null });
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

function setUploadFaults(upload: UploadFaults): void {
  services.setSettings({ network: { upload } });
}

/** saveCache on one path; the key, its duration and the upload requests the services saw. */
async function save(version: CacheServiceVersion, chunkBytes?: number) {
  const key = `upload-${version}-${++saves}`;
  const before = services.uploadRequests().length;
  const startMs = performance.now();
  await seedCache({
    services,
    paths: ['deps'],
    key,
    workspace: source,
    tempDir: runnerTemp,
    serviceVersion: version,
    ...(chunkBytes ? { uploadOptions: { uploadChunkSize: chunkBytes, uploadConcurrency: 4 } } : {}),
  });
  const durationMs = performance.now() - startMs;
  return { key, durationMs, extraMs: durationMs - (baselineMs[version] ?? 0), seen: services.uploadRequests().slice(before) };
}

/** Restores key into a workspace of its own and checks the file is the one saved. */
async function expectRestored(version: CacheServiceVersion, key: string): Promise<void> {
  const workspace = path.join(root, `restore-${key}`);
  await mkdir(workspace);
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp }, version);
  expect(await withEnv(env, () => restoreCache(['deps'], key))).toBe(key);
  expect(
    createHash('sha256')
      .update(await readFile(path.join(workspace, 'deps', 'blob.bin')))
      .digest('hex'),
  ).toBe(digest);
}

/**
 * A wait the fault adds (a hold, round trips, a retry's delay): about expectedMs more than without faults.
 * The baseline is an earlier save's: on a loaded machine it ran slow, and the extra read 0.84 of the
 * injected 2 s (CI, 2026-11-29); without the fault the extra is about nothing.
 */
function expectExtra(extraMs: number, expectedMs: number): void {
  expect(extraMs).toBeGreaterThan(expectedMs * 0.7);
  expect(extraMs).toBeLessThan(expectedMs + 1500);
}

/**
 * A cap: the upload alone takes expectedMs at the capped rate, so the save takes at least that long, and at
 * most that much longer than without faults (the uncapped upload's own time overlaps the capped one).
 */
function expectCapped(result: { durationMs: number; extraMs: number }, expectedMs: number): void {
  expect(result.durationMs).toBeGreaterThan(expectedMs * 0.95);
  expect(result.extraMs).toBeLessThan(expectedMs + 1500);
}

describe('cache v2 uploads (the Azure SDK to the signed upload URL)', () => {
  it('with no faults: one Put Blob through the proxy to the blob host, stored byte for byte', async () => {
    const warmUp = await save('v2'); // the first save also pays for loading tar, zstd and the SDK
    services.setSettings({ network: null }); // requests are numbered from 1 again
    const { key, durationMs, seen } = await save('v2');
    baselineMs.v2 = Math.min(warmUp.durationMs, durationMs);
    expect(seen).toEqual([{ operation: 'put-blob', request: 1, viaProxy: true }]);
    await expectRestored('v2', key);
  });

  it('a per-connection cap slows the save to about the capped rate', async () => {
    setUploadFaults({ perConnectionBytesPerSecond: 10 * MB });
    const capped = await save('v2');
    expectCapped(capped, (SIZE_BYTES / (10 * MB)) * 1000);
    const key = capped.key;
    await expectRestored('v2', key);
  });

  it('a round trip before each response delays the save by about one round trip (one Put Blob)', async () => {
    setUploadFaults({ roundTripMs: 1000 });
    const { extraMs } = await save('v2');
    expectExtra(extraMs, 1000);
  });

  it('a held upload delays the save by about the hold, with no error', async () => {
    setUploadFaults({ hold: { request: 1, afterBytes: MB, durationMs: 1500 } });
    const { key, extraMs, seen } = await save('v2');
    expectExtra(extraMs, 1500);
    expect(seen).toHaveLength(1);
    expect(lines).toContain(`network fault: holding upload #1 after ${MB} B for 1500 ms`);
    await expectRestored('v2', key);
  });

  it('an upload cut mid-body is retried at once by the SDK (its first retry waits 0 ms) and the save succeeds', async () => {
    setUploadFaults({ cut: { request: 1, afterBytes: MB } });
    const { key, extraMs, seen } = await save('v2');
    expect(seen.map((s) => [s.operation, s.request])).toEqual([
      ['put-blob', 1],
      ['put-blob', 2],
    ]);
    expect(lines).toContain(`network fault: cutting upload #1 after ${MB} B`);
    expect(extraMs).toBeLessThan(1500);
    await expectRestored('v2', key);
  });

  it('an upload reset before its response (its body stored) or before its body is retried, and the save succeeds', async () => {
    setUploadFaults({ cut: { request: 1, afterBytes: 2 * SIZE_BYTES } });
    const stored = await save('v2');
    expect(stored.seen.map((s) => s.request)).toEqual([1, 2]);
    expect(lines).toContain('network fault: resetting upload #1 before its response (its body was stored)');
    await expectRestored('v2', stored.key);

    setUploadFaults({ cut: { request: 1, afterBytes: 0 } });
    const early = await save('v2');
    expect(early.seen.map((s) => s.request)).toEqual([1, 2]);
    expect(lines).toContain('network fault: resetting upload #1 before reading its body');
    await expectRestored('v2', early.key);
  });

  it('above the single-shot size: Put Block in parallel, each capped on its own, a held block, then Put Block List; the SAS is still checked', async () => {
    const env = cacheClientEnv(services, { workspace: source, tempDir: runnerTemp }, 'v2');
    const file = path.join(source, 'deps', 'blob.bin');
    const created = await withEnv(env, async () => {
      const version = cacheUtils.getCacheVersion(['deps'], await cacheUtils.getCompressionMethod(), false);
      const client = internalCacheTwirpClient();
      const entry = await client.CreateCacheEntry({ key: 'blocks', version });
      expect(entry.ok).toBe(true);
      return { client, version, url: entry.signedUploadUrl };
    });
    expect(new URL(created.url).hostname).toMatch(/\.blob\.core\.windows\.net$/);

    // The SDK's own path for archives above @actions/cache's 128 MiB single shot, with 4 MiB blocks here.
    setUploadFaults({ perConnectionBytesPerSecond: 2_500_000, hold: { request: 2, afterBytes: 0, durationMs: 1000 } });
    const before = services.uploadRequests().length;
    const startMs = performance.now();
    await withEnv(env, () => new BlockBlobClient(created.url).uploadFile(file, { blockSize: 4 * MiB, concurrency: 8, maxSingleShotSize: 4 * MiB }));
    const durationMs = performance.now() - startMs;
    const seen = services.uploadRequests().slice(before);
    expect(seen.filter((s) => s.operation === 'put-block').map((s) => s.request)).toEqual([1, 2, 3, 4]);
    expect(seen.at(-1)).toEqual({ operation: 'put-block-list', request: 0, viaProxy: true });
    // Four blocks at once, each at its own 2.5 MB/s (one stream alone would take 6.4 s), the second one held 1 s.
    expectExtra(durationMs, (4 * MiB) / 2500 + 1000);

    const finalized = await withEnv(env, () =>
      created.client.FinalizeCacheEntryUpload({ key: 'blocks', version: created.version, sizeBytes: String(SIZE_BYTES) }),
    );
    expect(finalized.ok).toBe(true);
    await expectRestoredRaw('blocks');

    // Azurite still checks the SAS the route passes on: a signature that does not match is refused.
    const forged = new URL(created.url);
    forged.searchParams.set('sig', Buffer.alloc(32).toString('base64'));
    await expect(withEnv(env, () => new BlockBlobClient(forged.toString()).uploadData(Buffer.from('x')))).rejects.toMatchObject({ statusCode: 403 });
  });
});

/** The 'blocks' entry holds the raw file (not an archive): its bytes are checked through the download route. */
async function expectRestoredRaw(key: string): Promise<void> {
  const env = cacheClientEnv(services, { workspace: source, tempDir: runnerTemp }, 'v2');
  services.setSettings({ downloadUrls: 'loopback' });
  try {
    const url = await withEnv(env, async () => {
      const version = cacheUtils.getCacheVersion(['deps'], await cacheUtils.getCompressionMethod(), false);
      const found = await internalCacheTwirpClient().GetCacheEntryDownloadURL({ key, restoreKeys: [], version });
      return found.signedDownloadUrl;
    });
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(digest);
  } finally {
    services.setSettings({ downloadUrls: 'azure' });
  }
}

describe('cache v1 uploads (PATCH chunks, then the commit)', () => {
  it('with no faults: one PATCH of the whole archive, straight to the service, stored byte for byte', async () => {
    const warmUp = await save('v1');
    services.setSettings({ network: null });
    const { key, durationMs, seen } = await save('v1');
    baselineMs.v1 = Math.min(warmUp.durationMs, durationMs);
    expect(seen).toEqual([{ operation: 'patch-chunk', request: 1, viaProxy: false }]);
    await expectRestored('v1', key);
  });

  it('a per-connection cap holds each chunk to the rate (parallel chunks add up); a shared cap holds them all', async () => {
    const chunkBytes = 4 * MiB;
    setUploadFaults({ perConnectionBytesPerSecond: 2_500_000 });
    const each = await save('v1', chunkBytes);
    expect(each.seen.map((s) => s.operation)).toEqual(['patch-chunk', 'patch-chunk', 'patch-chunk', 'patch-chunk']);
    expectCapped(each, (chunkBytes / 2_500_000) * 1000);
    await expectRestored('v1', each.key);

    setUploadFaults({ bytesPerSecond: 10 * MB });
    const shared = await save('v1', chunkBytes);
    expectCapped(shared, (SIZE_BYTES / (10 * MB)) * 1000);
    await expectRestored('v1', shared.key);
  });

  it('a round trip before each response delays the save by two round trips (the PATCH, then the commit)', async () => {
    setUploadFaults({ roundTripMs: 1000 });
    const { extraMs } = await save('v1');
    expectExtra(extraMs, 2000);
  });

  it('a held upload delays the save by about the hold', async () => {
    setUploadFaults({ hold: { request: 1, afterBytes: MB, durationMs: 1500 } });
    const { key, extraMs } = await save('v1');
    expectExtra(extraMs, 1500);
    await expectRestored('v1', key);
  });

  it("a cut chunk is retried after @actions/cache's 5 s retry delay and the save succeeds", async () => {
    setUploadFaults({ cut: { request: 1, afterBytes: MB } });
    const { key, extraMs, seen } = await save('v1');
    expect(seen.map((s) => s.request)).toEqual([1, 2]);
    expectExtra(extraMs, 5000);
    await expectRestored('v1', key);
  });

  it('a chunk cut on every try: saveCache gives up after 2 tries and two 5 s waits, warns, and still returns the reserved cache id (not -1)', async () => {
    const cut = { request: 1, afterBytes: MB };
    // Setting the faults again numbers requests from 1, so the retry is cut too.
    onLine = (line) => {
      if (line.startsWith('network fault: cutting upload')) setImmediate(() => setUploadFaults({ cut }));
    };
    setUploadFaults({ cut });
    const stdout = vi.spyOn(process.stdout, 'write');
    try {
      const key = `upload-v1-${++saves}`;
      const env = cacheClientEnv(services, { workspace: source, tempDir: runnerTemp }, 'v1');
      const before = services.uploadRequests().length;
      const startMs = performance.now();
      const cacheId = await withEnv(env, () => {
        const cwd = process.cwd();
        process.chdir(source);
        return saveCache(['deps'], key).finally(() => process.chdir(cwd));
      });
      // retry() (requestUtils.js) waits its 5 s after the last failed try too, before it throws.
      expectExtra(performance.now() - startMs - (baselineMs.v1 ?? 0), 10_000);
      expect(cacheId).toBeGreaterThan(0);
      expect(
        services
          .uploadRequests()
          .slice(before)
          .map((s) => s.request),
      ).toEqual([1, 1]);
      const said = stdout.mock.calls.map(([text]) => String(text)).join('');
      expect(said).toMatch(/::warning::Failed to save: uploadChunk \(start: 0, end: \d+\) failed: /);
      onLine = undefined;
      services.setSettings({ network: null });
      const workspace = path.join(root, `restore-${key}`);
      await mkdir(workspace);
      expect(await withEnv(cacheClientEnv(services, { workspace, tempDir: runnerTemp }, 'v1'), () => restoreCache(['deps'], key))).toBeUndefined();
    } finally {
      stdout.mockRestore();
    }
  });

  it('a chunk reset before its response (its body stored) is sent again after 5 s, and the save succeeds', async () => {
    setUploadFaults({ cut: { request: 1, afterBytes: 2 * SIZE_BYTES } });
    const { key, extraMs, seen } = await save('v1');
    expect(seen.map((s) => s.request)).toEqual([1, 2]);
    expectExtra(extraMs, 5000);
    await expectRestored('v1', key);
  });
});

describe('upload fault settings over the admin route', () => {
  it('refuses a bad upload setting with the field, the value and what is allowed, and keeps the settings', async () => {
    setUploadFaults({ roundTripMs: 5 });
    const post = async (body: unknown) => {
      const response = await fetch(`${services.url}/_admin/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    };
    const zero = await post({ network: { upload: { perConnectionBytesPerSecond: 0 } } });
    expect(zero.status).toBe(400);
    expect(zero.text).toContain('network.upload.perConnectionBytesPerSecond must be a positive integer, got 0');
    const unknown = await post({ network: { upload: { stall: 1 } } });
    expect(unknown.text).toContain('network.upload.stall is not a known setting (known: bytesPerSecond, perConnectionBytesPerSecond, roundTripMs, hold, cut)');
    const hold = await post({ network: { upload: { hold: { request: 1, afterBytes: -5, durationMs: 10 } } } });
    expect(hold.text).toContain('network.upload.hold.afterBytes must be a non-negative integer, got -5');
    expect(services.getSettings().network).toEqual({ upload: { roundTripMs: 5 } });

    const ok = await post({ network: { upload: { bytesPerSecond: 1000, cut: { request: 3, afterBytes: 0 } } } });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).network).toEqual({ upload: { bytesPerSecond: 1000, cut: { request: 3, afterBytes: 0 } } });
  });
});
