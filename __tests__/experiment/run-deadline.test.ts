// The experiments end within their budget by construction (issue 39: "70.6 s of their 60 s budget"):
// a run's commands are stopped where its cleanup, as long as the slowest cleanup before it and a half
// more, still fits the budget; before any cleanup was measured, the fixed reserve holds.
import { describe, expect, it } from 'vitest';
import { BUDGET_RESERVE_MS, CLEANUP_RESERVE_FACTOR, cleanupReserveMs, runDeadlineMs } from '../../src/experiment/run-experiments.js';

describe('runDeadlineMs', () => {
  it('before any cleanup: the budget less the fixed reserve, less what has elapsed', () => {
    expect(runDeadlineMs(60_000, 10_000, [])).toBe(60_000 - BUDGET_RESERVE_MS - 10_000);
    // A small budget keeps 5% of itself.
    expect(runDeadlineMs(6000, 0, [])).toBe(6000 - 300);
  });

  it("after slow cleanups: the slowest, times the factor, stays in reserve (lab-cpu-steps: a run's removal and sync took seconds)", () => {
    expect(runDeadlineMs(60_000, 20_000, [800, 6000, 1200])).toBe(60_000 - CLEANUP_RESERVE_FACTOR * 6000 - 20_000);
    // Fast cleanups never shrink the fixed reserve.
    expect(runDeadlineMs(60_000, 20_000, [100])).toBe(60_000 - BUDGET_RESERVE_MS - 20_000);
  });

  it('a spent budget stops at once', () => {
    expect(runDeadlineMs(60_000, 59_000, [5000])).toBe(0);
  });

  it('the reserve a run must fit before to start at all is the one its deadline keeps (no run starts only to be stopped at once)', () => {
    const cleanups = [800, 20_000];
    expect(cleanupReserveMs(60_000, cleanups)).toBe(CLEANUP_RESERVE_FACTOR * 20_000);
    expect(runDeadlineMs(60_000, 30_000, cleanups)).toBe(60_000 - cleanupReserveMs(60_000, cleanups) - 30_000);
  });
});
