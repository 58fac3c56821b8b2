import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  CleanupStack,
  PAIRED_ROUNDS,
  PAIRED_ROUNDS_MAX,
  PAIRED_ROUND_BASELINES,
  fixBest,
  outcomes,
  pairedCapMs,
  pairedLead,
  pairedLive,
  pairedOutcomes,
  sampleReading,
  sampleStep,
  sampledOutcomes
} from "./chunk-MZ57ICCD.js";
import {
  downloadLimits,
  parseVerboseLine
} from "./chunk-A2XADIQ6.js";
import "./chunk-XEJEEAGX.js";
import {
  CLEANUP_SHARE,
  RAM_SHARE,
  RUNS_WANTED,
  UnknownAlternativeError,
  descriptorOf,
  dirtyBytesFor,
  dirtyableBytes,
  effectiveDirtyBudget,
  mountedPaths,
  neededBytes,
  raisedDirtyLimits,
  runsOfTarget,
  sameTarget,
  tmpfsSize
} from "./chunk-3V4773W6.js";
import "./chunk-G25BJ2M5.js";
import {
  DirtyRaiseError,
  createOwnedDir,
  dirtyChangeFor,
  leftAloneSentence,
  putBackIfOurs,
  raiseDirtyLimits,
  removeOwnedDir,
  removeTree,
  unmount
} from "./chunk-2VRVQZSV.js";
import {
  leftInPlace
} from "./chunk-CGZR6LBH.js";
import {
  monotonicMs
} from "./chunk-PWWNCPHY.js";
import {
  USER_HZ,
  expandPath
} from "./chunk-JYT2JN4Z.js";
import {
  DIRTY_SYSCTLS,
  detectPrivileges,
  processIds,
  readDirtySettings,
  runPrivileged
} from "./chunk-IDQY3AUZ.js";
import {
  SAMPLE_SIZE_NAMES
} from "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  parsePidStat,
  readCgroupMemoryRoom
} from "./chunk-OADOZV3O.js";
import {
  findMount,
  nearestExisting,
  parseMountinfo,
  readText,
  resolveDevices
} from "./chunk-KMPHW5Q6.js";
import {
  downloadCache
} from "./chunk-BSPUIZYN.js";
import "./chunk-ST25SE5S.js";
import {
  cacheUtils_exports
} from "./chunk-X762GLLF.js";
import "./chunk-7JQLLQYS.js";
import "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import {
  bytes,
  seconds
} from "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";

// src/experiment/run-experiments.ts
import { execFileSync } from "node:child_process";
import { mkdirSync as mkdirSync3, rmSync, statSync as statSync2 } from "node:fs";
import path4 from "node:path";

// src/experiment/availability.ts
function availability(requested, f, patternPaths = []) {
  const context = { facts: f, needBytes: neededBytes(f.runBytes) };
  const base = descriptorOf("baseline").available(context);
  if (base.targets.length === 0) {
    const detail = base.skipped[0]?.detail ?? "the baseline cannot run";
    const skipped2 = [
      ...base.skipped,
      ...requested.map((name) => ({ alternative: name, mountPoint: null, reason: "no-baseline", detail: `nothing to compare with: ${detail}` }))
    ];
    return { targets: [], skipped: skipped2, ramVia: null };
  }
  const targets = [...base.targets];
  const skipped = [];
  let ramVia = null;
  for (const name of requested) {
    const descriptor = descriptorOf(name);
    if (descriptor.mountsRestorePaths && patternPaths.length > 0) {
      skipped.push({
        alternative: name,
        mountPoint: null,
        reason: "pattern-path",
        detail: `${patternPaths.map((p) => `\`${p}\``).join(", ")} ${patternPaths.length === 1 ? "is a pattern" : "are patterns"}: a step can mount each restore path before the restore, not what a pattern will match`
      });
      continue;
    }
    const found = descriptor.available(context);
    targets.push(...found.targets);
    skipped.push(...found.skipped);
    if (found.ramVia) ramVia = found.ramVia;
  }
  return { targets, skipped, ramVia };
}

// src/experiment/listing.ts
function climbOf(name) {
  let depth = 0;
  let lowest = 0;
  for (const part of name.split("/")) {
    if (part === "" || part === ".") continue;
    depth += part === ".." ? -1 : 1;
    lowest = Math.min(lowest, depth);
  }
  return lowest === 0 ? 0 : -lowest;
}
function emptyListing() {
  return { entries: 0, extractedBytes: 0, climbLevels: 0, absolute: [] };
}
function addListingLine(out, line) {
  const member = parseVerboseLine(line);
  if (!member) return;
  const { name } = member;
  out.entries++;
  out.extractedBytes += member.sizeBytes;
  if (name.startsWith("/")) {
    if (out.absolute.length < 3) out.absolute.push(name);
    return;
  }
  out.climbLevels = Math.max(out.climbLevels, climbOf(name));
}

// src/experiment/machine-facts.ts
import { accessSync, constants, readFileSync, statfsSync } from "node:fs";
var LOCAL_BLOCK_FS = /* @__PURE__ */ new Set(["ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs", "jfs", "reiserfs", "bcachefs"]);
var NOT_FOR_DATA = /^\/(boot|efi|snap)(\/|$)/;
function memAvailableBytes(procRoot = "/proc") {
  const text2 = readText(`${procRoot}/meminfo`);
  const m = text2 ? /^MemAvailable:\s+(\d+)\s*kB/m.exec(text2) : null;
  return m?.[1] ? Number(m[1]) * 1024 : null;
}
function smallerMemory(memAvailable, cgroupRoom) {
  if (cgroupRoom && (memAvailable === null || cgroupRoom.roomBytes < memAvailable)) return { bytes: cgroupRoom.roomBytes, cgroup: cgroupRoom };
  return { bytes: memAvailable, cgroup: null };
}
function availableMemory(procRoot = "/proc") {
  const room2 = readCgroupMemoryRoom({ procRoot });
  return smallerMemory(memAvailableBytes(procRoot), room2 ? { limitBytes: room2.limitBytes, roomBytes: room2.roomBytes } : null);
}
function readDirtyBudget(procRoot = "/proc") {
  const settings = {};
  for (const name of DIRTY_SYSCTLS) {
    const value = Number(readText(`${procRoot}/sys/vm/${name}`) ?? Number.NaN);
    if (!Number.isFinite(value)) return null;
    settings[name] = value;
  }
  const meminfo = readText(`${procRoot}/meminfo`);
  return effectiveDirtyBudget(settings, meminfo ? dirtyableBytes(meminfo) : null);
}
function freeBytes(path5) {
  try {
    const s = statfsSync(path5);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}
function room(m) {
  return { mountPoint: m.mountPoint, fsType: m.fsType, freeBytes: freeBytes(m.mountPoint) };
}
function writableByUs(dir) {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
function diskOf(path5) {
  try {
    return resolveDevices({ restorePath: path5 }).devices.find((d) => d.primary)?.name ?? null;
  } catch {
    return null;
  }
}
function readMachineFacts(r) {
  let mounts = [];
  try {
    mounts = parseMountinfo(readFileSync("/proc/self/mountinfo", "utf8"));
  } catch {
  }
  const restoreExisting = nearestExisting(r.restorePath);
  const restoreMount = findMount(mounts, restoreExisting);
  const restoreFs2 = restoreMount ? room(restoreMount) : { mountPoint: restoreExisting, fsType: "unknown", freeBytes: freeBytes(restoreExisting) };
  const shmMount = mounts.filter((m) => m.mountPoint === "/dev/shm" && m.fsType === "tmpfs").pop();
  const restoreDisk = diskOf(restoreExisting);
  const extra = new Set(r.extraOtherDisks ?? []);
  const seen = /* @__PURE__ */ new Set([restoreMount?.devNumber ?? ""]);
  const otherDisks = [];
  for (const m of [...mounts].sort((a, b) => a.mountPoint.length - b.mountPoint.length)) {
    if (seen.has(m.devNumber)) continue;
    const wanted = extra.has(m.mountPoint);
    const eligible = wanted || LOCAL_BLOCK_FS.has(m.fsType) && m.source.startsWith("/dev/") && !m.source.startsWith("/dev/loop") && m.root === "/" && !m.mountOptions.split(",").includes("ro") && !NOT_FOR_DATA.test(m.mountPoint);
    if (!eligible) continue;
    seen.add(m.devNumber);
    if (!wanted && restoreDisk !== null && diskOf(m.mountPoint) === restoreDisk) continue;
    otherDisks.push({ ...room(m), writable: writableByUs(m.mountPoint) });
  }
  let dirtySysctlsReadable = true;
  try {
    readFileSync("/proc/sys/vm/dirty_bytes", "utf8");
  } catch {
    dirtySysctlsReadable = false;
  }
  const memory = availableMemory();
  return {
    privileges: r.privileges,
    memAvailableBytes: memory.bytes,
    cgroupMemory: memory.cgroup,
    extractedBytes: r.extractedBytes,
    runBytes: r.runBytes ?? r.extractedBytes,
    archiveInRamBytes: r.archiveInRamBytes,
    restoreFs: restoreFs2,
    shm: shmMount ? room(shmMount) : null,
    otherDisks,
    dirtySysctlsReadable,
    dirtyBudget: dirtySysctlsReadable ? readDirtyBudget() : null,
    otherMountsSeen: Math.max(0, mounts.length - 1)
  };
}

// src/experiment/one-run.ts
import { mkdirSync as mkdirSync2 } from "node:fs";
import path2 from "node:path";

// src/experiment/processes.ts
import { spawn } from "node:child_process";
import { openSync, closeSync } from "node:fs";

// src/sample/reaped-cpu.ts
function reapedChildrenCpuMs(procRoot = "/proc") {
  const stat = parsePidStat(readText(`${procRoot}/self/stat`) ?? "");
  return stat ? (stat.cutimeTicks + stat.cstimeTicks) / USER_HZ * 1e3 : null;
}

// src/experiment/processes.ts
var TAIL_CHARS = 4096;
var ChildRegistry = class {
  live = /* @__PURE__ */ new Set();
  add(child) {
    this.live.add(child);
    child.once("exit", () => this.live.delete(child));
  }
  /** Kills the process group of each live child (tar and the unzstd it started). */
  killAll() {
    for (const child of this.live) {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }
  }
};
async function runTimed(command, registry, env = process.env) {
  const devNull = openSync("/dev/null", "w");
  const cpuBefore = reapedChildrenCpuMs();
  const started = monotonicMs();
  try {
    const child = spawn(command.program, command.args, { stdio: ["ignore", devNull, "pipe"], detached: true, env });
    registry.add(child);
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-TAIL_CHARS);
    });
    const code = await new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (c, signal) => resolve(signal ?? c ?? -1));
    });
    const durationMs = monotonicMs() - started;
    const cpuAfter = reapedChildrenCpuMs();
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : Math.max(0, cpuAfter - cpuBefore);
    if (code !== 0)
      throw new Error(
        `${command.program} failed (${typeof code === "string" ? code : `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" | ")}` : ""}`
      );
    return { durationMs, cpuMs };
  } finally {
    closeSync(devNull);
  }
}
async function runLines(command, registry, onLine) {
  const child = spawn(command.program, command.args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  registry.add(child);
  let partial = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-TAIL_CHARS);
  });
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (c, signal) => resolve(signal ?? c ?? -1));
  });
  if (partial) onLine(partial);
  if (code !== 0) throw new Error(`${command.program} failed (${code})${stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" | ")}` : ""}`);
}
function syncFs(path5, registry) {
  return runTimed({ program: "sync", args: ["-f", path5] }, registry);
}

// src/experiment/run-deadline.ts
var BUDGET_RESERVE_MS = 2e3;
var CLEANUP_RESERVE_FACTOR = 1.5;
function runDeadlineMs(budgetMs, elapsedMs, cleanupsMs) {
  return Math.max(0, budgetMs - cleanupReserveMs(budgetMs, cleanupsMs) - elapsedMs);
}
function cleanupReserveMs(budgetMs, cleanupsMs) {
  return Math.max(Math.min(BUDGET_RESERVE_MS, budgetMs * 0.05), CLEANUP_RESERVE_FACTOR * Math.max(0, ...cleanupsMs));
}

// src/experiment/run-setups.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
function insideRun(c, rel) {
  const at = path.join(c.into, rel);
  const fromRun = path.relative(c.runDir, at);
  if (fromRun.startsWith("..") || path.isAbsolute(fromRun)) throw new Error(`the restore path ${rel} would be mounted outside the run's directory (${at})`);
  return at;
}
function mountTmpfsOnEachPath(c) {
  if (c.ramVia !== "own-tmpfs") return;
  const { uid, gid } = processIds();
  for (const rel of c.mounted) {
    const at = insideRun(c, rel);
    mkdirSync(at, { recursive: true });
    runPrivileged(c.privileges.mount, "mount", ["-t", "tmpfs", "-o", `size=${tmpfsSize(c.extractedBytes)},uid=${uid},gid=${gid}`, "disk-profiler-exp", at]);
    c.local.push(`unmount ${at}`, () => unmount(c.privileges, at));
  }
}
function bindEachPathFromOtherDisk(c) {
  const root = c.bindRootOf(c.target.mountPoint);
  c.mounted.forEach((rel, i) => {
    const source = path.join(root, `run-${c.index}-${i + 1}`);
    const at = insideRun(c, rel);
    mkdirSync(source);
    mkdirSync(at, { recursive: true });
    c.local.push(`remove ${source}`, () => removeTree(source, c.privileges));
    runPrivileged(c.privileges.mount, "mount", ["--bind", source, at]);
    c.local.push(`unmount ${at}`, () => unmount(c.privileges, at));
  });
  c.syncDirs.push(root);
}
function raiseDirtyLimitsForRun(c) {
  const limits = raisedDirtyLimits(dirtyBytesFor(c.extractedBytes), readDirtyBudget());
  const saved = readDirtySettings();
  let change = dirtyChangeFor(saved, limits);
  c.onDirtySettings?.(change);
  c.local.push("put vm.dirty_* back (what is still ours)", () => {
    const outcome = putBackIfOurs(c.privileges, change);
    for (const l of outcome.leftAlone) c.warn(`Experiments: ${leftAloneSentence(l, "this profile", c.whoSetDirty?.(l.name, l.foundValue) ?? void 0)}`);
    c.onDirtySettings?.(null);
  });
  try {
    raiseDirtyLimits(c.privileges, limits);
  } catch (error) {
    if (error instanceof DirtyRaiseError) {
      change = dirtyChangeFor(saved, error.written);
      c.onDirtySettings?.(change);
    }
    throw error;
  }
}
var nothing = () => void 0;
var restoreFs = () => "restore-fs";
var RUN_SETUPS = {
  baseline: { extracts: true, place: restoreFs, prepare: nothing },
  decompress: { extracts: false, place: restoreFs, prepare: nothing },
  ram: { extracts: true, place: (ramVia) => ramVia === "own-tmpfs" ? "restore-fs" : "shm", prepare: mountTmpfsOnEachPath },
  "page-cache": { extracts: true, place: restoreFs, prepare: raiseDirtyLimitsForRun },
  "other-disk": { extracts: true, place: restoreFs, prepare: bindEachPathFromOtherDisk }
};
function runSetupOf(name) {
  if (!Object.hasOwn(RUN_SETUPS, name)) throw new UnknownAlternativeError(name);
  return RUN_SETUPS[name];
}

// src/experiment/tar-command.ts
function decompressProgram(compressionMethod) {
  if (compressionMethod === "zstd") return "unzstd --long=30";
  if (compressionMethod === "zstd-without-long") return "unzstd";
  return null;
}
function extractCommand(tarPath, archivePath, dir, compressionMethod) {
  const program = decompressProgram(compressionMethod);
  return { program: tarPath, args: ["-xf", archivePath, "-P", "-C", dir, ...program ? ["--use-compress-program", ...program.split(" ")] : ["-z"]] };
}
function listCommand(tarPath, archivePath, compressionMethod) {
  const program = decompressProgram(compressionMethod);
  return { program: tarPath, args: ["-tvf", archivePath, "-P", "--numeric-owner", "--full-time", ...program ? ["--use-compress-program", program] : ["-z"]] };
}
function decompressCommand(tarPath, archivePath, compressionMethod) {
  const program = decompressProgram(compressionMethod);
  return { program: tarPath, args: ["-tf", archivePath, "-P", ...program ? ["--use-compress-program", ...program.split(" ")] : ["-z"]] };
}

// src/experiment/one-run.ts
var RunStopped = class extends Error {
  constructor(message, afterMs) {
    super(message);
    this.afterMs = afterMs;
    this.name = "RunStopped";
  }
  afterMs;
};
var RunCapped = class extends RunStopped {
  constructor(afterMs, capMs) {
    super(`stopped after ${(afterMs / 1e3).toFixed(1)} s, longer than the ${(capMs / 1e3).toFixed(1)} s it was let run: no fix`, afterMs);
    this.name = "RunCapped";
  }
};
function deadlineTimer(c, t, index, capMs) {
  const state = { stopped: false };
  let runStartedMs = null;
  const timed = async (command, hook = true) => {
    runStartedMs ??= monotonicMs();
    const runStart = runStartedMs;
    const budgetDeadlineMs = runDeadlineMs(c.budgetMs, c.elapsed(), c.cleanupsMs);
    const capLeftMs = capMs === null ? Number.POSITIVE_INFINITY : capMs - (monotonicMs() - runStart);
    const capped = capLeftMs < budgetDeadlineMs;
    const deadlineMs = Math.min(budgetDeadlineMs, capLeftMs);
    const startedMs = monotonicMs();
    let cut = false;
    let cutAfterMs = 0;
    let cutRunMs = 0;
    const timer = setTimeout(
      () => {
        cut = true;
        cutAfterMs = monotonicMs() - startedMs;
        cutRunMs = monotonicMs() - runStart;
        c.registry.killAll();
      },
      Math.max(0, deadlineMs)
    );
    const pending = runTimed(command, c.registry);
    pending.catch(() => void 0);
    try {
      if (hook) await c.duringRun?.(t.alternative, index);
      return await pending;
    } catch (error) {
      c.registry.killAll();
      if (cut) {
        state.stopped = true;
        if (capped && capMs !== null) throw new RunCapped(cutRunMs, capMs);
        throw new RunStopped(
          `stopped at the end of the ${(c.budgetMs / 1e3).toFixed(0)} s budget (experiments-budget-seconds), far slower than the runs before it predicted`,
          cutAfterMs
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return { timed, state };
}
async function oneRun(c, t, index, capMs = null) {
  const { timed, state } = deadlineTimer(c, t, index, capMs);
  const setup = runSetupOf(t.alternative);
  if (!setup.extracts) {
    const d = await timed(decompressCommand(c.tarPath, c.archivePath, c.compressionMethod));
    return { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: d.durationMs, syncMs: 0, untilOnDiskMs: d.durationMs, cpuMs: d.cpuMs };
  }
  const owned = c.targetDir(t);
  const runDir = path2.join(owned, `run-${index}`);
  const levels = Math.max(c.listing.climbLevels, ...c.mounted.map(climbOf));
  const into = path2.join(runDir, ...Array.from({ length: levels }, (_, i) => `up-${i + 1}`));
  mkdirSync2(into, { recursive: true });
  const local = new CleanupStack(c.log);
  const syncDirs = [into];
  try {
    setup.prepare({
      target: t,
      index,
      runDir,
      into,
      mounted: c.mounted,
      extractedBytes: c.listing.extractedBytes,
      ramVia: c.ramVia,
      privileges: c.privileges,
      local,
      syncDirs,
      bindRootOf: c.bindRootOf,
      warn: c.warn,
      ...c.onDirtySettings ? { onDirtySettings: c.onDirtySettings } : {},
      ...c.whoSetDirty ? { whoSetDirty: c.whoSetDirty } : {}
    });
    const step = await timed(extractCommand(c.tarPath, c.archivePath, into, c.compressionMethod));
    let syncMs = 0;
    try {
      for (const dir of syncDirs) syncMs += (await timed({ program: "sync", args: ["-f", dir] }, false)).durationMs;
    } catch (error) {
      throw error instanceof RunStopped && !(error instanceof RunCapped) ? new RunStopped(error.message, step.durationMs + syncMs + error.afterMs) : error;
    }
    return {
      alternative: t.alternative,
      mountPoint: t.mountPoint,
      stepMs: step.durationMs,
      syncMs,
      untilOnDiskMs: step.durationMs + syncMs,
      cpuMs: step.cpuMs
    };
  } finally {
    const cleanupStarted = monotonicMs();
    await local.runAll();
    removeTree(runDir, c.privileges);
    if (!state.stopped) for (const dir of /* @__PURE__ */ new Set([owned, ...syncDirs.slice(1)])) await syncFs(dir, c.registry).catch(() => void 0);
    c.cleanupsMs.push(monotonicMs() - cleanupStarted);
  }
}

// src/experiment/plan.ts
function estimateRunMs(alternative, m) {
  return descriptorOf(alternative).estimateRunMs(m);
}
var sortKey = (t) => descriptorOf(t.alternative).runOrder;
function planExperiments(targets, measured, budgetMs, runsWanted = RUNS_WANTED) {
  const refetchEstimateMs = measured.downloadMs;
  const ordered = [...targets].sort((a, b) => sortKey(a) - sortKey(b));
  const skipped = [];
  const runs = [];
  let remaining = budgetMs - refetchEstimateMs;
  const baselineMs = estimateRunMs("baseline", measured);
  if (!ordered.some((t) => t.alternative === "baseline")) return { refetchEstimateMs, runs, skipped };
  if (remaining < baselineMs) {
    const detail = `fetching the archive again (~${seconds(refetchEstimateMs)}) and one baseline run (~${seconds(baselineMs)}) do not fit the ${seconds(budgetMs)} budget (experiments-budget-seconds)`;
    for (const t of ordered) skipped.push({ alternative: t.alternative, mountPoint: t.mountPoint, reason: "over-budget", detail });
    return { refetchEstimateMs, runs, skipped };
  }
  let live = ordered;
  for (let round = 1; round <= runsWanted; round++) {
    const next = [];
    for (const target of live) {
      const estimateMs = estimateRunMs(target.alternative, measured);
      if (estimateMs <= remaining) {
        runs.push({ target, round, estimateMs });
        remaining -= estimateMs;
        next.push(target);
      } else if (round === 1) {
        skipped.push({
          alternative: target.alternative,
          mountPoint: target.mountPoint,
          reason: "over-budget",
          detail: `a run would take ~${seconds(estimateMs)} (from the profiled restore), ${seconds(Math.max(0, remaining))} of the ${seconds(budgetMs)} budget was left (experiments-budget-seconds)`
        });
      }
    }
    live = next;
  }
  return { refetchEstimateMs, runs, skipped };
}
function correctedEstimateMs(target, done, measured, prior = []) {
  const planned = estimateRunMs(target.alternative, measured);
  const ok = (runs) => runsOfTarget(runs, target).filter((r) => !r.error);
  const same = ok(done);
  if (same.length > 0) return Math.max(...same.map((r) => r.untilOnDiskMs)) * (1 + CLEANUP_SHARE);
  const before = ok(prior);
  const baselines = (runs) => runs.filter((r) => r.alternative === "baseline" && !r.error);
  const baseNow = baselines(done);
  const baseBefore = baselines(prior);
  if (before.length > 0 && baseNow.length > 0 && baseBefore.length > 0) {
    const growth = Math.max(...baseNow.map((r) => r.untilOnDiskMs)) / Math.max(1, Math.min(...baseBefore.map((r) => r.untilOnDiskMs)));
    return Math.max(...before.map((r) => r.untilOnDiskMs)) * growth * (1 + CLEANUP_SHARE);
  }
  const baseline = done.find((r) => r.alternative === "baseline" && !r.error);
  const plannedBaseline = estimateRunMs("baseline", measured);
  if (!baseline || plannedBaseline <= 0) return planned;
  return planned * (baseline.untilOnDiskMs * (1 + CLEANUP_SHARE) / plannedBaseline);
}
function nextRun(targets, done, measured, elapsedMs, budgetMs, runsWanted = RUNS_WANTED, prior = [], lead = null) {
  const ordered = targets.map((t) => ({ t, first: t.alternative === "baseline" ? 0 : lead && sameTarget(t, lead) ? 1 : 2, order: sortKey(t) })).sort((a, b) => a.first - b.first || a.order - b.order).map((k) => k.t);
  const runsOf = (t) => runsOfTarget(done, t).length;
  const estimateMs = (t) => correctedEstimateMs(t, done, measured, prior);
  for (let round = 1; round <= runsWanted; round++) {
    for (const t of ordered) {
      if (runsOf(t) >= round) continue;
      if (t.alternative !== "baseline" && !done.some((r) => r.alternative === "baseline" && !r.error)) continue;
      const withLeadMs = t.alternative === "baseline" && lead && runsOf(lead) < round ? estimateMs(lead) : 0;
      if (elapsedMs + estimateMs(t) + withLeadMs <= budgetMs) return t;
    }
  }
  return null;
}
function budgetSkips(targets, done, measured, elapsedMs, budgetMs, prior = []) {
  return targets.filter((t) => !done.some((r) => sameTarget(r, t))).map((t) => ({
    alternative: t.alternative,
    mountPoint: t.mountPoint,
    reason: "over-budget",
    detail: `a run would take ~${seconds(correctedEstimateMs(t, done, measured, prior))} (from the profiled restore${done.some((r) => r.alternative === "baseline") ? ", corrected by the baseline re-run" : ""}), ${seconds(Math.max(0, budgetMs - elapsedMs))} of the ${seconds(budgetMs)} budget was left (experiments-budget-seconds)`
  }));
}

// src/experiment/sample-archive.ts
import { spawn as spawn2 } from "node:child_process";
import { closeSync as closeSync2, openSync as openSync2 } from "node:fs";

// src/experiment/sample-select.ts
var BLOCK_BYTES = 512;
var SMALL_FACTOR = 4;
var SampleFormatError = class extends Error {
  constructor(detail) {
    super(`cannot sample the archive: ${detail}; the experiments can only sample ustar/GNU/pax archives as @actions/cache writes them`);
    this.name = "SampleFormatError";
  }
};
function text(block, start, length) {
  const end = block.indexOf(0, start);
  return Buffer.from(block.subarray(start, end === -1 || end > start + length ? start + length : end)).toString("utf8");
}
function numericField(block, start, length) {
  if (block[start] & 128) {
    let value = block[start] & 127;
    for (let i = start + 1; i < start + length; i++) value = value * 256 + block[i];
    return value;
  }
  const digits = text(block, start, length).trim();
  if (digits === "") return 0;
  if (!/^[0-7]+$/.test(digits)) throw new SampleFormatError(`a header's numeric field is ${JSON.stringify(digits)}, not octal`);
  return Number.parseInt(digits, 8);
}
function isZeroBlock(block) {
  for (const b of block) if (b !== 0) return false;
  return true;
}
function parseHeader(block) {
  if (block.length !== BLOCK_BYTES) throw new SampleFormatError(`a header block has ${block.length} bytes, not ${BLOCK_BYTES}`);
  const magic = text(block, 257, 6);
  const name = text(block, 0, 100);
  const prefix = magic === "ustar" ? text(block, 345, 155) : "";
  return {
    name: prefix ? `${prefix}/${name}` : name,
    linkName: text(block, 157, 100),
    type: String.fromCharCode(block[156]),
    sizeBytes: numericField(block, 124, 12)
  };
}
var dataBlocks = (sizeBytes) => Math.ceil(sizeBytes / BLOCK_BYTES);
function paxRecords(data) {
  const out = /* @__PURE__ */ new Map();
  const bytes2 = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let i = 0;
  while (i < bytes2.length) {
    const space = bytes2.indexOf(32, i);
    if (space === -1) break;
    const len = Number.parseInt(bytes2.toString("latin1", i, space), 10);
    if (!Number.isFinite(len) || len <= space - i) break;
    const record = bytes2.toString("utf8", space + 1, i + len).replace(/\n$/, "");
    const eq = record.indexOf("=");
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    i += len;
  }
  return out;
}
var EXTENSION_TYPES = /* @__PURE__ */ new Set(["x", "L", "K"]);
var UNSUPPORTED_TYPES = /* @__PURE__ */ new Set(["S", "M", "V"]);
function nameParts(name) {
  return name.split("/").filter((p) => p !== "" && p !== ".");
}
function clusterKey(name, isDirectory, depth, split = NO_SPLIT) {
  const parts = nameParts(name);
  for (let d = depth; ; d++) {
    if (isDirectory && parts.length < d) return null;
    const key = parts.slice(0, d).join("/");
    if (!split.has(key)) return key;
    if (parts.length <= d) return null;
  }
}
var NO_SPLIT = /* @__PURE__ */ new Set();
var MAX_CLUSTER_DEPTH = 8;
var CLUSTERS_ENOUGH = 2e4;
var ClusterCensus = class {
  perDepth = Array.from({ length: MAX_CLUSTER_DEPTH + 1 }, () => /* @__PURE__ */ new Map());
  entries = 0;
  bytes = 0;
  add(name, isDirectory, sizeBytes) {
    this.entries++;
    this.bytes += sizeBytes;
    for (let depth = 1; depth <= MAX_CLUSTER_DEPTH; depth++) {
      const map = this.perDepth[depth];
      if (!map) continue;
      const key = clusterKey(name, isDirectory, depth);
      if (key === null) continue;
      const t = map.get(key);
      if (t) {
        t.entries++;
        t.bytes += sizeBytes;
      } else {
        map.set(key, { entries: 1, bytes: sizeBytes });
        if (map.size === CLUSTERS_ENOUGH) this.perDepth.fill(null, depth + 1);
      }
    }
  }
};
function mostClusters(census) {
  return Math.max(0, ...census.perDepth.map((m) => m?.size ?? 0));
}
function planClusters(census, every, minSmallClusters, draw = {}) {
  const { maxEverySampleShare, skeleton } = { ...LINE_DRAW, ...draw };
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`sample step: ${every} given, a whole number of at least 1 allowed`);
  const steps = [every, every * SMALL_FACTOR];
  const smallStep = steps[1];
  for (let depth = 1; depth <= MAX_CLUSTER_DEPTH; depth++) {
    const map = census.perDepth[depth];
    if (!map || map.size < minSmallClusters * smallStep) continue;
    const { clusters, split } = splitLarge(census, depth, every);
    const everySample = takeAll(census, clusters, every, maxEverySampleShare);
    for (const key of everySample.keys()) clusters.delete(key);
    const ordered = [...clusters].map(([key, t], order) => ({ key, ...t, order })).sort((a, b) => b.bytes - a.bytes || a.order - b.order);
    const large = balancedPicks(ordered, every);
    const small = balancedPicks(large, SMALL_FACTOR);
    const kept = [large, small].map((picks) => new Set(picks.map((c) => c.key)));
    for (const set of kept) for (const key of everySample.keys()) set.add(key);
    return {
      depth,
      split,
      steps,
      kept,
      clusters: clusters.size,
      everySample: new Set(everySample.keys()),
      everySampleShare: shareOf(census, everySample),
      skeleton
    };
  }
  return null;
}
function balancedPicks(ordered, step) {
  const total = ordered.reduce((t, c) => ({ entries: t.entries + c.entries, bytes: t.bytes + c.bytes }), { entries: 0, bytes: 0 });
  const picks = [];
  const passed = { entries: 0, bytes: 0 };
  const kept = { entries: 0, bytes: 0 };
  const off = (entries, bytes2) => Math.hypot(total.entries > 0 ? (entries - passed.entries / step) / total.entries : 0, total.bytes > 0 ? (bytes2 - passed.bytes / step) / total.bytes : 0);
  for (let start = 0; start < ordered.length; start += step) {
    const run = ordered.slice(start, start + step);
    for (const c of run) {
      passed.entries += c.entries;
      passed.bytes += c.bytes;
    }
    if (run.length * 2 < step) break;
    let best = run[0];
    let bestOff = Number.POSITIVE_INFINITY;
    for (const c of run) {
      const o = off(kept.entries + c.entries, kept.bytes + c.bytes);
      if (o < bestOff) [best, bestOff] = [c, o];
    }
    picks.push(best);
    kept.entries += best.entries;
    kept.bytes += best.bytes;
  }
  return picks;
}
var MAX_CLUSTER_SHARE_OF_SAMPLE = 0.02;
function clusterLimits(census, every) {
  return { maxEntries: census.entries / every * MAX_CLUSTER_SHARE_OF_SAMPLE, maxBytes: census.bytes / every * MAX_CLUSTER_SHARE_OF_SAMPLE };
}
var MAX_EVERY_SAMPLE_SHARE = 1;
var LINE_DRAW = { maxEverySampleShare: MAX_EVERY_SAMPLE_SHARE, skeleton: "every" };
function takeAll(census, clusters, every, maxShare) {
  const { maxEntries, maxBytes } = clusterLimits(census, every);
  const over = [...clusters].filter(([, t]) => t.entries > maxEntries || t.bytes > maxBytes).sort(([, a], [, b]) => b.bytes - a.bytes);
  const out = /* @__PURE__ */ new Map();
  const taken = { entries: 0, bytes: 0 };
  for (const [key, t] of over) {
    if (taken.bytes + t.bytes > census.bytes / every * maxShare) continue;
    if (taken.entries + t.entries > census.entries / every * maxShare) continue;
    taken.bytes += t.bytes;
    taken.entries += t.entries;
    out.set(key, t);
  }
  return out;
}
function shareOf(census, clusters) {
  let entries = 0;
  let bytes2 = 0;
  for (const t of clusters.values()) {
    entries += t.entries;
    bytes2 += t.bytes;
  }
  return { entries: census.entries > 0 ? entries / census.entries : 0, bytes: census.bytes > 0 ? bytes2 / census.bytes : 0 };
}
function splitLarge(census, depth, every) {
  const clusters = new Map(census.perDepth[depth] ?? []);
  const split = /* @__PURE__ */ new Set();
  const { maxEntries, maxBytes } = clusterLimits(census, every);
  for (let d = depth; d < MAX_CLUSTER_DEPTH; d++) {
    const next = census.perDepth[d + 1];
    if (!next) break;
    const large = [...clusters].filter(([key, t]) => t.entries > 1 && nameParts(key).length === d && (t.entries > maxEntries || t.bytes > maxBytes));
    if (large.length === 0) break;
    for (const [key] of large) {
      clusters.delete(key);
      split.add(key);
      const prefix = `${key}/`;
      for (const [child, t] of next) if (child.startsWith(prefix)) clusters.set(child, t);
    }
  }
  return { clusters, split };
}
var emptyCounts = () => ({
  entries: 0,
  keptEntries: 0,
  sampledEntries: 0,
  keptSampledEntries: 0,
  bytes: 0,
  keptBytes: 0,
  sampledBytes: 0,
  keptSampledBytes: 0,
  everySampleEntries: 0,
  everySampleBytes: 0,
  directories: 0,
  droppedHardLinks: 0
});
var SampleSelector = class {
  constructor(plan) {
    this.plan = plan;
    this.steps = plan.steps;
    this.counts = plan.steps.map(emptyCounts);
    this.keptNames = plan.steps.map(() => /* @__PURE__ */ new Set());
    this.skeletons = plan.kept.map((kept) => plan.skeleton === "ancestors" ? ancestorsOf(kept) : null);
  }
  plan;
  steps;
  counts;
  keptNames;
  /** Per sample, the directories above the depth it keeps; null: every one (plan.skeleton). */
  skeletons;
  decide(member) {
    if (UNSUPPORTED_TYPES.has(member.type)) throw new SampleFormatError(`member ${member.name} has header type '${member.type}'`);
    const isDir = member.type === "5";
    const bytes2 = member.type === "0" || member.type === "\0" || member.type === "7" ? member.sizeBytes : 0;
    const key = clusterKey(member.name, isDir, this.plan.depth, this.plan.split);
    const keep = key === null ? this.skeletons.map((skeleton) => skeleton === null || skeleton.has(nameParts(member.name).join("/"))) : member.type === "1" ? this.keptNames.map((names, i) => this.plan.kept[i].has(key) && names.has(nameParts(member.linkName).join("/"))) : this.plan.kept.map((set) => set.has(key));
    const sampled = key !== null && !this.plan.everySample.has(key);
    keep.forEach((kept, i) => {
      const c = this.counts[i];
      c.entries++;
      c.bytes += bytes2;
      if (sampled) {
        c.sampledEntries++;
        c.sampledBytes += bytes2;
      } else if (key !== null) {
        c.everySampleEntries++;
        c.everySampleBytes += bytes2;
      }
      if (!kept) {
        if (member.type === "1" && this.plan.kept[i].has(key ?? "")) c.droppedHardLinks++;
        return;
      }
      c.keptEntries++;
      c.keptBytes += bytes2;
      if (isDir) c.directories++;
      if (sampled) {
        c.keptSampledEntries++;
        c.keptSampledBytes += bytes2;
      }
      if (!isDir && member.type !== "1") this.keptNames[i].add(nameParts(member.name).join("/"));
    });
    return keep;
  }
};
function ancestorsOf(clusters) {
  const out = /* @__PURE__ */ new Set();
  for (const key of clusters) {
    const parts = nameParts(key);
    for (let d = 1; d < parts.length; d++) out.add(parts.slice(0, d).join("/"));
  }
  return out;
}
function sampleShares(c) {
  return {
    entryShare: c.sampledEntries > 0 ? c.keptSampledEntries / c.sampledEntries : 1,
    byteShare: c.sampledBytes > 0 ? c.keptSampledBytes / c.sampledBytes : 1
  };
}

// src/experiment/sample-filter.ts
var TarSampleFilter = class {
  constructor(selector) {
    this.selector = selector;
  }
  selector;
  state = { kind: "header" };
  carry = Buffer.alloc(0);
  /** Extension headers (and their content) waiting for the member they describe. */
  pendingExt = [];
  override = {};
  out = [];
  get outputs() {
    return this.selector.steps.length;
  }
  /** The chunks each sample gets from this piece of the stream (index as selector.steps). */
  push(chunk) {
    this.out = Array.from({ length: this.outputs }, () => []);
    let buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let at = 0;
    while (at < buf.length && this.state.kind !== "end") {
      if (this.state.kind === "data") {
        const take = Math.min(this.state.leftBytes, buf.length - at);
        const piece = buf.subarray(at, at + take);
        this.emit(this.state.to, piece);
        this.state.capture?.push(Buffer.from(piece));
        this.state.leftBytes -= take;
        at += take;
        if (this.state.leftBytes === 0) {
          const done = this.state;
          this.state = { kind: "header" };
          if (done.capture && done.onCaptured) done.onCaptured(Buffer.concat(done.capture));
        }
        continue;
      }
      if (buf.length - at < BLOCK_BYTES) break;
      const block = buf.subarray(at, at + BLOCK_BYTES);
      at += BLOCK_BYTES;
      this.header(block);
    }
    this.carry = this.state.kind === "end" ? Buffer.alloc(0) : Buffer.from(buf.subarray(at));
    buf = Buffer.alloc(0);
    return this.out;
  }
  /** The end of the stream: each sample's end-of-archive blocks; an archive cut short is an error. */
  end() {
    if (this.state.kind === "data" || this.carry.length > 0 || this.pendingExt.length > 0) throw new SampleFormatError("the archive ends inside a member");
    return Array.from({ length: this.outputs }, () => [Buffer.alloc(2 * BLOCK_BYTES)]);
  }
  emit(to, piece) {
    to.forEach((keep, i) => {
      if (keep) this.out[i].push(piece);
    });
  }
  header(block) {
    if (isZeroBlock(block)) {
      if (this.pendingExt.length > 0) throw new SampleFormatError("the archive ends after an extension header");
      this.state = { kind: "end" };
      return;
    }
    const h = parseHeader(block);
    const all = Array.from({ length: this.outputs }, () => true);
    const contentBytes = dataBlocks(h.sizeBytes) * BLOCK_BYTES;
    if (h.type === "g") {
      this.emit(all, Buffer.from(block));
      this.toData(contentBytes, all, null);
      return;
    }
    if (EXTENSION_TYPES.has(h.type)) {
      this.pendingExt.push(Buffer.from(block));
      const none = all.map(() => false);
      this.toData(contentBytes, none, (data) => {
        this.pendingExt.push(data);
        this.readExtension(h, data.subarray(0, h.sizeBytes));
      });
      return;
    }
    const member = { ...h, name: this.override.name ?? h.name, linkName: this.override.linkName ?? h.linkName };
    const keep = this.selector.decide(member);
    for (const ext of this.pendingExt) this.emit(keep, ext);
    this.pendingExt = [];
    this.override = {};
    this.emit(keep, Buffer.from(block));
    this.toData(member.type === "5" || member.type === "1" || member.type === "2" ? 0 : contentBytes, keep, null);
  }
  toData(bytes2, to, onCaptured) {
    if (bytes2 === 0) {
      onCaptured?.(Buffer.alloc(0));
      return;
    }
    this.state = onCaptured ? { kind: "data", leftBytes: bytes2, to, capture: [], onCaptured } : { kind: "data", leftBytes: bytes2, to, capture: null };
  }
  readExtension(h, data) {
    if (h.type === "L") this.override.name = data.toString("utf8").replace(/\0.*$/s, "");
    else if (h.type === "K") this.override.linkName = data.toString("utf8").replace(/\0.*$/s, "");
    else {
      const records = paxRecords(data);
      const p = records.get("path");
      const l = records.get("linkpath");
      if (p !== void 0) this.override.name = p;
      if (l !== void 0) this.override.linkName = l;
    }
  }
};

// src/experiment/sample-archive.ts
function decompressToStdout(archivePath, compressionMethod) {
  if (compressionMethod === "zstd") return { program: "unzstd", args: ["--long=30", "-c", archivePath] };
  if (compressionMethod === "zstd-without-long") return { program: "unzstd", args: ["-c", archivePath] };
  if (compressionMethod === "gzip") return { program: "gzip", args: ["-dc", archivePath] };
  throw new RangeError(`compression method: ${JSON.stringify(compressionMethod)} given, zstd, zstd-without-long or gzip allowed`);
}
function compressFromStdin(compressionMethod) {
  if (compressionMethod === "zstd") return { program: "zstdmt", args: ["--long=30", "-q", "-c"] };
  if (compressionMethod === "zstd-without-long") return { program: "zstdmt", args: ["-q", "-c"] };
  if (compressionMethod === "gzip") return { program: "gzip", args: ["-c"] };
  throw new RangeError(`compression method: ${JSON.stringify(compressionMethod)} given, zstd, zstd-without-long or gzip allowed`);
}
function exited(child, what) {
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (c) => {
    stderr = (stderr + c).slice(-2e3);
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once(
      "close",
      (code, signal) => code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().split("\n").slice(-2).join(" | ")}` : ""}`))
    );
  });
}
async function buildSampleArchives(p) {
  const started = monotonicMs();
  const selector = new SampleSelector(p.plan);
  const filter = new TarSampleFilter(selector);
  const dec = decompressToStdout(p.archivePath, p.compressionMethod);
  const reader = spawn2(dec.program, dec.args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  p.registry.add(reader);
  const comp = compressFromStdin(p.compressionMethod);
  const fds = p.outPaths.map((out) => openSync2(out, "wx", 384));
  const writers = fds.map((fd) => {
    const w = spawn2(comp.program, comp.args, { stdio: ["pipe", fd, "pipe"], detached: true });
    p.registry.add(w);
    return w;
  });
  const done = [exited(reader, dec.program), ...writers.map((w) => exited(w, comp.program))];
  const write = (pieces) => {
    let full = false;
    pieces.forEach((list, i) => {
      const stdin = writers[i]?.stdin;
      for (const piece of list) if (stdin && !stdin.write(piece)) full = true;
    });
    return full;
  };
  let failure = null;
  const fail = (error) => {
    failure ??= error;
    p.registry.killAll();
  };
  try {
    await new Promise((resolve, reject) => {
      reader.stdout?.on("data", (chunk) => {
        try {
          if (write(filter.push(chunk))) {
            reader.stdout?.pause();
            let waiting = writers.filter((w) => w.stdin?.writableNeedDrain).length;
            for (const w of writers)
              if (w.stdin?.writableNeedDrain)
                w.stdin.once("drain", () => {
                  if (--waiting === 0) reader.stdout?.resume();
                });
          }
        } catch (error) {
          reject(error);
        }
      });
      reader.stdout?.once("end", () => {
        try {
          write(filter.end());
          for (const w of writers) w.stdin?.end();
          resolve();
        } catch (error) {
          reject(error);
        }
      });
      for (const w of writers) w.stdin?.on("error", reject);
    }).catch(fail);
    await Promise.all(done).catch(fail);
  } finally {
    for (const fd of fds) closeSync2(fd);
  }
  if (failure) throw failure;
  return { paths: [...p.outPaths], counts: selector.counts, steps: selector.steps, durationMs: monotonicMs() - started };
}

// src/experiment/sample-tree.ts
import { spawn as spawn3 } from "node:child_process";
import { closeSync as closeSync3, lstatSync, openSync as openSync3, readdirSync, readlinkSync, writeSync } from "node:fs";
import path3 from "node:path";
var TreeMismatch = class extends Error {
  constructor(detail) {
    super(`the restored tree does not stand for the archive: ${detail}`);
    this.name = "TreeMismatch";
  }
};
function typeFlag(stat) {
  if (stat.isDirectory()) return "5";
  if (stat.isFile()) return "0";
  if (stat.isSymbolicLink()) return "2";
  if (stat.isFIFO()) return "6";
  return null;
}
function walkMembers(workspace, roots, visit) {
  const firstNameOfInode = /* @__PURE__ */ new Map();
  const visitPath = (full, stat) => {
    const name = path3.relative(workspace, full) || ".";
    const type = typeFlag(stat);
    if (type === null) throw new TreeMismatch(`${name} is neither a file, a directory, a symbolic link nor a FIFO`);
    if (type === "0" && stat.nlink > 1) {
      const inode = `${stat.dev}:${stat.ino}`;
      const first = firstNameOfInode.get(inode);
      if (first !== void 0) return visit({ name, linkName: first, type: "1", sizeBytes: 0 });
      firstNameOfInode.set(inode, name);
    }
    visit({ name, linkName: type === "2" ? readlinkSync(full) : "", type, sizeBytes: type === "0" ? stat.size : 0 });
    if (type !== "5") return;
    for (const entry of readdirSync(full)) {
      const child = path3.join(full, entry);
      visitPath(child, lstatSync(child));
    }
  };
  for (const root of new Set(roots)) {
    let stat;
    try {
      stat = lstatSync(root);
    } catch {
      continue;
    }
    visitPath(root, stat);
  }
}
function censusFromTree(workspace, roots, reported) {
  if (!reported) throw new TreeMismatch("tar's report of the restore was not read, so nothing says what the archive held");
  const started = monotonicMs();
  const listing = emptyListing();
  const census = new ClusterCensus();
  let files = 0;
  walkMembers(workspace, roots, (m) => {
    listing.entries++;
    listing.extractedBytes += m.sizeBytes;
    listing.climbLevels = Math.max(listing.climbLevels, climbOf(m.name));
    if (m.type === "0") files++;
    census.add(m.name, m.type === "5", m.sizeBytes);
  });
  if (files !== reported.files || listing.extractedBytes !== reported.extractedBytes)
    throw new TreeMismatch(
      `it holds ${files} files of ${listing.extractedBytes} bytes where tar extracted ${reported.files} of ${reported.extractedBytes} (files there before the restore, or changed since)`
    );
  return { listing, census, walkMs: monotonicMs() - started };
}
function treeTarArgs(workspace, listPath) {
  return ["--posix", "-cf", "-", "-P", "-C", workspace, "--no-recursion", "--null", "--verbatim-files-from", "--files-from", listPath];
}
var NameList = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  pending = [];
  pendingBytes = 0;
  add(name) {
    this.pending.push(name, "\0");
    this.pendingBytes += name.length + 1;
    if (this.pendingBytes > 1 << 20) this.flush();
  }
  flush() {
    if (this.pending.length > 0) writeSync(this.fd, this.pending.join(""));
    this.pending = [];
    this.pendingBytes = 0;
  }
};
async function buildSamplesFromTree(p) {
  const started = monotonicMs();
  const selector = new SampleSelector(p.plan);
  const listPaths = p.outPaths.map((_, i) => path3.join(p.listDir, `sample-${i}.names`));
  const listFds = listPaths.map((file) => openSync3(file, "wx", 384));
  try {
    const lists = listFds.map((fd) => new NameList(fd));
    walkMembers(p.workspace, p.roots, (m) => {
      selector.decide(m).forEach((keep, i) => {
        if (keep) lists[i]?.add(m.name);
      });
    });
    for (const list of lists) list.flush();
  } finally {
    for (const fd of listFds) closeSync3(fd);
  }
  const comp = compressFromStdin(p.compressionMethod);
  const outFds = p.outPaths.map((out) => openSync3(out, "wx", 384));
  try {
    const done = p.outPaths.map((_, i) => {
      const tar = spawn3(p.tarPath, treeTarArgs(p.workspace, listPaths[i]), { stdio: ["ignore", "pipe", "pipe"], detached: true });
      p.registry.add(tar);
      const writer = spawn3(comp.program, comp.args, { stdio: [tar.stdout, outFds[i], "pipe"], detached: true });
      p.registry.add(writer);
      tar.stdout?.destroy();
      return Promise.all([exited(tar, "tar -c"), exited(writer, comp.program)]);
    });
    await Promise.all(done).catch((error) => {
      p.registry.killAll();
      throw error;
    });
  } finally {
    for (const fd of outFds) closeSync3(fd);
  }
  return { paths: [...p.outPaths], counts: selector.counts, steps: selector.steps, durationMs: monotonicMs() - started };
}

// src/experiment/sample-readings.ts
var MIN_SMALL_SAMPLE_CLUSTERS = 20;
var allLive = (targets) => ({ live: [...targets], retired: [] });
var SAMPLE_READING_PLANS = {
  line: {
    minSmallClusters: MIN_SMALL_SAMPLE_CLUSTERS,
    // The line holds the stratum and the skeleton in its fixed part: they cost both samples the same.
    draw: LINE_DRAW,
    // One run each on both samples is the least that draws a line (runTargets adds rounds up to
    // RUNS_WANTED on the large one where time is left).
    runsPlanned: (targets) => ({ large: targets, small: targets }),
    // The small sample first, once per target: it is cheap, and without it no line can be drawn through the large one.
    order: [
      { size: "small", rounds: 1 },
      { size: "large", rounds: RUNS_WANTED }
    ],
    live: allLive,
    lead: () => null,
    capMs: () => null,
    outcomes: (runsOf, sizes, apply, restoreMs) => sampledOutcomes({ small: { size: sizes.small, runs: runsOf.small }, large: { size: sizes.large, runs: runsOf.large } }, apply, restoreMs),
    words: {
      planned: "on two samples",
      steps: (every) => `${every} and in ${every * SMALL_FACTOR}`,
      smallest: "smaller sample",
      ranOn: "both samples",
      made: ""
    }
  },
  pairs: {
    // Only the large sample runs: it holds what the line's small sample would.
    minSmallClusters: Math.ceil(MIN_SMALL_SAMPLE_CLUSTERS / SMALL_FACTOR),
    // None: a ratio read on the sample is the whole's only where the sample is a proportional part of it, and a
    // stratum taken whole weighs 1/share times more in the sample than in the restore. On the lab's CPU-bound
    // restore it held two of typescript's 6-9 MB libraries, 9.3 MiB, as many bytes as the 1.4 % sampled (half the
    // sample, where files of 4 MB or more are 18 % of the restore's bytes), and the sample read ram's saving at 43 %
    // where full runs measured 33-35 % (the bench at 7eb1e16; BENCHMARKS.md). Without it a file too large for the
    // sample's balance is left out of it, so the sample reads the rest of the restore (the next step: such files as a
    // stratum of their own, weighted by their share of the whole). The skeleton: only the ancestors of what is
    // kept, for the same reason (sample-select.ts SKELETONS).
    draw: { maxEverySampleShare: 0, skeleton: "ancestors" },
    runsPlanned: (targets) => ({ large: Math.min(targets, PAIRED_ROUND_BASELINES) * PAIRED_ROUNDS, small: 0 }),
    order: [{ size: "large", rounds: PAIRED_ROUNDS_MAX }],
    live: pairedLive,
    lead: pairedLead,
    capMs: pairedCapMs,
    // sampleReading chose pairs only where the restore's time is known.
    outcomes: (runsOf, _sizes, apply, restoreMs) => restoreMs !== null && restoreMs > 0 ? pairedOutcomes(runsOf.large, apply, restoreMs) : [],
    words: {
      planned: `in ${PAIRED_ROUNDS} rounds on one sample`,
      steps: (every) => `${every}`,
      smallest: "sample",
      ranOn: "the sample",
      made: "; the CPU held the restore, so the large one runs in rounds of every alternative beside the baseline (decompress, a floor, in the first only), each read as its time over the baseline's in the same round, times the restore's own"
    }
  }
};

// src/experiment/refetch.ts
import { statSync } from "node:fs";
async function refetchArchive(downloadUrl, archivePath, serviceVersion) {
  const started = monotonicMs();
  await downloadCache(downloadUrl, archivePath, serviceVersion === "v2" ? { useAzureSdk: true } : void 0);
  return { durationMs: monotonicMs() - started, bytes: statSync(archivePath).size };
}

// src/experiment/parallel-refetch.ts
import { EventEmitter } from "node:events";
var PARALLEL_REFETCH_FACTOR = 2;
var MIN_REFETCH_MS = 1e3;
async function withRoomForListeners(requests, call) {
  const before = EventEmitter.defaultMaxListeners;
  EventEmitter.defaultMaxListeners = before + requests;
  try {
    return await call();
  } finally {
    EventEmitter.defaultMaxListeners = before;
  }
}
async function refetchInParallel(o) {
  const limits = downloadLimits(o.downloadUrl, o.serviceVersion === "v2");
  if (limits.path !== "azure-sdk") return { skipped: `the ${limits.path} download takes no number of parallel requests` };
  if (o.baselineDurationMs < MIN_REFETCH_MS) return { skipped: `the archive downloads in under ${MIN_REFETCH_MS / 1e3} s` };
  if (o.remainingMs < 1.5 * o.baselineDurationMs) return { skipped: "not enough of the experiments budget left" };
  const concurrency = limits.concurrency * PARALLEL_REFETCH_FACTOR;
  const started = monotonicMs();
  await withRoomForListeners(concurrency, () => downloadCache(o.downloadUrl, o.archivePath, { useAzureSdk: true, downloadConcurrency: concurrency }));
  return { ran: { concurrency, baselineConcurrency: limits.concurrency, durationMs: monotonicMs() - started, baselineDurationMs: o.baselineDurationMs } };
}

// src/experiment/run-experiments.ts
function sampleBuildCost(source) {
  return source.from === "archive" ? { fixedMs: source.listingMs * (1 + SAMPLE_BUILD_EXTRA_SHARE), runsPerSample: 0 } : { fixedMs: source.walkMs, runsPerSample: 1 };
}
var SAMPLE_FETCH_SHARE = 0.5;
var SAMPLE_BUILD_EXTRA_SHARE = 0.5;
var STEP_ROUNDS = 4;
var ARCHIVE_RAM_SHARE = 0.25;
var emptyBest = { alternative: "none", mountPoint: null, savingMs: null };
function isInside(child, parent) {
  const rel = path4.relative(parent, child);
  return rel === "" || !rel.startsWith("..") && !path4.isAbsolute(rel);
}
function which(program) {
  return execFileSync("sh", ["-c", 'command -v "$1"', "sh", program], { encoding: "utf8" }).trim();
}
async function runExperiments(request, hooks) {
  const started = monotonicMs();
  const result = await experimentsAndCleanup(request, hooks);
  result.wallMs = monotonicMs() - started;
  return result;
}
function openStage(request, hooks) {
  const started = monotonicMs();
  const elapsed = () => monotonicMs() - started;
  const privileges = request.privileges ?? detectPrivileges();
  const registry = new ChildRegistry();
  const cleanup = new CleanupStack(hooks.log);
  const dirs = [];
  cleanup.push("remove the experiment directories", () => {
    for (const dir of [...dirs].reverse()) {
      const r = removeOwnedDir(dir, privileges);
      if (!r.removed && r.reason !== "does not exist") hooks.warn(`Experiments: ${leftInPlace(dir, String(r.reason))}`);
    }
  });
  cleanup.push("stop tar and zstd", () => registry.killAll());
  const own = (parent) => createOwnedDir(parent, privileges, (dir) => {
    dirs.push(dir);
    hooks.onDirectory?.(dir);
  });
  const result = (status, reason, extra = {}) => ({
    status,
    ...reason ? { reason } : {},
    budgetMs: request.budgetMs,
    wallMs: elapsed(),
    refetch: null,
    outcomes: [],
    runs: [],
    skipped: [],
    fixBest: emptyBest,
    ...extra
  });
  return { request, hooks, privileges, registry, cleanup, elapsed, own, result };
}
async function experimentsAndCleanup(request, hooks) {
  const stage = openStage(request, hooks);
  const precheck = planExperiments(
    [{ alternative: "baseline", mountPoint: null }, ...request.experiments.map((alternative) => ({ alternative, mountPoint: null }))],
    request.measured,
    request.budgetMs
  );
  const sampledBecause = precheck.runs.length === 0 ? precheck.skipped[0]?.detail ?? "nothing fits the budget" : null;
  if (sampledBecause && !(request.measured.downloadMs <= request.budgetMs * SAMPLE_FETCH_SHARE)) {
    stage.cleanup.dispose();
    return stage.result("skipped", sampledBecause, { skipped: precheck.skipped });
  }
  try {
    return await fetchAndRun(stage, sampledBecause);
  } catch (error) {
    return stage.result("failed", errorMessage(error));
  } finally {
    await stage.cleanup.runAll().catch((error) => hooks.warn(`Experiments: ${errorMessage(error)}`));
  }
}
function ramPlaces(stage, session, memAvailableBytes2) {
  let tmpfs = null;
  let refused = false;
  let shmDir = null;
  const ownTmpfs = () => {
    if (tmpfs || refused || stage.privileges.mount.via === "none") return tmpfs;
    const dir = path4.join(session, "tmpfs");
    mkdirSync3(dir);
    const size = Math.floor((memAvailableBytes2 ?? 1024 ** 3) * RAM_SHARE / 4096) * 4096;
    const { uid, gid } = processIds();
    try {
      runPrivileged(stage.privileges.mount, "mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700,uid=${uid},gid=${gid}`, "disk-profiler-exp", dir]);
      tmpfs = dir;
    } catch (error) {
      refused = true;
      stage.hooks.log(`Experiments: could not mount a tmpfs (${errorMessage(error)}); using /dev/shm.`);
    }
    return tmpfs;
  };
  const shm = () => shmDir ??= stage.own("/dev/shm");
  return { ownTmpfs, shm, any: () => ownTmpfs() ?? shm() };
}
function placeArchive(stage, session, ram, memAvailableBytes2) {
  const { request } = stage;
  const fitsRam = memAvailableBytes2 !== null && request.archiveBytes <= memAvailableBytes2 * ARCHIVE_RAM_SHARE;
  let placed;
  if (fitsRam && (ram.ownTmpfs() || (freeBytes("/dev/shm") ?? 0) > request.archiveBytes * 2)) {
    placed = { archiveDir: path4.join(ram.any(), "archive"), inRam: true };
  } else {
    placed = { archiveDir: path4.join(session, "archive"), inRam: false };
    const free = freeBytes(session);
    if (free !== null && free < request.archiveBytes * 1.1)
      return {
        skip: `no room for the archive (${bytes(request.archiveBytes)}): it does not fit in ${Math.round(ARCHIVE_RAM_SHARE * 100)}% of the available memory, and ${request.runnerTemp} has ${bytes(free)} free`
      };
  }
  if (request.restorePaths.some((p) => isInside(placed.archiveDir, p)))
    return { skip: `the archive's place (${placed.archiveDir}) is inside a restore path; the experiments never write there` };
  return placed;
}
async function fetchAgain(stage, archivePath, archiveDir, inRam, ram) {
  const got = await refetchArchive(stage.request.downloadUrl, archivePath, stage.request.serviceVersion);
  const tmpfs = inRam ? ram.ownTmpfs() : null;
  const where = !inRam ? archiveDir : tmpfs && archiveDir.startsWith(tmpfs) ? "RAM (a tmpfs of its own)" : "RAM (/dev/shm)";
  stage.hooks.log(`Experiments: fetched the archive again (${bytes(got.bytes)}) in ${(got.durationMs / 1e3).toFixed(2)} s, into ${where}.`);
  return { durationMs: got.durationMs, bytes: got.bytes, where, inRam };
}
async function fetchAndRun(stage, sampledBecause) {
  const { request } = stage;
  const session = stage.own(request.runnerTemp);
  const memAvailableBytes2 = availableMemory().bytes;
  const ram = ramPlaces(stage, session, memAvailableBytes2);
  const placed = placeArchive(stage, session, ram, memAvailableBytes2);
  if ("skip" in placed) return stage.result("skipped", placed.skip);
  mkdirSync3(placed.archiveDir);
  const archivePath = path4.join(placed.archiveDir, cacheUtils_exports.getCacheFileName(request.compressionMethod));
  let refetch;
  try {
    refetch = await fetchAgain(stage, archivePath, placed.archiveDir, placed.inRam, ram);
  } catch (error) {
    return stage.result("failed", `fetching the archive again failed: ${errorMessage(error)}`);
  }
  const tarPath = which("tar");
  const onSamples = (why, listing2, census2, source) => runOnSamples(stage, { why, session, ram, placed, tarPath, archivePath, listing: listing2, census: census2, source, refetch });
  const tree = sampledBecause && samplesFromTree(request.restoreBottleneck ?? null) ? treeCensus(stage) : null;
  if (sampledBecause && tree) return onSamples(sampledBecause, tree.listing, tree.census, { from: "restored-tree", walkMs: tree.walkMs });
  const listing = emptyListing();
  const census = sampledBecause ? new ClusterCensus() : null;
  const listingStarted = monotonicMs();
  try {
    await runLines(listCommand(tarPath, archivePath, request.compressionMethod), stage.registry, (line) => {
      addListingLine(listing, line);
      const member = census ? parseVerboseLine(line) : null;
      if (member) census?.add(member.name, member.type === "d", member.sizeBytes);
    });
  } catch (error) {
    return stage.result("failed", `listing the archive failed: ${errorMessage(error)}`, { refetch });
  }
  if (listing.absolute.length > 0)
    return stage.result("skipped", `the archive holds absolute paths (${listing.absolute.join(", ")}); extracted elsewhere they would still land there`, {
      refetch
    });
  const listingMs = monotonicMs() - listingStarted;
  if (sampledBecause && census) return onSamples(sampledBecause, listing, census, { from: "archive", listingMs });
  const facts = readMachineFacts({
    privileges: stage.privileges,
    restorePath: request.restorePath,
    extractedBytes: listing.extractedBytes,
    archiveInRamBytes: placed.inRam ? refetch.bytes : 0,
    ...request.extraOtherDisks ? { extraOtherDisks: request.extraOtherDisks } : {}
  });
  const avail = availability(request.experiments, facts, request.patternPaths);
  const context = runContext(stage, { session, ram, avail, tarPath, archivePath, listing });
  const runs = await runTargets(stage, context, avail.targets, request.measured, request.fullRunRounds ?? RUNS_WANTED);
  const skipped = [...avail.skipped, ...skipsAfterRuns(stage, avail.targets, runs, context.cleanupsMs)];
  if (!stage.hooks.signal?.aborted) refetch = await withParallelRefetch(stage, refetch, archivePath, context.cleanupsMs);
  const all = outcomes(runs, { paths: request.pathsAsGiven, extractedBytes: listing.extractedBytes, dirtyBudget: facts.dirtyBudget, ramVia: avail.ramVia });
  const ran = runs.some((r) => !r.error);
  return stage.result(ran ? "ran" : runs.length === 0 ? "skipped" : "failed", ran ? void 0 : skipped[0]?.detail ?? runs[0]?.error ?? "nothing could run", {
    refetch,
    outcomes: all,
    runs,
    skipped,
    fixBest: fixBest(all)
  });
}
var SAMPLES_FROM_TREE_FOR = ["cpu"];
function samplesFromTree(restoreBottleneck) {
  return restoreBottleneck !== null && SAMPLES_FROM_TREE_FOR.includes(restoreBottleneck);
}
function treeCensus(stage) {
  const { request } = stage;
  try {
    return censusFromTree(request.workspace, request.restorePaths, request.reportedExtraction ?? null);
  } catch (error) {
    const why = error instanceof TreeMismatch ? error.message : `the restored tree could not be read: ${errorMessage(error)}`;
    stage.hooks.log(`Experiments: the samples are made from the archive (${why}).`);
    return null;
  }
}
async function runOnSamples(stage, s) {
  const { request } = stage;
  const build = sampleBuildCost(s.source);
  const reading = sampleReading(request.restoreBottleneck ?? null, request.restoreUntilOnDiskMs ?? null);
  const read = SAMPLE_READING_PLANS[reading];
  const targetsPerRound = 1 + request.experiments.length;
  const { minSmallClusters } = read;
  const planned = read.runsPlanned(targetsPerRound);
  const availableMs = request.budgetMs - stage.elapsed() - build.fixedMs - cleanupReserveMs(request.budgetMs, []);
  const stepFor = (fixedShare) => sampleStep({
    fullRunMs: estimateRunMs("baseline", request.measured),
    runsOnLarge: planned.large + build.runsPerSample,
    runsOnSmall: planned.small + build.runsPerSample,
    // Whole subtrees are sampled, so the directories scale with the sample; what every run pays whatever its
    // size is the take-all stratum (sample-select.ts), known once a plan is made.
    directoryShare: fixedShare,
    sampledEntries: s.listing.entries,
    availableMs,
    smallFactor: SMALL_FACTOR,
    minSmallEntries: minSmallClusters
  });
  let every = stepFor(0);
  const planOf = (step, maxEverySampleShare = read.draw.maxEverySampleShare) => planClusters(s.census, step, minSmallClusters, { ...read.draw, maxEverySampleShare });
  let plan = every === null ? null : planOf(every);
  for (let round = 0; plan !== null && every !== null && round < STEP_ROUNDS; round++) {
    const needed = stepFor(Math.max(plan.everySampleShare.entries, plan.everySampleShare.bytes));
    if (needed !== null && needed <= every) break;
    if (needed === null || round === STEP_ROUNDS - 1) {
      plan = planOf(every, 0);
      break;
    }
    every = needed;
    plan = planOf(every);
  }
  if (plan === null)
    return stage.result(
      "skipped",
      `${s.why}; nor do samples of it: ${seconds(Math.max(0, availableMs))} of the budget would be left for ${targetsPerRound} alternatives ${read.words.planned}${every === null ? "" : ` of one subtree in ${read.words.steps(every)}, and the archive has ${mostClusters(s.census)} subtrees at most at any depth (${minSmallClusters * every * SMALL_FACTOR} needed for ${MIN_SMALL_SAMPLE_CLUSTERS} in the ${read.words.smallest})`}`,
      { refetch: s.refetch }
    );
  const ext = path4.extname(s.archivePath);
  const outPaths = [path4.join(s.placed.archiveDir, `sample-large${ext}`), path4.join(s.placed.archiveDir, `sample-small${ext}`)];
  let built;
  let madeFrom = s.source.from;
  const fromArchive = () => buildSampleArchives({ archivePath: s.archivePath, compressionMethod: request.compressionMethod, plan, outPaths, registry: stage.registry });
  try {
    if (s.source.from === "restored-tree") {
      const tree = { workspace: request.workspace, roots: request.restorePaths, listDir: s.session, tarPath: s.tarPath };
      built = await buildSamplesFromTree({ ...tree, compressionMethod: request.compressionMethod, plan, outPaths, registry: stage.registry }).catch(
        async (error) => {
          stage.hooks.log(`Experiments: making the samples from the restored tree failed (${errorMessage(error)}); made from the archive instead.`);
          for (const out of outPaths) rmSync(out, { force: true });
          madeFrom = "archive";
          return fromArchive();
        }
      );
    } else built = await fromArchive();
  } catch (error) {
    return stage.result("failed", `making samples of the archive failed: ${errorMessage(error)}`, { refetch: s.refetch });
  }
  const sizes = SAMPLE_SIZE_NAMES.map((name, i) => {
    const c = built.counts[i];
    const shares = sampleShares(c);
    const size = {
      name,
      every: built.steps[i],
      entries: c.entries,
      keptEntries: c.keptEntries,
      entryShare: shares.entryShare,
      bytes: c.bytes,
      keptBytes: c.keptBytes,
      byteShare: shares.byteShare,
      everySampleEntries: c.everySampleEntries,
      everySampleBytes: c.everySampleBytes,
      directories: c.directories,
      droppedHardLinks: c.droppedHardLinks,
      archiveBytes: statSync2(outPaths[i]).size
    };
    return size;
  });
  stage.hooks.log(
    `Experiments: full runs do not fit the budget; made samples ${madeFrom === "restored-tree" ? "from the restored tree" : "of the archive"} in ${seconds(built.durationMs)}, whole subtrees at depth ${plan.depth} of ${plan.clusters}: ${sizes.map((z) => `${z.name} ${(z.entryShare * 100).toFixed(1)}% of the entries (${(z.byteShare * 100).toFixed(1)}% of bytes)`).join(", ")}${read.words.made}.`
  );
  const [large, small] = sizes;
  const sizeOf = { large, small };
  const facts = readMachineFacts({
    privileges: stage.privileges,
    restorePath: request.restorePath,
    extractedBytes: s.listing.extractedBytes,
    runBytes: large.keptBytes,
    archiveInRamBytes: s.placed.inRam ? s.refetch.bytes + large.archiveBytes + small.archiveBytes : 0,
    ...request.extraOtherDisks ? { extraOtherDisks: request.extraOtherDisks } : {}
  });
  const avail = availability(request.experiments, facts, request.patternPaths);
  const cleanupsMs = [];
  await syncFs(request.restorePath, stage.registry).catch(() => void 0);
  const runsOf = { large: [], small: [] };
  const skipped = [...avail.skipped];
  for (const { size: name, rounds } of read.order) {
    if (stage.hooks.signal?.aborted) break;
    const size = sizeOf[name];
    const listing = { ...s.listing, entries: size.keptEntries, extractedBytes: size.keptBytes };
    const context = {
      ...runContext(stage, { session: s.session, ram: s.ram, avail, tarPath: s.tarPath, archivePath: outPaths[size === large ? 0 : 1], listing }),
      cleanupsMs
    };
    const measured = sampleEstimates(request.measured, (size.entryShare + size.byteShare) / 2);
    const prior = size === large ? runsOf.small : [];
    const runs2 = await runTargets(stage, context, avail.targets, measured, rounds, prior, {
      live: liveTargets(stage, read, avail.targets),
      capMs: read.capMs,
      lead: read.lead
    });
    runsOf[size.name] = runs2.map((r) => ({ ...r, sample: size.name }));
    if (size === large) skipped.push(...skipsAfterRuns(stage, avail.targets, runs2, cleanupsMs, measured, prior));
  }
  const apply = { paths: request.pathsAsGiven, extractedBytes: s.listing.extractedBytes, dirtyBudget: facts.dirtyBudget, ramVia: avail.ramVia };
  const all = read.outcomes(runsOf, sizeOf, apply, request.restoreUntilOnDiskMs ?? null);
  const runs = [...runsOf.small, ...runsOf.large];
  const sample = { why: s.why, buildMs: built.durationMs, madeFrom, reading, sizes };
  const base = all.find((o) => o.alternative === "baseline")?.sampled;
  if (base?.smallSampleTimeMs && base.smallSampleTimeMs.median >= base.largeSampleTimeMs.median)
    return stage.result(
      "failed",
      `the baseline took ${seconds(base.smallSampleTimeMs.median)} on the small sample and ${seconds(base.largeSampleTimeMs.median)} on the large one: its time did not grow with the sample, so nothing is extrapolated`,
      { refetch: s.refetch, runs, skipped, sample }
    );
  const ran = all.some((o) => o.alternative === "baseline");
  return stage.result(
    ran ? "ran" : runs.length === 0 ? "skipped" : "failed",
    ran ? void 0 : skipped[0]?.detail ?? runs.find((r) => r.error)?.error ?? `nothing could run on ${read.words.ranOn}`,
    {
      refetch: s.refetch,
      outcomes: all,
      runs,
      skipped,
      fixBest: fixBest(all),
      sample
    }
  );
}
var targetWords = (t) => `${t.alternative}${t.mountPoint ? ` on ${t.mountPoint}` : ""}`;
function liveTargets(stage, read, targets) {
  const said = /* @__PURE__ */ new Set();
  return (runs) => {
    const { live, retired } = read.live(targets, runs);
    for (const r of retired.filter((x) => !said.has(x.target))) {
      said.add(r.target);
      stage.hooks.log(
        `Experiments: ${targetWords(r.target)} took ${seconds(r.ms)} in round ${r.round}, the baseline ${seconds(r.baselineMs)}: no fix, so it runs no more rounds.`
      );
    }
    return live;
  };
}
function sampleEstimates(m, share) {
  return { downloadMs: 0, extractMs: m.extractMs * share, writebackMs: m.writebackMs * share };
}
function runContext(stage, s) {
  const { request, hooks } = stage;
  const baselineParent = sameFileSystemParent(request.restorePath);
  const dirOf = /* @__PURE__ */ new Map();
  const once = (key, make) => {
    const known = dirOf.get(key);
    if (known) return known;
    const dir = make();
    dirOf.set(key, dir);
    return dir;
  };
  const targetDir = (t) => runSetupOf(t.alternative).place(s.avail.ramVia) === "restore-fs" ? once("base", () => stage.own(baselineParent)) : once(`shm:${t.alternative}`, s.ram.shm);
  const mounted = mountedPaths(request.pathsAsGiven).map((given) => path4.relative(request.workspace, expandPath(given, request.workspace)));
  return {
    budgetMs: request.budgetMs,
    elapsed: stage.elapsed,
    registry: stage.registry,
    privileges: stage.privileges,
    tarPath: s.tarPath,
    archivePath: s.archivePath,
    compressionMethod: request.compressionMethod,
    listing: s.listing,
    mounted,
    ramVia: s.avail.ramVia,
    targetDir,
    bindRootOf: (mountPoint) => once(`bind:${mountPoint}`, () => stage.own(mountPoint)),
    cleanupsMs: [],
    log: hooks.log,
    warn: hooks.warn,
    ...hooks.onDirtySettings ? { onDirtySettings: hooks.onDirtySettings } : {},
    ...hooks.whoSetDirty ? { whoSetDirty: hooks.whoSetDirty } : {},
    ...request.duringRun ? { duringRun: request.duringRun } : {}
  };
}
async function runTargets(stage, context, targets, measured = stage.request.measured, runsWanted = RUNS_WANTED, prior = [], pace = {}) {
  const live = pace.live ?? (() => targets);
  const { request, hooks } = stage;
  const runs = [];
  const spentMs = () => stage.elapsed() + cleanupReserveMs(request.budgetMs, context.cleanupsMs);
  const next = () => nextRun(live(runs), runs, measured, spentMs(), request.budgetMs, runsWanted, prior, pace.lead?.(targets, runs) ?? null);
  for (let t = next(), n = 1; t && !hooks.signal?.aborted; n++) {
    let record;
    try {
      record = await oneRun(context, t, n, pace.capMs?.(t, runs) ?? null);
    } catch (error) {
      record = { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: 0, syncMs: 0, untilOnDiskMs: 0, error: errorMessage(error) };
      if (error instanceof RunStopped) record.stoppedAfterMs = error.afterMs;
      if (error instanceof RunCapped) hooks.log(`Experiments: ${targetWords(t)} ${record.error}.`);
      else hooks.warn(`Experiment ${targetWords(t)} failed: ${record.error}`);
    }
    runs.push(record);
    if (t.alternative === "baseline" && record.error && !runs.some((r) => r.alternative === "baseline" && !r.error)) break;
    t = next();
  }
  return runs;
}
function skipsAfterRuns(stage, targets, runs, cleanupsMs, measured = stage.request.measured, prior = []) {
  const { request } = stage;
  const baselineError = runs.some((r) => r.alternative === "baseline" && !r.error) ? null : runs.find((r) => r.alternative === "baseline")?.error;
  if (!baselineError) return budgetSkips(targets, runs, measured, stage.elapsed() + cleanupReserveMs(request.budgetMs, cleanupsMs), request.budgetMs, prior);
  return targets.filter((x) => x.alternative !== "baseline").map((t) => ({
    alternative: t.alternative,
    mountPoint: t.mountPoint,
    reason: "no-baseline",
    detail: `nothing to compare with: the baseline run failed (${baselineError})`
  }));
}
async function withParallelRefetch(stage, refetch, archivePath, cleanupsMs) {
  const { request } = stage;
  try {
    const parallel = await refetchInParallel({
      downloadUrl: request.downloadUrl,
      archivePath,
      serviceVersion: request.serviceVersion,
      baselineDurationMs: refetch.durationMs,
      remainingMs: runDeadlineMs(request.budgetMs, stage.elapsed(), cleanupsMs)
    });
    if ("ran" in parallel)
      stage.hooks.log(
        `Experiments: fetched the archive again with ${parallel.ran.concurrency} parallel requests in ${(parallel.ran.durationMs / 1e3).toFixed(2)} s (${parallel.ran.baselineConcurrency}: ${(parallel.ran.baselineDurationMs / 1e3).toFixed(2)} s).`
      );
    return { ...refetch, parallel: "ran" in parallel ? parallel.ran : parallel };
  } catch (error) {
    return { ...refetch, parallel: { skipped: `the fetch with more parallel requests failed: ${errorMessage(error)}` } };
  }
}
function sameFileSystemParent(restorePath) {
  const parent = path4.dirname(restorePath);
  try {
    if (statSync2(parent).dev === statSync2(restorePath).dev) return parent;
    return restorePath;
  } catch {
    return parent;
  }
}
export {
  ARCHIVE_RAM_SHARE,
  BUDGET_RESERVE_MS,
  CLEANUP_RESERVE_FACTOR,
  SAMPLES_FROM_TREE_FOR,
  SAMPLE_BUILD_EXTRA_SHARE,
  SAMPLE_FETCH_SHARE,
  cleanupReserveMs,
  runDeadlineMs,
  runExperiments,
  samplesFromTree
};
