/**
 * The profiled step as a given runner user (`--as-user runner`): GitHub's hosted runners run actions
 * as the unprivileged `runner` with passwordless sudo, not as root. The lab's own setup (loop devices,
 * throttles, sysctls, the intervention's plain runs) stays root; only the profiled step runs as the
 * user, in a workspace and RUNNER_TEMP handed to it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioSpec } from './scenario-specs.js';

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
 * Why `spec` cannot run its profiled step as another user, or null. A CPU control moves tar (the shim)
 * or the whole step into a cgroup by writing its cgroup.procs, which only root may write here.
 */
export function asUserRefusal(spec: ScenarioSpec): string | null {
  if (spec.controls.cpuCores !== undefined) {
    return `--as-user: scenario ${spec.name} holds the CPU with a cgroup the step joins as root; choose a scenario without a CPU control (disk-bandwidth, disk-iops, network, ...)`;
  }
  return null;
}

/** Hands the step's directories to the user (the lab made them as root) and lets it walk to them through `traverse`. */
export function handToUser(user: RunnerUser, dirs: readonly string[], traverse: readonly string[]): void {
  for (const dir of traverse) chmodSync(dir, 0o711);
  for (const dir of dirs) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
}

/** A directory of the user's own for the step's request and result files. */
export function userStepDir(user: RunnerUser, parent: string): string {
  const dir = mkdtempSync(path.join(parent, `as-${user.name}-`));
  chownSync(dir, user.uid, user.gid);
  return dir;
}

/** The step's environment as that user's: its HOME and names, a runner's PATH unless the scenario set one (a shim, fio hidden). */
export function userEnv(user: RunnerUser, env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...env, HOME: user.home, USER: user.name, LOGNAME: user.name, PATH: env.PATH ?? RUNNER_PATH };
}
