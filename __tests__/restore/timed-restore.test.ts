// The timed restore, observed as runProfile observes it, against the local Actions services with a real package tree: phases present and
// tiling the restore, the restored tree identical to a plain restoreCache of the same entry, a miss,
// and cache service v1 as well as v2.
import { restoreCache } from '@actions/cache';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServices, seedCache, cacheClientEnv, withEnv, type LocalServices } from '../../tools/services/index.js';
import type { ExtractStart, TimedRestore } from '../../src/restore/timed-restore.js';
import { sampledRestore } from '../../tools/lab/sampled-restore.js';
import { resolveDevices } from '../../src/sample/devices.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../helpers/tree.js';

let services: LocalServices;
let root: string;
const PATHS = ['deps'];
// Real installed packages: about 26 MB in ~1,000 files, enough for phases of measurable length.
const PACKAGES = ['typescript', 'tar', '@actions/core'];

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('timed-restore');
  const source = path.join(root, 'source');
  await copyPackages(path.join(source, 'deps'), PACKAGES);
  const tempDirPath = path.join(root, 'runner-temp');
  await mkdir(tempDirPath);
  await seedCache({ services, paths: PATHS, key: 'deps-v2-1', workspace: source, tempDir: tempDirPath });
  await seedCache({ services, paths: PATHS, key: 'deps-v1-1', workspace: source, tempDir: tempDirPath, serviceVersion: 'v1' });
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function profiledRestore(
  workspace: string,
  key: string,
  restoreKeys: string[],
  version: 'v1' | 'v2',
  onExtractStart?: (soFar: ExtractStart) => void,
): Promise<TimedRestore> {
  await mkdir(workspace, { recursive: true });
  const env = cacheClientEnv(services, { workspace, tempDir: path.join(root, 'runner-temp') }, version);
  const where = resolveDevices({ restorePath: workspace, archiveTemp: path.join(root, 'runner-temp') });
  return withEnv(env, () =>
    sampledRestore({ paths: PATHS, primaryKey: key, restoreKeys, devices: where.devices, ...(onExtractStart ? { onExtractStart } : {}) }),
  );
}

describe.each(['v2', 'v1'] as const)('timedRestore through cache service %s', (version) => {
  const key = `deps-${version}-1`;

  it('times lookup, download and extraction as phases that tile the restore', async () => {
    const workspace = path.join(root, `profiled-${version}`);
    // Told once, as extraction begins: the entry's paths and compression.
    const told: ExtractStart[] = [];
    const { restore, phases, archivePath } = await profiledRestore(workspace, key, [], version, (soFar) => told.push(soFar));
    expect(told).toEqual([{ paths: PATHS, compressionMethod: restore.compressionMethod }]);
    expect(restore.error).toBeUndefined();
    expect(restore.cacheHit).toBe(true);
    expect(restore.serviceVersion).toBe(version);
    expect(restore.matchedKey).toBe(key);
    expect(phases.map((p) => p.name)).toEqual(['lookup', 'download', 'extract']);
    for (let i = 1; i < phases.length; i++) expect(phases[i]?.start).toBe(phases[i - 1]?.end);
    const sum = phases.reduce((ms, p) => ms + (p.endMs - p.startMs), 0);
    expect(sum).toBeCloseTo(restore.restoreMs, 6);
    expect(Math.abs(restore.wallMs - restore.restoreMs)).toBeLessThanOrEqual(restore.wallMs * 0.01);
    expect(restore.archiveBytes).toBeGreaterThan(1_000_000);
    expect(phases[1]?.networkBytes).toBe(restore.archiveBytes);
    expect(phases.every((p) => p.endMs > p.startMs)).toBe(true);
    expect(archivePath).toBeTruthy();
  });

  it('restores exactly what a plain restoreCache restores', async () => {
    const profiled = path.join(root, `same-profiled-${version}`);
    const plain = path.join(root, `same-plain-${version}`);
    await profiledRestore(profiled, key, [], version);
    await mkdir(plain, { recursive: true });
    const env = cacheClientEnv(services, { workspace: plain, tempDir: path.join(root, 'runner-temp') }, version);
    expect(await withEnv(env, () => restoreCache(PATHS, key))).toBe(key);
    const ours = await treeFingerprint(path.join(profiled, 'deps'));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours).toEqual(await treeFingerprint(path.join(plain, 'deps')));
  });

  it('matches a restore key by prefix', async () => {
    const { restore } = await profiledRestore(path.join(root, `prefix-${version}`), 'deps-missing', [`deps-${version}-`], version);
    expect(restore.cacheHit).toBe(true);
    expect(restore.matchedKey).toBe(key);
    expect(restore.exactMatch).toBe(false);
  });

  it('reports a miss with the keys tried and only the lookup phase', async () => {
    const { restore, phases, archivePath } = await profiledRestore(path.join(root, `miss-${version}`), 'nothing-here', ['nor-here-'], version);
    expect(restore.cacheHit).toBe(false);
    expect(restore.error).toBeUndefined();
    expect(restore.matchedKey).toBeNull();
    expect(restore.keysTried).toEqual(['nothing-here', 'nor-here-']);
    expect(phases.map((p) => p.name)).toEqual(['lookup']);
    expect(archivePath).toBeNull();
  });
});
