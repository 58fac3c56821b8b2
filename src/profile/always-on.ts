/**
 * The always-on parts of the profile (issue 24): the hardware fingerprint, where the ceilings came
 * from, why the probes and experiments ran or not, and this run held against its label's history.
 * Plain data; schema.ts names these types in the Profile, docs/profile-schema.md documents them.
 */

/** How a block device reaches the kernel, from its name in /sys/block (see sample/fingerprint.ts). */
export const DISK_KINDS = ['nvme', 'scsi', 'virtio', 'xen', 'loop', 'dm', 'md', 'mmc', 'other'] as const;
export type DiskKind = (typeof DISK_KINDS)[number];

/** One device under the restore path (its stack included: a dm device and the disks under it). */
export interface DiskFingerprint {
  name: string;
  kind: DiskKind;
  model?: string;
  vendor?: string;
  rotational?: boolean;
  logicalBlockBytes?: number;
  physicalBlockBytes?: number;
  /** /sys/block/<name>/queue/nr_requests. */
  queueDepth?: number;
  scheduler?: string;
  sizeBytes?: number;
  /** For dm and md: the devices it is built on (/sys/block/<name>/slaves). */
  stackedOn?: string[];
  /** For dm: its name (/sys/block/<name>/dm/name), e.g. "vg0-root". */
  dmName?: string;
}

/** The file system the restore wrote, with the mount options that decide how it writes. */
export interface FileSystemFingerprint {
  mountPoint: string;
  fsType: string;
  source: string;
  /** ext4 data= (ordered, writeback, journal), when given. */
  data?: string;
  /** ext4 commit= interval, seconds, when given. */
  commitSeconds?: number;
  /** false for nobarrier / barrier=0, true for barrier / barrier=1; absent when not given (the default, on). */
  barrier?: boolean;
  /** Per-mount and super-block options as mountinfo lists them. */
  options: string;
}

export interface HardwareFingerprint {
  /** A short stable hash of the parts that decide the ceilings (FINGERPRINT_ID_PARTS in sample/fingerprint.ts). */
  id: string;
  cpuModel?: string;
  vcpus: number;
  memoryBytes: number;
  /** DMI /sys/class/dmi/id/sys_vendor and product_name; /sys/hypervisor/type. */
  sysVendor?: string;
  productName?: string;
  hypervisor?: string;
  kernel?: string;
  disks: DiskFingerprint[];
  fileSystem: FileSystemFingerprint | null;
  /** Another local file system on a disk the restore does not use, e.g. the hosted runners' /mnt; null when none. */
  otherLocalDisk: { mountPoint: string; source: string; fsType: string } | null;
  /** The cgroup limits as RunnerContext.cgroup records them (absent when not recorded). */
  cgroupLimits?: Record<string, string | number | boolean | null>;
}

/** Where the verdict's fio ceilings came from. */
export interface CeilingsSource {
  kind: 'this-run' | 'remembered' | 'none';
  /** For remembered: the run that probed them, and when. */
  runId?: string;
  runAttempt?: string;
  probedAt?: string;
  fingerprintId?: string;
  /** The Actions cache key they were restored from or stored under. */
  cacheKey?: string;
  /** The sentence the verdict and summary show. */
  sentence: string;
}

/** The decision of an `auto` stage: whether it ran and why. */
export interface AutoDecision {
  run: boolean;
  reason: string;
}

/** One run as kept in a label's history (small: the last HISTORY_MAX_RUNS of these fit one cache entry). */
export interface HistoryRun {
  runId: string;
  runAttempt: string;
  createdAt: string;
  fingerprintId: string;
  /** A one-line description of the hardware (sample/fingerprint.ts describeFingerprint). */
  hardware: string;
  /** lookup, download, extract, writeback, milliseconds (null where the phase did not happen). */
  phasesMs: { lookup: number | null; download: number | null; extract: number | null; writeback: number | null };
  /** lookup + download + extract. Null on a miss or a failed restore. */
  restoreMs: number | null;
  /** restoreMs + the writeback tail: until the restored files were on disk. */
  untilDurableMs: number | null;
  archiveBytes: number | null;
  bottleneck: string;
  /** Sequential write MiB/s and 4k random write IOPS the verdict compared with (null when none). */
  ceilings: { seqWriteMiBps: number | null; randWriteIops: number | null };
}

/** p50 and p90 of a figure over some runs. */
export interface Percentiles {
  p50: number;
  p90: number;
  runs: number;
}

/** One hardware kind's runs within a label's history. */
export interface HistoryGroup {
  fingerprintId: string;
  hardware: string;
  runs: number;
  restoreMs: Percentiles | null;
  untilDurableMs: Percentiles | null;
}

export interface Regression {
  metric: 'restore' | 'until-durable';
  thisMs: number;
  p90Ms: number;
  /** Earlier runs it was held against: same fingerprint, cache of similar size. */
  comparedRuns: number;
}

export interface HistoryView {
  /** The runner type the history is kept for: the label, or without one the runner image. */
  label: string;
  /** The cache key prefix the label's history lives under. */
  keyPrefix: string;
  /** The key this run's entry was restored from, or null when none was found. */
  restoredKey: string | null;
  /** Set when no earlier history was found (first run, or the entry was evicted or deleted). */
  startedNew: boolean;
  /** Earlier runs held (this run not included). */
  earlierRuns: number;
  /** This run's fingerprint first, then the others. Over the earlier runs and this one. */
  groups: HistoryGroup[];
  regressions: Regression[];
  /** Whether this run's entry was saved, and the key; the reason when not. */
  saved: { ok: boolean; key: string; reason?: string } | null;
  notes: string[];
}
