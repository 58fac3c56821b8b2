// Cache service v1 (the REST API GHES speaks) against the real @actions/cache client and Azurite.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { restoreCache, saveCache } from '@actions/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServices, cacheClientEnv, seedCache, startLocalServices, withEnv } from '../../../tools/services/index.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../../helpers/tree.js';

describe('cache service v1 with the real @actions/cache', () => {
  let services: LocalServices | undefined;
  let root: string | undefined;
  const requests: string[] = [];

  beforeAll(async () => {
    root = await tempDir('cache-v1');
    services = await startLocalServices({ log: (line) => requests.push(line) });
  });

  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  it('saves in chunks and restores byte for byte with ACTIONS_CACHE_SERVICE_V2 unset', async () => {
    const workspace = path.join(root!, 'workspace');
    const runnerTemp = path.join(root!, 'runner-temp');
    const tree = path.join(workspace, 'deps');
    await mkdir(runnerTemp, { recursive: true });
    await copyPackages(tree, ['tar', '@actions/core']);
    const before = await treeFingerprint(tree);

    const env = cacheClientEnv(services!, { workspace, tempDir: runnerTemp }, 'v1');
    expect(env.ACTIONS_CACHE_SERVICE_V2).toBeUndefined();
    // Small chunks so the archive goes up as several concurrent PATCHes that must be reassembled in order.
    const chunkBytes = 64 * 1024;
    const cacheId = await withEnv(env, () => saveCache([tree], 'v1-deps-1', { uploadChunkSize: chunkBytes, uploadConcurrency: 4 }));
    expect(cacheId).toBeGreaterThan(0);
    const patches = requests.filter((l) => l.startsWith(`PATCH /_apis/artifactcache/caches/${cacheId} 204`));
    expect(patches.length).toBeGreaterThanOrEqual(3);
    await rm(tree, { recursive: true });

    const matched = await withEnv(env, () => restoreCache([tree], 'v1-deps-9', ['v1-deps-']));
    expect(matched).toBe('v1-deps-1');
    expect(await treeFingerprint(tree)).toEqual(before);

    // The v1 protocol was really used: reserve, chunk upload, commit, lookup, then the blob route.
    const routes = requests.filter((l) => /^(GET|POST|PATCH) /.test(l)).map((l) => l.split(' ').slice(0, 2).join(' '));
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /_apis/artifactcache/caches',
        `PATCH /_apis/artifactcache/caches/${cacheId}`,
        `POST /_apis/artifactcache/caches/${cacheId}`,
        'GET /_apis/artifactcache/cache',
      ]),
    );
    expect(routes.some((r) => r.startsWith('GET /_blob/'))).toBe(true);
    expect(routes.some((r) => r.startsWith('POST /twirp/'))).toBe(false);

    expect(await withEnv(env, () => restoreCache([tree], 'absent', ['absent-']))).toBeUndefined();
  });

  it('seeds through seedCache with serviceVersion v1', async () => {
    const workspace = path.join(root!, 'workspace2');
    const runnerTemp = path.join(root!, 'runner-temp2');
    await mkdir(runnerTemp, { recursive: true });
    await copyPackages(path.join(workspace, 'deps'), ['@actions/core']);
    const cacheId = await seedCache({
      services: services!,
      paths: [path.join(workspace, 'deps')],
      key: 'v1-seeded',
      serviceVersion: 'v1',
      workspace,
      tempDir: runnerTemp,
    });
    expect(requests).toContainEqual(expect.stringMatching(new RegExp(`^POST /_apis/artifactcache/caches/${cacheId} 204`)));
  });
});
