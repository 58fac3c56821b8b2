/**
 * The profile pipeline, outside any GitHub specifics: find the devices, start the sampler, restore
 * with exact phase boundaries, watch the writeback tail, read the archive's anatomy, probe the disk,
 * judge. Side effects stay here and in the modules it calls; the result is a plain Profile.
 */
import { unlinkSync } from 'node:fs';
import type { Profile, ProbeSuiteResult, Snapshot } from '../profile/schema.js';
import { PROFILE_SCHEMA_VERSION } from '../profile/schema.js';
import { configRecord, expandPath, type ProfileConfig } from '../config/config.js';
import { timedRestore } from '../restore/timed-restore.js';
import { readArchiveAnatomy } from '../restore/anatomy.js';
import { nearestExisting, resolveDevices } from '../sample/devices.js';
import { readRunnerContext } from '../sample/context.js';
import { Sampler } from '../sample/sampler.js';
import { runProbeSuite } from '../probe/suite.js';
import { judge } from '../judge/judge.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { TOOL_VERSION } from '../version.js';

export interface PipelineHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Called with each temp directory the probes create, before they write to it (the post step re-checks them). */
  onProbeDirectory?: (dir: string) => void;
  signal?: AbortSignal;
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

  const where = await resolveDevices({ restorePath, archiveTemp: config.runnerTemp });
  if (where.noBlockDeviceReason) warn(`Disk counters are unavailable: ${where.noBlockDeviceReason}. The restore is still timed.`);
  const context = readRunnerContext(where);

  const sampler = context.os === 'linux' ? new Sampler({ intervalMs: config.sampleIntervalMs, devices: where.devices, originMs }) : null;
  const boundary = sampler ? () => sampler.snapshot() : () => bareSnapshot(originMs, where.devices.length);
  sampler?.start();

  const timed = await timedRestore({
    paths: config.paths,
    primaryKey: config.primaryKey,
    restoreKeys: config.restoreKeys,
    enableCrossOsArchive: config.enableCrossOsArchive,
    progressIntervalMs: config.sampleIntervalMs,
    boundary,
    log: hooks.log,
  });
  const { restore, phases } = timed;
  if (restore.error) warn(`Failed to restore during ${restore.error.phase}: ${restore.error.message}`);

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
    restore.anatomy = await readArchiveAnatomy(timed.archivePath, restore.compressionMethod);
    if (restore.anatomy.error) warn(`Archive anatomy: ${restore.anatomy.error}`);
    removeArchive(timed.archivePath, hooks);
  }

  const probes = await probe(config, context.cpuCount, hooks, warn);

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

/** A boundary without /proc (macOS, Windows): the time alone, so phases are still timed. */
function bareSnapshot(originMs: number, deviceCount: number): Snapshot {
  return { tMs: monotonicMs() - originMs, disks: new Array(deviceCount).fill(null), cpu: null, pressure: null, memory: null, childCpuTicks: null };
}
