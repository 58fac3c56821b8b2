/**
 * fio probes that measured the page cache rather than a disk. fio's O_DIRECT requests to a loop device
 * over a file (a lab disk, a runner's image-backed volume) are turned by the loop driver into buffered
 * writes to its backing file unless the loop uses direct I/O: they land in the host file system's page
 * cache, and the probe reads memory speed (the lab's fresh loop devices: 9,133 MiB/s and 212,642 IOPS
 * of random 4 KiB writes). Such a figure is flagged and never ranked, output or remembered as the
 * disk's ceiling: it says nothing of the disk. Pure.
 */
import type { ProbeResult, ProbeSuiteResult, Profile } from '../profile/schema.js';
import { GiB } from '../util/units.js';

/**
 * Above these a loop device's probe ran at memory speed: a loop device's backing disk on a CI runner
 * (a cloud volume or a local SSD under a VM) writes well under 1 GiB/s, and 4 KiB requests at 50k
 * IOPS are 195 MiB/s of random writes, more than such disks' own IOPS.
 */
export const PAGE_CACHE_BYTES_PER_SECOND = 1 * GiB;
export const PAGE_CACHE_IOPS = 50_000;

/**
 * The loop device under the restore path's file system, if any: the restore path's device is a loop
 * device, or its chain passes through one ("loop0 → backing file … → vda", "overlay upper layer … →
 * loop0"). A loop device is always over a file, also where the chain names none: a file on a file
 * system without a block device (tmpfs, as the lab's RAM-backed image of lab-hosted-page-cache.json,
 * 8,043 MiB/s and 463,558 IOPS) is one the profiler cannot follow to a disk.
 */
function loopUnderRestore(profile: Pick<Profile, 'devices'>): string | null {
  for (const d of profile.devices.filter((x) => x.roles.includes('restore-path'))) {
    const chain = d.chain.length > 0 ? d.chain : [d.name];
    const loop = chain.find((c) => /^loop\d+$/.test(c));
    if (loop) return loop;
  }
  return null;
}

/**
 * The loop device whose page cache answered this probe (report/say/probe-notes.ts says why); null when
 * it measured a disk.
 */
export function pageCacheLoop(profile: Pick<Profile, 'devices'>, probe: ProbeResult): string | null {
  if (probe.error) return null;
  const loop = loopUnderRestore(profile);
  if (loop === null) return null;
  const fast = probe.blockSizeBytes >= 64 * 1024 ? probe.bytesPerSecond >= PAGE_CACHE_BYTES_PER_SECOND : probe.iops >= PAGE_CACHE_IOPS;
  return fast ? loop : null;
}

/** The probes that may be output or remembered as the disk's ceilings, and whether none of those that ran was left. */
export interface DiskProbes {
  /** The suite's probes less those the page cache answered. */
  probes: ProbeResult[];
  /** Probes were dropped and every one left failed: the suite measured no disk (report/say/probe-notes.ts diskProbeSuite says so). */
  noDiskProbe: boolean;
}

/** The suite's probes without those that measured the page cache. */
export function diskProbesOf(profile: Pick<Profile, 'devices'>, suite: ProbeSuiteResult): DiskProbes {
  const probes = suite.probes.filter((p) => pageCacheLoop(profile, p) === null);
  return { probes, noDiskProbe: probes.length < suite.probes.length && !probes.some((p) => !p.error) };
}
