/**
 * The fio probes as data: which job each probe runs, how big its file is, how long it may run.
 * Pure: the suite turns these argument arrays into processes.
 *
 * Method: Google Cloud's disk benchmark (libaio, direct=1, verify=0, time_based, ramp, group_reporting,
 * iodepth_batch for the IOPS probes), shortened by fio's own steady-state detection under a hard
 * runtime cap so the whole suite fits a CI-friendly budget (30 s by default).
 */
import { PROBE_NAMES, type ProbeName } from '../profile/schema.js';
import { ProfilerError } from '../util/errors.js';

import { GiB, MiB } from '../util/units.js';

export { PROBE_NAMES };

/** Name of the one data file inside our temp directory; every probe reuses it. */
export const PROBE_FILE_NAME = 'probe.dat';

/** The probe file is at most this share of the free space, so probing never fills a runner's disk. */
export const FREE_SPACE_SHARE = 0.1;
/** Large enough to defeat small device/host caches, small enough to lay out in seconds at 200 MB/s. */
export const MAX_FILE_BYTES = 1 * GiB;
/** Below this, 4k random IO covers too few distinct blocks and the figures stop meaning much. */
export const MIN_FILE_BYTES = 64 * MiB;

/** fio start-up and JSON write-out, measured here at ~330 ms per process; rounded up for slower runners. */
export const PROCESS_OVERHEAD_MS = 500;
/**
 * Ramp before fio starts counting. Logged at 250 ms from the first IO on this project's VM, only the
 * first 250-500 ms ran low (seq-write and QD1 reads at 72-80 % of their later mean); steady-state
 * detection covers any slower warm-up, and every 100 ms spent here is lost to six measurements.
 */
export const ADAPTIVE_RAMP_MS = 500;
/** Share of the budget the layout may take; whatever it leaves unused goes to the probes. */
export const LAYOUT_BUDGET_SHARE = 0.2;
/**
 * fio samples steady state once per second. A window must also be long enough to average a shared
 * host's second-to-second wobble: over 40 s runs on this project's VM, 2 s windows strayed from the
 * run's mean by a standard deviation of 4-11 % depending on the probe, 3 s windows by 3-8 %.
 */
export const MIN_SS_DUR_S = 3;
export const MAX_SS_DUR_S = 10;

export type FioEngine = 'libaio' | 'posixaio' | 'psync';

export interface ProbeDefinition {
  name: ProbeName;
  direction: 'read' | 'write';
  rw: 'read' | 'write' | 'randread' | 'randwrite';
  blockSizeBytes: number;
  /** Queue depth per job. */
  ioDepth: number;
  jobs: number;
  ioEngine: FioEngine;
  direct: boolean;
  /** fdatasync after every N writes; 0 = never. */
  fdatasync: number;
  /** Submit/complete in batches of ioDepth, as Google's IOPS jobs do, so submission overhead does not cap IOPS. */
  batch: boolean;
  /** fio --steadystate criterion for the adaptive mode. */
  steadyState: string;
}

export class InsufficientSpaceError extends ProfilerError {
  constructor(
    readonly freeBytes: number,
    readonly neededBytes: number,
    where: string,
  ) {
    super(
      `Not enough free space for the disk probes on ${where}: ${formatMiB(freeBytes)} free, ` +
        `the probes need at least ${formatMiB(neededBytes)} free (their file is at most ` +
        `${FREE_SPACE_SHARE * 100}% of the free space and at least ${formatMiB(MIN_FILE_BYTES)}).`,
      'Free some space on that filesystem, or turn the probes off for this runner.',
    );
  }
}

function formatMiB(bytes: number): string {
  return `${Math.floor(bytes / MiB)} MiB`;
}

/**
 * Jobs for the parallel probes: one per core, at most 4. fio at high queue depth is CPU-bound per job
 * at ~100k IOPS, so one job per core lets a 2-4 vCPU runner (GitHub's hosted sizes) reach its disk's
 * ceiling; more jobs than cores only adds contention with nothing gained, and beyond 4 the total queue
 * depth (fixed below) is already spread thin.
 */
export function jobCount(cpuCount: number): number {
  return Math.max(1, Math.min(4, Math.floor(cpuCount) || 1));
}

/**
 * Total outstanding IO the device sees, whatever the job count. Random: Google's 256 x 4 KiB.
 * Sequential: 16 x 1 MiB instead of Google's 64 per job, because our runs last seconds, not 60 s:
 * fio counts the bytes in flight when the ramp ends in io_bytes (but not in total_ios), and waits for
 * the bytes in flight at the cap, so both errors scale with in-flight bytes / (bandwidth x runtime).
 * Measured on a loop device throttled to 50 MiB/s (6 s runs): 2 x 32 in flight read 50.9 MiB/s with
 * 62 MiB of ramp-era bytes counted, 2 x 4 read 49.8 MiB/s. 16 MiB in flight still saturates 1 MiB
 * sequential IO on cloud disks and NVMe (16 MiB / 5 ms = 3.2 GB/s).
 */
export const SEQ_TOTAL_QUEUE_DEPTH = 16;
export const RAND_TOTAL_QUEUE_DEPTH = 256;

export function defineProbe(name: ProbeName, cpuCount: number, platform: NodeJS.Platform = 'linux'): ProbeDefinition {
  // libaio is Linux-only; posixaio is fio's portable async engine (macOS runners).
  const asyncEngine: FioEngine = platform === 'linux' ? 'libaio' : 'posixaio';
  const jobs = jobCount(cpuCount);
  const seqDepth = Math.max(1, Math.round(SEQ_TOTAL_QUEUE_DEPTH / jobs));
  const randDepth = Math.max(1, Math.round(RAND_TOTAL_QUEUE_DEPTH / jobs));
  const base = { ioEngine: asyncEngine, direct: true, fdatasync: 0, batch: false };
  switch (name) {
    case 'seq-write':
      return { ...base, name, direction: 'write', rw: 'write', blockSizeBytes: MiB, ioDepth: seqDepth, jobs, steadyState: 'bw_slope:3%' };
    case 'seq-read':
      return { ...base, name, direction: 'read', rw: 'read', blockSizeBytes: MiB, ioDepth: seqDepth, jobs, steadyState: 'bw_slope:3%' };
    case 'rand-write':
      return { ...base, name, direction: 'write', rw: 'randwrite', blockSizeBytes: 4096, ioDepth: randDepth, jobs, batch: true, steadyState: 'iops_slope:3%' };
    case 'rand-read':
      return { ...base, name, direction: 'read', rw: 'randread', blockSizeBytes: 4096, ioDepth: randDepth, jobs, batch: true, steadyState: 'iops_slope:3%' };
    case 'rand-read-qd1':
      // One request at a time: the per-request latency a single-threaded reader feels. Its IOPS wobble
      // around a level rather than trend, so the criterion is deviation from the mean, not slope.
      return { ...base, name, direction: 'read', rw: 'randread', blockSizeBytes: 4096, ioDepth: 1, jobs: 1, steadyState: 'iops:10%' };
    case 'fsync-write':
      // What package managers and git do: buffered 4k writes, each made durable with fdatasync.
      // Buffered (direct=0) on purpose, and a synchronous engine because the sync is the point.
      return {
        ...base,
        name,
        direction: 'write',
        rw: 'write',
        blockSizeBytes: 4096,
        ioDepth: 1,
        jobs: 1,
        ioEngine: 'psync',
        direct: false,
        fdatasync: 1,
        steadyState: 'iops:10%',
      };
  }
}

/** The probes asked for, deduplicated, in canonical order. */
export function orderProbes(probes: readonly ProbeName[]): ProbeName[] {
  return PROBE_NAMES.filter((name) => probes.includes(name));
}

/**
 * Size of the one probe file: 10% of the free space, at most 1 GiB, a whole number of MiB per job.
 * Throws InsufficientSpaceError when 10% of the free space is under 64 MiB.
 */
export function planFileSize(freeBytes: number, jobs: number, where = 'the target filesystem'): number {
  const share = Math.floor(freeBytes * FREE_SPACE_SHARE);
  if (share < MIN_FILE_BYTES) {
    throw new InsufficientSpaceError(freeBytes, Math.ceil(MIN_FILE_BYTES / FREE_SPACE_SHARE), where);
  }
  const unit = MiB * Math.max(1, jobs);
  return Math.floor(Math.min(MAX_FILE_BYTES, share) / unit) * unit;
}

export interface BudgetPlan {
  /** Hard cap for laying out the file; the layout ends earlier when the file is written. */
  layoutCapMs: number;
  /** What each probe gets if the layout uses its whole cap; the suite redistributes unused time. */
  nominalSlotMs: number;
}

export function planBudget(budgetMs: number, probeCount: number): BudgetPlan {
  const layoutCapMs = Math.round(Math.min(20_000, Math.max(1000, budgetMs * LAYOUT_BUDGET_SHARE)));
  const nominalSlotMs = probeCount > 0 ? Math.floor((budgetMs - layoutCapMs - PROCESS_OVERHEAD_MS) / probeCount) : 0;
  return { layoutCapMs, nominalSlotMs };
}

export interface ProbeTiming {
  mode: 'adaptive' | 'reference';
  rampMs: number;
  /** fio --runtime: the hard cap after the ramp. */
  runtimeMs: number;
  /** Steady-state window in whole seconds; null = no steady-state detection (reference mode, tiny slots). */
  ssDurS: number | null;
}

/**
 * Timing for one adaptive probe given the wall time left and the probes still to run, so time a probe
 * saves by reaching steady state early goes to the ones after it. `drainMs` is how long the IO still
 * in flight at the cap takes to complete (see drainEstimateMs). Null when too little time is left for
 * a meaningful measurement (under 1 s after ramp and overhead).
 */
export function adaptiveTiming(remainingMs: number, probesLeft: number, drainMs = 0): ProbeTiming | null {
  if (probesLeft <= 0) return null;
  const slotMs = Math.floor(remainingMs / probesLeft);
  const runtimeMs = Math.floor((slotMs - ADAPTIVE_RAMP_MS - PROCESS_OVERHEAD_MS - drainMs) / 100) * 100;
  if (runtimeMs < 1000) return null;
  const windowS = Math.floor(runtimeMs / 1000 / 2);
  const ssDurS = runtimeMs >= MIN_SS_DUR_S * 1000 ? Math.min(MAX_SS_DUR_S, Math.max(MIN_SS_DUR_S, windowS)) : null;
  return { mode: 'adaptive', rampMs: ADAPTIVE_RAMP_MS, runtimeMs, ssDurS };
}

/**
 * When fio's runtime ends it still waits for the IO in flight: 16 x 1 MiB on a 50 MiB/s disk is 0.3 s
 * past the cap. Estimated from the layout's write throughput (the only figure known before the probes).
 */
export function drainEstimateMs(def: ProbeDefinition, bytesPerSecond: number): number {
  if (!(bytesPerSecond > 0)) return 0;
  const inFlightBytes = def.blockSizeBytes * def.ioDepth * def.jobs;
  return Math.min(5000, Math.ceil((inFlightBytes / bytesPerSecond) * 1000));
}

/** Wall time a probe may take before the suite kills it: ramp + runtime + start-up + a grace period. */
export function probeKillAfterMs(timing: ProbeTiming): number {
  return timing.rampMs + timing.runtimeMs + PROCESS_OVERHEAD_MS + 3000;
}

export interface LayoutOptions {
  filePath: string;
  fileSizeBytes: number;
  /** Hard cap; the layout writes the file once and stops earlier when done. */
  runtimeCapMs: number;
  platform?: NodeJS.Platform;
}

/**
 * Writes the probe file once, sequentially, so read probes read real blocks (reads of a fallocated
 * but unwritten ext4 extent return zeros without touching the disk). Not time_based: it ends when the
 * file is written or at the cap; fio's io_bytes then says how much of the file holds data.
 */
export function layoutArgs(opts: LayoutOptions): string[] {
  const engine = (opts.platform ?? 'linux') === 'linux' ? 'libaio' : 'posixaio';
  return [
    '--name=layout',
    `--filename=${opts.filePath}`,
    `--size=${opts.fileSizeBytes}`,
    '--rw=write',
    `--bs=${MiB}`,
    `--ioengine=${engine}`,
    '--iodepth=32',
    '--direct=1',
    '--verify=0',
    '--thread',
    `--runtime=${opts.runtimeCapMs}ms`,
    '--output-format=json',
  ];
}

export interface ProbeArgsOptions {
  filePath: string;
  /** Bytes of the file that hold data (the layout's io_bytes, rounded); all probes stay inside it. */
  regionBytes: number;
  timing: ProbeTiming;
}

/** Per-job slice of the region: whole MiB, so every block size divides it. */
export function sliceBytes(regionBytes: number, jobs: number): number {
  return Math.floor(regionBytes / Math.max(1, jobs) / MiB) * MiB;
}

export function probeArgs(def: ProbeDefinition, opts: ProbeArgsOptions): string[] {
  const slice = sliceBytes(opts.regionBytes, def.jobs);
  const args = [
    `--name=${def.name}`,
    `--filename=${opts.filePath}`,
    // The layout created the file; a probe must never create one (e.g. after a path mix-up).
    '--allow_file_create=0',
    `--size=${slice}`,
    `--rw=${def.rw}`,
    `--bs=${def.blockSizeBytes}`,
    `--ioengine=${def.ioEngine}`,
    `--iodepth=${def.ioDepth}`,
    `--numjobs=${def.jobs}`,
    `--direct=${def.direct ? 1 : 0}`,
    '--verify=0',
    '--randrepeat=0',
    // Jobs as threads of one process: killing fio then stops every job (forked jobs would outlive it).
    '--thread',
    '--group_reporting',
    '--time_based',
    `--ramp_time=${opts.timing.rampMs}ms`,
    `--runtime=${opts.timing.runtimeMs}ms`,
    '--output-format=json',
  ];
  // Each job works its own slice, so parallel sequential jobs stay sequential.
  if (def.jobs > 1) args.push(`--offset_increment=${slice}`);
  if (def.batch) args.push(`--iodepth_batch_submit=${def.ioDepth}`, `--iodepth_batch_complete_max=${def.ioDepth}`);
  if (def.fdatasync > 0) args.push(`--fdatasync=${def.fdatasync}`);
  if (opts.timing.mode === 'adaptive' && opts.timing.ssDurS !== null) {
    args.push(`--steadystate=${def.steadyState}`, `--ss_dur=${opts.timing.ssDurS}s`, '--ss_ramp=0');
  }
  return args;
}
