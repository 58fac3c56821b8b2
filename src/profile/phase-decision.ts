/**
 * A phase's verdict as the judge decided it, with no words (judge/rules.ts): which rule of the phase's
 * table matched and the figures it read; and each evidence item's figures (judge/evidence.ts and the
 * loads that build the items). report/say/phase.ts and evidence.ts say them. Since issue 39; absent in
 * profiles recorded before, whose stored sentences are read instead. Types only, and the fixed lists.
 */
import type { DiskResource, PhaseName } from './names.js';
import type { CeilingFrom, DiskShare, IopsCount } from './disk-share.js';
import type { SeqMetIops } from './probe-counted.js';

/**
 * Each phase's rules, in the order they are tried: the first that matches decides. The order is the
 * documentation: a disk at its ceiling is named before the CPU, because a process waiting on a
 * saturated disk is not short of CPU; "none" and "inconclusive" come last. judge/rules.ts holds each
 * rule's test (one per name, the compiler checks).
 */
export const PHASE_RULE_TABLES = {
  lookup: ['lookup-round-trip'],
  download: ['disk-at-ceiling', 'kernel-saturated-disk', 'cpu-process', 'cpu-quota', 'network', 'inconclusive'],
  extract: [
    'disk-at-ceiling',
    'disk-latency',
    'cpu-process',
    'cpu-quota',
    'cpu-starved',
    'cpu-pipeline',
    'dirty-throttled',
    'kernel-saturated-disk',
    'near-no-ceiling',
    'inconclusive',
  ],
  writeback: ['tail-short', 'tail-disk', 'tail-sustained-rate', 'inconclusive'],
} as const satisfies Record<PhaseName, readonly string[]>;

export type PhaseRuleId = (typeof PHASE_RULE_TABLES)[PhaseName][number];

/** Every rule id once, for the validator. */
export const PHASE_RULE_IDS = [...new Set(Object.values(PHASE_RULE_TABLES).flat())] as readonly PhaseRuleId[];

/** A process's CPU over a phase (judge/phase-facts.ts BusiestProcess): its snapshots' figure, its upper bound, its rate while seen. */
export interface ProcessCores {
  comm: string;
  cores: number;
  coresAtMost: number | null;
  coresWhileSeen: number | null;
  seenMs: number | null;
}

/** A phase's CPU in cores as bounds; exact figures give atLeast === atMost. */
export interface CoresBounds {
  atLeast: number;
  atMost: number;
}

/** Who used the CPU a rule weighs: the process running the download, the busiest of tar and zstd, or the two together. */
export type CpuUser =
  | { kind: 'download-process'; cores: CoresBounds }
  | { kind: 'busiest-process'; process: ProcessCores }
  | { kind: 'tar-and-zstd'; cores: number };

/** Machine-wide CPU pressure the restore's own processes did not wait in (judge/cpu-load.ts CpuLoad.otherLoad). */
export interface OtherCpuLoad {
  cpuSomeShare: number;
  ownAtMostShare: number;
}

/** A disk resource held against its probed ceilings: the phase's largest share of them, its time at one, its write request size. */
export interface DiskCeilingFigures {
  resource: DiskResource;
  /** The largest share of that resource's ceilings; null where none was computed. */
  share: DiskShare | null;
  /** Share of the phase at a ceiling of it; null where not computable. */
  timeAtCeilingShare: number | null;
  /** The average write request, said with a write IOPS share; null otherwise. */
  writeRequestKiB: number | null;
}

/** The kernel's counters where no fio ceiling was probed: small writes name the IOPS (resource), else the bandwidth. */
export interface KernelDiskFigures {
  resource: DiskResource;
  writesPerSecond: number;
  writeBytesPerSecond: number;
  utilizationPercent: number;
  averageQueueSize: number;
  ioSomeShare: number;
}

/** What an inconclusive phase lacked: disk counters, fio ceilings, CPU figures, or enough 10 ms ticks for a short download's CPU. */
export const UNMEASURED = ['disk', 'fio-ceilings', 'cpu', 'cpu-ticks'] as const;
export type Unmeasured = (typeof UNMEASURED)[number];

/** A latency-bound disk: reads one at a time near the queue-depth-1 rate, or flushes near the fsync'd write rate. */
export const DISK_LATENCIES = ['qd1-reads', 'flushes'] as const;
export type DiskLatency = (typeof DISK_LATENCIES)[number];

/** What the disk did while the dirty-page limit throttled the writer: bios at the IOPS ceiling, a share, or kernel counters alone. */
export type DirtyThrottledDisk =
  | { kind: 'bios'; biosPerSecond: number; iopsCeiling: number; bandwidthShare: number }
  | { kind: 'share'; share: DiskShare }
  | { kind: 'kernel'; writeBytesPerSecond: number; ioSomeShare: number };

/** The disk during a network-bound download: against its ceilings, or mostly idle with none. */
export type NetworkDisk = { kind: 'ceilings'; topShare: number } | { kind: 'idle'; utilizationPercent: number };

/** A long tail's disk: against probed ceilings, or by the kernel's counters alone. */
export type TailDisk = ({ kind: 'ceilings' } & DiskCeilingFigures) | ({ kind: 'kernel' } & KernelDiskFigures);

/** One decision per rule id; `phase` names the phase the rule judged (the rules shared by tables say it). */
export type PhaseDecision =
  | { rule: 'lookup-round-trip'; phase: PhaseName; durationMs: number }
  | {
      rule: 'disk-at-ceiling';
      phase: PhaseName;
      disk: DiskCeilingFigures;
      /** Dirty's peak against the dirty limit, where it held tar back during extraction; null otherwise. */
      dirtyHeldShare: number | null;
    }
  | { rule: 'kernel-saturated-disk'; phase: PhaseName; kernel: KernelDiskFigures }
  | {
      rule: 'disk-latency';
      phase: PhaseName;
      latency: DiskLatency;
      perSecond: number;
      queueSize: number;
      ceilingPerSecond: number;
    }
  | { rule: 'cpu-process'; phase: PhaseName; user: CpuUser; diskTopShare: number | null; ioSomeShare: number; quotaCores: number | null }
  | {
      rule: 'cpu-quota';
      phase: PhaseName;
      quotaCores: number;
      usageCores: number | null;
      throttledShare: number | null;
      throttledMs: number;
      diskTopShare: number | null;
      hostCpuCount: number;
    }
  | {
      rule: 'cpu-starved';
      phase: PhaseName;
      childCores: number;
      cpuSomeShare: number | null;
      /** The longest run-queue wait of tar and zstd, as a share of the phase; null where not recorded. */
      ownWait: { comm: string; share: number } | null;
    }
  | {
      rule: 'cpu-pipeline';
      phase: PhaseName;
      childCores: number;
      busiest: ProcessCores | null;
      diskTopShare: number | null;
      ioSomeShare: number;
      quotaCores: number | null;
    }
  | { rule: 'dirty-throttled'; phase: PhaseName; dirtyPeakShare: number; childCores: number; disk: DirtyThrottledDisk }
  | { rule: 'near-no-ceiling'; phase: PhaseName; diskTopShare: number; busiest: ProcessCores | null; otherLoad: OtherCpuLoad | null }
  | {
      rule: 'inconclusive';
      phase: PhaseName;
      /** What was not measured; empty when all was and the figures sat between the rules'. */
      unmeasured: Unmeasured[];
      durationMs: number;
      diskTopShare: number | null;
      user: CpuUser;
      otherLoad: OtherCpuLoad | null;
    }
  | { rule: 'network'; phase: PhaseName; bytesPerSecond: number | null; processCores: CoresBounds | null; disk: NetworkDisk }
  | { rule: 'tail-short'; phase: PhaseName; durationMs: number; writtenBytes: number | null }
  | { rule: 'tail-disk'; phase: PhaseName; durationMs: number; disk: TailDisk }
  | {
      rule: 'tail-sustained-rate';
      phase: PhaseName;
      durationMs: number;
      /** The device that drained the tail; null where the phase's device is not known. */
      device: string | null;
      /** The device fio probed, where it is another; null without a probe. */
      probedDevice: string | null;
      writtenBytes: number;
      resource: DiskResource;
      writesPerSecond: number;
      writeRequestKiB: number;
      bytesPerSecond: number;
    };

/** The decision of one rule id. */
export type PhaseDecisionOf<R extends PhaseRuleId> = Extract<PhaseDecision, { rule: R }>;

/**
 * Why only requests were counted where the bios alone reached the ceiling: too few windows to tell which
 * held still; no cgroup cap on the device and bios far above fio's figure; the bandwidth limit explains
 * the rate; the bios did not hold still.
 */
export const REQUESTS_COUNTED_WHYS = ['too-few-windows', 'no-cgroup-cap', 'bandwidth-explains', 'bios-not-still'] as const;

/**
 * Why a write IOPS share counted the requests it did (judge/iops-count.ts iopsCounting), in its order:
 * a cgroup cap set the ceiling (it counts bios; `from`: the cap's account, null where none was kept); few merges; requests already at the ceiling; neither
 * count at it; bios at a cgroup cap on the device; bios alone at it and steadier; else requests, and why.
 */
export type IopsCountReason =
  | { kind: 'cap-counts-bios'; from: CeilingFrom | null }
  | { kind: 'few-merges' }
  | { kind: 'requests-reached' }
  | { kind: 'neither-reached' }
  | { kind: 'bios-at-cgroup-cap'; capIops: number }
  | { kind: 'bios-steadier'; aboveProbe: boolean }
  | { kind: 'requests-counted'; aboveProbe: boolean; why: (typeof REQUESTS_COUNTED_WHYS)[number] };

/** The counts an IOPS share chose between (judge/iops-count.ts IopsCounting), and why. */
export interface IopsCountFacts {
  used: IopsCount;
  afterMergePerSecond: number;
  afterMergeDevice: string;
  beforeMergePerSecond: number;
  beforeMergeDevice: string;
  ceiling: number;
  /** The device is bio-based (dm, md): its requests are counted on the disks below. */
  bioBased: boolean;
  reason: IopsCountReason;
}

/**
 * One evidence item's figures, by kind (an item's `id` names the measurement; a kind may word one id
 * several ways). Shares are fractions, rates per second, as their names say.
 */
export type EvidenceFacts =
  | { kind: 'disk-share'; share: DiskShare }
  | { kind: 'iops-restates-bandwidth'; randWriteIops: number }
  | {
      kind: 'seq-probe-met-iops';
      /** The probe's counts that show it met the IOPS limit (judge/probe-caps.ts seqWriteMetIops). */
      probe: SeqMetIops;
      bandwidthCeilingBytesPerSecond: number | null;
      bandwidthIsCap: boolean;
    }
  | { kind: 'write-request-size'; writeRequestKiB: number }
  | ({ kind: 'iops-count' } & IopsCountFacts)
  | { kind: 'ceiling-moved'; share: DiskShare }
  | { kind: 'time-at-ceiling'; resource: DiskResource; share: number }
  | { kind: 'device-utilization'; utilizationPercent: number }
  | { kind: 'queue-size'; averageQueueSize: number }
  | { kind: 'io-pressure-some'; ioSomeShare: number }
  | { kind: 'cpu-iowait'; iowaitShare: number }
  | { kind: 'binding-limit'; binding: DiskResource }
  | { kind: 'busiest-process'; process: ProcessCores; quotaCores: number | null }
  | { kind: 'tar-and-zstd'; cores: number; perProcessRecorded: boolean }
  | {
      kind: 'cpu-pressure-some';
      cpuSomeShare: number;
      /** Dirty at the throttle point and I/O stalls high: tar waited for writeback. */
      heldByWriteback: boolean;
      /** The restore's own run-queue wait at most, as a share of the phase; null where not recorded. */
      ownAtMostShare: number | null;
      /** The pressure was another job's: the restore's own processes waited little. */
      otherLoad: boolean;
    }
  | { kind: 'own-cpu-wait'; comm: string; waitMs: number; share: number; atMostShare: number; heldByWriteback: boolean }
  | { kind: 'pipeline-cores'; cores: number; quotaCores: number | null }
  | { kind: 'download-process-cores'; cores: CoresBounds; quotaCores: number | null }
  | { kind: 'download-cpu-too-few-ticks'; cores: CoresBounds; durationMs: number }
  | { kind: 'download-cpu-not-recorded' }
  | { kind: 'busiest-cpu'; busyShare: number }
  | { kind: 'cpu-busy'; busyShare: number }
  | { kind: 'cpu-steal'; stealShare: number }
  | { kind: 'cgroup-quota-usage'; usageCores: number; usageShare: number; quotaCores: number }
  | { kind: 'cgroup-throttled'; throttledShare: number; periods: number; throttledMs: number }
  | { kind: 'dirty-peak-share'; dirtyPeakBytes: number; share: number; limitBytes: number };

export type EvidenceKind = EvidenceFacts['kind'];
