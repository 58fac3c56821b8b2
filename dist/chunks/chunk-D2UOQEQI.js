import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  addToHistory,
  earlyReads,
  experimentsRequestFor,
  fingerprintOf,
  fixesEntryFor,
  judgeOnce,
  notOnDiskSentence,
  nothingToMeasureHeld,
  readRemembered,
  recordExperiments,
  rememberCeilings,
  rememberFixes,
  runExperimentStage,
  toMeasureHeld
} from "./chunk-GJXNKRME.js";
import {
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  diskProbeSuite
} from "./chunk-ML5WHONI.js";
import {
  readHostFacts,
  readRunnerContext
} from "./chunk-WM2BKT75.js";
import {
  TransferRecorder,
  downsampleEvenly,
  headerText
} from "./chunk-HYBIDOFW.js";
import {
  Ledger,
  acquireMachineLock,
  configRecord,
  deadOfOurs,
  isAlive,
  lockWaitMs,
  pruneRecords,
  readRecords,
  recoverDeadProfiles,
  runProbeSuite
} from "./chunk-VGFHFWNW.js";
import {
  loadNewest,
  runIdentity,
  storeDocument
} from "./chunk-YWZCO6QH.js";
import {
  isExactKeyMatch
} from "./chunk-HDZVFZKP.js";
import {
  TOOL_VERSION
} from "./chunk-V6ICDZO4.js";
import {
  distinctFileSystems,
  syncFileSystems
} from "./chunk-YGMIUWXV.js";
import {
  Sampler,
  selfCpuUs
} from "./chunk-IRNB227S.js";
import {
  pickDiskCounters
} from "./chunk-I4M43YYT.js";
import {
  parseMeminfo
} from "./chunk-RED6WLUR.js";
import {
  followedTail,
  unlinkQuietly
} from "./chunk-5KNF22FP.js";
import {
  downloadLimits,
  parseVerboseLine
} from "./chunk-A2XADIQ6.js";
import {
  privateMachineSentence
} from "./chunk-CGZR6LBH.js";
import {
  monotonicMs
} from "./chunk-PWWNCPHY.js";
import {
  SECTOR_BYTES,
  counterDelta,
  restoreRoots
} from "./chunk-JYT2JN4Z.js";
import {
  PROFILE_SCHEMA_VERSION,
  SHARED_PHASES
} from "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  readCgroup
} from "./chunk-OADOZV3O.js";
import {
  readMountinfo,
  readText,
  resolveDevices
} from "./chunk-KMPHW5Q6.js";
import {
  downloadCache,
  extractTar,
  getCacheEntry
} from "./chunk-BSPUIZYN.js";
import {
  cacheUtils_exports,
  getCacheMode,
  getCacheServiceVersion,
  internalCacheTwirpClient,
  isCacheReadable
} from "./chunk-X762GLLF.js";
import {
  seconds
} from "./chunk-QNSZTROI.js";
import {
  MiB
} from "./chunk-YRJ6SEFO.js";

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

// src/remember/anatomy.ts
import { createHash } from "node:crypto";
import * as path from "node:path";

// src/restore/size-histogram.ts
var KIB = 1024;
var MIB = 1024 * KIB;
var BOUNDS = [
  [1 * KIB, "< 1 KiB"],
  [4 * KIB, "1\u20134 KiB"],
  [16 * KIB, "4\u201316 KiB"],
  [64 * KIB, "16\u201364 KiB"],
  [256 * KIB, "64\u2013256 KiB"],
  [1 * MIB, "256 KiB\u20131 MiB"],
  [16 * MIB, "1\u201316 MiB"],
  [null, "\u2265 16 MiB"]
];
function emptyHistogram() {
  return BOUNDS.map(([maxBytes, label]) => ({ maxBytes, label, files: 0, bytes: 0 }));
}
function addToHistogram(histogram, sizeBytes) {
  const bucket = histogram.find((b) => b.maxBytes === null || sizeBytes < b.maxBytes);
  if (bucket) {
    bucket.files++;
    bucket.bytes += sizeBytes;
  }
}

// src/remember/anatomy.ts
function anatomyKey(entry) {
  const digest = createHash("sha256").update(`${entry.cacheVersion}
${entry.matchedKey}`).digest("hex");
  return `disk-profiler-anatomy-${digest.slice(0, 40)}`;
}
var COUNTS = ["extractedBytes", "entries", "files", "directories", "symlinks", "hardlinks", "other"];
var count = (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
function sameBuckets(h) {
  const want = emptyHistogram();
  return Array.isArray(h) && h.length === want.length && h.every(
    (b, i) => typeof b === "object" && b !== null && b.label === want[i]?.label && b.maxBytes === want[i]?.maxBytes && count(b.files) && count(b.bytes)
  );
}
function parseAnatomyDocument(v, entry) {
  const d = v;
  if (typeof d !== "object" || d === null) return "the entry is not a JSON object";
  if (typeof d.matchedKey !== "string" || typeof d.cacheVersion !== "string") return "the entry names no cache entry";
  if (entry && (d.matchedKey !== entry.matchedKey || d.cacheVersion !== entry.cacheVersion)) return "the entry is for another cache entry";
  if (typeof d.runId !== "string" || typeof d.runAttempt !== "string" || typeof d.learnedAt !== "string") return "the entry lacks its run or date";
  if (!count(d.archiveBytes)) return "the entry lacks the archive size";
  const a = d.anatomy;
  if (typeof a !== "object" || a === null || !COUNTS.every((k) => count(a[k])) || !sameBuckets(a.sizeHistogram))
    return "the entry holds an anatomy this version cannot read";
  if (!Array.isArray(d.bytesByRoot) || !d.bytesByRoot.every((r) => Array.isArray(r) && typeof r[0] === "string" && count(r[1])))
    return "the entry lacks the bytes per restore root";
  return d;
}
function anatomyDocument(entry, archiveBytes, tree, workingDirectory, nowIso) {
  const { runId, runAttempt } = runIdentity();
  return {
    ...entry,
    archiveBytes,
    runId,
    runAttempt,
    learnedAt: nowIso,
    anatomy: tree.anatomy,
    bytesByRoot: [...tree.bytesByRoot].map(([root, bytes]) => [path.relative(workingDirectory, root) || ".", bytes])
  };
}
function knownTreeOf(d, workingDirectory, roots) {
  const bytesByRoot = new Map(d.bytesByRoot.map(([root, bytes]) => [path.resolve(workingDirectory, root), bytes]));
  const unknown = [...new Set(roots)].filter((r) => !bytesByRoot.has(r));
  if (unknown.length > 0 || bytesByRoot.size !== new Set(roots).size) return `its restore roots are not ${unknown.join(", ") || "these"}`;
  const tree = { anatomy: { ...d.anatomy, sizeHistogram: d.anatomy.sizeHistogram.map((b) => ({ ...b })) }, truncated: false, bytesByRoot };
  return { tree, archiveBytes: d.archiveBytes, learned: { runId: d.runId, runAttempt: d.runAttempt, learnedAt: d.learnedAt } };
}
async function lookUpAnatomy(entry, workingDirectory, roots) {
  const key = anatomyKey(entry);
  const loaded = await loadNewest("anatomy", key);
  if (!loaded.found) return { known: null, absent: loaded.missing === true, reason: loaded.reason };
  const parsed = parseAnatomyDocument(loaded.document, entry);
  const known = typeof parsed === "string" ? parsed : knownTreeOf(parsed, workingDirectory, roots);
  return typeof known === "string" ? { known: null, absent: false, reason: `${key} was not usable: ${known}` } : { known };
}
async function storeAnatomy(d) {
  const key = anatomyKey(d);
  return { ...await storeDocument("anatomy", key, d), key };
}

// src/pipeline/stages/anatomy.ts
async function rememberAnatomy(timed) {
  const { treeFrom, treeLookup, reportedTree, restore } = timed;
  if (treeFrom?.kind !== "tar-report" || !treeLookup || !reportedTree || !restore.cacheHit || restore.error || restore.archiveBytes === null) return null;
  const answer = await treeLookup.lookup;
  if (answer.known || !answer.absent) return null;
  const stored = await storeAnatomy(
    anatomyDocument(treeLookup.entry, restore.archiveBytes, reportedTree, treeLookup.workingDirectory, (/* @__PURE__ */ new Date()).toISOString())
  );
  return stored.ok ? `The restored tree's anatomy (as tar reported it) is remembered for this cache entry (${stored.key}): its later restores ask tar for no report.` : `The restored tree's anatomy was not remembered for this cache entry: ${stored.reason}.`;
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
import * as path2 from "node:path";
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
  const hasProc = context.os === "linux" && existsSync(path2.join(procRoot, "stat"));
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

// src/restore/restored-tree.ts
import { lstatSync, readdirSync } from "node:fs";
import * as path3 from "node:path";
var CTIME_SLACK_MS = 50;
function emptyAnatomy() {
  return { extractedBytes: 0, entries: 0, files: 0, directories: 0, symlinks: 0, hardlinks: 0, other: 0, sizeHistogram: emptyHistogram() };
}
function walkRestoredTree(roots, sinceEpochMs, maxEntries = Number.POSITIVE_INFINITY) {
  const anatomy = emptyAnatomy();
  const since = sinceEpochMs - CTIME_SLACK_MS;
  const linkedInodes = /* @__PURE__ */ new Set();
  const bytesByRoot = /* @__PURE__ */ new Map();
  const stack = [...new Set(roots)].map((r) => [r, r]);
  let visited = 0;
  let truncated = false;
  const count2 = (stat, root) => {
    if (stat.ctimeMs < since) return;
    anatomy.entries++;
    if (stat.isDirectory()) anatomy.directories++;
    else if (stat.isSymbolicLink()) anatomy.symlinks++;
    else if (stat.isFile()) {
      if (stat.nlink > 1 && linkedInodes.has(stat.ino)) {
        anatomy.hardlinks++;
        return;
      }
      if (stat.nlink > 1) linkedInodes.add(stat.ino);
      anatomy.files++;
      anatomy.extractedBytes += stat.size;
      bytesByRoot.set(root, (bytesByRoot.get(root) ?? 0) + stat.size);
      addToHistogram(anatomy.sizeHistogram, stat.size);
    } else anatomy.other++;
  };
  while (stack.length > 0) {
    const [current, root] = stack.pop();
    if (++visited > maxEntries) {
      truncated = true;
      break;
    }
    let stat;
    try {
      stat = lstatSync(current);
    } catch {
      continue;
    }
    count2(stat, root);
    if (!stat.isDirectory()) continue;
    try {
      for (const name of readdirSync(current)) stack.push([path3.join(current, name), root]);
    } catch {
    }
  }
  return { anatomy, truncated, bytesByRoot };
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
  const bytes = method === "restored-tree" ? fromTree : new Map(tops.map((i) => [i, written(phases, i)]));
  const total = [...bytes.values()].reduce((s, b) => s + b, 0);
  if (total <= 0) return null;
  const index = [...bytes.entries()].reduce((a, b) => b[1] > a[1] ? b : a)[0];
  const most = bytes.get(index) ?? 0;
  const source = method === "restored-tree" ? "of the restored files' bytes under its paths" : "of the bytes the restore path devices wrote during extraction and writeback";
  return { index, bytes, method, because: `most of the restore's bytes: ${mib(most)} of ${mib(total)} ${source}` };
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
  const reported = failed ? null : timed.reportedTree;
  const tree = reported ?? walkRestoredTree(roots, timed.extractStartedAtEpochMs, WALK_MAX_ENTRIES);
  const from = reported ? timed.treeFrom : null;
  if (failed) warn(describePartialExtract(roots, tree.anatomy.files, tree.anatomy.extractedBytes));
  else
    restore.anatomy = {
      ...tree.anatomy,
      compressedBytes: restore.archiveBytes ?? 0,
      compression: restore.compressionMethod,
      source: from?.kind ?? "walk",
      ...from?.kind === "remembered" ? { learned: from.learned } : {},
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
function describePartialExtract(roots, files, bytes) {
  const where = roots.join(", ") || "the restore paths";
  if (files === 0) return `The failed extraction left no files under ${where}.`;
  return `The failed extraction left ${files} files (${(bytes / MiB).toFixed(1)} MiB) under ${where}; the rest of the archive is missing, so treat that tree as incomplete.`;
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
  const durationMs = performance.now() - startedMs;
  const after = sectorsWritten(request.procRoot, request.deviceNames);
  let deviceWrittenBytes = null;
  before.forEach((b, i) => {
    const a = after[i];
    if (b === null || a === null || a === void 0) return;
    deviceWrittenBytes = (deviceWrittenBytes ?? 0) + counterDelta(b, a) * SECTOR_BYTES;
  });
  return { owedBeforeBytes, owedAfterBytes: owedBytes(request.procRoot), deviceWrittenBytes, durationMs, syncs };
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

// src/pipeline/stages/restore.ts
import { performance as performance2 } from "node:perf_hooks";

// src/restore/timed-restore.ts
import * as path6 from "node:path";
import { statSync, unlinkSync } from "node:fs";

// src/restore/capture-output.ts
var TAIL_CHARS = 8 * 1024;
async function captureOutput(fn) {
  let text = "";
  const keep = (chunk) => {
    text += typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : "";
    if (text.length > 2 * TAIL_CHARS) text = text.slice(-TAIL_CHARS);
  };
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((s) => s.write);
  for (const [i, stream] of streams.entries()) {
    const original = originals[i];
    stream.write = function(chunk, ...rest) {
      keep(chunk);
      return original.call(this, chunk, ...rest);
    };
  }
  try {
    return { value: await fn(), text: text.slice(-TAIL_CHARS) };
  } catch (error) {
    return { error, text: text.slice(-TAIL_CHARS) };
  } finally {
    for (const [i, stream] of streams.entries()) stream.write = originals[i];
  }
}
function toolMessages(text, maxLines = 6) {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("[command]") && !l.startsWith("::"));
  return [...new Set(lines)].slice(-maxLines);
}

// src/sample/download-timeline.ts
var DownloadTimelineRecorder = class {
  constructor(o) {
    this.o = o;
    this.recorder = new TransferRecorder({
      ...o,
      direction: "download",
      part: (request) => headerText(request.getHeader("x-ms-range")) ?? headerText(request.getHeader("range"))
    });
  }
  o;
  recorder;
  start() {
    this.recorder.start();
  }
  stop() {
    const { requests, ...rest } = this.recorder.stop();
    return {
      ...rest,
      requests: requests.map((r) => ({
        id: r.id,
        method: r.method,
        range: r.part,
        startMs: r.startMs,
        firstByteMs: r.responseMs,
        endMs: r.endMs,
        status: r.status,
        receivedBytes: r.bytes,
        outcome: r.outcome,
        points: r.points
      })),
      limits: this.o.limits
    };
  }
};

// src/restore/tar-report.ts
import { spawnSync } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { Socket } from "node:net";
import * as path5 from "node:path";

// src/restore/reported-tree.ts
import * as path4 from "node:path";
var ReportedTree = class {
  /** workingDirectory: where tar extracts (-C), which member names are relative to; roots: absolute. */
  constructor(workingDirectory, roots) {
    this.workingDirectory = workingDirectory;
    this.roots = [...new Set(roots)].map((root) => ({ root, member: toMemberName(path4.relative(workingDirectory, root)) }));
  }
  workingDirectory;
  anatomy = emptyAnatomy();
  bytesByRoot = /* @__PURE__ */ new Map();
  roots;
  /** One line of tar's report; lines that are no member (a warning, a blank) count for nothing. */
  addLine(line) {
    const member = parseVerboseLine(line);
    if (!member) return;
    const a = this.anatomy;
    a.entries++;
    switch (member.type) {
      case "d":
        a.directories++;
        return;
      case "l":
        a.symlinks++;
        return;
      case "h":
        a.hardlinks++;
        return;
      case "-":
        a.files++;
        a.extractedBytes += member.sizeBytes;
        addToHistogram(a.sizeHistogram, member.sizeBytes);
        this.countToRoot(member.name, member.sizeBytes);
        return;
      default:
        a.other++;
    }
  }
  /** Whether tar reported anything at all (an archive @actions/cache made holds at least its paths). */
  get empty() {
    return this.anatomy.entries === 0;
  }
  result() {
    return {
      anatomy: { ...this.anatomy, sizeHistogram: this.anatomy.sizeHistogram.map((b) => ({ ...b })) },
      truncated: false,
      bytesByRoot: new Map(this.bytesByRoot)
    };
  }
  countToRoot(name, sizeBytes) {
    const member = toMemberName(name);
    let hit = this.roots.find((r) => isUnder(member, r.member));
    if (!hit) {
      const full = path4.resolve(this.workingDirectory, name);
      hit = this.roots.find((r) => full === r.root || full.startsWith(r.root.endsWith(path4.sep) ? r.root : r.root + path4.sep));
    }
    if (hit) this.bytesByRoot.set(hit.root, (this.bytesByRoot.get(hit.root) ?? 0) + sizeBytes);
  }
};
function toMemberName(name) {
  let n = name;
  while (n.startsWith("./")) n = n.slice(2);
  if (n === ".") return "";
  return n.endsWith("/") ? n.slice(0, -1) : n;
}
function isUnder(member, rootMember) {
  return rootMember === "" || member === rootMember || member.startsWith(rootMember) && member.charCodeAt(rootMember.length) === 47;
}

// src/restore/tar-report.ts
var DRAIN_TIMEOUT_MS = 2e3;
var UNSAFE_IN_OPTIONS = /[\s'"\\]/;
function openTarReport(dir, workingDirectory, roots) {
  if (process.platform !== "linux") return null;
  const fifo = path5.join(dir, "tar-report.fifo");
  if (UNSAFE_IN_OPTIONS.test(fifo)) return null;
  if (spawnSync("mkfifo", ["-m", "600", fifo], { stdio: "ignore" }).status !== 0) return null;
  let readFd;
  let writeFd;
  try {
    readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    unlinkQuietly(fifo);
    return null;
  }
  try {
    writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch {
    closeSync(readFd);
    unlinkQuietly(fifo);
    return null;
  }
  const tree = new ReportedTree(workingDirectory, roots);
  let pending = "";
  const socket = new Socket({ fd: readFd, readable: true, writable: false });
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    const text = pending + chunk;
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      tree.addLine(text.slice(start, end));
      start = end + 1;
    }
    pending = text.slice(start);
  });
  const ended = new Promise((resolve3) => {
    socket.once("end", () => resolve3(true));
    socket.once("error", () => resolve3(false));
  });
  return {
    tarOptions: `-vv --index-file=${fifo}`,
    async finish() {
      closeSync(writeFd);
      let timer;
      const complete = await Promise.race([ended, new Promise((resolve3) => timer = setTimeout(() => resolve3(false), DRAIN_TIMEOUT_MS))]);
      clearTimeout(timer);
      socket.destroy();
      unlinkQuietly(fifo);
      if (!complete) return null;
      if (pending) tree.addLine(pending);
      return tree.empty ? null : tree.result();
    }
  };
}
var TAR_TIME_ZONE = ":/etc/localtime";
async function withTarOptions(options, fn) {
  if (!options) return fn();
  const before = process.env.TAR_OPTIONS;
  const zoneUnset = process.env.TZ === void 0;
  process.env.TAR_OPTIONS = before?.trim() ? `${before} ${options}` : options;
  if (zoneUnset) process.env.TZ = TAR_TIME_ZONE;
  try {
    return await fn();
  } finally {
    if (before === void 0) delete process.env.TAR_OPTIONS;
    else process.env.TAR_OPTIONS = before;
    if (zoneUnset) delete process.env.TZ;
  }
}

// src/restore/timed-restore.ts
var MAX_PROGRESS_POINTS = 600;
async function timedRestore(request) {
  const { paths, primaryKey, restoreKeys, enableCrossOsArchive } = request;
  const keysTried = [primaryKey, ...restoreKeys];
  const serviceVersion = getCacheServiceVersion() === "v2" ? "v2" : "v1";
  const phases = [];
  const wallStartMs = monotonicMs();
  let current = { name: "lookup", start: request.boundary() };
  request.onPhase?.("lookup");
  const next = (name, extra = {}) => {
    const end = request.boundary();
    phases.push({ name: current.name, startMs: current.start.tMs, endMs: end.tMs, start: current.start, end, ...extra });
    if (name) current = { name, start: end };
    request.onPhase?.(name);
    return end;
  };
  const result = {
    cacheHit: false,
    matchedKey: null,
    exactMatch: false,
    keysTried,
    paths,
    serviceVersion,
    compressionMethod: "",
    archiveBytes: null,
    restoreMs: 0,
    wallMs: 0
  };
  let archivePath = null;
  let downloadUrl;
  let extractStartedAtEpochMs = null;
  let reportedTree = null;
  let treeFrom = null;
  let treeLookup = null;
  let phaseOpen = true;
  let timeline;
  try {
    const cacheMode = getCacheMode();
    if (!isCacheReadable(cacheMode)) {
      result.skipped = { reason: "cache-mode", message: `Cache restore skipped: the effective cache-mode '${cacheMode}' does not permit reads.` };
      request.log(result.skipped.message);
      request.onPhase?.(null);
      phaseOpen = false;
      return finish();
    }
    const compressionMethod = await cacheUtils_exports.getCompressionMethod();
    result.compressionMethod = String(compressionMethod);
    const cacheVersion = cacheUtils_exports.getCacheVersion(paths, compressionMethod, enableCrossOsArchive);
    const workingDirectory = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const roots = restoreRoots(paths, workingDirectory);
    if (serviceVersion === "v2") {
      const response = await internalCacheTwirpClient().GetCacheEntryDownloadURL({ key: primaryKey, restoreKeys, version: cacheVersion });
      if (response.ok) {
        downloadUrl = response.signedDownloadUrl;
        result.matchedKey = response.matchedKey;
      }
    } else {
      const entry = await getCacheEntry(keysTried, paths, { compressionMethod, enableCrossOsArchive });
      if (entry?.archiveLocation) {
        downloadUrl = entry.archiveLocation;
        result.matchedKey = entry.cacheKey ?? null;
      }
    }
    if (!downloadUrl) {
      next(null);
      phaseOpen = false;
      return finish();
    }
    result.exactMatch = isExactKeyMatch(primaryKey, result.matchedKey);
    if (request.lookupOnly) {
      result.skipped = { reason: "lookup-only", message: "Lookup only - skipping download" };
      request.log(result.skipped.message);
      next(null);
      phaseOpen = false;
      return finish();
    }
    next("download");
    const known = startTreeLookup(request, { matchedKey: result.matchedKey, cacheVersion }, workingDirectory, roots);
    treeLookup = known?.asked ?? null;
    archivePath = path6.join(await cacheUtils_exports.createTempDirectory(), cacheUtils_exports.getCacheFileName(compressionMethod));
    const progress = watchFileSize(archivePath, request.progressIntervalMs);
    const { host, pathname } = new URL(downloadUrl);
    const recorder = new DownloadTimelineRecorder({
      host,
      pathname,
      intervalMs: request.progressIntervalMs,
      nowMs: request.clockMs ?? monotonicMs,
      procRoot: request.procRoot ?? null,
      limits: downloadLimits(downloadUrl, serviceVersion === "v2")
    });
    recorder.start();
    try {
      await downloadCache(downloadUrl, archivePath, serviceVersion === "v2" ? { useAzureSdk: true } : void 0);
    } finally {
      progress.stop();
      timeline = recorder.stop();
    }
    result.archiveBytes = cacheUtils_exports.getArchiveFileSizeInBytes(archivePath);
    request.log(`Cache Size: ~${Math.round(result.archiveBytes / (1024 * 1024))} MB (${result.archiveBytes} B)`);
    const remembered = known?.settled();
    const useRemembered = remembered && remembered.archiveBytes === result.archiveBytes ? remembered : null;
    const report = useRemembered ? null : openTarReport(path6.dirname(archivePath), workingDirectory, roots);
    next("extract", { networkBytes: result.archiveBytes, progress: progress.points(), downloadTimeline: timeline });
    request.onExtractStart?.({ paths, compressionMethod: result.compressionMethod });
    extractStartedAtEpochMs = Date.now();
    const archive = archivePath;
    let extraction;
    try {
      extraction = await withTarOptions(report?.tarOptions ?? null, () => captureOutput(() => extractTar(archive, compressionMethod)));
    } finally {
      reportedTree = useRemembered?.tree ?? await report?.finish() ?? null;
      treeFrom = useRemembered ? { kind: "remembered", learned: useRemembered.learned } : reportedTree ? { kind: "tar-report" } : null;
    }
    deleteArchive(archive, request.log);
    if ("error" in extraction) {
      const said = toolMessages(extraction.text);
      throw new Error(`${errorMessage(extraction.error)}${said.length > 0 ? ` (tar/zstd said: ${said.join(" | ")})` : ""}`);
    }
    next(null);
    phaseOpen = false;
    result.cacheHit = true;
    return finish();
  } catch (error) {
    const failedPhase = current.name;
    if (archivePath && failedPhase === "download") deleteArchive(archivePath, request.log);
    if (phaseOpen) next(null, failedPhase === "download" && timeline ? { downloadTimeline: timeline } : {});
    result.cacheHit = false;
    result.error = { phase: failedPhase, message: errorMessage(error) };
    return finish();
  }
  function finish() {
    const first = phases[0];
    const last = phases[phases.length - 1];
    result.restoreMs = first && last ? last.endMs - first.startMs : 0;
    result.wallMs = monotonicMs() - wallStartMs;
    return { restore: result, phases, archivePath, downloadUrl: downloadUrl ?? null, extractStartedAtEpochMs, reportedTree, treeFrom, treeLookup };
  }
}
function startTreeLookup(request, found, workingDirectory, roots) {
  const { matchedKey, cacheVersion } = found;
  if (!request.lookUpTree || !matchedKey) return null;
  const entry = { matchedKey, cacheVersion };
  let answer = null;
  const lookup = request.lookUpTree(entry, workingDirectory, roots).then(
    (found2) => answer = found2,
    (error) => answer = { known: null, absent: false, reason: errorMessage(error) }
  );
  return { asked: { entry, workingDirectory, lookup }, settled: () => answer?.known ?? null };
}
function deleteArchive(archivePath, log) {
  try {
    unlinkSync(archivePath);
  } catch (error) {
    if (error.code !== "ENOENT") log(`Failed to delete archive: ${errorMessage(error)}`);
  }
}
function watchFileSize(file, intervalMs) {
  const points = [];
  const timer = setInterval(
    () => {
      try {
        points.push([monotonicMs(), statSync(file).size]);
      } catch {
      }
    },
    Math.max(10, intervalMs)
  );
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    points: () => downsampleEvenly(points, MAX_PROGRESS_POINTS)
  };
}

// src/restore/observed-restore.ts
async function observedRestore(o) {
  const sampler = o.procRoot === null ? null : new Sampler({ intervalMs: o.sampleIntervalMs, devices: o.devices, originMs: o.originMs, procRoot: o.procRoot, cgroupCpu: o.cgroupCpu ?? null });
  const boundary = sampler ? () => sampler.snapshot() : () => bareSnapshot(o.originMs, o.devices.length);
  sampler?.start();
  try {
    const timed = await timedRestore({
      paths: o.paths,
      primaryKey: o.primaryKey,
      restoreKeys: o.restoreKeys,
      enableCrossOsArchive: o.enableCrossOsArchive,
      lookupOnly: o.lookupOnly,
      onPhase: o.onPhase,
      ...o.onExtractStart ? { onExtractStart: o.onExtractStart } : {},
      ...o.lookUpTree ? { lookUpTree: o.lookUpTree } : {},
      progressIntervalMs: o.sampleIntervalMs,
      boundary,
      log: o.log,
      clockMs: () => monotonicMs() - o.originMs,
      procRoot: o.procRoot
    });
    return { timed, sampler };
  } catch (error) {
    sampler?.stop();
    throw error;
  }
}
function bareSnapshot(originMs, deviceCount) {
  return {
    tMs: monotonicMs() - originMs,
    disks: new Array(deviceCount).fill(null),
    cpu: null,
    pressure: null,
    memory: null,
    childCpuTicks: null,
    selfCpuUs: selfCpuUs()
  };
}

// src/pipeline/tail-decision.ts
var TAIL_RULES = [
  "tail-empty",
  "probes-run",
  "fail-on-bottleneck",
  "no-experiment",
  "experiments-every-run",
  "to-measure-remembered",
  "restore-short-for-auto",
  "fixes-remembered",
  "nothing-to-measure",
  "fixes-to-measure"
];
function tailKnownEmpty(f) {
  return f.restoreInMemory || f.dirtyAtExtractEndBytes === 0;
}
var RULES = {
  "tail-empty": {
    test: tailKnownEmpty,
    who: "main",
    why: "nothing of the restore was left to write to disk when extraction ended (a file system in memory, or nothing dirty)"
  },
  "probes-run": { test: (f) => f.runProbes, who: "main", why: "the probes run this run and need the disk quiet" },
  // The post step never fails the job, and a verdict without the tail is not the run's verdict.
  "fail-on-bottleneck": {
    test: (f) => f.failOnBottleneck,
    who: "main",
    why: "fail-on-bottleneck needs the verdict, judged with the tail, in this step"
  },
  "no-experiment": { test: (f) => !f.experimentsCanRun, who: "follower", why: "the ceilings are remembered and no experiment can run" },
  "experiments-every-run": { test: (f) => !f.experimentsAuto, who: "main", why: "experiments are asked for on every run" },
  // Before the gate: the restore may come in under it without its tail, as the one the post step judged did.
  "to-measure-remembered": {
    test: (f) => f.toMeasureRemembered,
    who: "main",
    why: "a post step judged a restore of this cache, with its tail, as one experiments: auto measures, and could not measure it"
  },
  // auto measures only restores of AUTO_EXPERIMENTS_MIN_RESTORE_MS or more until on disk: one this short before its tail is followed, not waited for.
  "restore-short-for-auto": {
    test: (f) => f.restoreMs === null || f.restoreMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS,
    who: "follower",
    why: "the ceilings are remembered and experiments: auto decides on the restore without its tail"
  },
  "fixes-remembered": { test: (f) => f.fixesRemembered, who: "follower", why: "the ceilings and the measured fixes are remembered" },
  // Main still judges without the tail first: a verdict that asks for experiments makes it wait after all.
  "nothing-to-measure": {
    test: (f) => f.nothingToMeasureRemembered,
    who: "follower",
    why: "the ceilings are remembered, and a run on this hardware of a cache of this shape found nothing for the experiments to measure"
  },
  "fixes-to-measure": { test: () => true, who: "main", why: "experiments: auto has no measured fixes remembered for this cache" }
};
function whoWaitsForTail(f) {
  const rule = TAIL_RULES.find((r) => RULES[r].test(f)) ?? "fixes-to-measure";
  const { who, why } = RULES[rule];
  return { who, rule, why };
}
var IN_MEMORY_FS_TYPES = /* @__PURE__ */ new Set(["tmpfs", "ramfs"]);
function tailAtExtractEnd(restoreFileSystems, extractEnd) {
  const memory = extractEnd.memory;
  return {
    restoreInMemory: restoreFileSystems.length > 0 && restoreFileSystems.every((fs) => IN_MEMORY_FS_TYPES.has(fs.fsType)),
    dirtyAtExtractEndBytes: memory ? memory.dirtyBytes + memory.writebackBytes : null
  };
}
var TAIL_WAIT_LINE_START = "The step waits for the restore's files to be on disk";
function tailWaitAfterAllLine(autoReason) {
  return `${TAIL_WAIT_LINE_START} after all: experiments: auto would measure on this run (${autoReason}).`;
}
function tailWaitLine(waiter) {
  if (waiter.who !== "main" || waiter.rule === "tail-empty") return null;
  return `${TAIL_WAIT_LINE_START} (${waiter.why}).`;
}

// src/pipeline/stages/restore.ts
var NOTHING_KNOWN = { restoreInMemory: false, dirtyAtExtractEndBytes: null };
async function measureRestore(config, view, restoreFileSystems, originMs, procRoot, hooks, warn) {
  const { timed, sampler } = await observedRestore({
    paths: config.paths,
    primaryKey: config.primaryKey,
    restoreKeys: config.restoreKeys,
    enableCrossOsArchive: config.enableCrossOsArchive,
    lookupOnly: config.lookupOnly,
    onPhase: hooks.onPhase,
    ...hooks.onExtractStart ? { onExtractStart: hooks.onExtractStart } : {},
    ...hooks.lookUpTree ? { lookUpTree: hooks.lookUpTree } : {},
    sampleIntervalMs: config.sampleIntervalMs,
    devices: view.where.devices,
    originMs,
    procRoot: view.hasProc ? procRoot : null,
    cgroupCpu: view.hasProc ? view.cgroup?.cpuFiles : null,
    log: hooks.log
  });
  const { restore, phases } = timed;
  if (restore.error) warn(`Failed to restore during ${restore.error.phase}: ${restore.error.message}`);
  const extract = phases.find((p) => p.name === "extract");
  const atExtractEnd = extract ? tailAtExtractEnd(
    view.where.fileSystems.filter((fs) => view.restorePaths.includes(fs.path)),
    extract.end
  ) : NOTHING_KNOWN;
  if (!sampler || !extract || !(config.writebackTimeoutMs > 0)) return { timed, phases, sampler, tail: null, atExtractEnd };
  if (hooks.followWriteback && !tailKnownEmpty(atExtractEnd)) {
    const follower = hooks.followWriteback({
      fileSystems: restoreFileSystems,
      deadlineMs: config.writebackTimeoutMs,
      originEpochMs: performance2.timeOrigin + originMs,
      intervalMs: config.sampleIntervalMs,
      devices: view.where.devices,
      procRoot,
      cgroupCpu: view.cgroup?.cpuFiles ?? null
    });
    if (follower) return { timed, phases, sampler, tail: { kind: "follower", follower }, atExtractEnd };
  }
  const done = syncFileSystems(restoreFileSystems, config.writebackTimeoutMs).then((syncs) => ({ syncs, end: sampler.snapshot() }));
  return { timed, phases, sampler, tail: { kind: "here", done }, atExtractEnd };
}
async function waitForTail(r, config, hooks, warn) {
  const { timed, phases, sampler } = r;
  let writebackTail = null;
  if (r.tail) {
    hooks.onPhase?.("writeback");
    const extract = phases.find((p) => p.name === "extract");
    if (r.tail.kind === "here") {
      const { syncs, end } = await r.tail.done;
      phases.push({ name: "writeback", startMs: extract.end.tMs, endMs: end.tMs, start: extract.end, end });
      writebackTail = { syncs, complete: syncs.every((s) => s.returned) };
    } else {
      const result = await r.tail.follower.done;
      if (result) {
        const followed = followedTail(extract, result);
        phases.push(followed.phase);
        writebackTail = followed.tail;
      } else warn("The writeback follower ended without a result; the tail was not timed.");
    }
    hooks.onPhase?.(null);
    if (writebackTail && !writebackTail.complete) warn(notOnDiskSentence(config.writebackTimeoutMs, writebackTail));
  }
  const samples = sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  return { timed, phases, samples, writebackTail };
}
function leaveTailToFollower(r, config) {
  if (r.tail?.kind !== "follower") return null;
  const samples = r.sampler?.stop() ?? { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  const follower = r.tail.follower;
  return { measured: { timed: r.timed, phases: r.phases, samples, writebackTail: null, backgroundTail: follower.tail }, follower };
}
async function awaitFollowedTail(measured, follower, config, hooks, warn) {
  const { backgroundTail: _, ...rest } = measured;
  const extract = measured.phases.find((p) => p.name === "extract");
  hooks.onPhase?.("writeback");
  const result = await follower.done;
  hooks.onPhase?.(null);
  if (!result || !extract) {
    warn("The writeback follower ended without a result; the tail was not timed.");
    return rest;
  }
  const { phase, tail, snapshots } = followedTail(extract, result);
  if (!tail.complete) warn(notOnDiskSentence(config.writebackTimeoutMs, tail));
  const all = [...measured.samples.snapshots, ...snapshots].sort((a, b) => a.tMs - b.tMs);
  return { ...rest, phases: [...measured.phases, phase], samples: { ...measured.samples, snapshots: all }, writebackTail: tail };
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
  let early = null;
  const onExtractStart = (soFar) => setImmediate(() => early ??= earlyReads(config, fingerprint, soFar));
  const restored = await measureRestore(
    config,
    view,
    restoreFileSystems,
    originMs,
    kernel.procRoot,
    { ...hooks, onExtractStart, lookUpTree: lookUpAnatomy },
    warn
  );
  machine.leave();
  const { timed, phases } = restored;
  const { restore } = timed;
  const anatomyStored = rememberAnatomy(timed);
  const bytesByRoot = readRestoredTree(view.roots, timed, warn);
  const placement = placeRestore(config, view.where.devices, bytesByRoot, phases, hooks.log);
  const { probePlan, historyLoad, fixes } = await readRemembered(config, fingerprint, restore, phases, hooks, early);
  const runProbes = config.probes.length > 0 && !probePlan.remembered;
  const nothingHeld = nothingToMeasureHeld(fixes, fingerprint, restore);
  const restoreMs = restore?.cacheHit && !restore.error ? restore.restoreMs : null;
  const experimentsCanRun = config.experiments.length > 0 && typeof experimentsRequestFor(config, timed, phases) !== "string";
  const waiter = whoWaitsForTail({
    ...restored.atExtractEnd,
    runProbes,
    experimentsCanRun,
    experimentsAuto: config.experimentsAuto,
    restoreMs,
    fixesRemembered: fixes?.found === true,
    nothingToMeasureRemembered: nothingHeld,
    toMeasureRemembered: toMeasureHeld(fixes, fingerprint, restore),
    failOnBottleneck: config.failOnBottleneck.length > 0
  });
  const left = waiter.who === "follower" ? leaveTailToFollower(restored, config) : null;
  const waitLine = tailWaitLine(waiter);
  if (waitLine) hooks.log(waitLine);
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
  const ceilingsSource = await rememberCeilings(config, fingerprint, diskProbeSuite(placement, probes), probePlan, restore, hooks, warn);
  const facts = { createdAt, context, devices: placement.devices, probes, warnings, preflush, fingerprint, ceilingsSource };
  let profile = measuredProfile(config, { ...facts, restore: measured });
  const quiet = [];
  let judged = judgeOnce(profile, config, probePlan.decision, left ? (line) => quiet.push(line) : hooks.log, fixes, left !== null);
  if (left && judged.experimentPlan?.run) {
    hooks.log(tailWaitAfterAllLine(judged.experimentPlan.reason));
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
    { plan: experimentPlan, canRun: experimentsCanRun, restore: measured, placement, originMs, fixes, bottleneck: profile.verdict?.bottleneck ?? null },
    machine,
    holdMachine,
    hooks,
    warn
  );
  machine.leave();
  machine.release();
  recordExperiments(profile, experiments, machine.met());
  const entry = fixesEntryFor(experimentPlan, experiments.experiments, {
    restoreMs,
    judgedWithTail: !measured.backgroundTail,
    nothingToMeasureHeld: nothingHeld
  });
  await rememberFixes(entry, experimentPlan, profile, (/* @__PURE__ */ new Date()).toISOString(), hooks, warn);
  if (!measured.backgroundTail) {
    const [, anatomyLine2] = await Promise.all([addToHistory(config, profile, fingerprint, historyLoad, hooks), anatomyStored]);
    if (anatomyLine2) hooks.log(anatomyLine2);
    return { profile, judgement };
  }
  const [loaded, anatomyLine] = await Promise.all([historyLoad, anatomyStored]);
  if (anatomyLine) hooks.log(anatomyLine);
  return {
    profile,
    judgement,
    backgroundTail: measured.backgroundTail,
    ...loaded ? { historyForPost: loaded } : {},
    ...fixes ? { fixesForPost: fixes } : {}
  };
}

export {
  observedRestore,
  TAIL_WAIT_LINE_START,
  runProfile,
  runJudgedProfile
};
