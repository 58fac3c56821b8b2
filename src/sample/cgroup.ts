/**
 * The runner's own cgroup (IO edge): where each controller of this process is, from
 * /proc/self/cgroup and /proc/self/mountinfo (v1 hierarchies, the v2 unified one, or both in hybrid
 * mode), and the limits it runs under: the tightest CPU quota of its group and the visible parents,
 * cpuset, memory limit and I/O caps. In a container job or a Kubernetes runner pod the whole step
 * runs under these; os.cpus() and /proc/meminfo show the host. Never throws: what cannot be read is
 * listed in `notRead` with the reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CgroupCpuCounters, CgroupLimits } from '../profile/schema.js';
import {
  BLKIO_THROTTLE_FILES,
  type CgroupMembership,
  cpuStatV1,
  cpuStatV2,
  cpusetCount,
  type IoLimit,
  MEMORY_USAGE_FILES,
  parseBlkioThrottle,
  parseCfsQuota,
  parseCpuMax,
  parseIoMax,
  parseMemoryLimit,
  parseProcCgroup,
  tightestIoLimits,
  workingSetBytes,
} from './parse-cgroup.js';
import { type MountEntry, parseMountinfo } from './parse-mountinfo.js';

export interface CgroupReadOptions {
  /** Where /proc is (its self/cgroup and self/mountinfo are read); default '/proc'. */
  procRoot?: string;
  /** Prefix for the mount points mountinfo names, so a fixture tree can stand in for '/'; default '/'. */
  root?: string;
  /** The mounts when the caller read mountinfo already (null: it could not be read); absent: read here. */
  mounts?: readonly MountEntry[] | null;
}

/** The files the sampler re-reads for the CPU counters of the group that holds the quota. */
export interface CgroupCpuFiles {
  version: 1 | 2;
  /** cpu.stat of that group. */
  stat: string;
  /** v1 only: cpuacct.usage (ns) of the same group, where the cpuacct hierarchy is mounted. */
  usage?: string;
}

export interface CgroupReading {
  limits: CgroupLimits;
  cpuFiles: CgroupCpuFiles | null;
}

type Read = { text: string } | { error: string };

function tryRead(file: string): Read {
  try {
    return { text: readFileSync(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { error: `${file}: ${code}` };
  }
}

const textOf = (r: Read): string | null => ('text' in r ? r.text : null);

/** Why the group's own copy of a file could not be read: ENOENT (controller not enabled), EACCES... */
function whyNot(dir: string | undefined, file: string): string {
  if (dir === undefined) return 'no group';
  const r = tryRead(path.join(dir, file));
  return 'error' in r ? r.error.slice(r.error.lastIndexOf(': ') + 2) : 'unexpected content';
}

/** A controller's directory for this process, and its visible ancestors up to the mount, leaf first. */
interface Located {
  version: 1 | 2;
  path: string;
  /** Leaf first, the hierarchy's mount point last. */
  levels: string[];
  /** The same levels as cgroup paths. */
  groups: string[];
}

function locate(controller: string, memberships: readonly CgroupMembership[], mounts: readonly MountEntry[], root: string, notes: string[]): Located | null {
  const v1 = memberships.find((m) => m.hierarchyId !== 0 && m.controllers.includes(controller));
  if (v1) {
    const mount = mounts.find((e) => e.fsType === 'cgroup' && e.superOptions.split(',').includes(controller));
    if (!mount) {
      notes.push(`${controller}: in a v1 hierarchy (${v1.path}) that is not mounted here`);
      return null;
    }
    return { version: 1, path: v1.path, ...levelsOf(mount, v1.path, root, controller, notes) };
  }
  const unified = memberships.find((m) => m.hierarchyId === 0);
  const mount = mounts.find((e) => e.fsType === 'cgroup2');
  if (unified && mount) return { version: 2, path: unified.path, ...levelsOf(mount, unified.path, root, controller, notes) };
  return null;
}

function levelsOf(mount: MountEntry, cgroupPath: string, root: string, controller: string, notes: string[]): { levels: string[]; groups: string[] } {
  const top = path.join(root, mount.mountPoint);
  let rel: string;
  if (cgroupPath.split('/').includes('..')) {
    // A group outside this cgroup namespace's root (/proc/self/cgroup says /../…): not visible here.
    notes.push(`${controller}: group ${cgroupPath} is outside this cgroup namespace; read at ${mount.mountPoint}`);
    rel = '/';
  } else if (mount.root === '/') rel = cgroupPath;
  else if (cgroupPath === mount.root || cgroupPath.startsWith(`${mount.root}/`)) rel = cgroupPath.slice(mount.root.length);
  else {
    // The mount shows another part of the tree (a cgroup namespace seen from outside): only its top is known.
    notes.push(`${controller}: group ${cgroupPath} is outside the mounted part ${mount.root}; read at ${mount.mountPoint}`);
    rel = '/';
  }
  const levels: string[] = [];
  const groups: string[] = [];
  for (let dir = path.join(top, rel); ; dir = path.dirname(dir)) {
    levels.push(dir);
    groups.push(path.posix.join(mount.root, path.relative(top, dir)));
    if (dir === top || dir.length <= top.length) break;
  }
  return { levels, groups };
}

interface Quota {
  cores: number;
  periodUs: number;
  level: number;
}

function quotaAt(located: Located, level: number, why: string[]): Quota | null | undefined {
  const dir = located.levels[level] as string;
  if (located.version === 2) {
    const r = tryRead(path.join(dir, 'cpu.max'));
    const text = textOf(r);
    if (text === null) return undefined;
    const parsed = parseCpuMax(text);
    if (!parsed) {
      why.push(`${dir}/cpu.max: unexpected "${text.trim()}"`);
      return undefined;
    }
    return parsed.quotaUs === null ? null : { cores: parsed.quotaUs / parsed.periodUs, periodUs: parsed.periodUs, level };
  }
  const quotaText = textOf(tryRead(path.join(dir, 'cpu.cfs_quota_us')));
  const periodText = textOf(tryRead(path.join(dir, 'cpu.cfs_period_us')));
  if (quotaText === null || periodText === null) return undefined;
  const quotaUs = parseCfsQuota(quotaText);
  const periodUs = Number(periodText.trim());
  if (quotaUs === undefined || !(periodUs > 0)) return undefined;
  return quotaUs === null ? null : { cores: quotaUs / periodUs, periodUs, level };
}

/** The tightest quota of the group and its visible parents; a parent's quota holds its children too. */
function tightestQuota(located: Located, notRead: string[]): { quota: Quota | null; periodUs: number | null } {
  let quota: Quota | null = null;
  let leafPeriodUs: number | null = null;
  let seen = false;
  const why: string[] = [];
  for (let level = 0; level < located.levels.length; level++) {
    const q = quotaAt(located, level, why);
    if (q === undefined) continue;
    seen = true;
    if (q && (!quota || q.cores < quota.cores)) quota = q;
    if (leafPeriodUs === null && q) leafPeriodUs = q.periodUs;
  }
  if (!seen) {
    const file = located.version === 2 ? 'cpu.max' : 'cpu.cfs_quota_us';
    notRead.push(
      `cpu quota: no readable ${file} in ${located.levels[0]} or its visible parents (${whyNot(located.levels[0], file)}${located.version === 2 ? ': the cpu controller is not enabled for this group' : ''})`,
    );
  }
  notRead.push(...why);
  return { quota, periodUs: quota?.periodUs ?? leafPeriodUs };
}

function firstReadable(located: Located, files: readonly string[]): { text: string; file: string } | null {
  for (const dir of located.levels) {
    for (const file of files) {
      const text = textOf(tryRead(path.join(dir, file)));
      if (text !== null && text.trim() !== '') return { text, file: path.join(dir, file) };
    }
  }
  return null;
}

/** A level's memory limit: a number, null for none, undefined when its file cannot be read. */
function memoryLimitAt(located: Located, level: number): number | null | undefined {
  const text = textOf(tryRead(path.join(located.levels[level] as string, MEMORY_USAGE_FILES[located.version].limit)));
  return text === null ? undefined : parseMemoryLimit(text);
}

function memoryLimit(located: Located | null, notRead: string[]): number | null {
  if (!located) {
    notRead.push('memory limit: the memory controller is not mounted');
    return null;
  }
  const file = MEMORY_USAGE_FILES[located.version].limit;
  let limit: number | null = null;
  let seen = false;
  for (let level = 0; level < located.levels.length; level++) {
    const value = memoryLimitAt(located, level);
    if (value === undefined) continue;
    seen = true;
    if (value !== null) limit = Math.min(limit ?? Infinity, value);
  }
  if (!seen) notRead.push(`memory limit: no readable ${file} in ${located.levels[0]} or its visible parents (${whyNot(located.levels[0], file)})`);
  return limit;
}

/** The room under the tightest memory limit of this process's group and its visible parents. */
export interface CgroupMemoryRoom {
  /** The group whose limit leaves the least room. */
  group: string;
  limitBytes: number;
  /** Its working set (parse-cgroup.ts workingSetBytes); null when its usage could not be read (the room is then the whole limit). */
  workingSetBytes: number | null;
  roomBytes: number;
}

function roomAt(located: Located, level: number): CgroupMemoryRoom | null {
  const limit = memoryLimitAt(located, level);
  if (typeof limit !== 'number') return null;
  const dir = located.levels[level] as string;
  const files = MEMORY_USAGE_FILES[located.version];
  const usage = textOf(tryRead(path.join(dir, files.usage)));
  const workingSet = usage === null ? undefined : workingSetBytes(located.version, usage, textOf(tryRead(path.join(dir, 'memory.stat'))));
  return {
    group: located.groups[level] as string,
    limitBytes: limit,
    workingSetBytes: workingSet ?? null,
    roomBytes: Math.max(0, limit - (workingSet ?? 0)),
  };
}

/**
 * How much more memory this process's cgroup lets it take before reclaim and the OOM killer act: the
 * least room of any level with a limit. Null where no level has one (or there is no memory controller).
 * Read when it is needed (the experiments size their RAM by it), not once: the room changes.
 */
export function readCgroupMemoryRoom(options: CgroupReadOptions = {}): CgroupMemoryRoom | null {
  const found = membershipsAndMounts(options);
  if (!found) return null;
  const located = locate('memory', found.memberships, found.mounts, options.root ?? '/', []);
  if (!located) return null;
  let tightest: CgroupMemoryRoom | null = null;
  for (let level = 0; level < located.levels.length; level++) {
    const room = roomAt(located, level);
    if (room && (!tightest || room.roomBytes < tightest.roomBytes)) tightest = room;
  }
  return tightest;
}

function ioLimits(located: Located | null, notRead: string[]): IoLimit[] {
  if (!located) {
    notRead.push('I/O caps: neither the v1 blkio nor the v2 io controller is mounted');
    return [];
  }
  const levels: IoLimit[][] = [];
  let seen = false;
  for (const dir of located.levels) {
    if (located.version === 2) {
      const text = textOf(tryRead(path.join(dir, 'io.max')));
      if (text === null) continue;
      seen = true;
      levels.push(parseIoMax(text));
      continue;
    }
    const level: IoLimit[] = [];
    for (const [file, field] of Object.entries(BLKIO_THROTTLE_FILES)) {
      const text = textOf(tryRead(path.join(dir, file)));
      if (text === null) continue;
      seen = true;
      for (const { device, value } of parseBlkioThrottle(text)) level.push({ device, [field]: value });
    }
    levels.push(level);
  }
  const ioFile = located.version === 2 ? 'io.max' : 'blkio.throttle.write_bps_device';
  if (!seen)
    notRead.push(
      `I/O caps: no readable ${located.version === 2 ? 'io.max' : 'blkio.throttle.*'} in ${located.levels[0]} or its visible parents (${whyNot(located.levels[0], ioFile)})`,
    );
  return tightestIoLimits(levels);
}

function readMountsOrNull(procRoot: string): MountEntry[] | null {
  const text = textOf(tryRead(path.join(procRoot, 'self/mountinfo')));
  return text === null ? null : parseMountinfo(text);
}

function membershipsAndMounts(options: CgroupReadOptions): { memberships: CgroupMembership[]; mounts: readonly MountEntry[] } | null {
  const procRoot = options.procRoot ?? '/proc';
  const cgroupText = textOf(tryRead(path.join(procRoot, 'self/cgroup')));
  const mounts = options.mounts !== undefined ? options.mounts : readMountsOrNull(procRoot);
  if (cgroupText === null || mounts === null) return null;
  return { memberships: parseProcCgroup(cgroupText), mounts };
}

export function readCgroup(options: CgroupReadOptions = {}): CgroupReading | null {
  const root = options.root ?? '/';
  const found = membershipsAndMounts(options);
  if (!found) return null;
  const { memberships, mounts } = found;
  const notRead: string[] = [];
  const cpu = locate('cpu', memberships, mounts, root, notRead);
  const anyV2 = memberships.some((m) => m.hierarchyId === 0) && mounts.some((m) => m.fsType === 'cgroup2');
  const version = cpu?.version ?? (anyV2 ? 2 : memberships.length > 0 ? 1 : null);
  if (version === null) return null;

  const limits: CgroupLimits = {
    version,
    path: cpu?.path ?? memberships[0]?.path ?? '/',
    cpuQuotaCores: null,
    cpuPeriodUs: null,
    cpusetCpus: null,
    memoryLimitBytes: null,
    ioLimits: [],
  };
  let cpuFiles: CgroupCpuFiles | null = null;
  if (cpu) {
    const { quota, periodUs } = tightestQuota(cpu, notRead);
    limits.cpuQuotaCores = quota ? quota.cores : null;
    limits.cpuPeriodUs = periodUs;
    if (quota && quota.level > 0) limits.cpuQuotaPath = cpu.groups[quota.level];
    // Throttling is counted in the group whose quota binds; usage there includes any siblings.
    const level = quota?.level ?? 0;
    const statDir = cpu.levels[level] as string;
    cpuFiles = { version: cpu.version, stat: path.join(statDir, 'cpu.stat') };
    if (cpu.version === 1) {
      // Only the cpuacct group of the same path counts the same tasks (runtimes name them alike).
      const acct = locate('cpuacct', memberships, mounts, root, []);
      const at = acct?.groups.indexOf(cpu.groups[level] as string) ?? -1;
      const usageDir = at >= 0 ? acct?.levels[at] : undefined;
      if (usageDir) cpuFiles.usage = path.join(usageDir, 'cpuacct.usage');
    }
    if (readCgroupCpu(cpuFiles) === null) {
      notRead.push(`cpu.stat: ${path.join(statDir, 'cpu.stat')} unreadable or without CFS counters`);
      cpuFiles = null;
    } else if (cpu.version === 1 && readCgroupCpu(cpuFiles)?.usageUs === null) {
      notRead.push(`cpu usage: no readable cpuacct.usage for ${cpu.groups[level]} (cpuacct not mounted, or the task is in another cpuacct group)`);
    }
  } else {
    notRead.push('cpu: the cpu controller is not mounted (no v1 cpu hierarchy, no cgroup2 mount)');
  }

  const cpuset = locate('cpuset', memberships, mounts, root, notRead);
  const cpusetFile = cpuset ? firstReadable(cpuset, cpuset.version === 2 ? ['cpuset.cpus.effective'] : ['cpuset.effective_cpus', 'cpuset.cpus']) : null;
  if (cpusetFile) limits.cpusetCpus = cpusetCount(cpusetFile.text);
  else notRead.push(`cpuset: ${cpuset ? `no readable cpuset list in ${cpuset.levels[0]} or its visible parents` : 'the cpuset controller is not mounted'}`);

  limits.memoryLimitBytes = memoryLimit(locate('memory', memberships, mounts, root, notRead), notRead);
  limits.ioLimits = ioLimits(locate('blkio', memberships, mounts, root, notRead) ?? locate('io', memberships, mounts, root, notRead), notRead);
  if (notRead.length > 0) limits.notRead = notRead;
  return { limits, cpuFiles };
}

/** One reading of the group's CFS counters; null when the files cannot be read. */
export function readCgroupCpu(files: CgroupCpuFiles, read: (file: string) => string | null = (f) => textOf(tryRead(f))): CgroupCpuCounters | null {
  const stat = read(files.stat);
  if (stat === null) return null;
  if (files.version === 2) return cpuStatV2(stat);
  return cpuStatV1(stat, files.usage ? read(files.usage) : null);
}
