/**
 * The profile document: everything one run recorded, as plain data.
 * Judging and rendering are pure functions of this document, so a saved profile can be
 * re-judged and re-rendered offline (`disk-profiler render`). Documented in docs/profile-schema.md.
 */

import type { Spread } from '../util/spread.js';
import type { AutoDecision, CeilingsSource, HardwareFingerprint, HistoryView } from './always-on.js';
import type { RestoreRule } from './restore-rules.js';
import type { EvidenceFacts, PhaseDecision } from './phase-decision.js';
import { RESOURCES, type PhaseName, type Resource, type ProbeName } from './names.js';
import type { CeilingFromFacts, DiskShare } from './disk-share.js';

// The fixed lists and the types of a disk share live in their own modules (no cycle through this one); the schema is read from here.
export * from './names.js';
export * from './disk-share.js';

/** 2: the restore's own I/O and processes in snapshots, the pre-flush, the syncfs tail, per-resource what-ifs. */
export const PROFILE_SCHEMA_VERSION = 2 as const;

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
  /** CFS counters of the runner's cgroup that holds the CPU quota (cpu.stat); null where unreadable, absent without a cgroup. */
  cgroupCpu?: CgroupCpuCounters | null;
}

/** Cumulative cpu.stat of a cgroup, µs (v1's nanosecond fields converted). */
export interface CgroupCpuCounters {
  /** CPU time the group used (v2 usage_usec, v1 cpuacct.usage); null where not readable. */
  usageUs: number | null;
  /** Time the group was held back by its quota (v2 throttled_usec, v1 throttled_time). */
  throttledUs: number;
  /** CFS periods the group was runnable in (nr_periods), and those it ran out of quota in (nr_throttled). */
  periods: number;
  throttledPeriods: number;
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
  /** Its parent's pid: which process reaps it. Absent in recordings before it was recorded. */
  ppid?: number;
  /**
   * cutime + cstime ticks (/proc/<pid>/stat fields 16-17): its reaped children's whole CPU. When unzstd
   * exits and tar reaps it, tar's next sighting carries unzstd's final total, which no snapshot of
   * unzstd shows. Absent in recordings before it was recorded.
   */
  reapedTicks?: number;
  /**
   * Nanoseconds the process (its main thread) waited on a run queue so far, runnable but not
   * running: /proc/<pid>/schedstat field 2 (run_delay), throttled time under a CFS quota included.
   * The restore's own wait for a CPU, where PSI cpu is the machine's. Absent in recordings before it
   * was recorded and on kernels without sched_info.
   */
  runDelayNs?: number;
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
  /** The download's own HTTP requests over time (download only; see DownloadTimeline). */
  downloadTimeline?: DownloadTimeline;
}

export const TRANSFER_REQUEST_OUTCOMES = ['complete', 'aborted', 'error', 'open'] as const;
/** complete: the response body ended; aborted: closed before its end (a cut, a timeout); error: the request failed; open: still running when recording stopped. */
export type TransferRequestOutcome = (typeof TRANSFER_REQUEST_OUTCOMES)[number];

/** One HTTP request the download made (a ranged GET, the HEAD before them, a retry), from node's own http client. */
export interface DownloadRequestRecord {
  /** 1-based, in the order the requests started. */
  id: number;
  method: string;
  /** Range asked for (`x-ms-range` or `Range`), null for a whole-blob request. */
  range: string | null;
  startMs: number;
  /** When the response headers arrived (time to first byte = firstByteMs - startMs); null without a response. */
  firstByteMs: number | null;
  /** When the request closed; null while open. */
  endMs: number | null;
  status: number | null;
  /** Bytes read from its socket since it got the socket (headers and body, as the wire carried them). */
  receivedBytes: number;
  outcome: TransferRequestOutcome;
  /** Bytes received so far, at each sampler tick where it changed: [tMs, receivedBytes]. */
  points: [number, number][];
}

/** One network interface's receive counters over the download (/proc/net/dev deltas). */
export interface NetDevDelta {
  name: string;
  rxBytes: number;
  rxPackets: number;
  txBytes: number;
}

/**
 * The download seen from the requests themselves (node:diagnostics_channel http client events and each
 * request's socket.bytesRead, sampled at the sampler's interval). Only requests to the download's host
 * made by this process while the download ran: the restore's own.
 */
export interface DownloadTimeline {
  intervalMs: number;
  startMs: number;
  endMs: number;
  requests: DownloadRequestRecord[];
  /** [tMs, bytes received by all requests so far, requests in flight], recorded where either changed. */
  samples: [number, number, number][];
  /** Receive counters of every interface that received bytes meanwhile; null without /proc/net/dev. */
  interfaces: NetDevDelta[] | null;
  /** The toolkit's limits in force: what would cut a stall short. */
  limits: DownloadLimits;
  /** Requests past the recording's bound (4000), counted but not kept. */
  droppedRequests?: number;
}

/** 'azure-sdk' (parallel ranged GETs), 'http-concurrent' (http-client ranged GETs), 'http-stream' (one plain GET). */
export const DOWNLOAD_PATHS = ['azure-sdk', 'http-concurrent', 'http-stream'] as const;
export type DownloadPath = (typeof DOWNLOAD_PATHS)[number];

/** actions/cache's segment timeout when SEGMENT_DOWNLOAD_TIMEOUT_MINS is unset (its options.ts), ms. */
export const TOOLKIT_SEGMENT_TIMEOUT_MS = 600_000;
/** @actions/http-client's socket timeout without a socketTimeout option (cache v1's upload chunks), ms. */
export const HTTP_CLIENT_SOCKET_TIMEOUT_MS = 180_000;

export interface DownloadLimits {
  path: DownloadPath;
  /** Parallel requests the toolkit allows (1 on the plain stream). */
  concurrency: number;
  /** Per-request (per try) timeout, ms: the SDK's tryTimeoutInMs, the 30 s of http-client's segments, the plain stream's socket idle timeout. */
  requestTimeoutMs: number;
  /** The Azure SDK's per-segment timeout (SEGMENT_DOWNLOAD_TIMEOUT_MINS), ms; null on the HTTP paths. */
  segmentTimeoutMs: number | null;
  /** Bytes per segment (the SDK's 128 MiB), null on the HTTP paths. */
  segmentBytes: number | null;
}

/**
 * One HTTP request of the save's upload, from node's own http client: on cache v2 the Azure SDK's Put
 * Blob (an archive up to 256 MiB) or its Put Blocks and the Put Block List; on v1 a PATCH per chunk and
 * the commit's POST.
 */
export interface UploadRequestRecord {
  /** 1-based, in the order the requests started. */
  id: number;
  method: string;
  /** What it carries: v1's Content-Range, the SDK's block id; null for a whole blob or a request without a body. */
  part: string | null;
  startMs: number;
  /** The sampler tick at which its whole body had been acknowledged by the peer (at the latest its answer); null if it never was. */
  bodySentMs: number | null;
  /** When the response headers arrived: the store acknowledged the body. null without a response. */
  responseMs: number | null;
  /** When the request closed; null while open. */
  endMs: number | null;
  status: number | null;
  /** Bytes the peer acknowledged on its socket since it got the socket (headers and body): handed to the kernel less its send queue. */
  sentBytes: number;
  outcome: TransferRequestOutcome;
  /** Bytes sent so far, at each sampler tick where it changed: [tMs, sentBytes]. */
  points: [number, number][];
}

/** 'azure-sdk' (cache v2: Put Blob, or Put Blocks in parallel), 'http-chunks' (cache v1: PATCH chunks in parallel). */
export const UPLOAD_PATHS = ['azure-sdk', 'http-chunks'] as const;
export type UploadPath = (typeof UPLOAD_PATHS)[number];

export interface UploadLimits {
  path: UploadPath;
  /** Parallel requests the toolkit allows. */
  concurrency: number;
  /** Bytes per request: the SDK's block, v1's chunk. */
  chunkBytes: number;
  /** The SDK sends an archive up to this size as one Put Blob (one request, no parallelism); null on v1. */
  singleShotBytes: number | null;
  /** Client-side timeout on one try, ms; null where there is none (a held body waits as long as the job runs). */
  requestTimeoutMs: number | null;
  /** Tries per request, the first included. */
  maxTries: number;
}

/**
 * The upload seen from its requests (as DownloadTimeline, in the other direction): only requests to the
 * upload's host made by this process while the upload ran.
 */
export interface UploadTimeline {
  intervalMs: number;
  startMs: number;
  endMs: number;
  requests: UploadRequestRecord[];
  /** [tMs, bytes sent by all requests so far, requests in flight], recorded where either changed. */
  samples: [number, number, number][];
  /** Counters of every interface that moved bytes meanwhile (txBytes is the upload's side); null without /proc/net/dev. */
  interfaces: NetDevDelta[] | null;
  limits: UploadLimits;
  /** Requests past the recording's bound (4000), counted but not kept. */
  droppedRequests?: number;
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
  /** The roles for which a file system sits on this device (the top of its stack); absent in older profiles. */
  topFor?: ('restore-path' | 'archive-temp')[];
  /** The restore paths whose file system sits on this device (top of the stack only). */
  restorePaths?: string[];
  /** How the device counts: dm and md are bio-based (they count bios before the disk below merges them). */
  kind?: BlockDeviceKind;
  /** Devices directly below in the stack (dm/md slaves, a loop device's backing file's disk). */
  below?: string[];
  /** Why this device is primary when several carry restore paths, e.g. "most of the restore's bytes (by written sectors)". */
  primaryBecause?: string;
}

/** What kind of block device: from /sys/block/<dev> (dm/, md/, loop/, partition). */
export const BLOCK_DEVICE_KINDS = ['disk', 'dm', 'md', 'loop'] as const;
export type BlockDeviceKind = (typeof BLOCK_DEVICE_KINDS)[number];

export interface FileSystemInfo {
  path: string;
  mountPoint: string;
  fsType: string;
  mountOptions: string;
  source: string;
  totalBytes?: number;
  freeBytes?: number;
  /**
   * How the path was followed to a block device: a plain mount, a bind mount's root, an overlay's
   * upper layer (seen, or inferred inside a container), or why it could not be (then not measured).
   */
  resolution?: MountResolution;
}

export const RESOLUTION_METHODS = ['mount', 'bind-mount', 'overlay-upper', 'overlay-upper-inferred', 'not-measured'] as const;
export interface MountResolution {
  method: (typeof RESOLUTION_METHODS)[number];
  /** The sentence saying how, or why not. */
  detail: string;
  /** "major:minor" of the block device's file system it led to (absent for not-measured). */
  devNumber?: string;
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
  /** The cgroup the profiler (and so the step) runs in, and its limits; absent where none was found. */
  cgroup?: CgroupLimits;
  /** Other disk-profiler runs on this machine during this one's restore, probes or experiments (from the machine's ledger). */
  otherProfiles?: OtherProfile[];
  /** Present when the machine directory shared by every user was not safe to use: then only this user's profiles were seen. */
  machineDirectory?: MachineDirectory;
}

/** The directory this profile met the others in, when it was not the one every user shares (machine/place.ts). */
export interface MachineDirectory {
  path: string;
  /** False whenever this is present; said so the profile reads alone. */
  sharedWithOtherUsers: boolean;
  /** Why the shared one was not used (another user's, a symlink, writable by others without the sticky bit). */
  reason: string;
}

/** A cgroup I/O cap on one device (v2 io.max, v1 blkio.throttle.*). */
export interface CgroupIoLimit {
  /** "major:minor". */
  device: string;
  readBytesPerSecond?: number;
  writeBytesPerSecond?: number;
  readIops?: number;
  writeIops?: number;
}

/** Limits of the runner's own cgroup: the tightest of the group and the parents visible to it. */
export interface CgroupLimits {
  version: 1 | 2;
  /** The group's path in the cpu hierarchy (/proc/self/cgroup). */
  path: string;
  /** CPU quota in cores (quota / period); null for none. */
  cpuQuotaCores: number | null;
  cpuPeriodUs: number | null;
  /** Where the tightest quota was set, when a parent's rather than the group's own. */
  cpuQuotaPath?: string;
  /** Number of CPUs in the effective cpuset; null where not read. */
  cpusetCpus: number | null;
  /** Memory limit in bytes; null for none (v1's "unlimited" huge values included). */
  memoryLimitBytes: number | null;
  ioLimits: CgroupIoLimit[];
  /** What could not be read, each with why. */
  notRead?: string[];
}

/** The phases of a profile that another profile on the same machine can disturb. */
export const SHARED_PHASES = ['restore', 'probes', 'experiments'] as const;
export type SharedPhase = (typeof SHARED_PHASES)[number];

export interface OtherProfile {
  label: string;
  pid: number;
  /** This profile's phases during which the other ran. */
  during: SharedPhase[];
  /** What the other was doing meanwhile. */
  theirPhases: SharedPhase[];
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
  /**
   * Where the counts come from: tar's report of this extraction, what a run before learned from tar's
   * report of the same cache entry (then tar reported nothing on this run), or a walk of the tree (no report).
   */
  source?: AnatomySource;
  /** With source 'remembered': the run that learned it, and when. */
  learned?: { runId: string; runAttempt: string; learnedAt: string };
  /** Set when the anatomy could not be read completely. */
  error?: string;
}

export const ANATOMY_SOURCES = ['tar-report', 'remembered', 'walk'] as const;
export type AnatomySource = (typeof ANATOMY_SOURCES)[number];

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
  /**
   * Where an incomplete tail was cut when not by writeback-timeout-seconds: 'post-step', a repeat run's post
   * step began before the files were on disk and does not wait for them (as actions/cache's does not).
   */
  cutBy?: 'post-step';
}

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
  /**
   * fio's own count of the IOs it completed in the measured period (total_ios, after the ramp): for
   * direct IO, the bios it submitted, before the block layer split or merged them. Newer profiles only.
   */
  fioIos?: number;
  /** What the probed device counted over this probe's fio process, in the probe's direction. Newer profiles only. */
  deviceCounts?: ProbeDeviceCounts;
  /**
   * Set when fio was still running at this probe's deadline (planned from the probe budget) and the
   * suite stopped it there, this many ms into the budget: the figures, if any, cover only what fio
   * measured before. Newer profiles only.
   */
  cutShortAtMs?: number;
}

/**
 * The probed device's /proc/diskstats, read before and after one probe's fio process (start-up,
 * ramp and drain included), in the probe's direction. bios reaching the queue = requests + merges,
 * which is what a cgroup I/O cap (blkio, io.max) counts; requests are what the device completed.
 */
export interface ProbeDeviceCounts {
  /** diskstats name of the probed file system's device. */
  device: string;
  /** Between the two readings. */
  durationMs: number;
  /** Requests completed (after merging). */
  requests: number;
  /** Bios merged into another request. */
  merges: number;
  sectors: number;
}

/** How a stage that may not run (the probes, the experiments) ended. */
export const STAGE_STATUSES = ['ran', 'skipped', 'failed'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export interface ProbeSuiteResult {
  status: StageStatus;
  reason?: string;
  fioVersion?: string;
  /** Installing fio before the probes (outside their budget): how, how long, and whether it worked (absent: it did). */
  fioInstall?: { method: string; durationMs: number; failed?: boolean };
  directory?: string;
  /** The device the probed file system sits on (its ceilings apply to phases judged there only). */
  deviceName?: string;
  /** Why the probes ran there, e.g. when restore paths span several devices. */
  deviceBecause?: string;
  fileSizeBytes?: number;
  budgetMs?: number;
  wallMs: number;
  /** When the suite began, on the profile's clock (this run's probes only; absent in older profiles). */
  startMs?: number;
  probes: ProbeResult[];
}

export interface Evidence {
  /** Stable id, e.g. "write-bandwidth-share". */
  id: string;
  /** What was measured and the figures its sentence needs (report/say/evidence.ts says it); absent in recordings made before it. */
  facts?: EvidenceFacts;
  /** The sentence as an older version's judge wrote it, filled where a profile is written: read only where `facts` is absent. */
  text?: string;
  value: number | null;
  unit: string;
  threshold?: number;
  /** Whether this item supports the verdict it is listed under. */
  supports: boolean;
}

export interface PhaseVerdict {
  phase: PhaseName;
  bottleneck: Bottleneck;
  /** Which rule of the phase's table decided, and the figures it read (report/say/phase.ts says it); absent in recordings made before it. */
  decision?: PhaseDecision;
  /** The sentence as an older version's judge wrote it, filled where a profile is written: read only where `decision` is absent. */
  sentence?: string;
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
  /**
   * Disk what-ifs whose bound alone would save more than 1 - 1/speedup of extraction and tail: held to
   * that (the restore ran well below the ceiling doubled), or why it may save more. Absent otherwise.
   */
  half?: HalfRule;
  /** How it came out and the figures its sentence needs (report/say/what-if.ts says it); absent in recordings made before it. */
  facts?: WhatIfFacts;
  /** The sentence as an older version's judge wrote it: read only where `facts` is absent (a recording made before them). */
  sentence?: string;
}

/**
 * How a what-if came out (judge/what-if.ts whatIfs), in the order the judge tests them:
 * - not-measured: no ceiling for the resource was probed or sustained, so no figure is claimed;
 * - no-saving: it saves under 1% of the time;
 * - only-cpu-work: it saves only where a phase is read as its CPU work, not its wall time;
 * - second-limit: no phase was bound by it; the bound is what it could save were it a second limit;
 * - range: a two-sided bound, saving at least and at most;
 * - at-most: a lower bound on the time only, saving at most.
 */
export const WHAT_IF_OUTCOMES = ['not-measured', 'no-saving', 'only-cpu-work', 'second-limit', 'range', 'at-most'] as const;
export type WhatIfOutcome = (typeof WHAT_IF_OUTCOMES)[number];

/** A phase as the what-if read it: its verdict, wall time and the CPU work a CPU-bound phase is held to. */
export interface WhatIfPhaseFacts {
  phase: PhaseName;
  bottleneck: string;
  durationMs: number;
  cpuWorkMs: number;
}

/** The typed facts of a what-if: whatever its sentence says is one of these, never recomputed by the report. */
export interface WhatIfFacts {
  outcome: WhatIfOutcome;
  /** The duration now and the bounds, unrounded (the rounded ones are WhatIf's fields). */
  nowMs: number;
  lowerMs: number;
  upperMs: number | null;
  phases: WhatIfPhaseFacts[];
  /** The cgroup's CPU quota in cores, which the CPU what-if raises; null without one or for another resource. */
  cpuQuotaCores: number | null;
  /** The disk a disk what-if is about where it is not the restore's (restore paths on several disks); else null. */
  device: string | null;
  /** Where the doubled ceiling came from when not fio alone (a cgroup I/O cap); null otherwise. Absent in recordings made before it. */
  ceilingFacts?: CeilingFromFacts | null;
  /** The same in words, as an older version's judge wrote it: filled where the profile is written, read only where `ceilingFacts` is absent. */
  ceilingFrom?: string | null;
  /** The bound doubled a rate the disk sustained above the ceiling's figure (`named`, null without one); null otherwise. */
  raised: { doubledCeiling: number; namedCeiling: number | null } | null;
  /** A burst credit the bandwidth bound doubled the baseline of; null otherwise. */
  burst: { bytes: number; ms: number; baselineBytesPerSecond: number; baselineProbed: boolean } | null;
}

/**
 * The "twice X" rule on a disk what-if (what-if.ts halfRule): doubling X can at most halve the time X
 * limited, unless the bound says why not.
 * - held: the span ran well below the ceiling doubled, so the bound is held to twice the rate it got;
 * - beyond: the span ran near the ceiling, and the bound moves only the restore's own writes at twice it;
 * - several-disks: the span wrote to several disks, whose dirty pages share one limit.
 */
export const HALF_RULE_KINDS = ['held', 'beyond', 'several-disks'] as const;
export type HalfRuleKind = (typeof HALF_RULE_KINDS)[number];
export interface HalfRule {
  kind: HalfRuleKind;
  /** Extraction and tail: the time the bound shortens. */
  spanMs: number;
  /** The span's write rate (bytes/s or requests/s, as the kind relaxed counts) over the ceiling doubled; null on several disks. */
  ranAtCeilingShare: number | null;
  /** The restore's own share of what the disk wrote over the span (the bound's work). */
  ownShare: number;
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
  /** What its lines say (report/say/attribution.ts says them); absent in recordings made before them. */
  facts?: AttributionFacts;
  /** The lines as an older version's judge wrote them: read only where `facts` is absent (a recording made before them). */
  sentences?: string[];
}

/**
 * How the disk's bytes over extraction and the tail compare with the restore's own (judge/attribution.ts),
 * the order the judge tests them in:
 * - another-writer: more than metadata and journal can explain (otherWriterBytes): another writer shared the disk;
 * - likely-another-writer: more than metadata and journal added in the lab's runs (METADATA_OVERHEAD_SHARE);
 * - metadata-or-another: more than 1 % beyond the restore's own, within what metadata and journal add;
 * - own: within 1 % of the restore's own.
 */
export const DISK_WRITES_KINDS = ['another-writer', 'likely-another-writer', 'metadata-or-another', 'own'] as const;
export type DiskWritesKind = (typeof DISK_WRITES_KINDS)[number];

/** The figures the attribution's lines say, each part null where it has nothing to say. */
export interface AttributionFacts {
  /** Earlier steps' dirty pages flushed before the lookup (Profile.preflush): what the device wrote (null: not counted), how long, what was owed. */
  earlierSteps: { deviceWrittenBytes: number | null; durationMs: number; owedBeforeBytes: number | null } | null;
  /** The archive deleted right after extraction: what the download wrote of it, and what left the page cache unwritten. */
  archiveDeleted: { writtenBytes: number; cancelledBytes: number } | null;
  /** The disk's bytes against the restore's own: tar's, the archive's that reached the same disk, together, and what the disk wrote beyond them. */
  diskWrites: {
    kind: DiskWritesKind;
    tarBytes: number;
    archiveBytes: number;
    ownBytes: number;
    deviceBytes: number;
    /** deviceBytes - ownBytes, and its share of ownBytes (0 where ownBytes is 0). */
    beyondOwnBytes: number;
    beyondOwnShare: number;
  } | null;
}

/**
 * The restore's verdict as the judge decided it, with no words: which rule decided (RESTORE_RULES, in
 * their order), the phases that carry it with their shares of the restore's time, the what-if chosen,
 * the phase that could hide some time unpinned, the disk it is about. The report says it; nothing
 * downstream decides it again. Since issue 39; absent in profiles recorded before. The optional fields
 * below `device` are the figures the verdict's sentence says (report/say/verdict.ts sayVerdict), since
 * issue 39 item 1: where a recording lacks them, its readers read Verdict.sentence.
 */
export interface RestoreDecision {
  rule: RestoreRule;
  /** The phases the verdict puts on its bottleneck (judge/restore-rules.ts verdictCarriers), with their share of the restore's time. */
  carriers: { phase: PhaseName; share: number }[];
  /** The what-if whose saving chose the verdict (best-what-if); null otherwise. */
  whatIf: Resource | null;
  /** An unpinned phase that could hide less than the chosen what-if saves (said beside the verdict); null otherwise. */
  outweighed: PhaseName | null;
  /** The disk a disk verdict is about, where it is not the restore's own device; null otherwise. */
  device: string | null;
  /**
   * The rules that leave nothing to judge (NOTHING_JUDGED_RULES): the fio ceilings the verdict names
   * instead (judge/ceilings.ts), null where no probe measured the disk. Why nothing was judged is the
   * rule, its figures the profile's own (Profile.restore's error, skip or keys tried).
   */
  probes?: ProbedCeilings | null;
  /** Judged rules: the restore's time the verdict's share is of (its judged phases' total), ms, unrounded. */
  judgedMs?: number;
  /** Judged rules: the share of judgedMs the carrying phase (Verdict.phase) took. */
  carrierShare?: number;
  /** With `outweighed`: the most that phase could hide, relaxed by the chosen what-if's speed-up, ms. */
  outweighedHiddenMs?: number;
  /** With Verdict.leads 'download-stall': what would cut the stall (Verdict.download.stalls[0]) short. */
  stall?: StallLead;
  /**
   * The verdict names where its ceilings came from (Profile.ceilingsSource; pipeline/always-on.ts
   * withCeilingsSource: remembered ones always, this run's where probes: auto chose to probe).
   */
  citesCeilingsSource?: boolean;
}

/** The four fio ceilings an inconclusive verdict names, null where not probed. */
export interface ProbedCeilings {
  seqWriteBytesPerSecond: number | null;
  randWriteIops: number | null;
  seqReadBytesPerSecond: number | null;
  randReadIops: number | null;
}

/**
 * What would cut a leading download stall short (judge/download-in-verdict.ts stallLead), by path:
 * - socket-timeout: the plain HTTP stream: only @actions/cache's socket timeout, which no setting changes;
 * - request-timeout: http-client's segments, or a first byte that never came: the toolkit's per-request timeout;
 * - segment-timeout: the Azure SDK's body stall: SEGMENT_DOWNLOAD_TIMEOUT_MINS, short enough and safe;
 * - no-safe-segment-timeout: one short enough to cut it would also abort a normal segment.
 */
export const STALL_CUTS = ['socket-timeout', 'request-timeout', 'segment-timeout', 'no-safe-segment-timeout'] as const;
export type StallCut = (typeof STALL_CUTS)[number];

export interface StallLead {
  cut: StallCut;
  /** The archive's size where known: where the stall began is its share of it (else the bytes before it). */
  archiveBytes: number | null;
  /** The toolkit's per-request timeout in force (DownloadLimits.requestTimeoutMs), ms. */
  requestTimeoutMs: number;
  /** The segment cuts: the SEGMENT_DOWNLOAD_TIMEOUT_MINS that would have cut it and the one in force, ms; null on the others. */
  segmentTimeout: { cutMs: number; inForceMs: number } | null;
}

export interface Verdict {
  bottleneck: Bottleneck;
  /**
   * The sentence as written into a profile (report/say/stored.ts) for older readers; this version says it
   * again from the decision (report/say/verdict.ts) and reads this only where the decision's figures are
   * absent (a recording made before them). The judge leaves it out.
   */
  sentence?: string;
  /** How the judge decided (absent in profiles recorded before issue 39: render and compare re-judge). */
  decision?: RestoreDecision;
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
  /** One line per device when the restore paths span several (the verdict above is the primary's). */
  devices?: DeviceVerdict[];
  /** The download judged from its own timeline (absent without one). */
  download?: DownloadVerdict;
  /**
   * The download's worst stall leads the restore's verdict (judge/download-in-verdict.ts decides, the
   * sentence and the first screen follow): absent where the resource's verdict leads.
   */
  leads?: 'download-stall';
}

/** What limited one restore device over extraction and writeback; `not-probed` where fio measured another device. */
export const DEVICE_VERDICTS = ['disk-bandwidth', 'disk-iops', 'none', 'not-probed'] as const;
export interface DeviceVerdict {
  device: string;
  paths: string[];
  /** Sectors it wrote over extraction and the writeback tail, in bytes. */
  writtenBytes: number;
  primary: boolean;
  verdict: (typeof DEVICE_VERDICTS)[number];
  /** The figures its line says (report/say/device.ts); absent in recordings made before them. */
  facts?: DeviceFacts;
  /** The line as an older version's judge wrote it: read only where `facts` is absent. */
  sentence?: string;
}

/** A device's disk load over extraction and writeback, as its line says it. */
export interface DeviceFacts {
  /** Its write rate over extraction and writeback; null without counters for it. */
  writeBytesPerSecond: number | null;
  /** Its busy time's share of that span. */
  utilizationShare: number;
  /** Its largest share of a ceiling (judge/disk-load.ts DiskLoad.top); null where none could be computed. */
  top: DiskShare | null;
  /** Not probed: whether fio measured another device (named in `probedDevice` where known) or none. */
  ceilingsElsewhere: boolean;
  probedDevice: string | null;
  /** Why it is the restore's device, as the sampler recorded it (Profile.devices[].primaryBecause); null where not given or not primary. */
  primaryBecause: string | null;
}

/** What limited the download, from its timeline: see src/judge/transfer-verdict.ts and download-rules.ts. */
export const TRANSFER_LIMIT_KINDS = ['stall', 'per-connection', 'path', 'bandwidth', 'latency', 'store', 'none'] as const;
export type DownloadLimitKind = (typeof TRANSFER_LIMIT_KINDS)[number];
/** What limited the save's upload, from its timeline (src/judge/transfer-verdict.ts, upload-rules.ts): the download's kinds. */
export type UploadLimitKind = DownloadLimitKind;

/** 'body': no bytes mid-body; 'first-byte': no response for far longer than the others; 'slow': far slower than the rest. */
export const DOWNLOAD_STALL_KINDS = ['body', 'first-byte', 'slow'] as const;
export const TRANSFER_WHAT_IF_CHANGES = ['twice-per-connection', 'twice-aggregate', 'half-round-trip', 'stall-removed'] as const;
/**
 * 'body': no bytes sent mid-body; 'acknowledgement': no answer after the body for far longer than the others;
 * 'slow': far slower than the rest; 'retry': a request that failed, until the toolkit sent its part again.
 */
export const UPLOAD_STALL_KINDS = ['body', 'acknowledgement', 'slow', 'retry'] as const;

export interface DownloadStall {
  kind: (typeof DOWNLOAD_STALL_KINDS)[number];
  requestId: number;
  /** When it began (profile clock) and how long it lasted, at the sampler's resolution. */
  startMs: number;
  durationMs: number;
  /** How far the download had got when it began. */
  atBytes: number;
  /** Of the stall, how long no request received anything (the whole download stopped). */
  wholeDownloadMs: number;
  /** What the toolkit does about it, typed (report/say/transfer.ts says it); absent in recordings made before. */
  facts?: TransferStallFacts<DownloadStallToolkit>;
  /** What @actions/cache would do about it, as an older version's judge wrote it: read only where `facts` is absent. */
  toolkit?: string;
  /** The toolkit's timeout ended it (the request closed unfinished when the timeout was due). */
  endedByTimeout?: boolean;
  /** Azure SDK body stalls: the longest SEGMENT_DOWNLOAD_TIMEOUT_MINS, in ms, that would have fired during it. */
  segmentTimeoutToCutMs?: number | null;
  /**
   * Azure SDK body stalls: how long a normal segment (128 MiB, or the whole archive if smaller) takes at
   * the download's measured rate; a segment timeout under TIMEOUT_MARGIN times this is never advised.
   */
  normalSegmentMs?: number | null;
}

export interface DownloadWhatIf {
  change: (typeof TRANSFER_WHAT_IF_CHANGES)[number];
  /** The download would take at least this long. */
  downloadLowerBoundMs: number;
  /** The figures its sentence says (report/say/transfer.ts); absent in recordings made before them. */
  facts?: TransferWhatIfFacts;
  /** The sentence as an older version's judge wrote it: read only where `facts` is absent. */
  sentence?: string;
}

export interface DownloadVerdict {
  limit: DownloadLimitKind;
  /** The rule's figures, the evidence, where the transfer began: what report/say/transfer.ts says; absent in recordings made before them. */
  facts?: TransferVerdictFacts;
  /** The sentence as an older version's judge wrote it: read only where `facts` is absent. */
  sentence?: string;
  stalls: DownloadStall[];
  /** The evidence as an older version's judge wrote it: read only where `facts` is absent. */
  evidence?: string[];
  whatIf: DownloadWhatIf[];
}

export interface UploadStall {
  kind: (typeof UPLOAD_STALL_KINDS)[number];
  requestId: number;
  /** When it began (profile clock) and how long it lasted, at the sampler's resolution. */
  startMs: number;
  durationMs: number;
  /** How far the upload had got when it began. */
  atBytes: number;
  /** Of the stall, how long no request sent anything (the whole upload stopped). */
  wholeUploadMs: number;
  /** What the toolkit does about it, typed (report/say/transfer.ts says it); absent in recordings made before. */
  facts?: TransferStallFacts<UploadStallToolkit>;
  /** What @actions/cache would do about it, as an older version's judge wrote it: read only where `facts` is absent. */
  toolkit?: string;
  /** The toolkit's timeout ended it (the request closed unfinished when the timeout was due). */
  endedByTimeout: boolean;
}

export interface UploadWhatIf {
  change: (typeof TRANSFER_WHAT_IF_CHANGES)[number];
  /** The upload would take at least this long. */
  uploadLowerBoundMs: number;
  /** The figures its sentence says (report/say/transfer.ts); absent in recordings made before them. */
  facts?: TransferWhatIfFacts;
  /** The sentence as an older version's judge wrote it: read only where `facts` is absent. */
  sentence?: string;
}

export interface UploadVerdict {
  limit: UploadLimitKind;
  /** The rule's figures, the evidence, where the transfer began: what report/say/transfer.ts says; absent in recordings made before them. */
  facts?: TransferVerdictFacts;
  /** The sentence as an older version's judge wrote it: read only where `facts` is absent. */
  sentence?: string;
  stalls: UploadStall[];
  /** The evidence as an older version's judge wrote it: read only where `facts` is absent. */
  evidence?: string[];
  whatIf: UploadWhatIf[];
}

/**
 * What limited a transfer apart from any stall (transfer-stats.ts transferLimit), with the figures its
 * sentence says: the requests' waits on the far side (a fixed wait is a round trip, a spread one the
 * store), the rate's elasticity in the requests in flight, or one request or a steady rate.
 */
export interface TransferRateFacts {
  limit: Exclude<DownloadLimitKind, 'stall'>;
  /** Of the requests' time, the share spent waiting on the far side. */
  waitShare: number;
  medianWaitMs: number;
  fastestWaitMs: number;
  /** The waits' 90th percentile. */
  p90WaitMs: number;
  /** 1: a cap on each connection, 0: one on the path; null where the parallelism did not vary enough. */
  elasticity: number | null;
  /** The requests that carried the archive. */
  requests: number;
  bytesPerSecond: number;
  meanInFlight: number;
}

/** The transfer's bodies with fewest and most bodies in flight beside them, and the rate each moved. */
export interface RateAtParallelismFacts {
  inFlight: number;
  bytesPerSecond: number;
}

/**
 * A transfer's evidence, one line each, in order (report/say/transfer.ts says them):
 * - requests: the requests that carried the archive and what they moved;
 * - timing: how long bytes flowed, how long requests waited on the far side;
 * - elasticity: how a body's rate changed with the bodies beside it;
 * - carrier: the interface that carried it (its counters count all its traffic);
 * - apart-from-stall: where a stall leads the verdict, what limited the transfer apart from it (`rate`);
 * - stall: a stall that does not lead the verdict (an index into the verdict's stalls);
 * - interruption: a request closed before it was done, and the request that did its part again;
 * - pauses: the download's pauses with no request in flight (judge/segment-pauses.ts).
 */
export const TRANSFER_EVIDENCE_KINDS = ['requests', 'timing', 'elasticity', 'carrier', 'apart-from-stall', 'stall', 'interruption', 'pauses'] as const;
export type TransferEvidenceKind = (typeof TRANSFER_EVIDENCE_KINDS)[number];
export type TransferEvidence =
  | {
      kind: 'requests';
      requests: number;
      path: DownloadPath | UploadPath;
      concurrency: number;
      meanInFlight: number;
      bytes: number;
      durationMs: number;
      bytesPerSecond: number;
      /** The upload's bytes per request (a block, a chunk); null for the download. */
      chunkBytes: number | null;
      /** The upload's one Put Blob, with the most the SDK sends so; null otherwise. */
      singleShotBytes: number | null;
    }
  | { kind: 'timing'; flowingShare: number; waitShare: number; medianWaitMs: number; fastestWaitMs: number }
  | { kind: 'elasticity'; fewest: RateAtParallelismFacts; most: RateAtParallelismFacts }
  | { kind: 'carrier'; interface: string; bytes: number; bytesPerSecond: number }
  | { kind: 'apart-from-stall' }
  | { kind: 'stall'; stall: number }
  | {
      kind: 'interruption';
      requestId: number;
      outcome: TransferRequestOutcome;
      /** The download's range or the upload's part it carried, as recorded; null for a whole blob. */
      part: string | null;
      /** What it had moved when it closed (the download's received, the upload's sent). */
      bytes: number;
      /** When it closed, from the transfer's start. */
      atMs: number;
      retry: { requestId: number; part: string | null; afterMs: number } | null;
      /** The Azure SDK takes a body closed mid-way as an abort and gives up the download. */
      sdkGaveUp: boolean;
    }
  | { kind: 'pauses'; count: number; totalMs: number; diskCount: number; diskMs: number; downloadMs: number };

/** A transfer verdict's typed facts: report/say/transfer.ts says its sentence and evidence from them. */
export interface TransferVerdictFacts {
  direction: 'download' | 'upload';
  /** What limited it apart from any stall. */
  rate: TransferRateFacts;
  evidence: TransferEvidence[];
  /** When the transfer began (profile clock): a stall is placed from it. */
  startMs: number;
  /** The archive's size where known: a stall's place is its share of it, else the bytes before it. */
  archiveBytes: number | null;
}

/**
 * What @actions/cache does about a stall, by the path it took and the stall's kind (download-rules.ts,
 * upload-rules.ts):
 * - plain-socket-timeout: the plain HTTP download's socket timeout destroys the response (a miss);
 * - concurrent-part-retry: http-client's concurrent download fetches a part again after its timeout;
 * - sdk-header-retry: the Azure SDK retries a request without headers after its per-try timeout;
 * - sdk-segment-timeout: nothing but SEGMENT_DOWNLOAD_TIMEOUT_MINS ends an SDK body stall;
 * - sdk-upload-retry / chunk-retry: the SDK's retry policy, v1's 5 s wait, before a failed part is sent again;
 * - sdk-upload-no-timeout: nothing times a v2 upload out;
 * - chunk-body-socket: v1's socket timeout does not fire on a body the far side stopped reading;
 * - chunk-answer-timeout: v1's socket timeout ends a request that waited for its answer.
 */
export const DOWNLOAD_STALL_TOOLKITS = ['plain-socket-timeout', 'concurrent-part-retry', 'sdk-header-retry', 'sdk-segment-timeout'] as const;
export const UPLOAD_STALL_TOOLKITS = ['sdk-upload-retry', 'chunk-retry', 'sdk-upload-no-timeout', 'chunk-body-socket', 'chunk-answer-timeout'] as const;
export const STALL_TOOLKIT_KINDS = [...DOWNLOAD_STALL_TOOLKITS, ...UPLOAD_STALL_TOOLKITS] as const;
export type StallToolkitKind = (typeof STALL_TOOLKIT_KINDS)[number];
export type StallToolkit =
  /** `reached`: the timeout ended the request, or the stall lasted as long. */
  | { kind: 'plain-socket-timeout' | 'concurrent-part-retry' | 'sdk-header-retry'; timeoutMs: number; reached: boolean }
  | {
      kind: 'sdk-segment-timeout';
      /** The SDK's per-try timeout, which ends at the headers. */
      tryTimeoutMs: number;
      /** SEGMENT_DOWNLOAD_TIMEOUT_MINS in force, ms. */
      segmentTimeoutMs: number;
      /** The longest segment timeout that would have cut this stall short, ms. */
      cutMs: number;
      /** Whether that setting lets a normal segment finish (download-rules.ts segmentTimeoutIsSafe). */
      safe: boolean;
      normalSegmentMs: number | null;
      segmentBytes: number | null;
    }
  | { kind: 'sdk-upload-retry' | 'chunk-retry'; maxTries: number }
  | { kind: 'sdk-upload-no-timeout' }
  | { kind: 'chunk-body-socket'; timeoutMs: number }
  | { kind: 'chunk-answer-timeout'; timeoutMs: number; maxTries: number; reached: boolean };

export type DownloadStallToolkit = Extract<StallToolkit, { kind: (typeof DOWNLOAD_STALL_TOOLKITS)[number] }>;
export type UploadStallToolkit = Extract<StallToolkit, { kind: (typeof UPLOAD_STALL_TOOLKITS)[number] }>;

export interface TransferStallFacts<T extends StallToolkit = StallToolkit> {
  toolkit: T;
}

/** A transfer what-if's figures: the time now, whether the change saves anything measurable (1 %), the stall it removes. */
export interface TransferWhatIfFacts {
  nowMs: number;
  saves: boolean;
  /** stall-removed: the stall's length; null otherwise. */
  stallMs: number | null;
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
  /** The hardware this run had (see always-on.ts); absent in older profiles. */
  fingerprint?: HardwareFingerprint;
  /** Where the verdict's fio ceilings came from: this run's probes or a remembered run's; absent in older profiles. */
  ceilingsSource?: CeilingsSource;
  /** Why `probes: auto` and `experiments: auto` ran or skipped their stage; absent when not auto. */
  auto?: { probes?: AutoDecision; experiments?: AutoDecision & { memory?: FixMemory } };
  /** This run against its label's history (absent with `history: false` or in older profiles). */
  history?: HistoryView;
}

export interface Provenance {
  /** The command that recorded it, e.g. "node dist/cli.js lab cloud-volume --record fixtures/profiles". */
  command: string;
  /** The lab scenario. */
  scenario: string;
  /** What the runner was built with, in words. */
  about: string;
  /** The scenario's settings (tools/lab/scenario-specs.ts settingsOf). */
  settings: Record<string, number>;
  /** CPUs, RAM, kernel, Node, git commit of the recording tool. */
  machine: string;
  /**
   * A bench run's intervention beside the profile (tools/lab/intervention.ts): the plain restore's and
   * each relaxed one's times until the files were on disk, ms, so a test can hold a what-if to them.
   */
  intervention?: { plainOnDiskMs: number[]; relaxedOnDiskMs: Partial<Record<Resource, number[]>> };
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
  /** The upload's own HTTP requests over time (upload only; see UploadTimeline). */
  uploadTimeline?: UploadTimeline;
}

export const SAVE_STATUSES = ['saved', 'skipped', 'failed'] as const;
export type SaveStatus = (typeof SAVE_STATUSES)[number];

/** What limited a save phase: the restore's vocabulary. */
export type SaveBottleneck = Bottleneck;

export interface SaveVerdict {
  bottleneck: SaveBottleneck;
  /** The phase that took longest, with its share of the save (report/say/save.ts says it); absent in recordings made before. */
  facts?: SaveVerdictFacts;
  /** The sentence as an older version's judge wrote it: read only where `facts` is absent. */
  sentence?: string;
  phases: SavePhaseVerdict[];
  /** The upload judged from its own timeline (stalls, caps, acknowledgement waits), where it was recorded. */
  upload?: UploadVerdict;
}

export interface SavePhaseVerdict {
  phase: SavePhaseName;
  bottleneck: SaveBottleneck;
  /** Why, and the evidence, typed (report/say/save.ts says them); absent in recordings made before. */
  facts?: SavePhaseFacts;
  /** As an older version's judge wrote them: read only where `facts` is absent. */
  sentence?: string;
  evidence?: string[];
}

/** The save's verdict: the phase that took longest (null: none was recorded), its share of the save and the save's time. */
export interface SaveVerdictFacts {
  dominant: SavePhaseName | null;
  /** The dominant phase's share of the save, 0-1. */
  share: number;
  totalMs: number;
}

/**
 * Why a save phase is judged as it is (judge/save-rules.ts), with its figures:
 * - single-threaded: tar (or gzip) kept one core busy;
 * - compression: tar+zstd kept the usable cores busy; cpus-busy: the machine's CPUs were;
 * - read-bandwidth / read-iops: tar read near the disk's ceiling, or many small files waiting on it;
 * - unsaturated: neither the CPUs nor the disk reads were;
 * - upload-verdict: the upload's own verdict (SaveVerdict.upload); upload-rate: its bytes and time alone;
 * - round-trip: a call to the cache service.
 */
export const SAVE_CLAUSE_KINDS = [
  'single-threaded',
  'compression',
  'cpus-busy',
  'read-bandwidth',
  'read-iops',
  'unsaturated',
  'upload-verdict',
  'upload-rate',
  'round-trip',
] as const;
export type SaveClauseKind = (typeof SAVE_CLAUSE_KINDS)[number];
export type SaveClause =
  | { kind: 'single-threaded'; comm: string; cores: number }
  | { kind: 'compression'; childCores: number; usableCores: number; threads: number }
  | { kind: 'cpus-busy'; busyPercent: number }
  | { kind: 'read-bandwidth'; readKiBPerSecond: number; ceilingBytesPerSecond: number }
  /** `aboveDevice`: r_await is low, so the wait is above the device (a throttle, a cgroup cap). */
  | { kind: 'read-iops'; readsPerSecond: number; readRequestKiB: number; readAwaitMs: number; aboveDevice: boolean }
  | { kind: 'unsaturated' | 'round-trip' | 'upload-verdict'; phase: SavePhaseName }
  | { kind: 'upload-rate'; bytes: number; durationMs: number };

/** A save phase's evidence, one line each. */
export const SAVE_EVIDENCE_KINDS = ['child-cores', 'cpus', 'disk-read', 'io-stall', 'busiest', 'moved', 'duration'] as const;
export type SaveEvidenceKind = (typeof SAVE_EVIDENCE_KINDS)[number];
export type SaveEvidence =
  | { kind: 'child-cores'; childCores: number; usableCores: number; threads: number; cpuCount: number }
  | { kind: 'cpus'; busyPercent: number; iowaitPercent: number }
  | { kind: 'disk-read'; readsPerSecond: number; readRequestKiB: number; readAwaitMs: number; readKiBPerSecond: number }
  /** PSI io some over the phase, 0-1. */
  | { kind: 'io-stall'; share: number }
  | { kind: 'busiest'; comm: string; cores: number }
  | { kind: 'moved'; bytes: number; durationMs: number }
  | { kind: 'duration'; durationMs: number };

export interface SavePhaseFacts {
  clause: SaveClause;
  evidence: SaveEvidence[];
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
  /** Wall time (ISO) at the save's clock origin: its phases' startMs/endMs count from here. Absent when skipped and in older profiles. */
  startedAt?: string;
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
/** What the `experiments` input can ask for (the config records it): every alternative but the baseline, which always runs. */
export type ExperimentName = Exclude<AlternativeName, 'baseline'>;
export const EXPERIMENT_NAMES: readonly ExperimentName[] = ALTERNATIVES.filter((a): a is ExperimentName => a !== 'baseline');

/** Why an alternative did not run here. */
export const SKIP_REASONS = [
  'no-room',
  'no-permission',
  'no-such-file-system',
  'over-budget',
  'no-baseline',
  'no-archive',
  'already-fits',
  'pattern-path',
  'not-on-a-sample',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What this process may need root for, each decided on its own (system/privilege.ts). */
export const PRIVILEGED_OPERATIONS = ['mount', 'sysctl', 'files', 'install'] as const;
export type PrivilegedOperation = (typeof PRIVILEGED_OPERATIONS)[number];
/**
 * Why an operation cannot run here: not uid 0; uid 0 without CAP_SYS_ADMIN (a container job); uid 0
 * without the file capabilities (CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_FOWNER); /proc/sys mounted read-only;
 * a sysctl file not writable otherwise; no passwordless sudo (none, or one that asks for a password).
 */
export const PRIVILEGE_LACKS = ['not-root', 'cap-sys-admin', 'cap-files', 'sysctl-read-only', 'sysctl-not-writable', 'no-sudo'] as const;
export type PrivilegeLack = (typeof PRIVILEGE_LACKS)[number];

export interface Skip {
  alternative: AlternativeName;
  mountPoint: string | null;
  reason: SkipReason;
  /** The sentence the report shows, with the figures behind it. */
  detail: string;
  /** reason 'no-permission': the operation it needed and what this process lacks for it (directly and through sudo). */
  permission?: { operation: PrivilegedOperation; lacks: PrivilegeLack[] };
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
  /** Which sample of the archive the run extracted (ExperimentsResult.sample); absent for a run on the whole archive. */
  sample?: SampleSizeName;
  /**
   * CPU time of tar and its decompressor (user + system, reaped children's) from start to exit; for
   * decompress, of the decompression. Null without /proc; absent in profiles written before it.
   */
  cpuMs?: number | null;
  error?: string;
  /**
   * With error: the run was stopped at the budget's end, far slower than the runs before it predicted, after
   * running this long: a lower bound of its time, counted as that in its outcome (experiment/outcomes.ts).
   */
  stoppedAfterMs?: number;
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
  /** What a user would change in the workflow to get this, in one line (the table's). */
  apply: string;
  /** The same as the workflow step the experiment applied (experiment/fix-step.ts); absent in older profiles. */
  fix?: WorkflowFix;
  failedRuns: number;
  /**
   * Set when the outcome was measured on samples of the archive and extrapolated to the whole restore
   * (ExperimentsResult.sample): timeMs and savingMs are then the extrapolated figures, and this the
   * saving's range from the runs' spread and the two ways of sizing the sample. Absent for full runs.
   */
  sampled?: {
    savingLowMs: number;
    savingHighMs: number;
    largeSampleTimeMs: Spread;
    /** Absent where the samples were read in pairs (ExperimentsSample.reading): only the large one ran. */
    smallSampleTimeMs?: Spread;
    /**
     * 'restore': the baseline is the restore's own extraction and writeback tail, as timed, and each
     * alternative's time its share of the baseline on the samples, extrapolated, times that
     * (experiment/sampled-outcomes.ts). Absent: both extrapolated from the samples.
     */
    baselineFrom?: 'restore';
  };
}

/** The two nested samples the sampled experiments run on (experiment/sample-select.ts). */
export const SAMPLE_SIZE_NAMES = ['large', 'small'] as const;
export type SampleSizeName = (typeof SAMPLE_SIZE_NAMES)[number];

/** One sample of the archive: what it kept of the whole. */
export interface ArchiveSampleSize {
  name: SampleSizeName;
  /**
   * Every `every`-th cluster is kept whole, the clusters ordered by their bytes (experiment/sample-select.ts):
   * a cluster is the subtree below one directory at the plan's depth (a package), or a file above that
   * depth on its own; the directories above the depth, and the take-all stratum, are kept in every sample.
   */
  every: number;
  entries: number;
  keptEntries: number;
  /** Of the members that are sampled (all but the directories above the cluster depth and the take-all stratum): the share kept. */
  entryShare: number;
  bytes: number;
  keptBytes: number;
  /** Of the bytes that are sampled (the take-all stratum's left out): the share kept. */
  byteShare: number;
  /** Members and bytes too large to sample (single large files), kept in both samples. Absent before they were. */
  everySampleEntries?: number;
  everySampleBytes?: number;
  /** Directories kept: those above the cluster depth and those inside kept clusters. */
  directories: number;
  droppedHardLinks: number;
  archiveBytes: number;
}

/**
 * Why and how the experiments ran on samples of the archive: full runs did not fit the budget, so
 * two nested samples of whole subtrees (the directories above the cluster depth, every k-th cluster
 * ordered by bytes kept whole with its parents, and what is too large to sample in both) were timed
 * and each alternative extrapolated to the whole restore along T(x) = T0 + slope·x.
 */
/**
 * What samples are made from: the archive (decompressed, its members filtered) or the restored tree
 * (the members tar just extracted, archived again), where it holds exactly what tar reported extracting.
 */
export const SAMPLE_MADE_FROM = ['archive', 'restored-tree'] as const;
export type SampleMadeFrom = (typeof SAMPLE_MADE_FROM)[number];

/**
 * How runs on samples are read as the whole restore: 'line', through two nested samples to the whole
 * (experiment/sample-extrapolate.ts); 'pairs', each alternative's share of the baseline round by round
 * on one sample, for a restore the CPU held (experiment/sample-pairs.ts).
 */
export const SAMPLE_READINGS = ['line', 'pairs'] as const;
export type SampleReading = (typeof SAMPLE_READINGS)[number];

export interface ExperimentsSample {
  /** The sentence why full runs did not fit (the plan's figures). */
  why: string;
  /** Making both samples: from the archive, decompressing it whole, filtering, compressing again; from the restored tree, tar -c of each sample's members, compressed. */
  buildMs: number;
  /** What the samples were made from (absent in profiles before it was recorded: the archive). */
  madeFrom?: SampleMadeFrom;
  /** How the runs were read as the whole restore (absent in profiles before it was recorded: the line). */
  reading?: SampleReading;
  sizes: ArchiveSampleSize[];
}

/** What a workflow can do with an alternative: paste a step, or nothing (why in `note`). */
export const WORKFLOW_FIX_KINDS = ['step', 'none'] as const;
export type WorkflowFixKind = (typeof WORKFLOW_FIX_KINDS)[number];

/**
 * An alternative as the user adds it to the workflow: the YAML step the experiment did the same as,
 * where it goes, what goes wrong placed elsewhere, and the restore paths it covers.
 */
export interface WorkflowFix {
  kind: WorkflowFixKind;
  /** The step to paste (`- name: …` / `run: |`); null for none. */
  yaml: string | null;
  /** Where the step goes, in words; null for none. */
  placement: string | null;
  /** What placing it elsewhere (after the restore step) does; null where nothing goes wrong. */
  misplaced: string | null;
  /** Its cost, what it leaves to later steps, or why there is nothing to paste. */
  note: string | null;
  /** The restore paths the step covers, as the workflow writes them (every path, or none for a machine-wide setting). */
  paths: string[];
}

export interface ExperimentsResult {
  status: StageStatus;
  reason?: string;
  budgetMs: number;
  /** Wall time of all experiments (refetch included). */
  wallMs: number;
  /** When the experiments began, on the profile's clock (absent when they did not run and in older profiles). */
  startMs?: number;
  /** The second download of the same archive: a second network figure. */
  refetch: {
    durationMs: number;
    bytes: number;
    where: string;
    inRam: boolean;
    /** The same archive fetched again with more parallel requests (see parallel-refetch.ts); absent when not tried. */
    parallel?: { concurrency: number; baselineConcurrency: number; durationMs: number; baselineDurationMs: number } | { skipped: string };
  } | null;
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
  /**
   * Set when this run measured nothing and these are the fixes an earlier run measured on the same
   * hardware and cache shape (experiments: auto, issue 40); absent when this run measured them.
   */
  measuredOn?: FixesMeasuredOn;
  /** Set when full runs did not fit the budget and the outcomes were measured on samples and extrapolated; absent for full runs and in older profiles. */
  sample?: ExperimentsSample;
}

/** The run that measured remembered fixes, and where they were remembered. */
export interface FixesMeasuredOn {
  runId: string;
  runAttempt: string;
  /** When its experiments ran (ISO). */
  measuredAt: string;
  fingerprintId: string;
  /** The Actions cache key they were restored from. */
  cacheKey: string;
}

/**
 * Why experiments: auto reused remembered fixes ('fresh') or measured again (every other reason):
 * judge/auto-rules.ts fixMemory decides it; the report says it in words.
 */
export const FIX_MEMORY_REASONS = [
  'fresh',
  'none-remembered',
  'stale',
  'hardware-changed',
  'size-changed',
  'files-changed',
  'verdict-changed',
  'time-outside',
  'not-measured',
] as const;
export type FixMemoryReason = (typeof FIX_MEMORY_REASONS)[number];

export interface FixMemory {
  reason: FixMemoryReason;
  /** The remembered run, when one was found. */
  remembered: FixesMeasuredOn | null;
  /**
   * What was held against it, where the reason compares a figure: measured (the remembered run's) and now,
   * and the limit it was held to. stale: measuredAt and now as epoch ms, limit the age in ms; size- and
   * files-changed: bytes or files, limit the band (a share); time-outside: ms until on disk, limit the
   * factor; hardware-changed: fingerprint ids; verdict-changed: bottlenecks; not-measured: experiment
   * names (comma-joined). Null for fresh and none-remembered.
   */
  compared: { measured: number | string; now: number | string; limit: number } | null;
  /** none-remembered: why none was found (the cache's answer). */
  missing?: string;
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
