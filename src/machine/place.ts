/**
 * Where the profiles on one machine meet: the machine lock and the ledger of running profiles.
 * /run/lock first: the FHS place for lock files, a tmpfs (nothing survives a reboot, when nothing
 * can still be held), world-writable and sticky on Debian/Ubuntu, and not replaced by a private copy
 * for runners started as systemd services with PrivateTmp=, as /tmp is. /tmp otherwise (always
 * there, shared by every runner on the host unless a sandbox gives it a private one). Never TMPDIR or
 * RUNNER_TEMP: those differ from runner to runner, which is the very thing to see past.
 */
import { accessSync, chmodSync, constants, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Test hook: a directory of the test's own, so unit tests of the lock never meet a real profile. */
export const MACHINE_DIR_ENV = 'DISK_PROFILER_MACHINE_DIR';
const MACHINE_DIR_NAME = 'disk-profiler';
const CANDIDATE_PARENTS = ['/run/lock', '/tmp'];

function usableParent(dir: string): boolean {
  try {
    if (!statSync(dir).isDirectory()) return false;
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The shared directory (made world-writable and sticky, like its parent, so every runner user can add its own files). */
export function machineDir(): string {
  const given = process.env[MACHINE_DIR_ENV];
  const parent = CANDIDATE_PARENTS.find((p) => usableParent(p) || usableParent(path.join(p, MACHINE_DIR_NAME))) ?? '/tmp';
  const dir = given || path.join(parent, MACHINE_DIR_NAME);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o1777 });
    // mkdir's mode passes through the umask.
    if ((statSync(dir).mode & 0o1777) !== 0o1777) chmodSync(dir, 0o1777);
  } catch {
    // Made by another user without the mode: its files stay readable, ours may not be writable (the ledger says so).
  }
  return dir;
}
