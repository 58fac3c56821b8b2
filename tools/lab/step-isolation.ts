/**
 * The whole step in a container's limits: a child process (the bundled CLI's `lab-step`) that runs
 * the profiled or the plain restore inside a cgroup v1 cpu group with a CFS quota, and optionally in
 * a private mount namespace where an empty directory is bind-mounted over /proc/pressure (a kernel
 * without PSI, as before 4.20 or built without CONFIG_PSI). The namespace dies with the child, so
 * nothing on the machine changes; the group is removed by the caller's cleanup stack, and the child
 * (its own process group) is killed on failure and SIGINT/SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CleanupStack } from '../../src/system/cleanup.js';
import { quotaGroup } from './cpu-quota.js';
import { asUserCommand } from './run-as.js';

export interface StepIsolation {
  /** The cpu group the whole step runs in. */
  group: string;
  cores: number;
  /** An empty directory bind-mounted over /proc/pressure in the step's mount namespace; null: PSI visible. */
  pressureMask: string | null;
  /** Where requests and results are exchanged with the child. */
  dir: string;
}

export function isolateStep(cleanup: CleanupStack, opts: { dir: string; cores: number; hidePressure: boolean }): StepIsolation {
  const group = quotaGroup(cleanup, opts.cores, 'step');
  const dir = path.join(opts.dir, 'step');
  mkdirSync(dir);
  let pressureMask: string | null = null;
  if (opts.hidePressure) {
    pressureMask = path.join(dir, 'no-pressure');
    mkdirSync(pressureMask);
  }
  return { group, cores: opts.cores, pressureMask, dir };
}

/** The command line that runs `command` inside the isolation: into the group, PSI hidden where asked; none: as it is. */
function isolatedCommand(iso: StepIsolation | null, command: readonly string[]): { file: string; args: string[] } {
  if (iso === null) return { file: command[0] as string, args: command.slice(1) };
  // The shell moves itself into the group before exec, so the step and all it spawns are in it.
  const join = `echo $$ > "$LAB_STEP_GROUP/cgroup.procs" && exec "$@"`;
  if (iso.pressureMask === null) return { file: 'sh', args: ['-c', join, 'sh', ...command] };
  const script = `mount --bind "$LAB_PRESSURE_MASK" /proc/pressure && ${join}`;
  return { file: 'unshare', args: ['--mount', '--propagation', 'private', '--', 'sh', '-c', script, 'sh', ...command] };
}

/** Runs `command` isolated (as `user` where given); resolves with its exit code, rejects naming the command when it fails. */
export async function runIsolated(
  iso: StepIsolation | null,
  command: readonly string[],
  env: Record<string, string | undefined>,
  user?: { uid: number; gid: number },
): Promise<void> {
  const { file, args } = isolatedCommand(iso, user ? asUserCommand(user, command) : command);
  const cleanup = new CleanupStack();
  try {
    const child = spawn(file, args, {
      env: { ...process.env, ...env, LAB_STEP_GROUP: iso?.group ?? '', LAB_PRESSURE_MASK: iso?.pressureMask ?? '' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const pid = child.pid;
    if (pid !== undefined) {
      const kill = () => {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      };
      cleanup.push(`stop the isolated step (${pid})`, kill);
    }
    const { code, signal } = await exited;
    if (code !== 0) throw new Error(`the isolated step (${command.join(' ')}) failed: ${signal ?? `exit code ${code}`}`);
  } finally {
    await cleanup.runAll();
  }
}

/** The bundled CLI's lab-step command: the lab runs from dist/cli.js, whose path is argv[1]. */
export function labStepCommand(): string[] {
  const cli = process.argv[1] ?? '';
  if (!/cli\.m?js$/.test(cli)) {
    throw new Error(`a whole-step scenario runs its step through the bundled CLI (node dist/cli.js lab|bench), not from ${cli || 'this process'}`);
  }
  return [process.execPath, cli, 'lab-step'];
}

let requests = 0;

/**
 * Runs one lab-step request in the isolation and returns its JSON result. `as` runs the step as
 * another user (run-as.ts), its request and result in a directory of that user's own.
 */
export async function runStepRequest<T>(
  iso: StepIsolation | null,
  request: object,
  env: Record<string, string | undefined>,
  as?: { user: { uid: number; gid: number }; dir: string },
): Promise<T> {
  const n = ++requests;
  const dir = as?.dir ?? iso?.dir;
  if (!dir) throw new Error('internal: a lab-step request needs an isolation or a user to run as');
  const requestFile = path.join(dir, `request-${n}.json`);
  const resultFile = path.join(dir, `result-${n}.json`);
  writeFileSync(requestFile, JSON.stringify({ ...request, resultFile }));
  await runIsolated(iso, [...labStepCommand(), requestFile], env, as?.user);
  return JSON.parse(readFileSync(resultFile, 'utf8')) as T;
}
