/**
 * Stage 3: the restore under observation, then its writeback tail timed with syncfs (started as
 * extraction ends, in this process or in the action's detached follower), then the sampler stopped:
 * the profile's own measurement, which the caller holds inside the machine's 'restore' phase. A repeat
 * run leaves the tail to the follower and the post step (pipeline/follower.ts).
 */
import type { ProfileConfig } from '../../config/config.js';
import { performance } from 'node:perf_hooks';
import type { FileSystemSync, PhaseRecord, Profile, Snapshot, WritebackTail } from '../../profile/schema.js';
import { observedRestore } from '../../restore/observed-restore.js';
import type { RestoreRequest, TimedRestore } from '../../restore/timed-restore.js';
import type { Sampler } from '../../sample/sampler.js';
import { syncFileSystems } from '../../sample/syncfs.js';
import { type BackgroundTail, type FollowerHandle, followedTail } from '../follower.js';
import { tailAtExtractEnd, tailKnownEmpty, type TailAtExtractEnd } from '../tail-decision.js';
import type { PipelineHooks, Warn } from './hooks.js';
import type { MachineView } from './machine-view.js';
import { notOnDiskSentence } from '../../report/say/tail.js';

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
  /** Set when main left the tail to the detached follower (a repeat run): the post step completes it. */
  backgroundTail?: BackgroundTail;
}

/** The restore done, its writeback tail being timed (in this process, or by the follower) but not yet waited for. */
export interface RestoreWithTail {
  timed: TimedRestore;
  phases: PhaseRecord[];
  sampler: Sampler | null;
  tail: PendingTail | null;
  /** What was known of the tail when extraction ended (pipeline/tail-decision.ts); nothing without an extraction. */
  atExtractEnd: TailAtExtractEnd;
}

/** No extraction: nothing known of a tail (there is none to wait for). */
const NOTHING_KNOWN: TailAtExtractEnd = { restoreInMemory: false, dirtyAtExtractEndBytes: null };

type PendingTail = { kind: 'here'; done: Promise<{ syncs: FileSystemSync[]; end: Snapshot }> } | { kind: 'follower'; follower: FollowerHandle };

export async function measureRestore(
  config: RestoreConfig,
  view: Pick<MachineView, 'where' | 'cgroup' | 'hasProc' | 'restorePaths'>,
  restoreFileSystems: string[],
  originMs: number,
  procRoot: string,
  hooks: Pick<PipelineHooks, 'onPhase' | 'log' | 'followWriteback'> & Pick<RestoreRequest, 'onExtractStart' | 'lookUpTree'>,
  warn: Warn,
): Promise<RestoreWithTail> {
  const { timed, sampler } = await observedRestore({
    paths: config.paths,
    primaryKey: config.primaryKey,
    restoreKeys: config.restoreKeys,
    enableCrossOsArchive: config.enableCrossOsArchive,
    lookupOnly: config.lookupOnly,
    onPhase: hooks.onPhase,
    ...(hooks.onExtractStart ? { onExtractStart: hooks.onExtractStart } : {}),
    ...(hooks.lookUpTree ? { lookUpTree: hooks.lookUpTree } : {}),
    sampleIntervalMs: config.sampleIntervalMs,
    devices: view.where.devices,
    originMs,
    procRoot: view.hasProc ? procRoot : null,
    cgroupCpu: view.hasProc ? view.cgroup?.cpuFiles : null,
    log: hooks.log,
  });
  const { restore, phases } = timed;
  if (restore.error) warn(`Failed to restore during ${restore.error.phase}: ${restore.error.message}`);
  const extract = phases.find((p) => p.name === 'extract');
  const atExtractEnd = extract
    ? tailAtExtractEnd(
        view.where.fileSystems.filter((fs) => view.restorePaths.includes(fs.path)),
        extract.end,
      )
    : NOTHING_KNOWN;
  if (!sampler || !extract || !(config.writebackTimeoutMs > 0)) return { timed, phases, sampler, tail: null, atExtractEnd };
  // Started the moment extraction ends, whoever waits for it: the tail ends exactly when syncfs returns.
  // A tail known to be empty is timed here: main waits for it (tail-decision.ts), with no process to start.
  if (hooks.followWriteback && !tailKnownEmpty(atExtractEnd)) {
    const follower = hooks.followWriteback({
      fileSystems: restoreFileSystems,
      deadlineMs: config.writebackTimeoutMs,
      originEpochMs: performance.timeOrigin + originMs,
      intervalMs: config.sampleIntervalMs,
      devices: view.where.devices,
      procRoot,
      cgroupCpu: view.cgroup?.cpuFiles ?? null,
    });
    if (follower) return { timed, phases, sampler, tail: { kind: 'follower', follower }, atExtractEnd };
  }
  const done = syncFileSystems(restoreFileSystems, config.writebackTimeoutMs).then((syncs) => ({ syncs, end: sampler.snapshot() }));
  return { timed, phases, sampler, tail: { kind: 'here', done }, atExtractEnd };
}

/**
 * Waits for the writeback tail (syncfs of each file system the restore wrote, here or in the follower):
 * it ends exactly when the restore's files are on disk, whatever else the page cache still owes.
 * Appends the writeback phase; a null tail when there was no extraction or no sampler to time it with.
 */
export async function waitForTail(
  r: RestoreWithTail,
  config: Pick<ProfileConfig, 'writebackTimeoutMs' | 'sampleIntervalMs'>,
  hooks: Pick<PipelineHooks, 'onPhase'>,
  warn: Warn,
): Promise<MeasuredRestore> {
  const { timed, phases, sampler } = r;
  let writebackTail: WritebackTail | null = null;
  if (r.tail) {
    hooks.onPhase?.('writeback');
    const extract = phases.find((p) => p.name === 'extract') as PhaseRecord;
    if (r.tail.kind === 'here') {
      const { syncs, end } = await r.tail.done;
      phases.push({ name: 'writeback', startMs: extract.end.tMs, endMs: end.tMs, start: extract.end, end });
      writebackTail = { syncs, complete: syncs.every((s) => s.returned) };
    } else {
      const result = await r.tail.follower.done;
      if (result) {
        const followed = followedTail(extract, result);
        phases.push(followed.phase);
        writebackTail = followed.tail;
      } else warn('The writeback follower ended without a result; the tail was not timed.');
    }
    hooks.onPhase?.(null);
    if (writebackTail && !writebackTail.complete) warn(notOnDiskSentence(config.writebackTimeoutMs, writebackTail));
  }
  const samples = sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  return { timed, phases, samples, writebackTail };
}

/**
 * A repeat run: main does not wait for the tail. Sampling stops at extraction's end; the follower goes
 * on, still tied to main until `detach`, so a run that turns out to have something to learn can still
 * wait for it (`awaitFollowedTail`).
 */
export function leaveTailToFollower(
  r: RestoreWithTail,
  config: Pick<ProfileConfig, 'sampleIntervalMs'>,
): { measured: MeasuredRestore; follower: FollowerHandle } | null {
  if (r.tail?.kind !== 'follower') return null;
  const samples = r.sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  const follower = r.tail.follower;
  return { measured: { timed: r.timed, phases: r.phases, samples, writebackTail: null, backgroundTail: follower.tail }, follower };
}

/** The follower's tail after all (the run has something to learn): main waits for it, as on a first run. */
export async function awaitFollowedTail(
  measured: MeasuredRestore,
  follower: FollowerHandle,
  config: Pick<ProfileConfig, 'writebackTimeoutMs'>,
  hooks: Pick<PipelineHooks, 'onPhase'>,
  warn: Warn,
): Promise<MeasuredRestore> {
  const { backgroundTail: _, ...rest } = measured;
  const extract = measured.phases.find((p) => p.name === 'extract');
  hooks.onPhase?.('writeback');
  const result = await follower.done;
  hooks.onPhase?.(null);
  if (!result || !extract) {
    warn('The writeback follower ended without a result; the tail was not timed.');
    return rest;
  }
  const { phase, tail, snapshots } = followedTail(extract, result);
  if (!tail.complete) warn(notOnDiskSentence(config.writebackTimeoutMs, tail));
  const all = [...measured.samples.snapshots, ...snapshots].sort((a, b) => a.tMs - b.tMs);
  return { ...rest, phases: [...measured.phases, phase], samples: { ...measured.samples, snapshots: all }, writebackTail: tail };
}
