/**
 * The profile pipeline, outside any GitHub specifics: find the devices, flush what earlier steps
 * left dirty, start the sampler, restore with exact phase boundaries, time the writeback tail with
 * syncfs, read what the restore wrote, probe the disk, judge. Side effects stay here and in the
 * modules it calls; the result is a plain Profile.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Preflush, Profile, ProbeSuiteResult, WritebackTail } from '../profile/schema.js';
import { PROFILE_SCHEMA_VERSION } from '../profile/schema.js';
import { configRecord, type ProfileConfig } from '../config/config.js';
import { observedRestore } from './observed-restore.js';
import { walkRestoredTree } from '../restore/restored-tree.js';
import { restoreRoots } from '../restore/restore-roots.js';
import { resolveDevices, type DeviceResolution } from '../sample/devices.js';
import { readRunnerContext } from '../sample/context.js';
import { parseMeminfo } from '../sample/parse-meminfo.js';
import { flushEarlierWrites } from '../sample/preflush.js';
import { readText } from '../sample/read-file.js';
import { distinctFileSystems, syncFileSystems } from '../sample/syncfs.js';
import { runProbeSuite } from '../probe/suite.js';
import { experimentsAfterProfile, experimentsRequestFor, skippedExperiments } from '../experiment/from-profile.js';
import { MachineSession } from '../machine/session.js';
import { lockWaitMs } from '../machine/lock.js';
import { pageCachePredictionOf } from '../experiment/page-cache-prediction.js';
import type { ExperimentsHooks } from '../experiment/run-experiments.js';
import { judgeProfile } from '../judge/judge.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { TOOL_VERSION } from '../version.js';
import { MiB } from '../util/units.js';

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
  /** Told each phase as it begins (null: none open), for the log's collapsible groups. */
  onPhase?: (phase: string | null) => void;
  /** The machine ledger's record of this profile (the post step puts right what it still owes after a hard kill). */
  onLedger?: (file: string) => void;
}

export async function runProfile(config: ProfileConfig, hooks: PipelineHooks): Promise<Profile> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    hooks.warn(message);
  };
  // Registered machine-wide for the whole run, so other profiles here see it and it sees them.
  const machine = MachineSession.open(config.label, { log: hooks.log, warn });
  hooks.onLedger?.(machine.ledgerFile);
  try {
    await machine.recoverAtStart();
    return await profileOn(config, hooks, machine, warnings, warn);
  } finally {
    machine.end();
  }
}

async function profileOn(
  config: ProfileConfig,
  hooks: PipelineHooks,
  machine: MachineSession,
  warnings: string[],
  warn: (m: string) => void,
): Promise<Profile> {
  const originMs = monotonicMs();
  const createdAt = new Date().toISOString();
  const roots = restoreRoots(config.paths, config.workspace);
  const restorePath = roots[0] ?? config.workspace;

  const procRoot = hooks.procRoot ?? '/proc';
  const where = await findDevices(restorePath, config.runnerTemp, procRoot, hooks.sysRoot, warn);
  const context = readRunnerContext(where, { procRoot });
  // Without /proc (macOS, Windows, or a sandbox hiding it) only the clock is left: phases are still timed.
  const hasProc = context.os === 'linux' && existsSync(path.join(procRoot, 'stat'));
  if (!hasProc) {
    warn(
      `Kernel counters are unavailable: no ${procRoot} on this runner (${context.os}). The restore is still timed and fio still probes where it is installed; disk, CPU and page-cache metrics are marked unavailable.`,
    );
  } else if (where.noBlockDeviceReason) {
    warn(`Disk counters are unavailable: ${where.noBlockDeviceReason}. The restore is still timed.`);
  }

  const restoreFileSystems = distinctFileSystems(roots.length > 0 ? roots : [config.workspace]);
  const preflush = hasProc ? await flushEarlier(config, restoreFileSystems, where, procRoot, context, warn) : null;

  machine.enter('restore');
  const { timed, sampler } = await observedRestore({
    paths: config.paths,
    primaryKey: config.primaryKey,
    restoreKeys: config.restoreKeys,
    enableCrossOsArchive: config.enableCrossOsArchive,
    lookupOnly: config.lookupOnly,
    onPhase: hooks.onPhase,
    sampleIntervalMs: config.sampleIntervalMs,
    devices: where.devices,
    originMs,
    procRoot: hasProc ? procRoot : null,
    log: hooks.log,
  });
  const { restore, phases } = timed;
  if (restore.error) warn(`Failed to restore during ${restore.error.phase}: ${restore.error.message}`);

  const extract = phases.find((p) => p.name === 'extract');
  let writebackTail: WritebackTail | null = null;
  if (sampler && extract && config.writebackTimeoutMs > 0) {
    // syncfs of each file system the restore wrote: the tail ends exactly when the restore's files
    // are on disk, whatever else (other file systems, other writers' files) the page cache still owes.
    hooks.onPhase?.('writeback');
    const syncs = await syncFileSystems(restoreFileSystems, config.writebackTimeoutMs);
    hooks.onPhase?.(null);
    const end = sampler.snapshot();
    phases.push({ name: 'writeback', startMs: extract.end.tMs, endMs: end.tMs, start: extract.end, end });
    writebackTail = { syncs, complete: syncs.every((s) => s.returned) };
    if (!writebackTail.complete) {
      warn(
        `The restore's files were not all on disk after ${config.writebackTimeoutMs / 1000} s (writeback-timeout-seconds): syncfs had not returned on ${syncs
          .filter((s) => !s.returned)
          .map((s) => s.mountPoint)
          .join(', ')}; the tail is cut there.`,
      );
    }
  }
  const samples = sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  machine.leave();

  if (timed.extractStartedAtEpochMs !== null) {
    // After the tail, so walking the tree cannot delay or add to what the tail measures.
    const tree = walkRestoredTree(roots, timed.extractStartedAtEpochMs);
    if (restore.error?.phase === 'extract') warn(describePartialExtract(roots, tree.anatomy.files, tree.anatomy.extractedBytes));
    else restore.anatomy = { ...tree.anatomy, compressedBytes: restore.archiveBytes ?? 0, compression: restore.compressionMethod };
  }

  // The probes and experiments measure and change the whole machine: one profile at a time (the restore is the user's job's own work, unlocked).
  // No waiting for experiments that cannot run (a miss, a failed restore): their reason is reported as before.
  const experimentsRun = config.experiments.length > 0 && typeof experimentsRequestFor(config, timed, phases) !== 'string';
  const wantsMachine = config.probes.length > 0 || experimentsRun;
  const busy = wantsMachine
    ? await machine.acquire(
        lockWaitMs({
          probesMs: config.probes.length > 0 ? config.probeBudgetMs : null,
          experimentsMs: experimentsRun ? config.experimentsBudgetMs : null,
        }),
        hooks.signal,
      )
    : null;
  if (busy)
    warn(
      `${[config.probes.length > 0 ? 'fio probes' : '', experimentsRun ? 'experiments' : ''].filter(Boolean).join(' and ')} skipped: ${busy}.`
        .replace(/^f/, 'F')
        .replace(/^e/, 'E'),
    );
  hooks.onPhase?.(config.probes.length > 0 && !busy ? 'probes' : null);
  if (config.probes.length > 0 && !busy) machine.enter('probes');
  const probes: ProbeSuiteResult = busy
    ? { status: 'skipped', reason: busy, wallMs: 0, probes: [] }
    : await probe(
        config,
        context.cpuCount,
        {
          ...hooks,
          onProbeDirectory: (dir) => {
            machine.addProbeDir(dir);
            hooks.onProbeDirectory?.(dir);
          },
        },
        warn,
      );
  hooks.onPhase?.(null);
  // After the tail and the probes: nothing of the profile's own measurement runs beside them.
  if (experimentsRun && !busy) machine.enter('experiments');
  const experiments =
    busy && experimentsRun
      ? skippedExperiments(config, busy)
      : await experimentsAfterProfile(
          config,
          timed,
          phases,
          {
            log: hooks.log,
            warn,
            ...(hooks.signal ? { signal: hooks.signal } : {}),
            onDirectory: (dir) => {
              machine.addExperimentDir(dir);
              hooks.onExperimentDirectory?.(dir);
            },
            onDirtySettings: (change) => {
              machine.setDirty(change);
              hooks.onExperimentDirtySettings?.(change);
            },
            whoSetDirty: (name, value) => machine.whoSetDirty(name, value),
          },
          hooks.experimentOtherDisks ? { extraOtherDisks: hooks.experimentOtherDisks } : {},
        );
  machine.leave();
  machine.release();
  const others = machine.otherProfiles();
  if (others.length > 0) context.otherProfiles = others;

  const profile: Profile = {
    schemaVersion: PROFILE_SCHEMA_VERSION,
    tool: { name: 'disk-profiler', version: TOOL_VERSION },
    label: config.label,
    createdAt,
    config: configRecord(config),
    context,
    devices: where.devices,
    restore,
    phases,
    samples,
    probes,
    verdict: null,
    warnings,
    preflush,
    writebackTail,
    ...(experiments ? { experiments } : {}),
  };
  profile.verdict = judgeProfile(profile);
  // From the profiled extraction and its verdict alone: what page-cache should save, held against what it did.
  if (experiments) experiments.pageCachePrediction = pageCachePredictionOf(profile);
  return profile;
}

/**
 * Flushes what earlier steps left dirty on every file system the restore writes (restore paths and
 * the archive's temp dir), so none of it is counted as the restore's; records the level found.
 */
async function flushEarlier(
  config: ProfileConfig,
  restoreFileSystems: string[],
  where: DeviceResolution,
  procRoot: string,
  context: Profile['context'],
  warn: (m: string) => void,
): Promise<Preflush> {
  const memory = parseMeminfo(readText(`${procRoot}/meminfo`) ?? '');
  if (memory) {
    context.dirtyAtStartBytes = memory.dirtyBytes;
    context.writebackAtStartBytes = memory.writebackBytes;
  }
  const preflush = await flushEarlierWrites({
    fileSystemPaths: distinctFileSystems([...restoreFileSystems, config.runnerTemp]),
    // The restore path's own disk: a loop device's backing disk would count the same bytes again.
    deviceNames: where.devices.filter((d) => d.primary).map((d) => d.name),
    procRoot,
    maxMs: Math.max(config.writebackTimeoutMs, 1000),
  });
  const stuck = preflush.syncs.filter((s) => !s.returned);
  if (stuck.length > 0) {
    warn(
      `Earlier steps' dirty pages on ${stuck.map((s) => s.mountPoint).join(', ')} were not flushed within ${Math.round(preflush.durationMs / 1000)} s; the restore's disk figures may include some of them.`,
    );
  }
  return preflush;
}

async function probe(config: ProfileConfig, cpuCount: number, hooks: PipelineHooks, warn: (m: string) => void): Promise<ProbeSuiteResult> {
  if (config.probes.length === 0)
    return { status: 'skipped', reason: 'probes: none was set, so the verdict has no fio ceilings to compare with', wallMs: 0, probes: [] };
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

async function findDevices(
  restorePath: string,
  archiveTemp: string,
  procRoot: string,
  sysRoot: string | undefined,
  warn: (m: string) => void,
): Promise<DeviceResolution> {
  try {
    return await resolveDevices({ restorePath, archiveTemp }, { procRoot, ...(sysRoot ? { sysRoot } : {}) });
  } catch (error) {
    // Finding the devices is a nicety: the restore must still be timed without it.
    warn(`Could not find the block devices under ${restorePath}: ${errorMessage(error)}`);
    return { devices: [], fileSystems: [], noBlockDeviceReason: `finding the devices failed (${errorMessage(error)})` };
  }
}

/** After a failed extraction: what is on disk now that was not before, so nobody guesses. */
function describePartialExtract(roots: readonly string[], files: number, bytes: number): string {
  const where = roots.join(', ') || 'the restore paths';
  if (files === 0) return `The failed extraction left no files under ${where}.`;
  return `The failed extraction left ${files} files (${(bytes / MiB).toFixed(1)} MiB) under ${where}; the rest of the archive is missing, so treat that tree as incomplete.`;
}
