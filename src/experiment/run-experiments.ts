/**
 * The experiments stage: fetch the archive again, then extract it under each alternative and time
 * it until the files are on disk, within the budget. Everything it creates lives in directories it
 * owns (removed after each run, on failure, on SIGINT/SIGTERM and by the post step); the tmpfs it
 * mounts is unmounted and the sysctls it raises are put back exactly, on the same occasions.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { availability, RAM_SHARE } from './availability.js';
import type { ExperimentName } from './alternatives.js';
import { dirtyBytesFor } from './apply.js';
import { mountedPaths, tmpfsSize } from './workflow-steps.js';
import { expandPath } from '../config/restore-roots.js';
import { DirtyRaiseError, dirtyChangeFor, leftAloneSentence, putBackIfOurs, raiseDirtyLimits, readDirtySettings, type DirtyChange } from './dirty.js';
import { raisedDirtyLimits } from './dirty-budget.js';
import { addListingLine, climbOf, emptyListing, type Listing } from './listing.js';
import { availableMemory, readDirtyBudget, readMachineFacts, freeBytes } from './machine-facts.js';
import { fixBest, outcomes } from './outcomes.js';
import { createOwnedDir, removeOwnedDir, removeTree, unmount } from './owned-dirs.js';
import { budgetSkips, nextRun, planExperiments, type MeasuredRestore } from './plan.js';
import { ChildRegistry, runLines, runTimed, syncFs } from './processes.js';
import { refetchArchive } from './refetch.js';
import { refetchInParallel } from './parallel-refetch.js';
import { decompressCommand, extractCommand, listCommand, type Command } from './tar-command.js';
import type { ExperimentsResult, RunRecord, Skip, Target } from './types.js';
import { CleanupStack } from '../system/cleanup.js';
import { detectPrivileges, processIds, runPrivileged, type Privileges } from '../system/privilege.js';
import { cacheUtils } from '../restore/cache-internals.js';
import { bytes } from '../util/format.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { leftInPlace } from '../util/cleanup-words.js';

/** The archive goes to RAM when it takes at most this share of the available memory. */
export const ARCHIVE_RAM_SHARE = 0.25;
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

export interface ExperimentsRequest {
  experiments: readonly ExperimentName[];
  budgetMs: number;
  /** The restore path whose file system is the baseline's, expanded. */
  restorePath: string;
  /** The plain restore paths as the workflow wrote them: ram and other-disk mount each (fix-step.ts), as the step they measure. */
  pathsAsGiven: readonly string[];
  /** Restore paths that are patterns: no step can mount what they match, so ram and other-disk do not run. */
  patternPaths: readonly string[];
  /** Where the toolkit resolves the paths from (GITHUB_WORKSPACE): the archive's member names are relative to it. */
  workspace: string;
  /** All restore paths, expanded: the archive never goes inside one. */
  restorePaths: readonly string[];
  runnerTemp: string;
  downloadUrl: string;
  serviceVersion: 'v1' | 'v2';
  compressionMethod: string;
  archiveBytes: number;
  measured: MeasuredRestore;
  /** Mount points to try as other disks besides those found (the lab's loop disks). */
  extraOtherDisks?: readonly string[];
  /** Test hook: play a runner with less privilege than this one (root here, a self-hosted runner without sudo there). */
  privileges?: Privileges;
  /** Test hook: awaited while a run's tar (or unzstd) is running; a throw fails that run. */
  duringRun?: (alternative: Target['alternative'], index: number) => Promise<void>;
}

export interface ExperimentsHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  signal?: AbortSignal;
  /** Each directory the experiments create, before they write to it (the post step removes leftovers). */
  onDirectory?: (dir: string) => void;
  /**
   * The vm.dirty_* values in force before a raise and those written, or null once put back (the post
   * step, or the next profile on the machine, puts them back after a hard kill while still ours).
   */
  onDirtySettings?: (change: DirtyChange | null) => void;
  /** Who else set a vm.dirty_* to the value found (another profile on the machine), for the warning when it is left alone. */
  whoSetDirty?: (name: string, value: number) => string | null;
}

const emptyBest: ExperimentsResult['fixBest'] = { alternative: 'none', mountPoint: null, savingMs: null };

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function which(program: string): string {
  return execFileSync('sh', ['-c', 'command -v "$1"', 'sh', program], { encoding: 'utf8' }).trim();
}

export async function runExperiments(request: ExperimentsRequest, hooks: ExperimentsHooks): Promise<ExperimentsResult> {
  const started = monotonicMs();
  const result = await experimentsAndCleanup(request, hooks);
  // Everything the stage added to the step, its cleanup included.
  result.wallMs = monotonicMs() - started;
  return result;
}

async function experimentsAndCleanup(request: ExperimentsRequest, hooks: ExperimentsHooks): Promise<ExperimentsResult> {
  const started = monotonicMs();
  const elapsed = () => monotonicMs() - started;
  const privileges = request.privileges ?? detectPrivileges();
  const registry = new ChildRegistry();
  const cleanup = new CleanupStack(hooks.log);
  const dirs: string[] = [];
  const removeAll = () => {
    for (const dir of [...dirs].reverse()) {
      const r = removeOwnedDir(dir, privileges);
      if (!r.removed && r.reason !== 'does not exist') hooks.warn(`Experiments: ${leftInPlace(dir, String(r.reason))}`);
    }
  };
  cleanup.push('remove the experiment directories', removeAll);
  cleanup.push('stop tar and zstd', () => registry.killAll());
  const own = (parent: string): string => {
    const dir = createOwnedDir(parent, privileges);
    dirs.push(dir);
    hooks.onDirectory?.(dir);
    return dir;
  };
  const result = (status: ExperimentsResult['status'], reason: string | undefined, extra: Partial<ExperimentsResult> = {}): ExperimentsResult => ({
    status,
    ...(reason ? { reason } : {}),
    budgetMs: request.budgetMs,
    wallMs: elapsed(),
    refetch: null,
    outcomes: [],
    runs: [],
    skipped: [],
    fixBest: emptyBest,
    ...extra,
  });

  // Nothing is fetched when the refetch and one baseline run cannot fit the budget (estimated from the profiled restore).
  const precheck = planExperiments(
    [{ alternative: 'baseline', mountPoint: null }, ...request.experiments.map((alternative) => ({ alternative, mountPoint: null }))],
    request.measured,
    request.budgetMs,
  );
  if (precheck.runs.length === 0) {
    cleanup.dispose();
    return result('skipped', precheck.skipped[0]?.detail ?? 'nothing fits the budget', { skipped: precheck.skipped });
  }

  try {
    // Where the archive lives: RAM when it fits a set share of the available memory (the cgroup's room where that is less), else RUNNER_TEMP.
    const session = own(request.runnerTemp);
    const memAvailable = availableMemory().bytes;
    const archiveFitsRam = memAvailable !== null && request.archiveBytes <= memAvailable * ARCHIVE_RAM_SHARE;
    let tmpfs: string | null = null;
    let tmpfsRefused: string | null = null;
    /** A tmpfs of our own, or null where mounting is refused (a container without CAP_SYS_ADMIN). */
    const ownTmpfs = (): string | null => {
      if (tmpfs || tmpfsRefused !== null || privileges.mount.via === 'none') return tmpfs;
      const dir = path.join(session, 'tmpfs');
      mkdirSync(dir);
      // A cap, not a reservation: tmpfs takes memory only as files are written.
      const size = Math.floor(((memAvailable ?? 1024 ** 3) * RAM_SHARE) / 4096) * 4096;
      const { uid, gid } = processIds();
      try {
        runPrivileged(privileges.mount, 'mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700,uid=${uid},gid=${gid}`, 'disk-profiler-exp', dir]);
        tmpfs = dir;
      } catch (error) {
        tmpfsRefused = errorMessage(error);
        hooks.log(`Experiments: could not mount a tmpfs (${tmpfsRefused}); using /dev/shm.`);
      }
      return tmpfs;
    };
    let shmDir: string | null = null;
    const ensureShm = (): string => (shmDir ??= own('/dev/shm'));
    const ram = (): string => ownTmpfs() ?? ensureShm();
    let archiveDir: string;
    let inRam = false;
    if (archiveFitsRam && (ownTmpfs() || (freeBytes('/dev/shm') ?? 0) > request.archiveBytes * 2)) {
      archiveDir = path.join(ram(), 'archive');
      inRam = true;
    } else {
      archiveDir = path.join(session, 'archive');
      const free = freeBytes(session);
      if (free !== null && free < request.archiveBytes * 1.1) {
        return result(
          'skipped',
          `no room for the archive (${bytes(request.archiveBytes)}): it does not fit in ${Math.round(ARCHIVE_RAM_SHARE * 100)}% of the available memory, and ${request.runnerTemp} has ${bytes(free)} free`,
        );
      }
    }
    if (request.restorePaths.some((p) => isInside(archiveDir, p))) {
      return result('skipped', `the archive's place (${archiveDir}) is inside a restore path; the experiments never write there`);
    }
    mkdirSync(archiveDir);
    const archivePath = path.join(archiveDir, cacheUtils.getCacheFileName(request.compressionMethod as Parameters<typeof cacheUtils.getCacheFileName>[0]));

    let refetch: ExperimentsResult['refetch'] = null;
    try {
      const got = await refetchArchive(request.downloadUrl, archivePath, request.serviceVersion);
      refetch = {
        durationMs: got.durationMs,
        bytes: got.bytes,
        where: !inRam ? archiveDir : tmpfs && archiveDir.startsWith(tmpfs) ? 'RAM (a tmpfs of its own)' : 'RAM (/dev/shm)',
        inRam,
      };
      hooks.log(`Experiments: fetched the archive again (${bytes(got.bytes)}) in ${(got.durationMs / 1000).toFixed(2)} s, into ${refetch.where}.`);
    } catch (error) {
      return result('failed', `fetching the archive again failed: ${errorMessage(error)}`);
    }

    const tarPath = which('tar');
    const listing: Listing = emptyListing();
    try {
      await runLines(listCommand(tarPath, archivePath, request.compressionMethod), registry, (line) => addListingLine(listing, line));
    } catch (error) {
      return result('failed', `listing the archive failed: ${errorMessage(error)}`, { refetch });
    }
    if (listing.absolute.length > 0) {
      return result('skipped', `the archive holds absolute paths (${listing.absolute.join(', ')}); extracted elsewhere they would still land there`, {
        refetch,
      });
    }

    const facts = readMachineFacts({
      privileges,
      restorePath: request.restorePath,
      extractedBytes: listing.extractedBytes,
      archiveInRamBytes: inRam ? refetch.bytes : 0,
      ...(request.extraOtherDisks ? { extraOtherDisks: request.extraOtherDisks } : {}),
    });
    const avail = availability(request.experiments, facts, request.patternPaths);
    const skipped: Skip[] = [...avail.skipped];

    // One directory of ours per target file system, made on first use (the post step hears of each before it is written).
    const baselineParent = sameFileSystemParent(request.restorePath);
    const dirOf = new Map<string, string>();
    // ram (a tmpfs per restore path) and other-disk (each restore path bind-mounted from it) extract
    // on the baseline's file system too, with the step's mounts in place: what lies outside the
    // restore paths (their parents) lands where the real restore puts it.
    const onBase = (t: Target) =>
      t.alternative === 'baseline' ||
      t.alternative === 'page-cache' ||
      t.alternative === 'other-disk' ||
      (t.alternative === 'ram' && avail.ramVia === 'own-tmpfs');
    const targetDir = (t: Target): string => {
      const key = onBase(t) ? 'base' : `${t.alternative}:${t.mountPoint ?? ''}`;
      const known = dirOf.get(key);
      if (known) return known;
      const dir = onBase(t) ? own(baselineParent) : t.alternative === 'ram' ? ensureShm() : session;
      dirOf.set(key, dir);
      return dir;
    };
    /** other-disk: the directory of ours on that file system the bind mounts come from. */
    const bindRootOf = (mountPoint: string): string => {
      const key = `bind:${mountPoint}`;
      const known = dirOf.get(key);
      if (known) return known;
      const dir = own(mountPoint);
      dirOf.set(key, dir);
      return dir;
    };
    // Where each restore path lands below an extraction directory: the archive names members relative to the workspace.
    const mounted = mountedPaths(request.pathsAsGiven).map((given) => path.relative(request.workspace, expandPath(given, request.workspace)));

    const runs: RunRecord[] = [];
    /** Each run's cleanup, ms: what the next run's deadline keeps in reserve (runDeadlineMs). */
    const cleanupsMs: number[] = [];
    let n = 0;
    // Decided run by run: each estimate is corrected by what the runs before it really took, and must
    // fit before the reserve its cleanup needs (a run started past it would be stopped at once).
    const spentMs = () => elapsed() + cleanupReserveMs(request.budgetMs, cleanupsMs);
    for (
      let t = nextRun(avail.targets, runs, request.measured, spentMs(), request.budgetMs);
      t && !hooks.signal?.aborted;
      t = nextRun(avail.targets, runs, request.measured, spentMs(), request.budgetMs)
    ) {
      n++;
      let record: RunRecord;
      try {
        record = await oneRun(t, n);
      } catch (error) {
        record = { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: 0, syncMs: 0, untilOnDiskMs: 0, error: errorMessage(error) };
        hooks.warn(`Experiment ${t.alternative}${t.mountPoint ? ` on ${t.mountPoint}` : ''} failed: ${record.error}`);
      }
      runs.push(record);
      // A baseline that cannot run leaves nothing to compare with.
      if (t.alternative === 'baseline' && record.error && !runs.some((r) => r.alternative === 'baseline' && !r.error)) break;
    }
    const baselineError = runs.some((r) => r.alternative === 'baseline' && !r.error) ? null : runs.find((r) => r.alternative === 'baseline')?.error;
    if (baselineError) {
      for (const t of avail.targets.filter((x) => x.alternative !== 'baseline'))
        skipped.push({
          alternative: t.alternative,
          mountPoint: t.mountPoint,
          reason: 'no-baseline',
          detail: `nothing to compare with: the baseline run failed (${baselineError})`,
        });
    } else {
      skipped.push(...budgetSkips(avail.targets, runs, request.measured, spentMs(), request.budgetMs));
    }

    async function oneRun(t: Target, index: number): Promise<RunRecord> {
      /** Stopped at its deadline: no run follows, so the removal's writes need no sync before one. */
      let stopped = false;
      const timed = async (command: Command, hook = true) => {
        // A run far slower than every estimate (a machine suddenly loaded) is stopped where its own
        // cleanup still fits the budget, as the cleanups before it took (runDeadlineMs).
        const deadlineMs = runDeadlineMs(request.budgetMs, elapsed(), cleanupsMs);
        let cut = false;
        const timer = setTimeout(
          () => {
            cut = true;
            registry.killAll();
          },
          Math.max(0, deadlineMs),
        );
        const pending = runTimed(command, registry);
        pending.catch(() => undefined);
        try {
          if (hook) await request.duringRun?.(t.alternative, index);
          return await pending;
        } catch (error) {
          registry.killAll();
          if (cut) {
            stopped = true;
            throw new Error(
              `stopped at the end of the ${(request.budgetMs / 1000).toFixed(0)} s budget (experiments-budget-seconds), far slower than the runs before it predicted`,
            );
          }
          throw error;
        } finally {
          clearTimeout(timer);
        }
      };
      if (t.alternative === 'decompress') {
        const d = await timed(decompressCommand(tarPath, archivePath, request.compressionMethod));
        return { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: d.durationMs, syncMs: 0, untilOnDiskMs: d.durationMs, cpuMs: d.cpuMs };
      }
      const owned = targetDir(t);
      const runDir = path.join(owned, `run-${index}`);
      // Members that climb out with ../ land inside runDir: extract that many levels below it.
      // Deep enough that every mount lands inside runDir too: a restore path the archive holds nothing of climbs as far as it is written.
      const levels = Math.max(listing.climbLevels, ...mounted.map(climbOf));
      const into = path.join(runDir, ...Array.from({ length: levels }, (_, i) => `up-${i + 1}`));
      mkdirSync(into, { recursive: true });
      const local = new CleanupStack(hooks.log);
      const syncDirs = [into];
      try {
        if (t.alternative === 'ram' && avail.ramVia === 'own-tmpfs') {
          // The step's mounts (fix-step.ts): a tmpfs on each restore path, owned by whoever extracts, as `uid=$(id -u)` there.
          const { uid, gid } = processIds();
          for (const rel of mounted) {
            const at = path.join(into, rel);
            if (!isInside(at, runDir)) throw new Error(`the restore path ${rel} would be mounted outside the run's directory (${at})`);
            mkdirSync(at, { recursive: true });
            runPrivileged(privileges.mount, 'mount', [
              '-t',
              'tmpfs',
              '-o',
              `size=${tmpfsSize(listing.extractedBytes)},uid=${uid},gid=${gid}`,
              'disk-profiler-exp',
              at,
            ]);
            local.push(`unmount ${at}`, () => unmount(privileges, at));
          }
        }
        if (t.alternative === 'other-disk') {
          // The step's bind mounts (fix-step.ts): each restore path a directory of its own on the other disk.
          const root = bindRootOf(t.mountPoint as string);
          mounted.forEach((rel, i) => {
            const source = path.join(root, `run-${index}-${i + 1}`);
            const at = path.join(into, rel);
            if (!isInside(at, runDir)) throw new Error(`the restore path ${rel} would be mounted outside the run's directory (${at})`);
            mkdirSync(source);
            mkdirSync(at, { recursive: true });
            local.push(`remove ${source}`, () => removeTree(source, privileges));
            runPrivileged(privileges.mount, 'mount', ['--bind', source, at]);
            local.push(`unmount ${at}`, () => unmount(privileges, at));
          });
          syncDirs.push(root);
        }
        if (t.alternative === 'page-cache') {
          // Each limit raised to the target where the budget in force is below it, never lowered.
          const limits = raisedDirtyLimits(dirtyBytesFor(listing.extractedBytes), readDirtyBudget());
          const saved = readDirtySettings();
          let change = dirtyChangeFor(saved, limits);
          // Recorded before the write: a kill between the two leaves a record whose put-back finds the values as they were, and does nothing.
          hooks.onDirtySettings?.(change);
          local.push('put vm.dirty_* back (what is still ours)', () => {
            const outcome = putBackIfOurs(privileges, change);
            for (const l of outcome.leftAlone)
              hooks.warn(`Experiments: ${leftAloneSentence(l, 'this profile', hooks.whoSetDirty?.(l.name, l.foundValue) ?? undefined)}`);
            hooks.onDirtySettings?.(null);
          });
          try {
            raiseDirtyLimits(privileges, limits);
          } catch (error) {
            // Only the writes that took are ours to put back: a failed write changed nothing.
            if (error instanceof DirtyRaiseError) {
              change = dirtyChangeFor(saved, error.written);
              hooks.onDirtySettings?.(change);
            }
            throw error;
          }
        }
        const step = await timed(extractCommand(tarPath, archivePath, into, request.compressionMethod));
        // Every file system the run wrote, as a plain restore is on disk only when each has synced.
        let syncMs = 0;
        for (const dir of syncDirs) syncMs += (await timed({ program: 'sync', args: ['-f', dir] }, false)).durationMs;
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
        removeTree(runDir, privileges);
        // The removal's own writes must not land in the next run's time.
        if (!stopped) for (const dir of new Set([owned, ...syncDirs.slice(1)])) await syncFs(dir, registry).catch(() => undefined);
        cleanupsMs.push(monotonicMs() - cleanupStarted);
      }
    }

    // The network's fix, measured last so it never takes budget from the disk's.
    if (!hooks.signal?.aborted) {
      try {
        const parallel = await refetchInParallel({
          downloadUrl: request.downloadUrl,
          archivePath,
          serviceVersion: request.serviceVersion,
          baselineDurationMs: refetch.durationMs,
          remainingMs: runDeadlineMs(request.budgetMs, elapsed(), cleanupsMs),
        });
        refetch = { ...refetch, parallel: 'ran' in parallel ? parallel.ran : parallel };
        if ('ran' in parallel)
          hooks.log(
            `Experiments: fetched the archive again with ${parallel.ran.concurrency} parallel requests in ${(parallel.ran.durationMs / 1000).toFixed(2)} s (${parallel.ran.baselineConcurrency}: ${(parallel.ran.baselineDurationMs / 1000).toFixed(2)} s).`,
          );
      } catch (error) {
        refetch = { ...refetch, parallel: { skipped: `the fetch with more parallel requests failed: ${errorMessage(error)}` } };
      }
    }
    const all = outcomes(runs, { paths: request.pathsAsGiven, extractedBytes: listing.extractedBytes, dirtyBudget: facts.dirtyBudget, ramVia: avail.ramVia });
    const ran = runs.some((r) => !r.error);
    return result(ran ? 'ran' : runs.length === 0 ? 'skipped' : 'failed', ran ? undefined : (skipped[0]?.detail ?? runs[0]?.error ?? 'nothing could run'), {
      refetch,
      outcomes: all,
      runs,
      skipped,
      fixBest: fixBest(all),
    });
  } catch (error) {
    return result('failed', errorMessage(error));
  } finally {
    await cleanup.runAll().catch((error: unknown) => hooks.warn(`Experiments: ${errorMessage(error)}`));
  }
}

/** A directory beside the restore path on its file system (inside it only when it is a mount point of its own). */
function sameFileSystemParent(restorePath: string): string {
  const parent = path.dirname(restorePath);
  try {
    if (statSync(parent).dev === statSync(restorePath).dev) return parent;
    return restorePath;
  } catch {
    return parent;
  }
}
