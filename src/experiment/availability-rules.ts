/**
 * When each alternative can run on this machine, and why not: no room, no permission, no such file
 * system. One rule per alternative, named by its descriptor (descriptors.ts); availability.ts runs
 * them. Pure: the facts are read at the edge (machine-facts.ts).
 */
import type { Skip, Target } from './types.js';
import type { Grant, Privileges } from '../system/privilege.js';
import { bytes } from '../util/format.js';
import { MiB } from '../util/units.js';
import { dirtyBytesFor } from './workflow-steps.js';
import { holdsTarget, type DirtyBudget } from './dirty-budget.js';

/** Extracting needs the tree's bytes plus slack for metadata (inodes, directories, journal). */
export const ROOM_FACTOR = 1.2;
export const ROOM_MARGIN_BYTES = 64 * MiB;
/** The share of available memory a RAM experiment (the tree, plus the archive when it is in RAM too) may take. */
export const RAM_SHARE = 0.5;

export interface FileSystemRoom {
  mountPoint: string;
  fsType: string;
  freeBytes: number | null;
  /** Whether this user can make a directory at the mount point itself (access W_OK); absent: not checked. */
  writable?: boolean;
}

export interface MachineFacts {
  /** What this process may do, per operation (system/privilege.ts). */
  privileges: Privileges;
  /** The memory a RAM experiment may count on: the smaller of /proc/meminfo MemAvailable and the cgroup's room; null without /proc. */
  memAvailableBytes: number | null;
  /** Where the cgroup's room is the smaller: its memory limit and the room left under it (machine-facts.ts availableMemory). */
  cgroupMemory?: { limitBytes: number; roomBytes: number } | null;
  /** The restore's extracted size (from the archive's listing): whether a fix applies to the restore is judged on it. */
  extractedBytes: number;
  /**
   * What one run extracts: a sample's size where the runs extract samples of the archive (run-experiments.ts), else
   * the restore's. The room a run needs is judged on it; what the fix would need, on extractedBytes.
   */
  runBytes: number;
  /** Bytes the archive copy takes in RAM (0 when it lives on a disk). */
  archiveInRamBytes: number;
  /** The file system the restore wrote to. */
  restoreFs: FileSystemRoom;
  /** /dev/shm when it is a tmpfs. */
  shm: FileSystemRoom | null;
  /** Other local, block-backed, writable file systems (not the restore path's). */
  otherDisks: FileSystemRoom[];
  /** Whether /proc/sys/vm/dirty_* can be read. */
  dirtySysctlsReadable: boolean;
  /** The vm.dirty_* limits in force (machine-facts.ts readDirtyBudget); null when they cannot be worked out. */
  dirtyBudget: DirtyBudget | null;
  /** Every mount's type, for naming what is there when no other disk is. */
  otherMountsSeen: number;
}

export interface Availability {
  targets: Target[];
  skipped: Skip[];
  /** Where the ram experiment extracts: a tmpfs the experiment mounts, or /dev/shm. */
  ramVia: 'own-tmpfs' | 'shm' | null;
}

export function neededBytes(extractedBytes: number): number {
  return Math.ceil(extractedBytes * ROOM_FACTOR) + ROOM_MARGIN_BYTES;
}

function hasRoom(fs: FileSystemRoom, need: number): boolean {
  return fs.freeBytes === null || fs.freeBytes >= need;
}

/** "the available memory (…)", saying when it is the cgroup's room rather than the machine's. */
function availableMemoryWords(f: MachineFacts): string {
  const cg = f.cgroupMemory;
  const whose = cg ? `: the room left under this job's cgroup memory limit of ${bytes(cg.limitBytes)}` : '';
  return `the available memory (${bytes(f.memAvailableBytes ?? 0)}${whose})`;
}

/** A skip for want of an operation's privilege: the grant's reason and what is lacking, as data. */
function noPermission(alternative: Skip['alternative'], mountPoint: string | null, operation: keyof Privileges, grant: Grant, what: string): Skip {
  return {
    alternative,
    mountPoint,
    reason: 'no-permission',
    detail: `${what}, and ${grant.reason ?? `${operation} is not allowed here`}`,
    permission: { operation, lacks: grant.lacks },
  };
}

/** What a rule is given: the machine's facts and the room a copy of the restore needs. */
export interface RuleContext {
  facts: MachineFacts;
  needBytes: number;
}

/** What a rule found: the places it can run (none, one, or one per other disk) and why not elsewhere. */
export interface RuleResult {
  targets: Target[];
  skipped: Skip[];
  /** ram only: where it extracts. */
  ramVia?: Availability['ramVia'];
}

const run = (target: Target): RuleResult => ({ targets: [target], skipped: [] });
const skip = (s: Skip): RuleResult => ({ targets: [], skipped: [s] });

/** baseline: the restore path's file system has room for a second copy (availability.ts checks it before any other). */
export function baselineRule({ facts, needBytes }: RuleContext): RuleResult {
  if (hasRoom(facts.restoreFs, needBytes)) return run({ alternative: 'baseline', mountPoint: facts.restoreFs.mountPoint });
  const detail = `the restore path's file system (${facts.restoreFs.mountPoint}) has ${bytes(facts.restoreFs.freeBytes ?? 0)} free; a second copy of the restore needs ${bytes(needBytes)}`;
  return skip({ alternative: 'baseline', mountPoint: facts.restoreFs.mountPoint, reason: 'no-room', detail });
}

/** decompress: writes nothing, so it can always run. */
export function decompressRule(): RuleResult {
  return run({ alternative: 'decompress', mountPoint: null });
}

/**
 * ram: half the available memory holds the restore (the fix keeps it there for the job) and a run's copy with the
 * archive (on a sample, the sample's); a tmpfs of its own where mounting is allowed, else /dev/shm.
 */
export function ramRule({ facts: f, needBytes: need }: RuleContext): RuleResult {
  const ramNeed = Math.max(need + f.archiveInRamBytes, neededBytes(f.extractedBytes));
  const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
  const mount = f.privileges.mount;
  if (cap !== null && ramNeed > cap)
    return skip({
      alternative: 'ram',
      mountPoint: null,
      reason: 'no-room',
      detail: `the restore (${bytes(ramNeed)} with slack${f.archiveInRamBytes ? ' and the archive' : ''}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`,
    });
  if (mount.via !== 'none') return { ...run({ alternative: 'ram', mountPoint: null }), ramVia: 'own-tmpfs' };
  if (f.shm && hasRoom(f.shm, need)) return { ...run({ alternative: 'ram', mountPoint: f.shm.mountPoint }), ramVia: 'shm' };
  if (f.shm)
    return skip({
      alternative: 'ram',
      mountPoint: f.shm.mountPoint,
      reason: 'no-room',
      detail: `${f.shm.mountPoint} has ${bytes(f.shm.freeBytes ?? 0)} free, the restore needs ${bytes(need)}; a tmpfs of its own cannot be mounted: ${mount.reason}`,
    });
  return skip(noPermission('ram', null, 'mount', mount, 'there is no /dev/shm tmpfs to extract into'));
}

/** other-disk: one target per other local disk with room that this user can write (each restore path is bind-mounted from it). */
export function otherDiskRule({ facts: f, needBytes: need }: RuleContext): RuleResult {
  if (f.otherDisks.length === 0)
    return skip({
      alternative: 'other-disk',
      mountPoint: null,
      reason: 'no-such-file-system',
      detail: `no other local, block-backed, writable file system is mounted (of ${f.otherMountsSeen} other mounts)`,
    });
  // The step it measures bind-mounts each restore path from the other disk (fix-step.ts).
  if (f.privileges.mount.via === 'none') {
    const disks = f.otherDisks.map((d) => d.mountPoint).join(', ');
    return skip(noPermission('other-disk', null, 'mount', f.privileges.mount, `each restore path is bind-mounted from the other disk (${disks})`));
  }
  const out: RuleResult = { targets: [], skipped: [] };
  for (const disk of f.otherDisks) {
    if (!hasRoom(disk, need))
      out.skipped.push({
        alternative: 'other-disk',
        mountPoint: disk.mountPoint,
        reason: 'no-room',
        detail: `${disk.mountPoint} (${disk.fsType}) has ${bytes(disk.freeBytes ?? 0)} free, the restore needs ${bytes(need)}`,
      });
    else if (disk.writable === false && f.privileges.files.via === 'none')
      out.skipped.push(noPermission('other-disk', disk.mountPoint, 'files', f.privileges.files, `this user cannot make a directory in ${disk.mountPoint}`));
    else out.targets.push({ alternative: 'other-disk', mountPoint: disk.mountPoint });
  }
  return out;
}

/**
 * page-cache: vm.dirty_* readable and writable, the restore fits half the memory, and the limits in force do not hold
 * it already; and the runs extract the whole archive: a sample the limits hold (and a 4 % sample of a restore they do
 * not hold is held) is not slowed by them, so raising them would measure nothing of what it saves the restore.
 */
export function pageCacheRule({ facts: f }: RuleContext): RuleResult {
  const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
  if (!f.dirtySysctlsReadable)
    return skip({ alternative: 'page-cache', mountPoint: null, reason: 'no-such-file-system', detail: 'there is no /proc/sys/vm/dirty_* here to raise' });
  if (f.privileges.sysctl.via === 'none')
    return skip(noPermission('page-cache', null, 'sysctl', f.privileges.sysctl, 'the page-cache experiment raises vm.dirty_bytes'));
  if (cap === null || f.extractedBytes > cap)
    return skip({
      alternative: 'page-cache',
      mountPoint: null,
      reason: 'no-room',
      detail:
        cap === null
          ? 'the available memory is unknown (no /proc/meminfo)'
          : `the restore (${bytes(f.extractedBytes)}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`,
    });
  if (f.dirtyBudget && holdsTarget(f.dirtyBudget, dirtyBytesFor(f.extractedBytes)))
    return skip({
      alternative: 'page-cache',
      mountPoint: null,
      reason: 'already-fits',
      detail: `the page cache already holds the restore: vm.dirty_* allow ${bytes(f.dirtyBudget.dirtyBytes)} (background writeback from ${bytes(f.dirtyBudget.backgroundBytes)}), the restore is ${bytes(f.extractedBytes)}; raising them changes nothing here`,
    });
  if (f.runBytes < f.extractedBytes)
    return skip({
      alternative: 'page-cache',
      mountPoint: null,
      reason: 'not-on-a-sample',
      detail: f.dirtyBudget
        ? `the restore (${bytes(f.extractedBytes)}) is more than vm.dirty_* hold (${bytes(f.dirtyBudget.dirtyBytes)}), which a sample of ${bytes(f.runBytes)} does not feel: raising them is measured only where full runs fit the budget`
        : `the vm.dirty_* limits in force are unknown, and a sample of ${bytes(f.runBytes)} of the restore (${bytes(f.extractedBytes)}) may not feel them: raising them is measured only where full runs fit the budget`,
    });
  return run({ alternative: 'page-cache', mountPoint: f.restoreFs.mountPoint });
}
