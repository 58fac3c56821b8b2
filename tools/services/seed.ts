/** Seeds the local cache service through the real @actions/cache saveCache, exactly as a workflow would. */
import { saveCache, type UploadOptions } from '@actions/cache';
import { ProfilerError } from '../../src/util/errors.js';
import { clientEnv, withEnv } from './env.js';
import type { LocalServices } from './server.js';

export type CacheServiceVersion = 'v1' | 'v2';

/** The env for a cache client call: v1 is chosen by leaving ACTIONS_CACHE_SERVICE_V2 unset. */
export function cacheClientEnv(
  services: LocalServices,
  dirs: { workspace: string; tempDir: string },
  serviceVersion: CacheServiceVersion = 'v2',
): Record<string, string | undefined> {
  return clientEnv(services.env, {
    RUNNER_TEMP: dirs.tempDir,
    GITHUB_WORKSPACE: dirs.workspace,
    ACTIONS_CACHE_SERVICE_V2: serviceVersion === 'v2' ? 'True' : undefined,
  });
}

/** Saves paths as a cache entry under key; returns the cache id. Throws if the save did not happen. */
export async function seedCache(opts: {
  services: LocalServices;
  paths: string[];
  key: string;
  serviceVersion?: CacheServiceVersion;
  workspace: string;
  tempDir: string;
  /** saveCache's upload options (v2 overrides the chunk size and concurrency with its own). */
  uploadOptions?: UploadOptions;
}): Promise<number> {
  const env = cacheClientEnv(opts.services, opts, opts.serviceVersion ?? 'v2');
  // saveCache reports most failures as warnings and returns -1 rather than throwing. It resolves
  // relative paths against the working directory, which on a runner is the workspace.
  const cacheId = await withEnv(env, () => inDirectory(opts.workspace, () => saveCache(opts.paths, opts.key, opts.uploadOptions)));
  if (cacheId === -1) {
    throw new ProfilerError(
      `Seeding the cache under key '${opts.key}' failed (saveCache returned -1).`,
      'See the warning @actions/cache printed above; a finalized entry with the same key and paths may already exist.',
    );
  }
  return cacheId;
}

async function inDirectory<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const before = process.cwd();
  process.chdir(dir);
  try {
    return await fn();
  } finally {
    process.chdir(before);
  }
}
