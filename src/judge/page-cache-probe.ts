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

/** Why this probe measured the page cache, in a CI engineer's words; null when it measured a disk. */
export function pageCacheReason(profile: Pick<Profile, 'devices'>, probe: ProbeResult): string | null {
  if (probe.error) return null;
  const loop = loopUnderRestore(profile);
  if (loop === null) return null;
  const fast = probe.blockSizeBytes >= 64 * 1024 ? probe.bytesPerSecond >= PAGE_CACHE_BYTES_PER_SECOND : probe.iops >= PAGE_CACHE_IOPS;
  if (!fast) return null;
  return `${loop} is a loop device over a file: fio's direct requests became buffered writes to that file, so the page cache answered this probe, not a disk`;
}

/** The suite without the probes that measured the page cache: what may be output or remembered as the disk's ceilings. */
export function diskProbesOf(profile: Pick<Profile, 'devices'>, suite: ProbeSuiteResult): ProbeSuiteResult {
  const probes = suite.probes.filter((p) => pageCacheReason(profile, p) === null);
  if (probes.length === suite.probes.length) return suite;
  const reason = probes.some((p) => !p.error) ? suite.reason : 'every probe measured the page cache, not the disk (a loop device over a file)';
  return { ...suite, probes, ...(reason ? { reason } : {}) };
}
