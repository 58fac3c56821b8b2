import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/profile/schema.ts
var PROFILE_SCHEMA_VERSION = 2;
var PHASES = ["lookup", "download", "extract", "writeback"];
var RESOURCES = ["network", "disk-bandwidth", "disk-iops", "cpu"];
var DISK_RESOURCES = ["disk-bandwidth", "disk-iops"];
function isDiskResource(name) {
  return DISK_RESOURCES.some((r) => r === name);
}
var BOTTLENECKS = [...RESOURCES, "none", "inconclusive"];
var TRANSFER_REQUEST_OUTCOMES = ["complete", "aborted", "error", "open"];
var DOWNLOAD_PATHS = ["azure-sdk", "http-concurrent", "http-stream"];
var TOOLKIT_SEGMENT_TIMEOUT_MS = 6e5;
var HTTP_CLIENT_SOCKET_TIMEOUT_MS = 18e4;
var UPLOAD_PATHS = ["azure-sdk", "http-chunks"];
var BLOCK_DEVICE_KINDS = ["disk", "dm", "md", "loop"];
var RESOLUTION_METHODS = ["mount", "bind-mount", "overlay-upper", "overlay-upper-inferred", "not-measured"];
var SHARED_PHASES = ["restore", "probes", "experiments"];
var PROBE_NAMES = ["seq-write", "seq-read", "rand-write", "rand-read", "rand-read-qd1", "fsync-write"];
var RESTORE_SKIP_REASONS = ["cache-mode", "lookup-only"];
var STAGE_STATUSES = ["ran", "skipped", "failed"];
var RESTORE_SPANS = ["step", "until-on-disk"];
var WHAT_IF_OUTCOMES = ["not-measured", "no-saving", "only-cpu-work", "second-limit", "range", "at-most"];
var HALF_RULE_KINDS = ["held", "beyond", "several-disks"];
var DEVICE_VERDICTS = ["disk-bandwidth", "disk-iops", "none", "not-probed"];
var IOPS_COUNTS = ["after-merge", "before-merge"];
var DISK_DIRECTIONS = ["write", "read"];
var TRANSFER_LIMIT_KINDS = ["stall", "per-connection", "path", "bandwidth", "latency", "store", "none"];
var DOWNLOAD_STALL_KINDS = ["body", "first-byte", "slow"];
var TRANSFER_WHAT_IF_CHANGES = ["twice-per-connection", "twice-aggregate", "half-round-trip", "stall-removed"];
var UPLOAD_STALL_KINDS = ["body", "acknowledgement", "slow", "retry"];
var SAVE_PHASES = ["list", "archive", "reserve", "upload", "commit"];
var SAVE_STATUSES = ["saved", "skipped", "failed"];
var ALTERNATIVES = ["baseline", "ram", "decompress", "other-disk", "page-cache"];
var EXPERIMENT_NAMES = ALTERNATIVES.filter((a) => a !== "baseline");
var SKIP_REASONS = [
  "no-room",
  "no-permission",
  "no-such-file-system",
  "over-budget",
  "no-baseline",
  "no-archive",
  "already-fits",
  "pattern-path"
];
var PRIVILEGED_OPERATIONS = ["mount", "sysctl", "files", "install"];
var PRIVILEGE_LACKS = ["not-root", "cap-sys-admin", "cap-files", "sysctl-read-only", "sysctl-not-writable", "no-sudo"];
var SAMPLE_SIZE_NAMES = ["large", "small"];
var WORKFLOW_FIX_KINDS = ["step", "none"];
var FIX_MEMORY_REASONS = [
  "fresh",
  "none-remembered",
  "stale",
  "hardware-changed",
  "size-changed",
  "files-changed",
  "verdict-changed",
  "time-outside",
  "not-measured"
];

// src/config/restore-roots.ts
import * as os from "node:os";
import * as path from "node:path";
function expandPath(p, workspace) {
  const expanded = p === "~" || p.startsWith("~/") ? path.join(os.homedir(), p.slice(1)) : p;
  return path.resolve(workspace, expanded);
}
var WILDCARD = /[*?[\]{}]/;
function isPattern(line) {
  return line.startsWith("!") || WILDCARD.test(line);
}
function restoreRoots(paths, workspace) {
  const roots = [];
  for (const line of paths) {
    if (line.startsWith("!")) continue;
    const segments = line.split(/[\\/]/);
    const firstWild = segments.findIndex((s) => WILDCARD.test(s));
    const fixed2 = firstWild < 0 ? line : segments.slice(0, firstWild).join("/") || ".";
    roots.push(expandPath(fixed2, workspace));
  }
  const unique = [...new Set(roots)].sort();
  return unique.filter((r, i) => !unique.slice(0, i).some((o) => r.startsWith(o.endsWith(path.sep) ? o : o + path.sep)));
}

// src/config/actions-cache-inputs.ts
function getInputAsArray(raw) {
  return raw.split("\n").map((s) => s.replace(/^!\s+/, "!").trim()).filter((x) => x !== "");
}
function getInputAsBool(raw) {
  return raw.trim().toLowerCase() === "true";
}
function booleanInputWarning(input, raw) {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "true" || value === "false") return null;
  return `Input '${input}' is '${raw.trim()}': read as false, as actions/cache reads every value but 'true' (allowed: true or false).`;
}
function getInputAsInt(raw) {
  const value = parseInt(raw);
  return Number.isNaN(value) || value < 0 ? void 0 : value;
}
function isExactKeyMatch(key, cacheKey) {
  return !!(cacheKey && cacheKey.localeCompare(key, void 0, { sensitivity: "accent" }) === 0);
}

// src/util/units.ts
var KiB = 1024;
var MiB = 1024 * KiB;
var GiB = 1024 * MiB;

// src/util/format.ts
function mibPerSecond(bytesPerSecond) {
  return `${formatNumber(bytesPerSecond / MiB)} MiB/s`;
}
function formatNumber(n2) {
  if (!Number.isFinite(n2)) return String(n2);
  const a = Math.abs(n2);
  if (a >= 100) return String(Math.round(n2));
  if (a >= 10) return String(Math.round(n2 * 10) / 10);
  if (a >= 1) return String(Math.round(n2 * 100) / 100);
  return String(Math.round(n2 * 1e3) / 1e3);
}
function cores(n2) {
  const figure2 = formatNumber(n2);
  return `${figure2} ${figure2 === "1" ? "core" : "cores"}`;
}
function seconds(ms) {
  return `${formatNumber(ms / 1e3)} s`;
}
function percent(share2) {
  return `${Math.round(share2 * 100)}%`;
}
function bytes(n2) {
  if (n2 >= GiB) return `${formatNumber(n2 / GiB)} GiB`;
  if (n2 >= MiB) return `${formatNumber(n2 / MiB)} MiB`;
  if (n2 >= KiB) return `${formatNumber(n2 / KiB)} KiB`;
  return `${n2} B`;
}
function iops(n2) {
  return n2 >= 1e4 ? `${formatNumber(n2 / 1e3)}k IOPS` : `${Math.round(n2)} IOPS`;
}
function capitalised(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// src/judge/thresholds.ts
var NEAR_CEILING_SHARE = 0.8;
var TIME_AT_CEILING_SHARE = 0.5;
var SUSTAINED_RATE_MS = 1e3;
var STEADY_WINDOW_MS = 500;
var STEADY_RATE_SHARE = 0.5;
var CEILING_WINDOW_MS = 300;
var MIN_BINDING_WINDOWS = 3;
var FAR_BELOW_CEILING_SHARE = 0.5;
var IOPS_PROBE_BANDWIDTH_BOUND = 0.8;
var SMALL_REQUEST_KIB = 32;
var PROCESS_FULL_CORE = 0.85;
var MIN_CPU_DATA_MS = 1e3;
var MIN_SEEN_MS = 200;
var CPU_PRESSURE_HIGH = 0.3;
var OWN_CPU_WAIT_SHARE = 0.3;
var CHILD_CPU_WORKING_CORE = 0.1;
var CHILD_CPU_IDLE_CORE = 0.5;
var IO_PRESSURE_HIGH = 0.3;
var IO_PRESSURE_LOW = 0.1;
var NO_PROBE_IO_PRESSURE = 0.5;
var NO_PROBE_UTIL_PERCENT = 90;
var NO_PROBE_QUEUE_SIZE = 1;
var IDLE_UTIL_PERCENT = 50;
var DIRTY_THROTTLE_SHARE = 0.6;
var LOW_QUEUE_DEPTH = 1.5;
var QD1_RATE_SHARE = 0.8;
var WRITEBACK_TAIL_SHARE = 0.2;
var OTHER_WRITER_RATIO = 1.5;
var OTHER_WRITER_MIN_BYTES = 32 * 1024 * 1024;
var ABSORBED_SHARE = 0.1;
function wroteAlmostNothingEarly(earlyBytes, spanBytes) {
  return spanBytes > 0 && earlyBytes < ABSORBED_SHARE * spanBytes;
}
var MINOR_PHASE_SHARE = 0.03;
var MIN_SAVING_SHARE = 0.05;
var WHAT_IF_SPEEDUP = 2;
var HALF_RULE_BELOW_SHARE = NEAR_CEILING_SHARE;
var RAISED_SHARE = 1.02;
var QUOTA_FULL_SHARE = 0.85;
var THROTTLED_PERIODS_SHARE = 0.5;
var THROTTLED_MIN_PERIODS = 5;
var ABOVE_CEILING_SHARE = 1.15;
var FEW_MERGES_SHARE = 0.1;
var PROBE_SPLIT_SHARE = 1 / 16;
var PROBE_SAME_RATE_TOLERANCE = 0.25;
var METADATA_OVERHEAD_SHARE = 0.2;
var WORTH_CHANGING = { savingMs: 1e3, savingShare: 0.1 };
function worthChanging(savingMs, totalMs) {
  return savingMs >= WORTH_CHANGING.savingMs && totalMs > 0 && savingMs / totalMs >= WORTH_CHANGING.savingShare;
}
var TIMEOUT_MARGIN = 4;
var MIN_BODY_MS = 200;
var MIN_PARALLELISM_SPREAD = 1.3;
var STALL_MIN_MS = 1e3;
var STALL_MIN_INTERVALS = 5;
var SLOW_REQUEST_FACTOR = 4;
var STALL_VERDICT_SHARE = 0.1;
var WAIT_SHARE = 0.5;
var STORE_SPREAD = 3;
var PER_CONNECTION_ELASTICITY = 0.6;
var PATH_ELASTICITY = 0.3;
var SAVE_THRESHOLDS = {
  /** Compression is CPU-bound when tar+zstd kept this share of the cores zstd could use busy... */
  childCoresShare: 0.8,
  /** ...or the machine's CPUs were at least this busy (user + system), percent. */
  machineBusyPercent: 85,
  /** Reading is IOPS- or latency-bound when tasks stalled on IO this share of the phase (PSI io some)... */
  ioStallShare: 0.3,
  /** ...or the CPUs waited on IO this much, percent of all CPU time. */
  iowaitPercent: 20,
  /** Reads per second below which the disk was not the reader's limit whatever the stall says. */
  minReadsPerSecond: 50,
  /**
   * Reads the device served in under this (r_await, ms) while tasks stalled on I/O were held before the
   * device: a blkio or io.max cap queues bios above it (the recorded 200-IOPS loop device: 0.04 ms).
   * The verdict then says so, or r_await reads as a contradiction.
   */
  deviceWaitMs: 1,
  /** Share of a fio ceiling at which reading counts as at that ceiling. */
  ceilingShare: 0.8
};

// src/util/spread.ts
function spread(values) {
  const xs = values.filter((v) => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  const median3 = xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
  const min = xs[0];
  const max = xs[xs.length - 1];
  return { median: median3, min, max, runs: xs.length, spreadPercent: median3 > 0 ? (max - min) / median3 * 100 : 0 };
}
function median(values) {
  return spread(values)?.median ?? null;
}

// src/util/cleanup-words.ts
function putBackSentence(names, whose) {
  return `Put ${names.join(" and ")} back as they were before ${whose ? `${whose}'s` : "the"} page-cache experiment.`;
}
function removedLeftBehind(what, dirs) {
  return `Removed ${what} left behind: ${dirs.join(", ")}`;
}
function leftInPlace(what, reason) {
  return `left ${what} in place: ${reason}.`;
}
function privateMachineSentence(d) {
  return `Profiles of other users on this machine can be neither seen nor waited for: the shared directory was not safe to use (${d.reason}), so this profile met only this user's profiles, in ${d.path}.`;
}

// src/judge/cgroup-cpu.ts
function cpuReach(cgroup) {
  const quota = cgroup?.cpuQuotaCores ?? null;
  const cpuset = cgroup?.cpusetCpus ?? null;
  const cores2 = Math.min(1, quota ?? Infinity, cpuset ?? Infinity);
  return { cores: cores2, quotaCores: quota !== null && quota < 1 ? quota : null };
}
function cgroupCpuFacts(start, end, cgroup) {
  const a = start.cgroupCpu;
  const b = end.cgroupCpu;
  const durationMs = end.tMs - start.tMs;
  if (!a || !b || durationMs <= 0) return null;
  const periods = Math.max(0, b.periods - a.periods);
  const throttledPeriods = Math.max(0, b.throttledPeriods - a.throttledPeriods);
  return {
    quotaCores: cgroup?.cpuQuotaCores ?? null,
    usageCores: a.usageUs !== null && b.usageUs !== null ? Math.max(0, b.usageUs - a.usageUs) / 1e3 / durationMs : null,
    throttledMs: Math.max(0, b.throttledUs - a.throttledUs) / 1e3,
    periods,
    throttledPeriods,
    throttledShare: periods > 0 ? throttledPeriods / periods : null
  };
}
function cgroupDirtyScale(context) {
  const limit = context.cgroup?.version === 2 ? context.cgroup.memoryLimitBytes : null;
  if (limit === null || limit === void 0 || !(context.memoryBytes > 0)) return 1;
  return Math.min(1, limit / context.memoryBytes);
}
function quotaFloorMs(facts, speedup) {
  const g = facts.cgroupCpu;
  if (!g || g.quotaCores === null) return 0;
  const raised = g.quotaCores * speedup;
  const group = g.usageCores === null ? 0 : g.usageCores * facts.durationMs / raised;
  const busiest = facts.busiestProcess ? facts.busiestProcess.cores * facts.durationMs / Math.min(1, raised) : 0;
  return Math.max(group, busiest);
}
function quotaOf(phases) {
  return phases.find((p) => p.facts.cgroupCpu?.quotaCores != null)?.facts.cgroupCpu?.quotaCores ?? null;
}

// src/sample/iostat.ts
var SECTOR_BYTES = 512;
var U32 = 2 ** 32;
function counterDelta(before, after) {
  if (after >= before) return after - before;
  if (before < U32) return after + U32 - before;
  return after;
}
function rate(delta2, durationMs) {
  return durationMs > 0 ? delta2 * 1e3 / durationMs : 0;
}
function ratio(numerator, denominator) {
  return denominator > 0 ? numerator / denominator : 0;
}
function optionalDelta(before, after) {
  return before === void 0 || after === void 0 ? null : counterDelta(before, after);
}
function diskMetrics(before, after, durationMs) {
  const d = (k) => counterDelta(before[k] ?? 0, after[k] ?? 0);
  const reads = d("readsCompleted");
  const writes = d("writesCompleted");
  const readSectors = d("sectorsRead");
  const writeSectors = d("sectorsWritten");
  const readMerges = d("readsMerged");
  const writeMerges = d("writesMerged");
  const discards = optionalDelta(before.discardsCompleted, after.discardsCompleted);
  const discardSectors = optionalDelta(before.sectorsDiscarded, after.sectorsDiscarded);
  const discardMs = optionalDelta(before.discardMs, after.discardMs);
  const flushes = optionalDelta(before.flushesCompleted, after.flushesCompleted);
  const flushMs = optionalDelta(before.flushMs, after.flushMs);
  return {
    durationMs,
    reads,
    writes,
    readBytes: readSectors * SECTOR_BYTES,
    writtenBytes: writeSectors * SECTOR_BYTES,
    readsPerSecond: rate(reads, durationMs),
    writesPerSecond: rate(writes, durationMs),
    readKiBPerSecond: rate(readSectors, durationMs) / 2,
    writeKiBPerSecond: rate(writeSectors, durationMs) / 2,
    readMergesPerSecond: rate(readMerges, durationMs),
    writeMergesPerSecond: rate(writeMerges, durationMs),
    readMergePercent: ratio(readMerges, readMerges + reads) * 100,
    writeMergePercent: ratio(writeMerges, writeMerges + writes) * 100,
    readAwaitMs: ratio(d("readMs"), reads),
    writeAwaitMs: ratio(d("writeMs"), writes),
    averageQueueSize: ratio(d("weightedIoMs"), durationMs),
    // iostat caps %util at 100: io_ticks can run ahead of wall time by one tick at window edges.
    utilizationPercent: Math.min(100, ratio(d("ioMs"), durationMs) * 100),
    readRequestKiB: ratio(readSectors, reads) / 2,
    writeRequestKiB: ratio(writeSectors, writes) / 2,
    discardsPerSecond: discards === null ? null : rate(discards, durationMs),
    discardKiBPerSecond: discardSectors === null ? null : rate(discardSectors, durationMs) / 2,
    discardAwaitMs: discards === null || discardMs === null ? null : ratio(discardMs, discards),
    discardRequestKiB: discards === null || discardSectors === null ? null : ratio(discardSectors, discards) / 2,
    flushesPerSecond: flushes === null ? null : rate(flushes, durationMs),
    flushAwaitMs: flushes === null || flushMs === null ? null : ratio(flushMs, flushes)
  };
}

// src/sample/phase-summary.ts
var USER_HZ = 100;
var CPU_FIELDS = ["user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"];
function cpuDelta(a, b) {
  const d = {};
  for (const k of CPU_FIELDS) d[k] = counterDelta(a[k], b[k]);
  return d;
}
function sum(c) {
  return CPU_FIELDS.reduce((total, k) => total + c[k], 0);
}
function percent2(part, whole) {
  return whole > 0 ? part / whole * 100 : 0;
}
function cpuSharesPercent(start, end) {
  if (!start.cpu || !end.cpu) return null;
  const d = cpuDelta(start.cpu, end.cpu);
  const total = sum(d);
  let busiestCpuPercent = null;
  if (start.perCpu && end.perCpu && start.perCpu.length === end.perCpu.length && start.perCpu.length > 0) {
    busiestCpuPercent = 0;
    start.perCpu.forEach((before, i) => {
      const after = end.perCpu?.[i];
      if (!after) return;
      const c = cpuDelta(before, after);
      const busy = percent2(sum(c) - c.idle - c.iowait, sum(c));
      busiestCpuPercent = Math.max(busiestCpuPercent ?? 0, busy);
    });
  }
  return {
    userPercent: percent2(d.user + d.nice, total),
    systemPercent: percent2(d.system + d.irq + d.softirq, total),
    iowaitPercent: percent2(d.iowait, total),
    stealPercent: percent2(d.steal, total),
    idlePercent: percent2(d.idle, total),
    busiestCpuPercent
  };
}
function stallFraction(a, b, durationMs) {
  if (a === void 0 || b === void 0 || durationMs <= 0) return null;
  return counterDelta(a, b) / (durationMs * 1e3);
}
function pick(p, k) {
  return p?.[k] ?? void 0;
}
function pressureFractions(start, end, durationMs) {
  if (!start.pressure || !end.pressure) return null;
  const f = (k, which) => stallFraction(pick(start.pressure, k)?.[which], pick(end.pressure, k)?.[which], durationMs);
  return {
    ioSome: f("io", "someUs"),
    ioFull: f("io", "fullUs"),
    cpuSome: f("cpu", "someUs"),
    memorySome: f("memory", "someUs"),
    memoryFull: f("memory", "fullUs")
  };
}
function phaseSummary(start, end, deviceIndex) {
  const durationMs = Math.max(0, end.tMs - start.tMs);
  const before = deviceIndex === null ? null : start.disks[deviceIndex];
  const after = deviceIndex === null ? null : end.disks[deviceIndex];
  const childTicks = start.childCpuTicks === null || end.childCpuTicks === null ? null : Math.max(0, end.childCpuTicks - start.childCpuTicks);
  const childCpuSeconds = childTicks === null ? null : childTicks / USER_HZ;
  return {
    durationMs,
    disk: before && after ? diskMetrics(before, after, durationMs) : null,
    cpu: cpuSharesPercent(start, end),
    pressure: pressureFractions(start, end, durationMs),
    memory: start.memory && end.memory ? {
      dirtyBytesStart: start.memory.dirtyBytes,
      writebackBytesStart: start.memory.writebackBytes,
      dirtyBytesEnd: end.memory.dirtyBytes,
      writebackBytesEnd: end.memory.writebackBytes
    } : null,
    childCpuSeconds,
    childCpuCores: childCpuSeconds === null || durationMs <= 0 ? null : childCpuSeconds / (durationMs / 1e3)
  };
}

// src/judge/phase-facts.ts
function share(percent3, cap = Infinity) {
  return percent3 === null || percent3 === void 0 ? null : Math.min(cap, percent3 / 100);
}
function fraction(value) {
  return value === null || value === void 0 ? null : Math.min(1, value);
}
function cpuShares(summary) {
  const c = summary.cpu;
  if (!c) return null;
  return {
    busy: (c.userPercent + c.systemPercent) / 100,
    iowait: c.iowaitPercent / 100,
    steal: c.stealPercent / 100,
    busiestCpu: share(c.busiestCpuPercent)
  };
}
function deviceIndexFor(profile, phase) {
  const primary = profile.devices.findIndex((d) => d.primary);
  if (phase !== "download" && primary >= 0) return primary;
  const top = profile.devices.findIndex((d) => d.topFor?.includes("archive-temp"));
  if (phase === "download" && top >= 0) return top;
  const role = phase === "download" ? "archive-temp" : "restore-path";
  const byRole = profile.devices.findIndex((d) => d.roles.includes(role));
  if (byRole >= 0) return byRole;
  return primary >= 0 ? primary : null;
}
function ioDelta(a, b) {
  if (!a || !b) return null;
  return {
    readBytes: Math.max(0, b.readBytes - a.readBytes),
    writeBytes: Math.max(0, b.writeBytes - a.writeBytes),
    cancelledWriteBytes: Math.max(0, b.cancelledWriteBytes - a.cancelledWriteBytes)
  };
}
function sightings(series) {
  const first = series[0];
  const treeReadAtStart = first.selfCpuTicks != null;
  const atStart = new Set((first.processes ?? []).map((p) => p.pid));
  const seen = /* @__PURE__ */ new Map();
  for (const s of series) {
    for (const p of s.processes ?? []) {
      const entry = seen.get(p.pid);
      const reaped = p.reapedTicks ?? null;
      if (entry) {
        entry.last = p.cpuTicks;
        entry.reapedLast = reaped;
        entry.lastMs = s.tMs;
        continue;
      }
      const bornInside = treeReadAtStart && !atStart.has(p.pid);
      seen.set(p.pid, {
        pid: p.pid,
        comm: p.comm,
        ppid: p.ppid,
        bornInside,
        base: bornInside ? 0 : p.cpuTicks,
        firstSeen: p.cpuTicks,
        last: p.cpuTicks,
        reapedBase: reaped === null ? null : bornInside ? 0 : reaped,
        reapedLast: reaped,
        firstMs: s.tMs,
        lastMs: s.tMs
      });
    }
  }
  return seen;
}
function reapedTails(seen) {
  const out = [];
  for (const q of seen.values()) {
    if (q.reapedBase === null || q.reapedLast === null || q.reapedLast <= q.reapedBase) continue;
    const children = [...seen.values()].filter((p) => p.ppid === q.pid && p.lastMs >= q.firstMs && p.lastMs < q.lastMs);
    if (children.some((p) => !p.bornInside || p.reapedLast === null || p.reapedBase === null)) continue;
    const shown = children.reduce((sum2, p) => sum2 + (p.last - p.base) + ((p.reapedLast ?? 0) - (p.reapedBase ?? 0)), 0);
    out.push({ parent: q.pid, children: new Set(children.map((p) => p.pid)), ticks: Math.max(0, q.reapedLast - q.reapedBase - shown) });
  }
  return out;
}
function busiestProcess(series, durationMs, childTicks) {
  if (durationMs <= 0 || !series.some((s) => s.processes !== void 0 || s.selfCpuTicks !== void 0)) return null;
  const seen = sightings(series);
  const tails = reapedTails(seen);
  const seconds2 = durationMs / 1e3;
  const shownTicks = [...seen.values()].reduce((sum2, e) => sum2 + (e.last - e.base), 0);
  const known = tails.reduce((sum2, t) => sum2 + t.ticks, 0);
  const unseenTicks = childTicks === null ? null : Math.max(0, childTicks - shownTicks - known);
  let best = null;
  for (const e of seen.values()) {
    const cores2 = (e.last - e.base) / USER_HZ / seconds2;
    if (best && cores2 <= best.cores) continue;
    const seenMs = e.lastMs - e.firstMs;
    const ownTail = tails.find((t) => t.children.has(e.pid));
    const unseen = ownTail ? ownTail.ticks : unseenTicks;
    best = {
      comm: e.comm,
      cores: cores2,
      coresAtMost: unseen === null ? null : cores2 + unseen / USER_HZ / seconds2,
      coresWhileSeen: seenMs > 0 ? (e.last - e.firstSeen) / USER_HZ / (seenMs / 1e3) : null,
      seenMs
    };
  }
  return best ?? { comm: "none", cores: 0, coresAtMost: unseenTicks === null ? null : unseenTicks / USER_HZ / seconds2, coresWhileSeen: null, seenMs: 0 };
}
function ownCpuWait(series) {
  const first = series[0];
  if (!first || first.selfCpuTicks == null) return null;
  const sightings2 = series.flatMap((s) => s.processes ?? []);
  if (!sightings2.some((p) => p.runDelayNs !== void 0)) return null;
  const atStart = new Map((first.processes ?? []).map((p) => [p.pid, p.runDelayNs]));
  let best = null;
  let total = 0;
  let atMost = 0;
  const pids = new Set(sightings2.map((p) => p.pid));
  for (const pid of pids) {
    const base = atStart.has(pid) ? atStart.get(pid) : 0;
    if (base === void 0) continue;
    const seen = series.map((s) => s.processes?.find((p) => p.pid === pid));
    const lastIndex = seen.findLastIndex((p) => p?.runDelayNs !== void 0);
    const last = seen[lastIndex];
    if (!last) continue;
    const waitedMs = ((last.runDelayNs ?? 0) - base) / 1e6;
    const lastMs = series[lastIndex]?.tMs ?? 0;
    const gone = seen.findIndex((p, k) => k > lastIndex && p === void 0);
    const untilMs = gone >= 0 ? series[gone]?.tMs ?? lastMs : series.at(-1)?.tMs ?? lastMs;
    const unseenMs = untilMs - (series[lastIndex - 1]?.tMs ?? lastMs);
    total += waitedMs;
    atMost = Math.max(atMost, waitedMs + unseenMs);
    if (!best || waitedMs > best.atLeastMs) best = { comm: last.comm, atLeastMs: waitedMs, atMostMs: 0, totalAtLeastMs: 0 };
  }
  return best ? { ...best, atMostMs: atMost, totalAtLeastMs: total } : null;
}
var TICK_SLACK = 2;
function selfCpu(start, end, durationMs) {
  if (durationMs <= 0) return { cores: null, bounds: null };
  const seconds2 = durationMs / 1e3;
  if (start.selfCpuUs != null && end.selfCpuUs != null) {
    const cores2 = Math.max(0, end.selfCpuUs - start.selfCpuUs) / 1e6 / seconds2;
    return { cores: cores2, bounds: { atLeast: cores2, atMost: cores2 } };
  }
  if (start.selfCpuTicks == null || end.selfCpuTicks == null) return { cores: null, bounds: null };
  const ticks = Math.max(0, end.selfCpuTicks - start.selfCpuTicks);
  const coresOf = (t) => t / USER_HZ / seconds2;
  return {
    cores: durationMs >= MIN_CPU_DATA_MS ? coresOf(ticks) : null,
    bounds: { atLeast: coresOf(Math.max(0, ticks - TICK_SLACK)), atMost: coresOf(ticks + TICK_SLACK) }
  };
}
function snapshotFacts(start, end, deviceIndex, inside = [], cgroup) {
  const summary = phaseSummary(start, end, deviceIndex);
  const durationMs = end.tMs - start.tMs;
  const series = [start, ...inside, end];
  let dirtyPeakBytes = null;
  for (const s of series) {
    if (s.memory) dirtyPeakBytes = Math.max(dirtyPeakBytes ?? 0, s.memory.dirtyBytes);
  }
  const self = selfCpu(start, end, durationMs);
  const p = summary.pressure;
  return {
    durationMs,
    deviceIndex,
    disk: durationMs > 0 ? summary.disk : null,
    cpu: cpuShares(summary),
    childCores: durationMs > 0 ? summary.childCpuCores : null,
    busiestProcess: busiestProcess(series, durationMs, summary.childCpuSeconds === null ? null : summary.childCpuSeconds * USER_HZ),
    selfCores: self.cores,
    selfCoresBounds: self.bounds,
    ownIo: ioDelta(start.ownIo, end.ownIo),
    pressure: {
      ioSome: fraction(p?.ioSome),
      ioFull: fraction(p?.ioFull),
      cpuSome: fraction(p?.cpuSome),
      memorySome: fraction(p?.memorySome)
    },
    dirtyPeakBytes,
    owedAtEndBytes: end.memory ? end.memory.dirtyBytes + end.memory.writebackBytes : null,
    series,
    ownCpuWait: durationMs > 0 ? ownCpuWait(series) : null,
    cgroupCpu: cgroupCpuFacts(start, end, cgroup),
    cpuReach: cpuReach(cgroup)
  };
}
function phaseFacts(profile, phase, deviceIndex = deviceIndexFor(profile, phase.name)) {
  const inside = profile.samples.snapshots.filter((s) => s.tMs > phase.startMs && s.tMs < phase.endMs);
  return snapshotFacts(phase.start, phase.end, deviceIndex, inside, profile.context.cgroup);
}
function tailDeviceIndex(profile, phase) {
  const restoreDevice = deviceIndexFor(profile, "writeback");
  const tops = profile.devices.flatMap((d, i) => d.topFor?.includes("restore-path") ? [i] : []);
  if (phase.name !== "writeback" || tops.length < 2) return restoreDevice;
  const snapshots = [phase.start, ...profile.samples.snapshots.filter((x) => x.tMs > phase.startMs && x.tMs < phase.endMs), phase.end];
  const lastWriteMs = (i) => {
    let last = phase.startMs;
    for (let k = 1; k < snapshots.length; k++) {
      const before = snapshots[k - 1]?.disks[i]?.sectorsWritten;
      const after = snapshots[k]?.disks[i]?.sectorsWritten;
      if (before !== void 0 && after !== void 0 && after > before) last = snapshots[k]?.tMs ?? last;
    }
    return last;
  };
  const written = (i) => phaseSummary(phase.start, phase.end, i).disk?.writtenBytes ?? 0;
  const interval = Math.max(1, profile.samples.intervalMs * profile.samples.keptEvery);
  return tops.reduce(
    (a, b) => {
      const gap = lastWriteMs(b) - lastWriteMs(a);
      if (Math.abs(gap) > interval) return gap > 0 ? b : a;
      return written(b) > written(a) ? b : a;
    },
    restoreDevice ?? tops[0]
  );
}

// src/profile/restore-rules.ts
var RESTORE_RULES = [
  "no-restore",
  "restore-failed",
  "restore-skipped",
  "cache-miss",
  "no-phase",
  "unpinned-phase",
  "best-what-if",
  "longest-phase"
];
var NOTHING_JUDGED_RULES = ["no-restore", "restore-failed", "restore-skipped", "cache-miss", "no-phase"];

// src/judge/probe-caps.ts
function probeCounted(p) {
  const c = p?.deviceCounts;
  if (!p || !c || p.error || !(p.bytesPerSecond > 0) || c.requests <= 0 || c.sectors <= 0) return null;
  const bios = c.requests + c.merges;
  const bytes2 = c.sectors * 512;
  const bioBytes = bytes2 / bios;
  const requestBytes = bytes2 / c.requests;
  return {
    name: p.name,
    device: c.device,
    blockSizeBytes: p.blockSizeBytes,
    biosPerSecond: p.bytesPerSecond / bioBytes,
    requestsPerSecond: p.bytesPerSecond / requestBytes,
    bioBytes,
    requestBytes,
    merges: c.merges,
    bytesPerSecond: p.bytesPerSecond,
    biosPerFioIo: p.blockSizeBytes / bioBytes
  };
}
var sizeText = (bytes2) => bytes2 >= MiB ? `${formatNumber(bytes2 / MiB)} MiB` : `${formatNumber(bytes2 / KiB)} KiB`;
var rateClose = (a, b) => b > 0 && Math.abs(a / b - 1) <= PROBE_SAME_RATE_TOLERANCE;
function seqWriteMetIops(profile, cap = null) {
  const probes = profile.probes?.probes ?? [];
  const seqProbe = probes.find((p) => p.name === "seq-write");
  const seq = probeCounted(seqProbe);
  if (!seqProbe || !seq || seq.bioBytes > PROBE_SPLIT_SHARE * seq.blockSizeBytes) return null;
  const arrived = `fio's ${sizeText(seq.blockSizeBytes)} sequential writes reached ${seq.device} as ${formatNumber(seq.bioBytes / KiB)} KiB bios (${formatNumber(seq.biosPerFioIo)} per write)`;
  const tail = `the sequential probe met the IOPS limit, so its ${mibPerSecond(seqProbe.bytesPerSecond)} is that limit in bytes, not a bandwidth ceiling`;
  const rand = probeCounted(probes.find((p) => p.name === "rand-write"));
  if (rand && rand.device === seq.device && seq.bioBytes <= rand.bioBytes * (1 + PROBE_SAME_RATE_TOLERANCE)) {
    const count = rateClose(seq.biosPerSecond, rand.biosPerSecond) ? "bios" : rateClose(seq.requestsPerSecond, rand.requestsPerSecond) ? "requests" : null;
    if (count) {
      const rate2 = (c) => count === "bios" ? c.biosPerSecond : c.requestsPerSecond;
      return {
        seq,
        rand,
        seqBytesPerSecond: seqProbe.bytesPerSecond,
        sentence: `${arrived}, ${formatNumber(rate2(seq))} ${count}/s against the random probe's ${formatNumber(rate2(rand))}/s: ${tail}`
      };
    }
  }
  const met = capMetBy(seq, cap);
  if (met?.cap === "writeIops" && cap?.writeIops) {
    return {
      seq,
      seqBytesPerSecond: seqProbe.bytesPerSecond,
      sentence: `${arrived}, ${formatNumber(seq.biosPerSecond)} bios/s against the cgroup's IOPS cap of ${iops(cap.writeIops)}: ${tail}`
    };
  }
  return null;
}
function capMetBy(counted, cap) {
  if (!counted || !cap) return null;
  const shares = [];
  if (cap.writeIops) shares.push({ cap: "writeIops", share: counted.biosPerSecond / cap.writeIops });
  if (cap.writeBytesPerSecond) shares.push({ cap: "writeBytesPerSecond", share: counted.bytesPerSecond / cap.writeBytesPerSecond });
  const top = shares.filter((s) => s.share >= NEAR_CEILING_SHARE).sort((a, b) => b.share - a.share)[0];
  return top ?? null;
}
function capMetText(met, cap) {
  return met === "writeIops" ? `IOPS cap (${iops(cap.writeIops ?? 0)})` : `bandwidth cap (${mibPerSecond(cap.writeBytesPerSecond ?? 0)})`;
}

// src/judge/ceilings.ts
function usable(profile, name) {
  const p = profile.probes?.probes.find((x) => x.name === name);
  return p && !p.error && p.bytesPerSecond > 0 && p.iops > 0 ? p : null;
}
function ceilingsOf(profile) {
  const qd1 = usable(profile, "rand-read-qd1");
  const metIops = usable(profile, "seq-write") ? seqWriteMetIops(profile) : null;
  return {
    seqWriteBytesPerSecond: metIops ? null : usable(profile, "seq-write")?.bytesPerSecond ?? null,
    randWriteIops: usable(profile, "rand-write")?.iops ?? null,
    seqReadBytesPerSecond: usable(profile, "seq-read")?.bytesPerSecond ?? null,
    randReadIops: usable(profile, "rand-read")?.iops ?? null,
    qd1ReadIops: qd1 && qd1.latencyNs.mean > 0 ? 1e9 / qd1.latencyNs.mean : null,
    fsyncWriteIops: usable(profile, "fsync-write")?.iops ?? null,
    ...metIops ? { seqWriteMetIops: metIops } : {}
  };
}
function hasCeilings(c) {
  return c.seqWriteBytesPerSecond !== null || c.randWriteIops !== null;
}
function iopsIsOwnLimit(iops2, seqBytesPerSecond) {
  if (iops2 === null) return false;
  if (seqBytesPerSecond === null) return true;
  return iops2 * 4 * KiB / seqBytesPerSecond < IOPS_PROBE_BANDWIDTH_BOUND;
}
var NO_CEILINGS = {
  seqWriteBytesPerSecond: null,
  randWriteIops: null,
  seqReadBytesPerSecond: null,
  randReadIops: null,
  qd1ReadIops: null,
  fsyncWriteIops: null
};
function ceilingsOnDevice(profile, ceilings, deviceIndex) {
  const probed = profile.probes?.deviceName;
  if (!probed || deviceIndex === null) return ceilings;
  const device = profile.devices[deviceIndex];
  return !device || device.name === probed ? ceilings : NO_CEILINGS;
}

// src/judge/evidence.ts
function candidate(id, text, value, unit, favours, threshold) {
  const evidence = { id, text, value: value === null ? null : round(value), unit };
  if (threshold !== void 0) evidence.threshold = threshold;
  return { evidence, favours };
}
function settle(candidates, verdict) {
  return candidates.map((c) => ({ ...c.evidence, supports: c.favours.includes(verdict) }));
}
function round(n2) {
  return Number.isFinite(n2) ? Number(n2.toPrecision(4)) : n2;
}

// src/judge/iops-count.ts
function stackOf(profile, index) {
  const d = index === null ? void 0 : profile.devices[index];
  if (index === null || !d) return void 0;
  const bioBased = d.kind === "dm" || d.kind === "md";
  const below = bioBased ? (d.below ?? []).flatMap((name) => {
    const i = profile.devices.findIndex((x) => x.name === name);
    return i >= 0 ? [{ index: i, name }] : [];
  }) : [];
  return { index, name: d.name, ...d.kind ? { kind: d.kind } : {}, below };
}
function delta(a, b, index, field) {
  const x = a.disks[index];
  const y = b.disks[index];
  return x && y ? Math.max(0, y[field] - x[field]) : null;
}
function writeRate(a, b, stack, count) {
  const s = (b.tMs - a.tMs) / 1e3;
  if (!(s > 0)) return null;
  if (count === "before-merge") {
    const done = delta(a, b, stack.index, "writesCompleted");
    const merged2 = delta(a, b, stack.index, "writesMerged");
    return done === null || merged2 === null ? null : (done + merged2) / s;
  }
  if (stack.below.length === 0) {
    const done = delta(a, b, stack.index, "writesCompleted");
    return done === null ? null : done / s;
  }
  let sum2 = 0;
  for (const below of stack.below) {
    const done = delta(a, b, below.index, "writesCompleted");
    if (done === null) return null;
    sum2 += done;
  }
  return sum2 / s;
}
function relativeMedianDeviation(values) {
  const mid = median(values) ?? Number.NaN;
  if (!(mid > 0)) return Number.POSITIVE_INFINITY;
  return (median(values.map((v) => Math.abs(v - mid))) ?? Number.NaN) / mid;
}
function steadiness(series, stack, ceiling, bandwidthCeiling) {
  const bios = [];
  const requests = [];
  const bytes2 = [];
  let from = series[0];
  for (let i = 1; from && i < series.length; i++) {
    const to = series[i];
    if (to.tMs - from.tMs < CEILING_WINDOW_MS && i < series.length - 1) continue;
    const before = writeRate(from, to, stack, "before-merge");
    const after = writeRate(from, to, stack, "after-merge");
    const a = from.disks[stack.index];
    const b = to.disks[stack.index];
    const bytesPerSecond = a && b ? (b.sectorsWritten - a.sectorsWritten) * 512 * 1e3 / (to.tMs - from.tMs) : 0;
    const atCeiling = (before ?? 0) >= NEAR_CEILING_SHARE * ceiling || bandwidthCeiling !== null && bytesPerSecond >= NEAR_CEILING_SHARE * bandwidthCeiling;
    if (before && after !== null && atCeiling) {
      bios.push(before);
      requests.push(after);
      bytes2.push(bytesPerSecond);
    }
    from = to;
  }
  if (bios.length < MIN_BINDING_WINDOWS) return null;
  return { bios: relativeMedianDeviation(bios), requests: relativeMedianDeviation(requests), bytes: relativeMedianDeviation(bytes2) };
}
var n = (x) => Math.round(x).toLocaleString("en-US");
function iopsCounting(series, stack, ceiling, bandwidthShare, bandwidthCeiling = null, capCountsBios, biosCap, noCgroupIoCap = false) {
  const first = series[0];
  const last = series.at(-1);
  if (!stack || !ceiling || !first || !last || first === last) return null;
  const after = writeRate(first, last, stack, "after-merge");
  const before = writeRate(first, last, stack, "before-merge");
  if (after === null || before === null) return null;
  const afterDevice = stack.below.length > 0 ? stack.below.map((b) => b.name).join(" + ") : stack.name;
  const base = { afterMergePerSecond: after, afterMergeDevice: afterDevice, beforeMergePerSecond: before, beforeMergeDevice: stack.name, ceiling };
  const pick2 = (used, because) => ({ used, ...base, because });
  const ceilingText = `the ${n(ceiling)} IOPS ceiling`;
  const bioBased = stack.below.length > 0;
  if (capCountsBios)
    return pick2("before-merge", `the ceiling is ${capCountsBios}, and a cgroup I/O cap counts bios before merging (bios ${n(before)}/s on ${stack.name})`);
  const afterText = bioBased ? `requests on ${afterDevice} below` : "requests after merging";
  if (before - after < FEW_MERGES_SHARE * before)
    return pick2("after-merge", `few writes were merged (bios ${n(before)}/s, ${afterText} ${n(after)}/s): both counts agree`);
  if (after >= NEAR_CEILING_SHARE * ceiling) {
    return pick2("after-merge", `${n(after)} ${afterText}/s already reached ${ceilingText}, counted as the device and a cloud volume's meter count`);
  }
  if (before < NEAR_CEILING_SHARE * ceiling)
    return pick2("after-merge", `neither count reached ${ceilingText} (bios ${n(before)}/s, ${afterText} ${n(after)}/s)`);
  if (biosCap !== void 0 && before >= NEAR_CEILING_SHARE * biosCap) {
    return pick2(
      "before-merge",
      `the bios (the writes as issued, before the disk merged them: ${n(before)}/s, completed + merged on ${stack.name}) reached the cgroup's cap of ${n(biosCap)} IOPS on this device, which counts bios before merging; ${afterText} (${n(after)}/s) did not reach ${ceilingText}`
    );
  }
  const still = steadiness(series, stack, ceiling, bandwidthCeiling);
  const farAbove = before > ABOVE_CEILING_SHARE * ceiling;
  const uncounted = farAbove && noCgroupIoCap && !bioBased;
  const above = farAbove ? ", above what fio measured" : "";
  if (still && !uncounted && still.bios < still.requests && still.bios < still.bytes) {
    return pick2(
      "before-merge",
      `only the bios (the writes as issued, before the disk merged them: ${n(before)}/s, completed + merged on ${stack.name}) reached ${ceilingText}${above}, and they held steadier than requests and bytes; ${afterText} (${n(after)}/s) did not reach it: the cap counts bios before merging, as a cgroup I/O limit or a bio-based device does`
    );
  }
  const why = !still ? "too few windows to tell which count held still" : uncounted ? "the cgroup caps no I/O on this device and a cap on bios at fio's figure would not let that many through (fio's 4 KiB writes barely merge, so it measures such a cap too)" : (bandwidthShare ?? 0) >= NEAR_CEILING_SHARE ? "bytes/s held as still at the bandwidth ceiling, so the bandwidth limit explains the rate" : "bios/s did not hold still as a cap on them would";
  return pick2(
    "after-merge",
    `the bios (the writes as issued, before the disk merged them: ${n(before)}/s) reached ${ceilingText}${above}, but ${why}; requests are counted as the device counts them (${n(after)}/s)`
  );
}

// src/judge/disk-load.ts
var DISK_FAVOURED = [...DISK_RESOURCES];
var NOT_DISK = ["cpu", "network", "none"];
function ceilingsFor(c, direction) {
  const seq = direction === "write" ? c.seqWriteBytesPerSecond : c.seqReadBytesPerSecond;
  const rand = direction === "write" ? c.randWriteIops : c.randReadIops;
  const seqFrom = c.from?.[direction === "write" ? "seqWriteBytesPerSecond" : "seqReadBytesPerSecond"];
  const randFrom = c.from?.[direction === "write" ? "randWriteIops" : "randReadIops"];
  return { seq, rand, randIsOwn: iopsIsOwnLimit(rand, seq), seqFrom, randFrom };
}
function sharesOf(d, c, writes) {
  const out = [];
  for (const direction of ["write", "read"]) {
    const { seq, rand, randIsOwn, seqFrom, randFrom } = ceilingsFor(c, direction);
    const bytesPerSecond = (direction === "write" ? d.writeKiBPerSecond : d.readKiBPerSecond) * 1024;
    const counted = direction === "write" ? writes : void 0;
    const requestsPerSecond = counted ? counted.rate : direction === "write" ? d.writesPerSecond : d.readsPerSecond;
    if (seq)
      out.push({
        resource: "disk-bandwidth",
        direction,
        rate: bytesPerSecond,
        ceiling: seq,
        share: bytesPerSecond / seq,
        ...seqFrom ? { from: seqFrom } : {}
      });
    if (rand && randIsOwn) {
      const share2 = { resource: "disk-iops", direction, rate: requestsPerSecond, ceiling: rand, share: requestsPerSecond / rand };
      if (counted && counted.count !== "after-merge") share2.count = counted.count;
      if (randFrom) share2.from = randFrom;
      out.push(share2);
    }
  }
  return out;
}
function topOf(shares) {
  let top = null;
  for (const s of shares) {
    if (!top || s.share > top.share || s.share === top.share && s.resource === "disk-bandwidth") top = s;
  }
  return top;
}
function windowsOf(series, device, c, stack, count) {
  const out = [];
  if (device === null || series.length < 2) return out;
  let from = series[0];
  for (let i = 1; i < series.length; i++) {
    const to = series[i];
    const ms = to.tMs - from.tMs;
    if (ms < CEILING_WINDOW_MS && i < series.length - 1) continue;
    const a = from.disks[device];
    const b = to.disks[device];
    const counted = stack && count ? writeRate(from, to, stack, count) : null;
    if (a && b && ms > 0) out.push({ ms, shares: sharesOf(diskMetrics(a, b, ms), c, counted !== null && count ? { rate: counted, count } : void 0) });
    from = to;
  }
  return out;
}
function timeAtCeiling(windows) {
  const totalMs = windows.reduce((s, w) => s + w.ms, 0);
  const out = { "disk-bandwidth": null, "disk-iops": null };
  if (totalMs <= 0) return out;
  for (const r of DISK_RESOURCES) {
    if (!windows.some((w) => w.shares.some((s) => s.resource === r))) continue;
    const atMs = windows.filter((w) => w.shares.some((s) => s.resource === r && s.share >= NEAR_CEILING_SHARE)).reduce((s, w) => s + w.ms, 0);
    out[r] = atMs / totalMs;
  }
  return out;
}
function coefficientOfVariation(values) {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (!(mean > 0)) return Number.POSITIVE_INFINITY;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}
function bindingOf(windows) {
  const at = windows.filter((w) => w.shares.some((s) => s.share >= NEAR_CEILING_SHARE));
  if (at.length < MIN_BINDING_WINDOWS) return null;
  const direction = at.filter((w) => w.shares.some((s) => s.direction === "write" && s.share >= NEAR_CEILING_SHARE)).length * 2 >= at.length ? "write" : "read";
  const rates = (r) => at.map((w) => w.shares.find((s) => s.resource === r && s.direction === direction)?.rate ?? Number.NaN);
  const bytes2 = rates("disk-bandwidth");
  const requests = rates("disk-iops");
  if (bytes2.some(Number.isNaN) || requests.some(Number.isNaN)) return null;
  return coefficientOfVariation(requests) < coefficientOfVariation(bytes2) ? "disk-iops" : "disk-bandwidth";
}
var KIND_TEXT = {
  "disk-bandwidth": { write: "sequential-write", read: "sequential-read" },
  "disk-iops": { write: "random-write", read: "random-read" }
};
function describeShare(s, what, requestKiB) {
  const size = requestKiB === void 0 || s.count === "before-merge" ? "" : ` of ${formatNumber(requestKiB)} KiB`;
  const above = s.share > ABOVE_CEILING_SHARE ? s.from?.cap ? ", above the cap (a throttle lets bursts through at first)" : ", above what fio measured (the ceiling moved or the probe understated it)" : "";
  const ceiling = (unit) => s.from?.said ?? `the ${unit} ${KIND_TEXT[s.resource][s.direction]} ceiling`;
  const requests = s.count === "before-merge" ? `issued ${formatNumber(s.rate)} write bios/s (completed + merged: what a cap on bios counts)` : `completed ${formatNumber(s.rate)} ${s.direction === "write" ? "writes" : "reads"}/s${size}`;
  return s.resource === "disk-bandwidth" ? `${what} ${s.direction === "write" ? "wrote" : "read"} at ${mibPerSecond(s.rate)}, ${percent(s.share)} of ${ceiling(mibPerSecond(s.ceiling))}${above}` : `${what} ${requests}, ${percent(s.share)} of ${ceiling(iops(s.ceiling))}${above}`;
}
function merged(c) {
  return c.beforeMergePerSecond - c.afterMergePerSecond >= FEW_MERGES_SHARE * c.beforeMergePerSecond;
}
function ceilingMovedOf(shares, what) {
  const above = topOf(shares.filter((s) => s.share > ABOVE_CEILING_SHARE));
  if (!above) return null;
  const unit = (x) => above.resource === "disk-bandwidth" ? mibPerSecond(x) : `${iops(x)}`;
  return {
    resource: above.resource,
    direction: above.direction,
    sustained: above.rate,
    probed: above.ceiling,
    share: above.share,
    figureUsed: "sustained",
    sentence: `${what} ran at ${unit(above.rate)}, ${percent(above.share)} of ${above.from?.said ?? `the ${unit(above.ceiling)} ${KIND_TEXT[above.resource][above.direction]} ceiling fio measured`}: the ceiling moved (burst credits, a throttle that lets more through at first, a probe answered by the page cache) or the probe understated it; the verdict takes the ${unit(above.rate)} it sustained as the ceiling it met, not the probe's figure`
  };
}
function diskLoad(facts, ceilings, what, stack) {
  const d = facts.disk;
  const c = [];
  const write = ceilingsFor(ceilings, "write");
  const bandwidthShare = d && write.seq ? d.writeKiBPerSecond * 1024 / write.seq : null;
  const bios = ceilings.randWriteCountsBios ? write.randFrom?.said ?? "a cgroup I/O cap" : void 0;
  const counting = d && write.randIsOwn ? iopsCounting(facts.series, stack, write.rand, bandwidthShare, write.seq, bios, ceilings.writeBiosCap, ceilings.noCgroupIoCap) : null;
  const counted = counting ? { rate: counting.used === "before-merge" ? counting.beforeMergePerSecond : counting.afterMergePerSecond, count: counting.used } : void 0;
  const shares = d ? sharesOf(d, ceilings, counted) : [];
  const byShare = (s) => s >= NEAR_CEILING_SHARE ? DISK_FAVOURED : s < FAR_BELOW_CEILING_SHARE ? NOT_DISK : [];
  for (const s of shares) {
    if (s.direction === "read" && s.rate === 0) continue;
    const favours = byShare(s.share).map((b) => DISK_FAVOURED.includes(b) ? s.resource : b);
    c.push(
      candidate(
        `${s.direction}-${s.resource === "disk-bandwidth" ? "bandwidth" : "iops"}-share`,
        describeShare(s, what),
        s.share,
        "share",
        favours,
        NEAR_CEILING_SHARE
      )
    );
  }
  const iopsRestatesBandwidth = ["write", "read"].filter((dir) => {
    const { rand, randIsOwn } = ceilingsFor(ceilings, dir);
    return rand !== null && !randIsOwn;
  });
  if (d && iopsRestatesBandwidth.includes("write") && d.writes > 0) {
    c.push(
      candidate(
        "write-iops-restates-bandwidth",
        `the 4 KiB random-write ceiling (${iops(ceilings.randWriteIops ?? 0)}) moves as many bytes as the sequential one: it is the bandwidth limit divided by 4 KiB, so requests/s are judged by bandwidth`,
        null,
        "",
        ["disk-bandwidth"]
      )
    );
  }
  if (d && d.writes > 0 && ceilings.seqWriteMetIops) {
    const bandwidth = write.seq ? `bytes/s are held against ${write.seqFrom?.cap ? `the cgroup's bandwidth cap of ${mibPerSecond(write.seq)}` : mibPerSecond(write.seq)}` : "no bandwidth ceiling is known";
    c.push(
      candidate(
        "seq-probe-met-iops",
        `${ceilings.seqWriteMetIops.sentence}; ${bandwidth}, requests/s against the IOPS ceiling`,
        ceilings.seqWriteMetIops.seq.bioBytes / 1024,
        "KiB",
        []
      )
    );
  }
  if (d && d.writes > 0) {
    c.push(candidate("write-request-size", `average write request ${formatNumber(d.writeRequestKiB)} KiB`, d.writeRequestKiB, "KiB", []));
  }
  if (counting && d && d.writes > 0 && counting.beforeMergePerSecond >= NEAR_CEILING_SHARE * counting.ceiling && merged(counting)) {
    c.push(
      candidate(
        "iops-count",
        `IOPS counted ${counting.used === "before-merge" ? `before merging (bios on ${counting.beforeMergeDevice})` : `after merging (requests on ${counting.afterMergeDevice})`}: ${counting.because}`,
        counting.used === "before-merge" ? counting.beforeMergePerSecond : counting.afterMergePerSecond,
        "requests/s",
        []
      )
    );
  }
  const ceilingMoved = ceilingMovedOf(shares, what);
  if (ceilingMoved) c.push(candidate("ceiling-moved", ceilingMoved.sentence, ceilingMoved.share, "share", []));
  const windows = d ? windowsOf(facts.series, facts.deviceIndex, ceilings, stack, counting?.used) : [];
  const atCeiling = timeAtCeiling(windows);
  const binding = bindingOf(windows);
  for (const r of DISK_RESOURCES) {
    const t = atCeiling[r];
    if (t === null) continue;
    c.push(
      candidate(
        `time-at-${r === "disk-bandwidth" ? "bandwidth" : "iops"}-ceiling`,
        `${what} spent ${percent(t)} of its time at ${percent(NEAR_CEILING_SHARE)} or more of the ${r === "disk-bandwidth" ? "bandwidth" : "IOPS"} ceiling`,
        t,
        "share",
        t >= TIME_AT_CEILING_SHARE ? [r] : [],
        TIME_AT_CEILING_SHARE
      )
    );
  }
  const kernelBusy = {
    util: d ? d.utilizationPercent >= NO_PROBE_UTIL_PERCENT : false,
    queue: d ? d.averageQueueSize >= NO_PROBE_QUEUE_SIZE : false,
    psi: facts.pressure.ioSome !== null && facts.pressure.ioSome >= NO_PROBE_IO_PRESSURE
  };
  if (d) {
    c.push(
      candidate(
        "device-utilization",
        `the device was busy ${Math.round(d.utilizationPercent)}% of the time (supporting only: parallel devices can do more at 100%)`,
        d.utilizationPercent,
        "%",
        kernelBusy.util ? DISK_FAVOURED : [],
        NO_PROBE_UTIL_PERCENT
      )
    );
    c.push(
      candidate(
        "queue-size",
        `on average ${formatNumber(d.averageQueueSize)} requests were queued or in service`,
        d.averageQueueSize,
        "requests",
        kernelBusy.queue ? DISK_FAVOURED : [],
        NO_PROBE_QUEUE_SIZE
      )
    );
  }
  if (facts.pressure.ioSome !== null) {
    c.push(
      candidate(
        "io-pressure-some",
        `some task was stalled on I/O ${percent(facts.pressure.ioSome)} of the time (the kernel's I/O pressure figure, PSI io some)`,
        facts.pressure.ioSome,
        "share",
        facts.pressure.ioSome >= IO_PRESSURE_HIGH ? DISK_FAVOURED : NOT_DISK,
        IO_PRESSURE_HIGH
      )
    );
  }
  if (facts.cpu) {
    c.push(candidate("cpu-iowait", `CPUs idled waiting for I/O ${percent(facts.cpu.iowait)} of the time`, facts.cpu.iowait, "share", []));
  }
  const top = decide(topOf(shares), shares, binding);
  if (binding && shares.filter((s) => s.share >= NEAR_CEILING_SHARE).map((s) => s.resource).includes(binding === "disk-iops" ? "disk-bandwidth" : "disk-iops")) {
    c.push(
      candidate(
        "binding-limit",
        `at the ceiling, ${binding === "disk-iops" ? "requests/s held steadier than bytes/s: the IOPS limit" : "bytes/s held steadier than requests/s: the bandwidth limit"} bound`,
        null,
        "",
        [binding]
      )
    );
  }
  return {
    shares,
    top,
    binding,
    timeAtCeiling: atCeiling,
    iopsRestatesBandwidth,
    kernelSaturated: kernelBusy.util && kernelBusy.queue && kernelBusy.psi,
    iopsCount: counting,
    ceilingMoved,
    candidates: c
  };
}
function diskLimit(load) {
  if (load.top && load.top.share >= NEAR_CEILING_SHARE) return load.top.resource;
  const bw = load.timeAtCeiling["disk-bandwidth"] ?? 0;
  const io = load.timeAtCeiling["disk-iops"] ?? 0;
  if (Math.max(bw, io) < TIME_AT_CEILING_SHARE) return null;
  if (bw >= TIME_AT_CEILING_SHARE && io >= TIME_AT_CEILING_SHARE && load.binding) return load.binding;
  return io > bw ? "disk-iops" : "disk-bandwidth";
}
function decide(top, shares, binding) {
  if (!top || !binding || top.resource === binding || top.share < NEAR_CEILING_SHARE) return top;
  const other = topOf(shares.filter((s) => s.resource === binding));
  return other && other.share >= NEAR_CEILING_SHARE ? other : top;
}
function shareOf(load, resource) {
  return topOf(load.shares.filter((s) => s.resource === resource));
}

// src/judge/nouns.ts
var PHASE_NOUN = {
  lookup: "the lookup",
  download: "the download",
  extract: "extraction",
  writeback: "the writeback tail"
};
var PHASE_LABEL = Object.fromEntries(Object.entries(PHASE_NOUN).map(([phase, noun]) => [phase, noun.replace(/^the /, "")]));
var VERDICT_PHASE_NOUN = { ...PHASE_NOUN, lookup: "the cache lookup" };
var RESOURCE_NOUN = {
  network: "network rate",
  "disk-bandwidth": "disk's bandwidth",
  "disk-iops": "disk's IOPS",
  cpu: "CPU"
};
var LIMITED_BY = {
  network: "network",
  "disk-bandwidth": "disk bandwidth",
  "disk-iops": "disk IOPS",
  cpu: "CPU",
  none: "nothing near a limit",
  inconclusive: "unclear"
};
var LIMITED_BY_RULE = {
  "lookup-round-trip": "one network round trip",
  "tail-short": "short, not judged"
};
function limitedBy(bottleneck, rule) {
  return (rule !== void 0 ? LIMITED_BY_RULE[rule] : void 0) ?? LIMITED_BY[bottleneck] ?? bottleneck;
}
var BOTTLENECK_LABEL = {
  network: "Network-bound",
  "disk-bandwidth": "Disk-bound (bandwidth)",
  "disk-iops": "Disk-bound (IOPS)",
  cpu: "CPU-bound",
  none: "No bottleneck",
  inconclusive: "Inconclusive"
};

// src/report/say/device.ts
function sayDevice(d) {
  const f = d.facts;
  if (!f) return d.sentence ?? "";
  const role = d.primary ? ` \u2014 the restore's device (${f.primaryBecause ?? "its first path"})` : "";
  const rate2 = f.writeBytesPerSecond !== null ? `${bytes(d.writtenBytes)} at ${mibPerSecond(f.writeBytesPerSecond)}` : "no counters";
  const how = d.verdict === "not-probed" ? `not probed (${f.ceilingsElsewhere ? `fio measured ${f.probedDevice ?? "another device"}` : "no fio ceilings"}), so no ceiling to hold it against; busy ${percent(f.utilizationShare)} of the time` : f.top ? `${d.verdict === "none" ? "near no ceiling" : `${d.verdict}-bound`}: ${describeShare(f.top, "it")}` : "no ceiling reached";
  return `${d.device} (${d.paths.join(", ") || "restore path"}): wrote ${rate2} over extraction and writeback, ${how}${role}`;
}

// src/report/say/resources.ts
var RESOURCE_WORDS = {
  network: {
    label: BOTTLENECK_LABEL.network,
    limitedBy: limitedBy("network"),
    noun: RESOURCE_NOUN.network,
    whatIfPhrase: "with a network",
    secondLimit: "the network",
    writeNoun: "network rate",
    advice: "The network limited it, and no disk change helps: a smaller cache (fewer or narrower `path` lines), or a runner nearer the cache service (a self-hosted runner in the cache's region). The toolkit's download concurrency is not an input of actions/cache."
  },
  "disk-bandwidth": {
    label: BOTTLENECK_LABEL["disk-bandwidth"],
    limitedBy: limitedBy("disk-bandwidth"),
    noun: RESOURCE_NOUN["disk-bandwidth"],
    whatIfPhrase: "with the disk's bandwidth",
    secondLimit: "bandwidth",
    writeNoun: "disk's write bandwidth",
    advice: "A disk with more write bandwidth (another runner type), or a RAM disk for the cache paths (the step below, not measured here)."
  },
  "disk-iops": {
    label: BOTTLENECK_LABEL["disk-iops"],
    limitedBy: limitedBy("disk-iops"),
    noun: RESOURCE_NOUN["disk-iops"],
    whatIfPhrase: "with the disk's IOPS",
    secondLimit: "IOPS",
    writeNoun: "disk's write IOPS",
    advice: "A disk with more write IOPS (another runner type), or a RAM disk for the cache paths (the step below, not measured here; many small files)."
  },
  cpu: {
    label: BOTTLENECK_LABEL.cpu,
    limitedBy: limitedBy("cpu"),
    noun: RESOURCE_NOUN.cpu,
    whatIfPhrase: "with a CPU",
    secondLimit: "the CPU",
    writeNoun: "CPU",
    advice: "More CPU for tar and its decompressor: a runner with more cores, or in a container job a larger CPU quota. The compression level is not an input of actions/cache; a smaller cache (fewer or narrower `path` lines) is less to decompress."
  }
};
var NO_RESOURCE_WORDS = {
  none: { label: BOTTLENECK_LABEL.none, limitedBy: limitedBy("none") },
  inconclusive: { label: BOTTLENECK_LABEL.inconclusive, limitedBy: limitedBy("inconclusive") }
};
var VERDICT_WORDS = { ...RESOURCE_WORDS, ...NO_RESOURCE_WORDS };
function verdictWords(bottleneck) {
  const known = VERDICT_WORDS[bottleneck];
  return known ?? { label: `Limited by ${bottleneck}`, limitedBy: bottleneck };
}

// src/report/say/what-if.ts
var range = (a, b) => seconds(a) === seconds(b) ? `about ${seconds(a)}` : `${seconds(a).replace(/ s$/, "")}\u2013${seconds(b)}`;
var timesWord = (speedup) => speedup === 2 ? "twice" : `${speedup} times`;
function figure(resource, value) {
  return resource === "disk-bandwidth" ? mibPerSecond(value) : iops(value);
}
function raisedText(resource, raised, from) {
  const below = from ?? (raised.namedCeiling === null ? void 0 : `fio's ${figure(resource, raised.namedCeiling)}`);
  return `the ceiling doubled is the ${figure(resource, raised.doubledCeiling)} the disk sustained during the restore${below ? `, above ${below}` : " (no probe measured one)"}`;
}
function halfText(h, speedup) {
  const times = timesWord(speedup);
  const share2 = percent(1 - 1 / speedup);
  const ran = h.ranAtCeilingShare === null ? "" : percent(h.ranAtCeilingShare);
  if (h.kind === "held")
    return `the disk averaged ${ran} of that ceiling over extraction and the tail (another limit held it, or a burst credit was spent before the probe), so the bound takes ${times} the rate the restore got: at most ${share2} of their ${seconds(h.spanMs)}`;
  if (h.kind === "beyond") {
    const why = [
      ...h.ranAtCeilingShare !== null && h.ranAtCeilingShare < 1 ? [`the disk averaged ${ran} of that ceiling there`] : [],
      ...h.ownShare < 1 ? [`the bound moves only the restore's own ${percent(h.ownShare)} of what the disk wrote (not the journal's, metadata's or another writer's)`] : []
    ];
    return `more than ${share2} of extraction and the tail's ${seconds(h.spanMs)}, as ${why.length > 0 ? why.join(" and ") : "a faster disk writes more of the archive while the download runs"}`;
  }
  return `more than ${share2} of extraction and the tail's ${seconds(h.spanMs)}: they wrote to several disks, whose dirty pages share one limit, so a faster disk can free the others' writes too`;
}
function burstText(b, from) {
  const rate2 = b.ms > 0 ? b.bytes / b.ms * 1e3 : 0;
  const baseline = from ?? (b.baselineProbed ? `the ${mibPerSecond(b.baselineBytesPerSecond)} fio measured` : `${mibPerSecond(b.baselineBytesPerSecond)} to the end (no probe measured it)`);
  return `the volume spent a burst credit: it wrote the extraction's first ${bytes(b.bytes)} at ${mibPerSecond(rate2)}, then held at ${baseline}; that baseline is doubled, the burst left as it was (a provider's burst rate does not grow with the volume's size or tier)`;
}
function boundNouns(phases, resource) {
  const disk = isDiskResource;
  const bound = phases.filter((p) => p.phase !== "lookup" && RESOURCES.some((r) => r === p.bottleneck) && (!disk(resource) || disk(p.bottleneck)));
  return bound.length === 0 ? "any phase" : bound.map((p) => `${VERDICT_PHASE_NOUN[p.phase]} (${p.bottleneck}-bound)`).join(" and ");
}
function whyNoSaving(phases, resource) {
  const bound = phases.filter((p) => p.bottleneck === resource);
  if (bound.length === 0) return `no phase was judged ${resource}-bound`;
  if (bound.every((p) => p.phase === "lookup"))
    return `only the cache lookup was judged ${resource}-bound, and it is one round trip, which a faster network rate does not shorten`;
  return `${bound.map((p) => VERDICT_PHASE_NOUN[p.phase]).join(" and ")}, judged ${resource}-bound, would be held as long by the work the other resources set`;
}
function cpuWorkText(phases) {
  return phases.filter((p) => p.cpuWorkMs < p.durationMs).map((p) => `the CPU-bound ${p.phase === "extract" ? "extraction" : p.phase} (${seconds(p.cpuWorkMs)} of its ${seconds(p.durationMs)})`).join(" and ");
}
function phraseOf(w, f) {
  const times = timesWord(w.speedup);
  if (f.cpuQuotaCores !== null) return `with ${times} the cgroup's CPU quota (${cores(f.cpuQuotaCores * w.speedup)}, now ${formatNumber(f.cpuQuotaCores)})`;
  const phrase = RESOURCE_WORDS[w.resource].whatIfPhrase;
  return `${f.device !== null ? phrase.replace("the disk's", `${f.device}'s`) : phrase} ${times} as fast`;
}
function bodyOf(w, f) {
  const phrase = phraseOf(w, f);
  const { nowMs, lowerMs, upperMs } = f;
  const atMost = w.savingAtMostMs ?? 0;
  const atLeast = w.savingAtLeastMs ?? 0;
  switch (f.outcome) {
    case "not-measured":
      return `${phrase}: not measured, as the disk has no fio ceiling nor cgroup I/O cap here and the restore sustained no rate of that kind for ${seconds(SUSTAINED_RATE_MS)}.`;
    case "no-saving":
      return `${phrase} this restore would still take about ${seconds(nowMs)}: ${whyNoSaving(f.phases, w.resource)}.`;
    case "only-cpu-work":
      return `${phrase} this restore would still take ${range(lowerMs, nowMs)} (now ${seconds(nowMs)}): ${whyNoSaving(f.phases, w.resource)}; the lower figure holds ${cpuWorkText(f.phases)} to its CPU work, which no faster ${w.resource === "network" ? "network" : "disk"} shortens.`;
    case "second-limit":
      return `${phrase} this restore would take at least ${seconds(lowerMs)} (now ${seconds(nowMs)}), yet no phase was judged ${w.resource}-bound: not a saving to count on, only the most it could be were ${RESOURCE_WORDS[w.resource].secondLimit} a second limit of ${boundNouns(f.phases, w.resource)}.`;
    case "range":
      return `${phrase} this restore would take ${range(lowerMs, upperMs ?? lowerMs)} (now ${seconds(nowMs)}), saving ${range(atLeast, atMost)}.`;
    case "at-most":
      return `${phrase} this restore would take at least ${seconds(lowerMs)} (now ${seconds(nowMs)}), saving at most ${seconds(atMost)}.`;
  }
}
function sayWhatIf(w) {
  const f = w.facts;
  if (!f) return w.sentence ?? "";
  let sentence = bodyOf(w, f);
  const add = (clause) => {
    sentence = `${sentence.replace(/\.$/, "")}; ${clause}.`;
  };
  if (f.burst) add(burstText(f.burst, f.ceilingFrom));
  else if (f.raised) add(raisedText(w.resource, f.raised, f.ceilingFrom));
  else if (f.ceilingFrom) add(`the ceiling doubled is ${f.ceilingFrom}`);
  if (w.half && f.outcome !== "no-saving") add(halfText(w.half, w.speedup));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

// src/report/markdown.ts
function cell(text) {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
function table(header, rows, align) {
  const sep2 = header.map((_, i) => align?.[i] === "r" ? "---:" : "---");
  const line = (cells) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `| ${sep2.join(" | ")} |`, ...rows.map(line)].join("\n");
}
function details(summary, body) {
  return `<details><summary>${escapeHtml(summary)}</summary>

${body}

</details>`;
}
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function fenced(language, body) {
  return `\`\`\`${language}
${body}
\`\`\``;
}
function fixed(n2, decimals = 2) {
  if (n2 === null || n2 === void 0 || !Number.isFinite(n2)) return "\u2013";
  const s = n2.toFixed(decimals);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}
function isEmptyCell(text) {
  const t = text.replace(/\*\*/g, "").trim();
  return t === "" || t === "\u2013";
}
function denseTable(header, rows, align) {
  const keep = header.map((_, i) => rows.some((r) => !isEmptyCell(r[i] ?? "")));
  const pick2 = (xs) => xs.filter((_, i) => keep[i]);
  return table(
    pick2(header),
    rows.map((r) => pick2(r)),
    align ? pick2(align) : void 0
  );
}

// src/judge/transfer-stats.ts
var median2 = (xs) => median(xs) ?? 0;
var quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
function bytesAt(t, tMs) {
  let b = 0;
  for (const [at, total] of t.samples) {
    if (at > tMs) break;
    b = total;
  }
  return b;
}
function flatWithin(t, from, to) {
  let flat = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i];
    const [b, bb] = s[i + 1];
    const flatEnd = bb === ba ? b : b - t.intervalMs;
    const lo = Math.max(a, from);
    const hi = Math.min(flatEnd, to);
    if (hi > lo && (bb === ba || b - a > 1.5 * t.intervalMs)) flat += hi - lo;
  }
  return flat;
}
function flowingMs(t) {
  let flowing = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i];
    const [b, bb] = s[i + 1];
    if (bb <= ba || b <= a) continue;
    flowing += Math.min(b - a, t.intervalMs * 1.5);
  }
  return flowing;
}
function inFlightMean(t) {
  let area = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, , k] = s[i];
    const [b] = s[i + 1];
    area += (b - a) * k;
  }
  const span = (s[s.length - 1]?.[0] ?? 0) - (s[0]?.[0] ?? 0);
  return span > 0 ? area / span : 0;
}
function longestQuiet(points, closedUnfinishedMs) {
  let best = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a] = points[i];
    const [b] = points[i + 1];
    if (!best || b - a > best[1]) best = [a, b - a];
  }
  const last = points[points.length - 1];
  if (last && closedUnfinishedMs !== null && closedUnfinishedMs - last[0] > (best?.[1] ?? 0)) best = [last[0], closedUnfinishedMs - last[0]];
  return best;
}
function stallPlace(s, archiveBytes) {
  return archiveBytes ? `at ${percent(Math.min(1, s.atBytes / archiveBytes))} of the archive` : `after ${bytes(s.atBytes)}`;
}
function rateElasticity(finished, all, endMs) {
  const bodies = finished.filter((r) => r.toMs !== null && r.toMs - r.fromMs >= MIN_BODY_MS);
  const inBody = (t) => all.filter((g) => g.fromMs <= t && (g.toMs ?? endMs) > t).length;
  const rows = bodies.map((r) => {
    const from = r.fromMs;
    const to = r.toMs;
    let sum2 = 0;
    for (let i = 0; i < 20; i++) sum2 += inBody(from + (i + 0.5) / 20 * (to - from));
    return { inFlight: Math.max(1, sum2 / 20), rate: r.bytes / ((to - from) / 1e3) };
  });
  if (rows.length < 2) return null;
  const fewest = rows.reduce((a, b) => b.inFlight < a.inFlight ? b : a);
  const most = rows.reduce((a, b) => b.inFlight > a.inFlight ? b : a);
  if (most.inFlight / fewest.inFlight < MIN_PARALLELISM_SPREAD) return null;
  const xs = rows.map((r) => Math.log(r.inFlight));
  const ys = rows.map((r) => Math.log(r.rate));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den > 0 ? { elasticity: 1 + num / den, fewest, most } : null;
}
function elasticityEvidence(e, verb) {
  return `a request with ${formatNumber(e.fewest.inFlight)} bodies in flight (its own included) ${verb} ${mibPerSecond(e.fewest.rate)}, one with ${formatNumber(e.most.inFlight)} ${mibPerSecond(e.most.rate)}`;
}
function carrierEvidence(interfaces, key, transferBytes, durationMs, words) {
  const carrier = interfaces?.find((i) => i[key] >= 0.9 * transferBytes);
  if (!carrier) return null;
  return `${carrier.name} ${words.verb} ${bytes(carrier[key])} meanwhile, ${mibPerSecond(carrier[key] / (durationMs / 1e3))} (all its traffic, not only the ${words.noun}'s)`;
}
function transferLimit(f, words) {
  const rate2 = f.bytesPerSecond;
  if (f.waitShare >= WAIT_SHARE) {
    const fastest = f.waits.length > 0 ? Math.min(...f.waits) : 0;
    const spread2 = f.waits.length > 0 && fastest > 0 ? quantile(f.waits, 0.9) / fastest : null;
    if (spread2 !== null && spread2 <= STORE_SPREAD) return { limit: "latency", why: words.latency(f.waitShare, median2(f.waits)) };
    return {
      limit: "store",
      why: `the store was slow to answer: requests spent ${percent(f.waitShare)} of their time ${words.storeWaits} from ${seconds(fastest)} to ${seconds(quantile(f.waits, 0.9))} (90th percentile), not one round trip`
    };
  }
  if (f.elasticity !== null && f.elasticity >= PER_CONNECTION_ELASTICITY) {
    return {
      limit: "per-connection",
      why: `each connection was capped: the rate grew with the requests in flight (elasticity ${formatNumber(f.elasticity)}, where 1 is a cap on each connection and 0 one on the path), about ${mibPerSecond(rate2 / f.meanInFlight)} per request`
    };
  }
  if (f.elasticity !== null && f.elasticity <= PATH_ELASTICITY) {
    return {
      limit: "path",
      why: `the path or the machine capped the ${words.noun} at ${mibPerSecond(rate2)}: the rate stayed flat whatever the number of requests in flight`
    };
  }
  return {
    limit: f.requests > 0 ? "bandwidth" : "none",
    why: f.requests === 1 ? `${words.alone} at ${mibPerSecond(rate2)}: with a single request a cap on the connection and a cap on the path look alike` : `the ${words.noun} ran at ${mibPerSecond(rate2)} with no stall and ${words.shortWaits}`
  };
}
function transferBound(noun, nowMs, lowerMs, phrase) {
  const ms = Math.round(Math.min(nowMs, lowerMs));
  return {
    ms,
    sentence: ms >= 0.99 * nowMs ? `${phrase} the ${noun} would still take about ${seconds(nowMs)}.` : `${phrase} the ${noun} would take at least ${seconds(ms)} (now ${seconds(nowMs)}).`
  };
}
function settleStall(found, stalls, leads, sentenceOf, interruptions2, evidence) {
  let { limit, why } = found;
  const worst = stalls[0];
  if (worst !== void 0 && leads) {
    evidence.push(`apart from the stall: ${why}`);
    limit = "stall";
    why = sentenceOf(worst);
  }
  for (const s of stalls.slice(limit === "stall" ? 1 : 0)) evidence.push(sentenceOf(s));
  evidence.push(...interruptions2);
  return { limit, sentence: `${capitalised(why)}.` };
}

// src/judge/transfer-verdict.ts
var duration = (r, endMs) => (r.endMs ?? endMs) - r.startMs;
function retryOf(data, failed, intervalMs, samePart) {
  return data.find((g) => g.id > failed.id && g.startMs >= (failed.endMs ?? 0) - intervalMs && samePart(failed, g));
}
function findStalls(rules, t) {
  const data = t.requests.filter((r) => rules.carriesData(r));
  const minMs = Math.max(STALL_MIN_MS, STALL_MIN_INTERVALS * t.intervalMs);
  const stalls = [];
  const make = (request, kind, startMs, durationMs) => rules.stall(
    {
      request,
      kind,
      startMs,
      durationMs,
      atBytes: bytesAt(t, startMs + t.intervalMs / 2),
      wholeMs: flatWithin(t, startMs, startMs + durationMs)
    },
    t
  );
  for (const r of data) {
    const best = rules.quietStretch(r, t);
    if (best && best[1] >= minMs) stalls.push(make(r, "body", best[0] - t.intervalMs / 2, best[1]));
  }
  const waits = data.map((r) => rules.waitMs(r)).filter((x) => x !== null);
  const typicalWait = median2(waits);
  const typicalDuration = median2(data.map((r) => duration(r, t.endMs)));
  const retryKind = rules.retryKind;
  if (retryKind !== null) {
    for (const r of data) {
      const failedMs = r.endMs;
      if (r.outcome !== "error" && r.outcome !== "aborted" || failedMs === null) continue;
      const retry = retryOf(data, r, t.intervalMs, rules.samePart);
      const waitedMs = (retry?.startMs ?? t.endMs) - failedMs;
      if (waitedMs >= minMs) stalls.push(make(r, retryKind, failedMs, waitedMs));
    }
  }
  for (const r of data) {
    if (stalls.some((s) => s.requestId === r.id)) continue;
    const held = rules.heldWait(r, t);
    if (held !== null && data.length >= 3 && held.ms >= minMs && held.ms >= SLOW_REQUEST_FACTOR * typicalWait) {
      stalls.push(make(r, rules.waitKind, held.fromMs, held.ms));
      continue;
    }
    const d = duration(r, t.endMs);
    if (data.length >= 3 && d >= minMs && d >= SLOW_REQUEST_FACTOR * typicalDuration) stalls.push(make(r, "slow", r.startMs, d - typicalDuration));
  }
  return stalls.sort((a, b) => b.durationMs - a.durationMs);
}
function stallSentence(rules, s, t, archiveBytes) {
  const wholeMs = rules.wholeMs(s);
  const whole = wholeMs >= 0.5 * s.durationMs ? `, the whole ${rules.noun} stopped for ${seconds(wholeMs)} of it` : "";
  return `the ${rules.noun} stalled for ${seconds(s.durationMs)} (${rules.stallWhat(s)}, ${seconds(Math.max(0, s.startMs - t.startMs))} into it ${stallPlace(s, archiveBytes)}${whole}): ${s.toolkit}`;
}
function interruptions(rules, t) {
  const data = t.requests.filter((r) => rules.carriesData(r));
  return data.filter((r) => r.outcome === "aborted" || r.outcome === "error").map((r) => rules.interruption(r, retryOf(data, r, t.intervalMs, rules.samePart), t));
}
function endedByTimeout(outcome, durationMs, requestTimeoutMs, intervalMs) {
  return outcome !== "complete" && requestTimeoutMs !== null && durationMs >= requestTimeoutMs - 2 * intervalMs;
}
function judgeTransfer(rules, t, archiveBytes) {
  const D = Math.max(1, t.endMs - t.startMs);
  const data = t.requests.filter((r) => rules.carriesData(r));
  const total = t.samples[t.samples.length - 1]?.[1] ?? 0;
  const rate2 = (archiveBytes ?? total) / (D / 1e3);
  const stalls = findStalls(rules, t);
  const waits = data.map((r) => rules.waitMs(r)).filter((x) => x !== null);
  const waitSum = waits.reduce((a, b) => a + b, 0);
  const waitShare = waitSum / Math.max(
    1,
    data.reduce((s, r) => s + duration(r, t.endMs), 0)
  );
  const meanInFlight = Math.max(1, inFlightMean(t));
  const fixedWait = waits.length > 0 ? Math.min(...waits) : 0;
  const body = (r) => rules.body(r, fixedWait);
  const flowingMs2 = rules.flowingMs(t, data.map(body), stalls, D);
  const evidence = rules.evidence(t, { data, totalBytes: total, durationMs: D, bytesPerSecond: rate2, meanInFlight, flowingMs: flowingMs2, waitShare, waits });
  const stalled = new Set(stalls.map((x) => x.requestId));
  const bodied = data.filter((r) => rules.hasBody(r));
  const elastic = rateElasticity(
    bodied.filter((r) => !stalled.has(r.id) && r.outcome === "complete" && rules.answered(r)).map(body),
    bodied.map(body),
    t.endMs
  );
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence.push(elasticityEvidence(elastic, rules.verb));
  const carrier = carrierEvidence(t.interfaces, rules.counter, total, D, { verb: rules.verb, noun: rules.noun });
  if (carrier) evidence.push(carrier);
  const { limit, why } = transferLimit(
    { waitShare, waits, elasticity, requests: data.length, bytesPerSecond: rate2, meanInFlight },
    rules.limitWords(meanInFlight, rate2)
  );
  const worst = stalls[0];
  const cost = worst ? rules.stallCost(
    worst,
    limit,
    meanInFlight,
    t.requests.find((r) => r.id === worst.requestId)
  ) : null;
  const whatIf = transferWhatIfs(rules, t, limit, D, flowingMs2, waitSum, meanInFlight, worst, cost?.lostMs ?? 0);
  const settled = settleStall(
    { limit, why },
    stalls,
    worst !== void 0 && cost !== null && cost.weighedMs >= STALL_VERDICT_SHARE * D,
    (s) => stallSentence(rules, s, t, archiveBytes),
    interruptions(rules, t),
    evidence
  );
  return { ...settled, stalls, evidence, whatIf };
}
function transferWhatIfs(rules, t, limit, D, flowingMs2, waitSum, meanInFlight, worst, lostMs) {
  const out = [];
  const halfFlow = Math.max(0, D - Math.min(D, flowingMs2) / 2);
  const say = (change, lower, phrase) => {
    const { ms, sentence } = transferBound(rules.noun, D, lower, phrase);
    out.push(rules.whatIf(change, ms, sentence));
  };
  say("twice-per-connection", limit === "per-connection" || limit === "bandwidth" ? halfFlow : D, "With twice the rate per connection");
  say("twice-aggregate", limit === "path" || limit === "bandwidth" ? halfFlow : D, "With twice the aggregate rate (a wider path)");
  say("half-round-trip", D - rules.aloneWaitMs(t) / 2 - waitSum / (2 * meanInFlight), "With half the round trip");
  if (worst) say("stall-removed", D - lostMs, `Without the ${seconds(worst.durationMs)} stall`);
  return out;
}

export {
  PROFILE_SCHEMA_VERSION,
  PHASES,
  RESOURCES,
  DISK_RESOURCES,
  isDiskResource,
  BOTTLENECKS,
  TRANSFER_REQUEST_OUTCOMES,
  DOWNLOAD_PATHS,
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  UPLOAD_PATHS,
  BLOCK_DEVICE_KINDS,
  RESOLUTION_METHODS,
  SHARED_PHASES,
  PROBE_NAMES,
  RESTORE_SKIP_REASONS,
  STAGE_STATUSES,
  RESTORE_SPANS,
  WHAT_IF_OUTCOMES,
  HALF_RULE_KINDS,
  DEVICE_VERDICTS,
  IOPS_COUNTS,
  DISK_DIRECTIONS,
  TRANSFER_LIMIT_KINDS,
  DOWNLOAD_STALL_KINDS,
  TRANSFER_WHAT_IF_CHANGES,
  UPLOAD_STALL_KINDS,
  SAVE_PHASES,
  SAVE_STATUSES,
  ALTERNATIVES,
  EXPERIMENT_NAMES,
  SKIP_REASONS,
  PRIVILEGED_OPERATIONS,
  PRIVILEGE_LACKS,
  SAMPLE_SIZE_NAMES,
  WORKFLOW_FIX_KINDS,
  FIX_MEMORY_REASONS,
  expandPath,
  isPattern,
  restoreRoots,
  getInputAsArray,
  getInputAsBool,
  booleanInputWarning,
  getInputAsInt,
  isExactKeyMatch,
  KiB,
  MiB,
  GiB,
  mibPerSecond,
  formatNumber,
  cores,
  seconds,
  percent,
  bytes,
  iops,
  capitalised,
  SECTOR_BYTES,
  counterDelta,
  diskMetrics,
  USER_HZ,
  phaseSummary,
  NEAR_CEILING_SHARE,
  TIME_AT_CEILING_SHARE,
  SUSTAINED_RATE_MS,
  STEADY_WINDOW_MS,
  STEADY_RATE_SHARE,
  CEILING_WINDOW_MS,
  FAR_BELOW_CEILING_SHARE,
  SMALL_REQUEST_KIB,
  PROCESS_FULL_CORE,
  MIN_SEEN_MS,
  CPU_PRESSURE_HIGH,
  OWN_CPU_WAIT_SHARE,
  CHILD_CPU_WORKING_CORE,
  CHILD_CPU_IDLE_CORE,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  IDLE_UTIL_PERCENT,
  DIRTY_THROTTLE_SHARE,
  LOW_QUEUE_DEPTH,
  QD1_RATE_SHARE,
  WRITEBACK_TAIL_SHARE,
  OTHER_WRITER_RATIO,
  OTHER_WRITER_MIN_BYTES,
  ABSORBED_SHARE,
  wroteAlmostNothingEarly,
  MINOR_PHASE_SHARE,
  MIN_SAVING_SHARE,
  WHAT_IF_SPEEDUP,
  HALF_RULE_BELOW_SHARE,
  RAISED_SHARE,
  QUOTA_FULL_SHARE,
  THROTTLED_PERIODS_SHARE,
  THROTTLED_MIN_PERIODS,
  ABOVE_CEILING_SHARE,
  METADATA_OVERHEAD_SHARE,
  WORTH_CHANGING,
  worthChanging,
  TIMEOUT_MARGIN,
  SAVE_THRESHOLDS,
  spread,
  median,
  putBackSentence,
  removedLeftBehind,
  leftInPlace,
  privateMachineSentence,
  cgroupDirtyScale,
  quotaFloorMs,
  quotaOf,
  deviceIndexFor,
  snapshotFacts,
  phaseFacts,
  tailDeviceIndex,
  RESTORE_RULES,
  NOTHING_JUDGED_RULES,
  median2,
  flowingMs,
  longestQuiet,
  stallPlace,
  endedByTimeout,
  judgeTransfer,
  probeCounted,
  seqWriteMetIops,
  capMetBy,
  capMetText,
  ceilingsOf,
  hasCeilings,
  iopsIsOwnLimit,
  ceilingsOnDevice,
  candidate,
  settle,
  stackOf,
  describeShare,
  diskLoad,
  diskLimit,
  shareOf,
  PHASE_NOUN,
  PHASE_LABEL,
  VERDICT_PHASE_NOUN,
  RESOURCE_NOUN,
  limitedBy,
  BOTTLENECK_LABEL,
  sayDevice,
  RESOURCE_WORDS,
  verdictWords,
  sayWhatIf,
  cell,
  table,
  details,
  escapeHtml,
  fenced,
  fixed,
  denseTable
};
