// The restore's inputs behave as actions/cache's, checked against the real @actions/cache and the local services:
// `!` lines normalised as actions/cache normalises them (same cache version), ACTIONS_CACHE_MODE honoured as
// restoreCache's dispatcher honours it, lookup-only, and exact versus restore-key matches.
import { restoreCache, saveCache } from '@actions/cache';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { parseConfig, type ProfileConfig } from '../../src/config/config.js';
import type { TimedRestore } from '../../src/restore/timed-restore.js';
import { sampledRestore } from '../../tools/lab/sampled-restore.js';
import { actionsCacheOutputs } from '../../src/report/outputs.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';

let services: LocalServices;
let root: string;
let source: string;
let runnerTemp: string;
// As a user writes it in the workflow: the exclusion with spaces after `!`, which actions/cache strips.
const PATH_INPUT = 'deps\n!  deps/tar/dist';

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('cache-semantics');
  source = path.join(root, 'source');
  runnerTemp = path.join(root, 'runner-temp');
  await mkdir(runnerTemp);
  await copyPackages(path.join(source, 'deps'), ['tar', '@actions/core']);
  // Saved as actions/cache saves it: plain saveCache with the paths getInputAsArray gives, run in the workspace.
  const env = cacheClientEnv(services, { workspace: source, tempDir: runnerTemp });
  const before = process.cwd();
  process.chdir(source);
  try {
    expect(await withEnv(env, () => saveCache(['deps', '!deps/tar/dist'], 'deps-exact'))).toBeGreaterThan(0);
  } finally {
    process.chdir(before);
  }
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

function config(inputs: Record<string, string>, workspace: string): ProfileConfig {
  const c = parseConfig((name) => ({ path: PATH_INPUT, key: 'deps-exact', ...inputs })[name] ?? '', {
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    RUNNER_NAME: 't',
  });
  if (c.mode !== 'profile') throw new Error('expected profile mode');
  return c;
}

async function profiled(_label: string, c: ProfileConfig, extraEnv: Record<string, string> = {}, paths = c.paths): Promise<TimedRestore> {
  await mkdir(c.workspace, { recursive: true });
  return withEnv({ ...cacheClientEnv(services, { workspace: c.workspace, tempDir: runnerTemp }), ...extraEnv }, () =>
    sampledRestore({ paths, primaryKey: c.primaryKey, restoreKeys: c.restoreKeys, enableCrossOsArchive: c.enableCrossOsArchive, lookupOnly: c.lookupOnly }),
  );
}

describe('the restore reads its inputs as actions/cache does', () => {
  it('normalises `!  path` to `!path`, so it computes the version actions/cache saved under', async () => {
    const workspace = path.join(root, 'normalised');
    const c = config({}, workspace);
    expect(c.paths).toEqual(['deps', '!deps/tar/dist']);
    const { restore } = await profiled('normalised', c);
    expect(restore.error).toBeUndefined();
    expect(restore.cacheHit).toBe(true);
    expect(restore.exactMatch).toBe(true);
    expect(existsSync(path.join(workspace, 'deps/tar/package.json'))).toBe(true);
    // The paths as written (what the profiler used before) hash to another version: a miss.
    const raw = await profiled('raw', config({}, path.join(root, 'raw')), {}, ['deps', '!  deps/tar/dist']);
    expect(raw.restore.cacheHit).toBe(false);
    expect(raw.restore.matchedKey).toBeNull();
  });

  it('an exact hit says cache-hit true; a restore-key hit restores but says false', async () => {
    const exact = await profiled('exact', config({ 'restore-keys': 'deps-' }, path.join(root, 'exact')));
    expect(actionsCacheOutputs(exact.restore)).toEqual({ 'cache-primary-key': 'deps-exact', 'cache-matched-key': 'deps-exact', 'cache-hit': 'true' });
    const partial = await profiled('partial', config({ key: 'deps-newer', 'restore-keys': 'deps-' }, path.join(root, 'partial')));
    expect(partial.restore.cacheHit).toBe(true);
    expect(actionsCacheOutputs(partial.restore)).toEqual({ 'cache-primary-key': 'deps-newer', 'cache-matched-key': 'deps-exact', 'cache-hit': 'false' });
    const miss = await profiled('miss', config({ key: 'nothing' }, path.join(root, 'miss')));
    expect(actionsCacheOutputs(miss.restore)).toEqual({ 'cache-primary-key': 'nothing' });
  });

  it('lookup-only stops after the lookup, with the key found and nothing written', async () => {
    const workspace = path.join(root, 'lookup-only');
    const c = config({ 'lookup-only': 'true', key: 'deps-newer', 'restore-keys': 'deps-' }, workspace);
    const { restore, phases, archivePath } = await profiled('lookup-only', c);
    expect(phases.map((p) => p.name)).toEqual(['lookup']);
    expect(restore.skipped?.reason).toBe('lookup-only');
    expect(restore.error).toBeUndefined();
    expect(archivePath).toBeNull();
    expect(existsSync(path.join(workspace, 'deps'))).toBe(false);
    expect(actionsCacheOutputs(restore)).toEqual({ 'cache-primary-key': 'deps-newer', 'cache-matched-key': 'deps-exact', 'cache-hit': 'false' });
    // `yes` is not true for actions/cache: a full restore.
    const yes = await profiled('lookup-yes', config({ 'lookup-only': 'yes' }, path.join(root, 'lookup-yes')));
    expect(yes.phases.map((p) => p.name)).toEqual(['lookup', 'download', 'extract']);
  });

  it.each(['none', 'write-only'])('ACTIONS_CACHE_MODE=%s skips the restore silently, as restoreCache does', async (mode) => {
    const workspace = path.join(root, `mode-${mode}`);
    const c = config({}, workspace);
    const { restore, phases } = await profiled(`mode-${mode}`, c, { ACTIONS_CACHE_MODE: mode });
    expect(restore.error).toBeUndefined();
    expect(restore.cacheHit).toBe(false);
    expect(restore.skipped).toEqual({ reason: 'cache-mode', message: `Cache restore skipped: the effective cache-mode '${mode}' does not permit reads.` });
    expect(phases).toEqual([]);
    expect(actionsCacheOutputs(restore)).toEqual({ 'cache-primary-key': 'deps-exact' });
    // The same as a plain restoreCache under that mode.
    const plain = path.join(root, `mode-${mode}-plain`);
    await mkdir(plain);
    const env = { ...cacheClientEnv(services, { workspace: plain, tempDir: runnerTemp }), ACTIONS_CACHE_MODE: mode };
    expect(await withEnv(env, () => restoreCache(c.paths, c.primaryKey))).toBeUndefined();
  });

  it.each(['read', 'write', 'READ', 'something-new'])('ACTIONS_CACHE_MODE=%s permits the restore, as upstream', async (mode) => {
    const { restore } = await profiled(`mode-${mode}`, config({}, path.join(root, `mode-${mode}`)), { ACTIONS_CACHE_MODE: mode });
    expect(restore.skipped).toBeUndefined();
    expect(restore.cacheHit).toBe(true);
  });
});
