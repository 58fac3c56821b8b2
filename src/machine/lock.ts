/**
 * One machine-wide lock for what changes or measures the whole machine (sysctls, mounts, fio, the
 * experiments): flock(2) on a file in the shared directory, held by a child shell tied to our life.
 *
 * Why flock and not a lock file naming its holder's pid + start time: the kernel drops an flock when
 * the last descriptor on it closes, so a holder killed by SIGKILL (or a crash, or an OOM kill) frees
 * it at once, with no stale file to judge, no pid-reuse race and no window between "is the holder
 * dead?" and "take it over" that two waiters could both pass. Node has no flock(2), so a shell holds
 * the descriptor (`exec 9<lock; flock -w N 9`) and then blocks reading its stdin, a pipe whose only
 * writer is this process: when this process dies, however it dies, the pipe closes, the shell's read
 * returns and it exits, taking the lock with it. release() kills the shell.
 *
 * The file is opened without O_CREAT by the shell (after we create it mode 0666): a file another
 * user made in a sticky world-writable directory cannot be opened with O_CREAT where the kernel's
 * fs.protected_regular is on, but can be opened for reading, which is all flock(2) needs.
 */
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { monotonicMs } from '../util/clock.js';
import { machineDir } from './place.js';

export const LOCK_FILE_NAME = 'machine.lock';
/** Kept beyond the other profile's budgets when deriving the wait: its cleanup and bookkeeping. */
export const LOCK_WAIT_SLACK_MS = 10_000;

export interface MachineLock {
  /** How long we waited for it. */
  waitedMs: number;
  /** Set when the lock could not be used at all (no flock(1), unwritable directory): we run unlocked and say so. */
  unlockedReason?: string;
  release(): void;
  /** Releases and resolves once the holding shell is reaped (so its CPU is not folded into a later measurement of reaped children). */
  releaseAndWait(): Promise<void>;
}

export type LockOutcome = { acquired: true; lock: MachineLock } | { acquired: false; waitedMs: number; reason: string };

/**
 * How long a profile waits for the machine: as long as another profile with the same budgets can
 * hold it (its probes' budget + its experiments' budget, for those this profile runs too, since a
 * matrix runs the same inputs) plus a slack for its cleanup. So a second job of a matrix usually
 * gets its turn, and never waits longer than it would itself have spent measuring.
 */
export function lockWaitMs(budgets: { probesMs: number | null; experimentsMs: number | null }): number {
  return (budgets.probesMs ?? 0) + (budgets.experimentsMs ?? 0) + LOCK_WAIT_SLACK_MS;
}

const SCRIPT = [
  'exec 9<"$1" || exit 3',
  // -n when no wait: one try.
  'if [ "$2" = 0 ]; then flock -n 9 || exit 4; else flock -w "$2" 9 || exit 4; fi',
  'echo locked',
  // Blocks until our end of the pipe closes (release, or this process dying).
  'read -r _ || true',
].join('\n');

export interface AcquireOptions {
  waitMs: number;
  dir?: string;
  signal?: AbortSignal;
}

export function acquireMachineLock(options: AcquireOptions): Promise<LockOutcome> {
  const started = monotonicMs();
  const dir = options.dir ?? machineDir();
  const file = path.join(dir, LOCK_FILE_NAME);
  const unlocked = (reason: string): LockOutcome => ({
    acquired: true,
    lock: { waitedMs: monotonicMs() - started, unlockedReason: reason, release: () => {}, releaseAndWait: () => Promise.resolve() },
  });
  try {
    closeSync(openSync(file, 'a', 0o666));
    try {
      chmodSync(file, 0o666);
    } catch {
      // Another user's file: already opened for reading by anyone.
    }
  } catch (error) {
    // An existing file of another user that we may not open for appending is fine: the shell opens it read-only.
    if ((error as NodeJS.ErrnoException).code !== 'EACCES')
      return Promise.resolve(unlocked(`the lock file ${file} cannot be made (${(error as Error).message})`));
  }
  const seconds = options.waitMs <= 0 ? '0' : (options.waitMs / 1000).toFixed(3);
  return new Promise<LockOutcome>((resolve) => {
    const child = spawn('sh', ['-c', SCRIPT, 'sh', file, seconds], { stdio: ['pipe', 'pipe', 'pipe'] });
    let settled = false;
    let stderr = '';
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const onAbort = () => {
      kill();
      finish({ acquired: false, waitedMs: monotonicMs() - started, reason: 'cancelled while waiting for the machine lock' });
    };
    const finish = (outcome: LockOutcome) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!chunk.includes('locked')) return;
      // Held for as long as we live, but never what keeps this process alive.
      child.unref();
      for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?: () => void }).unref?.();
      // 'exit' comes once libuv has reaped the shell.
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      finish({
        acquired: true,
        lock: {
          waitedMs: monotonicMs() - started,
          release: kill,
          releaseAndWait: () => {
            // Referenced again, so the wait itself keeps this process alive until the shell is reaped.
            child.ref();
            kill();
            return exited;
          },
        },
      });
    });
    child.on('error', (error) => finish(unlocked(`sh could not be started (${error.message})`)));
    child.on('exit', (code) => {
      if (code === 4) finish({ acquired: false, waitedMs: monotonicMs() - started, reason: 'timed out' });
      else if (code === 127 || /flock.*not found/.test(stderr)) finish(unlocked('flock(1) is not installed (util-linux)'));
      else finish(unlocked(`the machine lock could not be taken (${stderr.trim() || `exit code ${code}`})`));
    });
  });
}
