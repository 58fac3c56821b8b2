/**
 * Finds fio, installing it when allowed and possible without a password prompt. Every child process
 * gets an argument array (no shell), so nothing from the environment is ever parsed as a command.
 * The install never hangs: stdin is closed, apt-get runs noninteractive (DEBIAN_FRONTEND on its
 * command line through env(1), since sudo's env_reset drops it from the environment), waits at most
 * DPKG_LOCK_TIMEOUT_SECONDS for the dpkg lock, and the whole install is bounded by FIO_INSTALL_BOUND_MS.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { detectPrivileges, type Grant } from '../system/privilege.js';

/** The whole install, a refresh of the package lists and the retry included: a missing fio costs at most this. */
export const FIO_INSTALL_BOUND_MS = 120_000;
/** How long apt-get waits for the dpkg lock (unattended-upgrades holds it for a while after boot) before it gives up. */
export const DPKG_LOCK_TIMEOUT_SECONDS = 60;

export type FioInstall = { method: string; durationMs: number; failed?: boolean };

export type FioLookup = { ok: true; command: string; version: string; install?: FioInstall } | { ok: false; reason: string; install?: FioInstall };

export interface FindFioOptions {
  allowInstall: boolean;
  platform?: NodeJS.Platform;
  /** Environment for the child processes (tests narrow PATH); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
  /** How a package can be installed here (system/privilege.ts); defaults to this process's. */
  install?: Grant;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Spawn error code, e.g. ENOENT when the command does not exist. */
  spawnError?: string;
  timedOut?: boolean;
}

/** Runs a command with stdin closed (a prompt reads end-of-file at once), killed at the timeout. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 16 * 1024 * 1024) stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 1024 * 1024) stderr += d;
    });
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGTERM');
      },
      Math.max(0, timeoutMs),
    );
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, spawnError: error.code ?? 'spawn failed' });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ...(timedOut ? { timedOut } : {}) });
    });
  });
}
/** "fio-3.33" from `fio --version`; null when the output does not look like fio. */
export function parseFioVersion(stdout: string): string | null {
  const match = /fio-\d+\.\d+[^\s]*/.exec(stdout);
  return match ? match[0] : null;
}

async function fioVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  const result = await run('fio', ['--version'], env, 10_000);
  return result.code === 0 ? parseFioVersion(result.stdout) : null;
}

export interface InstallCommand {
  method: string;
  command: string;
  args: string[];
}

/** apt-get install's arguments: no recommends, and a changed config file of an upgraded dependency kept as it is, without a prompt. */
export const APT_INSTALL_FIO: readonly string[] = [
  'install',
  '-y',
  '--no-install-recommends',
  '-o',
  'Dpkg::Options::=--force-confdef',
  '-o',
  'Dpkg::Options::=--force-confold',
  'fio',
];
export const APT_UPDATE: readonly string[] = ['update'];

/**
 * apt-get's command line as `via` runs it: `env DEBIAN_FRONTEND=noninteractive apt-get -q -o
 * DPkg::Lock::Timeout=<s> …`, through `sudo -n` where that is the way. Pure.
 */
export function aptCommand(via: 'root' | 'sudo', aptArgs: readonly string[]): InstallCommand {
  const line = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-q', '-o', `DPkg::Lock::Timeout=${DPKG_LOCK_TIMEOUT_SECONDS}`, ...aptArgs];
  return via === 'root' ? { method: 'apt-get', command: 'env', args: line.slice(1) } : { method: 'sudo apt-get', command: 'sudo', args: ['-n', ...line] };
}

export interface InstallPlan {
  install: InstallCommand;
  /** Refreshes the package lists when the install fails (a fresh image may have none). */
  refresh: InstallCommand | null;
}

async function planInstall(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, grant: () => Grant): Promise<InstallPlan | string> {
  if (platform === 'linux') {
    const hasApt = (await run('apt-get', ['--version'], env, 10_000)).code === 0;
    if (!hasApt) return 'fio is not installed and this Linux has no apt-get. Install fio in an earlier step.';
    const g = grant();
    if (g.via === 'none') {
      return `fio is not installed and cannot be installed here: ${g.reason}. Add \`sudo apt-get install -y fio\` before this step (or use an image that has fio).`;
    }
    return { install: aptCommand(g.via, APT_INSTALL_FIO), refresh: aptCommand(g.via, APT_UPDATE) };
  }
  if (platform === 'darwin') {
    const hasBrew = (await run('brew', ['--version'], env, 10_000)).code === 0;
    if (hasBrew) return { install: { method: 'brew', command: 'brew', args: ['install', 'fio'] }, refresh: null };
    return 'fio is not installed and Homebrew is missing. Add `brew install fio` before this step.';
  }
  return `fio is not installed and installing it on ${platform} is not supported. Install fio in an earlier step.`;
}

/** Runs the install (refreshing the package lists and retrying once if it fails), all within `boundMs`. IO edge. */
export async function installWithin(plan: InstallPlan, env: NodeJS.ProcessEnv, boundMs: number): Promise<RunResult> {
  const deadline = performance.now() + boundMs;
  const left = () => deadline - performance.now();
  const once = (c: InstallCommand) => run(c.command, c.args, { ...env, DEBIAN_FRONTEND: 'noninteractive' }, left());
  let result = await once(plan.install);
  if (result.code !== 0 && !result.timedOut && plan.refresh && left() > 0) {
    const refreshed = await once(plan.refresh);
    if (!refreshed.timedOut && left() > 0) result = await once(plan.install);
    else result = refreshed;
  }
  return result;
}

function failureDetail(result: RunResult, boundMs: number): string {
  if (result.timedOut) return `stopped at the ${boundMs / 1000} s bound on installing fio`;
  if (result.spawnError) return result.spawnError;
  const said = (result.stderr || result.stdout).trim().split('\n').slice(-3).join(' | ');
  return said || `exit ${result.code}`;
}

export async function findFio(opts: FindFioOptions): Promise<FioLookup> {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const log = opts.log ?? (() => {});
  const existing = await fioVersion(env);
  if (existing) return { ok: true, command: 'fio', version: existing };

  const howTo = platform === 'darwin' ? '`brew install fio`' : '`sudo apt-get install -y fio`';
  if (!opts.allowInstall) {
    return { ok: false, reason: `fio is not installed and installing it is turned off. Add ${howTo} before this step, or allow the install.` };
  }
  const plan = await planInstall(platform, env, () => opts.install ?? detectPrivileges().install);
  if (typeof plan === 'string') return { ok: false, reason: plan };

  log(`disk probes: installing fio with ${plan.install.method} (at most ${FIO_INSTALL_BOUND_MS / 1000} s)...`);
  const started = performance.now();
  const result = await installWithin(plan, env, FIO_INSTALL_BOUND_MS);
  const durationMs = Math.round(performance.now() - started);
  const version = result.code === 0 ? await fioVersion(env) : null;
  if (!version) {
    return {
      ok: false,
      reason: `installing fio with ${plan.install.method} failed (${failureDetail(result, FIO_INSTALL_BOUND_MS)}). Add ${howTo} before this step.`,
      install: { method: plan.install.method, durationMs, failed: true },
    };
  }
  return { ok: true, command: 'fio', version, install: { method: plan.install.method, durationMs } };
}
