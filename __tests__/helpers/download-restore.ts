// A timed restore against the local services with the download timeline recorded, for the download tests.
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { cacheClientEnv, seedCache, withEnv, type LocalServices } from '../../tools/services/index.js';
import { sampledRestore } from '../../tools/lab/sampled-restore.js';
import type { TimedRestore } from '../../src/restore/timed-restore.js';
import { copyPackages } from './tree.js';

export const DOWNLOAD_PATHS_UNDER_TEST = ['deps'];

/** Seeds one v2 entry of real packages (~5 MB compressed: two of the SDK's 4 MiB ranges) under `key`. */
export async function seedDownloadCache(services: LocalServices, root: string, key: string, version: 'v1' | 'v2' = 'v2'): Promise<void> {
  const source = path.join(root, 'source');
  await copyPackages(path.join(source, 'deps'), ['typescript', 'tar']);
  await mkdir(path.join(root, 'runner-temp'), { recursive: true });
  await seedCache({ services, paths: DOWNLOAD_PATHS_UNDER_TEST, key, workspace: source, tempDir: path.join(root, 'runner-temp'), serviceVersion: version });
}

export async function timedDownload(
  services: LocalServices,
  root: string,
  name: string,
  key: string,
  extraEnv: Record<string, string> = {},
  version: 'v1' | 'v2' = 'v2',
): Promise<TimedRestore> {
  const workspace = path.join(root, name);
  await mkdir(workspace, { recursive: true });
  const env = { ...cacheClientEnv(services, { workspace, tempDir: path.join(root, 'runner-temp') }, version), ...extraEnv };
  return withEnv(env, () => sampledRestore({ paths: DOWNLOAD_PATHS_UNDER_TEST, primaryKey: key, sampleIntervalMs: 50 }));
}
