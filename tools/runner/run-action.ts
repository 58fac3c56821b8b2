/**
 * Runs the bundled action's main and post steps the way the runner does: inputs as INPUT_* variables,
 * file commands in fresh GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files, state handed to the
 * post step as STATE_* variables, post run even when main failed (post-if: always()).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inputVariable, parseFileCommands } from './file-commands.js';

export interface RunActionOptions {
  /** dist/ folder holding main.js and post.js. */
  distDir: string;
  inputs: Record<string, string>;
  /** Extra environment (service variables, RUNNER_TEMP, GITHUB_WORKSPACE, ...). */
  env: Record<string, string | undefined>;
  /** Node binary; the machine's by default. */
  nodePath?: string;
  /** Where the step's stdout goes; the terminal by default. */
  onOutput?: (chunk: string) => void;
  /**
   * Called with the main step's process once it runs, so a test can play the runner cancelling the
   * job (SIGINT, SIGTERM, or SIGKILL of its process group) while it works.
   */
  onMainSpawned?: (child: ChildProcess) => void;
  /** Run main in a process group of its own (as the runner does), so a kill can take its children too. */
  ownProcessGroup?: boolean;
  /**
   * `job.status` when the post step starts, which the runner puts in the job-status input (action.yml's
   * default); by default 'success' when main succeeded, else 'failure'. 'failure' plays a later step failing.
   */
  jobStatusAtPost?: 'success' | 'failure' | 'cancelled';
  /** Play a runner that never starts the post step (the runner itself killed, the machine's job slot taken over). */
  skipPost?: boolean;
  /**
   * Run both steps as this user (the caller is root), as GitHub's hosted runners run actions as `runner`:
   * the step's file-command files are handed to it too.
   */
  user?: { uid: number; gid: number };
  /** Program and arguments to start node through (e.g. unshare + setpriv to play a container job); node and the script follow them. */
  launcher?: string[];
  /** The steps' working directory (the runner's is the workspace); this process's by default. */
  cwd?: string;
}

export interface ActionRunResult {
  mainExitCode: number;
  postExitCode: number;
  /** Each step's wall time, from spawning its process to its exit (0 for a post step not run). */
  mainMs: number;
  postMs: number;
  outputs: Record<string, string>;
  state: Record<string, string>;
  /** The job's summary as the runner shows it: main's, then the post step's. */
  summary: string;
  /** Main's part of it (the runner gives each step a summary of its own). */
  mainSummary: string;
}

export async function runAction(options: RunActionOptions): Promise<ActionRunResult> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-runner-'));
  try {
    const output = path.join(files, 'output');
    const state = path.join(files, 'state');
    const summary = path.join(files, 'summary.md');
    for (const f of [output, state, summary]) writeFileSync(f, '');
    if (options.user) for (const f of [files, output, state, summary]) chownSync(f, options.user.uid, options.user.gid);
    const inputEnv = Object.fromEntries(Object.entries(options.inputs).map(([k, v]) => [inputVariable(k), v]));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      RUNNER_OS: process.platform === 'darwin' ? 'macOS' : process.platform === 'win32' ? 'Windows' : 'Linux',
      ...options.env,
      ...inputEnv,
      GITHUB_OUTPUT: output,
      GITHUB_STATE: state,
      GITHUB_STEP_SUMMARY: summary,
    };
    const node = options.nodePath ?? process.execPath;
    const launch: Launch = { node, user: options.user, launcher: options.launcher ?? [], cwd: options.cwd };
    const mainStarted = performance.now();
    const mainExitCode = await runNode(launch, path.join(options.distDir, 'main.js'), env, options.onOutput, options.onMainSpawned, options.ownProcessGroup);
    const mainMs = performance.now() - mainStarted;
    const savedState = parseFileCommands(readFileSync(state, 'utf8'));
    const mainSummary = readFileSync(summary, 'utf8');
    const jobStatus = options.jobStatusAtPost ?? (mainExitCode === 0 ? 'success' : 'failure');
    const postEnv = {
      ...env,
      ...Object.fromEntries(Object.entries(savedState).map(([k, v]) => [`STATE_${k}`, v])),
      [inputVariable('job-status')]: options.inputs['job-status'] ?? jobStatus,
    };
    const postStarted = performance.now();
    const postExitCode = options.skipPost ? 0 : await runNode(launch, path.join(options.distDir, 'post.js'), postEnv, options.onOutput);
    const postMs = options.skipPost ? 0 : performance.now() - postStarted;
    return {
      mainExitCode,
      postExitCode,
      mainMs,
      postMs,
      outputs: parseFileCommands(readFileSync(output, 'utf8')),
      state: savedState,
      summary: readFileSync(summary, 'utf8'),
      mainSummary,
    };
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}

interface Launch {
  node: string;
  user: RunActionOptions['user'];
  launcher: string[];
  cwd: string | undefined;
}

function runNode(
  launch: Launch,
  script: string,
  env: NodeJS.ProcessEnv,
  onOutput?: (chunk: string) => void,
  onSpawned?: (child: ChildProcess) => void,
  detached = false,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [...launch.launcher, launch.node, script];
    const program = args.shift() as string;
    const child = spawn(program, args, {
      env,
      detached,
      cwd: launch.cwd,
      ...launch.user,
      stdio: ['ignore', onOutput ? 'pipe' : 'inherit', onOutput ? 'pipe' : 'inherit'],
    });
    onSpawned?.(child);
    if (onOutput) {
      child.stdout?.on('data', (c: Buffer) => onOutput(c.toString()));
      child.stderr?.on('data', (c: Buffer) => onOutput(c.toString()));
    }
    child.on('error', reject);
    // As a shell reports it: 128 + the signal's number when the step died of a signal.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  });
}
