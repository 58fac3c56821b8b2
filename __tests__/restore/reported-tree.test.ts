// The restored tree's anatomy from tar's own report (issue 40, item 3) against a walk of the same
// tree, on real restores from the local Actions services: a real package tree with a read-only
// directory, symlinks, a hard link, an empty file, and a second path outside the workspace (stored
// as ../outside), so every kind of member and the member-to-path mapping are exercised. Each restore
// goes back into the workspace the entry was saved from, emptied first (the outside path is absolute).
import { chmod, link, mkdir, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { sampledRestore } from '../../tools/lab/sampled-restore.js';
import { restoreRoots } from '../../src/config/restore-roots.js';
import { walkRestoredTree } from '../../src/restore/restored-tree.js';
import type { KnownTree, TreeLookup } from '../../src/restore/timed-restore.js';
import { lookUpAnatomy, anatomyDocument, storeAnatomy } from '../../src/remember/anatomy.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';

let services: LocalServices;
let root: string;
let workspace: string;
let paths: string[];
const KEY = 'reported-tree-1';

/** Empties what the entry holds, read-only directories included. */
function clearRestored(): void {
  for (const p of restoreRoots(paths, workspace)) {
    execFileSync('chmod', ['-R', 'u+w', p]);
    execFileSync('rm', ['-rf', p]);
  }
}

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('reported-tree');
  workspace = path.join(root, 'source', 'ws');
  const deps = path.join(workspace, 'deps');
  await copyPackages(deps, ['typescript', 'tar']);
  await mkdir(path.join(deps, 'read-only', 'inner'), { recursive: true });
  await writeFile(path.join(deps, 'read-only', 'inner', 'a.txt'), 'a'.repeat(5000));
  await writeFile(path.join(deps, 'read-only', 'empty'), '');
  await link(path.join(deps, 'read-only', 'inner', 'a.txt'), path.join(deps, 'read-only', 'hard-a.txt'));
  await symlink('inner/a.txt', path.join(deps, 'read-only', 'soft-a.txt'));
  await symlink('../missing', path.join(deps, 'dangling'));
  await chmod(path.join(deps, 'read-only', 'inner'), 0o555);
  await chmod(path.join(deps, 'read-only'), 0o555);
  const outside = path.join(root, 'source', 'outside');
  paths = ['deps', outside];
  await mkdir(path.join(outside, 'sub'), { recursive: true });
  await writeFile(path.join(outside, 'sub', 'big.bin'), Buffer.alloc(3 * 1024 * 1024, 7));
  const temp = path.join(root, 'runner-temp');
  await mkdir(temp);
  await seedCache({ services, paths, key: KEY, workspace, tempDir: temp });
});

afterAll(async () => {
  await services?.stop();
  // Read-only directories: made writable again so their files can go (non-root).
  if (root) execFileSync('chmod', ['-R', 'u+w', root]);
  await removeDirs(root);
});

describe("the anatomy from tar's report", () => {
  it('equals a walk of the restored tree, per restore path too', async () => {
    clearRestored();
    const env = cacheClientEnv(services, { workspace, tempDir: path.join(root, 'runner-temp') });
    const timed = await withEnv(env, () => sampledRestore({ paths, primaryKey: KEY }));
    expect(timed.restore.cacheHit).toBe(true);
    expect(timed.reportedTree).not.toBeNull();
    const roots = restoreRoots(paths, workspace);
    const walked = walkRestoredTree(roots, timed.extractStartedAtEpochMs as number);
    expect(walked.anatomy.files).toBeGreaterThan(100);
    expect(walked.anatomy.hardlinks).toBe(1);
    expect(walked.anatomy.symlinks).toBeGreaterThanOrEqual(2);
    expect(timed.reportedTree?.anatomy).toEqual(walked.anatomy);
    expect(timed.reportedTree?.truncated).toBe(false);
    expect([...(timed.reportedTree?.bytesByRoot ?? new Map()).entries()].sort()).toEqual([...walked.bytesByRoot.entries()].sort());
    expect(walked.bytesByRoot.get(path.join(root, 'source', 'outside'))).toBe(3 * 1024 * 1024);
  });

  it('leaves TAR_OPTIONS as it was and nothing in the archive directory', async () => {
    clearRestored();
    const temp = path.join(root, 'runner-temp-env');
    await mkdir(temp);
    const env = { ...cacheClientEnv(services, { workspace, tempDir: temp }), TAR_OPTIONS: '--no-same-permissions' };
    const timed = await withEnv(env, async () => {
      const t = await sampledRestore({ paths, primaryKey: KEY });
      expect(process.env.TAR_OPTIONS).toBe('--no-same-permissions');
      return t;
    });
    expect(timed.reportedTree?.anatomy.files).toBeGreaterThan(100);
    const left = execFileSync('find', [temp, '-mindepth', '1', '-not', '-type', 'd'], { encoding: 'utf8' }).trim();
    expect(left).toBe('');
  });
});

describe('the anatomy remembered for the entry (issue 40, item 3)', () => {
  const env = () => cacheClientEnv(services, { workspace, tempDir: path.join(root, 'runner-temp') });
  /** A known tree whose counts no extraction of this entry gives, so its use is seen in what the restore returns. */
  const marked = (archiveBytes: number): KnownTree => ({
    tree: {
      anatomy: { extractedBytes: 1, entries: 1, files: 1, directories: 0, symlinks: 0, hardlinks: 0, other: 0, sizeHistogram: [] },
      truncated: false,
      bytesByRoot: new Map(),
    },
    archiveBytes,
    learned: { runId: '77', runAttempt: '1', learnedAt: '2026-11-29T10:00:00.000Z' },
  });
  let archiveBytes = 0;
  beforeAll(async () => {
    clearRestored();
    archiveBytes = (await withEnv(env(), () => sampledRestore({ paths, primaryKey: KEY }))).restore.archiveBytes as number;
  });

  it("is used in place of tar's report where its answer is in by extraction and names an archive of this size", async () => {
    clearRestored();
    const asked: string[] = [];
    const timed = await withEnv(env(), () =>
      sampledRestore({
        paths,
        primaryKey: KEY,
        lookUpTree: async (entry, workingDirectory, roots) => {
          asked.push(entry.matchedKey, workingDirectory, ...roots);
          return { known: marked(archiveBytes) };
        },
      }),
    );
    expect(asked).toEqual([KEY, workspace, ...restoreRoots(paths, workspace)]);
    expect(timed.treeFrom).toEqual({ kind: 'remembered', learned: marked(0).learned });
    expect(timed.reportedTree?.anatomy.files).toBe(1);
    // The files are restored all the same.
    expect(walkRestoredTree(restoreRoots(paths, workspace), timed.extractStartedAtEpochMs as number).anatomy.files).toBeGreaterThan(100);
  });

  it('asks tar for its report where the size differs, the answer is late, or the lookup fails', async () => {
    const late = (): Promise<TreeLookup> => new Promise((resolve) => setTimeout(() => resolve({ known: marked(archiveBytes) }), 5000).unref());
    const hooks: [string, () => Promise<TreeLookup>][] = [
      ['another size', async () => ({ known: marked(archiveBytes + 1) })],
      ['late', late],
      ['failed', async () => Promise.reject(new Error('the service is down'))],
      ['none', async () => ({ known: null, absent: true, reason: 'no entry under x' })],
    ];
    for (const [why, lookUpTree] of hooks) {
      clearRestored();
      const timed = await withEnv(env(), () => sampledRestore({ paths, primaryKey: KEY, lookUpTree }));
      expect(timed.treeFrom, why).toEqual({ kind: 'tar-report' });
      expect(timed.reportedTree?.anatomy.files, why).toBeGreaterThan(100);
    }
  });

  it('stored from a report and looked up again on cache service v2 and v1: the same counts and bytes per root', async () => {
    for (const version of ['v2', 'v1'] as const) {
      clearRestored();
      const cacheEnv = cacheClientEnv(services, { workspace, tempDir: path.join(root, 'runner-temp') }, version);
      const timed = await withEnv(cacheEnv, () => sampledRestore({ paths, primaryKey: KEY }));
      const entry = timed.treeLookup?.entry ?? { matchedKey: KEY, cacheVersion: `unknown-${version}` };
      const roots = restoreRoots(paths, workspace);
      await withEnv(cacheEnv, async () => {
        const before = await lookUpAnatomy({ ...entry, cacheVersion: `${entry.cacheVersion}-${version}` }, workspace, roots);
        expect(before).toMatchObject({ known: null, absent: true });
        const doc = anatomyDocument(
          { ...entry, cacheVersion: `${entry.cacheVersion}-${version}` },
          archiveBytes,
          timed.reportedTree as never,
          workspace,
          '2026-11-29T10:00:00.000Z',
        );
        expect((await storeAnatomy(doc)).ok).toBe(true);
        const after = await lookUpAnatomy({ ...entry, cacheVersion: `${entry.cacheVersion}-${version}` }, workspace, roots);
        expect(after.known?.tree.anatomy).toEqual(timed.reportedTree?.anatomy);
        expect([...(after.known?.tree.bytesByRoot ?? new Map())].sort()).toEqual([...(timed.reportedTree?.bytesByRoot ?? new Map())].sort());
        expect(after.known?.archiveBytes).toBe(archiveBytes);
        // Another entry (another key that matched) has none.
        expect(await lookUpAnatomy({ ...entry, matchedKey: `${KEY}-other`, cacheVersion: `${entry.cacheVersion}-${version}` }, workspace, roots)).toMatchObject(
          { known: null, absent: true },
        );
      });
    }
  });
});
