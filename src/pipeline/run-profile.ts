/**
 * The profile pipeline, outside any GitHub specifics: find the devices, start the sampler, restore
 * with exact phase boundaries, watch the writeback tail, read the archive's anatomy, probe the disk,
 * judge. Side effects stay here and in the modules it calls; the result is a plain Profile.
 */
import { existsSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { Profile, ProbeSuiteResult } from '../profile/schema.js';
import { PROFILE_SCHEMA_VERSION } from '../profile/schema.js';
import { configRecord, expandPath, type ProfileConfig } from '../config/config.js';
import { observedRestore } from './observed-restore.js';
import { readArchiveAnatomy } from '../restore/anatomy.js';
import { nearestExisting, resolveDevices, type DeviceResolution } from '../sample/devices.js';
import { countFilesWrittenSince } from '../restore/partial-extract.js';
import { readRunnerContext } from '../sample/context.js';
import { runProbeSuite } from '../probe/suite.js';
import { experimentsAfterProfile } from '../experiment/from-profile.js';
import type { ExperimentsHooks } from '../experiment/run-experiments.js';
import { judge } from '../judge/judge.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { TOOL_VERSION } from '../version.js';

export interface PipelineHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Called with each temp directory the probes create, before they write to it (the post step re-checks them). */
  onProbeDirectory?: (dir: string) => void;
  /** The experiments' directories and raised vm.dirty_* (the post step puts them back after a hard kill). */
  onExperimentDirectory?: ExperimentsHooks['onDirectory'];
  onExperimentDirtySettings?: ExperimentsHooks['onDirtySettings'];
  /** Mount points the experiments may try as other disks besides those found (the lab's). */
  experimentOtherDisks?: string[];
  signal?: AbortSignal;
  /**
   * Where the kernel's files are (default /proc and /sys). Pointing procRoot at an empty directory
   * plays a runner without /proc (macOS, Windows) on Linux, which is how that path is tested.
   */
  procRoot?: string;
  sysRoot?: string;
}

/** What the page cache may still hold above its level before the restore and count as drained. */
const WRITEBACK_DRAINED_MARGIN_BYTES = 8 * 1024 * 1024;

export async function runProfile(config: ProfileConfig, hooks: PipelineHooks): Promise<Profile> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    hooks.warn(message);
  };
  const originMs = monotonicMs();
  const restorePath = expandPath(config.paths.find((p) => !/[*?[\]!]/.test(p)) ?? config.workspace, config.workspace);

  const procRoot = hooks.procRoot ?? '/proc';
  const where = await findDevices(restorePath, config.runnerTemp, procRoot, hooks.sysRoot, warn);
  const context = readRunnerContext(where, { procRoot });
  // Without /proc (macOS, Windows, or a sandbox hiding it) only the clock is left: phases are still timed.
  const hasProc = context.os === 'linux' && existsSync(path.join(procRoot, 'stat'));
  if (!hasProc) {
    warn(`Kernel counters are unavailable: no ${procRoot} on this runner (${context.os}). The restore is still timed and fio still probes where it is installed; disk, CPU and page-cache metrics are marked unavailable.`);
  } else if (where.noBlockDeviceReason) {
    warn(`Disk counters are unavailable: ${where.noBlockDeviceReason}. The restore is still timed.`);
  }

  const { timed, sampler } = await observedRestore({
    paths: config.paths,
    primaryKey: config.primaryKey,
    restoreKeys: config.restoreKeys,
    enableCrossOsArchive: config.enableCrossOsArchive,
    sampleIntervalMs: config.sampleIntervalMs,
    devices: where.devices,
    originMs,
    procRoot: hasProc ? procRoot : null,
    log: hooks.log,
  });
  const { restore, phases } = timed;
  if (restore.error) warn(`Failed to restore during ${restore.error.phase}: ${restore.error.message}`);
  if (restore.error?.phase === 'extract' && timed.extractStartedAtEpochMs !== null) {
    warn(describePartialExtract(config, timed.extractStartedAtEpochMs));
  }

  const extract = phases.find((p) => p.name === 'extract');
  if (sampler && extract && config.writebackTimeoutMs > 0) {
    const before = phases[0]?.start.memory;
    const baseline = before ? before.dirtyBytes + before.writebackBytes : 0;
    // Writeback is started at once (syncfs on the restore's file system), so the tail measures how
    // long the disk needs for what the page cache owes, not the kernel's 30 s dirty-expiry timer.
    const tail = await sampler.waitForWriteback({
      maxMs: config.writebackTimeoutMs,
      thresholdBytes: baseline + WRITEBACK_DRAINED_MARGIN_BYTES,
      syncPath: nearestExisting(restorePath),
    });
    phases.push({ name: 'writeback', startMs: extract.end.tMs, endMs: tail.end.tMs, start: extract.end, end: tail.end });
    if (!tail.drained) {
      warn(`The page cache had not written back the restore after ${config.writebackTimeoutMs / 1000} s (writeback-timeout-seconds); the tail is cut there.`);
    }
  }
  const samples = sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };

  if (timed.archivePath) {
    // A download that failed left a partial archive: its anatomy would describe a fragment, not the cache.
    if (restore.error?.phase !== 'download') await readAnatomy();
    removeArchive(timed.archivePath, hooks);
  }

  async function readAnatomy(): Promise<void> {
    if (!timed.archivePath) return;
    try {
      restore.anatomy = await readArchiveAnatomy(timed.archivePath, restore.compressionMethod);
      if (restore.anatomy.error) warn(`Archive anatomy: ${restore.anatomy.error}`);
    } catch (error) {
      warn(`Archive anatomy could not be read: ${errorMessage(error)}`);
    }
  }

  const probes = await probe(config, context.cpuCount, hooks, warn);
  // After the tail and the probes: nothing of the profile's own measurement runs beside them.
  const experiments = await experimentsAfterProfile(config, timed, phases, {
    log: hooks.log,
    warn,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    ...(hooks.onExperimentDirectory ? { onDirectory: hooks.onExperimentDirectory } : {}),
    ...(hooks.onExperimentDirtySettings ? { onDirtySettings: hooks.onExperimentDirtySettings } : {}),
  }, hooks.experimentOtherDisks ? { extraOtherDisks: hooks.experimentOtherDisks } : {});

  const profile: Profile = {
    schemaVersion: PROFILE_SCHEMA_VERSION,
    tool: { name: 'disk-profiler', version: TOOL_VERSION },
    label: config.label,
    createdAt: new Date().toISOString(),
    config: configRecord(config),
    context,
    devices: where.devices,
    restore,
    phases,
    samples,
    probes,
    verdict: null,
    warnings,
    ...(experiments ? { experiments } : {}),
  };
  profile.verdict = judge(profile);
  return profile;
}

async function probe(config: ProfileConfig, cpuCount: number, hooks: PipelineHooks, warn: (m: string) => void): Promise<ProbeSuiteResult> {
  if (config.probes.length === 0) return { status: 'skipped', reason: "probes: none was set, so the verdict has no fio ceilings to compare with", wallMs: 0, probes: [] };
  try {
    const result = await runProbeSuite({
      targetPath: config.probePath,
      probes: config.probes,
      budgetMs: config.probeBudgetMs,
      cpuCount,
      allowInstall: config.installFio,
      signal: hooks.signal,
      log: hooks.log,
      onDirectory: hooks.onProbeDirectory,
    });
    if (result.status !== 'ran' && result.reason) warn(`fio probes ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    warn(`fio probes failed: ${errorMessage(error)}`);
    return { status: 'failed', reason: errorMessage(error), wallMs: 0, probes: [] };
  }
}

/** As restoreCache does in its finally block: the archive goes, its temp directory stays. */
function removeArchive(archivePath: string, hooks: PipelineHooks): void {
  try {
    unlinkSync(archivePath);
  } catch (error) {
    hooks.log(`Failed to delete archive: ${errorMessage(error)}`);
  }
}

async function findDevices(restorePath: string, archiveTemp: string, procRoot: string, sysRoot: string | undefined, warn: (m: string) => void): Promise<DeviceResolution> {
  try {
    return await resolveDevices({ restorePath, archiveTemp }, { procRoot, ...(sysRoot ? { sysRoot } : {}) });
  } catch (error) {
    // Finding the devices is a nicety: the restore must still be timed without it.
    warn(`Could not find the block devices under ${restorePath}: ${errorMessage(error)}`);
    return { devices: [], fileSystems: [], noBlockDeviceReason: `finding the devices failed (${errorMessage(error)})` };
  }
}

/** After a failed extraction: what is on disk now that was not before, so nobody guesses. */
function describePartialExtract(config: ProfileConfig, sinceEpochMs: number): string {
  const roots = config.paths.filter((p) => !/[*?[\]!]/.test(p)).map((p) => expandPath(p, config.workspace));
  // ctime has coarse granularity on some file systems: allow a little slack before the start.
  const partial = countFilesWrittenSince(roots, sinceEpochMs - 50);
  const where = roots.join(', ') || 'the restore paths';
  if (partial.files === 0) return `The failed extraction left no files under ${where}.`;
  const mib = (partial.bytes / (1024 * 1024)).toFixed(1);
  return `The failed extraction left ${partial.truncated ? 'at least ' : ''}${partial.files} files (${mib} MiB) under ${where}; the rest of the archive is missing, so treat that tree as incomplete.`;
}
