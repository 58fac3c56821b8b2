/**
 * Which block devices serve the restore paths and the archive temp dir (IO edge: stat, /sys, mountinfo).
 * A path is followed down to the devices whose /proc/diskstats lines will show its I/O: overlay →
 * its upper layer's file system, bind mount → the file system it binds from (mount-source.ts), then
 * partition → whole disk, dm/md → slaves, loop → backing file's device. Every restore path is
 * resolved, so every file system the restore writes is sampled.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statfsSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { BlockDeviceInfo, BlockDeviceKind, FileSystemInfo, MountResolution } from '../profile/schema.js';
import { nearestExistingPath } from '../util/nearest-existing.js';
import { resolveMountSource, type MountView } from './mount-source.js';
import { findMount, isBlockDevNumber, type MountEntry, overlayLayers, parseMountinfo } from './parse-mountinfo.js';
import { readNumber, readText } from './read-file.js';

export type DeviceRole = BlockDeviceInfo['roles'][number];

export interface DeviceResolution {
  devices: BlockDeviceInfo[];
  fileSystems: FileSystemInfo[];
  /** Set when the restore path has no block device under it (tmpfs, overlay, network fs, no /sys). */
  noBlockDeviceReason?: string;
  /** The mounts read to resolve them (the fingerprint takes its file system and other local disk from these). */
  mounts?: readonly MountEntry[];
  /** What /sys/block said of each device found, by name (the fingerprint's disks are these). */
  diskFacts?: ReadonlyMap<string, DiskFacts>;
}

/** What /sys/block/<name> says of a disk: read once by the resolution, for its device record and the fingerprint. */
export interface DiskFacts {
  model?: string;
  vendor?: string;
  dmName?: string;
  queue: ReturnType<typeof readBlockQueue>;
  logicalBlockBytes?: number;
  physicalBlockBytes?: number;
  /** The devices a dm or md device is built on, in directory order. */
  slaves: string[];
}

export interface ResolveOptions {
  procRoot?: string;
  sysRoot?: string;
  /**
   * A path with symlinks resolved when it exists in this mount namespace, else null (default: the
   * real file system). Fixture trees of another machine's mounts pass their own.
   */
  realPath?: (path: string) => string | null;
  /** The mounts, when the caller read mountinfo already (the pipeline reads it once per profile); else read here. */
  mounts?: readonly MountEntry[];
}

export interface ResolvePaths {
  /** The restore's directories (restoreRoots); the first is primary until the bytes say otherwise. */
  restorePaths?: readonly string[];
  /** One restore path (older callers). */
  restorePath?: string;
  archiveTemp?: string;
}

/** Filesystems that live in memory or on the network: no block device to count I/O on. */
const NO_BLOCK_FS = new Map<string, string>([
  ['tmpfs', 'memory (tmpfs)'],
  ['ramfs', 'memory (ramfs)'],
  ['nfs', 'the network (NFS)'],
  ['nfs4', 'the network (NFS)'],
  ['cifs', 'the network (SMB/CIFS)'],
  ['smb3', 'the network (SMB)'],
  ['9p', 'a 9p share (VM or WSL host filesystem)'],
  ['virtiofs', 'a virtiofs share (VM host filesystem)'],
  ['ceph', 'the network (CephFS)'],
]);

/** Linux dev_t split, as glibc's major()/minor() do. */
export function splitDevT(dev: bigint): { major: number; minor: number } {
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
  const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
  return { major: Number(major), minor: Number(minor) };
}

/** The path itself, or its nearest existing ancestor (the restore path may not exist yet), links resolved. */
export function nearestExisting(path: string): string {
  return realpathSync(nearestExistingPath(path));
}

/** "none [mq-deadline] kyber" → "mq-deadline"; a lone name (no brackets) is taken as is. */
export function activeScheduler(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const bracketed = /\[([^\]]+)\]/.exec(text);
  return bracketed?.[1] ?? (text.includes(' ') ? undefined : text);
}

/** This process's mounts (procRoot/self/mountinfo); none where it cannot be read. */
export function readMounts(procRoot: string): MountEntry[] {
  return parseMountinfo(readText(`${procRoot}/self/mountinfo`) ?? '');
}

/** This process's mounts, or null where mountinfo cannot be read (the cgroup reader tells the two apart). */
export function readMountinfo(procRoot: string): MountEntry[] | null {
  try {
    return parseMountinfo(readFileSync(`${procRoot}/self/mountinfo`, 'utf8'));
  } catch {
    return null;
  }
}

/** What /sys/block/<name> (dir) says of a disk's queue and size; each absent where not visible. */
export function readBlockQueue(dir: string): { rotational?: boolean; scheduler?: string; queueDepth?: number; sizeBytes?: number } {
  const out: { rotational?: boolean; scheduler?: string; queueDepth?: number; sizeBytes?: number } = {};
  const rotational = readNumber(`${dir}/queue/rotational`);
  if (rotational !== undefined) out.rotational = rotational === 1;
  const scheduler = activeScheduler(readText(`${dir}/queue/scheduler`));
  if (scheduler) out.scheduler = scheduler;
  const queueDepth = readNumber(`${dir}/queue/nr_requests`);
  if (queueDepth !== undefined) out.queueDepth = queueDepth;
  const sectors = readNumber(`${dir}/size`);
  if (sectors !== undefined) out.sizeBytes = sectors * 512;
  return out;
}

/** The devices a dm or md device is built on (/sys/block/<name>/slaves), in directory order; none for others. */
export function slavesOf(dir: string): string[] {
  try {
    return readdirSync(`${dir}/slaves`);
  } catch {
    // Not dm/md: no slaves directory.
    return [];
  }
}

/** /sys/block/<name> (dir): model, vendor, dm name, queue, block sizes and slaves; each absent where not visible. */
export function readDiskFacts(dir: string): DiskFacts {
  const facts: DiskFacts = { queue: readBlockQueue(dir), slaves: slavesOf(dir) };
  const set = <K extends keyof DiskFacts>(key: K, value: DiskFacts[K] | undefined) => {
    if (value !== undefined) facts[key] = value;
  };
  set('model', readText(`${dir}/device/model`));
  set('vendor', readText(`${dir}/device/vendor`));
  set('dmName', readText(`${dir}/dm/name`));
  set('logicalBlockBytes', readNumber(`${dir}/queue/logical_block_size`));
  set('physicalBlockBytes', readNumber(`${dir}/queue/physical_block_size`));
  return facts;
}

interface Node {
  name: string;
  devNumber: string;
  /** How we reached this device from the path's device. */
  chain: string[];
  /** Position in the chain where the filesystem's I/O is counted (kept primary). */
  topLevel: boolean;
  kind: BlockDeviceKind;
  /** Names of the devices directly below. */
  below: string[];
}

function realPathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** The nearest ancestor (or the path itself) that exists, resolved. */
function nearestVisible(path: string, realPath: (p: string) => string | null): string {
  let p = path;
  for (;;) {
    const real = realPath(p);
    if (real !== null) return real;
    const up = dirname(p);
    if (up === p) return p;
    p = up;
  }
}

class SysBlock {
  constructor(
    private readonly sysRoot: string,
    private readonly backingDevice: (file: string) => string | undefined,
  ) {}

  available(): boolean {
    return existsSync(`${this.sysRoot}/dev/block`);
  }

  /** /sys/block/<name> directory of a device number, resolved through the /sys/dev/block symlink. */
  dirOf(devNumber: string): string | undefined {
    try {
      return realpathSync(`${this.sysRoot}/dev/block/${devNumber}`);
    } catch {
      return undefined;
    }
  }

  /**
   * Devices under `devNumber`, depth first. The first node is the device the filesystem sits on
   * (or the whole disk of a partition); the rest are what it is built on.
   */
  walk(devNumber: string, chain: string[], seen: Set<string>, depth = 0): Node[] {
    const dir = this.dirOf(devNumber);
    if (!dir || seen.has(devNumber) || depth > 8) return [];
    seen.add(devNumber);
    let name = basename(dir);
    let diskDir = dir;
    let diskDev = devNumber;
    const here = [...chain];
    if (existsSync(`${dir}/partition`)) {
      here.push(`${name} (partition)`);
      diskDir = dirname(dir);
      name = basename(diskDir);
      diskDev = readText(`${diskDir}/dev`) ?? devNumber;
      seen.add(diskDev);
    }
    here.push(name);
    const kind: BlockDeviceKind = existsSync(`${diskDir}/dm`) ? 'dm' : existsSync(`${diskDir}/md`) ? 'md' : existsSync(`${diskDir}/loop`) ? 'loop' : 'disk';
    const top: Node = { name, devNumber: diskDev, chain: here, topLevel: depth === 0, kind, below: [] };
    const nodes: Node[] = [top];

    for (const slave of slavesOf(diskDir)) {
      const slaveDev = readText(`${diskDir}/slaves/${slave}/dev`);
      if (slaveDev) this.below(top, nodes, this.walk(slaveDev, here, seen, depth + 1));
    }

    const backing = readText(`${diskDir}/loop/backing_file`);
    if (backing) {
      const file = backing.replace(/ \(deleted\)$/, '');
      const dev = this.backingDevice(file);
      // Backing file's disk unknown: the loop device alone is still measurable.
      if (dev) this.below(top, nodes, this.walk(dev, [...here, `backing file ${file}`], seen, depth + 1));
    }
    return nodes;
  }

  private below(top: Node, nodes: Node[], sub: Node[]): void {
    if (sub[0]) top.below.push(sub[0].name);
    nodes.push(...sub);
  }

  facts(node: Node): DiskFacts {
    return readDiskFacts(`${this.sysRoot}/block/${node.name}`);
  }

  describe(node: Node, facts: DiskFacts): Omit<BlockDeviceInfo, 'roles' | 'primary'> {
    const info: Omit<BlockDeviceInfo, 'roles' | 'primary'> = { name: node.name, devNumber: node.devNumber, chain: node.chain, kind: node.kind };
    if (node.below.length > 0) info.below = node.below;
    const model = facts.model || facts.dmName || driverOf(readText(`${this.sysRoot}/block/${node.name}/device/uevent`));
    if (model) info.model = model;
    return Object.assign(info, facts.queue);
  }
}

function driverOf(uevent: string | undefined): string | undefined {
  return uevent ? /^DRIVER=(.+)$/m.exec(uevent)?.[1] : undefined;
}

function fileSystemInfo(path: string, existing: string, mount: MountEntry | null, resolution: MountResolution | null): FileSystemInfo {
  const info: FileSystemInfo = {
    path,
    mountPoint: mount?.mountPoint ?? '',
    fsType: mount?.fsType ?? 'unknown',
    mountOptions: mount?.mountOptions ?? '',
    source: mount?.source ?? '',
  };
  if (resolution) info.resolution = resolution;
  try {
    const s = statfsSync(existing);
    info.totalBytes = s.blocks * s.bsize;
    // bavail, not bfree: what a non-root writer (the restore) can actually use.
    info.freeBytes = s.bavail * s.bsize;
  } catch {
    // statfs unsupported (old Node, odd fs): sizes stay unknown.
  }
  return info;
}

/**
 * The device number of the file system's block device: mountinfo's (the superblock's), else the
 * path's st_dev; btrfs and the like report an anonymous 0:N, so then the source's rdev.
 */
function blockDevNumber(existing: string, mount: MountEntry | null, fromMountinfo: string | undefined): string | undefined {
  if (fromMountinfo && isBlockDevNumber(fromMountinfo)) return fromMountinfo;
  try {
    const { major, minor } = splitDevT(statSync(existing, { bigint: true }).dev);
    if (major !== 0) return `${major}:${minor}`;
  } catch {
    // Not visible here (a fixture tree of another machine): the source is the last lead.
  }
  if (mount?.source.startsWith('/dev/')) {
    try {
      const st = statSync(mount.source, { bigint: true });
      if (st.isBlockDevice()) {
        const rdev = splitDevT(st.rdev);
        return `${rdev.major}:${rdev.minor}`;
      }
    } catch {
      // Source not visible in this mount namespace.
    }
  }
  return undefined;
}

export function resolveDevices(paths: ResolvePaths, options: ResolveOptions = {}): DeviceResolution {
  const procRoot = options.procRoot ?? '/proc';
  const realPath = options.realPath ?? realPathOrNull;
  const mounts = options.mounts ?? readMounts(procRoot);
  const view: MountView = { mounts, realPath };
  const backingDevice = (file: string): string | undefined => {
    const m = findMount(mounts, file);
    if (m && m.fsType !== 'overlay' && isBlockDevNumber(m.devNumber)) return m.devNumber;
    try {
      const { major, minor } = splitDevT(statSync(file, { bigint: true }).dev);
      return major === 0 ? undefined : `${major}:${minor}`;
    } catch {
      return undefined;
    }
  };
  const sys = new SysBlock(options.sysRoot ?? '/sys', backingDevice);

  const restorePaths = paths.restorePaths && paths.restorePaths.length > 0 ? paths.restorePaths : paths.restorePath ? [paths.restorePath] : [];
  const roles: [DeviceRole, string][] = restorePaths.map((p) => ['restore-path', p]);
  if (paths.archiveTemp) roles.push(['archive-temp', paths.archiveTemp]);

  const devices: BlockDeviceInfo[] = [];
  const fileSystems: FileSystemInfo[] = [];
  const diskFacts = new Map<string, DiskFacts>();
  let noBlockDeviceReason: string | undefined;
  let primarySet = false;

  for (const [role, path] of roles) {
    const existing = nearestVisible(path, realPath);
    const mount = findMount(mounts, existing);
    const reason = noBlockReason(path, existing, mount, sys);
    const resolution = mount && !reason ? resolveMountSource(mount, view) : null;
    fileSystems.push(fileSystemInfo(path, existing, mount, resolution ?? (reason ? { method: 'not-measured', detail: reason } : null)));

    let nodes: Node[] = [];
    const unresolved = resolution?.method === 'not-measured' ? `${path} is on ${resolution.detail}` : undefined;
    if (!reason && !unresolved) {
      const devNumber = blockDevNumber(existing, mount, resolution?.devNumber);
      if (devNumber) nodes = sys.walk(devNumber, chainStart(mount, resolution), new Set());
    }
    const why =
      reason ??
      unresolved ??
      (nodes.length === 0 ? `${path} is on ${mount ? `${mount.fsType} (${mount.source})` : 'a filesystem'} with no block device in /sys/dev/block` : undefined);
    // Said when no restore path could be measured; one measured path is enough to judge on.
    if (role === 'restore-path' && why && noBlockDeviceReason === undefined) noBlockDeviceReason = why;
    if (why && fileSystems.at(-1)?.resolution?.method !== 'not-measured') {
      (fileSystems.at(-1) as FileSystemInfo).resolution = { method: 'not-measured', detail: why };
    }

    for (const node of nodes) {
      let device = devices.find((d) => d.name === node.name);
      if (!device) {
        const facts = sys.facts(node);
        diskFacts.set(node.name, facts);
        device = { ...sys.describe(node, facts), roles: [], primary: false };
        devices.push(device);
      }
      if (!device.roles.includes(role)) device.roles.push(role);
      if (!node.topLevel) continue;
      device.topFor = [...new Set([...(device.topFor ?? []), role])];
      if (role === 'restore-path') {
        device.restorePaths = [...new Set([...(device.restorePaths ?? []), path])];
        if (!primarySet) {
          device.primary = true;
          primarySet = true;
          if (restorePaths.length > 1) device.primaryBecause = 'the first restore path (before the restore said which device got most bytes)';
        }
      }
    }
  }
  if (primarySet) noBlockDeviceReason = undefined;
  // Primary first: the sampler's and the judge's device index 0.
  devices.sort((a, b) => Number(b.primary) - Number(a.primary));
  const result: DeviceResolution = { devices, fileSystems, mounts, diskFacts };
  if (noBlockDeviceReason) result.noBlockDeviceReason = noBlockDeviceReason;
  return result;
}

/** The step before the device in a path's chain, when it is not a plain mount: the overlay's upper layer, the bind mount's root. */
function chainStart(mount: MountEntry | null, resolution: MountResolution | null): string[] {
  if (!mount || !resolution) return [];
  if (resolution.method === 'bind-mount') return [`bind mount of ${mount.root}`];
  const upper = mount.fsType === 'overlay' ? overlayLayers(mount.superOptions).upperDir : undefined;
  if (resolution.method === 'overlay-upper') return [`overlay upper layer ${upper}`];
  if (resolution.method === 'overlay-upper-inferred') return [`overlay upper layer ${upper} (inferred)`];
  return [];
}

function noBlockReason(path: string, existing: string, mount: MountEntry | null, sys: SysBlock): string | undefined {
  if (!mount) return `no mount found for ${existing} (no /proc/self/mountinfo on this system)`;
  const where = NO_BLOCK_FS.get(mount.fsType);
  if (where) return `${path} is on ${where}, mounted at ${mount.mountPoint}: no block device to measure`;
  if (mount.fsType.startsWith('fuse')) {
    return `${path} is on a FUSE filesystem (${mount.fsType}, ${mount.source}) mounted at ${mount.mountPoint}: its storage is not a block device the kernel counts`;
  }
  if (!sys.available()) return 'no /sys/dev/block on this system, so block devices cannot be identified';
  return undefined;
}
