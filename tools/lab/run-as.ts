/**
 * The profiled step as a given runner user (`--as-user runner`): GitHub's hosted runners run actions
 * as the unprivileged `runner` with passwordless sudo, not as root. The lab's own setup (loop devices,
 * throttles, sysctls, the intervention's plain runs) stays root; only the profiled step runs as the
 * user, in a workspace and RUNNER_TEMP handed to it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

export interface RunnerUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** A runner's PATH (the lab's own, root's, may hold directories no other user can read). */
export const RUNNER_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The user as the system knows it (getent), or an error naming it and what to do. */
export function lookUpRunnerUser(name: string): RunnerUser {
  let entry = '';
  try {
    entry = execFileSync('getent', ['passwd', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Reported below.
  }
  const [, , uid, gid, , home] = entry.split(':');
  if (!entry || uid === undefined || gid === undefined || home === undefined) {
    throw new Error(
      `--as-user: no user '${name}' on this machine. Allowed: an existing user's name; .ci/users.sh adds 'runner' (passwordless sudo, as on GitHub's hosted runners).`,
    );
  }
  return { name, uid: Number(uid), gid: Number(gid), home };
}

/**
 * Hands the step's directories to the user (the lab made them as root), lets it walk to them through
 * `traverse`, and lets it write the cgroup.procs files its processes join a group by (`joins`: the
 * tar shim's; cgroup v1 lets a process move itself where it may write that file).
 */
export function handToUser(user: RunnerUser, x: { dirs: readonly string[]; traverse: readonly string[]; joins: readonly string[] }): void {
  for (const dir of x.traverse) chmodSync(dir, 0o711);
  for (const dir of x.dirs) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
  for (const file of x.joins) chownSync(file, user.uid, user.gid);
}

/** `command` started as the user: setpriv drops to it after whatever the isolation did as root (joined a group, hid PSI). */
export function asUserCommand(user: Pick<RunnerUser, 'uid' | 'gid'>, command: readonly string[]): string[] {
  return ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', ...command];
}

/** A directory of the user's own for the step's request and result files. */
export function userStepDir(user: RunnerUser, parent: string): string {
  const dir = mkdtempSync(path.join(parent, `as-${user.name}-`));
  chownSync(dir, user.uid, user.gid);
  return dir;
}

/**
 * The step's environment as that user's: its HOME and names, and a runner's PATH in place of the lab's
 * own (`labPath`, root's), keeping what the scenario put before it (the tar shim); a PATH the scenario
 * made whole (fio hidden) is kept as it is.
 */
export function userEnv(user: RunnerUser, env: Record<string, string | undefined>, labPath = process.env.PATH ?? ''): Record<string, string | undefined> {
  const lab = new Set(labPath.split(':').filter(Boolean));
  const entries = (env.PATH ?? labPath).split(':').filter(Boolean);
  const own = entries.filter((e) => !lab.has(e));
  const PATH = own.length === entries.length ? own.join(':') : [...own, RUNNER_PATH].join(':');
  return { ...env, HOME: user.home, USER: user.name, LOGNAME: user.name, PATH };
}
