// A real restore to experiment on: the local Actions services seeded with real installed packages,
// one path inside the workspace and one outside it (an absolute path, stored as ../../shared/..., as
// actions/cache stores ~/.cache), restored once through timedRestore so the experiments get its signed URL.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { timedRestore, type TimedRestore } from '../../src/restore/timed-restore.js';
import type { ExperimentsRequest } from '../../src/experiment/run-experiments.js';
import { EXPERIMENT_DIR_PREFIX } from '../../src/experiment/owned-dirs.js';
import { readDirtySettings } from '../../src/system/dirty-limits.js';
import { copyPackages, tempDir } from '../helpers/tree.js';

const PACKAGES = ['typescript', '@actions/core'];

export interface RestoreFixture {
  services: LocalServices;
  root: string;
  workspace: string;
  runnerTemp: string;
  timed: TimedRestore;
  paths: string[];
}

export async function restoreFixture(name: string): Promise<RestoreFixture> {
  const services = await startLocalServices();
  // Loopback URLs: the experiments fetch the archive again outside the restore's environment, where
  // the services' forward proxy (which the *.blob.core.windows.net URLs need here) is not set.
  services.setSettings({ downloadUrls: 'loopback' });
  const root = await tempDir(name);
  try {
    return await seededRestore(services, root);
  } catch (error) {
    await services.stop();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function seededRestore(services: LocalServices, root: string): Promise<RestoreFixture> {
  const source = path.join(root, 'source', 'ws');
  await copyPackages(path.join(source, 'deps'), PACKAGES);
  const shared = path.join(root, 'shared');
  await copyPackages(shared, ['tar']);
  const PATHS = ['deps', shared];
  const runnerTemp = path.join(root, 'runner-temp');
  await mkdir(runnerTemp);
  await seedCache({ services, paths: PATHS, key: 'exp-1', workspace: source, tempDir: runnerTemp });
  const workspace = path.join(root, 'restore', 'ws');
  await mkdir(workspace, { recursive: true });
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
  const timed = await withEnv(env, () =>
    timedRestore({
      paths: PATHS,
      primaryKey: 'exp-1',
      restoreKeys: [],
      enableCrossOsArchive: false,
      progressIntervalMs: 100,
      boundary: () => ({ tMs: performance.now(), disks: [], cpu: null, pressure: null, memory: null, childCpuTicks: null }),
      log: () => {},
    }),
  );
  if (!timed.restore.cacheHit || !timed.downloadUrl) throw new Error(`fixture restore failed: ${JSON.stringify(timed.restore.error)}`);
  return { services, root, workspace, runnerTemp, timed, paths: PATHS };
}

export function experimentsRequest(f: RestoreFixture, over: Partial<ExperimentsRequest> = {}): ExperimentsRequest {
  const ms = (name: string) => {
    const p = f.timed.phases.find((x) => x.name === name);
    return p ? p.endMs - p.startMs : 0;
  };
  return {
    experiments: ['ram', 'decompress', 'other-disk', 'page-cache'],
    budgetMs: 120_000,
    restorePath: path.join(f.workspace, 'deps'),
    pathsAsGiven: f.paths,
    patternPaths: [],
    workspace: f.workspace,
    restorePaths: [path.join(f.workspace, 'deps'), f.paths[1] as string],
    runnerTemp: f.runnerTemp,
    downloadUrl: f.timed.downloadUrl as string,
    serviceVersion: f.timed.restore.serviceVersion,
    compressionMethod: f.timed.restore.compressionMethod,
    archiveBytes: f.timed.restore.archiveBytes ?? 0,
    measured: { downloadMs: ms('download'), extractMs: Math.max(ms('extract'), 500), writebackMs: 500 },
    // As experimentsRequestFor hands it over: what tar reported extracting.
    reportedExtraction: f.timed.reportedTree
      ? { files: f.timed.reportedTree.anatomy.files, extractedBytes: f.timed.reportedTree.anatomy.extractedBytes }
      : null,
    ...over,
  };
}

/** What the experiments may change on the machine: sysctls, mounts, and directories of theirs. */
export async function experimentTraces(places: string[]): Promise<{ dirty: ReturnType<typeof readDirtySettings>; mounts: string[]; dirs: string[] }> {
  const dirs: string[] = [];
  for (const place of [...places, '/dev/shm', os.tmpdir()]) {
    try {
      for (const n of await readdir(place)) if (n.startsWith(EXPERIMENT_DIR_PREFIX)) dirs.push(path.join(place, n));
    } catch {
      // Gone already.
    }
  }
  const mounts = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .filter((l) => l.includes(EXPERIMENT_DIR_PREFIX) || l.startsWith('disk-profiler-exp '));
  return { dirty: readDirtySettings(), mounts, dirs };
}
