// Shared by the action and fault tests: the bundled action run as the runner runs it against the local services,
// with the log as a runner shows it, the profile it wrote, and mounts that are always undone.
import { execFileSync } from 'node:child_process';
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { BlockBlobClient } from '@azure/storage-blob';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { expect } from 'vitest';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { cacheUtils, internalCacheTwirpClient } from '../../src/restore/cache-internals.js';
import { runAction, type ActionRunResult, type RunActionOptions } from '../../tools/runner/run-action.js';
import { RunnerLog } from '../../tools/runner/log-filter.js';
import { validateProfile } from '../../src/profile/validate.js';
import type { Profile } from '../../src/profile/schema.js';
import { PROBE_DIR_PREFIX } from '../../src/probe/cleanup.js';
import { parseReportStep, type ReportStep, STATE } from '../../src/pipeline/state.js';
import { copyPackages, repoRoot, tempDir } from './tree.js';

export function buildDist(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}

export interface FaultRun extends ActionRunResult {
  log: string;
  workspace: string;
  runnerTemp: string;
  profile: Profile | null;
  /** The summary's "Problems met" block (empty when there is none). */
  problems: string;
  /**
   * Which step holds the report, as main recorded it (state STATE.reportStep): the post step on a run whose main
   * left the writeback tail to the background; null when main wrote no summary (it failed or was cancelled first).
   */
  reportIn: ReportStep | null;
  /** The job's summary as the runner shows it: main's, then the post step's (`summary` is the report alone). */
  jobSummary: string;
}

/**
 * The job's summary as the report reads: all of it, or, where main recorded that the post step holds the
 * report (main's summary then only says so), the post step's part alone.
 */
export function reportOf(run: Pick<ActionRunResult, 'state' | 'summary' | 'mainSummary'>): { summary: string; reportIn: ReportStep | null } {
  const reportIn = parseReportStep(run.state[STATE.reportStep]);
  if (reportIn !== 'post') return { summary: run.summary, reportIn };
  return { summary: run.summary.slice(run.mainSummary.length).replace(/^\n+/, ''), reportIn };
}

export interface FaultRunOptions {
  services: LocalServices;
  root: string;
  name: string;
  inputs: Record<string, string>;
  env?: Record<string, string | undefined>;
  workspace?: string;
  /** The bundle to run; this checkout's dist/ by default (a test running it as another user passes a copy that user can read). */
  distDir?: string;
  extra?: Pick<RunActionOptions, 'onMainSpawned' | 'ownProcessGroup' | 'jobStatusAtPost' | 'nodePath' | 'skipPost' | 'user' | 'launcher' | 'cwd'>;
}

/** Runs main + post; asserts what holds for every fault: post succeeds and the token never shows. */
export async function runFault(opts: FaultRunOptions): Promise<FaultRun> {
  const workspace = opts.workspace ?? path.join(opts.root, opts.name, 'workspace');
  const runnerTemp = path.join(opts.root, opts.name, 'temp');
  await mkdir(workspace, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  const lines: string[] = [];
  const log = new RunnerLog((line) => lines.push(line), true);
  const result = await runAction({
    distDir: opts.distDir ?? path.join(repoRoot, 'dist'),
    inputs: { probes: 'none', 'writeback-timeout-seconds': '5', label: `fault-${opts.name}`, ...opts.inputs },
    env: { ...opts.services.env, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp, RUNNER_NAME: 'fault-runner', ...opts.env },
    onOutput: (chunk) => log.push(chunk),
    ...opts.extra,
  });
  log.flush();
  const shown = lines.join('\n');
  const token = opts.services.env.ACTIONS_RUNTIME_TOKEN as string;
  expect(shown.includes(token), 'runtime token shown in the log').toBe(false);
  expect(result.summary.includes(token), 'runtime token in the summary').toBe(false);
  expect(result.postExitCode, 'the post step never fails').toBe(0);
  const profilePath = result.outputs['profile-path'];
  let profile: Profile | null = null;
  if (profilePath && existsSync(profilePath)) {
    const text = readFileSync(profilePath, 'utf8');
    expect(text.includes(token), 'runtime token in the profile').toBe(false);
    profile = validateProfile(JSON.parse(text));
  }
  const report = reportOf(result);
  return {
    ...result,
    summary: report.summary,
    jobSummary: result.summary,
    reportIn: report.reportIn,
    log: shown,
    workspace,
    runnerTemp,
    profile,
    problems: problemsBlock(report.summary),
  };
}

/** The block quote right under the headline and the What to do box that lists what went wrong. */
export function problemsBlock(summary: string): string {
  const lines = summary.split('\n');
  const start = lines.findIndex((l) => l.includes('**Problems met**'));
  if (start < 0) return '';
  // Near the top: after the headline (the first line), before any section heading and any table.
  expect(
    lines.slice(1, start).some((l) => l.startsWith('### ') || l.startsWith('| ')),
    'problems block is above every section',
  ).toBe(false);
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('>'));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** Probe temp directories left anywhere under dir (the probes create them in the probed directory). */
export function leftoverProbeDirs(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      if (e.name.startsWith(PROBE_DIR_PREFIX)) found.push(path.join(d, e.name));
      else if (depth < 3) walk(path.join(d, e.name), depth + 1);
    }
  };
  walk(dir, 0);
  return found;
}

/** Runs a command as an argument array, returning stdout; throws with its stderr on failure. */
export function sh(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Unmounts (lazily, so a busy mount cannot wedge cleanup) and ignores "not mounted". */
export function unmount(dir: string): void {
  try {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  } catch {
    // Not mounted (any more).
  }
}

export function isMounted(dir: string): boolean {
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === dir);
}

/**
 * Stores `bytes` as the archive of a cache entry, through the same Twirp calls and blob upload
 * saveCache makes: how a truncated or corrupt archive gets into the service for the extraction faults.
 */
export async function seedArchiveBytes(
  services: LocalServices,
  opts: { paths: string[]; key: string; bytes: Buffer; workspace: string; tempDir: string },
): Promise<void> {
  await withEnv(cacheClientEnv(services, opts, 'v2'), async () => {
    const compression = await cacheUtils.getCompressionMethod();
    const version = cacheUtils.getCacheVersion(opts.paths, compression, false);
    const client = internalCacheTwirpClient();
    const created = await client.CreateCacheEntry({ key: opts.key, version });
    if (!created.ok) throw new Error(`CreateCacheEntry refused ${opts.key}`);
    await new BlockBlobClient(created.signedUploadUrl).uploadData(opts.bytes);
    const finalized = await client.FinalizeCacheEntryUpload({ key: opts.key, version, sizeBytes: String(opts.bytes.length) });
    if (!finalized.ok) throw new Error(`FinalizeCacheEntryUpload refused ${opts.key}`);
  });
}

/** A real cache archive of `dir` (relative to `cwd`), made by tar and zstd as saveCache makes it on Linux. */
export function makeArchive(cwd: string, dir: string, outDir: string): Buffer {
  const tarFile = path.join(outDir, 'archive.tar');
  execFileSync('tar', ['--posix', '-cf', tarFile, '--exclude', 'cache.tzst', '-C', cwd, dir]);
  execFileSync('zstd', ['-q', '-f', '--long=30', '-T0', tarFile, '-o', `${tarFile}.zst`]);
  const bytes = readFileSync(`${tarFile}.zst`);
  rmSync(tarFile);
  rmSync(`${tarFile}.zst`);
  return bytes;
}

/** A small ext4 file system on a loop device, mounted at `mountPoint`; dispose() undoes all of it. */
export interface LoopFs {
  device: string;
  mountPoint: string;
  dispose(): void;
}

export function makeLoopFs(image: string, mountPoint: string, sizeMiB: number): LoopFs {
  execFileSync('truncate', ['-s', `${sizeMiB}M`, image]);
  let device = '';
  const dispose = () => {
    unmount(mountPoint);
    if (device) {
      try {
        execFileSync('losetup', ['-d', device], { stdio: 'ignore' });
      } catch {
        // Already detached.
      }
    }
    rmSync(image, { force: true });
  };
  try {
    device = sh('losetup', ['-f', '--show', image]).trim();
    execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', device], { stdio: 'ignore' });
    mkdirSync(mountPoint, { recursive: true });
    execFileSync('mount', [device, mountPoint]);
  } catch (error) {
    dispose();
    throw error;
  }
  return { device, mountPoint, dispose };
}

/** A read-only bind mount of `dir` onto itself (root cannot be kept out by mode bits: the kernel can). */
export function makeReadOnly(dir: string): () => void {
  execFileSync('mount', ['--bind', dir, dir]);
  try {
    execFileSync('mount', ['-o', 'remount,ro,bind', dir]);
  } catch (error) {
    unmount(dir);
    throw error;
  }
  return () => unmount(dir);
}

/**
 * The bundled action freshly built, the local services started, and a cache entry of real packages
 * (node_modules/<packages>) saved under `key`: what every test that runs the action starts from.
 */
export async function seededServices(prefix: string, key: string, packages: string[]): Promise<{ services: LocalServices; root: string }> {
  buildDist();
  const services = await startLocalServices();
  const root = await tempDir(prefix);
  const source = path.join(root, 'source');
  await copyPackages(path.join(source, 'node_modules'), packages);
  await mkdir(path.join(root, 'seed-temp'));
  await seedCache({ services, paths: ['node_modules'], key, workspace: source, tempDir: path.join(root, 'seed-temp') });
  return { services, root };
}
