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
 * The file is opened here, never by a path in the shell: created with O_CREAT|O_EXCL|O_NOFOLLOW (and
 * made 0666 through that descriptor, so every runner user can lock it), or, when it is there, opened
 * read-only with O_NOFOLLOW, which is all flock(2) needs (a file another user made is locked as it
 * is, never chmodded). A symlink or anything but a plain file is refused: another user could aim it
 * at a file of theirs choosing. The shell gets the open descriptor as its fd 9.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { closeSync, constants, fchmodSync, fstatSync, openSync } from 'node:fs';
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

/** The descriptor the shell holds the lock file on: handed to it open, as this stdio slot. */
const LOCK_FD = 9;
const SCRIPT = [
  // -n when no wait: one try.
  `if [ "$1" = 0 ]; then flock -n ${LOCK_FD} || exit 4; else flock -w "$1" ${LOCK_FD} || exit 4; fi`,
  'echo locked',
  // Blocks until our end of the pipe closes (release, or this process dying).
  'read -r _ || true',
].join('\n');

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The lock file opened for flock(2) without following a symlink, made 0666 only when we created it; the reason otherwise. */
function openLockFile(file: string): number | string {
  let fd: number;
  let created = false;
  try {
    fd = openSync(file, OPEN_FLAGS | constants.O_CREAT | constants.O_EXCL, 0o666);
    created = true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') return `cannot be made (${(error as Error).message})`;
    try {
      fd = openSync(file, OPEN_FLAGS);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOOP') return 'is a symbolic link (not followed)';
      return `cannot be opened (${(again as Error).message})`;
    }
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new Error('is not a regular file');
    // A hard link of another file (where fs.protected_hardlinks is off): not the lock's own file.
    if (s.nlink !== 1) throw new Error(`is not a regular file of its own (${s.nlink} hard links)`);
    // Past the umask, through the descriptor: only the file this call created.
    if (created) fchmodSync(fd, 0o666);
    return fd;
  } catch (error) {
    closeSync(fd);
    return (error as Error).message;
  }
}

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
  const opened = openLockFile(file);
  if (typeof opened === 'string') return Promise.resolve(unlocked(`the lock file ${file} ${opened}`));
  const seconds = options.waitMs <= 0 ? '0' : (options.waitMs / 1000).toFixed(3);
  return new Promise<LockOutcome>((resolve) => {
    const stdio: ('pipe' | 'ignore' | number)[] = ['pipe', 'pipe', 'pipe', ...Array<'ignore'>(LOCK_FD - 3).fill('ignore'), opened];
    let child: ChildProcessByStdio<Writable, Readable, Readable>;
    try {
      child = spawn('sh', ['-c', SCRIPT, 'sh', seconds], { stdio }) as ChildProcessByStdio<Writable, Readable, Readable>;
    } finally {
      // The shell holds its own copy; ours must go, or the lock would outlive the shell.
      closeSync(opened);
    }
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
