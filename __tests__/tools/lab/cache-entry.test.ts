// The large-files and monorepo caches against the real local services: seeded (from this project's
// node_modules, from the lab's pinned workload) through saveCache, restored back through restoreCache.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restoreCache } from '@actions/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CACHE_PATHS, LAB_WORKLOAD_DIR, MONOREPO_PACKAGES, seedLargeFilesCache, seedMonorepoCache } from '../../../tools/lab/cache-entry.js';
import { withoutStdout } from '../../../tools/lab/quiet.js';
import { cacheClientEnv, type LocalServices, startLocalServices, withEnv } from '../../../tools/services/index.js';

const repoRoot = path.resolve(__dirname, '../../..');

describe("the lab's built caches", () => {
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

  it("holds the workload's cache paths once per package of the monorepo, and restores as saved", async () => {
    const s = services as LocalServices;
    const build = path.join(dir, 'monorepo-build');
    const entry = await withoutStdout(() => seedMonorepoCache(s, repoRoot, build, path.join(dir, 'seed-temp')));
    expect(entry.paths).toEqual(['packages']);
    expect(entry.key).toMatch(new RegExp(`^lab-monorepo-${MONOREPO_PACKAGES}-[0-9a-f]{16}$`));

    const workspace = path.join(dir, 'monorepo-workspace');
    const key = await withoutStdout(() =>
      withEnv(cacheClientEnv(s, { workspace, tempDir: path.join(dir, 'monorepo-restore-temp') }), () => restoreCache([...entry.paths], entry.key)),
    );
    expect(key).toBe(entry.key);
    const packages = readdirSync(path.join(workspace, 'packages')).sort();
    expect(packages).toEqual(Array.from({ length: MONOREPO_PACKAGES }, (_, i) => `p${i + 1}`).sort());
    const workload = path.join(repoRoot, LAB_WORKLOAD_DIR);
    for (const p of LAB_CACHE_PATHS) {
      const names = readdirSync(path.join(workload, p)).sort();
      expect(names.length).toBeGreaterThan(0);
      for (const pkg of packages) expect(readdirSync(path.join(workspace, 'packages', pkg, p)).sort()).toEqual(names);
    }
  }, 180_000);
});
