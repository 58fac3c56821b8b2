/**
 * Finds fio, installing it when allowed and possible without a password prompt. Every child process
 * gets an argument array (no shell), so nothing from the environment is ever parsed as a command.
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export type FioLookup = { ok: true; command: string; version: string; install?: { method: string; durationMs: number } } | { ok: false; reason: string };

export interface FindFioOptions {
  allowInstall: boolean;
  platform?: NodeJS.Platform;
  /** Environment for the child processes (tests narrow PATH); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
  isRoot?: boolean;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Spawn error code, e.g. ENOENT when the command does not exist. */
  spawnError?: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      const spawnError = error && typeof error.code === 'string' ? error.code : undefined;
      resolve({ code, stdout: String(stdout), stderr: String(stderr), spawnError });
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

interface InstallPlan {
  method: string;
  command: string;
  args: string[];
}

async function planInstall(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, isRoot: boolean): Promise<InstallPlan | string> {
  if (platform === 'linux') {
    const hasApt = (await run('apt-get', ['--version'], env, 10_000)).code === 0;
    if (!hasApt) return 'fio is not installed and this Linux has no apt-get. Install fio in an earlier step.';
    if (isRoot) return { method: 'apt-get', command: 'apt-get', args: ['install', '-y', '--no-install-recommends', 'fio'] };
    const sudoWorks = (await run('sudo', ['-n', 'true'], env, 10_000)).code === 0;
    if (sudoWorks) {
      return { method: 'sudo apt-get', command: 'sudo', args: ['-n', 'apt-get', 'install', '-y', '--no-install-recommends', 'fio'] };
    }
    return 'fio is not installed and sudo needs a password here, so it cannot be installed automatically. Add `sudo apt-get install -y fio` before this step.';
  }
  if (platform === 'darwin') {
    const hasBrew = (await run('brew', ['--version'], env, 10_000)).code === 0;
    if (hasBrew) return { method: 'brew', command: 'brew', args: ['install', 'fio'] };
    return 'fio is not installed and Homebrew is missing. Add `brew install fio` before this step.';
  }
  return `fio is not installed and installing it on ${platform} is not supported. Install fio in an earlier step.`;
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
  const isRoot = opts.isRoot ?? (typeof process.getuid === 'function' && process.getuid() === 0);
  const plan = await planInstall(platform, env, isRoot);
  if (typeof plan === 'string') return { ok: false, reason: plan };

  const installEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`disk probes: installing fio with ${plan.method}...`);
  const started = performance.now();
  let result = await run(plan.command, plan.args, installEnv, 300_000);
  if (result.code !== 0 && plan.method.endsWith('apt-get')) {
    // A fresh image may have empty package lists: refresh once and retry.
    const updateArgs = plan.command === 'sudo' ? ['-n', 'apt-get', 'update'] : ['update'];
    await run(plan.command, updateArgs, installEnv, 300_000);
    result = await run(plan.command, plan.args, installEnv, 300_000);
  }
  const durationMs = Math.round(performance.now() - started);
  const version = result.code === 0 ? await fioVersion(env) : null;
  if (!version) {
    const detail = (result.stderr || result.stdout).trim().split('\n').slice(-3).join(' | ');
    return { ok: false, reason: `installing fio with ${plan.method} failed (${detail || `exit ${result.code}`}). Add ${howTo} before this step.` };
  }
  return { ok: true, command: 'fio', version, install: { method: plan.method, durationMs } };
}
