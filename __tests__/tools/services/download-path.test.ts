// Which download path @actions/cache takes against the local services, told from the requests the blob route saw.
// By default the signed URLs are under *.blob.core.windows.net and reached through the services' proxy, so
// restoreCache takes the production path: the Azure SDK's parallel ranged download (v2), or http-client's
// concurrent ranged download (v1). With downloadUrls 'loopback' it downloads one plain stream, as from a
// v1 server such as GHES.
import { restoreCache } from '@actions/cache';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../../tools/services/index.js';
import { BLOB_HOST } from '../../../tools/services/proxy.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../../helpers/tree.js';

let services: LocalServices;
let root: string;
let runnerTemp: string;
const PATHS = ['deps'];

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('download-path');
  runnerTemp = path.join(root, 'temp');
  await mkdir(runnerTemp);
  const source = path.join(root, 'source');
  // Real packages, ~5 MB compressed: more than one of the SDK's 4 MiB ranges.
  await copyPackages(path.join(source, 'deps'), ['typescript', 'tar']);
  await seedCache({ services, paths: PATHS, key: 'path-v2', workspace: source, tempDir: runnerTemp });
  await seedCache({ services, paths: PATHS, key: 'path-v1', workspace: source, tempDir: runnerTemp, serviceVersion: 'v1' });
});

afterAll(async () => {
  services?.setSettings({ downloadUrls: 'azure' });
  await services?.stop();
  await removeDirs(root);
});

async function restoreAndWatch(name: string, key: string, version: 'v1' | 'v2') {
  const workspace = path.join(root, name);
  await mkdir(workspace);
  const before = services.blobRequests().length;
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp }, version);
  expect(await withEnv(env, () => restoreCache(PATHS, key))).toBe(key);
  expect((await treeFingerprint(path.join(workspace, 'deps'))).length).toBeGreaterThan(100);
  return services.blobRequests().slice(before);
}

describe('the download path @actions/cache takes', () => {
  it('v2 by default: the Azure SDK, a HEAD then parallel ranged GETs (x-ms-range) under the blob host, through the proxy', async () => {
    expect(services.env.HTTP_PROXY).toBe(services.url);
    const seen = await restoreAndWatch('sdk', 'path-v2', 'v2');
    expect(seen[0]?.method).toBe('HEAD');
    const gets = seen.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(gets.every((r) => r.range !== null && /^bytes=\d+-\d+$/.test(r.range))).toBe(true);
    expect(seen.every((r) => r.viaProxy && r.host.startsWith(`${BLOB_HOST}:`))).toBe(true);
  });

  it("v1 by default: http-client's concurrent ranged download under the blob host, tunnelled through the proxy", async () => {
    const seen = await restoreAndWatch('v1-concurrent', 'path-v1', 'v1');
    const gets = seen.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(1);
    expect(gets.every((r) => r.range !== null)).toBe(true);
    expect(seen.every((r) => r.viaProxy && r.host.startsWith(`${BLOB_HOST}:`))).toBe(true);
  });

  it.each(['v1', 'v2'] as const)('loopback URLs (%s): one plain GET of the whole blob, no proxy (the GHES path)', async (version) => {
    services.setSettings({ downloadUrls: 'loopback' });
    try {
      const seen = await restoreAndWatch(`loopback-${version}`, `path-${version}`, version);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'GET', range: null, viaProxy: false });
      expect(seen[0]?.host).toBe(new URL(services.url).host);
    } finally {
      services.setSettings({ downloadUrls: 'azure' });
    }
  });
});
