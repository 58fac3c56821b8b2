/** Names every lab resource carries, so a snapshot can find them and nobody else's are touched. */
export const LAB_PREFIX = 'disk-profiler-lab-';
/** Where RAM-backed loop images go (spec diskImage 'ram'). */
export const RAM_DIR = '/dev/shm';
export const BLKIO_ROOT = '/sys/fs/cgroup/blkio';
export const CPU_CGROUP_ROOT = '/sys/fs/cgroup/cpu';
/** Separate from cpu on this machine (not co-mounted): the lab meters tar's CPU-seconds there. */
export const CPUACCT_CGROUP_ROOT = '/sys/fs/cgroup/cpuacct';

/** The blkio throttle files of the root cgroup, which apply to every process. */
export const THROTTLE_FILES = [
  'blkio.throttle.write_bps_device',
  'blkio.throttle.write_iops_device',
  'blkio.throttle.read_bps_device',
  'blkio.throttle.read_iops_device',
] as const;
export type ThrottleFile = (typeof THROTTLE_FILES)[number];
