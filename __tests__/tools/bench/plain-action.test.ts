// The repeat-run bench's plain drop-in (tools/bench/plain-action) is what actions/cache does, run as a
// runner runs it (main, then post, as processes of its own bundle): a restore in main with cache-hit
// set, no save after an exact hit, a save of the primary key after a restore-key hit or a miss.
import { restoreCache } from '@actions/cache';
import { mkdir, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlainAction } from '../../../tools/bench/plain-action/build.js';
import { runAction } from '../../../tools/runner/run-action.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../../tools/services/index.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../../helpers/tree.js';

let services: LocalServices;
let root: string;
let bundle: string;
const PATHS = ['deps'];

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('plain-action');
  bundle = await buildPlainAction(path.join(root, 'bundle'));
  await copyPackages(path.join(root, 'source', 'deps'), ['tar']);
  await mkdir(path.join(root, 'temp'));
  await seedCache({ services, paths: PATHS, key: 'plain-1', workspace: path.join(root, 'source'), tempDir: path.join(root, 'temp') });
}, 120_000);

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function runPlain(name: string, inputs: Record<string, string>) {
  const workspace = path.join(root, name);
  await mkdir(workspace, { recursive: true });
  let log = '';
  const result = await runAction({
    distDir: bundle,
    inputs,
    env: { ...cacheClientEnv(services, { workspace, tempDir: path.join(root, 'temp') }) },
    cwd: workspace,
    onOutput: (chunk) => (log += chunk),
  });
  return { ...result, log, workspace };
}

async function entryExists(key: string): Promise<boolean> {
  const probe = path.join(root, `probe-${key}`);
  await mkdir(probe, { recursive: true });
  try {
    const env = cacheClientEnv(services, { workspace: probe, tempDir: path.join(root, 'temp') });
    return (await withEnv(env, () => restoreCache(PATHS, key, [], { lookupOnly: true }))) === key;
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
}

describe('the plain drop-in of the repeat-run bench', () => {
  it('restores in main and, after an exact hit, saves nothing in post', async () => {
    const r = await runPlain('exact', { path: 'deps', key: 'plain-1' });
    expect([r.mainExitCode, r.postExitCode]).toEqual([0, 0]);
    expect(r.outputs['cache-hit']).toBe('true');
    expect(await treeFingerprint(path.join(r.workspace, 'deps'))).toEqual(await treeFingerprint(path.join(root, 'source', 'deps')));
    expect(r.log).toContain('Cache hit occurred on the primary key plain-1, not saving cache.');
  });

  it('after a restore-key hit, saves the primary key in post, as actions/cache does', async () => {
    const r = await runPlain('prefix', { path: 'deps', key: 'plain-2', 'restore-keys': 'plain-' });
    expect([r.mainExitCode, r.postExitCode]).toEqual([0, 0]);
    expect(r.outputs['cache-hit']).toBe('false');
    expect(r.log).toContain('Cache saved with key: plain-2');
    expect(await entryExists('plain-2')).toBe(true);
  });

  it('after a miss, sets no cache-hit and saves in post', async () => {
    await mkdir(path.join(root, 'miss', 'deps'), { recursive: true });
    await copyPackages(path.join(root, 'miss', 'deps'), ['tar']);
    const r = await runPlain('miss', { path: 'deps', key: 'plain-miss-1' });
    expect(r.outputs['cache-hit']).toBeUndefined();
    expect(r.log).toContain('Cache not found for input keys: plain-miss-1');
    expect(await entryExists('plain-miss-1')).toBe(true);
  });
});
