/**
 * Every number the judge compares against, with the reason for its value. Shares are fractions
 * (0.8 = 80 %) of a fio ceiling measured on the same filesystem, or of wall time.
 */

/**
 * A phase that reaches 80 % of a fio ceiling is limited by it. fio's ceilings are measured with
 * deep queues and direct I/O, the best case; a real extraction through the page cache rarely gets
 * closer than 85-95 % even on a throttled device (the recorded 50 MiB/s loop device ran at 96 %), and
 * nothing below 80 % leaves less than a quarter of headroom.
 */
export const NEAR_CEILING_SHARE = 0.8;

/**
 * Below half of every disk ceiling the disk is "far from its limits": doubling the demand would
 * still fit, so another resource (CPU, network) set the pace.
 */
export const FAR_BELOW_CEILING_SHARE = 0.5;

/**
 * Requests this small or smaller are IOPS-bound rather than bandwidth-bound: at 32 KiB a disk with
 * the usual ratio of 4 KiB IOPS to MiB/s (e.g. 8.4k IOPS vs 247 MiB/s on a GitHub runner) runs out
 * of IOPS before bandwidth, so w/s is compared with the 4 KiB rand-write ceiling.
 */
export const SMALL_REQUEST_KIB = 32;

/**
 * tar and zstd form a pipeline: the slower stage runs flat out and the other waits, so a
 * CPU-bound extraction shows the children using about one core (the recorded one: 0.94).
 * 0.85 allows for the pipeline's start and end, when only one stage runs.
 */
export const CHILD_CPU_FULL_CORE = 0.85;

/** A CPU busy 90 % of the phase or more is saturated: what is left is scheduling noise. */
export const BUSY_CPU_SHARE = 0.9;

/**
 * PSI cpu some: share of time at least one runnable task waited for a CPU. Above 30 % the CPU
 * was contended for a third of the phase, which alone can stretch a single-threaded pipeline.
 */
export const CPU_PRESSURE_HIGH = 0.3;

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
 * Dirty pages at 60 % of the dirty limit or more mean writers were throttled: the kernel's
 * balance_dirty_pages starts pausing writers half-way between the background and the hard limit
 * (15 % of 20 % by default = 75 %), and the ratio limits count available memory, not the total
 * RAM we divide by, so the share we compute understates the real one.
 */
export const DIRTY_THROTTLE_SHARE = 0.6;

/** A tar using less than half a core while throttled was waiting, not working. */
export const CHILD_CPU_IDLE_CORE = 0.5;

/**
 * A tar held back by a CPU quota (a container's --cpus, a cgroup cfs_quota) still runs for its
 * share: the bottleneck lab's 30 % quota gave tar and zstd 0.27-0.3 of a core while PSI cpu some
 * read 65 % (throttled tasks count as runnable and waiting). Below a tenth of a core the children
 * were blocked on something else, so PSI cpu (machine-wide) must not condemn the CPU for them.
 * Recorded: fixtures/profiles/lab-cpu.json.
 */
export const CHILD_CPU_WORKING_CORE = 0.1;

/**
 * A writeback tail taking 20 % of the restore (incl. the tail) or more is a finding: the page cache
 * hid a disk that could not keep up with the extraction.
 */
export const WRITEBACK_TAIL_SHARE = 0.2;

export { USER_HZ } from '../sample/phase-summary.js';

/** What-if speed-up: "twice as fast". */
export const WHAT_IF_SPEEDUP = 2;
