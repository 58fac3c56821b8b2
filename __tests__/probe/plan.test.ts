import { describe, expect, it } from 'vitest';
import { defineProbe, drainEstimateMs, PROBE_NAMES, PROCESS_OVERHEAD_MS } from '../../src/probe/jobs.js';
import { CLEANUP_RESERVE_MS, planSuite, STOP_GRACE_MS, type SuitePlan, TERM_GRACE_MS } from '../../src/probe/plan.js';
import { adaptiveSchedule } from '../../src/probe/suite.js';
import { MiB } from '../../src/util/units.js';

/** How each fio run ends in a simulated suite: by itself when its work is done, or held until its stop and the whole grace. */
type Ending = 'natural' | 'worst';

interface SimulatedRun {
  name: string;
  startMs: number;
  stopAtMs: number;
  endMs: number;
}

/**
 * The suite's timeline as the adaptive schedule plans it (the same calls, in the same order, as
 * runProbeSuite), with fio's end chosen: 'worst' runs every fio until its stop and then waits the
 * whole stop grace, and the cleanup takes its whole reserve.
 */
function simulate(plan: SuitePlan, probeCount: number, bytesPerSecond: number, ending: Ending) {
  const schedule = adaptiveSchedule(plan.budgetMs, probeCount);
  const defs = PROBE_NAMES.slice(0, probeCount).map((name) => defineProbe(name, 2));
  const runs: SimulatedRun[] = [];
  let now = 0;
  const left = () => plan.lastStopMs - now;
  const run = (name: string, stopAfterMs: number, naturalMs: number) => {
    const stopAtMs = now + stopAfterMs;
    const endMs = ending === 'worst' ? stopAtMs + plan.stopGraceMs : Math.min(now + naturalMs, stopAtMs + plan.stopGraceMs);
    runs.push({ name, startMs: now, stopAtMs, endMs });
    now = endMs;
  };
  const capMs = schedule.layoutCapMs(left());
  run('layout', schedule.layoutStopAfterMs(capMs, left()), capMs + PROCESS_OVERHEAD_MS);
  const skipped: string[] = [];
  for (const [index, def] of defs.entries()) {
    const drainMs = drainEstimateMs(def, bytesPerSecond);
    const timing = schedule.timing(left(), defs.length - index, drainMs);
    if (!timing) {
      skipped.push(def.name);
      continue;
    }
    run(def.name, schedule.stopAfterMs(timing, drainMs, left()), timing.rampMs + timing.runtimeMs + PROCESS_OVERHEAD_MS + drainMs);
  }
  return { runs, skipped, endMs: now + plan.cleanupReserveMs };
}

describe('planSuite', () => {
  it('the last stop, the stop grace and the cleanup reserve end at the budget', () => {
    for (const budgetMs of [6000, 8000, 30_000, 600_000]) {
      const plan = planSuite(budgetMs);
      expect(plan.lastStopMs + plan.stopGraceMs + plan.cleanupReserveMs).toBe(budgetMs);
      expect(plan).toMatchObject({ termGraceMs: TERM_GRACE_MS, stopGraceMs: STOP_GRACE_MS, cleanupReserveMs: CLEANUP_RESERVE_MS });
    }
    // SIGKILL comes inside the stop grace, so a fio that ignored SIGTERM is killed before the suite moves on.
    expect(TERM_GRACE_MS).toBeLessThan(STOP_GRACE_MS);
  });
});

describe('the adaptive schedule keeps the budget by construction', () => {
  // 1 GB/s down to 20 MB/s: drains from nothing to the 5 s cap for the random probes' 1 MiB in flight.
  const rates = [1000 * MiB, 50 * MiB, 20 * MiB];
  const budgets = [6000, 8000, 30_000, 120_000, 600_000];

  it('every fio run stops by the last stop, and the suite ends by its budget even when each run is held to its stop and the whole grace', () => {
    for (const budgetMs of budgets) {
      const plan = planSuite(budgetMs);
      for (let probeCount = 1; probeCount <= PROBE_NAMES.length; probeCount++) {
        for (const rate of rates) {
          const { runs, endMs } = simulate(plan, probeCount, rate, 'worst');
          const where = `${budgetMs} ms, ${probeCount} probes, ${rate / MiB} MiB/s`;
          for (const r of runs) {
            expect(r.stopAtMs, `${where}: ${r.name}`).toBeLessThanOrEqual(plan.lastStopMs);
            expect(r.stopAtMs, `${where}: ${r.name}`).toBeGreaterThanOrEqual(r.startMs);
          }
          expect(endMs, where).toBeLessThanOrEqual(budgetMs);
        }
      }
    }
  });

  it('fio that ends by itself is never stopped: each stop falls after the run planned for it, when the budget leaves room', () => {
    for (const budgetMs of budgets) {
      const plan = planSuite(budgetMs);
      const { runs, skipped, endMs } = simulate(plan, PROBE_NAMES.length, 200 * MiB, 'natural');
      for (const r of runs) expect(r.endMs, `${budgetMs} ms: ${r.name}`).toBeLessThanOrEqual(r.stopAtMs);
      expect(endMs).toBeLessThanOrEqual(budgetMs);
      // The default 30 s budget fits all six probes (smaller ones skip the last, in order of importance).
      if (budgetMs >= 30_000) expect(skipped, `${budgetMs} ms`).toEqual([]);
    }
    // suite.test.ts's real run: two probes in 8 s both get a slot when fio keeps to its plan.
    expect(simulate(planSuite(8000), 2, 200 * MiB, 'natural').skipped).toEqual([]);
  });

  it('a run started after the last stop is stopped at once, not given a floor that would overrun', () => {
    const schedule = adaptiveSchedule(8000, 2);
    const timing = { mode: 'adaptive' as const, rampMs: 500, runtimeMs: 1000, ssDurS: null };
    expect(schedule.stopAfterMs(timing, 0, -300)).toBe(0);
    expect(schedule.layoutStopAfterMs(1600, -300)).toBe(0);
    expect(schedule.stopAfterMs(timing, 0, 700)).toBe(700);
  });
});
