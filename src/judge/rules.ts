/**
 * The judge's rules: for each phase an ordered table, first match wins (the tables' order is
 * profile/phase-decision.ts PHASE_RULE_TABLES). Each rule reads derived facts (phase-facts,
 * disk-load, cpu-load) and returns the bottleneck and its decision: its id and the figures it read,
 * which report/say/phase.ts says. No words here. Pure.
 */
import type { Bottleneck, PhaseName, Profile } from '../profile/schema.js';
import {
  type CpuUser,
  type DiskCeilingFigures,
  type DiskLatency,
  type KernelDiskFigures,
  type OtherCpuLoad,
  PHASE_RULE_TABLES,
  type PhaseDecision,
  type PhaseDecisionOf,
  type PhaseRuleId,
  type Unmeasured,
} from '../profile/phase-decision.js';
import type { Ceilings } from './ceilings.js';
import { cgroupDirtyScale } from './cgroup-cpu.js';
import { hasCeilings } from './ceilings.js';
import type { CpuLoad } from './cpu-load.js';
import { diskLimit, shareOf, type DiskLoad, type DiskResource } from './disk-load.js';
import type { IopsCount, IopsCounting } from './iops-count.js';
import { type PhaseFacts, processCores } from './phase-facts.js';
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
  decision: PhaseDecision;
  /** Set where the rule named the IOPS on a count other than the one the disk load used (the what-if counts alike). */
  iopsCount?: IopsCount;
}

/** An outcome of rule R: its decision is R's. */
type Decided<R extends PhaseRuleId> = Omit<Outcome, 'decision'> & { decision: PhaseDecisionOf<R> };

export interface Rule<R extends PhaseRuleId> {
  id: R;
  apply: (x: RuleInput) => Decided<R> | null;
}

/** A rule of any id. */
type AnyRule = { [R in PhaseRuleId]: Rule<R> }[PhaseRuleId];

const probes = (x: RuleInput) => hasCeilings(x.ceilings);
/** The disk was measured against ceilings and stayed far below all of them. */
const diskFar = (x: RuleInput) => x.disk.top !== null && x.disk.top.share < FAR_BELOW_CEILING_SHARE;
const topShare = (x: RuleInput) => x.disk.top?.share ?? null;
const ioSome = (x: RuleInput) => x.facts.pressure.ioSome ?? 0;

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

/** The resource against its probed ceilings: the largest share, the time at a ceiling, the write request size of a write IOPS share. */
function diskCeilingFigures(x: RuleInput, resource: DiskResource): DiskCeilingFigures {
  const s = shareOf(x.disk, resource);
  const requestKiB = x.facts.disk && s?.direction === 'write' && resource === 'disk-iops' ? x.facts.disk.writeRequestKiB : null;
  return { resource, share: s, timeAtCeilingShare: x.disk.timeAtCeiling[resource], writeRequestKiB: requestKiB };
}

function kernelOnlyResource(x: RuleInput): DiskResource {
  const d = x.facts.disk;
  return d !== null && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB ? 'disk-iops' : 'disk-bandwidth';
}

/** The kernel's counters, where no fio probe gave a ceiling: small writes name the IOPS. */
function kernelFigures(x: RuleInput): KernelDiskFigures {
  const d = x.facts.disk;
  return {
    resource: kernelOnlyResource(x),
    writesPerSecond: d?.writesPerSecond ?? 0,
    writeBytesPerSecond: (d?.writeKiBPerSecond ?? 0) * 1024,
    utilizationPercent: d?.utilizationPercent ?? 0,
    averageQueueSize: d?.averageQueueSize ?? 0,
    ioSomeShare: ioSome(x),
  };
}

/** What was not measured, said in the verdict instead of claimed. */
function notMeasured(x: RuleInput): Unmeasured[] {
  const missing: Unmeasured[] = [];
  if (!x.facts.disk) missing.push('disk');
  else if (!probes(x)) missing.push('fio-ceilings');
  if (!x.cpu?.measured) missing.push(x.name === 'download' && x.facts.selfCoresBounds !== null ? 'cpu-ticks' : 'cpu');
  return missing;
}

const diskAtCeiling: Rule<'disk-at-ceiling'> = {
  id: 'disk-at-ceiling',
  apply: (x) => {
    if (!probes(x)) return null;
    const resource = diskLimit(x.disk);
    if (!resource) return null;
    const share = dirtyShare(x);
    const held = x.name === 'extract' && share !== null && share >= DIRTY_THROTTLE_SHARE ? share : null;
    return { bottleneck: resource, decision: { rule: 'disk-at-ceiling', phase: x.name, disk: diskCeilingFigures(x, resource), dirtyHeldShare: held } };
  },
};

const kernelSaturatedDisk: Rule<'kernel-saturated-disk'> = {
  id: 'kernel-saturated-disk',
  apply: (x) => {
    if (probes(x) || !x.disk.kernelSaturated) return null;
    const kernel = kernelFigures(x);
    return { bottleneck: kernel.resource, decision: { rule: 'kernel-saturated-disk', phase: x.name, kernel } };
  },
};

/** At queue depth ~1, far below the deep-queue ceilings but at the QD1 or fsync rate: latency-bound. */
const latencyBound: Rule<'disk-latency'> = {
  id: 'disk-latency',
  apply: (x) => {
    const d = x.facts.disk;
    if (!d || !probes(x) || d.averageQueueSize > LOW_QUEUE_DEPTH || !diskFar(x)) return null;
    const { qd1ReadIops, fsyncWriteIops } = x.ceilings;
    const decided = (latency: DiskLatency, perSecond: number, ceilingPerSecond: number): Decided<'disk-latency'> => ({
      bottleneck: 'disk-iops',
      decision: { rule: 'disk-latency', phase: x.name, latency, perSecond, queueSize: d.averageQueueSize, ceilingPerSecond },
    });
    if (qd1ReadIops && d.readsPerSecond >= QD1_RATE_SHARE * qd1ReadIops) return decided('qd1-reads', d.readsPerSecond, qd1ReadIops);
    const flushes = d.flushesPerSecond ?? 0;
    if (fsyncWriteIops && flushes >= QD1_RATE_SHARE * fsyncWriteIops) return decided('flushes', flushes, fsyncWriteIops);
    return null;
  },
};

const cpuProcess: Rule<'cpu-process'> = {
  id: 'cpu-process',
  apply: (x) => {
    if (!x.cpu?.processSaturated) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : ioSome(x) < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p = x.facts.busiestProcess;
    const self = x.facts.selfCoresBounds;
    const selfCores = x.facts.selfCores ?? 0;
    const user: CpuUser =
      x.name === 'download'
        ? { kind: 'download-process', cores: self ?? { atLeast: selfCores, atMost: selfCores } }
        : p
          ? { kind: 'busiest-process', process: processCores(p) }
          : { kind: 'tar-and-zstd', cores: x.facts.childCores ?? 0 };
    return {
      bottleneck: 'cpu',
      decision: { rule: 'cpu-process', phase: x.name, user, diskTopShare: topShare(x), ioSomeShare: ioSome(x), quotaCores: x.facts.cpuReach.quotaCores },
    };
  },
};

/** The runner's cgroup ran at its CPU quota (cpu.stat), PSI or not: a container job's or a pod's limit. */
const cpuQuota: Rule<'cpu-quota'> = {
  id: 'cpu-quota',
  apply: (x) => {
    const g = x.facts.cgroupCpu;
    if (!x.cpu?.quotaBound || !g || g.quotaCores === null) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated;
    if (!calm) return null;
    return {
      bottleneck: 'cpu',
      decision: {
        rule: 'cpu-quota',
        phase: x.name,
        quotaCores: g.quotaCores,
        usageCores: g.usageCores,
        throttledShare: g.throttledShare,
        throttledMs: g.throttledMs,
        diskTopShare: topShare(x),
        hostCpuCount: x.profile.context.cpuCount,
      },
    };
  },
};

const cpuStarved: Rule<'cpu-starved'> = {
  id: 'cpu-starved',
  apply: (x) => {
    if (!x.cpu?.starved || (probes(x) && x.disk.top !== null && !diskFar(x))) return null;
    const w = x.facts.ownCpuWait;
    return {
      bottleneck: 'cpu',
      decision: {
        rule: 'cpu-starved',
        phase: x.name,
        childCores: x.facts.childCores ?? 0,
        cpuSomeShare: x.facts.pressure.cpuSome,
        ownWait: w === null ? null : { comm: w.comm, share: w.atLeastMs / x.facts.durationMs },
      },
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
const cpuPipeline: Rule<'cpu-pipeline'> = {
  id: 'cpu-pipeline',
  apply: (x) => {
    if (!x.cpu?.pipelineSaturated) return null;
    const calm = (probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated) && ioSome(x) < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p = x.facts.busiestProcess;
    return {
      bottleneck: 'cpu',
      decision: {
        rule: 'cpu-pipeline',
        phase: x.name,
        childCores: x.facts.childCores ?? 0,
        busiest: p ? processCores(p) : null,
        diskTopShare: topShare(x),
        ioSomeShare: ioSome(x),
        quotaCores: x.facts.cpuReach.quotaCores,
      },
    };
  },
};

const dirtyThrottled: Rule<'dirty-throttled'> = {
  id: 'dirty-throttled',
  apply: (x) => {
    const share = dirtyShare(x);
    const idle = x.facts.childCores !== null && x.facts.childCores < CHILD_CPU_IDLE_CORE;
    const pressed = (x.disk.top?.share ?? 0) >= FAR_BELOW_CEILING_SHARE || ioSome(x) >= IO_PRESSURE_HIGH;
    if (share === null || share < DIRTY_THROTTLE_SHARE || !idle || !pressed) return null;
    // The throttle is the symptom; the device limit behind it is the cause. Bios at the IOPS ceiling
    // while the bytes stay short of the bandwidth one name the IOPS, whichever count the share used.
    const bios = biosAtCeiling(x);
    const resource = bios ? 'disk-iops' : (x.disk.top?.resource ?? kernelOnlyResource(x));
    const disk = bios
      ? {
          kind: 'bios' as const,
          biosPerSecond: bios.beforeMergePerSecond,
          iopsCeiling: bios.ceiling,
          bandwidthShare: shareOf(x.disk, 'disk-bandwidth')?.share ?? 0,
        }
      : x.disk.top
        ? { kind: 'share' as const, share: x.disk.top }
        : { kind: 'kernel' as const, writeBytesPerSecond: (x.facts.disk?.writeKiBPerSecond ?? 0) * 1024, ioSomeShare: ioSome(x) };
    return {
      bottleneck: resource,
      ...(bios && bios.used !== 'before-merge' ? { iopsCount: 'before-merge' as const } : {}),
      decision: { rule: 'dirty-throttled', phase: x.name, dirtyPeakShare: share, childCores: x.facts.childCores ?? 0, disk },
    };
  },
};

/** Machine-wide CPU pressure the restore's own processes did not wait in: another job's, not the restore's limit. */
function otherLoad(x: RuleInput): OtherCpuLoad | null {
  const o = x.cpu?.otherLoad;
  return o ? { cpuSomeShare: o.cpuSome, ownAtMostShare: o.ownAtMostShare } : null;
}

const cameNearNone: Rule<'near-no-ceiling'> = {
  id: 'near-no-ceiling',
  apply: (x) => {
    if (!probes(x) || x.disk.top === null || x.cpu?.processSaturated || x.cpu?.pipelineSaturated || x.cpu?.starved || x.cpu?.quotaBound) return null;
    const p = x.facts.busiestProcess;
    return {
      bottleneck: 'none',
      decision: { rule: 'near-no-ceiling', phase: x.name, diskTopShare: x.disk.top.share, busiest: p ? processCores(p) : null, otherLoad: otherLoad(x) },
    };
  },
};

/** The CPU figure of a phase, for decisions that weigh it against the disk. */
function cpuUser(x: RuleInput): CpuUser {
  const self = x.facts.selfCoresBounds;
  if (x.name === 'download' && self) return { kind: 'download-process', cores: self };
  const p = x.facts.busiestProcess;
  return p ? { kind: 'busiest-process', process: processCores(p) } : { kind: 'tar-and-zstd', cores: x.facts.childCores ?? 0 };
}

/** The last rule of every table but the lookup's: it always matches. */
function inconclusiveOutcome(x: RuleInput): Decided<'inconclusive'> {
  return {
    bottleneck: 'inconclusive',
    decision: {
      rule: 'inconclusive',
      phase: x.name,
      unmeasured: notMeasured(x),
      durationMs: x.facts.durationMs,
      diskTopShare: topShare(x),
      user: cpuUser(x),
      otherLoad: otherLoad(x),
    },
  };
}

const inconclusive: Rule<'inconclusive'> = { id: 'inconclusive', apply: inconclusiveOutcome };

const downloadRate = (x: RuleInput) => (x.networkBytes !== null && x.facts.durationMs > 0 ? x.networkBytes / (x.facts.durationMs / 1000) : null);

const networkBound: Rule<'network'> = {
  id: 'network',
  apply: (x) => {
    // The network is named only when the process's CPU was measured short of a core: by elimination,
    // so an unmeasured CPU leaves the download inconclusive. Profiles that never recorded this
    // process's CPU (schema 1) keep the old rule, and say so.
    const self = x.facts.selfCoresBounds;
    if (self !== null && !x.cpu?.measured) return null;
    const decided = (disk: PhaseDecisionOf<'network'>['disk']): Decided<'network'> => ({
      bottleneck: 'network',
      decision: { rule: 'network', phase: x.name, bytesPerSecond: downloadRate(x), processCores: self, disk },
    });
    if (probes(x) && x.disk.top !== null) return diskFar(x) ? decided({ kind: 'ceilings', topShare: x.disk.top.share }) : null;
    const d = x.facts.disk;
    if (d && d.utilizationPercent < IDLE_UTIL_PERCENT && ioSome(x) < IO_PRESSURE_LOW)
      return decided({ kind: 'idle', utilizationPercent: d.utilizationPercent });
    return null;
  },
};

const lookupRoundTrip: Rule<'lookup-round-trip'> = {
  id: 'lookup-round-trip',
  apply: (x) => ({ bottleneck: 'network', decision: { rule: 'lookup-round-trip', phase: x.name, durationMs: x.facts.durationMs } }),
};

const tailShort: Rule<'tail-short'> = {
  id: 'tail-short',
  apply: (x) => {
    if (x.totalMs <= 0 || x.facts.durationMs / x.totalMs >= WRITEBACK_TAIL_SHARE) return null;
    return {
      bottleneck: 'none',
      decision: { rule: 'tail-short', phase: x.name, durationMs: x.facts.durationMs, writtenBytes: x.facts.disk?.writtenBytes ?? null },
    };
  },
};

/** A long tail is the disk writing what the page cache absorbed: name the limit it ran into. */
const tailDisk: Rule<'tail-disk'> = {
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
    const disk = probes(x) ? { kind: 'ceilings' as const, ...diskCeilingFigures(x, resource) } : { kind: 'kernel' as const, ...kernelFigures(x) };
    return { bottleneck: resource, decision: { rule: 'tail-disk', phase: x.name, durationMs: x.facts.durationMs, disk } };
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
const tailSustained: Rule<'tail-sustained-rate'> = {
  id: 'tail-sustained-rate',
  apply: (x) => {
    const d = x.facts.disk;
    if (probes(x) || !d || d.writtenBytes <= 0 || x.facts.durationMs < SUSTAINED_RATE_MS) return null;
    const rates = windowRates(x);
    const mean = (d.writtenBytes * 1000) / x.facts.durationMs;
    if (rates.length < 2 || rates.some((r) => r < STEADY_RATE_SHARE * mean)) return null;
    const resource = kernelOnlyResource(x);
    const device = x.facts.deviceIndex === null ? null : (x.profile.devices[x.facts.deviceIndex]?.name ?? null);
    const probed = x.profile.probes?.deviceName;
    return {
      bottleneck: resource,
      decision: {
        rule: 'tail-sustained-rate',
        phase: x.name,
        durationMs: x.facts.durationMs,
        device,
        probedDevice: probed && probed !== device ? probed : null,
        writtenBytes: d.writtenBytes,
        resource,
        writesPerSecond: d.writesPerSecond,
        writeRequestKiB: d.writeRequestKiB,
        bytesPerSecond: mean,
      },
    };
  },
};

/** Each rule id's test: the compiler asks for one per id. */
const RULE_BY_ID: { [R in PhaseRuleId]: Rule<R> } = {
  'lookup-round-trip': lookupRoundTrip,
  'disk-at-ceiling': diskAtCeiling,
  'kernel-saturated-disk': kernelSaturatedDisk,
  'disk-latency': latencyBound,
  'cpu-process': cpuProcess,
  'cpu-quota': cpuQuota,
  'cpu-starved': cpuStarved,
  'cpu-pipeline': cpuPipeline,
  'dirty-throttled': dirtyThrottled,
  'near-no-ceiling': cameNearNone,
  inconclusive,
  network: networkBound,
  'tail-short': tailShort,
  'tail-disk': tailDisk,
  'tail-sustained-rate': tailSustained,
};

/** Rule tables, first match wins, in PHASE_RULE_TABLES's order. */
export const RULES: Record<PhaseName, readonly AnyRule[]> = {
  lookup: PHASE_RULE_TABLES.lookup.map((id) => RULE_BY_ID[id]),
  download: PHASE_RULE_TABLES.download.map((id) => RULE_BY_ID[id]),
  extract: PHASE_RULE_TABLES.extract.map((id) => RULE_BY_ID[id]),
  writeback: PHASE_RULE_TABLES.writeback.map((id) => RULE_BY_ID[id]),
};

export function applyRules(x: RuleInput): Outcome {
  for (const rule of RULES[x.name]) {
    const outcome = rule.apply(x);
    if (outcome) return outcome;
  }
  // The last rule of every table always matches; this keeps the type honest.
  return inconclusiveOutcome(x);
}
