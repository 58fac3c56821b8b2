/**
 * Who waits for the restore's writeback tail (issue 40, item 4). A repeat run (the ceilings remembered
 * for this hardware, no experiment to choose, nothing to learn) must cost no more than plain
 * restoreCache, which does not wait for the disk: its main leaves the tail to the detached follower and
 * the post step reports it. A first run waits in main, as the probes and experiments need the tail.
 */
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS } from '../judge/auto-rules.js';

export interface TailFacts {
  /** The fio probes run this run (not remembered, or not auto). */
  runProbes: boolean;
  /** Experiments are configured and this restore allows them (experimentsRequestFor). */
  experimentsCanRun: boolean;
  experimentsAuto: boolean;
  /** Lookup + download + extraction; null without a hit. */
  restoreMs: number | null;
  /** Measured fixes were remembered for this hardware and cache (experiments: auto read them). */
  fixesRemembered: boolean;
  /** fail-on-bottleneck lists a resource: main fails the step on the verdict, which is judged with the tail. */
  failOnBottleneck: boolean;
}

export type TailWaiter = { who: 'main'; why: string } | { who: 'follower'; why: string };

export function whoWaitsForTail(f: TailFacts): TailWaiter {
  if (f.runProbes) return { who: 'main', why: 'the probes run this run and need the disk quiet' };
  // The post step never fails the job, and a verdict without the tail is not the run's verdict.
  if (f.failOnBottleneck) return { who: 'main', why: 'fail-on-bottleneck needs the verdict, judged with the tail, in this step' };
  if (!f.experimentsCanRun) return { who: 'follower', why: 'the ceilings are remembered and no experiment can run' };
  if (!f.experimentsAuto) return { who: 'main', why: 'experiments are asked for on every run' };
  // auto measures only restores of AUTO_EXPERIMENTS_MIN_RESTORE_MS or more until on disk: one this short before its tail is followed, not waited for.
  if (f.restoreMs === null || f.restoreMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS)
    return { who: 'follower', why: 'the ceilings are remembered and experiments: auto decides on the restore without its tail' };
  return f.fixesRemembered
    ? { who: 'follower', why: 'the ceilings and the measured fixes are remembered' }
    : { who: 'main', why: 'experiments: auto has no measured fixes remembered for this cache' };
}
