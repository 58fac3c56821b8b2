// The large-files cache against the real local services: seeded from this project's node_modules
// through saveCache, restored back through restoreCache, and its build tree gone.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restoreCache } from '@actions/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeFilesCache } from '../../../tools/lab/cache-entry.js';
import { withoutStdout } from '../../../tools/lab/quiet.js';
import { cacheClientEnv, type LocalServices, startLocalServices, withEnv } from '../../../tools/services/index.js';

const repoRoot = path.resolve(__dirname, '../../..');

describe('the lab cache of large files', () => {
  let services: LocalServices | undefined;
  let dir = '';
  beforeAll(async () => {
    services = await startLocalServices();
    dir = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-cache-entry-test-'));
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every JS file of a MiB or more, four times over, and restores as saved', async () => {
    const s = services as LocalServices;
    const build = path.join(dir, 'build');
    const entry = await withoutStdout(() => seedLargeFilesCache(s, repoRoot, build, path.join(dir, 'seed-temp')));
    expect(entry.paths).toEqual(['large-files']);
    expect(entry.key).toMatch(/^lab-large-files-[0-9a-f]{16}$/);

    const workspace = path.join(dir, 'workspace');
    const key = await withoutStdout(() =>
      withEnv(cacheClientEnv(s, { workspace, tempDir: path.join(dir, 'restore-temp') }), () => restoreCache([...entry.paths], entry.key)),
    );
    expect(key).toBe(entry.key);
    const copies = readdirSync(path.join(workspace, 'large-files')).sort();
    expect(copies).toEqual(['copy-1', 'copy-2', 'copy-3', 'copy-4']);
    const files = readdirSync(path.join(workspace, 'large-files', 'copy-1'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(statSync(path.join(workspace, 'large-files', 'copy-1', f)).size).toBeGreaterThanOrEqual(1024 * 1024);
    expect(readdirSync(path.join(workspace, 'large-files', 'copy-4'))).toEqual(files);
  }, 120_000);
});
