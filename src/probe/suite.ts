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
import { LAYOUT_OVERRUN_MS, planSuite, type SuitePart, type SuitePlan, type SuiteTimeline } from './plan.js';
import { parseFioOutput } from './parse-fio.js';
import { countsBetween, deviceReader, type DeviceReading } from './device-counts.js';
import { leftInPlace } from '../util/cleanup-words.js';
import { ownedDirName } from '../util/owned-dir.js';

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
  /**
   * Called with the probe directory before it is made (a post step or the next profile removes it if
   * we die): a kill at any moment after it exists finds it recorded.
   */
  onDirectory?: (dir: string) => void;
  /** Where /proc/diskstats is read for each probe's device counts; default /proc. */
  procRoot?: string;
  /** Called once at the end with the plan and what each part of the suite did against it. */
  onTimeline?: (timeline: SuiteTimeline) => void;
}
/** A layout that wrote less than this cannot host meaningful probes. */
const MIN_REGION_BYTES = 16 * MiB;

/**
 * How long the layout and each probe may run, given the time left before the plan's last stop
 * (negative once it has passed). The product runs the adaptive one, which keeps the budget; the
 * bench's 60 s reference probes bring their own, which does not (tools/bench/reference-schedule.ts).
 */
export interface ProbeSchedule {
  /** fio's runtime cap for the layout. */
  layoutCapMs(leftMs: number): number;
  /** How long after its start the layout is stopped. */
  layoutStopAfterMs(capMs: number, leftMs: number): number;
  /** The next probe's timing, or null to skip it for want of time. */
  timing(leftMs: number, probesLeft: number, drainMs: number): ProbeTiming | null;
  /** How long after its start a probe is stopped. */
  stopAfterMs(timing: ProbeTiming, drainMs: number, leftMs: number): number;
}

/**
 * Steady-state detection under caps that fit what is left of the budget. Every stop falls at or
 * before the plan's last stop (leftMs from now), so the suite ends within its budget whatever fio does.
 */
export function adaptiveSchedule(budgetMs: number, probeCount: number): ProbeSchedule {
  const untilLastStop = (wantedMs: number, leftMs: number) => Math.max(0, Math.min(wantedMs, leftMs));
  return {
    // fio reads a zero runtime as none at all: the stop bounds the layout's wall time in any case.
    layoutCapMs: (leftMs) => Math.max(100, untilLastStop(planBudget(budgetMs, probeCount).layoutCapMs, leftMs)),
    layoutStopAfterMs: (capMs, leftMs) => untilLastStop(capMs + LAYOUT_OVERRUN_MS, leftMs),
    timing: fittingTiming,
    stopAfterMs: (timing, drainMs, leftMs) => untilLastStop(probeKillAfterMs(timing) + drainMs, leftMs),
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
  /** Still running at its stop time: sent SIGTERM (and SIGKILL after the grace). */
  cutShort: boolean;
  /** Not gone by the end of the stop grace: the suite stopped waiting for it. */
  abandoned: boolean;
}

/** When to stop a run and how long to wait for it after that, in performance.now() time. */
interface FioStop {
  atMs: number;
  plan: Pick<SuitePlan, 'termGraceMs' | 'stopGraceMs'>;
}

/**
 * Runs fio until it ends or, at `stop.atMs`, stops it: SIGTERM first (fio then writes what it
 * measured so far), SIGKILL after the term grace, and at the end of the stop grace the promise
 * settles whether fio is gone or not (the registry still holds it; the suite's cleanup kills it).
 */
function runFio(args: string[], registry: ProbeRegistry, stop: FioStop, signal?: AbortSignal): Promise<FioRun> {
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
    let cutShort = false;
    let settled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timers: NodeJS.Timeout[] = [];
    const at = (ms: number, fn: () => void) => timers.push(setTimeout(fn, Math.max(0, ms - performance.now())));
    const onAbort = () => child.kill('SIGKILL');
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const run = (code: number | null, sig: NodeJS.Signals | null, abandoned: boolean): FioRun => ({
      stdout,
      stderr,
      code,
      signal: sig,
      wallMs: Math.round(performance.now() - started),
      cutShort,
      abandoned,
    });
    at(stop.atMs, () => {
      cutShort = true;
      child.kill('SIGTERM');
    });
    at(stop.atMs + stop.plan.termGraceMs, () => child.kill('SIGKILL'));
    at(stop.atMs + stop.plan.stopGraceMs, () => settle(() => resolve(run(null, null, true))));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      registry.children.delete(child);
      settle(() => reject(error));
    });
    child.on('close', (code, sig) => {
      registry.children.delete(child);
      settle(() => (signal?.aborted ? reject(new ProbeCancelledError()) : resolve(run(code, sig, false))));
    });
  });
}

/** Figures fio wrote: from a run that ended by itself, or one stopped by SIGTERM at its stop time. */
function hasOutput(run: FioRun): boolean {
  return run.cutShort ? !run.abandoned && run.stdout.includes('"jobs"') : run.code === 0;
}

function failureText(run: FioRun): string {
  if (run.abandoned) return `fio was still running at its deadline and had not exited ${run.wallMs} ms after it started`;
  if (run.cutShort) return `fio was still running at its deadline, was stopped after ${run.wallMs} ms and wrote no figures`;
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
  stop: FioStop & { budgetOffsetMs: number },
  signal?: AbortSignal,
  readDevice?: (() => DeviceReading | null) | null,
): Promise<{ result: ProbeResult; run: FioRun }> {
  const before = readDevice?.() ?? null;
  const run = await runFio(probeArgs(def, { filePath, regionBytes, timing }), registry, stop, signal);
  const after = before ? (readDevice?.() ?? null) : null;
  // Said as data: the figures (if any) cover only what fio measured before its deadline.
  const cut = run.cutShort ? { cutShortAtMs: stop.budgetOffsetMs } : {};
  if (!hasOutput(run)) return { result: { ...emptyResult(def, run.wallMs, failureText(run)), ...cut }, run };
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
      ...cut,
    };
    if (parsed.errorCode) result.error = `fio reported error ${parsed.errorCode} for this job`;
    else if (run.cutShort && !(parsed.iops > 0)) result.error = failureText({ ...run, stdout: '' });
    return { result, run };
  } catch (error) {
    return { result: { ...emptyResult(def, run.wallMs, errorMessage(error)), ...cut }, run };
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
  const sinceBudget = () => Math.round(performance.now() - budgetStarted);
  const plan = planSuite(opts.budgetMs);
  const lastStop = budgetStarted + plan.lastStopMs;
  const leftMs = () => lastStop - performance.now();
  const parts: SuitePart[] = [];
  /** Stops a run `afterMs` from now, and records it as a part of the suite's wall time. */
  const stopAfter = (afterMs: number) => {
    const startMs = sinceBudget();
    // Never past the suite's last stop: afterMs was read from leftMs() a moment before now.
    const atMs = Math.min(performance.now() + afterMs, lastStop);
    return { atMs, plan, budgetOffsetMs: Math.round(atMs - budgetStarted), startMs };
  };
  const recordPart = (name: string, stop: ReturnType<typeof stopAfter>, run: FioRun) =>
    parts.push({ name, startMs: stop.startMs, stopAtMs: stop.budgetOffsetMs, endMs: sinceBudget(), cutShort: run.cutShort });
  const registry = new ProbeRegistry();
  const uninstallSignals = installSignalCleanup(registry, log);
  const probes: ProbeResult[] = [];
  let directory: string | undefined;
  let regionBytes = 0;
  let failure: string | null = null;
  try {
    // A name chosen and recorded before the directory exists (util/owned-dir.ts ownedDirName): a name mkdtemp chose
    // would exist before anyone knew it, and a kill in between would leave it where no one looks.
    directory = ownedDirName(base, PROBE_DIR_PREFIX);
    registry.dirs.add(directory);
    opts.onDirectory?.(directory);
    // Made with its marker in one synchronous step, right after it was recorded.
    fs.mkdirSync(directory, { mode: 0o700 });
    writeMarker(directory);
    const filePath = path.join(directory, PROBE_FILE_NAME);

    const readDevice = deviceReader(directory, opts.procRoot);
    const schedule = opts.schedule ?? adaptiveSchedule(opts.budgetMs, names.length);
    const layoutCapMs = schedule.layoutCapMs(leftMs());
    const layoutStop = stopAfter(schedule.layoutStopAfterMs(layoutCapMs, leftMs()));
    const layout = await runFio(
      layoutArgs({ filePath, fileSizeBytes, runtimeCapMs: layoutCapMs, platform: process.platform }),
      registry,
      layoutStop,
      opts.signal,
    );
    recordPart('layout', layoutStop, layout);
    // A layout stopped at its deadline still says how much it wrote: the probes use that much.
    if (!hasOutput(layout)) throw new ProfilerError(`Laying out the probe file failed: ${failureText(layout)}.`, '');
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
      const drainMs = drainEstimateMs(def, laidOut.bytesPerSecond);
      const timing = schedule.timing(leftMs(), definitions.length - index, drainMs);
      if (!timing) {
        probes.push(emptyResult(def, 0, 'Skipped: the probe budget was used up before this probe.'));
        continue;
      }
      const stop = stopAfter(schedule.stopAfterMs(timing, drainMs, leftMs()));
      const { result, run } = await runProbe(def, filePath, regionBytes, timing, registry, stop, opts.signal, readDevice);
      recordPart(def.name, stop, run);
      if (result.cutShortAtMs !== undefined)
        log(`disk probes: ${def.name}: stopped at its deadline, ${result.cutShortAtMs} ms into the ${opts.budgetMs} ms budget`);
      if (result.error) log(`disk probes: ${def.name}: ${result.error}`);
      probes.push(result);
    }
  } catch (error) {
    failure = error instanceof ProbeCancelledError ? 'Disk probes cancelled before they finished.' : errorMessage(error);
  } finally {
    const cleanupStartMs = sinceBudget();
    const report = registry.cleanupSync();
    for (const refused of report.refused) log(`disk probes: ${leftInPlace(refused.dir, refused.reason)}`);
    uninstallSignals();
    const endMs = sinceBudget();
    // The one part no deadline stops: removing the probe directory (unlink of a 512 MiB probe file: ~95 ms here, quiet or not).
    if (endMs > opts.budgetMs)
      log(
        `disk probes: removing the probe directory took ${endMs - cleanupStartMs} ms (${plan.cleanupReserveMs} ms were kept for it): the suite ended ${endMs - opts.budgetMs} ms past its budget`,
      );
    parts.push({ name: 'cleanup', startMs: cleanupStartMs, stopAtMs: null, endMs, cutShort: false });
    opts.onTimeline?.({ plan, parts, endMs });
  }

  const common = { ...fioFields, ...(directory ? { directory } : {}), budgetMs: opts.budgetMs, wallMs: wall(), probes };
  if (failure !== null) return { status: 'failed', reason: failure, ...common, fileSizeBytes: regionBytes || fileSizeBytes };
  const anyRan = probes.some((p) => !p.error);
  return {
    status: anyRan ? 'ran' : 'failed',
    ...(anyRan ? {} : { reason: "No probe produced a measurement; see each probe's error." }),
    ...common,
    fileSizeBytes: regionBytes,
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
