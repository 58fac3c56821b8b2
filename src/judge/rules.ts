/**
 * The judge's rules: for each phase an ordered table, first match wins. Each rule reads derived
 * facts (phase-facts, disk-load, cpu-load) and returns the bottleneck and a clause that says why in
 * figures. The order is the documentation: a disk at its ceiling is named before the CPU, because a
 * process waiting on a saturated disk is not short of CPU; "none" and "inconclusive" come last. Pure.
 */
import type { Bottleneck, PhaseName, Profile } from '../profile/schema.js';
import type { Ceilings } from './ceilings.js';
import { cgroupDirtyScale } from './cgroup-cpu.js';
import { hasCeilings } from './ceilings.js';
import { describeBusiest, describeCores, type CpuLoad } from './cpu-load.js';
import { describeShare, diskLimit, shareOf, type DiskLoad, type DiskResource } from './disk-load.js';
import type { IopsCount, IopsCounting } from './iops-count.js';
import { bytes, cores, formatNumber, mibPerSecond, percent, seconds } from '../util/format.js';
import type { PhaseFacts } from './phase-facts.js';
import {
  CHILD_CPU_IDLE_CORE,
  DIRTY_THROTTLE_SHARE,
  FAR_BELOW_CEILING_SHARE,
  IDLE_UTIL_PERCENT,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  LOW_QUEUE_DEPTH,
  NEAR_CEILING_SHARE,
  QD1_RATE_SHARE,
  SMALL_REQUEST_KIB,
  STEADY_RATE_SHARE,
  STEADY_WINDOW_MS,
  SUSTAINED_RATE_MS,
  WRITEBACK_TAIL_SHARE,
} from './thresholds.js';

export interface RuleInput {
  profile: Profile;
  name: PhaseName;
  /** The phase as a noun for clauses: "extraction", "the download". */
  what: string;
  facts: PhaseFacts;
  ceilings: Ceilings;
  disk: DiskLoad;
  cpu: CpuLoad | null;
  /** Restore time incl. the writeback tail, for shares of the whole. */
  totalMs: number;
  /** Bytes downloaded (download phase only). */
  networkBytes: number | null;
}

export interface Outcome {
  bottleneck: Bottleneck;
  clause: string;
  /** Set where the rule named the IOPS on a count other than the one the disk load used (the what-if counts alike). */
  iopsCount?: IopsCount;
}

export interface Rule {
  id: string;
  apply: (x: RuleInput) => Outcome | null;
}

const probes = (x: RuleInput) => hasCeilings(x.ceilings);
/** The disk was measured against ceilings and stayed far below all of them. */
const diskFar = (x: RuleInput) => x.disk.top !== null && x.disk.top.share < FAR_BELOW_CEILING_SHARE;

/**
 * Dirty limit in bytes: vm.dirty_bytes when set, else dirty_ratio of RAM (an over-estimate; see
 * thresholds); under a cgroup v2 memory limit, its share of that (cgroupDirtyScale).
 */
export function dirtyLimitBytes(profile: Profile): number | null {
  const c = profile.context;
  const scale = cgroupDirtyScale(c);
  if (c.dirtyBytesLimit && c.dirtyBytesLimit > 0) return c.dirtyBytesLimit * scale;
  if (c.dirtyRatio && c.dirtyRatio > 0 && c.memoryBytes > 0) return (c.dirtyRatio / 100) * c.memoryBytes * scale;
  return null;
}

export function dirtyShare(x: Pick<RuleInput, 'profile' | 'facts'>): number | null {
  const limit = dirtyLimitBytes(x.profile);
  return limit && x.facts.dirtyPeakBytes !== null ? x.facts.dirtyPeakBytes / limit : null;
}

function diskClause(x: RuleInput, resource: DiskResource): string {
  const s = shareOf(x.disk, resource);
  const time = x.disk.timeAtCeiling[resource];
  const timePart = time !== null && time > 0 ? ` (at the ceiling ${percent(time)} of the time)` : '';
  const requestKiB = x.facts.disk && s?.direction === 'write' && resource === 'disk-iops' ? x.facts.disk.writeRequestKiB : undefined;
  return s ? `${describeShare(s, x.what, requestKiB)}${timePart}` : `${x.what} ran into the disk's ${resource === 'disk-iops' ? 'IOPS' : 'bandwidth'} ceiling`;
}

function kernelOnlyClause(x: RuleInput): string {
  const d = x.facts.disk;
  const small = d !== null && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB;
  return `${x.what} ${small ? `issued ${formatNumber(d?.writesPerSecond ?? 0)} small writes/s` : `wrote at ${mibPerSecond((d?.writeKiBPerSecond ?? 0) * 1024)}`} with the device ${Math.round(d?.utilizationPercent ?? 0)}% busy, ${formatNumber(d?.averageQueueSize ?? 0)} requests queued and I/O stalls ${percent(x.facts.pressure.ioSome ?? 0)} of the time (no fio probes: judged from kernel counters alone)`;
}

function kernelOnlyResource(x: RuleInput): DiskResource {
  const d = x.facts.disk;
  return d !== null && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB ? 'disk-iops' : 'disk-bandwidth';
}

/** What was not measured, said in the verdict instead of claimed. */
function notMeasured(x: RuleInput): string[] {
  const missing: string[] = [];
  if (!x.facts.disk) missing.push('disk not measured');
  else if (!probes(x)) missing.push('no fio ceilings for the disk');
  if (!x.cpu?.measured) {
    const short = x.name === 'download' && x.facts.selfCoresBounds !== null;
    missing.push(short ? `CPU not measured: ${seconds(x.facts.durationMs)} hold too few 10 ms ticks` : 'CPU not measured');
  }
  return missing;
}

const diskAtCeiling: Rule = {
  id: 'disk-at-ceiling',
  apply: (x) => {
    if (!probes(x)) return null;
    const resource = diskLimit(x.disk);
    if (!resource) return null;
    const share = dirtyShare(x);
    const held =
      x.name === 'extract' && share !== null && share >= DIRTY_THROTTLE_SHARE
        ? ` (the kernel's dirty-page limit held tar back: Dirty peaked at ${percent(share)} of it)`
        : '';
    return { bottleneck: resource, clause: `${diskClause(x, resource)}${held}` };
  },
};

const kernelSaturatedDisk: Rule = {
  id: 'kernel-saturated-disk',
  apply: (x) => (!probes(x) && x.disk.kernelSaturated ? { bottleneck: kernelOnlyResource(x), clause: kernelOnlyClause(x) } : null),
};

/** At queue depth ~1, far below the deep-queue ceilings but at the QD1 or fsync rate: latency-bound. */
const latencyBound: Rule = {
  id: 'disk-latency',
  apply: (x) => {
    const d = x.facts.disk;
    if (!d || !probes(x) || d.averageQueueSize > LOW_QUEUE_DEPTH || !diskFar(x)) return null;
    const { qd1ReadIops, fsyncWriteIops } = x.ceilings;
    if (qd1ReadIops && d.readsPerSecond >= QD1_RATE_SHARE * qd1ReadIops) {
      return {
        bottleneck: 'disk-iops',
        clause: `${x.what} read ${formatNumber(d.readsPerSecond)} requests/s one at a time (queue ${formatNumber(d.averageQueueSize)}), ${percent(d.readsPerSecond / qd1ReadIops)} of this disk's ${Math.round(qd1ReadIops)}/s at queue depth 1: latency-bound, far below its deep-queue ceilings`,
      };
    }
    const flushes = d.flushesPerSecond ?? 0;
    if (fsyncWriteIops && flushes >= QD1_RATE_SHARE * fsyncWriteIops) {
      return {
        bottleneck: 'disk-iops',
        clause: `${x.what} flushed ${formatNumber(flushes)} times/s, ${percent(flushes / fsyncWriteIops)} of this disk's ${Math.round(fsyncWriteIops)} fsync'd writes/s: latency-bound, far below its deep-queue ceilings`,
      };
    }
    return null;
  },
};

const cpuProcess: Rule = {
  id: 'cpu-process',
  apply: (x) => {
    if (!x.cpu?.processSaturated) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : (x.facts.pressure.ioSome ?? 0) < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p = x.facts.busiestProcess;
    const self = x.facts.selfCoresBounds;
    const who =
      x.name === 'download'
        ? `the process running the download used ${self ? describeCores(self) : `${formatNumber(x.facts.selfCores ?? 0)} of a core`}`
        : p
          ? `${p.comm} used ${describeBusiest(p)}`
          : `tar and zstd together used ${formatNumber(x.facts.childCores ?? 0)} of a core`;
    const diskPart = x.disk.top
      ? `the disk ran at ${percent(x.disk.top.share)} of its ceilings`
      : `I/O stalls stayed at ${percent(x.facts.pressure.ioSome ?? 0)}`;
    const quota = x.facts.cpuReach.quotaCores;
    const limit =
      quota !== null
        ? `the cgroup's ${formatNumber(quota)}-core CPU quota is its limit`
        : x.name === 'download'
          ? 'its CPU is the limit'
          : 'one core is its limit';
    return { bottleneck: 'cpu', clause: `${who} during ${x.what} while ${diskPart}: ${limit}` };
  },
};

/** The runner's cgroup ran at its CPU quota (cpu.stat), PSI or not: a container job's or a pod's limit. */
const cpuQuota: Rule = {
  id: 'cpu-quota',
  apply: (x) => {
    const g = x.facts.cgroupCpu;
    if (!x.cpu?.quotaBound || !g || g.quotaCores === null) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated;
    if (!calm) return null;
    const used = g.usageCores === null ? '' : `used ${cores(g.usageCores)} of `;
    const throttled =
      g.throttledShare === null
        ? ''
        : ` and was throttled in ${percent(g.throttledShare)} of its CFS periods (it ran out of quota in that share of the kernel's scheduling periods), its processes made to wait ${seconds(g.throttledMs)} in all`;
    const diskPart = x.disk.top ? `, the disk at ${percent(x.disk.top.share)} of its ceilings` : '';
    return {
      bottleneck: 'cpu',
      clause: `the step's cgroup ${used || 'ran at '}its ${formatNumber(g.quotaCores)}-core CPU quota during ${x.what}${throttled}${diskPart}: the quota is the limit, whatever the host's ${x.profile.context.cpuCount} CPUs show`,
    };
  },
};

const cpuStarved: Rule = {
  id: 'cpu-starved',
  apply: (x) => {
    if (!x.cpu?.starved || (probes(x) && x.disk.top !== null && !diskFar(x))) return null;
    const got = `tar and zstd got only ${formatNumber(x.facts.childCores ?? 0)} of a core`;
    const w = x.facts.ownCpuWait;
    const psi = x.facts.pressure.cpuSome;
    if (w === null) {
      return {
        bottleneck: 'cpu',
        clause: `${got} while runnable tasks waited for a CPU ${percent(psi ?? 0)} of the time during ${x.what} (a CPU quota or other processes held them back; their own run-queue wait was not recorded)`,
      };
    }
    const machine = psi === null ? '' : `; PSI cpu some ${percent(psi)} machine-wide`;
    return {
      bottleneck: 'cpu',
      clause: `${got} during ${x.what} while ${w.comm} waited on a run queue ${percent(w.atLeastMs / x.facts.durationMs)} of the time (its own wait for a CPU: a CPU quota or other processes held it back${machine})`,
    };
  },
};

/** The phase's bios (writes completed + merged) reached the IOPS ceiling while its bytes did not reach the bandwidth one. */
function biosAtCeiling(x: RuleInput): IopsCounting | null {
  const c = x.disk.iopsCount;
  if (!c || c.beforeMergePerSecond < NEAR_CEILING_SHARE * c.ceiling) return null;
  return (shareOf(x.disk, 'disk-bandwidth')?.share ?? 0) < NEAR_CEILING_SHARE ? c : null;
}

/**
 * tar and zstd together at a full core, neither alone (cpu-load's pipelineSaturated), while the disk
 * stayed calm: the extraction had nothing else to wait on, so its time is their CPU work. The common
 * case on a hosted runner whose page cache absorbs a half-second extraction.
 */
const cpuPipeline: Rule = {
  id: 'cpu-pipeline',
  apply: (x) => {
    if (!x.cpu?.pipelineSaturated) return null;
    const ioSome = x.facts.pressure.ioSome ?? 0;
    const calm = (probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated) && ioSome < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p = x.facts.busiestProcess;
    const busiest = p ? `, ${p.comm} alone ${describeBusiest(p)},` : '';
    const diskPart = x.disk.top ? `the disk ran at ${percent(x.disk.top.share)} of its ceilings` : 'the disk was not saturated';
    const quota = x.facts.cpuReach.quotaCores;
    const limit = quota !== null ? `the cgroup's ${formatNumber(quota)}-core CPU quota is the limit` : "their CPU work is the extraction's time";
    return {
      bottleneck: 'cpu',
      clause: `tar and zstd together kept ${formatNumber(x.facts.childCores ?? 0)} of a core busy during ${x.what}${busiest} while ${diskPart} and I/O stalls stayed at ${percent(ioSome)}: ${limit}`,
    };
  },
};

const dirtyThrottled: Rule = {
  id: 'dirty-throttled',
  apply: (x) => {
    const share = dirtyShare(x);
    const idle = x.facts.childCores !== null && x.facts.childCores < CHILD_CPU_IDLE_CORE;
    const pressed = (x.disk.top?.share ?? 0) >= FAR_BELOW_CEILING_SHARE || (x.facts.pressure.ioSome ?? 0) >= IO_PRESSURE_HIGH;
    if (share === null || share < DIRTY_THROTTLE_SHARE || !idle || !pressed) return null;
    // The throttle is the symptom; the device limit behind it is the cause. Bios at the IOPS ceiling
    // while the bytes stay short of the bandwidth one name the IOPS, whichever count the share used.
    const bios = biosAtCeiling(x);
    const resource = bios ? 'disk-iops' : (x.disk.top?.resource ?? kernelOnlyResource(x));
    const diskPart = bios
      ? `the disk issued ${formatNumber(bios.beforeMergePerSecond)} write bios/s, ${percent(bios.beforeMergePerSecond / bios.ceiling)} of the ${formatNumber(Math.round(bios.ceiling))} IOPS random-write ceiling, with its bytes at ${percent(shareOf(x.disk, 'disk-bandwidth')?.share ?? 0)} of the bandwidth one`
      : x.disk.top
        ? describeShare(x.disk.top, 'the disk')
        : `the disk wrote at ${mibPerSecond((x.facts.disk?.writeKiBPerSecond ?? 0) * 1024)} (no fio ceiling to hold it against) with I/O stalls ${percent(x.facts.pressure.ioSome ?? 0)} of the time`;
    return {
      bottleneck: resource,
      ...(bios && bios.used !== 'before-merge' ? { iopsCount: 'before-merge' as const } : {}),
      clause: `${x.what} was throttled by the kernel's dirty-page limit (Dirty peaked at ${percent(share)} of it) while ${diskPart} and tar used only ${formatNumber(x.facts.childCores ?? 0)} of a core`,
    };
  },
};

const cameNearNone: Rule = {
  id: 'near-no-ceiling',
  apply: (x) => {
    if (!probes(x) || x.disk.top === null || x.cpu?.processSaturated || x.cpu?.pipelineSaturated || x.cpu?.starved || x.cpu?.quotaBound) return null;
    const cpuPart = x.facts.busiestProcess ? `, the busiest process ${describeBusiest(x.facts.busiestProcess)}` : '';
    return {
      bottleneck: 'none',
      clause: `${x.what} came near no ceiling: the disk at most ${percent(x.disk.top.share)} of its ceilings${cpuPart}${otherLoadNote(x)}`,
    };
  },
};

/** The CPU figure of a phase, for clauses that weigh it against the disk. */
function cpuFigure(x: RuleInput): string {
  const self = x.facts.selfCoresBounds;
  if (x.name === 'download' && self) return `the process running it used ${describeCores(self)}`;
  const p = x.facts.busiestProcess;
  return p ? `the busiest process used ${describeBusiest(p)}` : `tar and zstd together used ${formatNumber(x.facts.childCores ?? 0)} of a core`;
}

/** Machine-wide CPU pressure the restore's own processes did not wait in: named as another job's, not the restore's limit. */
function otherLoadNote(x: RuleInput): string {
  const o = x.cpu?.otherLoad;
  return o
    ? `; another job's CPU load, not this restore's limit: runnable tasks waited for a CPU ${percent(o.cpuSome)} of the time machine-wide (PSI cpu some), tar and zstd at most ${percent(o.ownAtMostShare)}`
    : '';
}

const inconclusive: Rule = {
  id: 'inconclusive',
  apply: (x) => {
    const missing = notMeasured(x);
    return {
      bottleneck: 'inconclusive',
      clause:
        missing.length > 0
          ? `${x.what} cannot be pinned on one resource (${missing.join(', ')})`
          : `${x.what} cannot be pinned on one resource: the disk ran at ${percent(x.disk.top?.share ?? 0)} of its ceilings, neither near nor far from them, and ${cpuFigure(x)}${otherLoadNote(x)}`,
    };
  },
};

const downloadRate = (x: RuleInput) => (x.networkBytes !== null && x.facts.durationMs > 0 ? x.networkBytes / (x.facts.durationMs / 1000) : null);

const networkBound: Rule = {
  id: 'network',
  apply: (x) => {
    const rate = downloadRate(x);
    const at = rate === null ? '' : ` at ${mibPerSecond(rate)}`;
    // The network is named only when the process's CPU was measured short of a core: by elimination,
    // so an unmeasured CPU leaves the download inconclusive. Profiles that never recorded this
    // process's CPU (schema 1) keep the old rule, and say so.
    const self = x.facts.selfCoresBounds;
    if (self !== null && !x.cpu?.measured) return null;
    const cpuPart = self !== null ? `the process running it used ${describeCores(self)}` : 'its CPU not recorded';
    if (probes(x) && x.disk.top !== null) {
      if (!diskFar(x)) return null;
      return { bottleneck: 'network', clause: `the download ran${at} while the disk stayed at ${percent(x.disk.top.share)} of its ceilings and ${cpuPart}` };
    }
    const d = x.facts.disk;
    if (d && d.utilizationPercent < IDLE_UTIL_PERCENT && (x.facts.pressure.ioSome ?? 0) < IO_PRESSURE_LOW) {
      return {
        bottleneck: 'network',
        clause: `the download ran${at} while the disk stayed mostly idle (${Math.round(d.utilizationPercent)}% busy, no fio ceilings) and ${cpuPart}`,
      };
    }
    return null;
  },
};

const lookupRoundTrip: Rule = {
  id: 'lookup-round-trip',
  apply: (x) => ({ bottleneck: 'network', clause: `the cache lookup, a round trip to the cache service, took ${seconds(x.facts.durationMs)}` }),
};

const tailShort: Rule = {
  id: 'tail-short',
  apply: (x) => {
    if (x.totalMs <= 0 || x.facts.durationMs / x.totalMs >= WRITEBACK_TAIL_SHARE) return null;
    return { bottleneck: 'none', clause: `the writeback tail after tar exited was short: ${seconds(x.facts.durationMs)} until syncfs returned${tailBytes(x)}` };
  },
};

function tailBytes(x: RuleInput): string {
  const written = x.facts.disk?.writtenBytes;
  return written === undefined ? '' : ` (${bytes(written)} written)`;
}

/** A long tail is the disk writing what the page cache absorbed: name the limit it ran into. */
const tailDisk: Rule = {
  id: 'tail-disk',
  apply: (x) => {
    const resource = probes(x)
      ? x.disk.top && x.disk.top.share >= FAR_BELOW_CEILING_SHARE
        ? x.disk.top.resource
        : null
      : x.disk.kernelSaturated
        ? kernelOnlyResource(x)
        : null;
    if (!resource) return null;
    const why = probes(x) ? diskClause({ ...x, what: 'it' }, resource) : kernelOnlyClause({ ...x, what: 'it' });
    return { bottleneck: resource, clause: `after tar exited the page cache needed ${seconds(x.facts.durationMs)} more to put the files on disk: ${why}` };
  },
};

/** The bytes/s a device wrote in each window of at least STEADY_WINDOW_MS across the phase's snapshots. */
function windowRates(x: RuleInput): number[] {
  const i = x.facts.deviceIndex;
  if (i === null) return [];
  const rates: number[] = [];
  let from = x.facts.series[0];
  for (const s of x.facts.series.slice(1)) {
    const a = from?.disks[i];
    const b = s.disks[i];
    if (!from || !a || !b || s.tMs - from.tMs < STEADY_WINDOW_MS) continue;
    rates.push(((b.sectorsWritten - a.sectorsWritten) * 512) / ((s.tMs - from.tMs) / 1000));
    from = s;
  }
  return rates;
}

/**
 * A long tail on a device fio did not probe (another restore disk, or no fio): the tail is that device
 * draining what the page cache owed, so its time is the owed bytes over the rate the device took them
 * at. When it took them at a steady rate for SUSTAINED_RATE_MS or more, that rate is the limit the
 * tail ran into; it stands in for a ceiling (the what-if's rule for no probe) and is named as such.
 */
const tailSustained: Rule = {
  id: 'tail-sustained-rate',
  apply: (x) => {
    const d = x.facts.disk;
    if (probes(x) || !d || d.writtenBytes <= 0 || x.facts.durationMs < SUSTAINED_RATE_MS) return null;
    const rates = windowRates(x);
    const mean = (d.writtenBytes * 1000) / x.facts.durationMs;
    if (rates.length < 2 || rates.some((r) => r < STEADY_RATE_SHARE * mean)) return null;
    const resource = kernelOnlyResource(x);
    const device = x.facts.deviceIndex === null ? 'the disk' : (x.profile.devices[x.facts.deviceIndex]?.name ?? 'the disk');
    const probed = x.profile.probes?.deviceName;
    const noProbe = probed && probed !== device ? `fio probed ${probed}, not ${device}` : 'no fio probe';
    const rate = resource === 'disk-iops' ? `${formatNumber(d.writesPerSecond)} writes/s of ${formatNumber(d.writeRequestKiB)} KiB` : mibPerSecond(mean);
    return {
      bottleneck: resource,
      clause: `the writeback tail after tar exited was ${device} draining what the page cache owed: it wrote ${bytes(d.writtenBytes)} at a steady ${rate} for ${seconds(x.facts.durationMs)}, the rate it sustained, not a probed ceiling (${noProbe})`,
    };
  },
};

/** Rule tables, first match wins. */
export const RULES: Record<PhaseName, readonly Rule[]> = {
  lookup: [lookupRoundTrip],
  download: [diskAtCeiling, kernelSaturatedDisk, cpuProcess, cpuQuota, networkBound, inconclusive],
  extract: [diskAtCeiling, latencyBound, cpuProcess, cpuQuota, cpuStarved, cpuPipeline, dirtyThrottled, kernelSaturatedDisk, cameNearNone, inconclusive],
  writeback: [tailShort, tailDisk, tailSustained, inconclusive],
};

export function applyRules(x: RuleInput): Outcome & { rule: string } {
  for (const rule of RULES[x.name]) {
    const outcome = rule.apply(x);
    if (outcome) return { ...outcome, rule: rule.id };
  }
  // The last rule of every table always matches; this keeps the type honest.
  return { bottleneck: 'inconclusive', clause: `${x.what} could not be judged`, rule: 'none' };
}
