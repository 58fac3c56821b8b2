import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  addToHistory,
  awaitFollowedTail,
  earlyReads,
  emptyHistogram,
  experimentsRequestFor,
  fingerprintOf,
  fixesEntryFor,
  judgeOnce,
  leaveTailToFollower,
  measureRestore,
  nothingToMeasureHeld,
  readRemembered,
  recordExperiments,
  rememberCeilings,
  rememberFixes,
  runExperimentStage,
  toMeasureHeld,
  waitForTail,
  walkRestoredTree,
  whoWaitsForTail
} from "./chunk-SIDBZUTO.js";
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
} from "./chunk-O73D27ER.js";
import {
  loadNewest,
  monotonicMs,
  runIdentity,
  storeDocument
} from "./chunk-DZCWGJXF.js";
import {
  distinctFileSystems,
  syncFileSystems
} from "./chunk-POD4GJ2I.js";
import {
  pickDiskCounters,
  readCgroup
} from "./chunk-WNSMLK3G.js";
import {
  diskProbeSuite
} from "./chunk-RV4NA6P6.js";
import {
  PROFILE_SCHEMA_VERSION,
  SECTOR_BYTES,
  SHARED_PHASES,
  counterDelta,
  privateMachineSentence,
  restoreRoots
} from "./chunk-NNTRNARP.js";
import {
  readHostFacts,
  readRunnerContext
} from "./chunk-3VR2TVOQ.js";
import {
  TOOL_VERSION
} from "./chunk-V6ICDZO4.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  parseMeminfo,
  readMountinfo,
  readText,
  resolveDevices
} from "./chunk-EYLRBRMM.js";
import {
  MiB,
  seconds
} from "./chunk-T5X3S7KI.js";

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
  runProfile,
  runJudgedProfile
};
