/**
 * Our probe directories and fio processes, and how they are removed: after the suite, on failure, on
 * SIGINT/SIGTERM, and from the action's post step. Removal is deliberately narrow: only a directory
 * whose name carries our prefix, that holds our marker file, and that holds nothing but the files we
 * and fio put there. Anything else is left alone and reported.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROBE_FILE_NAME } from './jobs.js';
import { notOwnedReason, ownedSuffixes, writeOwnerMarker } from '../util/owned-dir.js';
import { leftInPlace } from '../util/cleanup-words.js';

export const PROBE_DIR_PREFIX = '.disk-profiler-fio-';
/** What follows the prefix: ownedDirName's random hex digits, or mkdtemp's six characters (profiles of earlier versions). */
export const PROBE_DIR_SUFFIX = ownedSuffixes('[A-Za-z0-9]{6}');
export const MARKER_FILE_NAME = '.disk-profiler-probe';
const ALLOWED_NAMES = new Set([MARKER_FILE_NAME, PROBE_FILE_NAME]);

export function writeMarker(dir: string): void {
  writeOwnerMarker(dir, MARKER_FILE_NAME);
}

/** Why `dir` must not be removed, or null when it is one of ours and holds only our files (or, made but unmarked, nothing). */
export function refuseReason(dir: string): string | null {
  const notOurs = notOwnedReason(dir, PROBE_DIR_PREFIX, MARKER_FILE_NAME);
  if (notOurs) return notOurs;
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (!ALLOWED_NAMES.has(entry.name)) return `contains ${JSON.stringify(entry.name)}, which the probes did not create`;
    if (!entry.isFile()) return `${JSON.stringify(entry.name)} is not a regular file`;
  }
  return null;
}

export interface RemovalReport {
  removed: string[];
  /** Directories that were gone already (nothing to do). */
  missing: string[];
  refused: { dir: string; reason: string }[];
}

function removeOne(dir: string, report: RemovalReport): void {
  const reason = refuseReason(dir);
  if (reason === 'does not exist') {
    report.missing.push(dir);
    return;
  }
  if (reason !== null) {
    report.refused.push({ dir, reason });
    return;
  }
  // Files first, then the empty directory: never a recursive delete of something we did not inspect.
  for (const name of fs.readdirSync(dir)) fs.unlinkSync(path.join(dir, name));
  fs.rmdirSync(dir);
  report.removed.push(dir);
}

/** Synchronous so it can run inside a signal handler before the process goes away. */
export function removeProbeDirectoriesSync(dirs: readonly string[]): RemovalReport {
  const report: RemovalReport = { removed: [], missing: [], refused: [] };
  for (const dir of dirs) {
    try {
      removeOne(dir, report);
    } catch (error) {
      report.refused.push({ dir, reason: (error as Error).message });
    }
  }
  return report;
}

/**
 * For the post step: removes probe directories a previous step left behind (see refuseReason) and
 * returns those removed; directories it refuses to touch are reported through `warn`.
 */
export async function removeProbeDirectories(dirs: readonly string[], warn: (message: string) => void = () => {}): Promise<string[]> {
  const report = removeProbeDirectoriesSync(dirs);
  for (const refused of report.refused) warn(`Left ${refused.dir} in place: ${refused.reason}.`);
  return report.removed;
}

/** What is alive right now: directories to remove and fio processes to kill. */
export class ProbeRegistry {
  readonly dirs = new Set<string>();
  readonly children = new Set<ChildProcess>();

  killChildren(): void {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }

  cleanupSync(): RemovalReport {
    this.killChildren();
    const report = removeProbeDirectoriesSync([...this.dirs]);
    for (const dir of [...report.removed, ...report.missing]) this.dirs.delete(dir);
    return report;
  }
}

const HANDLED_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type HandledSignal = (typeof HANDLED_SIGNALS)[number];

/**
 * While installed, SIGINT/SIGTERM kill fio and remove the probe directories, then the signal takes its
 * conventional course: when no other listener is left, it is re-raised so the process dies of it
 * (exit status 128 + signal number); when the host has its own listeners, they decide.
 * Returns the uninstall function.
 */
export function installSignalCleanup(registry: ProbeRegistry, log: (message: string) => void = () => {}): () => void {
  const handlers = new Map<HandledSignal, () => void>();
  const uninstall = () => {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    handlers.clear();
  };
  for (const signal of HANDLED_SIGNALS) {
    const handler = () => {
      const report = registry.cleanupSync();
      log(`disk probes: ${signal} received; stopped fio and removed ${report.removed.length} probe directories.`);
      for (const refused of report.refused) log(`disk probes: ${leftInPlace(refused.dir, refused.reason)}`);
      uninstall();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  return uninstall;
}
