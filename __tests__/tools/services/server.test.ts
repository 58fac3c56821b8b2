// Protocol errors, fault injection, the download rate limit and a clean stop, over real HTTP against
// the real server and Azurite; the throttled restore goes through the real @actions/cache client.
import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { restoreCache } from '@actions/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServices, cacheClientEnv, seedCache, startLocalServices, withEnv } from '../../../tools/services/index.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../../helpers/tree.js';
import { loadNewest, storeDocument } from '../../../src/remember/cache-store.js';

const CACHE = 'github.actions.results.api.v1.CacheService';
const ARTIFACT = 'github.actions.results.api.v1.ArtifactService';

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('local services: errors, faults, rate limit, stop', () => {
  let services: LocalServices;
  let root = '';
  let workspace = '';
  let runnerTemp = '';
  let tree = '';
  let archiveBytes = 0;
  let version = '';

  const twirp = (service: string, method: string, body: string | object, headers: Record<string, string> = {}) =>
    fetch(`${services.url}/twirp/${service}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${services.env.ACTIONS_RUNTIME_TOKEN}`, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const downloadUrl = async (): Promise<string> => {
    const response = await twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'seeded', version });
    const body = (await response.json()) as { ok: boolean; signed_download_url: string };
    expect(body.ok).toBe(true);
    return body.signed_download_url;
  };

  const admin = (settings: unknown) =>
    fetch(`${services.url}/_admin/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });

  beforeAll(async () => {
    root = await tempDir('services');
    workspace = path.join(root, 'workspace');
    runnerTemp = path.join(root, 'runner-temp');
    tree = path.join(workspace, 'deps');
    await mkdir(runnerTemp, { recursive: true });
    await copyPackages(tree, ['tar', '@actions/core']);
    const lines: string[] = [];
    // The blob route itself is under test here, fetched directly: loopback URLs, no proxy.
    services = await startLocalServices({ log: (line) => lines.push(line), downloadUrls: 'loopback' });
    await seedCache({ services, paths: [tree], key: 'seeded', workspace, tempDir: runnerTemp });
    const created = lines.find((l) => l.startsWith('POST /twirp/github.actions.results.api.v1.CacheService/FinalizeCacheEntryUpload 200'));
    expect(created).toBeDefined();
    expect(lines.join('\n')).not.toContain(services.env.ACTIONS_RUNTIME_TOKEN);
    // The version the client computed (paths + compression), from the v1 listing route.
    const listing = await fetch(`${services.url}/_apis/artifactcache/caches?key=seeded`, {
      headers: { Authorization: `Bearer ${services.env.ACTIONS_RUNTIME_TOKEN}` },
    });
    const { artifactCaches } = (await listing.json()) as { artifactCaches: { cacheKey: string; cacheVersion: string }[] };
    expect(artifactCaches.map((c) => c.cacheKey)).toEqual(['seeded']);
    version = artifactCaches[0]!.cacheVersion;
    archiveBytes = (await (await fetch(await downloadUrl())).arrayBuffer()).byteLength;
    expect(archiveBytes).toBeGreaterThan(100_000);
  });

  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  it('serves the seeded entry with its full length', async () => {
    const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
    expect(await withEnv(env, () => restoreCache([tree], 'seeded', [], { lookupOnly: true }))).toBe('seeded');
    expect(version).toMatch(/^[0-9a-f]{64}$/);
    const response = await fetch(await downloadUrl());
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(archiveBytes);
    expect((await response.arrayBuffer()).byteLength).toBe(archiveBytes);
  });

  describe('malformed requests get Twirp JSON errors', () => {
    it.each([
      ['bad JSON', () => twirp(CACHE, 'CreateCacheEntry', '{"key":'), 400, 'malformed'],
      ['a JSON array', () => twirp(CACHE, 'CreateCacheEntry', '[]'), 400, 'malformed'],
      ['a missing field', () => twirp(CACHE, 'CreateCacheEntry', { key: 'k' }), 400, 'invalid_argument'],
      ['a wrongly typed field', () => twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'k', version: 'v', restore_keys: 'x' }), 400, 'invalid_argument'],
      ['an unknown method', () => twirp(CACHE, 'DeleteEverything', {}), 404, 'bad_route'],
      ['an unknown service', () => twirp('github.Nope', 'CreateCacheEntry', {}), 404, 'bad_route'],
      ['a wrong content type', () => twirp(CACHE, 'CreateCacheEntry', 'key=k', { 'Content-Type': 'application/x-www-form-urlencoded' }), 404, 'bad_route'],
      ['no token', () => twirp(CACHE, 'CreateCacheEntry', { key: 'k', version: 'v' }, { Authorization: '' }), 401, 'unauthenticated'],
      ['another run', () => twirp(ARTIFACT, 'ListArtifacts', { workflow_run_backend_id: 'other', workflow_job_run_backend_id: 'j' }), 403, 'permission_denied'],
      ['finalizing nothing', () => twirp(CACHE, 'FinalizeCacheEntryUpload', { key: 'never', version: 'v', size_bytes: '1' }), 404, 'not_found'],
      ['an unknown route', () => fetch(`${services.url}/nope`), 404, 'bad_route'],
      [
        'GET on a Twirp method',
        () => fetch(`${services.url}/twirp/${CACHE}/CreateCacheEntry`, { headers: { Authorization: `Bearer ${services.env.ACTIONS_RUNTIME_TOKEN}` } }),
        404,
        'bad_route',
      ],
      ['an unsigned blob URL', () => fetch(`${services.url}/_blob/actions-cache/entries/1.cache`), 403, 'permission_denied'],
      ['a bad admin setting', () => admin({ downloadBytesPerSecond: -5 }), 400, 'invalid_argument'],
      ['an unknown fault', () => admin({ faults: { blob: { explode: true } } }), 400, 'invalid_argument'],
    ] as const)('%s', async (_what, send, status, code) => {
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/json');
      const body = (await response.json()) as { code: string; msg: string };
      expect(body.code).toBe(code);
      expect(body.msg.length).toBeGreaterThan(0);
    });

    it('v1 REST errors are JSON with a message', async () => {
      const auth = { Authorization: `Bearer ${services.env.ACTIONS_RUNTIME_TOKEN}`, 'Content-Type': 'application/json' };
      const reserve = await fetch(`${services.url}/_apis/artifactcache/caches`, { method: 'POST', headers: auth, body: '{"version":"v"}' });
      expect(reserve.status).toBe(400);
      expect(await reserve.json()).toMatchObject({ code: 'invalid_argument', message: 'key is required' });
      const id = (
        (await (await fetch(`${services.url}/_apis/artifactcache/caches`, { method: 'POST', headers: auth, body: '{"key":"k1","version":"v"}' })).json()) as {
          cacheId: number;
        }
      ).cacheId;
      const chunk = await fetch(`${services.url}/_apis/artifactcache/caches/${id}`, {
        method: 'PATCH',
        headers: { ...auth, 'Content-Range': 'bytes 9-2/*' },
        body: 'x',
      });
      expect(chunk.status).toBe(400);
      const commit = await fetch(`${services.url}/_apis/artifactcache/caches/${id}`, { method: 'POST', headers: auth, body: '{"size":10}' });
      expect(commit.status).toBe(412);
      expect(((await commit.json()) as { message: string }).message).toMatch(/cover 0 bytes/);
    });
  });

  describe('fault injection', () => {
    it('fails the next N Twirp calls with the injected status, then recovers', async () => {
      services.setSettings({ faults: { twirp: { errorStatus: 503, errorCount: 2 } } });
      for (let i = 0; i < 2; i++) {
        const failed = await twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'seeded', version });
        expect(failed.status).toBe(503);
        expect(await failed.json()).toMatchObject({ code: 'unavailable' });
      }
      expect((await twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'seeded', version })).status).toBe(200);
      services.setSettings({ faults: {} });
    });

    it('delays Twirp answers', async () => {
      services.setSettings({ faults: { twirp: { delayMs: 400 } } });
      const startedMs = performance.now();
      expect((await twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'seeded', version })).status).toBe(200);
      expect(performance.now() - startedMs).toBeGreaterThanOrEqual(390);
      services.setSettings({ faults: {} });
    });

    it('truncates Twirp bodies so the JSON cannot be parsed', async () => {
      services.setSettings({ faults: { twirp: { truncateAfterBytes: 10 } } });
      const response = await twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'seeded', version });
      await expect(response.text()).rejects.toThrow();
      services.setSettings({ faults: {} });
    });

    it('applies blob faults set over the admin route: status, delay, truncation', async () => {
      const url = await downloadUrl();
      expect((await admin({ faults: { blob: { errorStatus: 500 } } })).status).toBe(200);
      expect((await fetch(url)).status).toBe(500);
      expect((await fetch(url)).status).toBe(500);
      // The Twirp side is unaffected by blob faults.
      expect((await twirp(CACHE, 'GetCacheEntryDownloadURL', { key: 'seeded', version })).status).toBe(200);

      await admin({ faults: { blob: { delayMs: 300 } } });
      const startedMs = performance.now();
      const delayed = await fetch(url);
      expect(performance.now() - startedMs).toBeGreaterThanOrEqual(290);
      expect((await delayed.arrayBuffer()).byteLength).toBe(archiveBytes);

      const cutBytes = 50_000;
      await admin({ faults: { blob: { truncateAfterBytes: cutBytes } } });
      const truncated = await fetch(url);
      expect(Number(truncated.headers.get('content-length'))).toBe(archiveBytes);
      let receivedBytes = 0;
      const reader = truncated.body!.getReader();
      await expect(
        (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            receivedBytes += value.byteLength;
          }
        })(),
      ).rejects.toThrow();
      expect(receivedBytes).toBe(cutBytes);

      expect(await (await admin({ faults: {} })).json()).toEqual({ downloadBytesPerSecond: null, faults: {}, downloadUrls: 'loopback' });
      expect((await (await fetch(url)).arrayBuffer()).byteLength).toBe(archiveBytes);
    });
  });

  it("leaves the action's own documents out of the blob faults and out of the GETs the network faults count", async () => {
    const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
    await withEnv(env, () => storeDocument('anatomy', 'disk-profiler-anatomy-faults', { n: 1 }));
    try {
      // A document read takes no error meant for the archive, and does not use up a counted one.
      await admin({ faults: { blob: { errorStatus: 503, errorCount: 1 } } });
      expect(await withEnv(env, () => loadNewest('anatomy', 'disk-profiler-anatomy-faults'))).toMatchObject({ found: true, document: { n: 1 } });
      expect((await fetch(await downloadUrl())).status).toBe(503);
      // Nor is it counted: with a document read first, the archive's GET is still GET #1, the one reset.
      await admin({ faults: {}, network: { cut: { request: 1, afterBytes: 0 } } });
      expect(await withEnv(env, () => loadNewest('anatomy', 'disk-profiler-anatomy-faults'))).toMatchObject({ found: true });
      await expect(fetch(await downloadUrl())).rejects.toThrow();
      expect((await (await fetch(await downloadUrl())).arrayBuffer()).byteLength).toBe(archiveBytes);
    } finally {
      await admin({ faults: {}, network: {} });
    }
  });

  it('rate-limits a real restore through @actions/cache', async () => {
    const bytesPerSecond = 256 * 1024;
    services.setSettings({ downloadBytesPerSecond: bytesPerSecond });
    const before = await treeFingerprint(tree);
    await rm(tree, { recursive: true });
    const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
    const startedMs = performance.now();
    expect(await withEnv(env, () => restoreCache([tree], 'seeded'))).toBe('seeded');
    const elapsedMs = performance.now() - startedMs;
    // Loose lower bound: the whole archive at the configured rate, minus one generous burst.
    const floorMs = ((archiveBytes - 64 * 1024) / bytesPerSecond) * 1000 * 0.9;
    expect(elapsedMs).toBeGreaterThanOrEqual(floorMs);
    expect(await treeFingerprint(tree)).toEqual(before);

    // Lifted over the admin route, the same download is much faster.
    await admin({ downloadBytesPerSecond: null });
    const fastStartedMs = performance.now();
    await (await fetch(await downloadUrl())).arrayBuffer();
    expect(performance.now() - fastStartedMs).toBeLessThan(floorMs);
  });

  it('stop() leaves no process and no open port behind', async () => {
    const { pid, port: azuritePort } = services.azurite;
    const serverPort = Number(new URL(services.url).port);
    expect(processAlive(pid)).toBe(true);
    expect(await portAnswers(azuritePort)).toBe(true);
    await services.stop();
    expect(processAlive(pid)).toBe(false);
    expect(await portAnswers(azuritePort)).toBe(false);
    expect(await portAnswers(serverPort)).toBe(false);
  });
});
