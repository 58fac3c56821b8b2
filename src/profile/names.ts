/**
 * The phases of a restore, the resources a verdict names and the fio probes: the fixed lists the whole schema (schema.ts,
 * which re-exports them) and the phases' decisions (phase-decision.ts) are typed by, in a module of their
 * own so neither imports the other. Pure.
 */

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
/** Whether a bottleneck or resource names one of the disk's kinds: the one test for "disk", from DISK_RESOURCES. */
export function isDiskResource(name: string): name is DiskResource {
  return DISK_RESOURCES.some((r) => r === name);
}

/** The fio probes, in canonical order: the suite runs and reports them in this order whatever order they were asked in. */
export const PROBE_NAMES = ['seq-write', 'seq-read', 'rand-write', 'rand-read', 'rand-read-qd1', 'fsync-write'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];
