/**
 * Stage 3: the restore under observation, then its writeback tail timed with syncfs, then the
 * sampler stopped: the profile's own measurement, which the caller holds inside the machine's
 * 'restore' phase.
 */
import type { ProfileConfig } from '../../config/config.js';
import type { PhaseRecord, Profile, WritebackTail } from '../../profile/schema.js';
import { observedRestore } from '../../restore/observed-restore.js';
import type { TimedRestore } from '../../restore/timed-restore.js';
import type { Sampler } from '../../sample/sampler.js';
import { syncFileSystems } from '../../sample/syncfs.js';
import type { PipelineHooks, Warn } from './hooks.js';
import type { MachineView } from './machine-view.js';

export type RestoreConfig = Pick<
  ProfileConfig,
  'paths' | 'primaryKey' | 'restoreKeys' | 'enableCrossOsArchive' | 'lookupOnly' | 'sampleIntervalMs' | 'writebackTimeoutMs'
>;

export interface MeasuredRestore {
  timed: TimedRestore;
  /** The restore's phases, the writeback tail last when it was timed. */
  phases: PhaseRecord[];
  samples: Profile['samples'];
  writebackTail: WritebackTail | null;
}

export async function measureRestore(
  config: RestoreConfig,
  view: Pick<MachineView, 'where' | 'cgroup' | 'hasProc'>,
  restoreFileSystems: string[],
  originMs: number,
  procRoot: string,
  hooks: Pick<PipelineHooks, 'onPhase' | 'log'>,
  warn: Warn,
): Promise<MeasuredRestore> {
  const { timed, sampler } = await observedRestore({
    paths: config.paths,
    primaryKey: config.primaryKey,
    restoreKeys: config.restoreKeys,
    enableCrossOsArchive: config.enableCrossOsArchive,
    lookupOnly: config.lookupOnly,
    onPhase: hooks.onPhase,
    sampleIntervalMs: config.sampleIntervalMs,
    devices: view.where.devices,
    originMs,
    procRoot: view.hasProc ? procRoot : null,
    cgroupCpu: view.hasProc ? view.cgroup?.cpuFiles : null,
    log: hooks.log,
  });
  const { restore, phases } = timed;
  if (restore.error) warn(`Failed to restore during ${restore.error.phase}: ${restore.error.message}`);
  const writebackTail = await timeWritebackTail(config, sampler, phases, restoreFileSystems, hooks, warn);
  const samples = sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  return { timed, phases, samples, writebackTail };
}

/**
 * syncfs of each file system the restore wrote: the tail ends exactly when the restore's files are
 * on disk, whatever else (other file systems, other writers' files) the page cache still owes.
 * Appends the writeback phase; null when there was no extraction or no sampler to time it with.
 */
async function timeWritebackTail(
  config: Pick<ProfileConfig, 'writebackTimeoutMs'>,
  sampler: Sampler | null,
  phases: PhaseRecord[],
  restoreFileSystems: string[],
  hooks: Pick<PipelineHooks, 'onPhase'>,
  warn: Warn,
): Promise<WritebackTail | null> {
  const extract = phases.find((p) => p.name === 'extract');
  if (!sampler || !extract || !(config.writebackTimeoutMs > 0)) return null;
  hooks.onPhase?.('writeback');
  const syncs = await syncFileSystems(restoreFileSystems, config.writebackTimeoutMs);
  hooks.onPhase?.(null);
  const end = sampler.snapshot();
  phases.push({ name: 'writeback', startMs: extract.end.tMs, endMs: end.tMs, start: extract.end, end });
  const writebackTail = { syncs, complete: syncs.every((s) => s.returned) };
  if (!writebackTail.complete) {
    warn(
      `The restore's files were not all on disk after ${config.writebackTimeoutMs / 1000} s (writeback-timeout-seconds): syncfs had not returned on ${syncs
        .filter((s) => !s.returned)
        .map((s) => s.mountPoint)
        .join(', ')}; the tail is cut there.`,
    );
  }
  return writebackTail;
}
