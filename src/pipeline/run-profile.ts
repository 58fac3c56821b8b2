/**
 * The profile pipeline, outside any GitHub specifics: find the devices, flush what earlier steps
 * left dirty, start the sampler, restore with exact phase boundaries, time the writeback tail with
 * syncfs, read what the restore wrote, probe the disk, judge. Side effects stay here and in the
 * modules it calls; the result is a plain Profile.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { BlockDeviceInfo, Preflush, Profile, ProbeSuiteResult, WritebackTail } from '../profile/schema.js';
import { PROFILE_SCHEMA_VERSION } from '../profile/schema.js';
import { configRecord, type ProfileConfig } from '../config/config.js';
import { observedRestore } from '../restore/observed-restore.js';
import { walkRestoredTree } from '../restore/restored-tree.js';
import { restoreRoots } from '../config/restore-roots.js';
import { readMounts, resolveDevices, type DeviceResolution } from '../sample/devices.js';
import { readCgroup } from '../sample/cgroup.js';
import { readHostFacts, readRunnerContext } from '../sample/context.js';
import { chooseRestoreDevice, withRestoreDevice } from '../sample/restore-device.js';
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
import { judgeInDetail, type Judgement } from '../judge/judge.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { TOOL_VERSION } from '../version.js';
import { MiB } from '../util/units.js';
import {
  ceilingsSourceAfter,
  fingerprintOf,
  HISTORY_GROUP,
  historyOf,
  autoExperiments,
  planProbes,
  REMEMBERED_GROUP,
  startHistoryLoad,
  STORE_GROUP,
  withCeilingsSource,
} from './always-on.js';

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
  return (await runJudgedProfile(config, hooks)).profile;
}

/** A profile and its one judgement: the report renders this judgement, and nothing judges the run again. */
export interface JudgedProfile {
  profile: Profile;
  judgement: Judgement;
}

/**
 * Measures, probes, judges once, then runs the experiments (auto chooses them from that judgement; the
 * judge reads neither the experiments nor what comes after them, so judging again would say the same).
 */
export async function runJudgedProfile(config: ProfileConfig, hooks: PipelineHooks): Promise<JudgedProfile> {
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
): Promise<JudgedProfile> {
  const originMs = monotonicMs();
  const createdAt = new Date().toISOString();
  const roots = restoreRoots(config.paths, config.workspace);
  const restorePaths = roots.length > 0 ? roots : [config.workspace];

  const procRoot = hooks.procRoot ?? '/proc';
  const where = await findDevices(restorePaths, config.runnerTemp, procRoot, hooks.sysRoot, warn);
  const cgroup = readCgroup({ procRoot });
  // Read once: the context and the fingerprint both take the machine from here.
  const host = readHostFacts({ procRoot, ...(hooks.sysRoot ? { sysRoot: hooks.sysRoot } : {}) });
  const context = readRunnerContext(where, { procRoot, cgroup, host });
  const fingerprint = fingerprintOf(where, host, context, restorePaths[0] as string);
  // Without /proc (macOS, Windows, or a sandbox hiding it) only the clock is left: phases are still timed.
  const hasProc = context.os === 'linux' && existsSync(path.join(procRoot, 'stat'));
  if (!hasProc) {
    warn(
      `Kernel counters are unavailable: no ${procRoot} on this runner (${context.os}). The restore is still timed and fio still probes where it is installed; disk, CPU and page-cache metrics are marked unavailable.`,
    );
  } else if (where.noBlockDeviceReason) {
    warn(`Disk counters are unavailable: ${where.noBlockDeviceReason}. The restore is still timed.`);
  } else {
    for (const fs of where.fileSystems.filter((f) => f.resolution?.method === 'not-measured' && f.path !== config.runnerTemp)) {
      warn(`Disk counters are unavailable for restore path ${fs.path}: ${fs.resolution?.detail}. The other restore paths' disks are measured.`);
    }
  }

  const restoreFileSystems = distinctFileSystems(restorePaths);
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
    cgroupCpu: hasProc ? cgroup?.cpuFiles : null,
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

  let bytesByRoot: ReadonlyMap<string, number> | null = null;
  if (timed.extractStartedAtEpochMs !== null) {
    // After the tail, so walking the tree cannot delay or add to what the tail measures.
    const tree = walkRestoredTree(roots, timed.extractStartedAtEpochMs);
    bytesByRoot = tree.bytesByRoot;
    if (restore.error?.phase === 'extract') warn(describePartialExtract(roots, tree.anatomy.files, tree.anatomy.extractedBytes));
    else restore.anatomy = { ...tree.anatomy, compressedBytes: restore.archiveBytes ?? 0, compression: restore.compressionMethod };
  }

  // Paths on several devices: the one that received most of the restore's bytes is judged, probed and experimented on.
  const choice = chooseRestoreDevice(where.devices, bytesByRoot, phases);
  const devices = choice ? withRestoreDevice(where.devices, choice) : where.devices;
  const target = probeTarget(config, choice ? devices[choice.index] : undefined);
  if (choice) hooks.log(`The restore paths span ${choice.bytes.size} devices; ${devices[choice.index]?.name} got ${choice.because}.`);

  // probes: auto restores the ceilings remembered for this hardware after the restore's tail, so the
  // lookup cannot touch what the restore measured.
  // The history is read at the same time (one round trip less on every run); both before the probes.
  if (config.probesAuto || config.history) hooks.onPhase?.(REMEMBERED_GROUP);
  const historyLoad = startHistoryLoad(config, restore);
  const [probePlan] = await Promise.all([planProbes(config, fingerprint, restore, phases, hooks.log), historyLoad]);
  hooks.onPhase?.(null);

  // The probes and experiments measure and change the whole machine: one profile at a time (the
  // restore is the user's job's own work, unlocked). Taken at the first part that needs it, held to
  // the end. No waiting for experiments that cannot run (a miss, a failed restore): their reason is reported as before.
  const runProbes = config.probes.length > 0 && !probePlan.remembered;
  const experimentsCanRun = config.experiments.length > 0 && typeof experimentsRequestFor(config, timed, phases) !== 'string';
  let busy: string | null | undefined;
  const holdMachine = async (): Promise<string | null> => {
    if (busy !== undefined) return busy;
    busy = await machine.acquire(
      lockWaitMs({
        probesMs: runProbes ? config.probeBudgetMs : null,
        experimentsMs: experimentsCanRun ? config.experimentsBudgetMs : null,
      }),
      hooks.signal,
    );
    if (busy) {
      const parts = [runProbes ? 'fio probes' : '', experimentsCanRun ? 'experiments' : ''].filter(Boolean).join(' and ');
      warn(`${parts.charAt(0).toUpperCase()}${parts.slice(1)} skipped: ${busy}.`);
    }
    return busy;
  };
  const probesBusy = runProbes ? await holdMachine() : null;
  // On the profile's clock, so an export can place the probes in time (the suite records durations only).
  const probesStartMs = monotonicMs() - originMs;
  hooks.onPhase?.(runProbes && !probesBusy ? 'probes' : null);
  if (runProbes && !probesBusy) machine.enter('probes');
  const probes: ProbeSuiteResult =
    probePlan.remembered?.suite ??
    (probesBusy
      ? { status: 'skipped', reason: probesBusy, wallMs: 0, probes: [] }
      : await probe(
          { ...config, probePath: target.path },
          context.cpuCount,
          {
            ...hooks,
            onProbeDirectory: (dir) => {
              machine.addProbeDir(dir);
              hooks.onProbeDirectory?.(dir);
            },
          },
          warn,
        ));
  if (probes.status === 'ran' && !probePlan.remembered) {
    const probed = probedDevice(target.path, procRoot, hooks.sysRoot);
    if (probed) probes.deviceName = probed;
    if (target.because) probes.deviceBecause = target.because;
    probes.startMs = probesStartMs;
  }
  if (config.rememberCeilings && probes.status === 'ran') hooks.onPhase?.(STORE_GROUP);
  const ceilingsSource = await ceilingsSourceAfter(config, fingerprint, probes, probePlan, new Date().toISOString(), restore, warn);
  hooks.onPhase?.(null);

  const profile: Profile = {
    schemaVersion: PROFILE_SCHEMA_VERSION,
    tool: { name: 'disk-profiler', version: TOOL_VERSION },
    label: config.label,
    createdAt,
    config: configRecord(config),
    context,
    devices,
    restore,
    phases,
    samples,
    probes,
    verdict: null,
    warnings,
    preflush,
    writebackTail,
    fingerprint,
    ceilingsSource,
  };
  // The run's one judgement: experiments: auto asks the verdict first (the judge does not read the experiments).
  const judgement = judgeInDetail(profile);
  profile.verdict = judgement.verdict;
  const experimentPlan = autoExperiments(config, profile);
  if (probePlan.decision || experimentPlan) {
    profile.auto = {
      ...(probePlan.decision ? { probes: probePlan.decision } : {}),
      ...(experimentPlan ? { experiments: { run: experimentPlan.run, reason: experimentPlan.reason } } : {}),
    };
  }
  if (experimentPlan) hooks.log(experimentPlan.reason);
  // After the tail and the probes: nothing of the profile's own measurement runs beside them.
  const experimentConfig = experimentPlan ? { ...config, experiments: experimentPlan.experiments } : config;
  const experimentsBusy = experimentConfig.experiments.length > 0 && experimentsCanRun ? await holdMachine() : null;
  if (experimentConfig.experiments.length > 0 && !experimentsBusy) machine.enter('experiments');
  const experimentsStartMs = monotonicMs() - originMs;
  const experiments = experimentsBusy
    ? skippedExperiments(experimentConfig, experimentsBusy)
    : await experimentsAfterProfile(
        experimentConfig,
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
        {
          ...(hooks.experimentOtherDisks ? { extraOtherDisks: hooks.experimentOtherDisks } : {}),
          // On the device that got most of the restore's bytes, when the paths span several.
          ...(choice && target.restorePath ? { restorePath: target.restorePath } : {}),
        },
      );
  machine.leave();
  machine.release();
  const others = machine.otherProfiles();
  if (others.length > 0) context.otherProfiles = others;
  if (experiments?.status === 'ran') experiments.startMs = experimentsStartMs;
  if (experiments) profile.experiments = experiments;
  // From the profiled extraction and its verdict alone: what page-cache should save, held against what it did.
  if (experiments) experiments.pageCachePrediction = pageCachePredictionOf(profile);
  withCeilingsSource(profile);
  if (config.history) hooks.onPhase?.(HISTORY_GROUP);
  const history = await historyOf(config, profile, fingerprint, historyLoad);
  hooks.onPhase?.(null);
  if (history) profile.history = history;
  return { profile, judgement };
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
    // The restore paths' own disks (tops of their stacks): a loop device's backing disk would count the same bytes again.
    deviceNames: where.devices.filter((d) => (d.topFor ? d.topFor.includes('restore-path') : d.primary)).map((d) => d.name),
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
      ...(hooks.procRoot ? { procRoot: hooks.procRoot } : {}),
    });
    if (result.status !== 'ran' && result.reason) warn(`fio probes ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    warn(`fio probes failed: ${errorMessage(error)}`);
    return { status: 'failed', reason: errorMessage(error), wallMs: 0, probes: [] };
  }
}

/**
 * Where fio probes: probe-path when the user set it; else, when the restore paths span several
 * devices, the first restore path on the device that received most of the restore's bytes.
 */
function probeTarget(config: ProfileConfig, chosen: BlockDeviceInfo | undefined): { path: string; because?: string; restorePath?: string } {
  const restorePath = chosen?.restorePaths?.[0];
  if (config.probePathFromInput || !chosen || !restorePath) return { path: config.probePath };
  return { path: restorePath, restorePath, because: `${chosen.name} got ${chosen.primaryBecause ?? "most of the restore's bytes"}` };
}

/** The device the probed file system sits on, or undefined when it cannot be told. */
function probedDevice(target: string, procRoot: string, sysRoot: string | undefined): string | undefined {
  try {
    return resolveDevices({ restorePaths: [target] }, { procRoot, ...(sysRoot ? { sysRoot } : {}) }).devices.find((d) => d.primary)?.name;
  } catch {
    return undefined;
  }
}

async function findDevices(
  restorePaths: string[],
  archiveTemp: string,
  procRoot: string,
  sysRoot: string | undefined,
  warn: (m: string) => void,
): Promise<DeviceResolution> {
  try {
    return await resolveDevices({ restorePaths, archiveTemp }, { procRoot, ...(sysRoot ? { sysRoot } : {}) });
  } catch (error) {
    // Finding the devices is a nicety: the restore must still be timed without it.
    warn(`Could not find the block devices under ${restorePaths.join(', ')}: ${errorMessage(error)}`);
    return {
      devices: [],
      fileSystems: [],
      noBlockDeviceReason: `finding the devices failed (${errorMessage(error)})`,
      // The fingerprint still names the file system and another local disk.
      mounts: readMounts(procRoot),
    };
  }
}

/** After a failed extraction: what is on disk now that was not before, so nobody guesses. */
function describePartialExtract(roots: readonly string[], files: number, bytes: number): string {
  const where = roots.join(', ') || 'the restore paths';
  if (files === 0) return `The failed extraction left no files under ${where}.`;
  return `The failed extraction left ${files} files (${(bytes / MiB).toFixed(1)} MiB) under ${where}; the rest of the archive is missing, so treat that tree as incomplete.`;
}
