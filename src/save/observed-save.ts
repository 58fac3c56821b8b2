/**
 * The save under observation, as the restore is (restore/observed-restore.ts): the disk under the paths
 * read resolved, the sampler running, one snapshot at every phase boundary. The pipeline judges it
 * (pipeline/judged-save.ts), as it judges the restore.
 */
import * as os from 'node:os';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { SavePhaseName, SaveResult, Snapshot } from '../profile/schema.js';
import { expandPath } from '../config/restore-roots.js';
import { resolveDevices } from '../sample/devices.js';
import { Sampler } from '../sample/sampler.js';
import { monotonicMs } from '../util/clock.js';
import { type TimedSave, timedSave } from './timed-save.js';

export interface ObservedSaveOptions {
  paths: string[];
  key: string;
  enableCrossOsArchive: boolean;
  uploadChunkSize?: number;
  workspace: string;
  runnerTemp: string;
  sampleIntervalMs: number;
  /** Where /proc is (default /proc); null or missing plays a runner without one: phases are still timed. */
  procRoot?: string | null;
  log: (line: string) => void;
  onPhase?: (phase: SavePhaseName | null) => void;
}

export async function observedSave(o: ObservedSaveOptions): Promise<SaveResult> {
  const originMs = monotonicMs();
  // The wall time of the save's own clock origin (the post step is another process than the restore's):
  // what lets an export place the save's phases in time.
  const startedAt = new Date().toISOString();
  // The disk worth watching is the one tar reads: the first plain path (globs fall back to the workspace).
  const readPath = expandPath(o.paths.find((p) => !/[*?[\]!]/.test(p)) ?? o.workspace, o.workspace);
  const procRoot = o.procRoot === undefined ? '/proc' : o.procRoot;
  const hasProc = procRoot !== null && existsSync(path.join(procRoot, 'stat'));
  const where = hasProc ? resolveDevices({ restorePath: readPath, archiveTemp: o.runnerTemp }, { procRoot }) : { devices: [] };
  const sampler = hasProc && procRoot !== null ? new Sampler({ intervalMs: o.sampleIntervalMs, devices: where.devices, originMs, procRoot }) : null;
  const boundary = sampler
    ? () => sampler.snapshot()
    : (): Snapshot => ({ tMs: monotonicMs() - originMs, disks: [], cpu: null, pressure: null, memory: null, childCpuTicks: null });

  // resolvePaths globs relative paths from the working directory, which on a runner is the workspace.
  const cwd = process.cwd();
  sampler?.start();
  let timed: TimedSave;
  try {
    process.chdir(o.workspace);
    timed = await timedSave({
      paths: o.paths,
      key: o.key,
      enableCrossOsArchive: o.enableCrossOsArchive,
      uploadChunkSize: o.uploadChunkSize,
      boundary,
      log: o.log,
      onPhase: o.onPhase,
      uploadTimeline: { intervalMs: o.sampleIntervalMs, nowMs: () => monotonicMs() - originMs, procRoot: hasProc ? procRoot : null },
    });
  } finally {
    process.chdir(cwd);
  }
  const samples = sampler?.stop() ?? { intervalMs: o.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  const compressionThreads = timed.compressionMethod.startsWith('zstd') ? os.availableParallelism() : timed.compressionMethod === 'gzip' ? 1 : null;
  return {
    ...timed,
    startedAt,
    key: o.key,
    paths: o.paths,
    compressionThreads,
    devices: where.devices,
    samples,
    verdict: null,
  };
}
