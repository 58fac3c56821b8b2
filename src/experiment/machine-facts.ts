/**
 * The facts availability() decides on, read from this machine: privileges, available memory, the
 * restore path's file system, /dev/shm, and the other local, block-backed, writable file systems
 * (from /proc/self/mountinfo). IO edge.
 */
import { accessSync, constants, readFileSync, statfsSync } from 'node:fs';
import type { FileSystemRoom, MachineFacts } from './availability.js';
import { readCgroupMemoryRoom } from '../sample/cgroup.js';
import { findMount, parseMountinfo, type MountEntry } from '../sample/parse-mountinfo.js';
import { nearestExisting, resolveDevices } from '../sample/devices.js';
import { readText } from '../sample/read-file.js';
import { DIRTY_SYSCTLS, type DirtySettings } from '../system/dirty-limits.js';
import type { Privileges } from '../system/privilege.js';
import { dirtyableBytes, effectiveDirtyBudget, type DirtyBudget } from './dirty-budget.js';

/** File systems that live on a local block device and take ordinary files. */
const LOCAL_BLOCK_FS = new Set(['ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'f2fs', 'jfs', 'reiserfs', 'bcachefs']);
/** Mount points that are no place for a restore even when writable. */
const NOT_FOR_DATA = /^\/(boot|efi|snap)(\/|$)/;

export function memAvailableBytes(procRoot = '/proc'): number | null {
  const text = readText(`${procRoot}/meminfo`);
  const m = text ? /^MemAvailable:\s+(\d+)\s*kB/m.exec(text) : null;
  return m?.[1] ? Number(m[1]) * 1024 : null;
}

export interface AvailableMemory {
  /** The smaller of MemAvailable and the cgroup's room; null when neither is known. */
  bytes: number | null;
  /** The cgroup's limit and room, when that is the smaller (a `docker --memory` or Kubernetes runner). */
  cgroup: { limitBytes: number; roomBytes: number } | null;
}

/** The smaller of two figures where either may be unknown. Pure. */
export function smallerMemory(memAvailable: number | null, cgroupRoom: { limitBytes: number; roomBytes: number } | null): AvailableMemory {
  if (cgroupRoom && (memAvailable === null || cgroupRoom.roomBytes < memAvailable)) return { bytes: cgroupRoom.roomBytes, cgroup: cgroupRoom };
  return { bytes: memAvailable, cgroup: null };
}

/**
 * The memory the experiments may size RAM by (the archive in RAM, the tmpfs, the RAM share): the host's
 * MemAvailable, or the room under this job's cgroup memory limit where that is less, so a container
 * runner is not OOM-killed mid-experiment. The sampler's cgroup reader (sample/cgroup.ts) finds the group.
 */
export function availableMemory(procRoot = '/proc'): AvailableMemory {
  const room = readCgroupMemoryRoom({ procRoot });
  return smallerMemory(memAvailableBytes(procRoot), room ? { limitBytes: room.limitBytes, roomBytes: room.roomBytes } : null);
}

/** The vm.dirty_* limits in force (dirty-budget.ts), or null when a sysctl or /proc/meminfo cannot be read. */
export function readDirtyBudget(procRoot = '/proc'): DirtyBudget | null {
  const settings = {} as DirtySettings;
  for (const name of DIRTY_SYSCTLS) {
    const value = Number(readText(`${procRoot}/sys/vm/${name}`) ?? Number.NaN);
    if (!Number.isFinite(value)) return null;
    settings[name] = value;
  }
  const meminfo = readText(`${procRoot}/meminfo`);
  return effectiveDirtyBudget(settings, meminfo ? dirtyableBytes(meminfo) : null);
}

export function freeBytes(path: string): number | null {
  try {
    const s = statfsSync(path);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

function room(m: MountEntry): FileSystemRoom {
  return { mountPoint: m.mountPoint, fsType: m.fsType, freeBytes: freeBytes(m.mountPoint) };
}

function writableByUs(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The top-level block device a path's file system sits on (a partition's whole disk), or null. */
function diskOf(path: string): string | null {
  try {
    return resolveDevices({ restorePath: path }).devices.find((d) => d.primary)?.name ?? null;
  } catch {
    return null;
  }
}

interface FactsRequest {
  privileges: Privileges;
  restorePath: string;
  extractedBytes: number;
  /** What one run extracts where it is less than the restore (a sample's size); the restore's otherwise. */
  runBytes?: number;
  archiveInRamBytes: number;
  /** Mount points to consider as other disks besides those found (a loop disk is skipped otherwise: it is a file on another disk). */
  extraOtherDisks?: readonly string[];
}

export function readMachineFacts(r: FactsRequest): MachineFacts {
  let mounts: MountEntry[] = [];
  try {
    mounts = parseMountinfo(readFileSync('/proc/self/mountinfo', 'utf8'));
  } catch {
    // No /proc: only the restore path's own file system is known.
  }
  const restoreExisting = nearestExisting(r.restorePath);
  const restoreMount = findMount(mounts, restoreExisting);
  const restoreFs: FileSystemRoom = restoreMount
    ? room(restoreMount)
    : { mountPoint: restoreExisting, fsType: 'unknown', freeBytes: freeBytes(restoreExisting) };
  const shmMount = mounts.filter((m) => m.mountPoint === '/dev/shm' && m.fsType === 'tmpfs').pop();
  const restoreDisk = diskOf(restoreExisting);
  const extra = new Set(r.extraOtherDisks ?? []);
  const seen = new Set<string>([restoreMount?.devNumber ?? '']);
  const otherDisks: FileSystemRoom[] = [];
  for (const m of [...mounts].sort((a, b) => a.mountPoint.length - b.mountPoint.length)) {
    if (seen.has(m.devNumber)) continue;
    const wanted = extra.has(m.mountPoint);
    const eligible =
      wanted ||
      (LOCAL_BLOCK_FS.has(m.fsType) &&
        m.source.startsWith('/dev/') &&
        !m.source.startsWith('/dev/loop') &&
        m.root === '/' &&
        !m.mountOptions.split(',').includes('ro') &&
        !NOT_FOR_DATA.test(m.mountPoint));
    if (!eligible) continue;
    seen.add(m.devNumber);
    // Another partition of the same disk is the same disk.
    if (!wanted && restoreDisk !== null && diskOf(m.mountPoint) === restoreDisk) continue;
    otherDisks.push({ ...room(m), writable: writableByUs(m.mountPoint) });
  }
  let dirtySysctlsReadable = true;
  try {
    readFileSync('/proc/sys/vm/dirty_bytes', 'utf8');
  } catch {
    dirtySysctlsReadable = false;
  }
  const memory = availableMemory();
  return {
    privileges: r.privileges,
    memAvailableBytes: memory.bytes,
    cgroupMemory: memory.cgroup,
    extractedBytes: r.extractedBytes,
    runBytes: r.runBytes ?? r.extractedBytes,
    archiveInRamBytes: r.archiveInRamBytes,
    restoreFs,
    shm: shmMount ? room(shmMount) : null,
    otherDisks,
    dirtySysctlsReadable,
    dirtyBudget: dirtySysctlsReadable ? readDirtyBudget() : null,
    otherMountsSeen: Math.max(0, mounts.length - 1),
  };
}
