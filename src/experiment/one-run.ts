/**
 * One timed run of the experiments: the alternative's setup (run-setups.ts), tar (or the
 * decompression alone) until it exits, the sync of every file system it wrote, then its cleanup,
 * timed for the next run's reserve. Stopped where its own cleanup still fits the budget. IO edge.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Availability } from './availability.js';
import type { DirtyChange } from './dirty.js';
import { climbOf, type Listing } from './listing.js';
import { removeTree } from './owned-dirs.js';
import { type ChildRegistry, runTimed, syncFs } from './processes.js';
import { runDeadlineMs } from './run-deadline.js';
import { runSetupOf } from './run-setups.js';
import { decompressCommand, extractCommand, type Command } from './tar-command.js';
import type { RunRecord, Target } from './types.js';
import { CleanupStack } from '../system/cleanup.js';
import type { Privileges } from '../system/privilege.js';
import { monotonicMs } from '../util/clock.js';

/** What every run of one stage shares. */
export interface RunContext {
  budgetMs: number;
  /** Since the stage began. */
  elapsed: () => number;
  registry: ChildRegistry;
  privileges: Privileges;
  tarPath: string;
  archivePath: string;
  compressionMethod: string;
  listing: Listing;
  /** Each restore path relative to the extraction directory, as the step mounts it. */
  mounted: readonly string[];
  ramVia: Availability['ramVia'];
  /** The directory of ours a target extracts below, made on first use. */
  targetDir: (t: Target) => string;
  bindRootOf: (mountPoint: string) => string;
  /** Each run's cleanup, ms: what the next run's deadline keeps in reserve (runDeadlineMs); this run's is added. */
  cleanupsMs: number[];
  log: (line: string) => void;
  warn: (line: string) => void;
  onDirtySettings?: (change: DirtyChange | null) => void;
  whoSetDirty?: (name: string, value: number) => string | null;
  /** Test hook: awaited while a run's tar (or unzstd) is running; a throw fails that run. */
  duringRun?: (alternative: Target['alternative'], index: number) => Promise<void>;
}

/**
 * A run stopped at its deadline, far slower than the runs before it predicted: how long it had run, a lower
 * bound of its own time (outcomes.ts counts it as that, rather than dropping the run).
 */
export class RunStopped extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
    this.name = 'RunStopped';
  }
}

/**
 * A run stopped once it had run longer than the most it was let (oneRun's capMs): it had been read as no fix
 * by then, and how much slower it is need not be known (sample-pairs.ts pairedCapMs). Not a failure.
 */
export class RunCapped extends RunStopped {
  constructor(afterMs: number, capMs: number) {
    super(`stopped after ${(afterMs / 1000).toFixed(1)} s, longer than the ${(capMs / 1000).toFixed(1)} s it was let run: no fix`, afterMs);
    this.name = 'RunCapped';
  }
}

/** A command timed until it exits, killed at the run's deadline or its cap; `stopped` says whether that happened. */
function deadlineTimer(c: RunContext, t: Target, index: number, capMs: number | null) {
  const state = { stopped: false };
  // The run's time starts with its first command (tar), as its untilOnDiskMs does.
  let runStartedMs: number | null = null;
  const timed = async (command: Command, hook = true) => {
    runStartedMs ??= monotonicMs();
    const runStart = runStartedMs;
    // A run far slower than every estimate (a machine suddenly loaded) is stopped where its own
    // cleanup still fits the budget, as the cleanups before it took (runDeadlineMs).
    const budgetDeadlineMs = runDeadlineMs(c.budgetMs, c.elapsed(), c.cleanupsMs);
    const capLeftMs = capMs === null ? Number.POSITIVE_INFINITY : capMs - (monotonicMs() - runStart);
    const capped = capLeftMs < budgetDeadlineMs;
    const deadlineMs = Math.min(budgetDeadlineMs, capLeftMs);
    const startedMs = monotonicMs();
    let cut = false;
    let cutAfterMs = 0;
    let cutRunMs = 0;
    const timer = setTimeout(
      () => {
        cut = true;
        // How long it had run when stopped, not when the stop was noticed.
        cutAfterMs = monotonicMs() - startedMs;
        cutRunMs = monotonicMs() - runStart;
        c.registry.killAll();
      },
      Math.max(0, deadlineMs),
    );
    const pending = runTimed(command, c.registry);
    pending.catch(() => undefined);
    try {
      if (hook) await c.duringRun?.(t.alternative, index);
      return await pending;
    } catch (error) {
      c.registry.killAll();
      if (cut) {
        state.stopped = true;
        if (capped && capMs !== null) throw new RunCapped(cutRunMs, capMs);
        throw new RunStopped(
          `stopped at the end of the ${(c.budgetMs / 1000).toFixed(0)} s budget (experiments-budget-seconds), far slower than the runs before it predicted`,
          cutAfterMs,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return { timed, state };
}

/** One run of a target; with capMs, stopped once it has run that long (RunCapped). */
export async function oneRun(c: RunContext, t: Target, index: number, capMs: number | null = null): Promise<RunRecord> {
  const { timed, state } = deadlineTimer(c, t, index, capMs);
  const setup = runSetupOf(t.alternative);
  if (!setup.extracts) {
    const d = await timed(decompressCommand(c.tarPath, c.archivePath, c.compressionMethod));
    return { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: d.durationMs, syncMs: 0, untilOnDiskMs: d.durationMs, cpuMs: d.cpuMs };
  }
  const owned = c.targetDir(t);
  const runDir = path.join(owned, `run-${index}`);
  // Members that climb out with ../ land inside runDir: extract that many levels below it.
  // Deep enough that every mount lands inside runDir too: a restore path the archive holds nothing of climbs as far as it is written.
  const levels = Math.max(c.listing.climbLevels, ...c.mounted.map(climbOf));
  const into = path.join(runDir, ...Array.from({ length: levels }, (_, i) => `up-${i + 1}`));
  mkdirSync(into, { recursive: true });
  const local = new CleanupStack(c.log);
  const syncDirs = [into];
  try {
    setup.prepare({
      target: t,
      index,
      runDir,
      into,
      mounted: c.mounted,
      extractedBytes: c.listing.extractedBytes,
      ramVia: c.ramVia,
      privileges: c.privileges,
      local,
      syncDirs,
      bindRootOf: c.bindRootOf,
      warn: c.warn,
      ...(c.onDirtySettings ? { onDirtySettings: c.onDirtySettings } : {}),
      ...(c.whoSetDirty ? { whoSetDirty: c.whoSetDirty } : {}),
    });
    const step = await timed(extractCommand(c.tarPath, c.archivePath, into, c.compressionMethod));
    // Every file system the run wrote, as a plain restore is on disk only when each has synced.
    let syncMs = 0;
    try {
      for (const dir of syncDirs) syncMs += (await timed({ program: 'sync', args: ['-f', dir] }, false)).durationMs;
    } catch (error) {
      // Stopped in its sync: it had run since tar started.
      // A capped run's time is already the whole run's.
      throw error instanceof RunStopped && !(error instanceof RunCapped) ? new RunStopped(error.message, step.durationMs + syncMs + error.afterMs) : error;
    }
    return {
      alternative: t.alternative,
      mountPoint: t.mountPoint,
      stepMs: step.durationMs,
      syncMs,
      untilOnDiskMs: step.durationMs + syncMs,
      cpuMs: step.cpuMs,
    };
  } finally {
    const cleanupStarted = monotonicMs();
    await local.runAll();
    removeTree(runDir, c.privileges);
    // The removal's own writes must not land in the next run's time.
    if (!state.stopped) for (const dir of new Set([owned, ...syncDirs.slice(1)])) await syncFs(dir, c.registry).catch(() => undefined);
    c.cleanupsMs.push(monotonicMs() - cleanupStarted);
  }
}
