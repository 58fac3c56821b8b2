/**
 * The writeback follower (issue 40, item 4): on a repeat run main does not wait for the restore's files
 * to reach the disk, which plain restoreCache does not wait for either. A small detached process (the
 * main bundle in follower mode, src/main.ts) times the tail with syncfs as main would have, writes what
 * it saw to a file of this profile's state directory, and exits by its deadline; the post step reads it
 * into the profile. Main starts it right after extraction on every action run and, on a first run, waits
 * for it as it waited for syncfs before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { unlinkQuietly } from '../util/unlink-quietly.js';
import { performance } from 'node:perf_hooks';
import type { BlockDeviceInfo, FileSystemSync, PhaseRecord, Snapshot, WritebackTail } from '../profile/schema.js';
import type { CgroupCpuFiles } from '../sample/cgroup.js';

/** The argument that turns dist/main.js into the follower. */
export const FOLLOW_ARGUMENT = '--follow-writeback';
/** The environment variable the follower's request travels in (JSON: FollowRequest). */
export const FOLLOW_REQUEST_ENV = 'DISK_PROFILER_FOLLOW_REQUEST';
/** After its syncfs deadline the follower still writes its result and exits; the post step allows it this long for that. */
export const FOLLOWER_EXIT_MARGIN_MS = 5_000;

export interface FollowRequest {
  fileSystems: string[];
  /** writeback-timeout-seconds: syncfs not returned by then is recorded as not returned. */
  deadlineMs: number;
  resultFile: string;
  /** The profile's monotonic origin as wall-clock epoch ms (performance.timeOrigin + originMs in main). */
  originEpochMs: number;
  intervalMs: number;
  devices: BlockDeviceInfo[];
  procRoot: string;
  cgroupCpu: CgroupCpuFiles | null;
}

export interface FollowResult {
  syncs: FileSystemSync[];
  /** Kernel counters when the last syncfs returned (or at the deadline), on the profile's timeline. */
  end: Snapshot;
  /** The follower's periodic samples of the tail, on the profile's timeline. */
  snapshots: Snapshot[];
  /** The post step began before every syncfs returned and asked for what was seen so far (the tail is cut there). */
  stoppedByPost?: boolean;
}

/** What main hands the post step about a follower it did not wait for. */
export interface BackgroundTail {
  pid: number;
  resultFile: string;
  logFile: string;
  /** Epoch ms after which the follower has ended on its own (deadline + FOLLOWER_EXIT_MARGIN_MS). */
  endsByEpochMs: number;
}

export interface FollowerHandle {
  request: FollowRequest;
  tail: BackgroundTail;
  /** Resolves when the follower exits: its result, or null when it wrote none. */
  done: Promise<FollowResult | null>;
  /** Main will not wait: the follower no longer keeps main alive and runs on past it. */
  detach(): void;
}

/** Owner-only, never through a planted link or over an existing file (O_EXCL|O_NOFOLLOW), as the machine ledger writes. */
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Starts the follower: `node <script> --follow-writeback`, in a process group of its own, its output to a log file beside the result. */
export function startFollower(script: string, request: FollowRequest): FollowerHandle {
  const logFile = `${request.resultFile}.log`;
  const fd = openSync(logFile, CREATE_FLAGS, 0o600);
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [script, FOLLOW_ARGUMENT], {
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, [FOLLOW_REQUEST_ENV]: JSON.stringify(request) },
    });
  } finally {
    closeSync(fd);
  }
  const done = new Promise<FollowResult | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', () => resolve(readFollowResult(request.resultFile)));
  });
  const pid = child.pid ?? -1;
  return {
    request,
    tail: { pid, resultFile: request.resultFile, logFile, endsByEpochMs: Date.now() + request.deadlineMs + FOLLOWER_EXIT_MARGIN_MS },
    done,
    detach: () => child.unref(),
  };
}

/** The follower's result, or null when there is none (it was killed, or could not write it). */
export function readFollowResult(file: string): FollowResult | null {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const parsed = JSON.parse(readFileSync(fd, 'utf8')) as FollowResult;
      return Array.isArray(parsed.syncs) && parsed.end && Array.isArray(parsed.snapshots) ? parsed : null;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

function tempFileOf(file: string, pid: number): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${pid}.tmp`);
}

/** Written whole to a temp name, then renamed: a reader sees no result or all of it. */
export function writeFollowResult(file: string, result: FollowResult): void {
  const tmp = tempFileOf(file, process.pid);
  const fd = openSync(tmp, CREATE_FLAGS, 0o600);
  try {
    writeSync(fd, JSON.stringify(result));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** Milliseconds on the profile's timeline (main's performance.now() since its origin) from this process's clock. */
export function profileTimeMs(originEpochMs: number, nowMs = performance.now(), timeOriginMs = performance.timeOrigin): number {
  return timeOriginMs + nowMs - originEpochMs;
}

/**
 * The tail's end as the profile records it: the follower's kernel counters (disks, CPU, pressure,
 * memory, cgroup), and the restore's own processes as they were when extraction ended: tar and zstd had
 * exited, so they did nothing more, and the follower's own process is no part of the restore.
 */
export function tailEndSnapshot(extractEnd: Snapshot, followed: Snapshot): Snapshot {
  const { childCpuTicks, selfCpuTicks, selfCpuUs, ownIo, processes } = extractEnd;
  const { childCpuTicks: _c, selfCpuTicks: _s, selfCpuUs: _u, ownIo: _o, processes: _p, ...counters } = followed;
  return {
    ...counters,
    childCpuTicks,
    ...(selfCpuTicks !== undefined ? { selfCpuTicks } : {}),
    ...(selfCpuUs !== undefined ? { selfCpuUs } : {}),
    ...(ownIo !== undefined ? { ownIo } : {}),
    ...(processes !== undefined ? { processes: [] } : {}),
  };
}

/** The writeback phase and tail from a follower's result: the phase from extraction's end to the last syncfs's return. */
export function followedTail(extract: PhaseRecord, result: FollowResult): { phase: PhaseRecord; tail: WritebackTail; snapshots: Snapshot[] } {
  const end = tailEndSnapshot(extract.end, result.end);
  return {
    phase: { name: 'writeback', startMs: extract.end.tMs, endMs: end.tMs, start: extract.end, end },
    tail: {
      syncs: result.syncs,
      complete: result.syncs.every((s) => s.returned),
      ...(result.stoppedByPost && !result.syncs.every((s) => s.returned) ? { cutBy: 'post-step' as const } : {}),
    },
    snapshots: result.snapshots.map((s) => tailEndSnapshot(extract.end, s)),
  };
}

/** How long the post step allows a stopped follower to write what it saw (a snapshot and a small file). */
export const FOLLOWER_STOP_GRACE_MS = 1_000;

/** Asks the follower (SIGTERM, to it alone) to stop waiting for syncfs and write its result. */
function stopFollower(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Gone already: its result, if any, is read as it is.
  }
}

/** Ends the follower's process group if it is still there (it and any syncfs it left running). */
export function killFollower(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(-pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/** Running: a zombie (exited, its orphan not reaped yet) is not. */
export function isAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * The post step's end of a follower main did not wait for: waits until it has written its result or
 * until it must have ended on its own (its deadline), then ends its process group if anything of it is
 * left and removes its files. The result, or null when it wrote none.
 */
export async function collectFollower(tail: BackgroundTail, pollMs = 10): Promise<FollowResult | null> {
  // The post step does not wait for the tail, as actions/cache's does not (never cost the job): a follower
  // still waiting for syncfs is asked for what it saw so far, and the tail is cut there.
  if (isAlive(tail.pid) && !existsSync(tail.resultFile)) stopFollower(tail.pid);
  const graceUntil = Date.now() + FOLLOWER_STOP_GRACE_MS;
  while (isAlive(tail.pid) && !existsSync(tail.resultFile) && Date.now() < graceUntil) await sleep(pollMs);
  // Its result written (or its grace over): end its group, the syncfs it left running included.
  if (isAlive(tail.pid)) killFollower(tail.pid);
  const result = readFollowResult(tail.resultFile);
  for (const file of [tail.resultFile, tail.logFile, tempFileOf(tail.resultFile, tail.pid)]) unlinkQuietly(file);
  return result;
}

/** The BackgroundTail main saved, or null when the state holds none (a first run) or not one of ours. */
export function parseBackgroundTail(value: string): BackgroundTail | null {
  if (!value) return null;
  try {
    const t = JSON.parse(value) as Partial<BackgroundTail>;
    const ok = typeof t.pid === 'number' && typeof t.resultFile === 'string' && typeof t.logFile === 'string' && typeof t.endsByEpochMs === 'number';
    return ok ? (t as BackgroundTail) : null;
  } catch {
    return null;
  }
}
