/**
 * The experiments' child processes (tar, zstd, sync): started with an argument array, timed from
 * spawn to exit, and killed by the cleanup on failure or a signal. IO edge.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { monotonicMs } from '../util/clock.js';
import { reapedChildrenCpuMs } from '../sample/reaped-cpu.js';
import type { Command } from './tar-command.js';

const TAIL_CHARS = 4096;

export class ChildRegistry {
  private readonly live = new Set<ChildProcess>();

  add(child: ChildProcess): void {
    this.live.add(child);
    child.once('exit', () => this.live.delete(child));
  }

  /** Kills the process group of each live child (tar and the unzstd it started). */
  killAll(): void {
    for (const child of this.live) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  }
}

export interface Timed {
  durationMs: number;
  /**
   * CPU time of the command and of every descendant it waited for (tar with its unzstd), user and
   * system, in 10 ms steps: this process's reaped-children CPU after the child was reaped minus before
   * it started (see sample/reaped-cpu.ts). Exact only while no other child of this process is reaped
   * meanwhile: the experiments run their commands one at a time. Null without /proc.
   */
  cpuMs: number | null;
}

/** Runs a command to its end; throws with its own last words when it fails. stdout to /dev/null unless kept. */
export async function runTimed(command: Command, registry: ChildRegistry, env: NodeJS.ProcessEnv = process.env): Promise<Timed> {
  const devNull = openSync('/dev/null', 'w');
  const cpuBefore = reapedChildrenCpuMs();
  const started = monotonicMs();
  try {
    const child = spawn(command.program, command.args, { stdio: ['ignore', devNull, 'pipe'], detached: true, env });
    registry.add(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-TAIL_CHARS);
    });
    const code = await new Promise<number | string>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (c, signal) => resolve(signal ?? c ?? -1));
    });
    const durationMs = monotonicMs() - started;
    // 'close' comes after 'exit', which libuv emits once it has reaped the child.
    const cpuAfter = reapedChildrenCpuMs();
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : Math.max(0, cpuAfter - cpuBefore);
    if (code !== 0)
      throw new Error(
        `${command.program} failed (${typeof code === 'string' ? code : `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`,
      );
    return { durationMs, cpuMs };
  } finally {
    closeSync(devNull);
  }
}

/** Runs a command, handing each line of its stdout to `onLine` as it comes (the archive listing). */
export async function runLines(command: Command, registry: ChildRegistry, onLine: (line: string) => void): Promise<void> {
  const child = spawn(command.program, command.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  registry.add(child);
  let partial = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-TAIL_CHARS);
  });
  const code = await new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, signal) => resolve(signal ?? c ?? -1));
  });
  if (partial) onLine(partial);
  if (code !== 0) throw new Error(`${command.program} failed (${code})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`);
}

/** syncfs of the file system holding `path`: returns once its dirty data and journal are on disk. */
export function syncFs(path: string, registry: ChildRegistry): Promise<Timed> {
  return runTimed({ program: 'sync', args: ['-f', path] }, registry);
}
