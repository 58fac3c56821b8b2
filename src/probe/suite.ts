/**
 * Runs the fio probes on the filesystem of the restore path, inside a temp directory of our own that
 * is removed afterwards whatever happens (success, failure, abort, SIGINT/SIGTERM).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ProbeName, ProbeResult, ProbeSuiteResult } from '../profile/schema.js';
import { errorMessage, ProfilerError } from '../util/errors.js';
import { nearestExistingPath } from '../util/nearest-existing.js';
import { installSignalCleanup, PROBE_DIR_PREFIX, ProbeRegistry, writeMarker } from './cleanup.js';
import { findFio } from './find-fio.js';
import { MiB } from '../util/units.js';
import {
  adaptiveTiming,
  defineProbe,
  drainEstimateMs,
  InsufficientSpaceError,
  layoutArgs,
  orderProbes,
  planBudget,
  planFileSize,
  PROBE_FILE_NAME,
  probeArgs,
  probeKillAfterMs,
  type ProbeDefinition,
  type ProbeTiming,
} from './jobs.js';
import { parseFioOutput } from './parse-fio.js';
import { countsBetween, deviceReader, type DeviceReading } from './device-counts.js';
import { leftInPlace } from '../util/cleanup-words.js';

export { removeProbeDirectories } from './cleanup.js';

export interface ProbeSuiteOptions {
  targetPath: string;
  probes: ProbeName[];
  /** Wall-time budget for layout + probes (not for installing fio, which is timed separately). */
  budgetMs: number;
  /** How long the layout and each probe may run; default the adaptive schedule (steady state under per-probe caps). */
  schedule?: ProbeSchedule;
  cpuCount: number;
  signal?: AbortSignal;
  log?: (message: string) => void;
  allowInstall?: boolean;
  /** Called with the probe directory as soon as it exists, so a post step can remove it if we die. */
  onDirectory?: (dir: string) => void;
  /** Where /proc/diskstats is read for each probe's device counts; default /proc. */
  procRoot?: string;
}

/** Headroom kept off the budget for fio exiting late and our own bookkeeping. */
const BUDGET_SAFETY_MS = 500;
/** A layout that wrote less than this cannot host meaningful probes. */
const MIN_REGION_BYTES = 16 * MiB;

/**
 * How long the layout and each probe may run, given the time left before the budget's deadline
 * (negative once it has passed). The product runs the adaptive one; the bench's 60 s reference
 * probes bring their own (tools/bench/reference-schedule.ts).
 */
export interface ProbeSchedule {
  layoutCapMs(leftMs: number): number;
  /** The next probe's timing, or null to skip it for want of time. */
  timing(leftMs: number, probesLeft: number, drainMs: number): ProbeTiming | null;
  killAfterMs(timing: ProbeTiming, drainMs: number, leftMs: number): number;
}

/** Steady-state detection under caps that fit what is left of the budget. */
export function adaptiveSchedule(budgetMs: number, probeCount: number): ProbeSchedule {
  return {
    layoutCapMs: (leftMs) => Math.max(1000, Math.min(planBudget(budgetMs, probeCount).layoutCapMs, leftMs)),
    timing: fittingTiming,
    killAfterMs: (timing, drainMs, leftMs) => Math.min(probeKillAfterMs(timing) + drainMs, Math.max(1000, leftMs + 2000)),
  };
}

class ProbeCancelledError extends Error {
  constructor() {
    super('Disk probes cancelled.');
  }
}

/**
 * The directory to probe in: the target itself when it exists, else its nearest existing ancestor
 * (the restore path may not exist before the restore). Refuses devices and regular files.
 */
export function resolveProbeBase(targetPath: string): string {
  const candidate = nearestExistingPath(targetPath);
  const stat = fs.statSync(candidate);
  if (stat.isBlockDevice() || stat.isCharacterDevice()) {
    throw new ProfilerError(
      `Refusing to probe ${candidate}: it is a device, and the probes only ever write files in a directory of their own.`,
      'Give the restore path (a directory) instead.',
    );
  }
  if (!stat.isDirectory()) {
    throw new ProfilerError(`Refusing to probe ${candidate}: it is a file, not a directory.`, 'Give the restore path (a directory) instead.');
  }
  return candidate;
}

interface FioRun {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  wallMs: number;
  timedOut: boolean;
}

function runFio(args: string[], registry: ProbeRegistry, killAfterMs: number, signal?: AbortSignal): Promise<FioRun> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ProbeCancelledError());
      return;
    }
    const started = performance.now();
    const child = spawn('fio', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    registry.children.add(child);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, killAfterMs);
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      registry.children.delete(child);
      reject(error);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      registry.children.delete(child);
      if (signal?.aborted) reject(new ProbeCancelledError());
      else resolve({ stdout, stderr, code, signal: sig, wallMs: Math.round(performance.now() - started), timedOut });
    });
  });
}

function failureText(run: FioRun): string {
  if (run.timedOut) return `fio did not finish in time and was killed after ${run.wallMs} ms`;
  const detail = (run.stderr.trim() || run.stdout.trim()).split('\n').slice(-3).join(' | ');
  return `fio exited with ${run.signal ?? `code ${run.code}`}${detail ? `: ${detail}` : ''}`;
}

/** The fields a result takes from its probe's definition. */
function definitionFields(def: ProbeDefinition): Pick<ProbeResult, 'name' | 'direction' | 'blockSizeBytes' | 'ioDepth' | 'jobs'> {
  return { name: def.name, direction: def.direction, blockSizeBytes: def.blockSizeBytes, ioDepth: def.ioDepth, jobs: def.jobs };
}

function emptyResult(def: ProbeDefinition, wallMs: number, error: string): ProbeResult {
  return {
    ...definitionFields(def),
    bytesPerSecond: 0,
    iops: 0,
    latencyNs: { mean: 0, p50: null, p99: null },
    runtimeMs: 0,
    wallMs,
    steadyState: null,
    error,
  };
}

async function runProbe(
  def: ProbeDefinition,
  filePath: string,
  regionBytes: number,
  timing: ProbeTiming,
  registry: ProbeRegistry,
  killAfterMs: number,
  signal?: AbortSignal,
  readDevice?: (() => DeviceReading | null) | null,
): Promise<ProbeResult> {
  const before = readDevice?.() ?? null;
  const run = await runFio(probeArgs(def, { filePath, regionBytes, timing }), registry, killAfterMs, signal);
  const after = before ? (readDevice?.() ?? null) : null;
  if (run.code !== 0 || run.timedOut) return emptyResult(def, run.wallMs, failureText(run));
  const counts = before && after ? countsBetween(before, after, def.direction) : null;
  try {
    const parsed = parseFioOutput(run.stdout, { direction: def.direction, latency: def.fdatasync > 0 ? 'sync' : 'io' });
    const result: ProbeResult = {
      ...definitionFields(def),
      bytesPerSecond: parsed.bytesPerSecond,
      iops: parsed.iops,
      latencyNs: parsed.latencyNs,
      runtimeMs: parsed.runtimeMs,
      wallMs: run.wallMs,
      steadyState: parsed.steadyState,
      ...(parsed.totalIos !== null ? { fioIos: parsed.totalIos } : {}),
      ...(counts ? { deviceCounts: counts } : {}),
    };
    if (parsed.errorCode) result.error = `fio reported error ${parsed.errorCode} for this job`;
    return result;
  } catch (error) {
    return emptyResult(def, run.wallMs, errorMessage(error));
  }
}

export async function runProbeSuite(opts: ProbeSuiteOptions): Promise<ProbeSuiteResult> {
  const callStarted = performance.now();
  const wall = () => Math.round(performance.now() - callStarted);
  const log = opts.log ?? (() => {});
  const names = orderProbes(opts.probes);
  if (names.length === 0) return { status: 'skipped', reason: 'No probes were requested.', wallMs: wall(), probes: [] };

  let base: string;
  try {
    base = resolveProbeBase(opts.targetPath);
  } catch (error) {
    return { status: 'failed', reason: errorMessage(error), wallMs: wall(), probes: [] };
  }

  const fio = await findFio({ allowInstall: opts.allowInstall ?? false, log });
  if (!fio.ok) return { status: 'skipped', reason: fio.reason, ...(fio.install ? { fioInstall: fio.install } : {}), wallMs: wall(), probes: [] };
  const fioFields = { fioVersion: fio.version, ...(fio.install ? { fioInstall: fio.install } : {}) };

  const definitions = names.map((name) => defineProbe(name, opts.cpuCount, process.platform));
  const maxJobs = Math.max(...definitions.map((d) => d.jobs));
  let fileSizeBytes: number;
  try {
    const stat = await fs.promises.statfs(base);
    fileSizeBytes = planFileSize(stat.bavail * stat.bsize, maxJobs, base);
  } catch (error) {
    const status = error instanceof InsufficientSpaceError ? 'skipped' : 'failed';
    return { status, reason: errorMessage(error), ...fioFields, wallMs: wall(), probes: [] };
  }

  // The budget covers layout and probes only: installing fio is reported on its own.
  const budgetStarted = performance.now();
  const deadline = budgetStarted + opts.budgetMs - BUDGET_SAFETY_MS;
  const registry = new ProbeRegistry();
  const uninstallSignals = installSignalCleanup(registry, log);
  const probes: ProbeResult[] = [];
  let directory: string | undefined;
  let regionBytes = 0;
  try {
    directory = await fs.promises.mkdtemp(path.join(base, PROBE_DIR_PREFIX));
    registry.dirs.add(directory);
    writeMarker(directory);
    opts.onDirectory?.(directory);
    const filePath = path.join(directory, PROBE_FILE_NAME);

    const readDevice = deviceReader(directory, opts.procRoot);
    const schedule = opts.schedule ?? adaptiveSchedule(opts.budgetMs, names.length);
    const layoutCapMs = schedule.layoutCapMs(deadline - performance.now());
    const layout = await runFio(
      layoutArgs({ filePath, fileSizeBytes, runtimeCapMs: layoutCapMs, platform: process.platform }),
      registry,
      layoutCapMs + 5000,
      opts.signal,
    );
    if (layout.code !== 0 || layout.timedOut) throw new ProfilerError(`Laying out the probe file failed: ${failureText(layout)}.`, '');
    const laidOut = parseFioOutput(layout.stdout, { direction: 'write' });
    const written = laidOut.ioBytes;
    const unit = maxJobs * MiB;
    regionBytes = Math.floor(Math.min(written, fileSizeBytes) / unit) * unit;
    if (regionBytes < MIN_REGION_BYTES) {
      throw new ProfilerError(
        `The disk wrote only ${Math.floor(written / MiB)} MiB in ${layout.wallMs} ms while laying out the probe file; too little to probe.`,
        'Give the probes a larger budget.',
      );
    }
    log(`disk probes: laid out ${regionBytes / MiB} MiB in ${layout.wallMs} ms in ${directory}`);

    for (const [index, def] of definitions.entries()) {
      const timing = schedule.timing(deadline - performance.now(), definitions.length - index, drainEstimateMs(def, laidOut.bytesPerSecond));
      if (!timing) {
        probes.push(emptyResult(def, 0, 'Skipped: the probe budget was used up before this probe.'));
        continue;
      }
      const drainMs = drainEstimateMs(def, laidOut.bytesPerSecond);
      const killAfterMs = schedule.killAfterMs(timing, drainMs, deadline - performance.now());
      const result = await runProbe(def, filePath, regionBytes, timing, registry, killAfterMs, opts.signal, readDevice);
      if (result.error) log(`disk probes: ${def.name}: ${result.error}`);
      probes.push(result);
    }
  } catch (error) {
    const cancelled = error instanceof ProbeCancelledError;
    return {
      status: 'failed',
      reason: cancelled ? 'Disk probes cancelled before they finished.' : errorMessage(error),
      ...fioFields,
      ...(directory ? { directory } : {}),
      fileSizeBytes: regionBytes || fileSizeBytes,
      budgetMs: opts.budgetMs,
      wallMs: wall(),
      probes,
    };
  } finally {
    const report = registry.cleanupSync();
    for (const refused of report.refused) log(`disk probes: ${leftInPlace(refused.dir, refused.reason)}`);
    uninstallSignals();
  }

  const anyRan = probes.some((p) => !p.error);
  return {
    status: anyRan ? 'ran' : 'failed',
    ...(anyRan ? {} : { reason: "No probe produced a measurement; see each probe's error." }),
    ...fioFields,
    directory,
    fileSizeBytes: regionBytes,
    budgetMs: opts.budgetMs,
    wallMs: wall(),
    probes,
  };
}

/**
 * A small budget cannot give every probe a slot. Probes run in order of importance (the four RunsOn
 * ceilings first), so this one takes the slot it would get if fewer probes followed, and the ones at
 * the end are skipped when time runs out, not the ones that matter most.
 */
function fittingTiming(remainingMs: number, probesLeft: number, drainMs: number) {
  for (let k = probesLeft; k >= 1; k--) {
    const timing = adaptiveTiming(remainingMs, k, drainMs);
    if (timing) return timing;
  }
  return null;
}
