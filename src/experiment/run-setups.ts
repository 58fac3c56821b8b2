/**
 * How each alternative runs: where it extracts and the mounts and settings its step makes before
 * tar, each undone on the run's own cleanup. One setup per alternative, checked by the compiler
 * (`satisfies Record<AlternativeName, RunSetup>`); what it changes, when it can run and its step to
 * paste are its descriptor's (descriptors.ts). IO edge: mount(8) and /proc/sys/vm.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AlternativeName } from '../profile/schema.js';
import type { CleanupStack } from '../system/cleanup.js';
import { processIds, runPrivileged, type Privileges } from '../system/privilege.js';
import type { Availability } from './availability.js';
import { UnknownAlternativeError } from './descriptors.js';
import { DirtyRaiseError, dirtyChangeFor, leftAloneSentence, putBackIfOurs, raiseDirtyLimits, readDirtySettings, type DirtyChange } from './dirty.js';
import { raisedDirtyLimits } from './dirty-budget.js';
import { readDirtyBudget } from './machine-facts.js';
import { removeTree, unmount } from './owned-dirs.js';
import type { Target } from './types.js';
import { dirtyBytesFor, tmpfsSize } from './workflow-steps.js';

/** What a setup is given for one run. */
export interface SetupContext {
  target: Target;
  /** The run's number in the stage (names its directories). */
  index: number;
  /** The run's own directory: everything it mounts lies inside it. */
  runDir: string;
  /** Where tar extracts, below runDir. */
  into: string;
  /** Each restore path as the step mounts it, relative to `into` (fix-step.ts mountedPaths). */
  mounted: readonly string[];
  extractedBytes: number;
  ramVia: Availability['ramVia'];
  privileges: Privileges;
  /** The run's cleanup: every mount and setting is undone here. */
  local: CleanupStack;
  /** Directories to sync after tar, besides `into`'s (other-disk's files are on another disk). */
  syncDirs: string[];
  /** other-disk: the directory of ours on that disk the bind mounts come from, made on first use. */
  bindRootOf: (mountPoint: string) => string;
  onDirtySettings?: (change: DirtyChange | null) => void;
  warn: (line: string) => void;
  whoSetDirty?: (name: string, value: number) => string | null;
}

export interface RunSetup {
  /** false: the archive is decompressed to nowhere and nothing is written (decompress). */
  extracts: boolean;
  /** The file system of the directory of ours it extracts below: the restore path's, or /dev/shm. */
  place: (ramVia: Availability['ramVia']) => 'restore-fs' | 'shm';
  /** The step's mounts and settings before tar. */
  prepare: (c: SetupContext) => void;
}

function insideRun(c: SetupContext, rel: string): string {
  const at = path.join(c.into, rel);
  const fromRun = path.relative(c.runDir, at);
  if (fromRun.startsWith('..') || path.isAbsolute(fromRun)) throw new Error(`the restore path ${rel} would be mounted outside the run's directory (${at})`);
  return at;
}

/** ram's step (fix-step.ts): a tmpfs on each restore path, owned by whoever extracts, as `uid=$(id -u)` there. */
function mountTmpfsOnEachPath(c: SetupContext): void {
  if (c.ramVia !== 'own-tmpfs') return;
  const { uid, gid } = processIds();
  for (const rel of c.mounted) {
    const at = insideRun(c, rel);
    mkdirSync(at, { recursive: true });
    runPrivileged(c.privileges.mount, 'mount', ['-t', 'tmpfs', '-o', `size=${tmpfsSize(c.extractedBytes)},uid=${uid},gid=${gid}`, 'disk-profiler-exp', at]);
    c.local.push(`unmount ${at}`, () => unmount(c.privileges, at));
  }
}

/** other-disk's step (fix-step.ts): each restore path a directory of its own on the other disk, bind-mounted. */
function bindEachPathFromOtherDisk(c: SetupContext): void {
  const root = c.bindRootOf(c.target.mountPoint as string);
  c.mounted.forEach((rel, i) => {
    const source = path.join(root, `run-${c.index}-${i + 1}`);
    const at = insideRun(c, rel);
    mkdirSync(source);
    mkdirSync(at, { recursive: true });
    c.local.push(`remove ${source}`, () => removeTree(source, c.privileges));
    runPrivileged(c.privileges.mount, 'mount', ['--bind', source, at]);
    c.local.push(`unmount ${at}`, () => unmount(c.privileges, at));
  });
  c.syncDirs.push(root);
}

/** page-cache's step: each vm.dirty_* limit raised to the target where the budget in force is below it, never lowered. */
function raiseDirtyLimitsForRun(c: SetupContext): void {
  const limits = raisedDirtyLimits(dirtyBytesFor(c.extractedBytes), readDirtyBudget());
  const saved = readDirtySettings();
  let change = dirtyChangeFor(saved, limits);
  // Recorded before the write: a kill between the two leaves a record whose put-back finds the values as they were, and does nothing.
  c.onDirtySettings?.(change);
  c.local.push('put vm.dirty_* back (what is still ours)', () => {
    const outcome = putBackIfOurs(c.privileges, change);
    for (const l of outcome.leftAlone) c.warn(`Experiments: ${leftAloneSentence(l, 'this profile', c.whoSetDirty?.(l.name, l.foundValue) ?? undefined)}`);
    c.onDirtySettings?.(null);
  });
  try {
    raiseDirtyLimits(c.privileges, limits);
  } catch (error) {
    // Only the writes that took are ours to put back: a failed write changed nothing.
    if (error instanceof DirtyRaiseError) {
      change = dirtyChangeFor(saved, error.written);
      c.onDirtySettings?.(change);
    }
    throw error;
  }
}

const nothing = (): void => undefined;
const restoreFs = () => 'restore-fs' as const;

// ram (a tmpfs per restore path) and other-disk (each restore path bind-mounted from it) extract on
// the baseline's file system too, with the step's mounts in place: what lies outside the restore
// paths (their parents) lands where the real restore puts it.
export const RUN_SETUPS = {
  baseline: { extracts: true, place: restoreFs, prepare: nothing },
  decompress: { extracts: false, place: restoreFs, prepare: nothing },
  ram: { extracts: true, place: (ramVia) => (ramVia === 'own-tmpfs' ? 'restore-fs' : 'shm'), prepare: mountTmpfsOnEachPath },
  'page-cache': { extracts: true, place: restoreFs, prepare: raiseDirtyLimitsForRun },
  'other-disk': { extracts: true, place: restoreFs, prepare: bindEachPathFromOtherDisk },
} as const satisfies Record<AlternativeName, RunSetup>;

/** The setup of a name; a name no setup knows is an UnknownAlternativeError naming it and the allowed ones. */
export function runSetupOf(name: string): RunSetup {
  if (!Object.hasOwn(RUN_SETUPS, name)) throw new UnknownAlternativeError(name);
  return RUN_SETUPS[name as AlternativeName];
}
