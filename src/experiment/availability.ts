/**
 * Which alternatives can run on this machine, and why the others cannot: no room, no permission, no
 * such file system. Pure: the facts are read at the edge (machine-facts.ts).
 */
import type { ExperimentName } from './alternatives.js';
import type { Skip, Target } from './types.js';
import type { Grant, Privileges } from '../system/privilege.js';
import { bytes } from '../util/format.js';
import { MiB } from '../util/units.js';
import { dirtyBytesFor } from './apply.js';
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
  /** The restore's extracted size (from the archive's listing). */
  extractedBytes: number;
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

/**
 * patternPaths: restore paths that are patterns. ram and other-disk measure a step that mounts each
 * restore path (fix-step.ts); no step can mount what a pattern will match, so they do not run.
 */
export function availability(requested: readonly ExperimentName[], f: MachineFacts, patternPaths: readonly string[] = []): Availability {
  const need = neededBytes(f.extractedBytes);
  const targets: Target[] = [];
  const skipped: Skip[] = [];
  let ramVia: Availability['ramVia'] = null;

  if (!hasRoom(f.restoreFs, need)) {
    const detail = `the restore path's file system (${f.restoreFs.mountPoint}) has ${bytes(f.restoreFs.freeBytes ?? 0)} free; a second copy of the restore needs ${bytes(need)}`;
    skipped.push({ alternative: 'baseline', mountPoint: f.restoreFs.mountPoint, reason: 'no-room', detail });
    for (const name of requested) skipped.push({ alternative: name, mountPoint: null, reason: 'no-baseline', detail: `nothing to compare with: ${detail}` });
    return { targets, skipped, ramVia };
  }
  targets.push({ alternative: 'baseline', mountPoint: f.restoreFs.mountPoint });

  for (const name of requested) {
    if ((name === 'ram' || name === 'other-disk') && patternPaths.length > 0) {
      skipped.push({
        alternative: name,
        mountPoint: null,
        reason: 'pattern-path',
        detail: `${patternPaths.map((p) => `\`${p}\``).join(', ')} ${patternPaths.length === 1 ? 'is a pattern' : 'are patterns'}: a step can mount each restore path before the restore, not what a pattern will match`,
      });
      continue;
    }
    switch (name) {
      case 'decompress':
        targets.push({ alternative: 'decompress', mountPoint: null });
        break;
      case 'ram': {
        const ramNeed = need + f.archiveInRamBytes;
        const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
        const mount = f.privileges.mount;
        if (cap !== null && ramNeed > cap) {
          skipped.push({
            alternative: 'ram',
            mountPoint: null,
            reason: 'no-room',
            detail: `the restore (${bytes(ramNeed)} with slack${f.archiveInRamBytes ? ' and the archive' : ''}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`,
          });
        } else if (mount.via !== 'none') {
          ramVia = 'own-tmpfs';
          targets.push({ alternative: 'ram', mountPoint: null });
        } else if (f.shm && hasRoom(f.shm, need)) {
          ramVia = 'shm';
          targets.push({ alternative: 'ram', mountPoint: f.shm.mountPoint });
        } else if (f.shm) {
          skipped.push({
            alternative: 'ram',
            mountPoint: f.shm.mountPoint,
            reason: 'no-room',
            detail: `${f.shm.mountPoint} has ${bytes(f.shm.freeBytes ?? 0)} free, the restore needs ${bytes(need)}; a tmpfs of its own cannot be mounted: ${mount.reason}`,
          });
        } else {
          skipped.push(noPermission('ram', null, 'mount', mount, 'there is no /dev/shm tmpfs to extract into'));
        }
        break;
      }
      case 'other-disk': {
        if (f.otherDisks.length === 0) {
          skipped.push({
            alternative: 'other-disk',
            mountPoint: null,
            reason: 'no-such-file-system',
            detail: `no other local, block-backed, writable file system is mounted (of ${f.otherMountsSeen} other mounts)`,
          });
          break;
        }
        // The step it measures bind-mounts each restore path from the other disk (fix-step.ts).
        if (f.privileges.mount.via === 'none') {
          const disks = f.otherDisks.map((d) => d.mountPoint).join(', ');
          skipped.push(noPermission('other-disk', null, 'mount', f.privileges.mount, `each restore path is bind-mounted from the other disk (${disks})`));
          break;
        }
        for (const disk of f.otherDisks) {
          if (!hasRoom(disk, need))
            skipped.push({
              alternative: 'other-disk',
              mountPoint: disk.mountPoint,
              reason: 'no-room',
              detail: `${disk.mountPoint} (${disk.fsType}) has ${bytes(disk.freeBytes ?? 0)} free, the restore needs ${bytes(need)}`,
            });
          else if (disk.writable === false && f.privileges.files.via === 'none')
            skipped.push(noPermission('other-disk', disk.mountPoint, 'files', f.privileges.files, `this user cannot make a directory in ${disk.mountPoint}`));
          else targets.push({ alternative: 'other-disk', mountPoint: disk.mountPoint });
        }
        break;
      }
      case 'page-cache': {
        const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
        if (!f.dirtySysctlsReadable) {
          skipped.push({
            alternative: 'page-cache',
            mountPoint: null,
            reason: 'no-such-file-system',
            detail: 'there is no /proc/sys/vm/dirty_* here to raise',
          });
        } else if (f.privileges.sysctl.via === 'none') {
          skipped.push(noPermission('page-cache', null, 'sysctl', f.privileges.sysctl, 'the page-cache experiment raises vm.dirty_bytes'));
        } else if (cap === null || f.extractedBytes > cap) {
          skipped.push({
            alternative: 'page-cache',
            mountPoint: null,
            reason: 'no-room',
            detail:
              cap === null
                ? 'the available memory is unknown (no /proc/meminfo)'
                : `the restore (${bytes(f.extractedBytes)}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`,
          });
        } else if (f.dirtyBudget && holdsTarget(f.dirtyBudget, dirtyBytesFor(f.extractedBytes))) {
          skipped.push({
            alternative: 'page-cache',
            mountPoint: null,
            reason: 'already-fits',
            detail: `the page cache already holds the restore: vm.dirty_* allow ${bytes(f.dirtyBudget.dirtyBytes)} (background writeback from ${bytes(f.dirtyBudget.backgroundBytes)}), the restore is ${bytes(f.extractedBytes)}; raising them changes nothing here`,
          });
        } else {
          targets.push({ alternative: 'page-cache', mountPoint: f.restoreFs.mountPoint });
        }
        break;
      }
    }
  }
  return { targets, skipped, ramVia };
}
