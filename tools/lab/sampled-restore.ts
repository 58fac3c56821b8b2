/**
 * The restore observed silently on this machine's /proc, for the labs, the recording scripts and the
 * tests (the action itself runs observedRestore inside runProfile): kept beside the lab, so the
 * pipeline carries only what the action runs.
 */
import type { BlockDeviceInfo } from '../../src/profile/schema.js';
import { observedRestore } from '../../src/restore/observed-restore.js';
import type { RestoreRequest, TimedRestore } from '../../src/restore/timed-restore.js';
import { monotonicMs } from '../../src/util/clock.js';

export interface SampledRestoreRequest extends Omit<RestoreRequest, 'progressIntervalMs' | 'restoreKeys' | 'enableCrossOsArchive' | 'onPhase'> {
  /** Default: none. */
  restoreKeys?: string[];
  /** Default: false. */
  enableCrossOsArchive?: boolean;
  /** Default: 100 ms. */
  sampleIntervalMs?: number;
  /** Default: none. */
  devices?: BlockDeviceInfo[];
}

/**
 * A restore observed on this machine's /proc, silently, from now, with the sampler stopped when it is done:
 * for the labs, the recording scripts and the tests, which want only its phases and its download timeline.
 */
export async function sampledRestore(o: SampledRestoreRequest): Promise<TimedRestore> {
  const { timed, sampler } = await observedRestore({
    paths: o.paths,
    primaryKey: o.primaryKey,
    restoreKeys: o.restoreKeys ?? [],
    enableCrossOsArchive: o.enableCrossOsArchive ?? false,
    lookupOnly: o.lookupOnly,
    ...(o.onExtractStart ? { onExtractStart: o.onExtractStart } : {}),
    ...(o.lookUpTree ? { lookUpTree: o.lookUpTree } : {}),
    sampleIntervalMs: o.sampleIntervalMs ?? 100,
    devices: o.devices ?? [],
    originMs: monotonicMs(),
    procRoot: '/proc',
    log: () => {},
  });
  sampler?.stop();
  return timed;
}
