/** What a run of the experiments is estimated from: the profiled restore's own times. Pure. */

/** What the profiled restore measured, the basis of every estimate. */
export interface MeasuredRestore {
  downloadMs: number;
  extractMs: number;
  /** The writeback tail after tar exited (0 when none was measured). */
  writebackMs: number;
}

/**
 * Removing a run's tree and syncing that removal, between runs, relative to the extraction: deleting
 * ~13k files takes a fraction of writing them.
 */
export const CLEANUP_SHARE = 0.3;

/** A run that writes to a disk: the extraction until on disk, then its removal. */
export const untilOnDiskEstimateMs = (m: MeasuredRestore): number => m.extractMs + m.writebackMs + m.extractMs * CLEANUP_SHARE;
