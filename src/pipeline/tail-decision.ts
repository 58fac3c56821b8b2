/**
 * Who waits for the restore's writeback tail (issue 40, item 4). A repeat run (the ceilings remembered
 * for this hardware, no experiment to choose, nothing to learn) must cost no more than plain
 * restoreCache, which does not wait for the disk: its main leaves the tail to the detached follower and
 * the post step reports it. A first run waits in main, as the probes and experiments need the tail; so
 * does a run whose tail is known to be empty when extraction ends, as there is nothing to follow.
 *
 * An ordered rule table, as profile/restore-rules.ts RESTORE_RULES: each rule a name, a test and a
 * decision; the first rule whose test holds decides (the last always holds).
 */
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS } from '../judge/auto-rules.js';
import type { FileSystemInfo, Snapshot } from '../profile/schema.js';

export interface TailFacts {
  /** Every file system the restore wrote lives in memory (tmpfs, ramfs): nothing of it is written back. */
  restoreInMemory: boolean;
  /** /proc/meminfo Dirty + Writeback machine-wide when extraction ended, bytes; null where not read. */
  dirtyAtExtractEndBytes: number | null;
  /** The fio probes run this run (not remembered, or not auto). */
  runProbes: boolean;
  /** Experiments are configured and this restore allows them (experimentsRequestFor). */
  experimentsCanRun: boolean;
  experimentsAuto: boolean;
  /** Lookup + download + extraction; null without a hit. */
  restoreMs: number | null;
  /** Measured fixes were remembered for this hardware and cache (experiments: auto read them). */
  fixesRemembered: boolean;
  /**
   * A run on this hardware, of a cache of this shape, judged with its tail, named nothing an experiment
   * changes, and that still holds (judge/auto-rules.ts judgedInRegime).
   */
  nothingToMeasureRemembered: boolean;
  /**
   * A post step judged a restore of this cache, on this hardware and of this shape, with its tail, as one
   * auto measures, and could not measure it (remember/fixes.ts "to-measure"); it still holds.
   */
  toMeasureRemembered: boolean;
  /** fail-on-bottleneck lists a resource: main fails the step on the verdict, which is judged with the tail. */
  failOnBottleneck: boolean;
}

export const TAIL_RULES = [
  'tail-empty',
  'probes-run',
  'fail-on-bottleneck',
  'no-experiment',
  'experiments-every-run',
  'to-measure-remembered',
  'restore-short-for-auto',
  'fixes-remembered',
  'nothing-to-measure',
  'fixes-to-measure',
] as const;
export type TailRule = (typeof TAIL_RULES)[number];

export type TailWaiterName = 'main' | 'follower';
export interface TailWaiter {
  who: TailWaiterName;
  rule: TailRule;
  /** The log's words on why. */
  why: string;
}

/**
 * The tail is known to be empty the moment extraction ends: the restore wrote only to memory, or
 * nothing at all was dirty or being written back machine-wide (so nothing of the restore's). Then main
 * times it itself, with no follower to start (a syncfs with nothing to write returns at once), and
 * judges and reports in its own step.
 */
export function tailKnownEmpty(f: TailAtExtractEnd): boolean {
  return f.restoreInMemory || f.dirtyAtExtractEndBytes === 0;
}

const RULES: Record<TailRule, { test: (f: TailFacts) => boolean; who: TailWaiterName; why: string }> = {
  'tail-empty': {
    test: tailKnownEmpty,
    who: 'main',
    why: 'nothing of the restore was left to write to disk when extraction ended (a file system in memory, or nothing dirty)',
  },
  'probes-run': { test: (f) => f.runProbes, who: 'main', why: 'the probes run this run and need the disk quiet' },
  // The post step never fails the job, and a verdict without the tail is not the run's verdict.
  'fail-on-bottleneck': {
    test: (f) => f.failOnBottleneck,
    who: 'main',
    why: 'fail-on-bottleneck needs the verdict, judged with the tail, in this step',
  },
  'no-experiment': { test: (f) => !f.experimentsCanRun, who: 'follower', why: 'the ceilings are remembered and no experiment can run' },
  'experiments-every-run': { test: (f) => !f.experimentsAuto, who: 'main', why: 'experiments are asked for on every run' },
  // Before the gate: the restore may come in under it without its tail, as the one the post step judged did.
  'to-measure-remembered': {
    test: (f) => f.toMeasureRemembered,
    who: 'main',
    why: 'a post step judged a restore of this cache, with its tail, as one experiments: auto measures, and could not measure it',
  },
  // auto measures only restores of AUTO_EXPERIMENTS_MIN_RESTORE_MS or more until on disk: one this short before its tail is followed, not waited for.
  'restore-short-for-auto': {
    test: (f) => f.restoreMs === null || f.restoreMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS,
    who: 'follower',
    why: 'the ceilings are remembered and experiments: auto decides on the restore without its tail',
  },
  'fixes-remembered': { test: (f) => f.fixesRemembered, who: 'follower', why: 'the ceilings and the measured fixes are remembered' },
  // Main still judges without the tail first: a verdict that asks for experiments makes it wait after all.
  'nothing-to-measure': {
    test: (f) => f.nothingToMeasureRemembered,
    who: 'follower',
    why: 'the ceilings are remembered, and a run on this hardware of a cache of this shape found nothing for the experiments to measure',
  },
  'fixes-to-measure': { test: () => true, who: 'main', why: 'experiments: auto has no measured fixes remembered for this cache' },
};

/** What is known of the tail when extraction ends. */
export type TailAtExtractEnd = Pick<TailFacts, 'restoreInMemory' | 'dirtyAtExtractEndBytes'>;

/** The first rule of TAIL_RULES whose test holds decides who waits for the tail. */
export function whoWaitsForTail(f: TailFacts): TailWaiter {
  // 'fixes-to-measure' always holds: the table ends with it.
  const rule = TAIL_RULES.find((r) => RULES[r].test(f)) ?? 'fixes-to-measure';
  const { who, why } = RULES[rule];
  return { who, rule, why };
}

/** File systems whose pages are never written back: what a restore into them leaves no tail on. */
const IN_MEMORY_FS_TYPES: ReadonlySet<string> = new Set(['tmpfs', 'ramfs']);

/** The tail facts known when extraction ends, from the restore paths' file systems and the extraction's last snapshot. */
export function tailAtExtractEnd(restoreFileSystems: readonly Pick<FileSystemInfo, 'fsType'>[], extractEnd: Pick<Snapshot, 'memory'>): TailAtExtractEnd {
  const memory = extractEnd.memory;
  return {
    restoreInMemory: restoreFileSystems.length > 0 && restoreFileSystems.every((fs) => IN_MEMORY_FS_TYPES.has(fs.fsType)),
    dirtyAtExtractEndBytes: memory ? memory.dirtyBytes + memory.writebackBytes : null,
  };
}

/** How the line below begins (the repeat-steps bench tells a main that waited by it). */
export const TAIL_WAIT_LINE_START = "The step waits for the restore's files to be on disk";

/**
 * The log's line where main waits for the tail: a step that pays the writeback is told why (a repeat run's
 * main waits only where it needs the tail: a fix to measure, a verdict to fail on). Null where the follower takes
 * the tail, or where it was known empty (nothing to wait for).
 */
/** The log's line where main, having left the tail to the follower, waits for it after all: auto would measure on this run. */
export function tailWaitAfterAllLine(autoReason: string): string {
  return `${TAIL_WAIT_LINE_START} after all: experiments: auto would measure on this run (${autoReason}).`;
}

export function tailWaitLine(waiter: TailWaiter): string | null {
  if (waiter.who !== 'main' || waiter.rule === 'tail-empty') return null;
  return `${TAIL_WAIT_LINE_START} (${waiter.why}).`;
}
