/**
 * A rate held against one ceiling and what set the ceiling (a cgroup cap's typed account): read by the
 * schema (schema.ts re-exports it) and by the phases' decisions (phase-decision.ts), in a module of its
 * own so neither imports the other. Types and their fixed lists only.
 */
import type { DiskResource } from './names.js';

/** How a write IOPS share counted requests (judge/iops-count.ts): after merging, or bios before (a cap on bios counts those). */
export const IOPS_COUNTS = ['after-merge', 'before-merge'] as const;
export type IopsCount = (typeof IOPS_COUNTS)[number];
export const DISK_DIRECTIONS = ['write', 'read'] as const;
export type DiskDirection = (typeof DISK_DIRECTIONS)[number];

/** The ceilings a cgroup I/O cap can set too (judge/ceilings.ts CeilingKind). */
export const CAP_CEILING_KINDS = ['seqWriteBytesPerSecond', 'randWriteIops', 'seqReadBytesPerSecond', 'randReadIops'] as const;
export type CapCeilingKind = (typeof CAP_CEILING_KINDS)[number];
/** The file a cgroup I/O cap is read from: io.max (cgroup v2) or blkio.throttle.* (v1). */
export const CGROUP_CAP_FILES = ['io.max', 'blkio'] as const;
export type CgroupCapFile = (typeof CGROUP_CAP_FILES)[number];

/**
 * What set a ceiling where a cgroup I/O cap had a say (judge/cgroup-io.ts withCgroupCaps):
 * - cap: the cap, below fio's figure (`probed`) or where fio measured none (`probed` null);
 * - fio-below-cap: fio's figure (`probed`), below the cap;
 * - cap-seq-met-iops: the bandwidth cap, as fio's sequential-write probe met the IOPS limit (the
 *   cgroup's `iopsCap`, null: a limit not a cap) and its `seqBytesPerSecond` is that limit in bytes.
 */
export const CEILING_FROM_KINDS = ['cap', 'fio-below-cap', 'cap-seq-met-iops'] as const;
export type CeilingFromKind = (typeof CEILING_FROM_KINDS)[number];

/** The typed account of a ceiling a cgroup cap had a say in (report/say/ceilings.ts says it). */
export type CeilingFromFacts = {
  /** Which ceiling. */
  ceiling: CapCeilingKind;
  capFile: CgroupCapFile;
  /** The capped device, "major:minor". */
  device: string;
  /** The cap's figure: bytes/s for a bandwidth ceiling, bios/s for an IOPS one. */
  capValue: number;
} & (
  | { kind: 'cap'; probed: number | null }
  | { kind: 'fio-below-cap'; probed: number }
  | { kind: 'cap-seq-met-iops'; iopsCap: number | null; seqBytesPerSecond: number }
);

/** What set a ceiling; `cap`: the figure is the cgroup's cap (else fio's, below a cap). */
export interface CeilingFrom {
  cap: boolean;
  /** The cap, fio's figure and why (report/say/ceilings.ts says it); absent in recordings made before it. */
  facts?: CeilingFromFacts;
  /** The account as an older version's judge wrote it ("the cgroup's blkio cap of 40 MiB/s"): filled where the profile is written, read only where `facts` is absent. */
  said?: string;
}

/** A phase's or a device's rate held against one ceiling (judge/disk-load.ts). */
export interface DiskShare {
  resource: DiskResource;
  direction: DiskDirection;
  /** bytes/s for bandwidth, requests/s for IOPS. */
  rate: number;
  ceiling: number;
  share: number;
  /** For a write IOPS share: which requests were counted (iops-count.ts); absent: after merging. */
  count?: IopsCount;
  /** What set the ceiling when not fio alone: a cgroup cap (cgroup-io.ts). */
  from?: CeilingFrom;
}
