import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/util/units.ts
var KiB = 1024;
var MiB = 1024 * KiB;
var GiB = 1024 * MiB;

// src/judge/thresholds.ts
var NEAR_CEILING_SHARE = 0.8;
var TIME_AT_CEILING_SHARE = 0.5;
var SUSTAINED_RATE_MS = 1e3;
var STEADY_WINDOW_MS = 500;
var STEADY_RATE_SHARE = 0.5;
var CEILING_WINDOW_MS = 300;
var MIN_BINDING_WINDOWS = 3;
var FAR_BELOW_CEILING_SHARE = 0.5;
var IOPS_PROBE_BANDWIDTH_BOUND = 0.8;
var SMALL_REQUEST_KIB = 32;
var PROCESS_FULL_CORE = 0.85;
var MIN_CPU_DATA_MS = 1e3;
var MIN_SEEN_MS = 200;
var CPU_PRESSURE_HIGH = 0.3;
var OWN_CPU_WAIT_SHARE = 0.3;
var CHILD_CPU_WORKING_CORE = 0.1;
var CHILD_CPU_IDLE_CORE = 0.5;
var IO_PRESSURE_HIGH = 0.3;
var IO_PRESSURE_LOW = 0.1;
var NO_PROBE_IO_PRESSURE = 0.5;
var NO_PROBE_UTIL_PERCENT = 90;
var NO_PROBE_QUEUE_SIZE = 1;
var IDLE_UTIL_PERCENT = 50;
var DIRTY_THROTTLE_SHARE = 0.6;
var LOW_QUEUE_DEPTH = 1.5;
var QD1_RATE_SHARE = 0.8;
var WRITEBACK_TAIL_SHARE = 0.2;
var OTHER_WRITER_RATIO = 1.5;
var OTHER_WRITER_MIN_BYTES = 32 * 1024 * 1024;
var ABSORBED_SHARE = 0.1;
function wroteAlmostNothingEarly(earlyBytes, spanBytes) {
  return spanBytes > 0 && earlyBytes < ABSORBED_SHARE * spanBytes;
}
var MINOR_PHASE_SHARE = 0.03;
var MIN_SAVING_SHARE = 0.05;
var WHAT_IF_SPEEDUP = 2;
var HALF_RULE_BELOW_SHARE = NEAR_CEILING_SHARE;
var RAISED_SHARE = 1.02;
var QUOTA_FULL_SHARE = 0.85;
var THROTTLED_PERIODS_SHARE = 0.5;
var THROTTLED_MIN_PERIODS = 5;
var ABOVE_CEILING_SHARE = 1.15;
var FEW_MERGES_SHARE = 0.1;
var PROBE_SPLIT_SHARE = 1 / 16;
var PROBE_SAME_RATE_TOLERANCE = 0.25;
var METADATA_OVERHEAD_SHARE = 0.2;
var WORTH_CHANGING = { savingMs: 1e3, savingShare: 0.1 };
function worthChanging(savingMs, totalMs) {
  return savingMs >= WORTH_CHANGING.savingMs && totalMs > 0 && savingMs / totalMs >= WORTH_CHANGING.savingShare;
}
var TIMEOUT_MARGIN = 4;
var MIN_BODY_MS = 200;
var MIN_PARALLELISM_SPREAD = 1.3;
var STALL_MIN_MS = 1e3;
var STALL_MIN_INTERVALS = 5;
var SLOW_REQUEST_FACTOR = 4;
var STALL_VERDICT_SHARE = 0.1;
var WAIT_SHARE = 0.5;
var STORE_SPREAD = 3;
var PER_CONNECTION_ELASTICITY = 0.6;
var PATH_ELASTICITY = 0.3;
var SAVE_THRESHOLDS = {
  /** Compression is CPU-bound when tar+zstd kept this share of the cores zstd could use busy... */
  childCoresShare: 0.8,
  /** ...or the machine's CPUs were at least this busy (user + system), percent. */
  machineBusyPercent: 85,
  /** Reading is IOPS- or latency-bound when tasks stalled on IO this share of the phase (PSI io some)... */
  ioStallShare: 0.3,
  /** ...or the CPUs waited on IO this much, percent of all CPU time. */
  iowaitPercent: 20,
  /** Reads per second below which the disk was not the reader's limit whatever the stall says. */
  minReadsPerSecond: 50,
  /**
   * Reads the device served in under this (r_await, ms) while tasks stalled on I/O were held before the
   * device: a blkio or io.max cap queues bios above it (the recorded 200-IOPS loop device: 0.04 ms).
   * The verdict then says so, or r_await reads as a contradiction.
   */
  deviceWaitMs: 1,
  /** Share of a fio ceiling at which reading counts as at that ceiling. */
  ceilingShare: 0.8
};

export {
  KiB,
  MiB,
  GiB,
  NEAR_CEILING_SHARE,
  TIME_AT_CEILING_SHARE,
  SUSTAINED_RATE_MS,
  STEADY_WINDOW_MS,
  STEADY_RATE_SHARE,
  CEILING_WINDOW_MS,
  MIN_BINDING_WINDOWS,
  FAR_BELOW_CEILING_SHARE,
  IOPS_PROBE_BANDWIDTH_BOUND,
  SMALL_REQUEST_KIB,
  PROCESS_FULL_CORE,
  MIN_CPU_DATA_MS,
  MIN_SEEN_MS,
  CPU_PRESSURE_HIGH,
  OWN_CPU_WAIT_SHARE,
  CHILD_CPU_WORKING_CORE,
  CHILD_CPU_IDLE_CORE,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  NO_PROBE_IO_PRESSURE,
  NO_PROBE_UTIL_PERCENT,
  NO_PROBE_QUEUE_SIZE,
  IDLE_UTIL_PERCENT,
  DIRTY_THROTTLE_SHARE,
  LOW_QUEUE_DEPTH,
  QD1_RATE_SHARE,
  WRITEBACK_TAIL_SHARE,
  OTHER_WRITER_RATIO,
  OTHER_WRITER_MIN_BYTES,
  ABSORBED_SHARE,
  wroteAlmostNothingEarly,
  MINOR_PHASE_SHARE,
  MIN_SAVING_SHARE,
  WHAT_IF_SPEEDUP,
  HALF_RULE_BELOW_SHARE,
  RAISED_SHARE,
  QUOTA_FULL_SHARE,
  THROTTLED_PERIODS_SHARE,
  THROTTLED_MIN_PERIODS,
  ABOVE_CEILING_SHARE,
  FEW_MERGES_SHARE,
  PROBE_SPLIT_SHARE,
  PROBE_SAME_RATE_TOLERANCE,
  METADATA_OVERHEAD_SHARE,
  WORTH_CHANGING,
  worthChanging,
  TIMEOUT_MARGIN,
  MIN_BODY_MS,
  MIN_PARALLELISM_SPREAD,
  STALL_MIN_MS,
  STALL_MIN_INTERVALS,
  SLOW_REQUEST_FACTOR,
  STALL_VERDICT_SHARE,
  WAIT_SHARE,
  STORE_SPREAD,
  PER_CONNECTION_ELASTICITY,
  PATH_ELASTICITY,
  SAVE_THRESHOLDS
};
