// Cache service v2 against the real @actions/cache client and a real Azurite.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { restoreCache } from '@actions/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServices, cacheClientEnv, seedCache, startLocalServices, withEnv } from '../../../tools/services/index.js';
import { copyPackages, removeDirs, repoRoot, tempDir, treeFingerprint } from '../../helpers/tree.js';

describe('cache service v2 with the real @actions/cache', () => {
  let services: LocalServices | undefined;
  let root: string | undefined;
  let workspace = '';
  let runnerTemp = '';
  let tree = '';
  let stateA: string[] = [];
  let stateB: string[] = [];

  const restore = (primaryKey: string, restoreKeys: string[] = [], paths = [tree]) =>
    withEnv(cacheClientEnv(services!, { workspace, tempDir: runnerTemp }), () => restoreCache(paths, primaryKey, restoreKeys));

  beforeAll(async () => {
    root = await tempDir('cache-v2');
    workspace = path.join(root, 'workspace');
    runnerTemp = path.join(root, 'runner-temp');
    tree = path.join(workspace, 'deps');
    await mkdir(runnerTemp, { recursive: true });
    await copyPackages(tree, ['tar', '@actions/core']);
    services = await startLocalServices();

    stateA = await treeFingerprint(tree);
    await seedCache({ services, paths: [tree], key: 'deps-linux-1', workspace, tempDir: runnerTemp });
    // A second, newer entry whose content differs by one real file.
    await copyFile(path.join(repoRoot, 'node_modules/@actions/cache/package.json'), path.join(tree, 'cache-package.json'));
    stateB = await treeFingerprint(tree);
    await seedCache({ services, paths: [tree], key: 'deps-linux-2', workspace, tempDir: runnerTemp });
  });

  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  it('restores an exact key byte for byte', async () => {
    await rm(tree, { recursive: true });
    expect(await restore('deps-linux-1')).toBe('deps-linux-1');
    const restored = await treeFingerprint(tree);
    expect(restored.length).toBeGreaterThan(50);
    expect(restored).toEqual(stateA);
  });

  it('matches restore keys by prefix, newest entry first', async () => {
    await rm(tree, { recursive: true });
    expect(await restore('deps-macos-9', ['deps-windows-', 'deps-linux-'])).toBe('deps-linux-2');
    expect(await treeFingerprint(tree)).toEqual(stateB);
  });

  it('misses on an unknown key and on a different version (other paths)', async () => {
    expect(await restore('nothing-here', ['nope-'])).toBeUndefined();
    expect(await restore('deps-linux-1', [], [path.join(workspace, 'other')])).toBeUndefined();
  });

  it('refuses to overwrite a finalized entry', async () => {
    await expect(seedCache({ services: services!, paths: [tree], key: 'deps-linux-1', workspace, tempDir: runnerTemp })).rejects.toThrow(
      /saveCache returned -1/,
    );
  });
});
