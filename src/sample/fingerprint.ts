/**
 * The hardware fingerprint: CPU, memory, DMI, kernel, the restore's disks and file system, another
 * local disk, cgroup limits; and a short stable id of the parts that decide the ceilings. A pure
 * function (fingerprintFrom) of what the runner context's and the device resolution's readers read
 * (context.ts readHostFacts, devices.ts readMounts and readDiskFacts), so the profile reads each file
 * once and both say the same of one machine; readFingerprint reads a tree of /proc and /sys with those
 * readers (fixture trees of other machines). Never throws: a missing file is a missing field.
 */
import { createHash } from 'node:crypto';
import type { DiskFingerprint, DiskKind, FileSystemFingerprint, HardwareFingerprint } from '../profile/always-on.js';
import { readHostFacts, type HostFacts } from './context.js';
import { readDiskFacts, readMounts, type DiskFacts } from './devices.js';
import { findMount, type MountEntry } from './parse-mountinfo.js';

export interface FingerprintRoots {
  procRoot?: string;
  sysRoot?: string;
}

export interface FingerprintInput {
  /** Kernel names of the devices under the restore path (Profile.devices with role restore-path). */
  diskNames: string[];
  /** The restore path (or its nearest existing parent): its mount is the file system fingerprinted. */
  restorePath: string | null;
  /** When /proc is not there (or says nothing): node:os figures. */
  fallback: { cpuModel?: string; vcpus: number; memoryBytes: number; kernel?: string };
  /** RunnerContext.cgroup (CgroupLimits); any object, since cgroupLimits keeps only its limit-like leaves. */
  cgroup?: unknown;
}

/** What the fingerprint is made of: the readers' values, nothing read again. */
export interface FingerprintReadings extends Omit<FingerprintInput, 'diskNames'> {
  host: HostFacts;
  /** The mounts the device resolution read (mountinfo). */
  mounts: readonly MountEntry[];
  /** The restore path's disks, each with what /sys/block said of it. */
  disks: readonly { name: string; facts: DiskFacts }[];
}

/** Kinds by kernel name: the naming is the driver's (nvme, sd = SCSI/SATA/SAS, vd = virtio-blk, xvd = Xen). */
export function diskKindOf(name: string): DiskKind {
  if (/^nvme\d/.test(name)) return 'nvme';
  if (/^(sd|hd)[a-z]/.test(name)) return 'scsi';
  if (/^vd[a-z]/.test(name)) return 'virtio';
  if (/^xvd[a-z]/.test(name)) return 'xen';
  if (/^loop\d/.test(name)) return 'loop';
  if (/^dm-\d/.test(name)) return 'dm';
  if (/^md\d/.test(name)) return 'md';
  if (/^mmcblk\d/.test(name)) return 'mmc';
  return 'other';
}

/** The mount options that decide how ext4 (and others) write: data=, commit=, barrier. */
export function writeOptions(options: string): Pick<FileSystemFingerprint, 'data' | 'commitSeconds' | 'barrier'> {
  const out: Pick<FileSystemFingerprint, 'data' | 'commitSeconds' | 'barrier'> = {};
  for (const opt of options.split(',')) {
    const [name, value] = opt.split('=') as [string, string | undefined];
    if (name === 'data' && value) out.data = value;
    else if (name === 'commit' && value !== undefined && /^\d+$/.test(value)) out.commitSeconds = Number(value);
    else if (name === 'nobarrier') out.barrier = false;
    else if (name === 'barrier') out.barrier = value === undefined ? true : value !== '0';
  }
  return out;
}

function diskFingerprint(name: string, facts: DiskFacts): DiskFingerprint {
  const disk: DiskFingerprint = { name, kind: diskKindOf(name) };
  const set = <K extends keyof DiskFingerprint>(key: K, value: DiskFingerprint[K] | undefined) => {
    if (value !== undefined && value !== '') disk[key] = value;
  };
  const queue = facts.queue;
  set('model', facts.model);
  set('vendor', facts.vendor);
  set('rotational', queue.rotational);
  set('logicalBlockBytes', facts.logicalBlockBytes);
  set('physicalBlockBytes', facts.physicalBlockBytes);
  set('queueDepth', queue.queueDepth);
  set('scheduler', queue.scheduler);
  set('sizeBytes', queue.sizeBytes);
  set('dmName', facts.dmName);
  const slaves = [...facts.slaves].sort();
  if (slaves.length > 0) disk.stackedOn = slaves;
  return disk;
}

/** Devices that are no disk worth naming as "another local disk". */
const NOT_A_DISK = /^(loop|ram|zram|sr|fd|nbd)\d*/;

/** The whole disk of a partition's device name: sda1 → sda, nvme0n1p2 → nvme0n1, mmcblk0p1 → mmcblk0. */
export function wholeDiskOf(name: string): string {
  if (/^(nvme\d+n\d+|mmcblk\d+)p\d+$/.test(name)) return name.replace(/p\d+$/, '');
  if (/^(sd|vd|xvd|hd)[a-z]+\d+$/.test(name)) return name.replace(/\d+$/, '');
  return name;
}

function otherLocalDisk(
  mounts: readonly MountEntry[],
  restoreMount: MountEntry | null,
  restoreDisks: readonly string[],
): HardwareFingerprint['otherLocalDisk'] {
  // The hosted runners' temporary disk is at /mnt; other local disks are wherever the image put them.
  // Another partition of a disk the restore uses is not another disk.
  const candidates = mounts.filter(
    (m) =>
      m.source.startsWith('/dev/') &&
      !NOT_A_DISK.test(m.source.slice('/dev/'.length)) &&
      !restoreDisks.includes(wholeDiskOf(m.source.slice('/dev/'.length))) &&
      !m.mountOptions.split(',').includes('ro') &&
      m.devNumber !== restoreMount?.devNumber &&
      !m.mountPoint.startsWith('/boot'),
  );
  const mnt = candidates.find((m) => m.mountPoint === '/mnt') ?? candidates[0];
  return mnt ? { mountPoint: mnt.mountPoint, source: mnt.source, fsType: mnt.fsType } : null;
}

/** Limits only (numbers and words such as "max"), never usage counters, so the id stays stable between runs. */
export function cgroupLimits(cgroup: unknown): Record<string, string | number | boolean | null> | undefined {
  if (typeof cgroup !== 'object' || cgroup === null) return undefined;
  const out: Record<string, string | number | boolean | null> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    const leaf = path.split('.').pop() ?? '';
    if (!/max|limit|quota|period|weight|version/i.test(leaf)) return;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[path] = value as string | number | boolean | null;
  };
  walk(cgroup, '');
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The fingerprint of a tree of /proc and /sys, read with the context's and the device resolution's readers. */
export function readFingerprint(input: FingerprintInput, roots: FingerprintRoots = {}): HardwareFingerprint {
  const procRoot = roots.procRoot ?? '/proc';
  const sysRoot = roots.sysRoot ?? '/sys';
  const { diskNames, ...rest } = input;
  return fingerprintFrom({
    ...rest,
    host: readHostFacts({ procRoot, sysRoot }),
    mounts: readMounts(procRoot),
    disks: diskNames.map((name) => ({ name, facts: readDiskFacts(`${sysRoot}/block/${name}`) })),
  });
}

export function fingerprintFrom(r: FingerprintReadings): HardwareFingerprint {
  const { host, mounts } = r;
  const cpuModel = host.cpuinfo.model ?? r.fallback.cpuModel;
  const kernel = host.kernel ?? r.fallback.kernel;
  const restoreMount = r.restorePath ? findMount(mounts, r.restorePath) : null;

  const fp: Omit<HardwareFingerprint, 'id'> = {
    vcpus: host.cpuinfo.processors || r.fallback.vcpus,
    memoryBytes: host.memTotalBytes ?? r.fallback.memoryBytes,
    disks: r.disks.map((d) => diskFingerprint(d.name, d.facts)),
    fileSystem: restoreMount
      ? {
          mountPoint: restoreMount.mountPoint,
          fsType: restoreMount.fsType,
          source: restoreMount.source,
          ...writeOptions(`${restoreMount.mountOptions},${restoreMount.superOptions}`),
          options: `${restoreMount.mountOptions} ${restoreMount.superOptions}`.trim(),
        }
      : null,
    otherLocalDisk: otherLocalDisk(
      mounts,
      restoreMount,
      r.disks.map((d) => d.name),
    ),
  };
  if (cpuModel) fp.cpuModel = cpuModel;
  if (kernel) fp.kernel = kernel;
  const dmi = host.dmi;
  if (dmi.sysVendor) fp.sysVendor = dmi.sysVendor;
  if (dmi.productName) fp.productName = dmi.productName;
  if (dmi.hypervisorType) fp.hypervisor = dmi.hypervisorType;
  const limits = cgroupLimits(r.cgroup);
  if (limits) fp.cgroupLimits = limits;
  return { id: fingerprintId(fp), ...fp };
}

const GiB = 1024 ** 3;

/**
 * What decides the ceilings: CPU model and count, memory (to the GiB: the kernel reserves a little
 * differently from boot to boot), the machine as DMI names it, each disk's kind, model, vendor,
 * rotation, block sizes, queue depth, scheduler and size (to the GiB: a 145 GB and a 72 GB root disk
 * are different VM sizes), the file system and its write options, whether another local disk exists,
 * and the cgroup limits. Not the kernel version (hosted images update it weekly, and with it the id
 * would change every week while the disk stays the same), not device names or mount points.
 */
function fingerprintIdParts(fp: Omit<HardwareFingerprint, 'id'>): unknown {
  return {
    cpu: [fp.cpuModel ?? null, fp.vcpus],
    memoryGiB: Math.round(fp.memoryBytes / GiB),
    machine: [fp.sysVendor ?? null, fp.productName ?? null, fp.hypervisor ?? null],
    disks: fp.disks.map((d) => [
      d.kind,
      d.model ?? null,
      d.vendor ?? null,
      d.rotational ?? null,
      d.logicalBlockBytes ?? null,
      d.physicalBlockBytes ?? null,
      d.queueDepth ?? null,
      d.scheduler ?? null,
      d.sizeBytes === undefined ? null : Math.round(d.sizeBytes / GiB),
    ]),
    fs: fp.fileSystem ? [fp.fileSystem.fsType, fp.fileSystem.data ?? null, fp.fileSystem.commitSeconds ?? null, fp.fileSystem.barrier ?? null] : null,
    otherDisk: fp.otherLocalDisk !== null,
    // In code-point order: for these keys (version, cpuQuotaCores, cpuQuotaPath, cpuPeriodUs, memoryLimitBytes)
    // the order localeCompare gave, so ids stay the same, without ICU's collator (~10 ms of every main step).
    cgroup: fp.cgroupLimits ? Object.entries(fp.cgroupLimits).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : null,
  };
}

/** 12 hex characters of SHA-256: short enough for a cache key, and no prefix of another id. */
export function fingerprintId(fp: Omit<HardwareFingerprint, 'id'>): string {
  return createHash('sha256')
    .update(JSON.stringify(fingerprintIdParts(fp)))
    .digest('hex')
    .slice(0, 12);
}

type FingerprintDisk = HardwareFingerprint['disks'][number];

function diskWords(d: FingerprintDisk): string {
  return `${d.name} (${[d.kind, d.model].filter(Boolean).join(', ')}${d.rotational ? ', rotational' : ''})`;
}

/**
 * The restore's disks, written as a stack only where one is built on another (`below`: a device's name
 * to those under it, Profile.devices' below): "loop0 (loop) and loop1 (loop), both on vda (virtio)".
 * Without it, disks side by side: a list claims no stack.
 */
function describeDisks(disks: readonly FingerprintDisk[], below?: ReadonlyMap<string, readonly string[]>): string {
  const names = new Set(disks.map((d) => d.name));
  const under = (d: FingerprintDisk) => (below?.get(d.name) ?? []).filter((n) => names.has(n) && n !== d.name);
  const bases = new Set(disks.flatMap(under));
  const groups = new Map<string, FingerprintDisk[]>();
  const parts: string[] = [];
  for (const d of disks) {
    if (bases.has(d.name) && under(d).length === 0) continue;
    const key = under(d).join(' + ');
    if (!key) parts.push(diskWords(d));
    else groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  for (const [key, tops] of groups) {
    const base = key
      .split(' + ')
      .map((n) => diskWords(disks.find((d) => d.name === n) as FingerprintDisk))
      .join(' + ');
    parts.push(tops.length > 1 ? `${tops.map(diskWords).join(' and ')}, both on ${base}` : `${diskWords(tops[0] as FingerprintDisk)} on ${base}`);
  }
  return parts.join(' and ');
}

/** One line: "AMD EPYC 7763, 4 vCPU, 16 GiB, Microsoft Corporation Virtual Machine; sda (scsi, Virtual Disk), ext4 data=writeback,commit=30,nobarrier; /mnt: /dev/sdb1". */
export function describeFingerprint(fp: HardwareFingerprint, below?: ReadonlyMap<string, readonly string[]>): string {
  const machine = [fp.sysVendor, fp.productName].filter(Boolean).join(' ') || (fp.hypervisor ? `hypervisor ${fp.hypervisor}` : '');
  const head = [fp.cpuModel ?? 'CPU model unknown', `${fp.vcpus} vCPU`, `${Math.round(fp.memoryBytes / GiB)} GiB`, machine].filter(Boolean).join(', ');
  const disks = describeDisks(fp.disks, below);
  const f = fp.fileSystem;
  const opts = f
    ? [f.data && `data=${f.data}`, f.commitSeconds !== undefined && `commit=${f.commitSeconds}`, f.barrier === false && 'nobarrier'].filter(Boolean).join(',')
    : '';
  const fs = f ? `${f.fsType}${opts ? ` ${opts}` : ''}` : '';
  const other = fp.otherLocalDisk ? `other disk at ${fp.otherLocalDisk.mountPoint}` : 'no other local disk';
  const cg = fp.cgroupLimits ? describeCgroupLimits(fp.cgroupLimits) : '';
  return `${head}; ${[disks || 'no block device', fs].filter(Boolean).join(', ')}; ${other}${cg}`;
}

/** "; cgroup: CPU quota 0.5 cores, memory limit 4 GiB", from the limits the fingerprint keeps; empty when none binds. */
function describeCgroupLimits(l: Record<string, string | number | boolean | null>): string {
  const parts: string[] = [];
  const quota = l.cpuQuotaCores;
  if (typeof quota === 'number') parts.push(`CPU quota ${Math.round(quota * 100) / 100} cores`);
  const memory = l.memoryLimitBytes;
  if (typeof memory === 'number') parts.push(`memory limit ${Math.round((memory / 1024 ** 3) * 10) / 10} GiB`);
  return parts.length > 0 ? `; cgroup: ${parts.join(', ')}` : '';
}
