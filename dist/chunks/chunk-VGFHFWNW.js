import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  PARENT_IDS,
  parseBoolean,
  parseChoice,
  parseInteger,
  parseNameList
} from "./chunk-SN27TOXG.js";
import {
  booleanInputWarning,
  getInputAsArray,
  getInputAsBool,
  getInputAsInt
} from "./chunk-HDZVFZKP.js";
import {
  ensureDirectory,
  octal,
  steerable
} from "./chunk-4NJHFO4N.js";
import {
  parseDiskstats
} from "./chunk-I4M43YYT.js";
import {
  memTotalBytes
} from "./chunk-RED6WLUR.js";
import {
  unlinkQuietly
} from "./chunk-5KNF22FP.js";
import {
  EXPERIMENT_DIR_PREFIX,
  EXPERIMENT_MARKER,
  leftAloneSentence,
  lstatOrNull,
  notOwnedReason,
  ownedDirName,
  ownedSuffixes,
  parseDirtyChange,
  putBackIfOurs,
  removeOwnedDir,
  writeOwnerMarker
} from "./chunk-2VRVQZSV.js";
import {
  leftInPlace,
  putBackSentence,
  removedLeftBehind
} from "./chunk-CGZR6LBH.js";
import {
  monotonicMs
} from "./chunk-PWWNCPHY.js";
import {
  expandPath,
  isPattern
} from "./chunk-JYT2JN4Z.js";
import {
  DIRTY_PAIRS,
  DIRTY_SYSCTLS,
  detectPrivileges,
  inForce,
  processIds
} from "./chunk-IDQY3AUZ.js";
import {
  DISK_RESOURCES,
  EXPERIMENT_NAMES,
  PROBE_NAMES,
  RESOURCES,
  SHARED_PHASES
} from "./chunk-SGXIA4GN.js";
import {
  InputError,
  ProfilerError,
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  nearestExistingPath,
  splitDevT
} from "./chunk-KMPHW5Q6.js";
import {
  capitalised
} from "./chunk-QNSZTROI.js";
import {
  GiB,
  MiB
} from "./chunk-YRJ6SEFO.js";

// src/config/config.ts
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

// src/config/keys.ts
var MAX_KEYS = 10;
var MAX_KEY_LENGTH = 512;
function validateKeys(primaryKey, restoreKeys) {
  const all = [primaryKey, ...restoreKeys];
  if (!primaryKey) throw new InputError("key", primaryKey, "a non-empty cache key");
  if (all.length > MAX_KEYS) {
    throw new InputError("restore-keys", `${restoreKeys.length} keys`, `at most ${MAX_KEYS - 1} restore keys (10 keys in all, as actions/cache allows)`);
  }
  for (const key of all) {
    const input = key === primaryKey ? "key" : "restore-keys";
    if (key.length > MAX_KEY_LENGTH) {
      throw new InputError(input, `${key.slice(0, 40)}\u2026 (${key.length} characters)`, `keys of at most ${MAX_KEY_LENGTH} characters`);
    }
    if (key.includes(",")) throw new InputError(input, key, "keys without commas");
  }
}

// src/config/experiments-input.ts
var EXPERIMENTS_INPUT = "experiments";
var EXPERIMENTS_BUDGET_INPUT = "experiments-budget-seconds";
var DEFAULT_EXPERIMENTS = EXPERIMENT_NAMES;
var DEFAULT_EXPERIMENT_BUDGET_SECONDS = 60;
function parseExperiments(raw) {
  const value = raw.trim();
  if (value === "" || value === "default") return [...DEFAULT_EXPERIMENTS];
  if (value === "none") return [];
  if (value.split(/[,\n]/).some((s) => s.trim() === "baseline")) {
    throw new InputError(
      EXPERIMENTS_INPUT,
      raw,
      `auto, default, none, or a comma-separated list of: ${EXPERIMENT_NAMES.join(", ")} (the baseline always runs with them)`
    );
  }
  try {
    return parseNameList(EXPERIMENTS_INPUT, value, EXPERIMENT_NAMES);
  } catch (error) {
    if (error instanceof InputError) {
      throw new InputError(
        EXPERIMENTS_INPUT,
        raw,
        `auto, default, none, or a comma-separated list of: ${EXPERIMENT_NAMES.join(", ")} ('${error.given}' is none of them)`
      );
    }
    throw error;
  }
}
var MIN_EXPERIMENT_BUDGET_SECONDS = 5;
var MAX_EXPERIMENT_BUDGET_SECONDS = 1800;
function parseExperimentBudgetMs(raw) {
  return parseInteger(EXPERIMENTS_BUDGET_INPUT, raw, DEFAULT_EXPERIMENT_BUDGET_SECONDS, MIN_EXPERIMENT_BUDGET_SECONDS, MAX_EXPERIMENT_BUDGET_SECONDS, "seconds") * 1e3;
}

// src/config/prices.ts
var ALLOWED = "label=price pairs separated by commas or line breaks, each price the US dollars a minute of that runner costs (a number \u2265 0, e.g. 0.006), each label once: `ubuntu-latest=0.006, ubuntu-24.04-arm=0.005`";
function parsePrices(given, input = "prices") {
  const prices = /* @__PURE__ */ new Map();
  for (const raw of given.split(/[,\n]/)) {
    const pair = raw.trim();
    if (pair === "") continue;
    const at = pair.lastIndexOf("=");
    const label = at > 0 ? pair.slice(0, at).trim() : "";
    const figure = at > 0 ? pair.slice(at + 1).trim().replace(/^\$/, "") : "";
    const price = /^\d+(\.\d+)?$|^\.\d+$/.test(figure) ? Number(figure) : Number.NaN;
    if (label === "" || !Number.isFinite(price)) throw new InputError(input, pair, ALLOWED);
    if (prices.has(label)) throw new InputError(input, given, `${ALLOWED} (${label} is priced twice)`);
    prices.set(label, price);
  }
  return prices;
}

// src/config/config.ts
var ALL_PROBES = PROBE_NAMES;
var FAILABLE_BOTTLENECKS = RESOURCES;
var MODES = ["profile", "compare"];
var ARTIFACT_NAME_FORBIDDEN = /["<>:|*?\\/\r\n]/;
var ARTIFACT_PATTERN_FORBIDDEN = /["<>:|\\/\r\n]/;
var hasControlCharacter = (text) => [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
function parseConfig(input, env = process.env) {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const runnerTemp = env.RUNNER_TEMP || os.tmpdir();
  const givenLabel = input("label").trim();
  if (hasControlCharacter(givenLabel)) throw new InputError("label", givenLabel, "a name on one line, without control characters");
  const label = givenLabel || env.RUNNER_NAME || os.hostname();
  const historyLabel = !givenLabel && env.ImageOS ? `${env.ImageOS}-${env.RUNNER_ARCH || process.arch}` : void 0;
  const common = { label, workspace, runnerTemp };
  const mode = parseChoice("mode", input("mode"), MODES, "profile");
  if (mode === "compare") {
    const artifactPattern = input("artifact-pattern").trim() || "disk-profile-*";
    if (ARTIFACT_PATTERN_FORBIDDEN.test(artifactPattern)) {
      throw new InputError(
        "artifact-pattern",
        artifactPattern,
        'one glob of artifact names: any characters but " < > : | \\ / and line breaks, with * and ? as wildcards'
      );
    }
    return { mode, ...common, artifactPattern, prices: parsePrices(input("prices")) };
  }
  const paths = getInputAsArray(input("path"));
  if (paths.length === 0) throw new InputError("path", input("path"), "one or more paths, one per line, as in actions/cache");
  const primaryKey = input("key").trim();
  const restoreKeys = getInputAsArray(input("restore-keys"));
  const inputWarnings = [];
  const cacheBool = (name) => {
    const warning = booleanInputWarning(name, input(name));
    if (warning) inputWarnings.push(warning);
    return getInputAsBool(input(name));
  };
  validateKeys(primaryKey, restoreKeys);
  const probesRaw = input("probes").trim() || "auto";
  const probesAuto = probesRaw === "auto";
  const probes = probesRaw === "none" ? [] : probesAuto || probesRaw === "default" || probesRaw === "all" ? [...ALL_PROBES] : parseProbeList(probesRaw);
  const experimentsRaw = input("experiments").trim() || "auto";
  const experimentsAuto = experimentsRaw === "auto";
  const uploadArtifact = parseBoolean("upload-artifact", input("upload-artifact"), false);
  const givenArtifactName = input("artifact-name").trim();
  if (givenArtifactName && ARTIFACT_NAME_FORBIDDEN.test(givenArtifactName)) {
    throw new InputError("artifact-name", givenArtifactName, 'a name without " < > : | * ? \\ / or line breaks');
  }
  if (uploadArtifact && !givenArtifactName && ARTIFACT_NAME_FORBIDDEN.test(label)) {
    throw new InputError("label", label, 'a label without " < > : | * ? \\ / or line breaks, since it names the artifact (or set artifact-name explicitly)');
  }
  const artifactName = givenArtifactName || `disk-profile-${label}`;
  return {
    mode,
    ...common,
    paths,
    primaryKey,
    restoreKeys,
    enableCrossOsArchive: cacheBool("enableCrossOsArchive"),
    failOnCacheMiss: cacheBool("fail-on-cache-miss"),
    lookupOnly: cacheBool("lookup-only"),
    uploadChunkSize: getInputAsInt(input("upload-chunk-size")) ?? null,
    save: parseBoolean("save", input("save"), true),
    inputWarnings,
    failOnBottleneck: parseFailOn(input("fail-on-bottleneck")),
    sampleIntervalMs: parseInteger("sample-interval-ms", input("sample-interval-ms"), 100, 10, 1e4, "milliseconds"),
    writebackTimeoutMs: parseInteger("writeback-timeout-seconds", input("writeback-timeout-seconds"), 120, 0, 3600, "seconds") * 1e3,
    probes,
    probesAuto,
    rememberCeilings: parseBoolean("remember-ceilings", input("remember-ceilings"), true),
    ceilingsMaxAgeMs: parseInteger("ceilings-max-age-days", input("ceilings-max-age-days"), 30, 1, 365, "days") * 864e5,
    history: parseBoolean("history", input("history"), true),
    ...historyLabel ? { historyLabel } : {},
    probeBudgetMs: parseInteger("probe-budget-seconds", input("probe-budget-seconds"), 30, 6, 600, "seconds") * 1e3,
    probePath: resolveProbePath(input("probe-path"), paths, workspace),
    probePathFromInput: input("probe-path").trim() !== "",
    installFio: parseBoolean("install-fio", input("install-fio"), true),
    experiments: experimentsAuto ? parseExperiments("default") : parseExperiments(experimentsRaw),
    experimentsAuto,
    experimentsBudgetMs: parseExperimentBudgetMs(input("experiments-budget-seconds")),
    uploadArtifact,
    artifactName
  };
}
function parseProbeList(raw) {
  try {
    return parseNameList("probes", raw, ALL_PROBES);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError("probes", raw, `auto, default (all), none, or a comma-separated list of: ${ALL_PROBES.join(", ")} ('${error.given}' is none of them)`);
  }
}
var DISK_SHORTHAND = "disk";
function parseFailOn(raw) {
  const value = raw.trim();
  if (value === "" || value === "none") return [];
  const allowed = [...FAILABLE_BOTTLENECKS, DISK_SHORTHAND];
  try {
    const names = parseNameList("fail-on-bottleneck", value, allowed);
    return [...new Set(names.flatMap((n) => n === DISK_SHORTHAND ? DISK_RESOURCES : [n]))];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(
      "fail-on-bottleneck",
      raw,
      `empty or none (never fail), or a comma-separated list of: ${allowed.join(", ")} (disk: both disk ones) ('${error.given}' is none of them)`
    );
  }
}
function resolveProbePath(raw, paths, workspace) {
  const given = raw.trim();
  if (given !== "") return checkProbePath(raw, expandPath(given, workspace));
  const first = paths.find((p) => !isPattern(p));
  return first ? expandPath(first, workspace) : workspace;
}
var PROBE_PATH_ALLOWED = "an existing directory, or a directory about to be created whose parent exists (never a file or a device)";
function checkProbePath(raw, resolved) {
  const stat = statOrNull(resolved);
  if (stat) {
    if (stat.isDirectory()) return resolved;
    const what = stat.isBlockDevice() || stat.isCharacterDevice() ? "a device" : stat.isFile() ? "a file" : "not a directory";
    throw new InputError("probe-path", raw, `${PROBE_PATH_ALLOWED}; ${resolved} is ${what}`);
  }
  const parent = statOrNull(path.dirname(resolved));
  if (!parent?.isDirectory()) throw new InputError("probe-path", raw, `${PROBE_PATH_ALLOWED}; neither ${resolved} nor its parent exists`);
  return resolved;
}
function statOrNull(p) {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}
function configRecord(config) {
  return { ...config };
}

// src/probe/cleanup.ts
import fs2 from "node:fs";
import path2 from "node:path";

// src/probe/jobs.ts
var PROBE_FILE_NAME = "probe.dat";
var FREE_SPACE_SHARE = 0.1;
var MAX_FILE_BYTES = 1 * GiB;
var MIN_FILE_BYTES = 64 * MiB;
var PROCESS_OVERHEAD_MS = 500;
var ADAPTIVE_RAMP_MS = 500;
var LAYOUT_BUDGET_SHARE = 0.2;
var MIN_SS_DUR_S = 3;
var MAX_SS_DUR_S = 10;
var InsufficientSpaceError = class extends ProfilerError {
  constructor(freeBytes, neededBytes, where) {
    super(
      `Not enough free space for the disk probes on ${where}: ${formatMiB(freeBytes)} free, the probes need at least ${formatMiB(neededBytes)} free (their file is at most ${FREE_SPACE_SHARE * 100}% of the free space and at least ${formatMiB(MIN_FILE_BYTES)}).`,
      "Free some space on that filesystem, or turn the probes off for this runner."
    );
    this.freeBytes = freeBytes;
    this.neededBytes = neededBytes;
  }
  freeBytes;
  neededBytes;
};
function formatMiB(bytes) {
  return `${Math.floor(bytes / MiB)} MiB`;
}
function jobCount(cpuCount) {
  return Math.max(1, Math.min(4, Math.floor(cpuCount) || 1));
}
var SEQ_TOTAL_QUEUE_DEPTH = 16;
var RAND_TOTAL_QUEUE_DEPTH = 256;
function defineProbe(name, cpuCount, platform = "linux") {
  const asyncEngine = platform === "linux" ? "libaio" : "posixaio";
  const jobs = jobCount(cpuCount);
  const seqDepth = Math.max(1, Math.round(SEQ_TOTAL_QUEUE_DEPTH / jobs));
  const randDepth = Math.max(1, Math.round(RAND_TOTAL_QUEUE_DEPTH / jobs));
  const base = { ioEngine: asyncEngine, direct: true, fdatasync: 0, batch: false };
  switch (name) {
    case "seq-write":
      return { ...base, name, direction: "write", rw: "write", blockSizeBytes: MiB, ioDepth: seqDepth, jobs, steadyState: "bw_slope:3%" };
    case "seq-read":
      return { ...base, name, direction: "read", rw: "read", blockSizeBytes: MiB, ioDepth: seqDepth, jobs, steadyState: "bw_slope:3%" };
    case "rand-write":
      return { ...base, name, direction: "write", rw: "randwrite", blockSizeBytes: 4096, ioDepth: randDepth, jobs, batch: true, steadyState: "iops_slope:3%" };
    case "rand-read":
      return { ...base, name, direction: "read", rw: "randread", blockSizeBytes: 4096, ioDepth: randDepth, jobs, batch: true, steadyState: "iops_slope:3%" };
    case "rand-read-qd1":
      return { ...base, name, direction: "read", rw: "randread", blockSizeBytes: 4096, ioDepth: 1, jobs: 1, steadyState: "iops:10%" };
    case "fsync-write":
      return {
        ...base,
        name,
        direction: "write",
        rw: "write",
        blockSizeBytes: 4096,
        ioDepth: 1,
        jobs: 1,
        ioEngine: "psync",
        direct: false,
        fdatasync: 1,
        steadyState: "iops:10%"
      };
  }
}
function orderProbes(probes) {
  return PROBE_NAMES.filter((name) => probes.includes(name));
}
function planFileSize(freeBytes, jobs, where = "the target filesystem") {
  const share = Math.floor(freeBytes * FREE_SPACE_SHARE);
  if (share < MIN_FILE_BYTES) {
    throw new InsufficientSpaceError(freeBytes, Math.ceil(MIN_FILE_BYTES / FREE_SPACE_SHARE), where);
  }
  const unit = MiB * Math.max(1, jobs);
  return Math.floor(Math.min(MAX_FILE_BYTES, share) / unit) * unit;
}
function planBudget(budgetMs, probeCount) {
  const layoutCapMs = Math.round(Math.min(2e4, Math.max(1e3, budgetMs * LAYOUT_BUDGET_SHARE)));
  const nominalSlotMs = probeCount > 0 ? Math.floor((budgetMs - layoutCapMs - PROCESS_OVERHEAD_MS) / probeCount) : 0;
  return { layoutCapMs, nominalSlotMs };
}
function adaptiveTiming(remainingMs, probesLeft, drainMs = 0) {
  if (probesLeft <= 0) return null;
  const slotMs = Math.floor(remainingMs / probesLeft);
  const runtimeMs = Math.floor((slotMs - ADAPTIVE_RAMP_MS - PROCESS_OVERHEAD_MS - drainMs) / 100) * 100;
  if (runtimeMs < 1e3) return null;
  const windowS = Math.floor(runtimeMs / 1e3 / 2);
  const ssDurS = runtimeMs >= MIN_SS_DUR_S * 1e3 ? Math.min(MAX_SS_DUR_S, Math.max(MIN_SS_DUR_S, windowS)) : null;
  return { mode: "adaptive", rampMs: ADAPTIVE_RAMP_MS, runtimeMs, ssDurS };
}
function drainEstimateMs(def, bytesPerSecond) {
  if (!(bytesPerSecond > 0)) return 0;
  const inFlightBytes = def.blockSizeBytes * def.ioDepth * def.jobs;
  return Math.min(5e3, Math.ceil(inFlightBytes / bytesPerSecond * 1e3));
}
function probeKillAfterMs(timing) {
  return timing.rampMs + timing.runtimeMs + PROCESS_OVERHEAD_MS + 3e3;
}
function layoutArgs(opts) {
  const engine = (opts.platform ?? "linux") === "linux" ? "libaio" : "posixaio";
  return [
    "--name=layout",
    `--filename=${opts.filePath}`,
    `--size=${opts.fileSizeBytes}`,
    "--rw=write",
    `--bs=${MiB}`,
    `--ioengine=${engine}`,
    "--iodepth=32",
    "--direct=1",
    "--verify=0",
    "--thread",
    `--runtime=${opts.runtimeCapMs}ms`,
    "--output-format=json"
  ];
}
function sliceBytes(regionBytes, jobs) {
  return Math.floor(regionBytes / Math.max(1, jobs) / MiB) * MiB;
}
function probeArgs(def, opts) {
  const slice = sliceBytes(opts.regionBytes, def.jobs);
  const args = [
    `--name=${def.name}`,
    `--filename=${opts.filePath}`,
    // The layout created the file; a probe must never create one (e.g. after a path mix-up).
    "--allow_file_create=0",
    `--size=${slice}`,
    `--rw=${def.rw}`,
    `--bs=${def.blockSizeBytes}`,
    `--ioengine=${def.ioEngine}`,
    `--iodepth=${def.ioDepth}`,
    `--numjobs=${def.jobs}`,
    `--direct=${def.direct ? 1 : 0}`,
    "--verify=0",
    "--randrepeat=0",
    // Jobs as threads of one process: killing fio then stops every job (forked jobs would outlive it).
    "--thread",
    "--group_reporting",
    "--time_based",
    `--ramp_time=${opts.timing.rampMs}ms`,
    `--runtime=${opts.timing.runtimeMs}ms`,
    "--output-format=json"
  ];
  if (def.jobs > 1) args.push(`--offset_increment=${slice}`);
  if (def.batch) args.push(`--iodepth_batch_submit=${def.ioDepth}`, `--iodepth_batch_complete_max=${def.ioDepth}`);
  if (def.fdatasync > 0) args.push(`--fdatasync=${def.fdatasync}`);
  if (opts.timing.mode === "adaptive" && opts.timing.ssDurS !== null) {
    args.push(`--steadystate=${def.steadyState}`, `--ss_dur=${opts.timing.ssDurS}s`, "--ss_ramp=0");
  }
  return args;
}

// src/probe/cleanup.ts
var PROBE_DIR_PREFIX = ".disk-profiler-fio-";
var PROBE_DIR_SUFFIX = ownedSuffixes("[A-Za-z0-9]{6}");
var MARKER_FILE_NAME = ".disk-profiler-probe";
var ALLOWED_NAMES = /* @__PURE__ */ new Set([MARKER_FILE_NAME, PROBE_FILE_NAME]);
function writeMarker(dir) {
  writeOwnerMarker(dir, MARKER_FILE_NAME);
}
function refuseReason(dir) {
  const notOurs = notOwnedReason(dir, PROBE_DIR_PREFIX, MARKER_FILE_NAME);
  if (notOurs) return notOurs;
  const entries = fs2.readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (!ALLOWED_NAMES.has(entry.name)) return `contains ${JSON.stringify(entry.name)}, which the probes did not create`;
    if (!entry.isFile()) return `${JSON.stringify(entry.name)} is not a regular file`;
  }
  return null;
}
function removeOne(dir, report) {
  const reason = refuseReason(dir);
  if (reason === "does not exist") {
    report.missing.push(dir);
    return;
  }
  if (reason !== null) {
    report.refused.push({ dir, reason });
    return;
  }
  for (const name of fs2.readdirSync(dir)) fs2.unlinkSync(path2.join(dir, name));
  fs2.rmdirSync(dir);
  report.removed.push(dir);
}
function removeProbeDirectoriesSync(dirs) {
  const report = { removed: [], missing: [], refused: [] };
  for (const dir of dirs) {
    try {
      removeOne(dir, report);
    } catch (error) {
      report.refused.push({ dir, reason: error.message });
    }
  }
  return report;
}
async function removeProbeDirectories(dirs, warn = () => {
}) {
  const report = removeProbeDirectoriesSync(dirs);
  for (const refused of report.refused) warn(`Left ${refused.dir} in place: ${refused.reason}.`);
  return report.removed;
}
var ProbeRegistry = class {
  dirs = /* @__PURE__ */ new Set();
  children = /* @__PURE__ */ new Set();
  killChildren() {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }
  cleanupSync() {
    this.killChildren();
    const report = removeProbeDirectoriesSync([...this.dirs]);
    for (const dir of [...report.removed, ...report.missing]) this.dirs.delete(dir);
    return report;
  }
};
var HANDLED_SIGNALS = ["SIGINT", "SIGTERM"];
function installSignalCleanup(registry, log = () => {
}) {
  const handlers = /* @__PURE__ */ new Map();
  const uninstall = () => {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    handlers.clear();
  };
  for (const signal of HANDLED_SIGNALS) {
    const handler = () => {
      const report = registry.cleanupSync();
      log(`disk probes: ${signal} received; stopped fio and removed ${report.removed.length} probe directories.`);
      for (const refused of report.refused) log(`disk probes: ${leftInPlace(refused.dir, refused.reason)}`);
      uninstall();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  return uninstall;
}

// src/experiment/post-cleanup.ts
function cleanUpExperiments(left, privileges = detectPrivileges()) {
  const report = { removed: [], refused: [], dirtyPutBack: [], dirtyLeftAlone: [] };
  if (left.dirty) {
    try {
      const outcome = putBackIfOurs(privileges, left.dirty);
      report.dirtyPutBack = outcome.putBack;
      report.dirtyLeftAlone = outcome.leftAlone.map((l) => leftAloneSentence(l, left.whose));
    } catch (error) {
      report.refused.push({ dir: "vm.dirty_*", reason: errorMessage(error) });
    }
  }
  for (const dir of [...left.experimentDirs].reverse()) {
    const r = removeOwnedDir(dir, privileges);
    if (r.removed) report.removed.push(dir);
    else if (r.reason !== "does not exist") report.refused.push({ dir, reason: r.reason ?? "unknown" });
  }
  const probes = removeProbeDirectoriesSync(left.probeDirs ?? []);
  report.removed.push(...probes.removed);
  report.refused.push(...probes.refused);
  return report;
}

// src/probe/suite.ts
import { spawn as spawn2 } from "node:child_process";
import fs4 from "node:fs";
import path4 from "node:path";
import { performance as performance3 } from "node:perf_hooks";

// src/probe/find-fio.ts
import { spawn } from "node:child_process";
import { performance as performance2 } from "node:perf_hooks";
var FIO_INSTALL_BOUND_MS = 12e4;
var DPKG_LOCK_TIMEOUT_SECONDS = 60;
function run(command, args, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d) => {
      if (stdout.length < 16 * 1024 * 1024) stdout += d;
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < 1024 * 1024) stderr += d;
    });
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill("SIGTERM");
      },
      Math.max(0, timeoutMs)
    );
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, spawnError: error.code ?? "spawn failed" });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ...timedOut ? { timedOut } : {} });
    });
  });
}
function parseFioVersion(stdout) {
  const match = /fio-\d+\.\d+[^\s]*/.exec(stdout);
  return match ? match[0] : null;
}
async function fioVersion(env) {
  const result = await run("fio", ["--version"], env, 1e4);
  return result.code === 0 ? parseFioVersion(result.stdout) : null;
}
var APT_INSTALL_FIO = [
  "install",
  "-y",
  "--no-install-recommends",
  "-o",
  "Dpkg::Options::=--force-confdef",
  "-o",
  "Dpkg::Options::=--force-confold",
  "fio"
];
var APT_UPDATE = ["update"];
function aptCommand(via, aptArgs) {
  const line = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-q", "-o", `DPkg::Lock::Timeout=${DPKG_LOCK_TIMEOUT_SECONDS}`, ...aptArgs];
  return via === "root" ? { method: "apt-get", command: "env", args: line.slice(1) } : { method: "sudo apt-get", command: "sudo", args: ["-n", ...line] };
}
async function planInstall(platform, env, grant) {
  if (platform === "linux") {
    const hasApt = (await run("apt-get", ["--version"], env, 1e4)).code === 0;
    if (!hasApt) return "fio is not installed and this Linux has no apt-get. Install fio in an earlier step.";
    const g = grant();
    if (g.via === "none") {
      return `fio is not installed and cannot be installed here: ${g.reason}. Add \`sudo apt-get install -y fio\` before this step (or use an image that has fio).`;
    }
    return { install: aptCommand(g.via, APT_INSTALL_FIO), refresh: aptCommand(g.via, APT_UPDATE) };
  }
  if (platform === "darwin") {
    const hasBrew = (await run("brew", ["--version"], env, 1e4)).code === 0;
    if (hasBrew) return { install: { method: "brew", command: "brew", args: ["install", "fio"] }, refresh: null };
    return "fio is not installed and Homebrew is missing. Add `brew install fio` before this step.";
  }
  return `fio is not installed and installing it on ${platform} is not supported. Install fio in an earlier step.`;
}
async function installWithin(plan, env, boundMs) {
  const deadline = performance2.now() + boundMs;
  const left = () => deadline - performance2.now();
  const once = (c) => run(c.command, c.args, { ...env, DEBIAN_FRONTEND: "noninteractive" }, left());
  let result = await once(plan.install);
  if (result.code !== 0 && !result.timedOut && plan.refresh && left() > 0) {
    const refreshed = await once(plan.refresh);
    if (!refreshed.timedOut && left() > 0) result = await once(plan.install);
    else result = refreshed;
  }
  return result;
}
function failureDetail(result, boundMs) {
  if (result.timedOut) return `stopped at the ${boundMs / 1e3} s bound on installing fio`;
  if (result.spawnError) return result.spawnError;
  const said = (result.stderr || result.stdout).trim().split("\n").slice(-3).join(" | ");
  return said || `exit ${result.code}`;
}
async function findFio(opts) {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const log = opts.log ?? (() => {
  });
  const existing = await fioVersion(env);
  if (existing) return { ok: true, command: "fio", version: existing };
  const howTo = platform === "darwin" ? "`brew install fio`" : "`sudo apt-get install -y fio`";
  if (!opts.allowInstall) {
    return { ok: false, reason: `fio is not installed and installing it is turned off. Add ${howTo} before this step, or allow the install.` };
  }
  const plan = await planInstall(platform, env, () => opts.install ?? detectPrivileges().install);
  if (typeof plan === "string") return { ok: false, reason: plan };
  log(`disk probes: installing fio with ${plan.install.method} (at most ${FIO_INSTALL_BOUND_MS / 1e3} s)...`);
  const started = performance2.now();
  const result = await installWithin(plan, env, FIO_INSTALL_BOUND_MS);
  const durationMs = Math.round(performance2.now() - started);
  const version = result.code === 0 ? await fioVersion(env) : null;
  if (!version) {
    return {
      ok: false,
      reason: `installing fio with ${plan.install.method} failed (${failureDetail(result, FIO_INSTALL_BOUND_MS)}). Add ${howTo} before this step.`,
      install: { method: plan.install.method, durationMs, failed: true }
    };
  }
  return { ok: true, command: "fio", version, install: { method: plan.install.method, durationMs } };
}

// src/probe/plan.ts
var TERM_GRACE_MS = 500;
var STOP_GRACE_MS = 800;
var CLEANUP_RESERVE_MS = 400;
var LAYOUT_OVERRUN_MS = 1500;
function planSuite(budgetMs) {
  return {
    budgetMs,
    lastStopMs: budgetMs - STOP_GRACE_MS - CLEANUP_RESERVE_MS,
    termGraceMs: TERM_GRACE_MS,
    stopGraceMs: STOP_GRACE_MS,
    cleanupReserveMs: CLEANUP_RESERVE_MS
  };
}

// src/probe/parse-fio.ts
var FioOutputError = class extends ProfilerError {
  constructor(message, excerpt) {
    super(
      `${message} First bytes of fio's output: ${JSON.stringify(excerpt)}.`,
      "Run the same fio command by hand to see its complete output; fio 3.x with --output-format=json is required."
    );
    this.excerpt = excerpt;
  }
  excerpt;
};
var EXCERPT_CHARS = 200;
function extractFioJson(text) {
  const excerpt = text.slice(0, EXCERPT_CHARS);
  const start = findJsonStart(text);
  if (start < 0) throw new FioOutputError("fio printed no JSON document.", excerpt);
  const end = findMatchingBrace(text, start);
  if (end < 0) throw new FioOutputError("fio output ends inside its JSON document (truncated?).", excerpt);
  let parsed;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    throw new FioOutputError(`fio's JSON does not parse: ${error.message}.`, excerpt);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.jobs)) {
    throw new FioOutputError('fio JSON has no "jobs" array.', excerpt);
  }
  return parsed;
}
function findJsonStart(text) {
  const key = text.search(/"fio version"\s*:/);
  if (key >= 0) {
    const brace = text.lastIndexOf("{", key);
    if (brace >= 0) return brace;
  }
  const match = /^\{/m.exec(text);
  return match ? match.index : -1;
}
function findMatchingBrace(text, start) {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function num(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}
function latencyStat(value) {
  if (!isRecord(value)) return null;
  const mean = num(value.mean);
  if (mean === null) return null;
  const percentile = isRecord(value.percentile) ? value.percentile : null;
  return {
    mean,
    n: num(value.N) ?? 0,
    p50: percentile ? num(percentile["50.000000"]) : null,
    p99: percentile ? num(percentile["99.000000"]) : null
  };
}
function ioLatency(section) {
  const clat = latencyStat(section.clat_ns);
  const lat = latencyStat(section.lat_ns);
  if (clat && clat.p99 !== null) return clat;
  if (lat && lat.p99 !== null) return lat;
  return clat ?? lat;
}
function jobFigures(job, options, excerpt) {
  const section = job[options.direction];
  if (!isRecord(section)) {
    throw new FioOutputError(`fio JSON job has no "${options.direction}" section.`, excerpt);
  }
  const bwBytes = num(section.bw_bytes) ?? (num(section.bw) !== null ? num(section.bw) * 1024 : null);
  const iops = num(section.iops);
  if (bwBytes === null || iops === null) {
    throw new FioOutputError(`fio JSON "${options.direction}" section lacks bw_bytes/iops.`, excerpt);
  }
  const runtimeMs = num(section.runtime) ?? num(job.job_runtime) ?? 0;
  let latency = ioLatency(section);
  if (options.latency === "sync" && isRecord(job.sync)) {
    const sync = latencyStat(job.sync.lat_ns);
    if (sync && sync.n > 0) latency = sync;
  }
  let steadyState = null;
  if (isRecord(job.steadystate)) {
    const ss = job.steadystate;
    steadyState = {
      criterion: typeof ss.ss === "string" ? ss.ss : String(ss.ss ?? ""),
      attained: ss.attained === true || num(ss.attained) === 1
    };
  }
  return {
    bytesPerSecond: bwBytes,
    iops,
    ioBytes: num(section.io_bytes) ?? 0,
    totalIos: num(section.total_ios),
    runtimeMs,
    latency,
    steadyState,
    errorCode: num(job.error) ?? 0
  };
}
function parseFioOutput(text, options) {
  const excerpt = text.slice(0, EXCERPT_CHARS);
  const doc = extractFioJson(text);
  const jobs = doc.jobs.filter(isRecord);
  if (jobs.length === 0) throw new FioOutputError('fio JSON "jobs" array is empty.', excerpt);
  const figures = jobs.map((job) => jobFigures(job, options, excerpt));
  let samples = 0;
  let weightedMean = 0;
  let p50 = null;
  let p99 = null;
  for (const f of figures) {
    if (!f.latency) continue;
    const weight = f.latency.n > 0 ? f.latency.n : 1;
    samples += weight;
    weightedMean += f.latency.mean * weight;
    if (f.latency.p50 !== null) p50 = Math.max(p50 ?? 0, f.latency.p50);
    if (f.latency.p99 !== null) p99 = Math.max(p99 ?? 0, f.latency.p99);
  }
  const firstError = figures.find((f) => f.errorCode !== 0)?.errorCode ?? null;
  const version = doc["fio version"];
  return {
    fioVersion: typeof version === "string" ? version : null,
    bytesPerSecond: sum(figures.map((f) => f.bytesPerSecond)),
    iops: sum(figures.map((f) => f.iops)),
    ioBytes: sum(figures.map((f) => f.ioBytes)),
    totalIos: figures.every((f) => f.totalIos !== null) ? sum(figures.map((f) => f.totalIos ?? 0)) : null,
    // One entry (group_reporting): fio's own mean, untouched by the weighting arithmetic.
    latencyNs: { mean: figures.length === 1 ? figures[0]?.latency?.mean ?? 0 : samples > 0 ? weightedMean / samples : 0, p50, p99 },
    runtimeMs: Math.max(...figures.map((f) => f.runtimeMs)),
    steadyState: figures.find((f) => f.steadyState !== null)?.steadyState ?? null,
    jobEntries: figures.length,
    errorCode: firstError
  };
}
function sum(values) {
  return values.reduce((a, b) => a + b, 0);
}

// src/probe/device-counts.ts
import fs3 from "node:fs";
import path3 from "node:path";
function deviceReader(dir, procRoot = "/proc", now = () => performance.now()) {
  let devNumber;
  try {
    const { major, minor } = splitDevT(BigInt(fs3.statSync(dir, { bigint: true }).dev));
    devNumber = `${major}:${minor}`;
  } catch {
    return null;
  }
  const read = () => {
    try {
      const entry = parseDiskstats(fs3.readFileSync(path3.join(procRoot, "diskstats"), "utf8")).byDevNumber.get(devNumber);
      return entry ? { device: entry.name, atMs: now(), counters: entry.counters } : null;
    } catch {
      return null;
    }
  };
  return read() ? read : null;
}
function countsBetween(before, after, direction) {
  if (before.device !== after.device) return null;
  const a = before.counters;
  const b = after.counters;
  const d = (x, y) => Math.max(0, y - x);
  const w = direction === "write";
  return {
    device: after.device,
    durationMs: Math.max(0, Math.round(after.atMs - before.atMs)),
    requests: w ? d(a.writesCompleted, b.writesCompleted) : d(a.readsCompleted, b.readsCompleted),
    merges: w ? d(a.writesMerged, b.writesMerged) : d(a.readsMerged, b.readsMerged),
    sectors: w ? d(a.sectorsWritten, b.sectorsWritten) : d(a.sectorsRead, b.sectorsRead)
  };
}

// src/probe/suite.ts
var MIN_REGION_BYTES = 16 * MiB;
function adaptiveSchedule(budgetMs, probeCount) {
  const untilLastStop = (wantedMs, leftMs) => Math.max(0, Math.min(wantedMs, leftMs));
  return {
    // fio reads a zero runtime as none at all: the stop bounds the layout's wall time in any case.
    layoutCapMs: (leftMs) => Math.max(100, untilLastStop(planBudget(budgetMs, probeCount).layoutCapMs, leftMs)),
    layoutStopAfterMs: (capMs, leftMs) => untilLastStop(capMs + LAYOUT_OVERRUN_MS, leftMs),
    timing: fittingTiming,
    stopAfterMs: (timing, drainMs, leftMs) => untilLastStop(probeKillAfterMs(timing) + drainMs, leftMs)
  };
}
var ProbeCancelledError = class extends Error {
  constructor() {
    super("Disk probes cancelled.");
  }
};
function resolveProbeBase(targetPath) {
  const candidate = nearestExistingPath(targetPath);
  const stat = fs4.statSync(candidate);
  if (stat.isBlockDevice() || stat.isCharacterDevice()) {
    throw new ProfilerError(
      `Refusing to probe ${candidate}: it is a device, and the probes only ever write files in a directory of their own.`,
      "Give the restore path (a directory) instead."
    );
  }
  if (!stat.isDirectory()) {
    throw new ProfilerError(`Refusing to probe ${candidate}: it is a file, not a directory.`, "Give the restore path (a directory) instead.");
  }
  return candidate;
}
function runFio(args, registry, stop, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ProbeCancelledError());
      return;
    }
    const started = performance3.now();
    const child = spawn2("fio", args, { stdio: ["ignore", "pipe", "pipe"] });
    registry.children.add(child);
    let stdout = "";
    let stderr = "";
    let cutShort = false;
    let settled = false;
    child.stdout.setEncoding("utf8").on("data", (chunk) => stdout += chunk);
    child.stderr.setEncoding("utf8").on("data", (chunk) => stderr += chunk);
    const timers = [];
    const at = (ms, fn) => timers.push(setTimeout(fn, Math.max(0, ms - performance3.now())));
    const onAbort = () => child.kill("SIGKILL");
    const settle = (fn) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const run2 = (code, sig, abandoned) => ({
      stdout,
      stderr,
      code,
      signal: sig,
      wallMs: Math.round(performance3.now() - started),
      cutShort,
      abandoned
    });
    at(stop.atMs, () => {
      cutShort = true;
      child.kill("SIGTERM");
    });
    at(stop.atMs + stop.plan.termGraceMs, () => child.kill("SIGKILL"));
    at(stop.atMs + stop.plan.stopGraceMs, () => settle(() => resolve(run2(null, null, true))));
    signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      registry.children.delete(child);
      settle(() => reject(error));
    });
    child.on("close", (code, sig) => {
      registry.children.delete(child);
      settle(() => signal?.aborted ? reject(new ProbeCancelledError()) : resolve(run2(code, sig, false)));
    });
  });
}
function hasOutput(run2) {
  return run2.cutShort ? !run2.abandoned && run2.stdout.includes('"jobs"') : run2.code === 0;
}
function failureText(run2) {
  if (run2.abandoned) return `fio was still running at its deadline and had not exited ${run2.wallMs} ms after it started`;
  if (run2.cutShort) return `fio was still running at its deadline, was stopped after ${run2.wallMs} ms and wrote no figures`;
  const detail = (run2.stderr.trim() || run2.stdout.trim()).split("\n").slice(-3).join(" | ");
  return `fio exited with ${run2.signal ?? `code ${run2.code}`}${detail ? `: ${detail}` : ""}`;
}
function definitionFields(def) {
  return { name: def.name, direction: def.direction, blockSizeBytes: def.blockSizeBytes, ioDepth: def.ioDepth, jobs: def.jobs };
}
function emptyResult(def, wallMs, error) {
  return {
    ...definitionFields(def),
    bytesPerSecond: 0,
    iops: 0,
    latencyNs: { mean: 0, p50: null, p99: null },
    runtimeMs: 0,
    wallMs,
    steadyState: null,
    error
  };
}
async function runProbe(def, filePath, regionBytes, timing, registry, stop, signal, readDevice) {
  const before = readDevice?.() ?? null;
  const run2 = await runFio(probeArgs(def, { filePath, regionBytes, timing }), registry, stop, signal);
  const after = before ? readDevice?.() ?? null : null;
  const cut = run2.cutShort ? { cutShortAtMs: stop.budgetOffsetMs } : {};
  if (!hasOutput(run2)) return { result: { ...emptyResult(def, run2.wallMs, failureText(run2)), ...cut }, run: run2 };
  const counts = before && after ? countsBetween(before, after, def.direction) : null;
  try {
    const parsed = parseFioOutput(run2.stdout, { direction: def.direction, latency: def.fdatasync > 0 ? "sync" : "io" });
    const result = {
      ...definitionFields(def),
      bytesPerSecond: parsed.bytesPerSecond,
      iops: parsed.iops,
      latencyNs: parsed.latencyNs,
      runtimeMs: parsed.runtimeMs,
      wallMs: run2.wallMs,
      steadyState: parsed.steadyState,
      ...parsed.totalIos !== null ? { fioIos: parsed.totalIos } : {},
      ...counts ? { deviceCounts: counts } : {},
      ...cut
    };
    if (parsed.errorCode) result.error = `fio reported error ${parsed.errorCode} for this job`;
    else if (run2.cutShort && !(parsed.iops > 0)) result.error = failureText({ ...run2, stdout: "" });
    return { result, run: run2 };
  } catch (error) {
    return { result: { ...emptyResult(def, run2.wallMs, errorMessage(error)), ...cut }, run: run2 };
  }
}
async function runProbeSuite(opts) {
  const callStarted = performance3.now();
  const wall = () => Math.round(performance3.now() - callStarted);
  const log = opts.log ?? (() => {
  });
  const names = orderProbes(opts.probes);
  if (names.length === 0) return { status: "skipped", reason: "No probes were requested.", wallMs: wall(), probes: [] };
  let base;
  try {
    base = resolveProbeBase(opts.targetPath);
  } catch (error) {
    return { status: "failed", reason: errorMessage(error), wallMs: wall(), probes: [] };
  }
  const fio = await findFio({ allowInstall: opts.allowInstall ?? false, log });
  if (!fio.ok) return { status: "skipped", reason: fio.reason, ...fio.install ? { fioInstall: fio.install } : {}, wallMs: wall(), probes: [] };
  const fioFields = { fioVersion: fio.version, ...fio.install ? { fioInstall: fio.install } : {} };
  const definitions = names.map((name) => defineProbe(name, opts.cpuCount, process.platform));
  const maxJobs = Math.max(...definitions.map((d) => d.jobs));
  let fileSizeBytes;
  try {
    const stat = await fs4.promises.statfs(base);
    fileSizeBytes = planFileSize(stat.bavail * stat.bsize, maxJobs, base);
  } catch (error) {
    const status = error instanceof InsufficientSpaceError ? "skipped" : "failed";
    return { status, reason: errorMessage(error), ...fioFields, wallMs: wall(), probes: [] };
  }
  const budgetStarted = performance3.now();
  const sinceBudget = () => Math.round(performance3.now() - budgetStarted);
  const plan = planSuite(opts.budgetMs);
  const lastStop = budgetStarted + plan.lastStopMs;
  const leftMs = () => lastStop - performance3.now();
  const parts = [];
  const stopAfter = (afterMs) => {
    const startMs = sinceBudget();
    const atMs = Math.min(performance3.now() + afterMs, lastStop);
    return { atMs, plan, budgetOffsetMs: Math.round(atMs - budgetStarted), startMs };
  };
  const recordPart = (name, stop, run2) => parts.push({ name, startMs: stop.startMs, stopAtMs: stop.budgetOffsetMs, endMs: sinceBudget(), cutShort: run2.cutShort });
  const registry = new ProbeRegistry();
  const uninstallSignals = installSignalCleanup(registry, log);
  const probes = [];
  let directory;
  let regionBytes = 0;
  let failure = null;
  try {
    directory = ownedDirName(base, PROBE_DIR_PREFIX);
    registry.dirs.add(directory);
    opts.onDirectory?.(directory);
    fs4.mkdirSync(directory, { mode: 448 });
    writeMarker(directory);
    const filePath = path4.join(directory, PROBE_FILE_NAME);
    const readDevice = deviceReader(directory, opts.procRoot);
    const schedule = opts.schedule ?? adaptiveSchedule(opts.budgetMs, names.length);
    const layoutCapMs = schedule.layoutCapMs(leftMs());
    const layoutStop = stopAfter(schedule.layoutStopAfterMs(layoutCapMs, leftMs()));
    const layout = await runFio(
      layoutArgs({ filePath, fileSizeBytes, runtimeCapMs: layoutCapMs, platform: process.platform }),
      registry,
      layoutStop,
      opts.signal
    );
    recordPart("layout", layoutStop, layout);
    if (!hasOutput(layout)) throw new ProfilerError(`Laying out the probe file failed: ${failureText(layout)}.`, "");
    const laidOut = parseFioOutput(layout.stdout, { direction: "write" });
    const written = laidOut.ioBytes;
    const unit = maxJobs * MiB;
    regionBytes = Math.floor(Math.min(written, fileSizeBytes) / unit) * unit;
    if (regionBytes < MIN_REGION_BYTES) {
      throw new ProfilerError(
        `The disk wrote only ${Math.floor(written / MiB)} MiB in ${layout.wallMs} ms while laying out the probe file; too little to probe.`,
        "Give the probes a larger budget."
      );
    }
    log(`disk probes: laid out ${regionBytes / MiB} MiB in ${layout.wallMs} ms in ${directory}`);
    for (const [index, def] of definitions.entries()) {
      const drainMs = drainEstimateMs(def, laidOut.bytesPerSecond);
      const timing = schedule.timing(leftMs(), definitions.length - index, drainMs);
      if (!timing) {
        probes.push(emptyResult(def, 0, "Skipped: the probe budget was used up before this probe."));
        continue;
      }
      const stop = stopAfter(schedule.stopAfterMs(timing, drainMs, leftMs()));
      const { result, run: run2 } = await runProbe(def, filePath, regionBytes, timing, registry, stop, opts.signal, readDevice);
      recordPart(def.name, stop, run2);
      if (result.cutShortAtMs !== void 0)
        log(`disk probes: ${def.name}: stopped at its deadline, ${result.cutShortAtMs} ms into the ${opts.budgetMs} ms budget`);
      if (result.error) log(`disk probes: ${def.name}: ${result.error}`);
      probes.push(result);
    }
  } catch (error) {
    failure = error instanceof ProbeCancelledError ? "Disk probes cancelled before they finished." : errorMessage(error);
  } finally {
    const cleanupStartMs = sinceBudget();
    const report = registry.cleanupSync();
    for (const refused of report.refused) log(`disk probes: ${leftInPlace(refused.dir, refused.reason)}`);
    uninstallSignals();
    const endMs = sinceBudget();
    if (endMs > opts.budgetMs)
      log(
        `disk probes: removing the probe directory took ${endMs - cleanupStartMs} ms (${plan.cleanupReserveMs} ms were kept for it): the suite ended ${endMs - opts.budgetMs} ms past its budget`
      );
    parts.push({ name: "cleanup", startMs: cleanupStartMs, stopAtMs: null, endMs, cutShort: false });
    opts.onTimeline?.({ plan, parts, endMs });
  }
  const common = { ...fioFields, ...directory ? { directory } : {}, budgetMs: opts.budgetMs, wallMs: wall(), probes };
  if (failure !== null) return { status: "failed", reason: failure, ...common, fileSizeBytes: regionBytes || fileSizeBytes };
  const anyRan = probes.some((p) => !p.error);
  return {
    status: anyRan ? "ran" : "failed",
    ...anyRan ? {} : { reason: "No probe produced a measurement; see each probe's error." },
    ...common,
    fileSizeBytes: regionBytes
  };
}
function fittingTiming(remainingMs, probesLeft, drainMs) {
  for (let k = probesLeft; k >= 1; k--) {
    const timing = adaptiveTiming(remainingMs, k, drainMs);
    if (timing) return timing;
  }
  return null;
}

// src/pipeline/state.ts
var STATE = {
  probeDirectories: "probe-directories",
  profilePath: "profile-path",
  /** Which step holds the report (REPORT_STEPS), set once main's summary is written; unset when main ended before writing one. */
  reportStep: "report-step",
  mainStarted: "main-started",
  /** As actions/cache's CACHE_KEY and CACHE_RESULT: the key tried, and the key restoreCache returned ('' on a miss). */
  primaryKey: "cache-primary-key",
  matchedKey: "cache-matched-key",
  /** The profile's artifact is uploaded by the post step, so it holds the save too. */
  artifactPending: "artifact-pending",
  experimentDirectories: "experiment-directories",
  /** vm.dirty_* as they were before the page-cache experiment raised them and the values it wrote; empty once put back. */
  experimentDirtySettings: "experiment-dirty-settings",
  /** This profile's record in the machine's ledger (src/machine/ledger.ts): what it still owes the machine. */
  machineLedger: "machine-ledger",
  /** A repeat run's writeback follower (pipeline/follower.ts BackgroundTail, JSON): the post step waits for it, reads it, ends it. */
  writebackFollower: "writeback-follower",
  /** With the report in the post step: the file holding the label's history as main read it (pipeline/handoff.ts). */
  historyForPost: "history-for-post",
  /** With the report in the post step: the file holding the fixes main read for this hardware and cache (pipeline/handoff.ts). */
  fixesForPost: "fixes-for-post"
};
var HANDED_STATE = { history: STATE.historyForPost, fixes: STATE.fixesForPost };
var REPORT_STEPS = ["main", "post"];
function parseReportStep(value) {
  return REPORT_STEPS.find((step) => step === value) ?? null;
}

// src/machine/ledger.ts
import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  lstatSync as lstatSync2,
  openSync,
  readdirSync,
  readFileSync as readFileSync2,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync
} from "node:fs";
import path6 from "node:path";
import { randomBytes } from "node:crypto";

// src/util/log-safe.ts
var CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
function logSafe(text) {
  return text.replace(CONTROL, (c) => c < " " ? JSON.stringify(c).slice(1, -1) : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(/::/g, ":%3A").replace(/##\[/g, "##%5B");
}

// src/machine/identity.ts
import { readFileSync, readlinkSync } from "node:fs";
function ownPidNamespace() {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return void 0;
  }
}
function processStartTicks(pid, procRoot = "/proc") {
  let text;
  try {
    text = readFileSync(`${procRoot}/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const rest = text.slice(text.lastIndexOf(")") + 1).trim().split(/\s+/);
  const value = Number(rest[22 - 3]);
  return Number.isFinite(value) ? value : null;
}
function ownUid() {
  return processIds().uid;
}
function ownIdentity() {
  const ns = ownPidNamespace();
  return { pid: process.pid, startTicks: processStartTicks(process.pid), ...ns ? { pidNamespace: ns } : {} };
}
function sameNamespace(who) {
  return who.pidNamespace === void 0 || who.pidNamespace === ownPidNamespace();
}
function isAlive(who) {
  if (!sameNamespace(who)) return true;
  try {
    process.kill(who.pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return false;
  }
  if (who.startTicks === null) return true;
  const now = processStartTicks(who.pid);
  return now === null || now === who.startTicks;
}

// src/machine/place.ts
import { spawnSync } from "node:child_process";
import { lstatSync, mkdtempSync } from "node:fs";
import os2 from "node:os";
import path5 from "node:path";
var MACHINE_DIR_ENV = "DISK_PROFILER_MACHINE_DIR";
var MACHINE_DIR_NAME = "disk-profiler";
var CANDIDATE_PARENTS = ["/run/lock", "/tmp"];
var SHARED_MODE = 1023;
var PRIVATE_MODE = 448;
var SUDO_MKDIR_TIMEOUT_MS = 5e3;
function usableParent(dir) {
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && (s.uid === 0 || s.uid === ownUid()) && !steerable(s);
  } catch {
    return false;
  }
}
function makeSharedAsRoot(dir) {
  if (ownUid() === 0) return;
  try {
    lstatSync(dir);
    return;
  } catch {
  }
  spawnSync("sudo", ["-n", "mkdir", "-m", octal(SHARED_MODE), "--", dir], { stdio: "ignore", timeout: SUDO_MKDIR_TIMEOUT_MS });
}
function machinePlace() {
  const given = process.env[MACHINE_DIR_ENV];
  const parent = CANDIDATE_PARENTS.find((p) => usableParent(p) || usableParent(path5.join(p, MACHINE_DIR_NAME))) ?? "/tmp";
  const dir = given || path5.join(parent, MACHINE_DIR_NAME);
  makeSharedAsRoot(dir);
  const notSharedReason = ensureDirectory(dir, SHARED_MODE, "shared");
  if (notSharedReason === null) return { dir, shared: true };
  const own = `${dir}-${ownUid()}`;
  if (ensureDirectory(own, PRIVATE_MODE, "private") === null) return { dir: own, shared: false, notSharedReason };
  try {
    return { dir: mkdtempSync(path5.join(os2.tmpdir(), `${MACHINE_DIR_NAME}-${ownUid()}-`)), shared: false, notSharedReason };
  } catch {
    return { dir: own, shared: false, notSharedReason };
  }
}
function machineDir() {
  return machinePlace().dir;
}

// src/machine/ledger.ts
var LEDGER_PREFIX = "profile-";
var LEDGER_KEEP_MS = 60 * 60 * 1e3;
var STRAY_TMP_MS = 60 * 1e3;
var MAX_RECORD_BYTES = 1024 * 1024;
var READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
function ledgerFile(dir, id) {
  return path6.join(dir, `${LEDGER_PREFIX}${id}.json`);
}
function writeRecord(dir, record) {
  const { fileUid: _, ...data } = record;
  const file = ledgerFile(dir, record.id);
  const tmp = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 420);
  try {
    try {
      fchmodSync(fd, 420);
      writeSync(fd, `${JSON.stringify(data)}
`);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
    }
    throw error;
  }
}
var isInt = (v) => Number.isSafeInteger(v);
var isTime = (v) => typeof v === "number" && Number.isFinite(v);
var isStrings = (v) => Array.isArray(v) && v.every((x) => typeof x === "string");
function parseRecord(text) {
  let r;
  try {
    r = JSON.parse(text);
  } catch {
    return null;
  }
  if (!r || typeof r !== "object" || r.version !== 1 || typeof r.id !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(r.id)) return null;
  const o = r.owner;
  if (!o || !isInt(o.pid) || o.pid <= 0 || !(o.startTicks === null || isInt(o.startTicks)) || typeof o.label !== "string") return null;
  if (o.pidNamespace !== void 0 && typeof o.pidNamespace !== "string") return null;
  if (!isTime(r.createdEpochMs) || !isTime(r.updatedEpochMs) || !(r.endedEpochMs === null || isTime(r.endedEpochMs))) return null;
  const phaseOk = (p) => p && SHARED_PHASES.includes(p.phase) && isTime(p.startEpochMs) && (p.endEpochMs === null || isTime(p.endEpochMs));
  if (!Array.isArray(r.phases) || !r.phases.every(phaseOk) || !isStrings(r.experimentDirs) || !isStrings(r.probeDirs)) return null;
  const dirty = r.dirty === null ? null : parseDirtyChange(JSON.stringify(r.dirty));
  if (r.dirty !== null && dirty === null) return null;
  return {
    version: 1,
    id: r.id,
    owner: {
      pid: o.pid,
      startTicks: o.startTicks,
      label: logSafe(o.label),
      ...o.pidNamespace !== void 0 ? { pidNamespace: logSafe(o.pidNamespace) } : {}
    },
    createdEpochMs: r.createdEpochMs,
    updatedEpochMs: r.updatedEpochMs,
    endedEpochMs: r.endedEpochMs,
    phases: r.phases.map((p) => ({ phase: p.phase, startEpochMs: p.startEpochMs, endEpochMs: p.endEpochMs })),
    experimentDirs: r.experimentDirs.map(logSafe),
    probeDirs: r.probeDirs.map(logSafe),
    dirty
  };
}
function readRecord(file) {
  let fd;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile() || s.size > MAX_RECORD_BYTES) return null;
    const r = parseRecord(readFileSync2(fd, "utf8"));
    return r && path6.basename(file) === path6.basename(ledgerFile("", r.id)) ? { ...r, fileUid: s.uid } : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
var isRecordName = (name) => name.startsWith(LEDGER_PREFIX) && name.endsWith(".json");
function readRecords(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter(isRecordName).flatMap((name) => readRecord(path6.join(dir, name)) ?? []);
}
function isOurs(r) {
  return r.fileUid === ownUid();
}
function owes(r) {
  return r.dirty !== null || r.experimentDirs.length > 0 || r.probeDirs.length > 0;
}
function isDead(r, holdingLock = false) {
  if (r.endedEpochMs !== null) return false;
  if (!sameNamespace(r.owner)) return holdingLock && owes(r);
  return !isAlive(r.owner);
}
function pruneRecords(dir, nowEpochMs = Date.now()) {
  for (const r of readRecords(dir)) {
    if (isOurs(r) && r.endedEpochMs !== null && nowEpochMs - r.endedEpochMs > LEDGER_KEEP_MS) unlinkQuietly(ledgerFile(dir, r.id));
  }
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.startsWith(LEDGER_PREFIX) && n.endsWith(".tmp"))) {
    const file = path6.join(dir, name);
    try {
      const s = lstatSync2(file);
      if (s.isFile() && s.uid === ownUid() && nowEpochMs - s.mtimeMs > STRAY_TMP_MS) unlinkQuietly(file);
    } catch {
    }
  }
}
function realPath(dir) {
  try {
    return realpathSync(dir);
  } catch {
    try {
      return path6.join(realpathSync(path6.dirname(dir)), path6.basename(dir));
    } catch {
      return dir;
    }
  }
}
var Ledger = class _Ledger {
  constructor(dir, label, warn = () => {
  }, place = { dir, shared: true }) {
    this.dir = dir;
    this.warn = warn;
    this.place = place;
    const now = Date.now();
    const me = ownIdentity();
    const id = `${me.pid}-${me.startTicks ?? 0}-${randomBytes(3).toString("hex")}`;
    this.record = {
      version: 1,
      id,
      owner: { ...me, label },
      createdEpochMs: now,
      updatedEpochMs: now,
      endedEpochMs: null,
      phases: [],
      experimentDirs: [],
      probeDirs: [],
      dirty: null
    };
    this.file = ledgerFile(dir, id);
    this.save();
  }
  dir;
  warn;
  place;
  record;
  file;
  failed = false;
  static open(label, warn) {
    const place = machinePlace();
    return new _Ledger(place.dir, label, warn, place);
  }
  enter(phase) {
    this.closeOpen();
    this.record.phases.push({ phase, startEpochMs: Date.now(), endEpochMs: null });
    this.save();
  }
  leave() {
    this.closeOpen();
    this.save();
  }
  addExperimentDir(dir) {
    this.record.experimentDirs.push(realPath(dir));
    this.save();
  }
  addProbeDir(dir) {
    this.record.probeDirs.push(realPath(dir));
    this.save();
  }
  setDirty(change) {
    this.record.dirty = change;
    this.save();
  }
  /** The profile is over: what it changed was put back by its own cleanup, or is left to its post step (which reads this file) or the next profile. */
  end() {
    this.closeOpen();
    this.record.experimentDirs = this.record.experimentDirs.filter((d) => existsSync(d));
    this.record.probeDirs = this.record.probeDirs.filter((d) => existsSync(d));
    if (this.record.dirty === null && this.record.experimentDirs.length === 0 && this.record.probeDirs.length === 0) this.record.endedEpochMs = Date.now();
    this.save();
  }
  closeOpen() {
    const open = this.record.phases.at(-1);
    if (open && open.endEpochMs === null) open.endEpochMs = Date.now();
  }
  save() {
    this.record.updatedEpochMs = Date.now();
    try {
      writeRecord(this.dir, this.record);
    } catch (error) {
      if (!this.failed)
        this.warn(
          `The machine's ledger of profiles (${this.file}) cannot be written: ${errorMessage(error)}. Another profile on this machine will not see this one.`
        );
      this.failed = true;
    }
  }
};

// src/machine/lock.ts
import { spawn as spawn3 } from "node:child_process";
import { closeSync as closeSync2, constants as constants2, fchmodSync as fchmodSync2, fstatSync as fstatSync2, openSync as openSync2 } from "node:fs";
import path7 from "node:path";
var LOCK_FILE_NAME = "machine.lock";
var LOCK_WAIT_SLACK_MS = 1e4;
function lockWaitMs(budgets) {
  return (budgets.probesMs ?? 0) + (budgets.experimentsMs ?? 0) + LOCK_WAIT_SLACK_MS;
}
var LOCK_FD = 9;
var SCRIPT = [
  // -n when no wait: one try.
  `if [ "$1" = 0 ]; then flock -n ${LOCK_FD} || exit 4; else flock -w "$1" ${LOCK_FD} || exit 4; fi`,
  "echo locked",
  // Blocks until our end of the pipe closes (release, or this process dying).
  "read -r _ || true"
].join("\n");
var OPEN_FLAGS = constants2.O_RDONLY | constants2.O_NOFOLLOW | constants2.O_NONBLOCK;
function openLockFile(file) {
  let fd;
  let created = false;
  try {
    fd = openSync2(file, OPEN_FLAGS | constants2.O_CREAT | constants2.O_EXCL, 438);
    created = true;
  } catch (error) {
    const code = error.code;
    if (code !== "EEXIST") return `cannot be made (${error.message})`;
    try {
      fd = openSync2(file, OPEN_FLAGS);
    } catch (again) {
      if (again.code === "ELOOP") return "is a symbolic link (not followed)";
      return `cannot be opened (${again.message})`;
    }
  }
  try {
    const s = fstatSync2(fd);
    if (!s.isFile()) throw new Error("is not a regular file");
    if (s.nlink !== 1) throw new Error(`is not a regular file of its own (${s.nlink} hard links)`);
    if (created) fchmodSync2(fd, 438);
    return fd;
  } catch (error) {
    closeSync2(fd);
    return error.message;
  }
}
function acquireMachineLock(options) {
  const started = monotonicMs();
  const dir = options.dir ?? machineDir();
  const file = path7.join(dir, LOCK_FILE_NAME);
  const unlocked = (reason) => ({
    acquired: true,
    lock: { waitedMs: monotonicMs() - started, unlockedReason: reason, release: () => {
    }, releaseAndWait: () => Promise.resolve() }
  });
  const opened = openLockFile(file);
  if (typeof opened === "string") return Promise.resolve(unlocked(`the lock file ${file} ${opened}`));
  const seconds = options.waitMs <= 0 ? "0" : (options.waitMs / 1e3).toFixed(3);
  return new Promise((resolve) => {
    const stdio = ["pipe", "pipe", "pipe", ...Array(LOCK_FD - 3).fill("ignore"), opened];
    let child;
    try {
      child = spawn3("sh", ["-c", SCRIPT, "sh", seconds], { stdio });
    } finally {
      closeSync2(opened);
    }
    let settled = false;
    let stderr = "";
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const onAbort = () => {
      kill();
      finish({ acquired: false, waitedMs: monotonicMs() - started, reason: "cancelled while waiting for the machine lock" });
    };
    const finish = (outcome) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr.setEncoding("utf8").on("data", (c) => stderr += c);
    child.stdin.on("error", () => void 0);
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      if (!chunk.includes("locked")) return;
      child.unref();
      for (const s of [child.stdin, child.stdout, child.stderr]) s.unref?.();
      const exited = new Promise((done) => child.once("exit", () => done()));
      finish({
        acquired: true,
        lock: {
          waitedMs: monotonicMs() - started,
          release: kill,
          releaseAndWait: () => {
            child.ref();
            kill();
            return exited;
          }
        }
      });
    });
    child.on("error", (error) => finish(unlocked(`sh could not be started (${error.message})`)));
    child.on("exit", (code) => {
      if (code === 4) finish({ acquired: false, waitedMs: monotonicMs() - started, reason: "timed out" });
      else if (code === 127 || /flock.*not found/.test(stderr)) finish(unlocked("flock(1) is not installed (util-linux)"));
      else finish(unlocked(`the machine lock could not be taken (${stderr.trim() || `exit code ${code}`})`));
    });
  });
}

// src/machine/trust.ts
import { lstatSync as lstatSync3, readFileSync as readFileSync3 } from "node:fs";
import path8 from "node:path";
var OWNED_DIR_KINDS = {
  experiment: { prefix: EXPERIMENT_DIR_PREFIX, marker: EXPERIMENT_MARKER, suffix: ownedSuffixes("[A-Za-z0-9]{6}", "\\d+-\\d+") },
  probe: { prefix: PROBE_DIR_PREFIX, marker: MARKER_FILE_NAME, suffix: PROBE_DIR_SUFFIX }
};
var MIN_DIRTY_BYTES = 1 * MiB;
var RATIO_MAX = 100;
function memoryBytes() {
  try {
    return memTotalBytes(readFileSync3("/proc/meminfo", "utf8")) ?? null;
  } catch {
    return null;
  }
}
function allowedRange(name, memory) {
  if (name === "dirty_ratio" || name === "dirty_background_ratio") return { ok: (v) => v >= 1 && v <= RATIO_MAX, words: `1 to ${RATIO_MAX} (%)` };
  const max = memory ?? Number.MAX_SAFE_INTEGER;
  return { ok: (v) => v >= MIN_DIRTY_BYTES && v <= max, words: `${MIN_DIRTY_BYTES} to ${memory ?? "the machine memory"} bytes` };
}
function dirtyRefusal(change, memory = memoryBytes()) {
  for (const name of DIRTY_SYSCTLS) {
    const v = change.saved[name];
    if (!Number.isSafeInteger(v) || v < 0) return `vm.${name}=${v} recorded as the value before, which is no setting (allowed: a whole number, 0 or more)`;
  }
  for (const name of ["dirty_bytes", "dirty_background_bytes"]) {
    const v = change.set[name];
    if (!Number.isSafeInteger(v) || v < 0) return `vm.${name}=${v} recorded as what was set, which is no setting (allowed: a whole number, 0 or more)`;
  }
  for (const pair of DIRTY_PAIRS) {
    const [name, value] = inForce(change.saved, pair);
    const range = allowedRange(name, memory);
    if (!range.ok(value)) return `vm.${name}=${value} recorded as the value before is out of range (allowed: ${range.words})`;
  }
  return null;
}
function symlinkOnTheWay(dir) {
  let at = path8.parse(dir).root;
  for (const part of dir.slice(at.length).split(path8.sep).filter(Boolean)) {
    at = path8.join(at, part);
    if (lstatSync3(at).isSymbolicLink()) return at;
  }
  return null;
}
function ownedDirRefusal(dir, kind, uid) {
  const k = OWNED_DIR_KINDS[kind];
  if (!path8.isAbsolute(dir) || path8.normalize(dir) !== dir) return "not an absolute, normalised path";
  const name = path8.basename(dir);
  if (!name.startsWith(k.prefix) || !k.suffix.test(name.slice(k.prefix.length))) return `not named ${k.prefix}\u2026 as the profiler names its ${kind} directories`;
  try {
    const link = symlinkOnTheWay(dir);
    if (link) return `${link} on its way is a symbolic link`;
    const s = lstatSync3(dir);
    if (!s.isDirectory()) return "not a directory";
    if (s.uid !== uid) return `owned by uid ${s.uid}, not by the record's uid ${uid}`;
    return notOwnedReason(dir, k.prefix, k.marker, uid);
  } catch (error) {
    const code = error.code;
    return code === "ENOENT" && lstatOrNull(dir) === null ? "does not exist" : error.message;
  }
}

// src/machine/recover.ts
function trusted(record) {
  const refused = [];
  const keep = (dirs, kind) => dirs.filter((dir) => {
    const reason = ownedDirRefusal(dir, kind, record.fileUid);
    if (reason !== null && reason !== "does not exist") refused.push({ what: dir, reason });
    return reason === null;
  });
  const dirtyReason = record.dirty ? dirtyRefusal(record.dirty) : null;
  if (dirtyReason) refused.push({ what: "vm.dirty_*", reason: dirtyReason });
  return {
    dirs: { experiment: keep(record.experimentDirs, "experiment"), probe: keep(record.probeDirs, "probe") },
    dirty: dirtyReason ? null : record.dirty,
    refused
  };
}
function recoverRecord(dir, record, whose, privileges) {
  const out = { done: [], warnings: [] };
  if (!isOurs(record)) return out;
  if (owes(record)) {
    const t = trusted(record);
    for (const x of t.refused) out.warnings.push(capitalised(leftInPlace(`${x.what} of ${whose}`, x.reason)));
    const r = cleanUpExperiments({ experimentDirs: t.dirs.experiment, probeDirs: t.dirs.probe, dirty: t.dirty, whose }, privileges);
    if (r.dirtyPutBack.length > 0) out.done.push(putBackSentence(r.dirtyPutBack, whose));
    if (r.removed.length > 0) out.done.push(`${removedLeftBehind(`what ${whose}`, r.removed)}.`);
    out.warnings.push(...r.dirtyLeftAlone);
    for (const x of r.refused) out.warnings.push(capitalised(leftInPlace(`${x.dir} of ${whose}`, x.reason)));
  }
  record.dirty = null;
  record.experimentDirs = [];
  record.probeDirs = [];
  record.endedEpochMs ??= record.updatedEpochMs;
  try {
    writeRecord(dir, record);
  } catch (error) {
    out.warnings.push(`Could not close the ledger record of ${whose}: ${error.message}.`);
  }
  return out;
}
var describeOwner = (r) => `profile "${r.owner.label}" (pid ${r.owner.pid}, killed before its cleanup)`;
function deadOfOurs(dir) {
  return readRecords(dir).filter((r) => isOurs(r) && isDead(r, true));
}
function recoverDeadProfiles(dir, privileges = null) {
  const out = { done: [], warnings: [] };
  pruneRecords(dir);
  const dead = deadOfOurs(dir);
  if (dead.length === 0) return out;
  const p = privileges ?? detectPrivileges();
  for (const record of dead) {
    const r = recoverRecord(dir, record, describeOwner(record), p);
    out.done.push(...r.done);
    out.warnings.push(...r.warnings);
  }
  return out;
}

// src/export/export-report.ts
function exportWarning(o) {
  if (o.failures.length === 0) return null;
  return `OpenTelemetry export to ${o.shownEndpoint} failed after ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1e3} s): ${o.failures.join("; ")}. The profile, summary and artifact are unaffected.`;
}
function exportFact(o) {
  const what = `${o.spans} spans, ${o.points} metric points`;
  const sent = o.failures.length === 0 ? `OpenTelemetry export: ${what} to ${o.shownEndpoint} in ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1e3} s).` : `OpenTelemetry export: ${what} to ${o.shownEndpoint} not taken after ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1e3} s); see the warning.`;
  const where = o.failures.length === 0 ? traceParentSentence(o.parent) : null;
  return where ? `${sent} ${where}` : sent;
}
var HOW_GIVEN = {
  runId: "GITHUB_RUN_ID (the runner sets it)",
  runAttempt: "GITHUB_RUN_ATTEMPT (the runner sets it)",
  checkRunId: "otel-check-run-id: ${{ job.check_run_id }}",
  stepName: "otel-step-name: the name the step has in the workflow"
};
function traceParentSentence(p) {
  if (!p) return null;
  if (p.kind === "job-step") {
    return `Its spans are in the job's trace ${p.traceId}, under the step "${p.stepName}" and its post step, as the Collector's GitHub receiver builds that trace (run ${p.runId}, attempt ${p.runAttempt}, check run ${p.checkRunId}).`;
  }
  const missing = PARENT_IDS.filter((id) => p.missing.includes(id.id)).map((id) => HOW_GIVEN[id.id]);
  return `The trace is one of its own, not the job's: nesting it needs ${missing.join(", ")}.`;
}

export {
  DEFAULT_EXPERIMENTS,
  DEFAULT_EXPERIMENT_BUDGET_SECONDS,
  parseExperiments,
  parsePrices,
  ALL_PROBES,
  parseConfig,
  configRecord,
  isAlive,
  MACHINE_DIR_ENV,
  readRecord,
  readRecords,
  isOurs,
  pruneRecords,
  Ledger,
  lockWaitMs,
  acquireMachineLock,
  probeKillAfterMs,
  removeProbeDirectories,
  cleanUpExperiments,
  recoverRecord,
  deadOfOurs,
  recoverDeadProfiles,
  runProbeSuite,
  exportWarning,
  exportFact,
  STATE,
  HANDED_STATE,
  parseReportStep
};
