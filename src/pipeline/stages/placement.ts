/**
 * Stage 4: what the restore wrote and where: the anatomy tar reported while it extracted (no walk of
 * the tree, so nothing here grows with the files restored), and, where the paths span several devices, the one that
 * received most of the restore's bytes, which is judged, probed and experimented on.
 */
import type { ProfileConfig } from '../../config/config.js';
import type { BlockDeviceInfo, PhaseRecord } from '../../profile/schema.js';
import { walkRestoredTree } from '../../restore/restored-tree.js';
import type { TimedRestore } from '../../restore/timed-restore.js';
import { chooseRestoreDevice, withRestoreDevice } from '../../sample/restore-device.js';
import { MiB } from '../../util/units.js';
import type { Warn } from './hooks.js';

export interface ProbeTarget {
  path: string;
  because?: string;
  /** The restore path on the chosen device, when the paths span several. */
  restorePath?: string;
}

export interface Placement {
  /** The devices, the one the restore chose marked primary. */
  devices: BlockDeviceInfo[];
  /** The paths span several devices and the bytes chose one. */
  chosen: boolean;
  target: ProbeTarget;
}

/**
 * Where tar gave no report (not GNU tar: macOS's bsdtar, Windows' tar), the tree is walked instead, after
 * the tail so the walk cannot delay or add to what the tail measures, and only this far: a bounded cost
 * per run, the counts then marked as lower bounds.
 */
export const WALK_MAX_ENTRIES = 50_000;

/**
 * The restore's anatomy from tar's report (or what a run before learned of the same entry from its report),
 * else (no report, or what a failed extraction left) a bounded walk; the bytes under each root.
 */
export function readRestoredTree(roots: string[], timed: TimedRestore, warn: Warn): ReadonlyMap<string, number> | null {
  if (timed.extractStartedAtEpochMs === null) return null;
  const { restore } = timed;
  // After a failed extraction what is on disk is not what tar listed (a member listed, then not written): read from the tree (a rare run).
  const failed = restore.error?.phase === 'extract';
  const reported = failed ? null : timed.reportedTree;
  const tree = reported ?? walkRestoredTree(roots, timed.extractStartedAtEpochMs, WALK_MAX_ENTRIES);
  const from = reported ? timed.treeFrom : null;
  if (failed) warn(describePartialExtract(roots, tree.anatomy.files, tree.anatomy.extractedBytes));
  else
    restore.anatomy = {
      ...tree.anatomy,
      compressedBytes: restore.archiveBytes ?? 0,
      compression: restore.compressionMethod,
      source: from?.kind ?? 'walk',
      ...(from?.kind === 'remembered' ? { learned: from.learned } : {}),
      ...(tree.truncated
        ? {
            error: `tar gave no report of what it extracted, and the tree was read only as far as its first ${WALK_MAX_ENTRIES} entries: the counts are lower bounds`,
          }
        : {}),
    };
  return tree.bytesByRoot;
}

export function placeRestore(
  config: Pick<ProfileConfig, 'probePath' | 'probePathFromInput'>,
  found: BlockDeviceInfo[],
  bytesByRoot: ReadonlyMap<string, number> | null,
  phases: readonly PhaseRecord[],
  log: (line: string) => void,
): Placement {
  const choice = chooseRestoreDevice(found, bytesByRoot, phases);
  const devices = choice ? withRestoreDevice(found, choice) : found;
  const target = probeTarget(config, choice ? devices[choice.index] : undefined);
  if (choice) log(`The restore paths span ${choice.bytes.size} devices; ${devices[choice.index]?.name} got ${choice.because}.`);
  return { devices, chosen: choice !== null, target };
}

/**
 * Where fio probes: probe-path when the user set it; else, when the restore paths span several
 * devices, the first restore path on the device that received most of the restore's bytes.
 */
function probeTarget(config: Pick<ProfileConfig, 'probePath' | 'probePathFromInput'>, chosen: BlockDeviceInfo | undefined): ProbeTarget {
  const restorePath = chosen?.restorePaths?.[0];
  if (config.probePathFromInput || !chosen || !restorePath) return { path: config.probePath };
  return { path: restorePath, restorePath, because: `${chosen.name} got ${chosen.primaryBecause ?? "most of the restore's bytes"}` };
}

/** After a failed extraction: what is on disk now that was not before, so nobody guesses. */
function describePartialExtract(roots: readonly string[], files: number, bytes: number): string {
  const where = roots.join(', ') || 'the restore paths';
  if (files === 0) return `The failed extraction left no files under ${where}.`;
  return `The failed extraction left ${files} files (${(bytes / MiB).toFixed(1)} MiB) under ${where}; the rest of the archive is missing, so treat that tree as incomplete.`;
}
