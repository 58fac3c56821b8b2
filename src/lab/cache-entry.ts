/**
 * The dependency cache every lab runner restores: a fixed subset of this project's own installed
 * node_modules (real package files, never generated), saved once through the real @actions/cache
 * into the local services.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { seedCache } from '../services/index.js';
import type { LocalServices } from '../services/index.js';
import { ProfilerError } from '../util/errors.js';

/**
 * @azure (~100 MB, ~12.8k mostly small files: the IOPS-heavy part of a JS cache) and typescript
 * (~23 MB in ~130 files, a few of them MB-sized): ~125 MB in ~13k files, enough for the throttles
 * to dominate, small enough that one restore takes seconds.
 */
export const LAB_CACHE_PATHS = ['node_modules/@azure', 'node_modules/typescript'];

export interface LabCacheEntry {
  key: string;
  paths: string[];
}

export async function seedLabCache(services: LocalServices, projectRoot: string, tempDir: string): Promise<LabCacheEntry> {
  for (const p of LAB_CACHE_PATHS) {
    if (!existsSync(path.join(projectRoot, p))) {
      throw new ProfilerError(`The lab cache needs ${p} under ${projectRoot}.`, 'Run `npm ci` first.');
    }
  }
  const lock = readFileSync(path.join(projectRoot, 'package-lock.json'));
  const key = `lab-deps-${createHash('sha256').update(lock).digest('hex').slice(0, 16)}`;
  mkdirSync(tempDir, { recursive: true });
  await seedCache({ services, paths: LAB_CACHE_PATHS, key, workspace: projectRoot, tempDir });
  return { key, paths: LAB_CACHE_PATHS };
}
