/**
 * The experiments' directories: each carries our prefix and a marker file, and only such a directory
 * is ever removed, with whatever tmpfs the experiment mounted inside it unmounted first. Used after
 * each run, on failure, on SIGINT/SIGTERM (synchronous) and by the post step.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseMountinfo, unescapeMountField } from '../sample/parse-mountinfo.js';
import { processIds, runPrivileged, type Privileges } from '../system/privilege.js';
import { errorMessage } from '../util/errors.js';
import { notOwnedReason, ownedDirName, writeOwnerMarker } from '../util/owned-dir.js';

export const EXPERIMENT_DIR_PREFIX = '.disk-profiler-exp-';
export const EXPERIMENT_MARKER = '.disk-profiler-experiment';

/**
 * Made by root and handed to us in one sudo: made by one sudo and handed over by a second, a kill between the two
 * left an empty directory of root's, which our recovery may not remove. mkdir, not `install -d`, which takes a path
 * that exists (a link someone put there) as done; `chown -h`, so a link swapped in after the mkdir is not followed.
 */
const MAKE_AND_HAND_OVER = 'mkdir -m 700 -- "$1" && chown -h -- "$2" "$1"';

/**
 * A fresh directory of ours in `parent`, its name handed to `record` before it is made (the cleanup's list, the
 * machine's ledger): a kill at any moment leaves nothing unrecorded, at worst the directory empty and unmarked,
 * which is still removed (util/owned-dir.ts madeButUnmarked). Where the parent is not writable by us (/mnt on a
 * hosted runner) it is made with sudo and handed to us (MAKE_AND_HAND_OVER).
 */
export function createOwnedDir(parent: string, privileges: Privileges, record: (dir: string) => void = () => {}): string {
  const dir = ownedDirName(parent, EXPERIMENT_DIR_PREFIX);
  record(dir);
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (privileges.files.via !== 'sudo' || (error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    const { uid, gid } = processIds();
    runPrivileged(privileges.files, 'sh', ['-c', MAKE_AND_HAND_OVER, 'sh', dir, `${uid}:${gid}`]);
  }
  writeOwnerMarker(dir, EXPERIMENT_MARKER);
  return dir;
}

/** Why `dir` must not be removed, or null when it is one of ours. */
export function refuseReason(dir: string): string | null {
  return notOwnedReason(dir, EXPERIMENT_DIR_PREFIX, EXPERIMENT_MARKER);
}

/** Mount points at or below `dir`, deepest first. */
export function mountsBelow(dir: string, mountinfoText?: string): string[] {
  let text = mountinfoText;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/self/mountinfo', 'utf8');
    } catch {
      return [];
    }
  }
  return parseMountinfo(text)
    .map((m) => unescapeMountField(m.mountPoint))
    .filter((m) => m === dir || m.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
}

export function unmount(privileges: Privileges, mountPoint: string): void {
  try {
    runPrivileged(privileges.mount, 'umount', [mountPoint]);
  } catch {
    // Busy (a process killed by the same signal still holds a file): detach now, freed when it exits.
    runPrivileged(privileges.mount, 'umount', ['-l', mountPoint]);
  }
}

/** Removes a tree of ours, also where the archive made directories read-only. */
export function removeTree(dir: string, privileges: Privileges): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    try {
      execFileSync('chmod', ['-R', 'u+rwX', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (privileges.files.via === 'none') throw error;
      runPrivileged(privileges.files, 'rm', ['-rf', '--one-file-system', dir]);
    }
  }
}

export type RemovalOutcome = { dir: string; removed: boolean; reason?: string };

/** Synchronous: unmounts what we mounted inside, then removes the directory, if it is ours. */
export function removeOwnedDir(dir: string, privileges: Privileges): RemovalOutcome {
  const reason = refuseReason(dir);
  if (reason === 'does not exist') return { dir, removed: false, reason };
  if (reason !== null) return { dir, removed: false, reason };
  try {
    for (const m of mountsBelow(dir)) unmount(privileges, m);
    removeTree(dir, privileges);
    return { dir, removed: true };
  } catch (error) {
    return { dir, removed: false, reason: errorMessage(error) };
  }
}
