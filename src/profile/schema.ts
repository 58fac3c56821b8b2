/**
 * The profile document: everything one run recorded, as plain data.
 * Judging and rendering are pure functions of this document, so a saved profile can be
 * re-judged and re-rendered offline (`disk-profiler render`). Documented in docs/profile-schema.md.
 */

import type { ExperimentsResult } from '../experiment/types.js';

export const PROFILE_SCHEMA_VERSION = 1 as const;

/** Phases of a restore, in order. `writeback` is the tail after tar exits while the page cache drains. */
export type PhaseName = 'lookup' | 'download' | 'extract' | 'writeback';
export const PHASE_NAMES: readonly PhaseName[] = ['lookup', 'download', 'extract', 'writeback'];

/** Raw cumulative /proc/diskstats fields of one device (kernel Documentation/admin-guide/iostats.rst). */
export interface DiskCounters {
  readsCompleted: number;
  readsMerged: number;
  sectorsRead: number;
  readMs: number;
  writesCompleted: number;
  writesMerged: number;
  sectorsWritten: number;
  writeMs: number;
  inFlight: number;
  ioMs: number;
  weightedIoMs: number;
  /** Present since Linux 4.18. */
  discardsCompleted?: number;
  discardsMerged?: number;
  sectorsDiscarded?: number;
  discardMs?: number;
  /** Present since Linux 5.5. */
  flushesCompleted?: number;
  flushMs?: number;
}

/** Cumulative CPU time in USER_HZ ticks, as in /proc/stat. */
export interface CpuTicks {
  user: number;
  nice: number;
  system: number;
  idle: number;
  iowait: number;
  irq: number;
  softirq: number;
  steal: number;
}

/** Cumulative stall time in microseconds from /proc/pressure/<resource> (`total=`). */
export interface PressureTotals {
  someUs: number;
  /** Absent for cpu on kernels before 5.13. */
  fullUs?: number;
}

/** One reading of every counter, taken at one monotonic instant. All counters are cumulative. */
export interface Snapshot {
  /** Milliseconds since the profile's monotonic origin (performance.now() at start). */
  tMs: number;
  /** Aligned with Profile.devices by index; null where the device could not be read. */
  disks: (DiskCounters | null)[];
  /** Total over all CPUs; null without /proc/stat. */
  cpu: CpuTicks | null;
  /** Per CPU, in /proc/stat order. Kept only in phase boundary snapshots to bound memory. */
  perCpu?: CpuTicks[];
  pressure: { io: PressureTotals | null; cpu: PressureTotals | null; memory: PressureTotals | null } | null;
  /** /proc/meminfo Dirty and Writeback, bytes; null without /proc/meminfo. */
  memory: { dirtyBytes: number; writebackBytes: number } | null;
  /** CPU time (user+system ticks) of the restore's child processes (tar, zstd), cumulative, incl. reaped ones. */
  childCpuTicks: number | null;
}

/** A phase with exact boundaries: snapshots taken at the instants the phase began and ended. */
export interface PhaseRecord {
  name: PhaseName;
  startMs: number;
  endMs: number;
  start: Snapshot;
  end: Snapshot;
  /** Bytes the phase moved over the network (download) or null where that does not apply. */
  networkBytes?: number | null;
  /** Download throughput per interval, for charts: [tMs, bytesSoFar] pairs, downsampled. */
  progress?: [number, number][];
}

export interface BlockDeviceInfo {
  /** Kernel name as in /proc/diskstats, e.g. "vda", "nvme0n1", "loop3". */
  name: string;
  /** "major:minor". */
  devNumber: string;
  /** Which paths this device serves (restore path, archive temp dir). */
  roles: ('restore-path' | 'archive-temp')[];
  /** How the path's device led here, e.g. ["vda1 (partition)", "vda"] or ["dm-0", "nvme0n1"]. */
  chain: string[];
  model?: string;
  rotational?: boolean;
  scheduler?: string;
  queueDepth?: number;
  sizeBytes?: number;
  /** True when this device is the one metrics are judged on (the restore path's disk). */
  primary: boolean;
}

export interface FileSystemInfo {
  path: string;
  mountPoint: string;
  fsType: string;
  mountOptions: string;
  source: string;
  totalBytes?: number;
  freeBytes?: number;
}

export interface RunnerContext {
  os: string;
  kernel?: string;
  arch: string;
  cpuModel?: string;
  cpuCount: number;
  memoryBytes: number;
  virtualization?: string;
  /** Why block-level metrics are missing, when they are (tmpfs, overlay, NFS, no /proc). */
  noBlockDeviceReason?: string;
  fileSystems: FileSystemInfo[];
  dirtyBytesLimit?: number;
  dirtyBackgroundBytesLimit?: number;
  dirtyRatio?: number;
  dirtyBackgroundRatio?: number;
  nodeVersion: string;
}

export interface SizeBucket {
  /** Upper bound (exclusive) in bytes; the last bucket has Infinity, written as null in JSON. */
  maxBytes: number | null;
  label: string;
  files: number;
  bytes: number;
}

export interface ArchiveAnatomy {
  compressedBytes: number;
  extractedBytes: number;
  entries: number;
  files: number;
  directories: number;
  symlinks: number;
  hardlinks: number;
  other: number;
  sizeHistogram: SizeBucket[];
  compression: string;
  /** Set when the anatomy could not be read completely. */
  error?: string;
}

export interface RestoreResult {
  cacheHit: boolean;
  /** Key that matched; null on a miss. */
  matchedKey: string | null;
  /** Whether the primary key matched exactly (false when a restore key matched). */
  exactMatch: boolean;
  keysTried: string[];
  paths: string[];
  serviceVersion: 'v1' | 'v2';
  compressionMethod: string;
  archiveBytes: number | null;
  /** Sum of the three timed phases (lookup + download + extract), milliseconds. */
  restoreMs: number;
  /** Wall time of the whole restore call, measured independently, milliseconds. */
  wallMs: number;
  error?: { phase: PhaseName | 'setup'; message: string };
  anatomy?: ArchiveAnatomy;
}

export type ProbeName = 'seq-write' | 'rand-write' | 'seq-read' | 'rand-read' | 'rand-read-qd1' | 'fsync-write';

export interface ProbeResult {
  name: ProbeName;
  direction: 'read' | 'write';
  blockSizeBytes: number;
  ioDepth: number;
  jobs: number;
  bytesPerSecond: number;
  iops: number;
  latencyNs: { mean: number; p50: number | null; p99: number | null };
  /** fio's own runtime for the job, milliseconds. */
  runtimeMs: number;
  /** Wall time of the fio process for this probe, milliseconds. */
  wallMs: number;
  steadyState: { criterion: string; attained: boolean } | null;
  error?: string;
}

export interface ProbeSuiteResult {
  status: 'ran' | 'skipped' | 'failed';
  reason?: string;
  fioVersion?: string;
  fioInstall?: { method: string; durationMs: number };
  directory?: string;
  fileSizeBytes?: number;
  budgetMs?: number;
  wallMs: number;
  probes: ProbeResult[];
}

export type Bottleneck =
  | 'network'
  | 'disk-bandwidth'
  | 'disk-iops'
  | 'cpu'
  | 'writeback'
  | 'none'
  | 'inconclusive';

export interface Evidence {
  /** Stable id, e.g. "write-bandwidth-share". */
  id: string;
  /** Human sentence: what was measured and against what. */
  text: string;
  value: number | null;
  unit: string;
  threshold?: number;
  /** Whether this item supports the verdict it is listed under. */
  supports: boolean;
}

export interface PhaseVerdict {
  phase: PhaseName | 'restore';
  bottleneck: Bottleneck;
  sentence: string;
  evidence: Evidence[];
}

export interface WhatIf {
  resource: 'disk' | 'network' | 'cpu';
  speedup: number;
  /** Lower bound for the restore's duration with that resource `speedup` times faster. */
  restoreLowerBoundMs: number;
  sentence: string;
}

export interface Verdict {
  bottleneck: Bottleneck;
  sentence: string;
  phases: PhaseVerdict[];
  whatIf: WhatIf[];
}

export interface Profile {
  schemaVersion: typeof PROFILE_SCHEMA_VERSION;
  tool: { name: 'disk-profiler'; version: string };
  label: string;
  createdAt: string;
  /** The validated configuration, without secrets. */
  config: Record<string, unknown>;
  context: RunnerContext;
  devices: BlockDeviceInfo[];
  restore: RestoreResult | null;
  phases: PhaseRecord[];
  /** Periodic snapshots for charts; downsampled when long (see samplesEvery). */
  samples: { intervalMs: number; keptEvery: number; snapshots: Snapshot[] };
  probes: ProbeSuiteResult | null;
  verdict: Verdict | null;
  warnings: string[];
  /** The archive extracted again under alternatives (absent when `experiments: none`). */
  experiments?: ExperimentsResult;
}
