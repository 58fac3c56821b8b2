/**
 * Every number the judge compares against, with the reason for its value. Shares are fractions
 * (0.8 = 80 %) of a fio ceiling measured on the same file system, or of wall time.
 */

/**
 * A phase that reaches 80 % of a fio ceiling is limited by it. fio's ceilings are measured with
 * deep queues and direct I/O, the best case; a real extraction through the page cache rarely gets
 * closer than 85-95 % even on a throttled device (the recorded 50 MiB/s loop device ran at 96 %), and
 * nothing below 80 % leaves less than a quarter of headroom.
 */
export const NEAR_CEILING_SHARE = 0.8;

/**
 * A phase that spent half its time at ≥ NEAR_CEILING_SHARE of a ceiling is limited by it, even when
 * its average is lower: an extraction the page cache absorbs at first and the disk then holds back
 * averages 50 % while the disk was pinned for its second half.
 */
export const TIME_AT_CEILING_SHARE = 0.5;

/**
 * A rate the disk held for at least this long counts as what it can do (the what-ifs raise a
 * probed ceiling to it); shorter phases are bursts a throttle's slices let through.
 */
export const SUSTAINED_RATE_MS = 1000;

/**
 * A rate is steady when every window of at least STEADY_WINDOW_MS wrote at STEADY_RATE_SHARE of the
 * mean or more: a throttle's slices (blkio lets bursts through every ~100 ms) even out over half a
 * second, a writer that paused or stopped does not.
 */
export const STEADY_WINDOW_MS = 500;
export const STEADY_RATE_SHARE = 0.5;

/**
 * Time at a ceiling is read over windows of at least this long: blkio and cloud throttles release
 * I/O in bursts, so single 100 ms samples swing between 0 and twice the limit.
 */
export const CEILING_WINDOW_MS = 300;

/**
 * Telling which of two limits bound (bytes/s or requests/s held still) needs a few windows at the
 * ceiling: with fewer, the larger share decides.
 */
export const MIN_BINDING_WINDOWS = 3;

/**
 * Below half of every disk ceiling the disk is "far from its limits": doubling the demand would
 * still fit, so another resource (CPU, network) set the pace.
 */
export const FAR_BELOW_CEILING_SHARE = 0.5;

/**
 * When the 4 KiB random probe moved at least 80 % of the sequential probe's bytes, it ran into the
 * bandwidth limit (a bandwidth-throttled device gives bandwidth / 4 KiB IOPS): its IOPS are that
 * limit restated, not a limit of their own, so requests/s against them are not an IOPS share.
 */
export const IOPS_PROBE_BANDWIDTH_BOUND = 0.8;

/**
 * Without fio ceilings the kernel-only rules fall back on request size: at 32 KiB or less a disk
 * with the usual ratio of 4 KiB IOPS to MiB/s (8.4k IOPS vs 247 MiB/s on a GitHub runner) runs out of
 * IOPS before bandwidth.
 */
export const SMALL_REQUEST_KIB = 32;

/**
 * One process of the extraction pipeline (tar or zstd) using 85 % of a core or more is CPU-bound:
 * the slower stage runs flat out and the other waits. Each is one thread, so one core is its limit
 * whatever the machine has. 0.85 allows for the pipeline's start and end.
 */
export const PROCESS_FULL_CORE = 0.85;

/**
 * CPU figures from under this much time are 1-10 ticks of USER_HZ: too coarse to state as one figure.
 * The judge reads them as bounds instead (± 2 ticks), and process.cpuUsage() needs no minimum.
 */
export const MIN_CPU_DATA_MS = 1000;

/**
 * A process seen at a full core over at least this long (20 ticks: one tick is 5 %) ran at a full
 * core, when the children's exact total leaves room for it to have done so while unseen too: the
 * lost ends of a half-second extraction (up to a sample interval each) no longer hide a CPU-bound tar.
 */
export const MIN_SEEN_MS = 200;

/**
 * PSI cpu some: share of time at least one runnable task waited for a CPU. Above 30 % the CPU
 * was contended for a third of the phase, which alone can stretch a single-threaded pipeline.
 */
export const CPU_PRESSURE_HIGH = 0.3;

/**
 * The restore's own wait for a CPU (/proc/<pid>/schedstat run_delay): the extraction's process that
 * waited longest on a run queue did so for a third of the phase or more. PSI's 30 % above, for the
 * restore's own tasks: PSI counts every task on the machine, so another job's queue raises it while
 * tar and zstd run undisturbed.
 */
export const OWN_CPU_WAIT_SHARE = 0.3;

/**
 * A tar held back by a CPU quota (a container's --cpus, a cgroup cfs_quota) still runs for its
 * share: the bottleneck lab's 30 % quota gave tar and zstd 0.27-0.3 of a core while PSI cpu some
 * read 65 %. Below a tenth of a core the children were blocked on something else, so PSI cpu
 * (machine-wide) must not condemn the CPU for them. Recorded: fixtures/profiles/lab-cpu.json.
 */
export const CHILD_CPU_WORKING_CORE = 0.1;

/** The extraction's processes together under half a core while the kernel throttled them: waiting, not working. */
export const CHILD_CPU_IDLE_CORE = 0.5;

/**
 * PSI io some: share of time at least one task was stalled on I/O. Above 30 % I/O stalls took a
 * third of the phase. Only ever supporting evidence next to a ceiling share (it also counts other
 * processes' stalls).
 */
export const IO_PRESSURE_HIGH = 0.3;

/** Below 10 % I/O stalls are negligible: the disk did not hold anyone up. */
export const IO_PRESSURE_LOW = 0.1;

/**
 * Without fio ceilings a disk verdict needs all of: I/O pressure this high, the device busy
 * (%util) and a standing queue. Each alone misleads (iostat's man page: %util near 100 does not
 * mean saturation on devices that serve requests in parallel), together they are hard to fake.
 */
export const NO_PROBE_IO_PRESSURE = 0.5;
export const NO_PROBE_UTIL_PERCENT = 90;
export const NO_PROBE_QUEUE_SIZE = 1;

/** Below 50 % %util the device was idle half the time: "not busy" for the network verdict without probes. */
export const IDLE_UTIL_PERCENT = 50;

/**
 * Dirty pages at 60 % of the dirty limit or more mean writers were throttled: balance_dirty_pages
 * starts pausing writers half-way between the background and the hard limit (75 % by default), and
 * the ratio limits count dirtyable memory, not the total RAM we divide by, so our share understates it.
 */
export const DIRTY_THROTTLE_SHARE = 0.6;

/**
 * Latency-bound: an extraction that kept about one request in flight (aqu-sz ≤ 1.5) and still ran at
 * 80 % of the disk's queue-depth-1 rate (1e6 / the QD1 probe's mean latency, or the fsync probe's
 * IOPS for flushes) waited on each request in turn: deeper queues, not a higher ceiling, would help.
 */
export const LOW_QUEUE_DEPTH = 1.5;
export const QD1_RATE_SHARE = 0.8;

/** A writeback tail under 20 % of the restore is not worth a verdict of its own. */
export const WRITEBACK_TAIL_SHARE = 0.2;

/**
 * Another writer shared the disk when the device wrote more than 1.5 × the restore's own bytes plus
 * 32 MiB: ext4's journal and metadata add 5-30 % for many small files, never half again.
 */
export const OTHER_WRITER_RATIO = 1.5;
export const OTHER_WRITER_MIN_BYTES = 32 * 1024 * 1024;

/**
 * The kernel absorbed the extraction when the disk wrote under 10 % of the restore's bytes before
 * tar exited: writeback waited for the tail (below the background threshold nothing is written
 * until syncfs or the 30 s expiry), and a faster disk or CPU would not change that.
 */
export const ABSORBED_SHARE = 0.1;

/** The one test of ABSORBED_SHARE: the disk wrote almost nothing of the span's bytes before tar exited (what-if.ts, the report's page-cache line). */
export function wroteAlmostNothingEarly(earlyBytes: number, spanBytes: number): boolean {
  return spanBytes > 0 && earlyBytes < ABSORBED_SHARE * spanBytes;
}

/** Phases under this share of the restore are not named as carrying the verdict beside a longer one (restore-rules.ts verdictCarriers). */
export const MINOR_PHASE_SHARE = 0.03;

/** The restore's verdict names a resource only when doubling it could save 5 % of the restore or more (its what-if's savingAtMostMs). */
export const MIN_SAVING_SHARE = 0.05;

/** What-if speed-up: "twice as fast", as the lab's interventions relax each resource. */
export const WHAT_IF_SPEEDUP = 2;

/**
 * A disk what-if doubles a ceiling; it doubles what limited the restore only where the restore ran
 * near that ceiling. Over extraction and tail below this share of it (another limit, or the ceiling
 * fio saw was not the one the restore met), the bound is held to the time at twice the rate the
 * restore got: at most half the span saved (issue 39: 26 % of the cap, "saving at most 11.4 s" of 12.2 s).
 */
export const HALF_RULE_BELOW_SHARE = NEAR_CEILING_SHARE;

/**
 * Where a disk bound doubled a rate the disk sustained above the figure the ceilings name, the
 * sentence names that rate; within this share of the named figure the name stands.
 */
export const RAISED_SHARE = 1.02;

/**
 * The runner's cgroup at its CPU quota: the group used at least this share of the quota over the
 * phase (CFS lets a group use its whole quota; a little is lost at period edges and to reading).
 */
export const QUOTA_FULL_SHARE = 0.85;
/**
 * Or the quota throttled the group in at least this share of its CFS periods (it wanted more than the
 * quota in most of them), over at least THROTTLED_MIN_PERIODS periods (half a second at the default
 * 100 ms period): also where the group's usage is not readable (v1 without cpuacct).
 */
export const THROTTLED_PERIODS_SHARE = 0.5;
export const THROTTLED_MIN_PERIODS = 5;

/**
 * A rate this far above its probed ceiling is not at that ceiling: the ceiling moved (burst credits,
 * a throttle that lets more through at first, a probe answered by the page cache) or the probe does
 * not count what the restore's requests were counted as (bios against a cap on merged requests).
 */
export const ABOVE_CEILING_SHARE = 1.15;

/** Merges under this share of the bios leave both IOPS counts the same for judging. */
export const FEW_MERGES_SHARE = 0.1;

/**
 * A sequential-write probe's bios at most this share of fio's block size reached the device split
 * (judge/probe-caps.ts): 1/16 of 1 MiB is 64 KiB. Recorded under blkio (fixtures/profiles/probe-caps):
 * with max_sectors_kb 4 the 1 MiB writes arrived as 4 KiB bios (1/256); at the default 1280 as 512 KiB
 * ones (1/2, split by the queue's segment limit), which met the bandwidth cap.
 */
export const PROBE_SPLIT_SHARE = 1 / 16;

/**
 * Two probes' bio (or request) rates within this of each other ran into the same limit on requests.
 * Each rate is over its fio process's wall time, start-up and drain included, which the two probes
 * share roughly (fixtures/profiles/probe-caps): the recorded pair at one IOPS cap sat within 1 % of
 * each other (5,048 and 5,041 bios/s), the pairs at different caps 25 to 120 times apart.
 */
export const PROBE_SAME_RATE_TOLERANCE = 0.25;

/**
 * What ext4's metadata and journal add to tar's bytes on the lab's tree (12,916 files, 1,203
 * directories): 3-17 % in every recorded lab profile without a second writer (fixtures/profiles). Past
 * it, the attribution names another writer as the likelier part of the difference.
 */
export const METADATA_OVERHEAD_SHARE = 0.2;

/**
 * Advice in proportion (issue 39): every rule's advice, a download stall's setting included, is
 * offered only when what it could save is at least `savingMs` AND at least `savingShare` of the time
 * until the files were on disk. A second is about the run-to-run noise of a hosted runner's step; a
 * tenth is what a measured fix must save to be named (experiment/alternatives.ts FIX_MIN_SAVING_SHARE
 * is this share), and the experiments alone cost about a minute to find less than that.
 */
export const WORTH_CHANGING = { savingMs: 1000, savingShare: 0.1 } as const;

/** Whether a saving of savingMs out of totalMs is worth changing a workflow (or running the experiments) for. */
export function worthChanging(savingMs: number, totalMs: number): boolean {
  return savingMs >= WORTH_CHANGING.savingMs && totalMs > 0 && savingMs / totalMs >= WORTH_CHANGING.savingShare;
}

/**
 * A timeout is advised only when it is at least this many times the time a normal request or segment
 * takes at the download's measured rate (over the whole download less the stall being judged, other
 * stalls included: download-rules.ts normalSegmentMs): a hosted runner's download rate varies two- to threefold between runs, and a
 * setting that fires on a normal segment aborts every restore of the cache as a miss. At 4, a run
 * whose download is four times slower than this one still completes.
 */
export const TIMEOUT_MARGIN = 4;

// The transfers' (download and upload) verdicts: transfer-stats.ts, transfer-verdict.ts.

/** Least body time of a request for its rate to count. */
export const MIN_BODY_MS = 200;
/** Least spread in the requests' parallelism (most over fewest in flight) to read an elasticity from. */
export const MIN_PARALLELISM_SPREAD = 1.3;

/**
 * The thresholds the download's and the upload's verdicts share: a stretch without bytes shorter than
 * STALL_MIN_MS, or than STALL_MIN_INTERVALS sampler intervals, is jitter (one late tick is no stall);
 * a request is "far slower than the rest" at SLOW_REQUEST_FACTOR times the median request's time or
 * wait; a stall names the transfer's limit once it cost STALL_VERDICT_SHARE of it; requests spending
 * WAIT_SHARE of their time waiting on the far side (a first byte, the store's answer) are limited by
 * that wait; waits spread wider than STORE_SPREAD (90th percentile over the fastest) do not track one
 * round trip: the store.
 */
export const STALL_MIN_MS = 1000;
export const STALL_MIN_INTERVALS = 5;
export const SLOW_REQUEST_FACTOR = 4;
export const STALL_VERDICT_SHARE = 0.1;
export const WAIT_SHARE = 0.5;
export const STORE_SPREAD = 3;

/** Elasticity of the rate in the requests in flight: above, a per-connection cap; at or below the lower, a path cap. */
export const PER_CONNECTION_ELASTICITY = 0.6;
export const PATH_ELASTICITY = 0.3;

/** The save's verdict (save-rules.ts). */
export const SAVE_THRESHOLDS = {
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
  ceilingShare: 0.8,
} as const;
