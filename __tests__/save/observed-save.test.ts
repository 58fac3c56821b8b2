// The profiled save against the local services and the real @actions/cache: what it saves, plain restoreCache
// restores byte for byte; its phases are saveCacheV2's (V1's) calls in order and tile its wall time; the disk
// under the paths is resolved and sampled; cache mode and an existing entry behave as saveCache's.
import { restoreCache } from '@actions/cache';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { judgedSave } from '../../src/pipeline/judged-save.js';
import type { SaveResult } from '../../src/profile/schema.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../helpers/tree.js';
import { saySave } from '../../src/report/say/save.js';

let services: LocalServices;
let root: string;
let workspace: string;
let runnerTemp: string;
const PATHS = ['deps'];

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('observed-save');
  workspace = path.join(root, 'workspace');
  runnerTemp = path.join(root, 'runner-temp');
  await mkdir(runnerTemp, { recursive: true });
  // Real installed packages: ~26 MB in ~1,000 files.
  await copyPackages(path.join(workspace, 'deps'), ['typescript', 'tar', '@actions/core']);
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function save(key: string, version: 'v1' | 'v2', extraEnv: Record<string, string> = {}): Promise<SaveResult> {
  const env = { ...cacheClientEnv(services, { workspace, tempDir: runnerTemp }, version), ...extraEnv };
  return withEnv(env, () => judgedSave({ paths: PATHS, key, enableCrossOsArchive: false, workspace, runnerTemp, sampleIntervalMs: 100, log: () => {} }));
}

describe.each(['v2', 'v1'] as const)('observedSave through cache service %s', (version) => {
  it('saves what plain restoreCache then restores, in phases that tile the save', async () => {
    const key = `saved-${version}`;
    const saved = await save(key, version);
    expect(saved.error).toBeUndefined();
    expect(saved.status).toBe('saved');
    expect(saved.cacheId).toBeGreaterThan(0);
    expect(saved.matchedPaths).toEqual(['deps']);
    expect(saved.phases.map((p) => p.name)).toEqual(
      version === 'v2' ? ['list', 'archive', 'reserve', 'upload', 'commit'] : ['list', 'archive', 'reserve', 'upload'],
    );
    for (let i = 1; i < saved.phases.length; i++) expect(saved.phases[i]?.start).toBe(saved.phases[i - 1]?.end);
    expect(saved.phases.every((p) => p.endMs >= p.startMs)).toBe(true);
    expect(saved.phases.reduce((ms, p) => ms + (p.endMs - p.startMs), 0)).toBeCloseTo(saved.saveMs, 6);
    expect(Math.abs(saved.wallMs - saved.saveMs)).toBeLessThanOrEqual(saved.wallMs * 0.01);
    expect(saved.archiveBytes).toBeGreaterThan(1_000_000);
    expect(saved.phases.find((p) => p.name === 'upload')?.networkBytes).toBe(saved.archiveBytes);
    // The disk under the paths read was resolved and sampled.
    expect(saved.devices.length).toBeGreaterThan(0);
    expect(saved.devices[0]?.roles).toContain('restore-path');
    expect(saved.phases[0]?.start.disks[0]).not.toBeNull();
    expect(saved.samples.snapshots.length).toBeGreaterThanOrEqual(saved.phases.length + 1);
    expect(saved.verdict?.phases.map((p) => p.phase)).toEqual(saved.phases.map((p) => p.name));
    expect(saved.verdict && saySave(saved.verdict)).toMatch(/^Save: /);

    const plain = path.join(root, `plain-${version}`);
    await mkdir(plain, { recursive: true });
    const env = cacheClientEnv(services, { workspace: plain, tempDir: runnerTemp }, version);
    expect(await withEnv(env, () => restoreCache(PATHS, key))).toBe(key);
    const restored = await treeFingerprint(path.join(plain, 'deps'));
    expect(restored.length).toBeGreaterThan(100);
    expect(restored).toEqual(await treeFingerprint(path.join(workspace, 'deps')));
  });

  it('an entry that exists already is a failed reservation, as saveCache reports it', async () => {
    const key = `twice-${version}`;
    expect((await save(key, version)).status).toBe('saved');
    const again = await save(key, version);
    expect(again.status).toBe('failed');
    expect(again.error?.phase).toBe('reserve');
    expect(again.reason).toMatch(/Failed to save: .*(reserve|exists|another job)/i);
  });
});

it.each(['none', 'read'])('ACTIONS_CACHE_MODE=%s skips the save before anything, as saveCache does', async (mode) => {
  const skipped = await save(`mode-${mode}`, 'v2', { ACTIONS_CACHE_MODE: mode });
  expect(skipped.status).toBe('skipped');
  expect(skipped.reason).toBe(`Cache save skipped: the effective cache-mode '${mode}' does not permit writes.`);
  expect(skipped.phases).toEqual([]);
});

it("paths that match nothing fail in the list phase with saveCache's message", async () => {
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
  const r = await withEnv(env, () =>
    judgedSave({ paths: ['nothing-here'], key: 'none', enableCrossOsArchive: false, workspace, runnerTemp, sampleIntervalMs: 100, log: () => {} }),
  );
  expect(r.status).toBe('failed');
  expect(r.error?.phase).toBe('list');
  expect(r.error?.message).toContain('Path Validation Error');
});
