/**
 * The caches the lab's runners restore, built from real package files, never generated: `deps` from the
 * lab's own pinned workload (tools/lab/workload, installed by `npm run lab:workload`), so the scenarios'
 * throttles keep meeting the tree they were set for whatever the project's own dependencies become (an
 * azurite pin once shrank the @azure tree by a quarter and moved every scenario's times); `large-files`
 * from the project's node_modules and saved once through the real @actions/cache into the
 * local services: `deps`, the dependency cache every scenario restores by default, and
 * `large-files`, a few large files whose extraction decompression dominates.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { seedCache } from '../services/index.js';
import type { LocalServices } from '../services/index.js';
import { ProfilerError } from '../../src/util/errors.js';

/**
 * @azure (~64 MB, ~10.8k mostly small files: the IOPS-heavy part of a JS cache) and typescript
 * (~23 MB in ~130 files, a few of them MB-sized): ~87 MB in ~11k files, 12.1 MB as tar + zstd, enough
 * for the throttles to dominate, small enough that one restore takes seconds.
 */
export const LAB_CACHE_PATHS = ['node_modules/@azure', 'node_modules/typescript'];

/** Where the lab's pinned workload is installed, under the project root. */
export const LAB_WORKLOAD_DIR = 'tools/lab/workload';

export interface LabCacheEntry {
  key: string;
  paths: string[];
}

export const LAB_CACHES = ['deps', 'large-files', 'monorepo'] as const;
export type LabCacheName = (typeof LAB_CACHES)[number];

/** The pinned workload's directory, its cache paths checked present, and its lock file's hash for the keys. */
function workloadOf(projectRoot: string): { workload: string; lockHash: string } {
  const workload = path.join(projectRoot, LAB_WORKLOAD_DIR);
  for (const p of LAB_CACHE_PATHS) {
    if (!existsSync(path.join(workload, p))) {
      throw new ProfilerError(`The lab cache needs ${p} under ${workload}, the lab's pinned workload.`, 'Run `npm run lab:workload` first.');
    }
  }
  const lockHash = createHash('sha256')
    .update(readFileSync(path.join(workload, 'package-lock.json')))
    .digest('hex')
    .slice(0, 16);
  return { workload, lockHash };
}

/** Saves `paths` under `workspace` as the entry `key` through the real saveCache; the entry the scenarios restore. */
async function saved(services: LocalServices, e: { key: string; paths: string[]; workspace: string; tempDir: string }): Promise<LabCacheEntry> {
  mkdirSync(e.tempDir, { recursive: true });
  await seedCache({ services, ...e });
  return { key: e.key, paths: e.paths };
}

export async function seedLabCache(services: LocalServices, projectRoot: string, tempDir: string): Promise<LabCacheEntry> {
  const { workload, lockHash } = workloadOf(projectRoot);
  const key = `lab-deps-${lockHash}`;
  return saved(services, { key, paths: LAB_CACHE_PATHS, workspace: workload, tempDir });
}

/** Files of at least this size under node_modules make up the large-files cache. */
const LARGE_FILE_BYTES = 1024 * 1024;
/**
 * Copies of them (the 17 largest JS files here: ~95 MB): ~380 MB that zstd (without long mode, as restoreCache
 * chose here) packs into ~70 MB, so unzstd writes more than five bytes for each it reads and tar has only 68 files to create.
 */
const LARGE_FILE_COPIES = 4;

function largeFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) largeFiles(p, out);
    else if (entry.isFile() && /\.(c|m)?js$/.test(entry.name) && statSync(p).size >= LARGE_FILE_BYTES) out.push(p);
  }
  return out;
}

/**
 * The large-files cache: every JS file of a MiB or more under node_modules, LARGE_FILE_COPIES times,
 * laid out in `buildDir` (removed with the lab) and saved from there.
 */
export async function seedLargeFilesCache(services: LocalServices, projectRoot: string, buildDir: string, tempDir: string): Promise<LabCacheEntry> {
  const sources = largeFiles(path.join(projectRoot, 'node_modules')).sort();
  if (sources.length === 0)
    throw new ProfilerError(`The lab's large-files cache needs JS files of 1 MiB or more under ${projectRoot}/node_modules.`, 'Run `npm ci` first.');
  const target = path.join(buildDir, 'large-files');
  for (let copy = 1; copy <= LARGE_FILE_COPIES; copy++) {
    const dir = path.join(target, `copy-${copy}`);
    mkdirSync(dir, { recursive: true });
    for (const [i, src] of sources.entries()) copyFileSync(src, path.join(dir, `${i}-${path.basename(src)}`));
  }
  const key = `lab-large-files-${createHash('sha256').update(sources.join('\n')).digest('hex').slice(0, 16)}`;
  return saved(services, { key, paths: ['large-files'], workspace: buildDir, tempDir });
}

/**
 * Packages of the monorepo cache, each with its own node_modules holding the deps cache's trees.
 * Eight: ~95k members, ~680 MB, whose extraction is ~3.5 CPU-seconds of tar + unzstd here (unthrottled, onto
 * ext4), so that a CFS quota the kernel can enforce (slow-restore-specs.ts) makes a restore of 60–180 s.
 */
export const MONOREPO_PACKAGES = 8;

/**
 * The monorepo cache: a workspace's `packages/p<i>/node_modules` trees, each a copy of the pinned
 * workload's cache paths (real package files, real directory shapes), laid out in `buildDir` (removed with the lab)
 * and saved from there. The archive is eight times the deps cache's too (~96 MB): @actions/cache's zstdmt
 * runs without long mode, whose window would reach the copies.
 */
export async function seedMonorepoCache(services: LocalServices, projectRoot: string, buildDir: string, tempDir: string): Promise<LabCacheEntry> {
  const { workload, lockHash } = workloadOf(projectRoot);
  for (let i = 1; i <= MONOREPO_PACKAGES; i++)
    for (const p of LAB_CACHE_PATHS) cpSync(path.join(workload, p), path.join(buildDir, 'packages', `p${i}`, p), { recursive: true, verbatimSymlinks: true });
  const key = `lab-monorepo-${MONOREPO_PACKAGES}-${lockHash}`;
  return saved(services, { key, paths: ['packages'], workspace: buildDir, tempDir });
}
