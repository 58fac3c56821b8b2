import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/pipeline/follower.ts
import { spawn } from "node:child_process";
import { closeSync, constants, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// src/util/unlink-quietly.ts
import { unlinkSync } from "node:fs";
function unlinkQuietly(file) {
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

// src/pipeline/follower.ts
import { performance } from "node:perf_hooks";
var FOLLOW_ARGUMENT = "--follow-writeback";
var FOLLOW_REQUEST_ENV = "DISK_PROFILER_FOLLOW_REQUEST";
var FOLLOWER_EXIT_MARGIN_MS = 5e3;
var CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
function startFollower(script, request) {
  const logFile = `${request.resultFile}.log`;
  const fd = openSync(logFile, CREATE_FLAGS, 384);
  let child;
  try {
    child = spawn(process.execPath, [script, FOLLOW_ARGUMENT], {
      detached: true,
      stdio: ["ignore", fd, fd],
      env: { ...process.env, [FOLLOW_REQUEST_ENV]: JSON.stringify(request) }
    });
  } finally {
    closeSync(fd);
  }
  const done = new Promise((resolve) => {
    child.on("error", () => resolve(null));
    child.on("exit", () => resolve(readFollowResult(request.resultFile)));
  });
  const pid = child.pid ?? -1;
  return {
    request,
    tail: { pid, resultFile: request.resultFile, logFile, endsByEpochMs: Date.now() + request.deadlineMs + FOLLOWER_EXIT_MARGIN_MS },
    done,
    detach: () => child.unref()
  };
}
function readFollowResult(file) {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const parsed = JSON.parse(readFileSync(fd, "utf8"));
      return Array.isArray(parsed.syncs) && parsed.end && Array.isArray(parsed.snapshots) ? parsed : null;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}
function tempFileOf(file, pid) {
  return path.join(path.dirname(file), `.${path.basename(file)}.${pid}.tmp`);
}
function writeFollowResult(file, result) {
  const tmp = tempFileOf(file, process.pid);
  const fd = openSync(tmp, CREATE_FLAGS, 384);
  try {
    writeSync(fd, JSON.stringify(result));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
function profileTimeMs(originEpochMs, nowMs = performance.now(), timeOriginMs = performance.timeOrigin) {
  return timeOriginMs + nowMs - originEpochMs;
}
function tailEndSnapshot(extractEnd, followed) {
  const { childCpuTicks, selfCpuTicks, selfCpuUs, ownIo, processes } = extractEnd;
  const { childCpuTicks: _c, selfCpuTicks: _s, selfCpuUs: _u, ownIo: _o, processes: _p, ...counters } = followed;
  return {
    ...counters,
    childCpuTicks,
    ...selfCpuTicks !== void 0 ? { selfCpuTicks } : {},
    ...selfCpuUs !== void 0 ? { selfCpuUs } : {},
    ...ownIo !== void 0 ? { ownIo } : {},
    ...processes !== void 0 ? { processes: [] } : {}
  };
}
function followedTail(extract, result) {
  const end = tailEndSnapshot(extract.end, result.end);
  return {
    phase: { name: "writeback", startMs: extract.end.tMs, endMs: end.tMs, start: extract.end, end },
    tail: {
      syncs: result.syncs,
      complete: result.syncs.every((s) => s.returned),
      ...result.stoppedByPost && !result.syncs.every((s) => s.returned) ? { cutBy: "post-step" } : {}
    },
    snapshots: result.snapshots.map((s) => tailEndSnapshot(extract.end, s))
  };
}
var FOLLOWER_STOP_GRACE_MS = 1e3;
function stopFollower(pid) {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
  }
}
function killFollower(pid) {
  if (!(pid > 0)) return false;
  try {
    process.kill(-pid, "SIGKILL");
    return true;
  } catch {
    return false;
  }
}
function isAlive(pid) {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}
async function collectFollower(tail, pollMs = 10) {
  if (isAlive(tail.pid) && !existsSync(tail.resultFile)) stopFollower(tail.pid);
  const graceUntil = Date.now() + FOLLOWER_STOP_GRACE_MS;
  while (isAlive(tail.pid) && !existsSync(tail.resultFile) && Date.now() < graceUntil) await sleep(pollMs);
  if (isAlive(tail.pid)) killFollower(tail.pid);
  const result = readFollowResult(tail.resultFile);
  for (const file of [tail.resultFile, tail.logFile, tempFileOf(tail.resultFile, tail.pid)]) unlinkQuietly(file);
  return result;
}
function parseBackgroundTail(value) {
  if (!value) return null;
  try {
    const t = JSON.parse(value);
    const ok = typeof t.pid === "number" && typeof t.resultFile === "string" && typeof t.logFile === "string" && typeof t.endsByEpochMs === "number";
    return ok ? t : null;
  } catch {
    return null;
  }
}

export {
  unlinkQuietly,
  FOLLOW_ARGUMENT,
  FOLLOW_REQUEST_ENV,
  startFollower,
  writeFollowResult,
  profileTimeMs,
  followedTail,
  collectFollower,
  parseBackgroundTail
};
