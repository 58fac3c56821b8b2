/**
 * The profile document: everything one run recorded, as plain data.
 * Judging and rendering are pure functions of this document, so a saved profile can be
 * re-judged and re-rendered offline (`disk-profiler render`). Documented in docs/profile-schema.md.
 */

import type { Spread } from '../util/spread.js';

/** 2: the restore's own I/O and processes in snapshots, the pre-flush, the syncfs tail, per-resource what-ifs. */
export const PROFILE_SCHEMA_VERSION = 2 as const;

/**
 * Phases of a restore, in order. `writeback` is the tail after tar exits, until syncfs of every file
 * system the restore wrote has returned.
 */
export const PHASES = ['lookup', 'download', 'extract', 'writeback'] as const;
export type PhaseName = (typeof PHASES)[number];

/** What an intervention can relax, and what a verdict or a what-if names. */
export const RESOURCES = ['network', 'disk-bandwidth', 'disk-iops', 'cpu'] as const;
export type Resource = (typeof RESOURCES)[number];
/** The resources that are the disk. */
export const DISK_RESOURCES = ['disk-bandwidth', 'disk-iops'] as const satisfies readonly Resource[];
export type DiskResource = (typeof DISK_RESOURCES)[number];

/** A verdict: a resource, or no bottleneck, or not enough evidence to name one. */
export const BOTTLENECKS = [...RESOURCES, 'none', 'inconclusive'] as const;
export type Bottleneck = (typeof BOTTLENECKS)[number];

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
  /** This process's own CPU (user+system ticks, children excluded): what the download costs. Since schema 2. */
  selfCpuTicks?: number | null;
  /**
   * This process's own CPU from process.cpuUsage(), user + system, microseconds: exact where ticks are
   * 10 ms steps, so a download of a tenth of a second is still measured. Boundary snapshots only.
   */
  selfCpuUs?: number | null;
  /**
   * I/O this process and its descendants caused (/proc/<pid>/io), cumulative: reaped children are
   * folded into their parent by the kernel, live ones are added. Since schema 2.
   */
  ownIo?: OwnIo | null;
  /** Live descendants (tar, zstd) at this instant, each with its own cumulative CPU. Since schema 2. */
  processes?: ProcessTicks[];
}

/** /proc/<pid>/io fields, bytes. */
export interface OwnIo {
  /** Bytes this process caused to be read from storage. */
  readBytes: number;
  /** Bytes it dirtied in the page cache (counted when dirtied, not when the disk writes them). */
  writeBytes: number;
  /** Dirty bytes dropped unwritten, e.g. by deleting or truncating a file before writeback. */
  cancelledWriteBytes: number;
}

export interface ProcessTicks {
  pid: number;
  /** Process name (comm), e.g. "tar", "zstd". */
  comm: string;
  /** user+system ticks of the process itself (its reaped children are not in it). */
  cpuTicks: number;
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
  /** /proc/meminfo Dirty and Writeback when the profiler started: what earlier steps left owed. Since schema 2. */
  dirtyAtStartBytes?: number;
  writebackAtStartBytes?: number;
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
  error?: { phase: PhaseName; message: string };
  anatomy?: ArchiveAnatomy;
  /**
   * Why the restore stopped short without an error, as restoreCache would: ACTIONS_CACHE_MODE forbids
   * reads (no phase at all), or lookup-only found an entry (the lookup phase only). Absent otherwise.
   */
  skipped?: { reason: RestoreSkipReason; message: string };
}

/** One syncfs(2) (`sync -f`) of a file system, timed from its start to its return. */
export interface FileSystemSync {
  mountPoint: string;
  durationMs: number;
  /** False when it had not returned within the time allowed (the wait was cut there). */
  returned: boolean;
}

/**
 * Before the lookup: what earlier steps left dirty on the file systems the restore writes, flushed
 * so it is not counted as the restore's. Outside the restore's time.
 */
export interface Preflush {
  /** Dirty + Writeback machine-wide before and after the flush, bytes. */
  owedBeforeBytes: number | null;
  owedAfterBytes: number | null;
  /** Bytes the restore path's disk wrote during the flush. */
  deviceWrittenBytes: number | null;
  durationMs: number;
  syncs: FileSystemSync[];
}

/** The writeback tail: syncfs of each file system the restore wrote, started when extraction ended. */
export interface WritebackTail {
  syncs: FileSystemSync[];
  /** True when every syncfs returned within writeback-timeout-seconds. */
  complete: boolean;
}

/** The fio probes, in canonical order: the suite runs and reports them in this order whatever order they were asked in. */
export const PROBE_NAMES = ['seq-write', 'seq-read', 'rand-write', 'rand-read', 'rand-read-qd1', 'fsync-write'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];

export const RESTORE_SKIP_REASONS = ['cache-mode', 'lookup-only'] as const;
export type RestoreSkipReason = (typeof RESTORE_SKIP_REASONS)[number];

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

/** How a stage that may not run (the probes, the experiments) ended. */
export const STAGE_STATUSES = ['ran', 'skipped', 'failed'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export interface ProbeSuiteResult {
  status: StageStatus;
  reason?: string;
  fioVersion?: string;
  fioInstall?: { method: string; durationMs: number };
  directory?: string;
  fileSizeBytes?: number;
  budgetMs?: number;
  wallMs: number;
  probes: ProbeResult[];
}

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
  phase: PhaseName;
  bottleneck: Bottleneck;
  sentence: string;
  evidence: Evidence[];
  /** The phase's duration: what the verdict puts on its bottleneck. Since schema 2. */
  durationMs?: number;
}

/**
 * The two times a restore can be judged on: the step's (lookup + download + extraction, until tar
 * exits: what the step costs the job) and until its files are on disk (the step plus the writeback
 * tail, which later steps pay).
 */
export const RESTORE_SPANS = ['step', 'until-on-disk'] as const;
export type RestoreSpan = (typeof RESTORE_SPANS)[number];

export interface WhatIf {
  resource: Resource;
  speedup: number;
  /**
   * Lower bound for the restore's duration with that resource `speedup` times faster. Where the
   * what-if is not measured (measured: false) it is the trivial bound: the phases it would shorten
   * taken as free.
   */
  restoreLowerBoundMs: number;
  /** Upper bound for that duration, where measured (two-sided); null where only the lower bound is. */
  restoreUpperBoundMs?: number | null;
  /** The duration now, of the span `about` names. */
  restoreMs?: number;
  /** restoreMs - restoreLowerBoundMs: the most the change could save. */
  savingAtMostMs?: number;
  /** restoreMs - restoreUpperBoundMs: the least it saves; null without an upper bound. */
  savingAtLeastMs?: number | null;
  /** False when the resource has no measured ceiling and no rate the restore sustained: no figure is claimed. */
  measured?: boolean;
  /** Which time the bounds are about; the what-ifs are about the time until the files are on disk. */
  about?: RestoreSpan;
  sentence: string;
}

/** Whose bytes the restore's disk wrote: the restore's own, or another writer's. Since schema 2. */
export interface Attribution {
  /** Bytes the restore's processes dirtied during extraction (tar writing the files). */
  ownWrittenBytes: number | null;
  /** Bytes dropped unwritten: the archive deleted right after extraction, as restoreCache does. */
  ownCancelledBytes: number | null;
  /** Bytes the restore path's device wrote during extraction and the writeback tail. */
  deviceWrittenBytes: number | null;
  /** What the device wrote beyond the restore's own bytes and file-system overhead, when that is large. */
  otherWriterBytes: number | null;
  sentences: string[];
}

export interface Verdict {
  bottleneck: Bottleneck;
  sentence: string;
  /** lookup + download + extraction, ms: what the step costs the job (tar's exit). */
  stepMs?: number;
  /** stepMs plus the writeback tail, ms: until the restore's files were on disk. */
  untilOnDiskMs?: number;
  /** Which of the two the verdict (and its what-ifs) is about. */
  about?: RestoreSpan;
  /** The phase the verdict rests on (the longest judged so); its what-if is whatIf[bottleneck]. */
  phase?: PhaseName;
  phases: PhaseVerdict[];
  whatIf: WhatIf[];
  attribution?: Attribution;
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
  /** Periodic snapshots for charts; thinned to every keptEvery-th tick when long. */
  samples: { intervalMs: number; keptEvery: number; snapshots: Snapshot[] };
  probes: ProbeSuiteResult | null;
  verdict: Verdict | null;
  warnings: string[];
  /** Since schema 2; absent when the restore wrote nothing to flush for. */
  preflush?: Preflush | null;
  writebackTail?: WritebackTail | null;
  /** Where a recorded fixture came from (set by `disk-profiler lab --record`); absent in a run's own profile. */
  provenance?: Provenance;
  /** The post step's cache save, when it ran or decided not to (added to the profile by the post step). */
  save?: SaveResult;
  /** The archive extracted again under alternatives (absent when `experiments: none`). */
  experiments?: ExperimentsResult;
}

export interface Provenance {
  /** The command that recorded it, e.g. "node dist/cli.js lab cloud-volume --record fixtures/profiles". */
  command: string;
  /** The lab scenario. */
  scenario: string;
  /** What the runner was built with, in words. */
  about: string;
  /** The scenario's settings (src/lab/scenario-specs.ts settingsOf). */
  settings: Record<string, number>;
  /** CPUs, RAM, kernel, Node, git commit of the recording tool. */
  machine: string;
}

/**
 * The save's phases, as saveCacheV2 calls them: list (compression method + resolvePaths' glob), archive
 * (tar reading the files, zstd compressing), reserve (CreateCacheEntry / reserveCache), upload (the blob),
 * commit (FinalizeCacheEntryUpload). On cache service v1 the commit is inside the upload call. The last
 * phase ends after the archive's deletion, as saveCache returns only then.
 */
export const SAVE_PHASES = ['list', 'archive', 'reserve', 'upload', 'commit'] as const;
export type SavePhaseName = (typeof SAVE_PHASES)[number];

export interface SavePhaseRecord extends Omit<PhaseRecord, 'name'> {
  name: SavePhaseName;
}

export const SAVE_STATUSES = ['saved', 'skipped', 'failed'] as const;
export type SaveStatus = (typeof SAVE_STATUSES)[number];

/** What limited a save phase: the restore's vocabulary. */
export type SaveBottleneck = Bottleneck;

export interface SaveVerdict {
  bottleneck: SaveBottleneck;
  sentence: string;
  phases: { phase: SavePhaseName; bottleneck: SaveBottleneck; sentence: string; evidence: string[] }[];
}

export interface SaveResult {
  status: SaveStatus;
  /** Why it was skipped or failed, in words (skipped: save false, exact hit, job not successful, cache mode). */
  reason?: string;
  key: string;
  paths: string[];
  serviceVersion: 'v1' | 'v2';
  compressionMethod: string;
  /** The paths resolvePaths matched (relative to the workspace), as tar was given them. */
  matchedPaths: string[];
  archiveBytes: number | null;
  cacheId: number | null;
  /** zstd's worker threads: zstdmt = zstd -T0, one per detected core. */
  compressionThreads: number | null;
  phases: SavePhaseRecord[];
  /** Sum of the phases, milliseconds. */
  saveMs: number;
  /** Wall time of the whole save call, measured independently, milliseconds. */
  wallMs: number;
  devices: BlockDeviceInfo[];
  samples: { intervalMs: number; keptEvery: number; snapshots: Snapshot[] };
  error?: { phase: SavePhaseName; message: string };
  verdict: SaveVerdict | null;
}

// The experiments' plain data (src/experiment): the schema names it, so it is defined here.

/**
 * The alternatives an experiment can extract the archive under, defined once. `baseline` re-runs the
 * extraction exactly as the restore did; the others each take one thing away or change one thing.
 */
export const ALTERNATIVES = ['baseline', 'ram', 'decompress', 'other-disk', 'page-cache'] as const;
export type AlternativeName = (typeof ALTERNATIVES)[number];

/** Why an alternative did not run here. */
export const SKIP_REASONS = ['no-room', 'no-permission', 'no-such-file-system', 'over-budget', 'no-baseline', 'no-archive'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface Skip {
  alternative: AlternativeName;
  mountPoint: string | null;
  reason: SkipReason;
  /** The sentence the report shows, with the figures behind it. */
  detail: string;
}

/** One timed extraction (or decompression) under one alternative. */
export interface RunRecord {
  alternative: AlternativeName;
  mountPoint: string | null;
  /** From the start of tar until tar exited (the restore step's share). */
  stepMs: number;
  /** syncfs of the target file system after tar exited: what was still owed to the disk. */
  syncMs: number;
  /** stepMs + syncMs: until the files were on disk. */
  untilOnDiskMs: number;
  /**
   * CPU time of tar and its decompressor (user + system, reaped children's) from start to exit; for
   * decompress, of the decompression. Null without /proc; absent in profiles written before it.
   */
  cpuMs?: number | null;
  error?: string;
}

export interface AlternativeOutcome {
  alternative: AlternativeName;
  mountPoint: string | null;
  /**
   * The figure compared with the baseline: time until on disk, except page-cache, whose point is the
   * step time (tar's exit) with the writeback left for later steps.
   */
  timeMs: Spread;
  /** page-cache only: syncfs after tar exited, i.e. the writeback handed to later steps. */
  writebackLeftMs: Spread | null;
  /** CPU time of tar and its decompressor per run (RunRecord.cpuMs); null without it, absent in older profiles. */
  cpuMs?: Spread | null;
  /** Baseline median minus this median; null for the baseline itself. */
  savingMs: number | null;
  /** savingMs / baseline median. */
  savingShare: number | null;
  /** What a user would change in the workflow to get this. */
  apply: string;
  failedRuns: number;
}

export interface ExperimentsResult {
  status: StageStatus;
  reason?: string;
  budgetMs: number;
  /** Wall time of all experiments (refetch included). */
  wallMs: number;
  /** The second download of the same archive: a second network figure. */
  refetch: { durationMs: number; bytes: number; where: string; inRam: boolean } | null;
  outcomes: AlternativeOutcome[];
  runs: RunRecord[];
  skipped: Skip[];
  /**
   * page-cache's step as the profile predicts it (see page-cache-prediction.ts): made from the profiled
   * extraction, not from the experiments; null when the profile cannot say, absent in older profiles.
   */
  pageCachePrediction?: PageCachePrediction | null;
  /** The alternative that saved the most ('none' when none saved FIX_MIN_SAVING_SHARE). */
  fixBest: { alternative: AlternativeName | 'none'; mountPoint: string | null; savingMs: number | null };
}

/**
 * page-cache's step as the profile predicts it (experiment/page-cache-prediction.ts), made from the
 * profiled extraction, not from the experiments.
 */
export interface PageCachePrediction {
  /** The predicted step time with the budget raised to fit (tar's exit), ms. */
  stepMs: number;
  /** What it rests on: the busiest process of the profiled extraction and how long that extraction took. */
  basis: { comm: string; cores: number; extractMs: number };
}
