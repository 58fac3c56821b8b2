import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  CLEANUP_SHARE,
  FIX_MIN_SAVING_SHARE,
  RAM_SHARE,
  RUNS_WANTED,
  UnknownAlternativeError,
  applyLine,
  descriptorOf,
  dirtyBytesFor,
  dirtyableBytes,
  diskProbesOf,
  effectiveDirtyBudget,
  judgeInDetail,
  mountedPaths,
  neededBytes,
  raisedDirtyLimits,
  schemaRank,
  tmpfsSize,
  workflowFix
} from "./chunk-UD6SEAMN.js";
import {
  DIRTY_SYSCTLS,
  DirtyRaiseError,
  FIXES_STORE_GROUP,
  HISTORY_GROUP,
  Ledger,
  REMEMBERED_GROUP,
  STORE_GROUP,
  acquireMachineLock,
  autoExperiments,
  awaitFollowedTail,
  cacheUtils_exports,
  ceilingsSourceAfter,
  configRecord,
  createOwnedDir,
  deadOfOurs,
  detectPrivileges,
  dirtyChangeFor,
  downloadCache,
  downloadLimits,
  fingerprintOf,
  fixesCacheId,
  historyOf,
  isAlive,
  leaveTailToFollower,
  leftAloneSentence,
  lockWaitMs,
  measureRestore,
  monotonicMs,
  parseVerboseLine,
  planProbes,
  processIds,
  pruneRecords,
  putBackIfOurs,
  raiseDirtyLimits,
  readDirtySettings,
  readRecords,
  recoverDeadProfiles,
  rememberedExperiments,
  removeOwnedDir,
  removeTree,
  runPrivileged,
  runProbeSuite,
  startFixesLoad,
  startHistoryLoad,
  storeFixes,
  unmount,
  untilDurableMs,
  waitForTail,
  walkRestoredTree,
  withCeilingsSource
} from "./chunk-QZZR2PHW.js";
import {
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  MiB,
  PROFILE_SCHEMA_VERSION,
  SECTOR_BYTES,
  SHARED_PHASES,
  USER_HZ,
  bytes,
  cgroupDirtyScale,
  counterDelta,
  expandPath,
  isPattern,
  leftInPlace,
  phaseFacts,
  privateMachineSentence,
  restoreRoots,
  seconds,
  spread
} from "./chunk-MEEBLKXW.js";
import {
  TOOL_VERSION,
  readHostFacts,
  readRunnerContext
} from "./chunk-GMSH4GL7.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  distinctFileSystems,
  parsePidStat,
  pickDiskCounters,
  readCgroup,
  readCgroupMemoryRoom,
  syncFileSystems
} from "./chunk-WFBA6TMQ.js";
import {
  findMount,
  nearestExisting,
  parseMeminfo,
  parseMountinfo,
  readMountinfo,
  readText,
  resolveDevices
} from "./chunk-UFWAKY6W.js";

// src/experiment/run-experiments.ts
import { execFileSync } from "node:child_process";
import { mkdirSync as mkdirSync3, statSync as statSync2 } from "node:fs";
import path3 from "node:path";

// src/experiment/availability.ts
function availability(requested, f, patternPaths = []) {
  const context = { facts: f, needBytes: neededBytes(f.extractedBytes) };
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
  const text = readText(`${procRoot}/meminfo`);
  const m = text ? /^MemAvailable:\s+(\d+)\s*kB/m.exec(text) : null;
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
    const durationMs2 = monotonicMs() - started;
    const cpuAfter = reapedChildrenCpuMs();
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : Math.max(0, cpuAfter - cpuBefore);
    if (code !== 0)
      throw new Error(
        `${command.program} failed (${typeof code === "string" ? code : `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" | ")}` : ""}`
      );
    return { durationMs: durationMs2, cpuMs };
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

// src/system/cleanup.ts
var live = [];
function onSignal(signal) {
  for (const stack of [...live].reverse()) stack.runAllSync();
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  process.kill(process.pid, signal);
}
var CleanupStack = class {
  constructor(log = () => {
  }) {
    this.log = log;
    if (live.length === 0) {
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
    }
    live.push(this);
  }
  log;
  actions = [];
  push(what, run, runSync) {
    this.actions.push({ what, run, ...runSync ? { runSync } : {} });
  }
  get size() {
    return this.actions.length;
  }
  /** Runs every action (newest first) and throws one error naming all that failed. */
  async runAll() {
    const failures = [];
    while (this.actions.length > 0) {
      const action = this.actions.pop();
      try {
        await action.run();
      } catch (error) {
        failures.push(`${action.what}: ${errorMessage(error)}`);
      }
    }
    this.dispose();
    if (failures.length > 0) throw new Error(`Lab cleanup left something behind: ${failures.join("; ")}`);
  }
  /** For the signal handler: no awaiting, asynchronous actions use their runSync. */
  runAllSync() {
    while (this.actions.length > 0) {
      const action = this.actions.pop();
      try {
        const result = (action.runSync ?? action.run)();
        if (result instanceof Promise) result.catch(() => {
        });
      } catch (error) {
        this.log(`lab cleanup: ${action.what}: ${errorMessage(error)}`);
      }
    }
  }
  /** Unregisters from the signal handler (runAll does it; call it yourself only if you never run it). */
  dispose() {
    const i = live.indexOf(this);
    if (i >= 0) live.splice(i, 1);
    if (live.length === 0) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  }
};

// src/experiment/one-run.ts
function deadlineTimer(c, t, index) {
  const state = { stopped: false };
  const timed = async (command, hook = true) => {
    const deadlineMs = runDeadlineMs(c.budgetMs, c.elapsed(), c.cleanupsMs);
    let cut = false;
    const timer = setTimeout(
      () => {
        cut = true;
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
        throw new Error(
          `stopped at the end of the ${(c.budgetMs / 1e3).toFixed(0)} s budget (experiments-budget-seconds), far slower than the runs before it predicted`
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return { timed, state };
}
async function oneRun(c, t, index) {
  const { timed, state } = deadlineTimer(c, t, index);
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
    for (const dir of syncDirs) syncMs += (await timed({ program: "sync", args: ["-f", dir] }, false)).durationMs;
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

// src/experiment/apply.ts
function applyFix(alternative, c) {
  const fix = workflowFix(alternative, c);
  return { apply: applyLine(alternative, fix), fix };
}

// src/experiment/outcomes.ts
function comparedMs(r) {
  return descriptorOf(r.alternative).compares === "step" ? r.stepMs : r.untilOnDiskMs;
}
function outcomes(runs, apply) {
  const keys = [];
  for (const r of runs) {
    if (!keys.some((k) => k.alternative === r.alternative && k.mountPoint === r.mountPoint))
      keys.push({ alternative: r.alternative, mountPoint: r.mountPoint });
  }
  keys.sort((a, b) => schemaRank(a.alternative) - schemaRank(b.alternative));
  const groups = keys.map((k) => ({ ...k, runs: runs.filter((r) => r.alternative === k.alternative && r.mountPoint === k.mountPoint) }));
  const baseline = spread(
    groups.find((g) => g.alternative === "baseline")?.runs.filter((r) => !r.error).map(comparedMs) ?? []
  );
  const out = [];
  for (const g of groups) {
    const ok = g.runs.filter((r) => !r.error);
    const timeMs = spread(ok.map(comparedMs));
    if (!timeMs) continue;
    const isBaseline = g.alternative === "baseline";
    const savingMs = isBaseline || !baseline ? null : baseline.median - timeMs.median;
    out.push({
      alternative: g.alternative,
      mountPoint: g.mountPoint,
      timeMs,
      writebackLeftMs: descriptorOf(g.alternative).compares === "step" ? spread(ok.map((r) => r.syncMs)) : null,
      cpuMs: spread(ok.map((r) => r.cpuMs)),
      savingMs,
      savingShare: savingMs === null || !baseline || baseline.median <= 0 ? null : savingMs / baseline.median,
      ...applyFix(g.alternative, { ...apply, mountPoint: g.mountPoint }),
      failedRuns: g.runs.length - ok.length
    });
  }
  return out;
}
function fixBest(all) {
  const fixes = all.filter((o) => descriptorOf(o.alternative).isFix && o.fix?.kind !== "none" && o.savingMs !== null && o.savingShare !== null);
  const best = fixes.sort((a, b) => b.savingMs - a.savingMs)[0];
  if (!best || best.savingShare < FIX_MIN_SAVING_SHARE) return { alternative: "none", mountPoint: null, savingMs: best?.savingMs ?? null };
  return { alternative: best.alternative, mountPoint: best.mountPoint, savingMs: best.savingMs };
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
  let live2 = ordered;
  for (let round = 1; round <= runsWanted; round++) {
    const next = [];
    for (const target of live2) {
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
    live2 = next;
  }
  return { refetchEstimateMs, runs, skipped };
}
function correctedEstimateMs(target, done, measured) {
  const planned = estimateRunMs(target.alternative, measured);
  const same = done.filter((r) => r.alternative === target.alternative && r.mountPoint === target.mountPoint && !r.error);
  if (same.length > 0) return Math.max(...same.map((r) => r.untilOnDiskMs)) * (1 + CLEANUP_SHARE);
  const baseline = done.find((r) => r.alternative === "baseline" && !r.error);
  const plannedBaseline = estimateRunMs("baseline", measured);
  if (!baseline || plannedBaseline <= 0) return planned;
  return planned * (baseline.untilOnDiskMs * (1 + CLEANUP_SHARE) / plannedBaseline);
}
function nextRun(targets, done, measured, elapsedMs, budgetMs, runsWanted = RUNS_WANTED) {
  const ordered = [...targets].sort((a, b) => sortKey(a) - sortKey(b));
  const runsOf = (t) => done.filter((r) => r.alternative === t.alternative && r.mountPoint === t.mountPoint).length;
  for (let round = 1; round <= runsWanted; round++) {
    for (const t of ordered) {
      if (runsOf(t) >= round) continue;
      if (t.alternative !== "baseline" && !done.some((r) => r.alternative === "baseline" && !r.error)) continue;
      if (elapsedMs + correctedEstimateMs(t, done, measured) <= budgetMs) return t;
    }
  }
  return null;
}
function budgetSkips(targets, done, measured, elapsedMs, budgetMs) {
  return targets.filter((t) => !done.some((r) => r.alternative === t.alternative && r.mountPoint === t.mountPoint)).map((t) => ({
    alternative: t.alternative,
    mountPoint: t.mountPoint,
    reason: "over-budget",
    detail: `a run would take ~${seconds(correctedEstimateMs(t, done, measured))} (from the profiled restore${done.some((r) => r.alternative === "baseline") ? ", corrected by the baseline re-run" : ""}), ${seconds(Math.max(0, budgetMs - elapsedMs))} of the ${seconds(budgetMs)} budget was left (experiments-budget-seconds)`
  }));
}

// src/experiment/refetch.ts
import { statSync } from "node:fs";
async function refetchArchive(downloadUrl, archivePath, serviceVersion) {
  const started = monotonicMs();
  await downloadCache(downloadUrl, archivePath, serviceVersion === "v2" ? { useAzureSdk: true } : void 0);
  return { durationMs: monotonicMs() - started, bytes: statSync(archivePath).size };
}

// src/experiment/parallel-refetch.ts
var PARALLEL_REFETCH_FACTOR = 2;
var MIN_REFETCH_MS = 1e3;
async function refetchInParallel(o) {
  const limits = downloadLimits(o.downloadUrl, o.serviceVersion === "v2");
  if (limits.path !== "azure-sdk") return { skipped: `the ${limits.path} download takes no number of parallel requests` };
  if (o.baselineDurationMs < MIN_REFETCH_MS) return { skipped: `the archive downloads in under ${MIN_REFETCH_MS / 1e3} s` };
  if (o.remainingMs < 1.5 * o.baselineDurationMs) return { skipped: "not enough of the experiments budget left" };
  const concurrency = limits.concurrency * PARALLEL_REFETCH_FACTOR;
  const started = monotonicMs();
  await downloadCache(o.downloadUrl, o.archivePath, { useAzureSdk: true, downloadConcurrency: concurrency });
  return { ran: { concurrency, baselineConcurrency: limits.concurrency, durationMs: monotonicMs() - started, baselineDurationMs: o.baselineDurationMs } };
}

// src/experiment/run-experiments.ts
var ARCHIVE_RAM_SHARE = 0.25;
var emptyBest = { alternative: "none", mountPoint: null, savingMs: null };
function isInside(child, parent) {
  const rel = path3.relative(parent, child);
  return rel === "" || !rel.startsWith("..") && !path3.isAbsolute(rel);
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
  const own = (parent) => {
    const dir = createOwnedDir(parent, privileges);
    dirs.push(dir);
    hooks.onDirectory?.(dir);
    return dir;
  };
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
  if (precheck.runs.length === 0) {
    stage.cleanup.dispose();
    return stage.result("skipped", precheck.skipped[0]?.detail ?? "nothing fits the budget", { skipped: precheck.skipped });
  }
  try {
    return await fetchAndRun(stage);
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
    const dir = path3.join(session, "tmpfs");
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
    placed = { archiveDir: path3.join(ram.any(), "archive"), inRam: true };
  } else {
    placed = { archiveDir: path3.join(session, "archive"), inRam: false };
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
async function fetchAndRun(stage) {
  const { request } = stage;
  const session = stage.own(request.runnerTemp);
  const memAvailableBytes2 = availableMemory().bytes;
  const ram = ramPlaces(stage, session, memAvailableBytes2);
  const placed = placeArchive(stage, session, ram, memAvailableBytes2);
  if ("skip" in placed) return stage.result("skipped", placed.skip);
  mkdirSync3(placed.archiveDir);
  const archivePath = path3.join(placed.archiveDir, cacheUtils_exports.getCacheFileName(request.compressionMethod));
  let refetch;
  try {
    refetch = await fetchAgain(stage, archivePath, placed.archiveDir, placed.inRam, ram);
  } catch (error) {
    return stage.result("failed", `fetching the archive again failed: ${errorMessage(error)}`);
  }
  const tarPath = which("tar");
  const listing = emptyListing();
  try {
    await runLines(listCommand(tarPath, archivePath, request.compressionMethod), stage.registry, (line) => addListingLine(listing, line));
  } catch (error) {
    return stage.result("failed", `listing the archive failed: ${errorMessage(error)}`, { refetch });
  }
  if (listing.absolute.length > 0)
    return stage.result("skipped", `the archive holds absolute paths (${listing.absolute.join(", ")}); extracted elsewhere they would still land there`, {
      refetch
    });
  const facts = readMachineFacts({
    privileges: stage.privileges,
    restorePath: request.restorePath,
    extractedBytes: listing.extractedBytes,
    archiveInRamBytes: placed.inRam ? refetch.bytes : 0,
    ...request.extraOtherDisks ? { extraOtherDisks: request.extraOtherDisks } : {}
  });
  const avail = availability(request.experiments, facts, request.patternPaths);
  const context = runContext(stage, { session, ram, avail, tarPath, archivePath, listing });
  const runs = await runTargets(stage, context, avail.targets);
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
  const mounted = mountedPaths(request.pathsAsGiven).map((given) => path3.relative(request.workspace, expandPath(given, request.workspace)));
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
async function runTargets(stage, context, targets) {
  const { request, hooks } = stage;
  const runs = [];
  const spentMs = () => stage.elapsed() + cleanupReserveMs(request.budgetMs, context.cleanupsMs);
  for (let t = nextRun(targets, runs, request.measured, spentMs(), request.budgetMs), n = 1; t && !hooks.signal?.aborted; n++) {
    let record;
    try {
      record = await oneRun(context, t, n);
    } catch (error) {
      record = { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: 0, syncMs: 0, untilOnDiskMs: 0, error: errorMessage(error) };
      hooks.warn(`Experiment ${t.alternative}${t.mountPoint ? ` on ${t.mountPoint}` : ""} failed: ${record.error}`);
    }
    runs.push(record);
    if (t.alternative === "baseline" && record.error && !runs.some((r) => r.alternative === "baseline" && !r.error)) break;
    t = nextRun(targets, runs, request.measured, spentMs(), request.budgetMs);
  }
  return runs;
}
function skipsAfterRuns(stage, targets, runs, cleanupsMs) {
  const { request } = stage;
  const baselineError = runs.some((r) => r.alternative === "baseline" && !r.error) ? null : runs.find((r) => r.alternative === "baseline")?.error;
  if (!baselineError) return budgetSkips(targets, runs, request.measured, stage.elapsed() + cleanupReserveMs(request.budgetMs, cleanupsMs), request.budgetMs);
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
  const parent = path3.dirname(restorePath);
  try {
    if (statSync2(parent).dev === statSync2(restorePath).dev) return parent;
    return restorePath;
  } catch {
    return parent;
  }
}

// src/experiment/from-profile.ts
function durationMs(phases, name) {
  const p = phases.find((x) => x.name === name);
  return p ? p.endMs - p.startMs : 0;
}
function skippedExperiments(config, reason) {
  return {
    status: "skipped",
    reason,
    budgetMs: config.experimentsBudgetMs,
    wallMs: 0,
    refetch: null,
    outcomes: [],
    runs: [],
    skipped: [],
    fixBest: { alternative: "none", mountPoint: null, savingMs: null }
  };
}
function experimentsRequestFor(config, timed, phases) {
  const r = timed.restore;
  if (!r.cacheHit || r.error)
    return r.error ? `the restore failed during ${r.error.phase}, so there is no archive to experiment on` : "no cache entry matched, so there is no archive to experiment on";
  if (!timed.downloadUrl) return "the restore did not say where its archive came from";
  const given = config.paths.find((p) => !isPattern(p));
  if (!given) return "every restore path is a pattern, so there is no one path whose file system to compare with";
  return {
    experiments: config.experiments,
    budgetMs: config.experimentsBudgetMs,
    restorePath: expandPath(given, config.workspace),
    pathsAsGiven: config.paths.filter((p) => !isPattern(p)),
    patternPaths: config.paths.filter((p) => isPattern(p) && !p.startsWith("!")),
    workspace: config.workspace,
    restorePaths: config.paths.filter((p) => !isPattern(p)).map((p) => expandPath(p, config.workspace)),
    runnerTemp: config.runnerTemp,
    downloadUrl: timed.downloadUrl,
    serviceVersion: r.serviceVersion,
    compressionMethod: r.compressionMethod,
    archiveBytes: r.archiveBytes ?? 0,
    measured: { downloadMs: durationMs(phases, "download"), extractMs: durationMs(phases, "extract"), writebackMs: durationMs(phases, "writeback") }
  };
}
async function experimentsAfterProfile(config, timed, phases, hooks, extra = {}) {
  if (config.experiments.length === 0) return null;
  const request = experimentsRequestFor(config, timed, phases);
  if (typeof request === "string") return skippedExperiments(config, request);
  try {
    const result = await runExperiments({ ...request, ...extra }, hooks);
    if (result.status !== "ran" && result.reason) hooks.warn(`Experiments ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    hooks.warn(`Experiments failed: ${errorMessage(error)}`);
    return { ...skippedExperiments(config, errorMessage(error)), status: "failed" };
  }
}

// src/machine/others.ts
function otherProfilesDuring(mine, records, nowEpochMs, alive) {
  const out = [];
  for (const other of records) {
    if (other.id === mine.id) continue;
    const openEnd = other.endedEpochMs ?? (alive(other) ? nowEpochMs : other.updatedEpochMs);
    const during = /* @__PURE__ */ new Set();
    const theirs = /* @__PURE__ */ new Set();
    for (const m of mine.phases) {
      const mEnd = m.endEpochMs ?? nowEpochMs;
      for (const t of other.phases) {
        const tEnd = t.endEpochMs ?? openEnd;
        if (m.startEpochMs < tEnd && t.startEpochMs < mEnd) {
          during.add(m.phase);
          theirs.add(t.phase);
        }
      }
    }
    if (during.size === 0) continue;
    out.push({
      label: other.owner.label,
      pid: other.owner.pid,
      during: SHARED_PHASES.filter((p) => during.has(p)),
      theirPhases: SHARED_PHASES.filter((p) => theirs.has(p))
    });
  }
  return out;
}

// src/machine/session.ts
var RECOVERY_LOCK_WAIT_MS = 3e3;
var MachineSession = class _MachineSession {
  constructor(ledger, out) {
    this.ledger = ledger;
    this.out = out;
  }
  ledger;
  out;
  lock = null;
  static open(label, out) {
    const session = new _MachineSession(Ledger.open(label, out.warn), out);
    const alone = session.machineDirectory();
    if (alone) out.log(privateMachineSentence(alone));
    return session;
  }
  /** Where this profile meets the others, when that is not the directory shared by every user (with why); null when it is. */
  machineDirectory() {
    const { place } = this.ledger;
    return place.shared ? null : { path: place.dir, sharedWithOtherUsers: false, reason: place.notSharedReason ?? "unknown" };
  }
  get ledgerFile() {
    return this.ledger.file;
  }
  enter(phase) {
    this.ledger.enter(phase);
  }
  leave() {
    this.ledger.leave();
  }
  addExperimentDir(dir) {
    this.ledger.addExperimentDir(dir);
  }
  addProbeDir(dir) {
    this.ledger.addProbeDir(dir);
  }
  setDirty(change) {
    this.ledger.setDirty(change);
  }
  /**
   * At the start: a killed profile's raised vm.dirty_* would skew this restore too. Only when the
   * lock is free at once (a holder is alive and puts right what it finds when it took the lock).
   */
  async recoverAtStart() {
    pruneRecords(this.ledger.dir);
    if (deadOfOurs(this.ledger.dir).length === 0) return;
    const got = await acquireMachineLock({ waitMs: RECOVERY_LOCK_WAIT_MS, dir: this.ledger.dir });
    if (!got.acquired) return;
    try {
      this.recover();
    } finally {
      await got.lock.releaseAndWait();
    }
  }
  /**
   * Takes the machine lock for the probes and experiments, waiting up to `waitMs`; null when it
   * stayed held, with the sentence saying by whom and for how long (the caller skips its part).
   */
  async acquire(waitMs, signal) {
    const holders = () => this.busyOthers();
    const before = holders();
    if (before.length > 0) this.out.log(`Waiting up to ${seconds(waitMs)} for the machine: ${describe(before)} is probing or experimenting on it.`);
    const got = await acquireMachineLock({ waitMs, dir: this.ledger.dir, ...signal ? { signal } : {} });
    if (!got.acquired) {
      const who = holders();
      return `another profile held the machine lock for the whole ${seconds(got.waitedMs)} wait (${who.length > 0 ? describe(who) : "its holder"}; the wait is this profile's probe + experiments budgets + 10 s), so this part was skipped rather than measured beside it${got.reason === "timed out" ? "" : ` (${got.reason})`}`;
    }
    this.lock = got.lock;
    if (got.lock.unlockedReason && process.platform !== "linux")
      this.out.log(`Running the probes and experiments without the machine lock: ${got.lock.unlockedReason}.`);
    else if (got.lock.unlockedReason)
      this.out.warn(
        `Running the probes and experiments without the machine lock: ${got.lock.unlockedReason}. Another profile on this machine could run its own beside them.`
      );
    else if (got.lock.waitedMs > 1e3) this.out.log(`Waited ${seconds(got.lock.waitedMs)} for the machine lock.`);
    this.recover();
    return null;
  }
  release() {
    this.lock?.release();
    this.lock = null;
  }
  /** Another live profile whose page-cache experiment set `name` (vm.dirty_…) to `value`, named; null when none did. */
  whoSetDirty(name, value) {
    const key = name.replace(/^vm\./, "");
    const wrote = (d) => d.set[key] === value && d.saved[key] !== value;
    const by = readRecords(this.ledger.dir).find((r) => r.id !== this.ledger.record.id && r.dirty !== null && wrote(r.dirty) && isAlive(r.owner));
    return by ? `another profile, "${by.owner.label}" (pid ${by.owner.pid}),` : null;
  }
  /** Others that overlapped this profile's restore, probes or experiments so far. */
  otherProfiles() {
    return otherProfilesDuring(this.ledger.record, readRecords(this.ledger.dir), Date.now(), (r) => isAlive(r.owner));
  }
  /** Who this profile met on the machine, and where when that was not with every user's profiles: for the profile's context. */
  met() {
    const alone = this.machineDirectory();
    return { otherProfiles: this.otherProfiles(), ...alone ? { machineDirectory: alone } : {} };
  }
  end() {
    this.release();
    this.ledger.end();
  }
  recover() {
    const r = recoverDeadProfiles(this.ledger.dir);
    for (const line of r.done) this.out.log(line);
    for (const line of r.warnings) this.out.warn(line);
  }
  busyOthers() {
    return readRecords(this.ledger.dir).filter((r) => {
      if (r.id === this.ledger.record.id || r.endedEpochMs !== null || !isAlive(r.owner)) return false;
      const open = r.phases.at(-1);
      return open !== void 0 && open.endEpochMs === null && (open.phase === "probes" || open.phase === "experiments");
    });
  }
};
function describe(records) {
  return records.map((r) => `"${r.owner.label}" (pid ${r.owner.pid}, in its ${r.phases.at(-1)?.phase ?? "start"})`).join(", ");
}

// src/experiment/page-cache-prediction.ts
function predictPageCacheStep(extract, cpuBound = false) {
  const busiest = extract.busiestProcess;
  if (!busiest || busiest.cores <= 0 || extract.durationMs <= 0) return null;
  return {
    stepMs: cpuBound ? extract.durationMs : Math.min(extract.durationMs, busiest.cores * extract.durationMs),
    basis: { comm: busiest.comm, cores: busiest.cores, extractMs: extract.durationMs }
  };
}
function pageCachePredictionOf(profile) {
  if (profile.experiments?.skipped.some((s) => s.alternative === "page-cache" && s.reason === "already-fits")) return null;
  const extract = profile.phases.find((p) => p.name === "extract");
  const cpuBound = profile.verdict?.phases.find((p) => p.phase === "extract")?.bottleneck === "cpu";
  return extract ? predictPageCacheStep(phaseFacts(profile, extract), cpuBound || outgrowsCgroupBudget(profile)) : null;
}
function outgrowsCgroupBudget(profile) {
  const extracted = profile.restore?.anatomy?.extractedBytes;
  if (extracted === void 0) return false;
  return dirtyBytesFor(extracted).dirtyBytes * cgroupDirtyScale(profile.context) < extracted;
}
function predictedSavingMs(e) {
  const baseline = e.outcomes.find((o) => o.alternative === "baseline");
  if (!baseline || !e.pageCachePrediction) return null;
  return baseline.timeMs.median - e.pageCachePrediction.stepMs;
}

// src/pipeline/stages/experiments.ts
async function runExperimentStage(config, run, machine, holdMachine, hooks, warn) {
  if (run.plan?.memory?.reason === "fresh" && run.fixes?.found) return { experiments: rememberedExperiments(run.fixes), startMs: 0 };
  const chosen = run.plan ? { ...config, experiments: run.plan.experiments } : config;
  const busy = chosen.experiments.length > 0 && run.canRun ? await holdMachine() : null;
  if (chosen.experiments.length > 0 && !busy) machine.enter("experiments");
  const startMs = monotonicMs() - run.originMs;
  const { target } = run.placement;
  const experiments = busy ? skippedExperiments(chosen, busy) : await experimentsAfterProfile(
    chosen,
    run.restore.timed,
    run.restore.phases,
    {
      log: hooks.log,
      warn,
      ...hooks.signal ? { signal: hooks.signal } : {},
      onDirectory: (dir) => {
        machine.addExperimentDir(dir);
        hooks.onExperimentDirectory?.(dir);
      },
      onDirtySettings: (change) => {
        machine.setDirty(change);
        hooks.onExperimentDirtySettings?.(change);
      },
      whoSetDirty: (name, value) => machine.whoSetDirty(name, value)
    },
    {
      ...hooks.experimentOtherDisks ? { extraOtherDisks: hooks.experimentOtherDisks } : {},
      // On the device that got most of the restore's bytes, when the paths span several.
      ...run.placement.chosen && target.restorePath ? { restorePath: target.restorePath } : {}
    }
  );
  return { experiments, startMs };
}
function recordExperiments(profile, run, met) {
  const { experiments } = run;
  if (met.otherProfiles && met.otherProfiles.length > 0) profile.context.otherProfiles = met.otherProfiles;
  if (met.machineDirectory) profile.context.machineDirectory = met.machineDirectory;
  if (experiments?.status === "ran" && !experiments.measuredOn) experiments.startMs = run.startMs;
  if (experiments) profile.experiments = experiments;
  if (experiments) experiments.pageCachePrediction = pageCachePredictionOf(profile);
  withCeilingsSource(profile);
}

// src/pipeline/stages/history.ts
async function addToHistory(config, profile, fingerprint, historyLoad, hooks) {
  if (config.history) hooks.onPhase?.(HISTORY_GROUP);
  const history = await historyOf(config, profile, fingerprint, historyLoad);
  hooks.onPhase?.(null);
  if (history) profile.history = history;
}

// src/pipeline/stages/judge.ts
function judgeOnce(profile, config, probeDecision, log, fixes = null) {
  const judgement = judgeInDetail(profile);
  profile.verdict = judgement.verdict;
  const experimentPlan = autoExperiments(config, profile, fixes);
  if (probeDecision || experimentPlan) {
    profile.auto = {
      ...probeDecision ? { probes: probeDecision } : {},
      ...experimentPlan ? { experiments: { run: experimentPlan.run, reason: experimentPlan.reason, ...experimentPlan.memory ? { memory: experimentPlan.memory } : {} } } : {}
    };
  }
  if (experimentPlan) log(experimentPlan.reason);
  return { judgement, experimentPlan };
}

// src/pipeline/stages/machine-hold.ts
function machineHold(machine, config, plan, signal, warn) {
  let busy;
  return async () => {
    if (busy !== void 0) return busy;
    busy = await machine.acquire(
      lockWaitMs({
        probesMs: plan.runProbes ? config.probeBudgetMs : null,
        experimentsMs: plan.experimentsCanRun ? config.experimentsBudgetMs : null
      }),
      signal
    );
    if (busy) {
      const parts = [plan.runProbes ? "fio probes" : "", plan.experimentsCanRun ? "experiments" : ""].filter(Boolean).join(" and ");
      warn(`${parts.charAt(0).toUpperCase()}${parts.slice(1)} skipped: ${busy}.`);
    }
    return busy;
  };
}

// src/pipeline/stages/machine-view.ts
import { existsSync } from "node:fs";
import * as path4 from "node:path";
async function viewMachine(config, kernel, warn) {
  const { procRoot } = kernel;
  const roots = restoreRoots(config.paths, config.workspace);
  const restorePaths = roots.length > 0 ? roots : [config.workspace];
  const mounts = readMountinfo(procRoot);
  const where = await findDevices(restorePaths, config.runnerTemp, { ...kernel, mounts: mounts ?? [] }, warn);
  const cgroup = readCgroup({ procRoot, mounts });
  const host = readHostFacts(kernel);
  const context = readRunnerContext(where, { procRoot, cgroup, host });
  const fingerprint = fingerprintOf(where, host, context, restorePaths[0]);
  const hasProc = context.os === "linux" && existsSync(path4.join(procRoot, "stat"));
  if (!hasProc) {
    warn(
      `Kernel counters are unavailable: no ${procRoot} on this runner (${context.os}). The restore is still timed and fio still probes where it is installed; disk, CPU and page-cache metrics are marked unavailable.`
    );
  } else if (where.noBlockDeviceReason) {
    warn(`Disk counters are unavailable: ${where.noBlockDeviceReason}. The restore is still timed.`);
  } else {
    for (const fs of where.fileSystems.filter((f) => f.resolution?.method === "not-measured" && f.path !== config.runnerTemp)) {
      warn(`Disk counters are unavailable for restore path ${fs.path}: ${fs.resolution?.detail}. The other restore paths' disks are measured.`);
    }
  }
  return { roots, restorePaths, where, cgroup, context, fingerprint, hasProc };
}
async function findDevices(restorePaths, archiveTemp, options, warn) {
  try {
    return await resolveDevices({ restorePaths, archiveTemp }, options);
  } catch (error) {
    warn(`Could not find the block devices under ${restorePaths.join(", ")}: ${errorMessage(error)}`);
    return {
      devices: [],
      fileSystems: [],
      noBlockDeviceReason: `finding the devices failed (${errorMessage(error)})`,
      // The fingerprint still names the file system and another local disk.
      mounts: options.mounts
    };
  }
}

// src/sample/restore-device.ts
function restoreTops(devices) {
  return devices.flatMap((d, i) => (d.topFor ?? (d.primary ? ["restore-path"] : [])).includes("restore-path") ? [i] : []);
}
function written(phases, index) {
  let sectors = 0;
  for (const p of phases) {
    if (p.name !== "extract" && p.name !== "writeback") continue;
    const a = p.start.disks[index];
    const b = p.end.disks[index];
    if (a && b) sectors += Math.max(0, b.sectorsWritten - a.sectorsWritten);
  }
  return sectors * 512;
}
var mib = (n) => `${(n / MiB).toFixed(1)} MiB`;
function chooseRestoreDevice(devices, bytesByRoot, phases) {
  const tops = restoreTops(devices);
  if (tops.length < 2) return null;
  const fromTree = new Map(tops.map((i) => [i, (devices[i]?.restorePaths ?? []).reduce((s, p) => s + (bytesByRoot?.get(p) ?? 0), 0)]));
  const treeTotal = [...fromTree.values()].reduce((s, b) => s + b, 0);
  const method = treeTotal > 0 ? "restored-tree" : "written-sectors";
  const bytes2 = method === "restored-tree" ? fromTree : new Map(tops.map((i) => [i, written(phases, i)]));
  const total = [...bytes2.values()].reduce((s, b) => s + b, 0);
  if (total <= 0) return null;
  const index = [...bytes2.entries()].reduce((a, b) => b[1] > a[1] ? b : a)[0];
  const most = bytes2.get(index) ?? 0;
  const source = method === "restored-tree" ? "of the restored files' bytes under its paths" : "of the bytes the restore path devices wrote during extraction and writeback";
  return { index, bytes: bytes2, method, because: `most of the restore's bytes: ${mib(most)} of ${mib(total)} ${source}` };
}
function withRestoreDevice(devices, choice) {
  return devices.map((d, i) => {
    const { primaryBecause: _, ...rest } = d;
    return i === choice.index ? { ...rest, primary: true, primaryBecause: choice.because } : { ...rest, primary: false };
  });
}

// src/pipeline/stages/placement.ts
var WALK_MAX_ENTRIES = 5e4;
function readRestoredTree(roots, timed, warn) {
  if (timed.extractStartedAtEpochMs === null) return null;
  const { restore } = timed;
  const failed = restore.error?.phase === "extract";
  const tree = !failed && timed.reportedTree || walkRestoredTree(roots, timed.extractStartedAtEpochMs, WALK_MAX_ENTRIES);
  if (failed) warn(describePartialExtract(roots, tree.anatomy.files, tree.anatomy.extractedBytes));
  else
    restore.anatomy = {
      ...tree.anatomy,
      compressedBytes: restore.archiveBytes ?? 0,
      compression: restore.compressionMethod,
      ...tree.truncated ? {
        error: `tar gave no report of what it extracted, and the tree was read only as far as its first ${WALK_MAX_ENTRIES} entries: the counts are lower bounds`
      } : {}
    };
  return tree.bytesByRoot;
}
function placeRestore(config, found, bytesByRoot, phases, log) {
  const choice = chooseRestoreDevice(found, bytesByRoot, phases);
  const devices = choice ? withRestoreDevice(found, choice) : found;
  const target = probeTarget(config, choice ? devices[choice.index] : void 0);
  if (choice) log(`The restore paths span ${choice.bytes.size} devices; ${devices[choice.index]?.name} got ${choice.because}.`);
  return { devices, chosen: choice !== null, target };
}
function probeTarget(config, chosen) {
  const restorePath = chosen?.restorePaths?.[0];
  if (config.probePathFromInput || !chosen || !restorePath) return { path: config.probePath };
  return { path: restorePath, restorePath, because: `${chosen.name} got ${chosen.primaryBecause ?? "most of the restore's bytes"}` };
}
function describePartialExtract(roots, files, bytes2) {
  const where = roots.join(", ") || "the restore paths";
  if (files === 0) return `The failed extraction left no files under ${where}.`;
  return `The failed extraction left ${files} files (${(bytes2 / MiB).toFixed(1)} MiB) under ${where}; the rest of the archive is missing, so treat that tree as incomplete.`;
}

// src/sample/preflush.ts
import { performance } from "node:perf_hooks";
function owedBytes(procRoot) {
  const memory = parseMeminfo(readText(`${procRoot}/meminfo`) ?? "");
  return memory ? memory.dirtyBytes + memory.writebackBytes : null;
}
function sectorsWritten(procRoot, names) {
  const text = readText(`${procRoot}/diskstats`);
  if (text === void 0) return names.map(() => null);
  return pickDiskCounters(text, names).map((c) => c?.sectorsWritten ?? null);
}
async function flushEarlierWrites(request) {
  const owedBeforeBytes = owedBytes(request.procRoot);
  const before = sectorsWritten(request.procRoot, request.deviceNames);
  const startedMs = performance.now();
  const syncs = await syncFileSystems(request.fileSystemPaths, request.maxMs);
  const durationMs2 = performance.now() - startedMs;
  const after = sectorsWritten(request.procRoot, request.deviceNames);
  let deviceWrittenBytes = null;
  before.forEach((b, i) => {
    const a = after[i];
    if (b === null || a === null || a === void 0) return;
    deviceWrittenBytes = (deviceWrittenBytes ?? 0) + counterDelta(b, a) * SECTOR_BYTES;
  });
  return { owedBeforeBytes, owedAfterBytes: owedBytes(request.procRoot), deviceWrittenBytes, durationMs: durationMs2, syncs };
}

// src/pipeline/stages/preflush.ts
async function flushEarlier(config, restoreFileSystems, devices, procRoot, context, warn) {
  const memory = parseMeminfo(readText(`${procRoot}/meminfo`) ?? "");
  if (memory) {
    context.dirtyAtStartBytes = memory.dirtyBytes;
    context.writebackAtStartBytes = memory.writebackBytes;
  }
  const preflush = await flushEarlierWrites({
    fileSystemPaths: distinctFileSystems([...restoreFileSystems, config.runnerTemp]),
    // The restore paths' own disks (tops of their stacks): a loop device's backing disk would count the same bytes again.
    deviceNames: devices.filter((d) => d.topFor ? d.topFor.includes("restore-path") : d.primary).map((d) => d.name),
    procRoot,
    maxMs: Math.max(config.writebackTimeoutMs, 1e3)
  });
  const stuck = preflush.syncs.filter((s) => !s.returned);
  if (stuck.length > 0) {
    warn(
      `Earlier steps' dirty pages on ${stuck.map((s) => s.mountPoint).join(", ")} were not flushed within ${Math.round(preflush.durationMs / 1e3)} s; the restore's disk figures may include some of them.`
    );
  }
  return preflush;
}

// src/pipeline/stages/probes.ts
async function probeStage(config, run, machine, holdMachine, kernel, hooks, warn) {
  const { runProbes, plan, target } = run;
  const busy = runProbes ? await holdMachine() : null;
  const startMs = monotonicMs() - run.originMs;
  hooks.onPhase?.(runProbes && !busy ? "probes" : null);
  if (runProbes && !busy) machine.enter("probes");
  const probes = plan.remembered?.suite ?? (busy ? { status: "skipped", reason: busy, wallMs: 0, probes: [] } : await probe(
    config,
    target.path,
    run.cpuCount,
    {
      ...hooks,
      onProbeDirectory: (dir) => {
        machine.addProbeDir(dir);
        hooks.onProbeDirectory?.(dir);
      }
    },
    warn
  ));
  if (probes.status === "ran" && !plan.remembered) {
    const probed = probedDevice(target.path, kernel);
    if (probed) probes.deviceName = probed;
    if (target.because) probes.deviceBecause = target.because;
    probes.startMs = startMs;
  }
  return probes;
}
async function probe(config, targetPath, cpuCount, hooks, warn) {
  if (config.probes.length === 0)
    return { status: "skipped", reason: "probes: none was set, so the verdict has no fio ceilings to compare with", wallMs: 0, probes: [] };
  try {
    const result = await runProbeSuite({
      targetPath,
      probes: config.probes,
      budgetMs: config.probeBudgetMs,
      cpuCount,
      allowInstall: config.installFio,
      signal: hooks.signal,
      log: hooks.log,
      onDirectory: hooks.onProbeDirectory,
      ...hooks.procRoot ? { procRoot: hooks.procRoot } : {}
    });
    if (result.status !== "ran" && result.reason) warn(`fio probes ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    warn(`fio probes failed: ${errorMessage(error)}`);
    return { status: "failed", reason: errorMessage(error), wallMs: 0, probes: [] };
  }
}
function probedDevice(target, kernel) {
  try {
    return resolveDevices({ restorePaths: [target] }, kernel).devices.find((d) => d.primary)?.name;
  } catch {
    return void 0;
  }
}

// src/pipeline/stages/profile.ts
function measuredProfile(config, m) {
  return {
    schemaVersion: PROFILE_SCHEMA_VERSION,
    tool: { name: "disk-profiler", version: TOOL_VERSION },
    label: config.label,
    createdAt: m.createdAt,
    config: configRecord(config),
    context: m.context,
    devices: m.devices,
    restore: m.restore.timed.restore,
    phases: m.restore.phases,
    samples: m.restore.samples,
    probes: m.probes,
    verdict: null,
    warnings: m.warnings,
    preflush: m.preflush,
    writebackTail: m.restore.writebackTail,
    fingerprint: m.fingerprint,
    ceilingsSource: m.ceilingsSource
  };
}

// src/pipeline/stages/remembered.ts
async function readRemembered(config, fingerprint, restore, phases, hooks) {
  const fixesLoad = startFixesLoad(config, fingerprint, restore, phases);
  if (config.probesAuto || config.history || fixesLoad) hooks.onPhase?.(REMEMBERED_GROUP);
  const historyLoad = startHistoryLoad(config, restore);
  const [probePlan, , fixes] = await Promise.all([planProbes(config, fingerprint, restore, phases, hooks.log), historyLoad, fixesLoad]);
  hooks.onPhase?.(null);
  return { probePlan, historyLoad, fixes: fixes ?? null };
}
async function rememberCeilings(config, fingerprint, probes, plan, restore, hooks, warn) {
  if (config.rememberCeilings && probes.status === "ran") hooks.onPhase?.(STORE_GROUP);
  const source = await ceilingsSourceAfter(config, fingerprint, probes, plan, (/* @__PURE__ */ new Date()).toISOString(), restore, warn);
  hooks.onPhase?.(null);
  return source;
}
async function rememberFixes(plan, experiments, profile, measuredAt, hooks, warn) {
  const r = profile.restore;
  const onDiskMs = untilDurableMs(profile);
  const measured = plan?.memory && plan.run && experiments?.status === "ran" && experiments.outcomes.length > 0 && !experiments.measuredOn;
  if (!measured || !r || !profile.fingerprint || !profile.verdict || onDiskMs === null || r.archiveBytes === null) return;
  hooks.onPhase?.(FIXES_STORE_GROUP);
  const stored = await storeFixes(
    fixesCacheId(r),
    {
      archiveBytes: r.archiveBytes,
      files: r.anatomy?.files ?? null,
      bottleneck: profile.verdict.bottleneck,
      untilDurableMs: onDiskMs,
      experiments: plan.experiments
    },
    profile.fingerprint.id,
    experiments,
    measuredAt
  );
  hooks.onPhase?.(null);
  if (stored.ok) hooks.log(`The measured fixes were remembered for later runs on this hardware and cache (${stored.key}).`);
  else warn(`The measured fixes were not remembered for later runs: ${stored.reason}`);
}

// src/pipeline/tail-decision.ts
function whoWaitsForTail(f) {
  if (f.runProbes) return { who: "main", why: "the probes run this run and need the disk quiet" };
  if (!f.experimentsCanRun) return { who: "follower", why: "the ceilings are remembered and no experiment can run" };
  if (!f.experimentsAuto) return { who: "main", why: "experiments are asked for on every run" };
  if (f.restoreMs === null || f.restoreMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS)
    return { who: "follower", why: "the ceilings are remembered and experiments: auto decides on the restore without its tail" };
  return f.fixesRemembered ? { who: "follower", why: "the ceilings and the measured fixes are remembered" } : { who: "main", why: "experiments: auto has no measured fixes remembered for this cache" };
}

// src/pipeline/run-profile.ts
async function runProfile(config, hooks) {
  return (await runJudgedProfile(config, hooks)).profile;
}
async function runJudgedProfile(config, hooks) {
  const warnings = [];
  const warn = (message) => {
    warnings.push(message);
    hooks.warn(message);
  };
  const machine = MachineSession.open(config.label, { log: hooks.log, warn });
  hooks.onLedger?.(machine.ledgerFile);
  try {
    await machine.recoverAtStart();
    return await profileOn(config, hooks, machine, warnings, warn);
  } finally {
    machine.end();
  }
}
async function profileOn(config, hooks, machine, warnings, warn) {
  const originMs = monotonicMs();
  const createdAt = (/* @__PURE__ */ new Date()).toISOString();
  const kernel = { procRoot: hooks.procRoot ?? "/proc", ...hooks.sysRoot ? { sysRoot: hooks.sysRoot } : {} };
  const view = await viewMachine(config, kernel, warn);
  const { context, fingerprint } = view;
  const restoreFileSystems = distinctFileSystems(view.restorePaths);
  const preflush = view.hasProc ? await flushEarlier(config, restoreFileSystems, view.where.devices, kernel.procRoot, context, warn) : null;
  machine.enter("restore");
  const restored = await measureRestore(config, view, restoreFileSystems, originMs, kernel.procRoot, hooks, warn);
  machine.leave();
  const { timed, phases } = restored;
  const { restore } = timed;
  const bytesByRoot = readRestoredTree(view.roots, timed, warn);
  const placement = placeRestore(config, view.where.devices, bytesByRoot, phases, hooks.log);
  const { probePlan, historyLoad, fixes } = await readRemembered(config, fingerprint, restore, phases, hooks);
  const runProbes = config.probes.length > 0 && !probePlan.remembered;
  const experimentsCanRun = config.experiments.length > 0 && typeof experimentsRequestFor(config, timed, phases) !== "string";
  const waiter = whoWaitsForTail({
    runProbes,
    experimentsCanRun,
    experimentsAuto: config.experimentsAuto,
    restoreMs: restore?.cacheHit && !restore.error ? restore.restoreMs : null,
    fixesRemembered: fixes?.found === true
  });
  const left = waiter.who === "follower" ? leaveTailToFollower(restored, config) : null;
  let measured = left?.measured ?? await waitForTail(restored, config, hooks, warn);
  const holdMachine = machineHold(machine, config, { runProbes, experimentsCanRun }, hooks.signal, warn);
  const probes = await probeStage(
    config,
    { runProbes, plan: probePlan, target: placement.target, cpuCount: context.cpuCount, originMs },
    machine,
    holdMachine,
    kernel,
    hooks,
    warn
  );
  const ceilingsSource = await rememberCeilings(config, fingerprint, diskProbesOf(placement, probes), probePlan, restore, hooks, warn);
  const facts = { createdAt, context, devices: placement.devices, probes, warnings, preflush, fingerprint, ceilingsSource };
  let profile = measuredProfile(config, { ...facts, restore: measured });
  const quiet = [];
  let judged = judgeOnce(profile, config, probePlan.decision, left ? (line) => quiet.push(line) : hooks.log, fixes);
  if (left && judged.experimentPlan?.run) {
    hooks.log(`experiments: auto would measure on this run (${judged.experimentPlan.reason}), so the step waits for the restore's writeback tail.`);
    measured = await awaitFollowedTail(measured, left.follower, config, hooks, warn);
    profile = measuredProfile(config, { ...facts, restore: measured });
    judged = judgeOnce(profile, config, probePlan.decision, hooks.log, fixes);
  } else if (left) {
    left.follower.detach();
    for (const line of quiet) hooks.log(line);
    hooks.log(`The restore's files are followed until on disk in the background (${waiter.why}); figures in the post step's summary.`);
  }
  const { judgement, experimentPlan } = judged;
  const experiments = await runExperimentStage(
    config,
    { plan: experimentPlan, canRun: experimentsCanRun, restore: measured, placement, originMs, fixes },
    machine,
    holdMachine,
    hooks,
    warn
  );
  machine.leave();
  machine.release();
  recordExperiments(profile, experiments, machine.met());
  await rememberFixes(experimentPlan, experiments.experiments, profile, (/* @__PURE__ */ new Date()).toISOString(), hooks, warn);
  await addToHistory(config, profile, fingerprint, historyLoad, hooks);
  return { profile, judgement, ...measured.backgroundTail ? { backgroundTail: measured.backgroundTail } : {} };
}

export {
  CleanupStack,
  predictedSavingMs,
  runProfile,
  runJudgedProfile
};
