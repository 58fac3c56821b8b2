/** When a run of the experiments is stopped so that the stage ends within its budget. Pure. */

/** Kept at the end of the budget for removing what a run stopped there wrote. */
export const BUDGET_RESERVE_MS = 2000;
/** A run's cleanup can take this many times the slowest cleanup measured before it (a slow disk's removal and its sync vary). */
export const CLEANUP_RESERVE_FACTOR = 1.5;

/**
 * When a run's commands are stopped, planned from the budget: the budget less what the run's own
 * cleanup (unmounts, removal, the sync of the removal) and the stage's last cleanup need, so that the
 * stage ends within its budget by construction. Before any cleanup was measured the reserve is
 * BUDGET_RESERVE_MS (5% of a budget under 40 s); after, CLEANUP_RESERVE_FACTOR times the slowest seen
 * if that is more. Milliseconds from now; 0 when the budget is already spent.
 */
export function runDeadlineMs(budgetMs: number, elapsedMs: number, cleanupsMs: readonly number[]): number {
  return Math.max(0, budgetMs - cleanupReserveMs(budgetMs, cleanupsMs) - elapsedMs);
}

/** What the budget keeps for the cleanup of the run being made (runDeadlineMs); a run starts only if its estimate fits before it. */
export function cleanupReserveMs(budgetMs: number, cleanupsMs: readonly number[]): number {
  return Math.max(Math.min(BUDGET_RESERVE_MS, budgetMs * 0.05), CLEANUP_RESERVE_FACTOR * Math.max(0, ...cleanupsMs));
}
