/**
 * Where the profiles on one machine meet: the machine lock and the ledger of running profiles.
 * /run/lock first: the FHS place for lock files, a tmpfs (nothing survives a reboot, when nothing
 * can still be held), world-writable and sticky on Debian/Ubuntu, and not replaced by a private copy
 * for runners started as systemd services with PrivateTmp=, as /tmp is. /tmp otherwise (always
 * there, shared by every runner on the host unless a sandbox gives it a private one). Never TMPDIR or
 * RUNNER_TEMP: those differ from runner to runner, which is the very thing to see past.
 *
 * The shared directory is used only where no other user can steer it: a real directory (not a
 * symlink), owned by root or by this user, and sticky wherever others may write to it (so nobody
 * can replace or remove files that are not theirs). Anything else (another user made it first, as
 * before any profile since boot) would let that user aim our lock and records at files of their
 * choosing: then this user's own directory is used, and the profile says that other users'
 * profiles there can be neither seen nor waited for. IO edge.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDirectory, octal, steerable } from '../system/owned-dir.js';
import { ownUid } from './identity.js';

/** Test hook: a directory of the test's own, so unit tests of the lock never meet a real profile. */
export const MACHINE_DIR_ENV = 'DISK_PROFILER_MACHINE_DIR';
const MACHINE_DIR_NAME = 'disk-profiler';
const CANDIDATE_PARENTS = ['/run/lock', '/tmp'];
const SHARED_MODE = 0o1777;
const PRIVATE_MODE = 0o700;
/** `sudo -n` answers at once without passwordless sudo; this bounds a sudo that hangs (a PAM module, a slow LDAP). */
export const SUDO_MKDIR_TIMEOUT_MS = 5_000;

export interface MachinePlace {
  dir: string;
  /** Whether other users' profiles meet here too; when not, why the shared directory was not used. */
  shared: boolean;
  notSharedReason?: string;
}

function usableParent(dir: string): boolean {
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && (s.uid === 0 || s.uid === ownUid()) && !steerable(s);
  } catch {
    return false;
  }
}

/**
 * The shared directory made by root when this user has passwordless sudo and nobody made it yet since
 * boot: made by this user instead, it would be this user's, and a later root profile could not share it
 * (it is no place for root's files: see system/owned-dir.ts unsafeReason). `mkdir`, never `install -d`: mkdir fails on
 * anything already there, a symlink planted in between included, where install -d would chmod the
 * target. What it made is root's, in a sticky parent, so nobody can swap it before the chmod that -m
 * makes. Any failure (no sudo, a password asked) leaves it to ensureDirectory, which makes it as this user.
 */
function makeSharedAsRoot(dir: string): void {
  if (ownUid() === 0) return;
  try {
    lstatSync(dir);
    return;
  } catch {
    // Not there: make it.
  }
  spawnSync('sudo', ['-n', 'mkdir', '-m', octal(SHARED_MODE), '--', dir], { stdio: 'ignore', timeout: SUDO_MKDIR_TIMEOUT_MS });
}

/** The shared directory when it is safe; else this user's own, steady across its profiles where it can be. */
export function machinePlace(): MachinePlace {
  const given = process.env[MACHINE_DIR_ENV];
  const parent = CANDIDATE_PARENTS.find((p) => usableParent(p) || usableParent(path.join(p, MACHINE_DIR_NAME))) ?? '/tmp';
  const dir = given || path.join(parent, MACHINE_DIR_NAME);
  makeSharedAsRoot(dir);
  const notSharedReason = ensureDirectory(dir, SHARED_MODE, 'shared');
  if (notSharedReason === null) return { dir, shared: true };
  const own = `${dir}-${ownUid()}`;
  if (ensureDirectory(own, PRIVATE_MODE, 'private') === null) return { dir: own, shared: false, notSharedReason };
  // That name squatted by another user too: a fresh directory nobody else can have made (mkdtemp, 0700).
  try {
    return { dir: mkdtempSync(path.join(os.tmpdir(), `${MACHINE_DIR_NAME}-${ownUid()}-`)), shared: false, notSharedReason };
  } catch {
    // Nowhere to write: the ledger says it cannot be written, and the lock runs unlocked saying why; never the job's failure.
    return { dir: own, shared: false, notSharedReason };
  }
}

export function machineDir(): string {
  return machinePlace().dir;
}
