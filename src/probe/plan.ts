/**
 * The probe suite's budget as deadlines, planned before anything starts, so the suite keeps its
 * budget by construction and not by hoping fio ends in time: every fio run (the layout, each probe)
 * gets a stop time no later than the plan's last stop; a run still going then is sent SIGTERM (fio
 * then writes what it measured so far), SIGKILL a moment later, and the suite stops waiting for it at
 * the end of the stop grace; the cleanup has its own reserve after that. Pure: times are milliseconds
 * from the start of the budget.
 */

/**
 * From SIGTERM at a run's stop time to SIGKILL. fio stopped by SIGTERM waits for its IO in flight
 * and writes its JSON: measured on this project's VM at 58 ms (4 KiB random writes, 2 x 128 in
 * flight) and 167 ms (1 MiB writes, 2 x 128 MiB in flight, sixteen times what a probe keeps in flight).
 */
export const TERM_GRACE_MS = 500;
/**
 * From SIGTERM at a run's stop time to the suite no longer waiting for fio (SIGKILL'd, its IO
 * completing in the kernel): the suite moves on and its cleanup kills it again.
 */
export const STOP_GRACE_MS = 800;
/**
 * Kept after the last stop grace for removing the probe directory: unlinking a written 1 GiB probe
 * file (the largest) took 137 ms on this project's VM.
 */
export const CLEANUP_RESERVE_MS = 400;
/**
 * What a layout may run past its runtime cap before it is stopped: fio's start-up (PROCESS_OVERHEAD_MS)
 * and its 32 x 1 MiB in flight at the cap (0.7 s at 50 MB/s).
 */
export const LAYOUT_OVERRUN_MS = 1500;

export interface SuitePlan {
  budgetMs: number;
  /** No fio run is stopped later than this: what follows is the stop grace and the cleanup reserve. */
  lastStopMs: number;
  termGraceMs: number;
  stopGraceMs: number;
  cleanupReserveMs: number;
}

/** The suite's deadlines for a budget: the last stop, then the stop grace, then the cleanup, ending at the budget. */
export function planSuite(budgetMs: number): SuitePlan {
  return {
    budgetMs,
    lastStopMs: budgetMs - STOP_GRACE_MS - CLEANUP_RESERVE_MS,
    termGraceMs: TERM_GRACE_MS,
    stopGraceMs: STOP_GRACE_MS,
    cleanupReserveMs: CLEANUP_RESERVE_MS,
  };
}

/** One part of the suite's wall time as it ran, in milliseconds from the start of the budget. */
export interface SuitePart {
  name: string;
  startMs: number;
  /** When the suite would stop it (null for the cleanup, which is not a fio run). */
  stopAtMs: number | null;
  endMs: number;
  /** Still running at its stop time: stopped by the suite. */
  cutShort: boolean;
}

/** The plan and what each part did against it: for the caller to check or log. */
export interface SuiteTimeline {
  plan: SuitePlan;
  parts: SuitePart[];
  /** When the suite's cleanup ended. */
  endMs: number;
}
