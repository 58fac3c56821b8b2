import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  ProfilerError
} from "./chunk-76DRRFYG.js";

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
var HALF_RULE_KINDS = ["held", "beyond", "several-disks"];
var DEVICE_VERDICTS = ["disk-bandwidth", "disk-iops", "none", "not-probed"];
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
function formatNumber(n) {
  if (!Number.isFinite(n)) return String(n);
  const a = Math.abs(n);
  if (a >= 100) return String(Math.round(n));
  if (a >= 10) return String(Math.round(n * 10) / 10);
  if (a >= 1) return String(Math.round(n * 100) / 100);
  return String(Math.round(n * 1e3) / 1e3);
}
function cores(n) {
  const figure = formatNumber(n);
  return `${figure} ${figure === "1" ? "core" : "cores"}`;
}
function seconds(ms) {
  return `${formatNumber(ms / 1e3)} s`;
}
function percent(share2) {
  return `${Math.round(share2 * 100)}%`;
}
function bytes(n) {
  if (n >= GiB) return `${formatNumber(n / GiB)} GiB`;
  if (n >= MiB) return `${formatNumber(n / MiB)} MiB`;
  if (n >= KiB) return `${formatNumber(n / KiB)} KiB`;
  return `${n} B`;
}
function iops(n) {
  return n >= 1e4 ? `${formatNumber(n / 1e3)}k IOPS` : `${Math.round(n)} IOPS`;
}
function capitalised(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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

// src/judge/nouns.ts
var PHASE_NOUN = {
  lookup: "the lookup",
  download: "the download",
  extract: "extraction",
  writeback: "the writeback tail"
};
var PHASE_LABEL = Object.fromEntries(Object.entries(PHASE_NOUN).map(([phase2, noun]) => [phase2, noun.replace(/^the /, "")]));
var VERDICT_PHASE_NOUN = { ...PHASE_NOUN, lookup: "the cache lookup" };
var RESOURCE_NOUN = {
  network: "network rate",
  "disk-bandwidth": "disk's bandwidth",
  "disk-iops": "disk's IOPS",
  cpu: "CPU"
};
var HEADLINE_RESOURCE_NOUN = {
  ...RESOURCE_NOUN,
  "disk-bandwidth": "disk's write bandwidth",
  "disk-iops": "disk's write IOPS"
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
function limitedBy(bottleneck2, rule) {
  return (rule !== void 0 ? LIMITED_BY_RULE[rule] : void 0) ?? LIMITED_BY[bottleneck2] ?? bottleneck2;
}
var BOTTLENECK_LABEL = {
  network: "Network-bound",
  "disk-bandwidth": "Disk-bound (bandwidth)",
  "disk-iops": "Disk-bound (IOPS)",
  cpu: "CPU-bound",
  none: "No bottleneck",
  inconclusive: "Inconclusive"
};
var WHAT_IF_PHRASE = {
  network: "with a network",
  "disk-bandwidth": "with the disk's bandwidth",
  "disk-iops": "with the disk's IOPS",
  cpu: "with a CPU"
};
var SECOND_LIMIT_WORDS = {
  network: "the network",
  "disk-bandwidth": "bandwidth",
  "disk-iops": "IOPS",
  cpu: "the CPU"
};

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
function fixed(n, decimals = 2) {
  if (n === null || n === void 0 || !Number.isFinite(n)) return "\u2013";
  const s = n.toFixed(decimals);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}
function isEmptyCell(text) {
  const t2 = text.replace(/\*\*/g, "").trim();
  return t2 === "" || t2 === "\u2013";
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

// src/report/palette.ts
var CHART_COLORS = ["#1f6feb", "#d55e00", "#009e73", "#cc79a7", "#b08800"];
var BAND_COLORS = { carrier: "#1f6feb38", carrierAlt: "#1f6feb20", other: "#8b949e30", otherAlt: "#8b949e1c" };
function xyChartInit(first = 0, size) {
  const colors = typeof first === "number" ? [...CHART_COLORS.slice(first), ...CHART_COLORS.slice(0, first)] : first;
  const sizing = size ? `, "xyChart": {"width": ${size.width}, "height": ${size.height}}` : "";
  return `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${colors.join(", ")}"}}${sizing}}}%%`;
}

// src/sample/iostat.ts
var SECTOR_BYTES = 512;
var U32 = 2 ** 32;
function counterDelta(before, after) {
  if (after >= before) return after - before;
  if (before < U32) return after + U32 - before;
  return after;
}
function rate(delta, durationMs) {
  return durationMs > 0 ? delta * 1e3 / durationMs : 0;
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

// src/report/charts.ts
var MAX_POINTS = 60;
var MIN_INTERVAL_MS = CEILING_WINDOW_MS;
var MIN_POINTS = 40;
var LABEL_EVERY = 5;
var CHART_WIDTH = 900;
var CHART_HEIGHT = 300;
function allSnapshots(profile2) {
  const list = [...profile2.samples.snapshots];
  for (const p of profile2.phases) list.push(p.start, p.end);
  list.sort((a, b) => a.tMs - b.tMs);
  return list.filter((s, i) => i === 0 || s.tMs > list[i - 1].tMs);
}
function grid(snaps, maxPoints) {
  if (snaps.length < 2) return [];
  const t0 = snaps[0].tMs;
  const span = snaps[snaps.length - 1].tMs - t0;
  const intervals = Math.max(1, Math.min(maxPoints, snaps.length - 1, Math.max(MIN_POINTS, Math.floor(span / MIN_INTERVAL_MS))));
  const picks = [];
  let j = 0;
  for (let k = 0; k <= intervals; k++) {
    const target = t0 + k * span / intervals;
    while (j + 1 < snaps.length && Math.abs(snaps[j + 1].tMs - target) <= Math.abs(snaps[j].tMs - target)) j++;
    const pick2 = snaps[j];
    if (picks.length === 0 || pick2.tMs > picks[picks.length - 1].tMs) picks.push(pick2);
  }
  return picks;
}
function timeline(profile2, device2, maxPoints = MAX_POINTS) {
  if (device2 === null) return [];
  const snaps = allSnapshots(profile2).filter((s) => s.disks[device2]);
  if (snaps.length < 2) return [];
  const t0 = snaps[0].tMs;
  const picks = grid(snaps, maxPoints);
  const points = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1];
    const b = picks[k];
    const s = (b.tMs - a.tMs) / 1e3;
    const da = a.disks[device2];
    const db = b.disks[device2];
    const m = diskMetrics(da, db, b.tMs - a.tMs);
    const point = {
      tSeconds: (b.tMs - t0) / 1e3,
      fromMs: a.tMs,
      toMs: b.tMs,
      writeMiBPerSecond: m.writeKiBPerSecond / 1024,
      writesPerSecond: m.writesPerSecond,
      issuedWritesPerSecond: s > 0 ? (db.writesCompleted - da.writesCompleted + db.writesMerged - da.writesMerged) / s : 0,
      utilizationPercent: m.utilizationPercent
    };
    const started = profile2.phases.find((p) => p.startMs >= a.tMs && p.startMs < b.tMs);
    if (started) point.phaseStart = started.name;
    points.push(point);
  }
  return points;
}
function niceMax(n) {
  if (!(n > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const steps = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const top = (steps.find((s) => s * magnitude >= n) ?? 10) * magnitude;
  return Number(top.toPrecision(3));
}
function series(values) {
  const round = (v) => Math.abs(v) >= 10 ? Math.round(v) : Math.round(v * 100) / 100;
  return `[${values.map((v) => String(round(v))).join(", ")}]`;
}
var LINE_COLORS = [CHART_COLORS[0], CHART_COLORS[2], CHART_COLORS[3]];
var LINE_COLOR_NAMES = ["blue", "green", "purple"];
var CEILING_COLOR = CHART_COLORS[1];
function t(ms) {
  return formatNumber(ms / 1e3);
}
function xLabels(profile2, xs, t0Ms) {
  const starts = new Set(xs.map((x, i) => profile2.phases.some((p) => p.endMs > p.startMs && p.startMs >= x.fromMs && p.startMs < x.toMs) ? i : -1));
  const labelled = /* @__PURE__ */ new Set();
  xs.forEach((_, i) => {
    const nearStart = [...starts].some((j) => j >= 0 && j !== i && Math.abs(j - i) < 3);
    if (i >= 3 && (starts.has(i) || i % LABEL_EVERY === 0 && !nearStart)) labelled.add(i);
  });
  return xs.map((x, i) => i === 0 ? "0 s" : labelled.has(i) ? t(x.fromMs - t0Ms) : "\u200B".repeat(i + 1));
}
function drawChart(profile2, spec) {
  const top = niceMax(Math.max(...spec.lines.flatMap((l) => l.values), (spec.ceiling?.value ?? 0) * 1.1));
  const phases = profile2.phases.filter((p) => p.endMs > p.startMs);
  const bands = phases.map((p) => ({
    phase: p,
    values: spec.xs.map((x) => {
      const mid = (x.fromMs + x.toMs) / 2;
      return mid >= p.startMs && mid < p.endMs ? top : 0;
    })
  }));
  const shown = bands.filter((b) => b.values.some((v) => v > 0));
  const colors = [
    ...shown.map(
      (b, i) => spec.carriers.includes(b.phase.name) ? i % 2 ? BAND_COLORS.carrierAlt : BAND_COLORS.carrier : i % 2 ? BAND_COLORS.other : BAND_COLORS.otherAlt
    ),
    ...spec.lines.map((_, i) => LINE_COLORS[i]),
    ...spec.ceiling ? [CEILING_COLOR] : []
  ];
  const labels = xLabels(profile2, spec.xs, spec.t0Ms);
  const lines = [
    xyChartInit(colors, { width: CHART_WIDTH, height: CHART_HEIGHT }),
    "xychart-beta",
    `    title "${spec.title.replace(/"/g, "'")}"`,
    `    x-axis "seconds since the lookup began" [${labels.map((l) => `"${l}"`).join(", ")}]`,
    `    y-axis "${spec.axis}" 0 --> ${top}`,
    ...shown.map((b) => `    bar ${series(b.values)}`),
    ...spec.lines.map((l) => `    line ${series(l.values)}`),
    ...spec.ceiling ? [`    line ${series(spec.xs.map(() => spec.ceiling.value))}`] : []
  ];
  const phaseText = shown.map(
    (b) => `${PHASE_LABEL[b.phase.name]} ${t(b.phase.startMs - spec.t0Ms)}\u2013${t(b.phase.endMs - spec.t0Ms)} s${spec.carriers.includes(b.phase.name) ? " (blue: the verdict is about it)" : ""}`
  ).join(", ");
  const lineText = spec.lines.map((l, i) => `${LINE_COLOR_NAMES[i]}: ${l.label}`).join("; ");
  const ceilingText = spec.ceiling ? `; orange: ${spec.ceiling.label}` : "; no ceiling was measured for it";
  return { mermaid: fenced("mermaid", lines.join("\n")), caption: `${lineText}${ceilingText}. Shaded bands are the phases: ${phaseText}.` };
}
function spans(points) {
  return points.map((p) => ({ fromMs: p.fromMs, toMs: p.toMs }));
}
function firstTimeMs(profile2) {
  const lookup = profile2.phases[0]?.startMs;
  return lookup ?? allSnapshots(profile2)[0]?.tMs ?? 0;
}
function diskChart(profile2, device2, kind, ceilings, carriers) {
  const points = timeline(profile2, device2).filter((p) => p.toMs > firstTimeMs(profile2));
  if (points.length === 0 || device2 === null) return null;
  const name = profile2.devices[device2]?.name ?? "disk";
  if (kind === "iops") {
    const merged = points.some((p) => p.issuedWritesPerSecond > p.writesPerSecond * 1.1 + 1);
    return drawChart(profile2, {
      title: `${name}: writes per second against the IOPS ceiling`,
      axis: "writes/s",
      xs: spans(points),
      t0Ms: firstTimeMs(profile2),
      lines: [
        { label: "writes/s the device completed", values: points.map((p) => p.writesPerSecond) },
        ...merged ? [{ label: "writes/s as issued, before the device merged them (what a cgroup cap counts)", values: points.map((p) => p.issuedWritesPerSecond) }] : []
      ],
      ceiling: ceilings.randWriteIops ? {
        label: ceilings.from?.randWriteIops?.said ?? `fio's 4 KiB random-write ceiling, ${Math.round(ceilings.randWriteIops)} IOPS`,
        value: ceilings.randWriteIops
      } : null,
      carriers
    });
  }
  return drawChart(profile2, {
    title: `${name}: write MiB/s against the bandwidth ceiling`,
    axis: "MiB/s",
    xs: spans(points),
    t0Ms: firstTimeMs(profile2),
    lines: [{ label: "MiB/s the device wrote", values: points.map((p) => p.writeMiBPerSecond) }],
    // A cgroup cap on the device is named as the judge names it: no fio figure stands there.
    ceiling: ceilings.seqWriteBytesPerSecond ? {
      label: ceilings.from?.seqWriteBytesPerSecond?.said ?? `fio's sequential-write ceiling, ${formatNumber(ceilings.seqWriteBytesPerSecond / MiB)} MiB/s`,
      value: ceilings.seqWriteBytesPerSecond / MiB
    } : null,
    carriers
  });
}
function reachableCores(profile2) {
  const quota = profile2.context.cgroup?.cpuQuotaCores;
  return quota != null && quota > 0 ? Math.min(1, quota) : 1;
}
function cpuLimitLabel(profile2, threads) {
  const quota = profile2.context.cgroup?.cpuQuotaCores;
  if (quota != null && quota > 0 && quota < threads) return `the runner's CPU quota, ${formatNumber(quota)} of a core`;
  return threads === 1 ? "one core, all a single-threaded process can use" : `${threads} cores, what tar and its decompressor (one thread each) can use together`;
}
function cpuChart(profile2, carriers) {
  const snaps = allSnapshots(profile2).filter((s) => s.tMs >= firstTimeMs(profile2));
  const picks = grid(snaps, MAX_POINTS);
  if (picks.length < 2) return null;
  const perProcess = snaps.some((s) => s.processes && s.processes.length > 0);
  const values = [];
  const xs = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1];
    const b = picks[k];
    const s = (b.tMs - a.tMs) / 1e3;
    let cores2 = 0;
    if (perProcess) {
      const before = new Map((a.processes ?? []).map((p) => [p.pid, p.cpuTicks]));
      for (const p of b.processes ?? []) cores2 = Math.max(cores2, (p.cpuTicks - (before.get(p.pid) ?? p.cpuTicks)) / USER_HZ / s);
    } else if (a.childCpuTicks !== null && b.childCpuTicks !== null) {
      cores2 = (b.childCpuTicks - a.childCpuTicks) / USER_HZ / s;
    }
    values.push(Math.max(0, cores2));
    xs.push({ fromMs: a.tMs, toMs: b.tMs });
  }
  const quota = profile2.context.cgroup?.cpuQuotaCores;
  const pair2 = Math.min(2, Math.max(1, profile2.context.cpuCount), quota != null && quota > 0 ? quota : 2);
  return drawChart(profile2, {
    title: perProcess ? "Busiest process of the extraction: cores used" : "tar and its decompressor together: cores used",
    axis: "cores",
    xs,
    t0Ms: firstTimeMs(profile2),
    lines: [{ label: perProcess ? "the busiest process (tar or its decompressor), in cores" : "tar and its decompressor together, in cores", values }],
    ceiling: perProcess ? { label: cpuLimitLabel(profile2, 1), value: reachableCores(profile2) } : { label: cpuLimitLabel(profile2, pair2), value: pair2 },
    carriers
  });
}
function binTransferTimeline(t2, cells) {
  const width = (t2.endMs - t2.startMs) / cells;
  const out = [];
  let i = 0;
  let bytes2 = 0;
  let inFlight = 0;
  for (let c = 1; c <= cells; c++) {
    const end = t2.startMs + c * width;
    const before = bytes2;
    let most = inFlight;
    while (i < t2.samples.length && t2.samples[i][0] <= end) {
      const [, b, k] = t2.samples[i];
      bytes2 = b;
      inFlight = k;
      most = Math.max(most, k);
      i++;
    }
    out.push({ fromMs: end - width, toMs: end, mibPerSecond: (bytes2 - before) / MiB / (width / 1e3), inFlight: most });
  }
  return out;
}
function timelineDownloadChart(profile2, carriers) {
  const t2 = profile2.phases.find((p) => p.name === "download")?.downloadTimeline;
  if (!t2 || t2.endMs <= t2.startMs || t2.samples.length === 0) return null;
  const span = t2.endMs - t2.startMs;
  const cells = binTransferTimeline(t2, Math.max(2, Math.min(MAX_POINTS, Math.round(span / Math.max(MIN_INTERVAL_MS, t2.intervalMs)))));
  const rates = cells.map((c) => c.mibPerSecond);
  const flights = cells.map((c) => c.inFlight);
  const xs = cells.map((c) => ({ fromMs: c.fromMs, toMs: c.toMs }));
  return drawChart(profile2, {
    title: "Download: MiB/s received, and requests in flight",
    axis: "MiB/s (and requests)",
    xs,
    t0Ms: firstTimeMs(profile2),
    lines: [
      { label: "MiB/s received by all requests", values: rates },
      { label: "requests in flight", values: flights }
    ],
    ceiling: { label: `the ${t2.limits.concurrency} requests the cache client runs at once`, value: t2.limits.concurrency },
    carriers
  });
}
function downloadChart(profile2, carriers) {
  const d = profile2.phases.find((p) => p.name === "download");
  if (!d) return null;
  const snaps = allSnapshots(profile2).filter((s) => s.tMs >= d.startMs && s.tMs <= d.endMs && s.ownIo);
  const picks = grid(snaps, MAX_POINTS);
  if (picks.length < 3) return null;
  const values = [];
  const xs = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1];
    const b = picks[k];
    values.push(Math.max(0, ((b.ownIo?.writeBytes ?? 0) - (a.ownIo?.writeBytes ?? 0)) / MiB / ((b.tMs - a.tMs) / 1e3)));
    xs.push({ fromMs: a.tMs, toMs: b.tMs });
  }
  const bytes2 = d.networkBytes ?? profile2.restore?.archiveBytes ?? null;
  const avg = bytes2 !== null ? bytes2 / MiB / ((d.endMs - d.startMs) / 1e3) : null;
  const early = values.slice(0, Math.floor(values.length * 0.8)).reduce((a, b) => a + b, 0);
  const all = values.reduce((a, b) => a + b, 0);
  if (all <= 0 || early < 0.5 * all) return null;
  const chart = drawChart(profile2, {
    title: "Download: MiB/s received",
    axis: "MiB/s",
    xs,
    t0Ms: xs[0]?.fromMs ?? d.startMs,
    lines: [{ label: "MiB/s written to the archive file as it arrived", values }],
    ceiling: avg !== null ? { label: `the download's average, ${formatNumber(avg)} MiB/s (no network ceiling is probed)`, value: avg } : null,
    carriers
  });
  return { ...chart, caption: `${chart.caption} Requests in flight are not recorded.` };
}
function phaseTimeChart(profile2, carriers) {
  const phases = profile2.phases.filter((p) => p.endMs > p.startMs);
  if (phases.length === 0) return null;
  const secs = phases.map((p) => (p.endMs - p.startMs) / 1e3);
  const d = profile2.phases.find((p) => p.name === "download");
  const bytes2 = d ? d.networkBytes ?? profile2.restore?.archiveBytes ?? null : null;
  const rate2 = d && bytes2 !== null && d.endMs > d.startMs ? ` at ${formatNumber(bytes2 / MiB / ((d.endMs - d.startMs) / 1e3))} MiB/s on average` : "";
  const mermaid = fenced(
    "mermaid",
    [
      xyChartInit([CHART_COLORS[0]], { width: CHART_WIDTH, height: CHART_HEIGHT }),
      "xychart-beta horizontal",
      '    title "Where the time went (s)"',
      `    x-axis "phase" [${phases.map((p) => `"${PHASE_LABEL[p.name]}"`).join(", ")}]`,
      `    y-axis "seconds" 0 --> ${niceMax(Math.max(...secs))}`,
      `    bar ${series(secs)}`
    ].join("\n")
  );
  const on = carriers.map((c) => PHASE_LABEL[c]).join(" and ");
  const buffered = profile2.samples.snapshots.some((x) => x.ownIo);
  return {
    mermaid,
    caption: `Seconds per phase${on ? `; the verdict is about the ${on}` : ""}. The download${rate2} is one figure: its progress over time is not recorded${buffered ? " (the cache client fetched segments into memory and wrote the file at the end, so the file grew all at once)" : ""}, nor are requests in flight.`
  };
}
function verdictChart(profile2, bottleneck2, device2, ceilings, carriers) {
  if (bottleneck2 === "disk-iops") return diskChart(profile2, device2, "iops", ceilings, carriers);
  if (bottleneck2 === "cpu") return cpuChart(profile2, carriers) ?? diskChart(profile2, device2, "bandwidth", ceilings, carriers);
  if (bottleneck2 === "network") return timelineDownloadChart(profile2, carriers) ?? downloadChart(profile2, carriers) ?? phaseTimeChart(profile2, carriers);
  return diskChart(profile2, device2, "bandwidth", ceilings, carriers);
}
function supportingCharts(profile2, bottleneck2, device2, ceilings, carriers) {
  const out = [];
  if (bottleneck2 !== "disk-bandwidth" && bottleneck2 !== "none" && bottleneck2 !== "inconclusive")
    out.push(diskChart(profile2, device2, "bandwidth", ceilings, carriers));
  if (bottleneck2 !== "disk-iops") out.push(diskChart(profile2, device2, "iops", ceilings, carriers));
  if (bottleneck2 !== "cpu") out.push(cpuChart(profile2, carriers));
  const points = timeline(profile2, device2).filter((p) => p.toMs > firstTimeMs(profile2));
  if (points.length > 0 && device2 !== null) {
    const util = drawChart(profile2, {
      title: `${profile2.devices[device2]?.name ?? "disk"}: busy time (%util)`,
      axis: "%util",
      xs: spans(points),
      t0Ms: firstTimeMs(profile2),
      lines: [{ label: "%util, the share of time the device had a request in flight", values: points.map((p) => p.utilizationPercent) }],
      ceiling: null,
      carriers
    });
    out.push({
      ...util,
      caption: `${util.caption} Supporting only: a device that serves requests in parallel (SSDs, cloud volumes) can do more at 100%, and a throttle above the device shows little %util.`
    });
  }
  return out.filter((c) => c !== null);
}

// src/report/download-section.ts
function transferChartPoints(t2, maxPoints = MAX_POINTS) {
  const span = t2.endMs - t2.startMs;
  if (span <= 0 || t2.samples.length === 0) return [];
  const cells = Math.max(1, Math.min(maxPoints, Math.round(span / Math.max(1, t2.intervalMs))));
  return binTransferTimeline(t2, cells).map((c) => ({ tSeconds: (c.toMs - t2.startMs) / 1e3, mibPerSecond: c.mibPerSecond, inFlight: c.inFlight }));
}
function charts(t2, concurrency, noun) {
  const points = transferChartPoints(t2);
  if (points.length < 2) return "";
  const end = Number((points[points.length - 1]?.tSeconds ?? 0).toFixed(2));
  const line = (values) => `[${values.map((v) => String(Math.round(v * 10) / 10)).join(", ")}]`;
  const chart = (title, axis, max, values, color) => fenced(
    "mermaid",
    [
      xyChartInit(color),
      "xychart-beta",
      `    title "${title}"`,
      `    x-axis "seconds" 0 --> ${end}`,
      `    y-axis "${axis}" 0 --> ${max}`,
      `    line ${line(values)}`
    ].join("\n")
  );
  const rates = points.map((p) => p.mibPerSecond);
  const flights = points.map((p) => p.inFlight);
  return [
    chart(`${noun} throughput (MiB/s)`, "MiB/s", niceMax(Math.max(...rates)), rates, 0),
    chart(`${noun} requests in flight`, "requests", Math.max(1, concurrency, ...flights), flights, 1)
  ].join("\n\n");
}
function transferSection(heading, judged, timeline2, noun, whatIfNote) {
  const parts = [`${heading}

**${escapeHtml(judged.sentence)}**`];
  if (judged.evidence.length > 0) parts.push(judged.evidence.map((e) => `- ${escapeHtml(e)}`).join("\n"));
  if (judged.whatIf.length > 0) parts.push(`${judged.whatIf.map((w) => `- ${escapeHtml(w.sentence)}`).join("\n")}

<sub>${whatIfNote}</sub>`);
  const drawn = charts(timeline2, timeline2.limits.concurrency, noun);
  if (drawn) parts.push(drawn);
  return parts.join("\n\n");
}
function downloadSection(profile2, verdict2) {
  const download = verdict2.download;
  const timeline2 = profile2.phases.find((p) => p.name === "download")?.downloadTimeline;
  if (!download || !timeline2) return "";
  return transferSection(
    "### Download",
    download,
    timeline2,
    "Download",
    "Lower bounds on the download's time: stalls and waits for first bytes stay unless the change removes them; a doubled rate halves at most the time bytes flowed."
  );
}

// src/report/save-section.ts
var seconds2 = (ms) => `${(ms / 1e3).toFixed(2)} s`;
var mib = (bytes2) => `${(bytes2 / MiB).toFixed(1)} MiB`;
function renderSaveSection(save2) {
  const head = "### Save";
  if (save2.status === "skipped" || save2.status === "failed" && save2.phases.length === 0) {
    return `${head}

${escapeHtml(save2.reason ?? "The cache was not saved.")}`;
  }
  const what = save2.status === "saved" ? `Saved \`${cell(save2.key)}\`: ${save2.archiveBytes !== null ? `${mib(save2.archiveBytes)} archive of ` : ""}${save2.matchedPaths.map((p) => `\`${cell(p)}\``).join(", ")} in ${seconds2(save2.saveMs)} through cache service ${save2.serviceVersion}.` : `Not saved: ${escapeHtml(save2.reason ?? save2.error?.message ?? "the save failed")} (during ${save2.error?.phase ?? "the save"}, after ${seconds2(save2.saveMs)}).`;
  const judged = new Map(save2.verdict?.phases.map((p) => [p.phase, p]) ?? []);
  const rows = save2.phases.map((p) => {
    const ms = p.endMs - p.startMs;
    const j = judged.get(p.name);
    return [p.name, seconds2(ms), save2.saveMs > 0 ? `${Math.round(ms / save2.saveMs * 100)}%` : "", j?.bottleneck ?? "", j?.sentence ?? ""];
  });
  const parts = [head, "", save2.verdict ? `**${escapeHtml(save2.verdict.sentence)}** ${what}` : what];
  const evidence2 = (save2.verdict?.phases ?? []).filter((p) => p.evidence.length > 0).map((p) => `**${p.phase}**

${p.evidence.map((e) => `- ${escapeHtml(e)}`).join("\n")}`);
  const body = [table(["Phase", "Time", "Share", "Limited by", "Why"], rows, ["l", "r", "r", "l", "l"]), ...evidence2].join("\n\n");
  parts.push("", details(`Save phases${evidence2.length > 0 ? " and evidence" : ""}`, body));
  const timeline2 = save2.phases.find((p) => p.name === "upload")?.uploadTimeline;
  const upload = save2.verdict?.upload;
  if (timeline2 && upload) {
    const section = transferSection(
      "#### Upload",
      upload,
      timeline2,
      "Upload",
      "Lower bounds on the upload's time: stalls and waits for the store's answers stay unless the change removes them; a doubled rate halves at most the time bytes flowed."
    );
    parts.push("", details(`Upload: ${upload.limit === "stall" ? "stalled" : upload.limit}, its requests over time`, section));
  }
  return parts.join("\n");
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
function cgroupDirtyScale(context2) {
  const limit = context2.cgroup?.version === 2 ? context2.cgroup.memoryLimitBytes : null;
  if (limit === null || limit === void 0 || !(context2.memoryBytes > 0)) return 1;
  return Math.min(1, limit / context2.memoryBytes);
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
function deviceIndexFor(profile2, phase2) {
  const primary = profile2.devices.findIndex((d) => d.primary);
  if (phase2 !== "download" && primary >= 0) return primary;
  const top = profile2.devices.findIndex((d) => d.topFor?.includes("archive-temp"));
  if (phase2 === "download" && top >= 0) return top;
  const role = phase2 === "download" ? "archive-temp" : "restore-path";
  const byRole = profile2.devices.findIndex((d) => d.roles.includes(role));
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
function sightings(series2) {
  const first = series2[0];
  const treeReadAtStart = first.selfCpuTicks != null;
  const atStart = new Set((first.processes ?? []).map((p) => p.pid));
  const seen = /* @__PURE__ */ new Map();
  for (const s of series2) {
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
function busiestProcess(series2, durationMs, childTicks) {
  if (durationMs <= 0 || !series2.some((s) => s.processes !== void 0 || s.selfCpuTicks !== void 0)) return null;
  const seen = sightings(series2);
  const tails = reapedTails(seen);
  const seconds4 = durationMs / 1e3;
  const shownTicks = [...seen.values()].reduce((sum2, e) => sum2 + (e.last - e.base), 0);
  const known = tails.reduce((sum2, t2) => sum2 + t2.ticks, 0);
  const unseenTicks = childTicks === null ? null : Math.max(0, childTicks - shownTicks - known);
  let best = null;
  for (const e of seen.values()) {
    const cores2 = (e.last - e.base) / USER_HZ / seconds4;
    if (best && cores2 <= best.cores) continue;
    const seenMs = e.lastMs - e.firstMs;
    const ownTail = tails.find((t2) => t2.children.has(e.pid));
    const unseen = ownTail ? ownTail.ticks : unseenTicks;
    best = {
      comm: e.comm,
      cores: cores2,
      coresAtMost: unseen === null ? null : cores2 + unseen / USER_HZ / seconds4,
      coresWhileSeen: seenMs > 0 ? (e.last - e.firstSeen) / USER_HZ / (seenMs / 1e3) : null,
      seenMs
    };
  }
  return best ?? { comm: "none", cores: 0, coresAtMost: unseenTicks === null ? null : unseenTicks / USER_HZ / seconds4, coresWhileSeen: null, seenMs: 0 };
}
function ownCpuWait(series2) {
  const first = series2[0];
  if (!first || first.selfCpuTicks == null) return null;
  const sightings2 = series2.flatMap((s) => s.processes ?? []);
  if (!sightings2.some((p) => p.runDelayNs !== void 0)) return null;
  const atStart = new Map((first.processes ?? []).map((p) => [p.pid, p.runDelayNs]));
  let best = null;
  let total = 0;
  let atMost = 0;
  const pids = new Set(sightings2.map((p) => p.pid));
  for (const pid of pids) {
    const base = atStart.has(pid) ? atStart.get(pid) : 0;
    if (base === void 0) continue;
    const seen = series2.map((s) => s.processes?.find((p) => p.pid === pid));
    const lastIndex = seen.findLastIndex((p) => p?.runDelayNs !== void 0);
    const last = seen[lastIndex];
    if (!last) continue;
    const waitedMs = ((last.runDelayNs ?? 0) - base) / 1e6;
    const lastMs = series2[lastIndex]?.tMs ?? 0;
    const gone = seen.findIndex((p, k) => k > lastIndex && p === void 0);
    const untilMs = gone >= 0 ? series2[gone]?.tMs ?? lastMs : series2.at(-1)?.tMs ?? lastMs;
    const unseenMs = untilMs - (series2[lastIndex - 1]?.tMs ?? lastMs);
    total += waitedMs;
    atMost = Math.max(atMost, waitedMs + unseenMs);
    if (!best || waitedMs > best.atLeastMs) best = { comm: last.comm, atLeastMs: waitedMs, atMostMs: 0, totalAtLeastMs: 0 };
  }
  return best ? { ...best, atMostMs: atMost, totalAtLeastMs: total } : null;
}
var TICK_SLACK = 2;
function selfCpu(start, end, durationMs) {
  if (durationMs <= 0) return { cores: null, bounds: null };
  const seconds4 = durationMs / 1e3;
  if (start.selfCpuUs != null && end.selfCpuUs != null) {
    const cores2 = Math.max(0, end.selfCpuUs - start.selfCpuUs) / 1e6 / seconds4;
    return { cores: cores2, bounds: { atLeast: cores2, atMost: cores2 } };
  }
  if (start.selfCpuTicks == null || end.selfCpuTicks == null) return { cores: null, bounds: null };
  const ticks = Math.max(0, end.selfCpuTicks - start.selfCpuTicks);
  const coresOf = (t2) => t2 / USER_HZ / seconds4;
  return {
    cores: durationMs >= MIN_CPU_DATA_MS ? coresOf(ticks) : null,
    bounds: { atLeast: coresOf(Math.max(0, ticks - TICK_SLACK)), atMost: coresOf(ticks + TICK_SLACK) }
  };
}
function snapshotFacts(start, end, deviceIndex, inside = [], cgroup) {
  const summary = phaseSummary(start, end, deviceIndex);
  const durationMs = end.tMs - start.tMs;
  const series2 = [start, ...inside, end];
  let dirtyPeakBytes = null;
  for (const s of series2) {
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
    busiestProcess: busiestProcess(series2, durationMs, summary.childCpuSeconds === null ? null : summary.childCpuSeconds * USER_HZ),
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
    series: series2,
    ownCpuWait: durationMs > 0 ? ownCpuWait(series2) : null,
    cgroupCpu: cgroupCpuFacts(start, end, cgroup),
    cpuReach: cpuReach(cgroup)
  };
}
function phaseFacts(profile2, phase2, deviceIndex = deviceIndexFor(profile2, phase2.name)) {
  const inside = profile2.samples.snapshots.filter((s) => s.tMs > phase2.startMs && s.tMs < phase2.endMs);
  return snapshotFacts(phase2.start, phase2.end, deviceIndex, inside, profile2.context.cgroup);
}
function tailDeviceIndex(profile2, phase2) {
  const restoreDevice = deviceIndexFor(profile2, "writeback");
  const tops = profile2.devices.flatMap((d, i) => d.topFor?.includes("restore-path") ? [i] : []);
  if (phase2.name !== "writeback" || tops.length < 2) return restoreDevice;
  const snapshots = [phase2.start, ...profile2.samples.snapshots.filter((x) => x.tMs > phase2.startMs && x.tMs < phase2.endMs), phase2.end];
  const lastWriteMs = (i) => {
    let last = phase2.startMs;
    for (let k = 1; k < snapshots.length; k++) {
      const before = snapshots[k - 1]?.disks[i]?.sectorsWritten;
      const after = snapshots[k]?.disks[i]?.sectorsWritten;
      if (before !== void 0 && after !== void 0 && after > before) last = snapshots[k]?.tMs ?? last;
    }
    return last;
  };
  const written = (i) => phaseSummary(phase2.start, phase2.end, i).disk?.writtenBytes ?? 0;
  const interval = Math.max(1, profile2.samples.intervalMs * profile2.samples.keptEvery);
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

// src/profile/always-on.ts
var DISK_KINDS = ["nvme", "scsi", "virtio", "xen", "loop", "dm", "md", "mmc", "other"];

// src/profile/validate.ts
var SUPPORTED_SCHEMA_VERSIONS = [1, PROFILE_SCHEMA_VERSION];
function describe(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}\u2026` : v);
  if (typeof v === "object") return "an object";
  return String(v);
}
var num = (v, p, e) => {
  if (typeof v !== "number" || !Number.isFinite(v)) e.push(`${p}: expected a number, got ${describe(v)}`);
};
var str = (v, p, e) => {
  if (typeof v !== "string") e.push(`${p}: expected a string, got ${describe(v)}`);
};
var bool = (v, p, e) => {
  if (typeof v !== "boolean") e.push(`${p}: expected true or false, got ${describe(v)}`);
};
var oneOf = (...allowed) => (v, p, e) => {
  if (!allowed.includes(v)) e.push(`${p}: expected one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}, got ${describe(v)}`);
};
var nullable = (c) => (v, p, e) => {
  if (v !== null) c(v, p, e);
};
var arr = (c, maxErrors = 5) => (v, p, e) => {
  if (!Array.isArray(v)) {
    e.push(`${p}: expected an array, got ${describe(v)}`);
    return;
  }
  const before = e.length;
  for (let i = 0; i < v.length && e.length - before < maxErrors; i++) c(v[i], `${p}[${i}]`, e);
};
var pair = (a, b) => (v, p, e) => {
  if (!Array.isArray(v) || v.length !== 2) {
    e.push(`${p}: expected an array of 2 items, got ${describe(v)}`);
    return;
  }
  a(v[0], `${p}[0]`, e);
  b(v[1], `${p}[1]`, e);
};
var triple = (a, b, c) => (v, p, e) => {
  if (!Array.isArray(v) || v.length !== 3) {
    e.push(`${p}: expected an array of 3 items, got ${describe(v)}`);
    return;
  }
  a(v[0], `${p}[0]`, e);
  b(v[1], `${p}[1]`, e);
  c(v[2], `${p}[2]`, e);
};
var obj = (shape) => (v, p, e) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    e.push(`${p}: expected an object, got ${describe(v)}`);
    return;
  }
  const rec = v;
  for (const [rawKey, c] of Object.entries(shape)) {
    const optional = rawKey.endsWith("?");
    const key = optional ? rawKey.slice(0, -1) : rawKey;
    const path2 = p ? `${p}.${key}` : key;
    if (!(key in rec) || rec[key] === void 0) {
      if (!optional) e.push(`${path2}: missing`);
      continue;
    }
    c(rec[key], path2, e);
  }
};
var diskCounters = obj({
  readsCompleted: num,
  readsMerged: num,
  sectorsRead: num,
  readMs: num,
  writesCompleted: num,
  writesMerged: num,
  sectorsWritten: num,
  writeMs: num,
  inFlight: num,
  ioMs: num,
  weightedIoMs: num,
  "discardsCompleted?": num,
  "discardsMerged?": num,
  "sectorsDiscarded?": num,
  "discardMs?": num,
  "flushesCompleted?": num,
  "flushMs?": num
});
var cpuTicks = obj({ user: num, nice: num, system: num, idle: num, iowait: num, irq: num, softirq: num, steal: num });
var pressureTotals = nullable(obj({ someUs: num, "fullUs?": num }));
var snapshot = obj({
  tMs: num,
  disks: arr(nullable(diskCounters)),
  cpu: nullable(cpuTicks),
  "perCpu?": arr(cpuTicks),
  pressure: nullable(obj({ io: pressureTotals, cpu: pressureTotals, memory: pressureTotals })),
  memory: nullable(obj({ dirtyBytes: num, writebackBytes: num })),
  childCpuTicks: nullable(num),
  "selfCpuTicks?": nullable(num),
  "selfCpuUs?": nullable(num),
  "ownIo?": nullable(obj({ readBytes: num, writeBytes: num, cancelledWriteBytes: num })),
  "processes?": arr(obj({ pid: num, comm: str, cpuTicks: num, "ppid?": num, "reapedTicks?": num, "runDelayNs?": num })),
  "cgroupCpu?": nullable(obj({ usageUs: nullable(num), throttledUs: num, periods: num, throttledPeriods: num }))
});
var downloadRequest = obj({
  id: num,
  method: str,
  range: nullable(str),
  startMs: num,
  firstByteMs: nullable(num),
  endMs: nullable(num),
  status: nullable(num),
  receivedBytes: num,
  outcome: oneOf(...TRANSFER_REQUEST_OUTCOMES),
  points: arr(pair(num, num))
});
var transferTimeline = (request, limits) => obj({
  intervalMs: num,
  startMs: num,
  endMs: num,
  requests: arr(request),
  samples: arr(triple(num, num, num)),
  interfaces: nullable(arr(obj({ name: str, rxBytes: num, rxPackets: num, txBytes: num }))),
  limits,
  "droppedRequests?": num
});
var downloadTimeline = transferTimeline(
  downloadRequest,
  obj({
    path: oneOf(...DOWNLOAD_PATHS),
    concurrency: num,
    requestTimeoutMs: num,
    segmentTimeoutMs: nullable(num),
    segmentBytes: nullable(num)
  })
);
var uploadRequest = obj({
  id: num,
  method: str,
  part: nullable(str),
  startMs: num,
  bodySentMs: nullable(num),
  responseMs: nullable(num),
  endMs: nullable(num),
  status: nullable(num),
  sentBytes: num,
  outcome: oneOf(...TRANSFER_REQUEST_OUTCOMES),
  points: arr(pair(num, num))
});
var uploadTimeline = transferTimeline(
  uploadRequest,
  obj({
    path: oneOf(...UPLOAD_PATHS),
    concurrency: num,
    chunkBytes: num,
    singleShotBytes: nullable(num),
    requestTimeoutMs: nullable(num),
    maxTries: num
  })
);
var uploadVerdict = obj({
  limit: oneOf(...TRANSFER_LIMIT_KINDS),
  sentence: str,
  stalls: arr(
    obj({
      kind: oneOf(...UPLOAD_STALL_KINDS),
      requestId: num,
      startMs: num,
      durationMs: num,
      atBytes: num,
      wholeUploadMs: num,
      toolkit: str,
      endedByTimeout: bool
    })
  ),
  evidence: arr(str),
  whatIf: arr(obj({ change: oneOf(...TRANSFER_WHAT_IF_CHANGES), uploadLowerBoundMs: num, sentence: str }))
});
var phaseName = oneOf(...PHASES);
var phase = obj({
  name: phaseName,
  startMs: num,
  endMs: num,
  start: snapshot,
  end: snapshot,
  "networkBytes?": nullable(num),
  "progress?": arr(pair(num, num)),
  "downloadTimeline?": downloadTimeline
});
var device = obj({
  name: str,
  devNumber: str,
  roles: arr(oneOf("restore-path", "archive-temp")),
  chain: arr(str),
  "model?": str,
  "rotational?": bool,
  "scheduler?": str,
  "queueDepth?": num,
  "sizeBytes?": num,
  primary: bool,
  "topFor?": arr(oneOf("restore-path", "archive-temp")),
  "restorePaths?": arr(str),
  "kind?": oneOf(...BLOCK_DEVICE_KINDS),
  "below?": arr(str),
  "primaryBecause?": str
});
var fileSystem = obj({
  path: str,
  mountPoint: str,
  fsType: str,
  mountOptions: str,
  source: str,
  "totalBytes?": num,
  "freeBytes?": num,
  "resolution?": obj({ method: oneOf(...RESOLUTION_METHODS), detail: str, "devNumber?": str })
});
var context = obj({
  os: str,
  "kernel?": str,
  arch: str,
  "cpuModel?": str,
  cpuCount: num,
  memoryBytes: num,
  "virtualization?": str,
  "noBlockDeviceReason?": str,
  fileSystems: arr(fileSystem),
  "dirtyBytesLimit?": num,
  "dirtyBackgroundBytesLimit?": num,
  "dirtyRatio?": num,
  "dirtyBackgroundRatio?": num,
  nodeVersion: str,
  "dirtyAtStartBytes?": num,
  "writebackAtStartBytes?": num,
  "cgroup?": obj({
    version: oneOf(1, 2),
    path: str,
    cpuQuotaCores: nullable(num),
    cpuPeriodUs: nullable(num),
    "cpuQuotaPath?": str,
    cpusetCpus: nullable(num),
    memoryLimitBytes: nullable(num),
    ioLimits: arr(obj({ device: str, "readBytesPerSecond?": num, "writeBytesPerSecond?": num, "readIops?": num, "writeIops?": num })),
    "notRead?": arr(str)
  }),
  "otherProfiles?": arr(obj({ label: str, pid: num, during: arr(oneOf(...SHARED_PHASES)), theirPhases: arr(oneOf(...SHARED_PHASES)) })),
  "machineDirectory?": obj({ path: str, sharedWithOtherUsers: bool, reason: str })
});
var anatomy = obj({
  compressedBytes: num,
  extractedBytes: num,
  entries: num,
  files: num,
  directories: num,
  symlinks: num,
  hardlinks: num,
  other: num,
  sizeHistogram: arr(obj({ maxBytes: nullable(num), label: str, files: num, bytes: num })),
  compression: str,
  "error?": str
});
var restore = nullable(
  obj({
    cacheHit: bool,
    matchedKey: nullable(str),
    exactMatch: bool,
    keysTried: arr(str),
    paths: arr(str),
    serviceVersion: oneOf("v1", "v2"),
    compressionMethod: str,
    archiveBytes: nullable(num),
    restoreMs: num,
    wallMs: num,
    "error?": obj({ phase: phaseName, message: str }),
    "anatomy?": anatomy,
    "skipped?": obj({ reason: oneOf(...RESTORE_SKIP_REASONS), message: str })
  })
);
var probe = obj({
  name: oneOf(...PROBE_NAMES),
  direction: oneOf("read", "write"),
  blockSizeBytes: num,
  ioDepth: num,
  jobs: num,
  bytesPerSecond: num,
  iops: num,
  latencyNs: obj({ mean: num, p50: nullable(num), p99: nullable(num) }),
  runtimeMs: num,
  wallMs: num,
  steadyState: nullable(obj({ criterion: str, attained: bool })),
  "error?": str,
  "fioIos?": num,
  "deviceCounts?": obj({ device: str, durationMs: num, requests: num, merges: num, sectors: num }),
  "cutShortAtMs?": num
});
var probes = nullable(
  obj({
    status: oneOf(...STAGE_STATUSES),
    "reason?": str,
    "fioVersion?": str,
    "fioInstall?": obj({ method: str, durationMs: num, "failed?": bool }),
    "directory?": str,
    "deviceName?": str,
    "deviceBecause?": str,
    "fileSizeBytes?": num,
    "budgetMs?": num,
    wallMs: num,
    "startMs?": num,
    probes: arr(probe)
  })
);
var bottleneck = oneOf(...BOTTLENECKS);
var evidence = obj({ id: str, text: str, value: nullable(num), unit: str, "threshold?": num, supports: bool });
var verdict = nullable(
  obj({
    bottleneck,
    sentence: str,
    "decision?": obj({
      rule: oneOf(...RESTORE_RULES),
      carriers: arr(obj({ phase: phaseName, share: num })),
      whatIf: nullable(oneOf(...RESOURCES)),
      outweighed: nullable(phaseName),
      device: nullable(str)
    }),
    phases: arr(obj({ phase: phaseName, bottleneck, sentence: str, evidence: arr(evidence), "durationMs?": num })),
    "stepMs?": num,
    "untilOnDiskMs?": num,
    "about?": oneOf(...RESTORE_SPANS),
    "phase?": phaseName,
    whatIf: arr(
      obj({
        resource: oneOf(...RESOURCES),
        speedup: num,
        restoreLowerBoundMs: num,
        "restoreUpperBoundMs?": nullable(num),
        "restoreMs?": num,
        "savingAtMostMs?": num,
        "savingAtLeastMs?": nullable(num),
        "measured?": bool,
        "about?": oneOf(...RESTORE_SPANS),
        "half?": obj({ kind: oneOf(...HALF_RULE_KINDS), spanMs: num, ranAtCeilingShare: nullable(num), ownShare: num }),
        sentence: str
      })
    ),
    "devices?": arr(obj({ device: str, paths: arr(str), writtenBytes: num, primary: bool, verdict: oneOf(...DEVICE_VERDICTS), sentence: str })),
    "attribution?": obj({
      ownWrittenBytes: nullable(num),
      ownCancelledBytes: nullable(num),
      deviceWrittenBytes: nullable(num),
      otherWriterBytes: nullable(num),
      sentences: arr(str)
    }),
    "download?": obj({
      limit: oneOf(...TRANSFER_LIMIT_KINDS),
      sentence: str,
      stalls: arr(
        obj({
          kind: oneOf(...DOWNLOAD_STALL_KINDS),
          requestId: num,
          startMs: num,
          durationMs: num,
          atBytes: num,
          wholeDownloadMs: num,
          toolkit: str,
          "endedByTimeout?": bool,
          "segmentTimeoutToCutMs?": nullable(num),
          "normalSegmentMs?": nullable(num)
        })
      ),
      evidence: arr(str),
      whatIf: arr(obj({ change: oneOf(...TRANSFER_WHAT_IF_CHANGES), downloadLowerBoundMs: num, sentence: str }))
    }),
    "leads?": oneOf("download-stall")
  })
);
var fileSystemSync = obj({ mountPoint: str, durationMs: num, returned: bool });
var saveBottleneck = oneOf(...BOTTLENECKS);
var save = obj({
  status: oneOf(...SAVE_STATUSES),
  "reason?": str,
  key: str,
  paths: arr(str),
  serviceVersion: oneOf("v1", "v2"),
  compressionMethod: str,
  matchedPaths: arr(str),
  archiveBytes: nullable(num),
  cacheId: nullable(num),
  compressionThreads: nullable(num),
  phases: arr(
    obj({
      name: oneOf(...SAVE_PHASES),
      startMs: num,
      endMs: num,
      start: snapshot,
      end: snapshot,
      "networkBytes?": nullable(num),
      "uploadTimeline?": uploadTimeline
    })
  ),
  saveMs: num,
  wallMs: num,
  "startedAt?": str,
  devices: arr(device),
  samples: obj({ intervalMs: num, keptEvery: num, snapshots: arr(snapshot, 3) }),
  "error?": obj({ phase: oneOf(...SAVE_PHASES), message: str }),
  verdict: nullable(
    obj({
      bottleneck: saveBottleneck,
      sentence: str,
      phases: arr(obj({ phase: oneOf(...SAVE_PHASES), bottleneck: saveBottleneck, sentence: str, evidence: arr(str) })),
      "upload?": uploadVerdict
    })
  )
});
var parallelRefetch = (v, p, e) => {
  if (typeof v === "object" && v !== null && "skipped" in v) return obj({ skipped: str })(v, p, e);
  obj({ concurrency: num, baselineConcurrency: num, durationMs: num, baselineDurationMs: num })(v, p, e);
};
var fixesMeasuredOn = obj({ runId: str, runAttempt: str, measuredAt: str, fingerprintId: str, cacheKey: str });
var numOrStr = (v, p, e) => {
  if (typeof v !== "string" && (typeof v !== "number" || !Number.isFinite(v))) e.push(`${p}: expected a number or a string, got ${describe(v)}`);
};
var fixMemory = obj({
  reason: oneOf(...FIX_MEMORY_REASONS),
  remembered: nullable(fixesMeasuredOn),
  compared: nullable(obj({ measured: numOrStr, now: numOrStr, limit: num })),
  "missing?": str
});
var spreadShape = obj({ median: num, min: num, max: num, runs: num, spreadPercent: num });
var alternative = oneOf(...ALTERNATIVES);
var experiments = obj({
  status: oneOf(...STAGE_STATUSES),
  "reason?": str,
  budgetMs: num,
  wallMs: num,
  "startMs?": num,
  refetch: nullable(obj({ durationMs: num, bytes: num, where: str, inRam: bool, "parallel?": parallelRefetch })),
  outcomes: arr(
    obj({
      alternative,
      mountPoint: nullable(str),
      timeMs: spreadShape,
      writebackLeftMs: nullable(spreadShape),
      "cpuMs?": nullable(spreadShape),
      savingMs: nullable(num),
      savingShare: nullable(num),
      apply: str,
      "fix?": obj({
        kind: oneOf(...WORKFLOW_FIX_KINDS),
        yaml: nullable(str),
        placement: nullable(str),
        misplaced: nullable(str),
        note: nullable(str),
        paths: arr(str)
      }),
      failedRuns: num
    })
  ),
  runs: arr(obj({ alternative, mountPoint: nullable(str), stepMs: num, syncMs: num, untilOnDiskMs: num, "cpuMs?": nullable(num), "error?": str })),
  skipped: arr(
    obj({
      alternative,
      mountPoint: nullable(str),
      reason: oneOf(...SKIP_REASONS),
      detail: str,
      "permission?": obj({ operation: oneOf(...PRIVILEGED_OPERATIONS), lacks: arr(oneOf(...PRIVILEGE_LACKS)) })
    })
  ),
  "pageCachePrediction?": nullable(obj({ stepMs: num, basis: obj({ comm: str, cores: num, extractMs: num }) })),
  fixBest: obj({ alternative: oneOf(...ALTERNATIVES, "none"), mountPoint: nullable(str), savingMs: nullable(num) }),
  "measuredOn?": fixesMeasuredOn
});
var diskFingerprint = obj({
  name: str,
  kind: oneOf(...DISK_KINDS),
  "model?": str,
  "vendor?": str,
  "rotational?": bool,
  "logicalBlockBytes?": num,
  "physicalBlockBytes?": num,
  "queueDepth?": num,
  "scheduler?": str,
  "sizeBytes?": num,
  "stackedOn?": arr(str),
  "dmName?": str
});
var scalar = (v, p, e) => {
  if (v !== null && !["string", "number", "boolean"].includes(typeof v)) e.push(`${p}: expected a string, number, boolean or null, got ${describe(v)}`);
};
var recordOf = (c) => (v, p, e) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    e.push(`${p}: expected an object, got ${describe(v)}`);
    return;
  }
  for (const [k, x] of Object.entries(v)) c(x, `${p}.${k}`, e);
};
var fingerprint = obj({
  id: str,
  "cpuModel?": str,
  vcpus: num,
  memoryBytes: num,
  "sysVendor?": str,
  "productName?": str,
  "hypervisor?": str,
  "kernel?": str,
  disks: arr(diskFingerprint),
  fileSystem: nullable(obj({ mountPoint: str, fsType: str, source: str, "data?": str, "commitSeconds?": num, "barrier?": bool, options: str })),
  otherLocalDisk: nullable(obj({ mountPoint: str, source: str, fsType: str })),
  "cgroupLimits?": recordOf(scalar)
});
var ceilingsSource = obj({
  kind: oneOf("this-run", "remembered", "none"),
  "runId?": str,
  "runAttempt?": str,
  "probedAt?": str,
  "fingerprintId?": str,
  "cacheKey?": str,
  sentence: str
});
var autoDecision = obj({ run: bool, reason: str });
var percentiles = nullable(obj({ p50: num, p90: num, runs: num }));
var history = obj({
  label: str,
  keyPrefix: str,
  restoredKey: nullable(str),
  startedNew: bool,
  earlierRuns: num,
  groups: arr(obj({ fingerprintId: str, hardware: str, runs: num, restoreMs: percentiles, untilDurableMs: percentiles })),
  regressions: arr(obj({ metric: oneOf("restore", "until-durable"), thisMs: num, p90Ms: num, comparedRuns: num })),
  saved: nullable(obj({ ok: bool, key: str, "reason?": str })),
  notes: arr(str)
});
var profile = obj({
  schemaVersion: oneOf(...SUPPORTED_SCHEMA_VERSIONS),
  tool: obj({ name: oneOf("disk-profiler"), version: str }),
  label: str,
  createdAt: str,
  config: obj({}),
  context,
  devices: arr(device),
  restore,
  phases: arr(phase),
  // Snapshots are many; report only the first few bad ones.
  samples: obj({ intervalMs: num, keptEvery: num, snapshots: arr(snapshot, 3) }),
  probes,
  verdict,
  warnings: arr(str),
  "preflush?": nullable(
    obj({
      owedBeforeBytes: nullable(num),
      owedAfterBytes: nullable(num),
      deviceWrittenBytes: nullable(num),
      durationMs: num,
      syncs: arr(fileSystemSync)
    })
  ),
  "writebackTail?": nullable(obj({ syncs: arr(fileSystemSync), complete: bool })),
  "provenance?": obj({
    command: str,
    scenario: str,
    about: str,
    settings: obj({}),
    machine: str,
    "intervention?": obj({ plainOnDiskMs: arr(num), relaxedOnDiskMs: obj({}) })
  }),
  "save?": save,
  "experiments?": experiments,
  "fingerprint?": fingerprint,
  "ceilingsSource?": ceilingsSource,
  "auto?": obj({ "probes?": autoDecision, "experiments?": obj({ run: bool, reason: str, "memory?": fixMemory }) }),
  "history?": history
});
function experimentsErrors(value) {
  const errors = [];
  experiments(value, "experiments", errors);
  return errors;
}
function profileErrors(value) {
  const errors = [];
  if (typeof value === "object" && value !== null && "schemaVersion" in value) {
    const v = value.schemaVersion;
    if (!SUPPORTED_SCHEMA_VERSIONS.includes(v)) {
      return [`schemaVersion: ${describe(v)} is not supported; this disk-profiler reads schema version ${SUPPORTED_SCHEMA_VERSIONS.join(", ")}`];
    }
  }
  profile(upgraded(value), "", errors);
  return errors;
}
function upgraded(value) {
  if (typeof value !== "object" || value === null || value.schemaVersion !== 1) return value;
  return { ...value, verdict: null };
}
var MAX_LISTED = 10;
function validateProfile(value) {
  const errors = profileErrors(value);
  if (errors.length === 0) return upgraded(value);
  const listed = errors.slice(0, MAX_LISTED).join("; ");
  const more = errors.length > MAX_LISTED ? ` (and ${errors.length - MAX_LISTED} more)` : "";
  throw new ProfilerError(
    `${errors.length} invalid field${errors.length === 1 ? "" : "s"}: ${listed}${more}.`,
    "Pass a profile JSON written by disk-profiler (the profile-path output or the uploaded artifact), unmodified."
  );
}

// src/judge/auto-rules.ts
var seconds3 = (ms) => `${(ms / 1e3).toFixed(ms < 1e4 ? 2 : 1)} s`;
var ABOVE_CEILING_FACTOR = 1.5;
var MIN_RATE_PHASE_MS = 500;
function restoreRates(phases) {
  let rates = null;
  for (const p of phases) {
    const a = p.start.disks[0];
    const b = p.end.disks[0];
    const seconds4 = (p.endMs - p.startMs) / 1e3;
    if (!a || !b || p.endMs - p.startMs < MIN_RATE_PHASE_MS) continue;
    const r = {
      writeBytesPerSecond: (b.sectorsWritten - a.sectorsWritten) * 512 / seconds4,
      writeIops: (b.writesCompleted - a.writesCompleted) / seconds4,
      readBytesPerSecond: (b.sectorsRead - a.sectorsRead) * 512 / seconds4,
      readIops: (b.readsCompleted - a.readsCompleted) / seconds4
    };
    rates = rates ? {
      writeBytesPerSecond: Math.max(rates.writeBytesPerSecond, r.writeBytesPerSecond),
      writeIops: Math.max(rates.writeIops, r.writeIops),
      readBytesPerSecond: Math.max(rates.readBytesPerSecond, r.readBytesPerSecond),
      readIops: Math.max(rates.readIops, r.readIops)
    } : r;
  }
  return rates;
}
function ranAboveCeilings(rates, probes2) {
  if (!rates) return null;
  const ceiling = (name) => probes2.find((p) => p.name === name && !p.error && p.iops > 0);
  const checks = [
    [rates.writeBytesPerSecond, ceiling("seq-write")?.bytesPerSecond, "MiB/s written"],
    [rates.readBytesPerSecond, ceiling("seq-read")?.bytesPerSecond, "MiB/s read"],
    [rates.writeIops, ceiling("rand-write")?.iops, "writes/s"],
    [rates.readIops, ceiling("rand-read")?.iops, "reads/s"]
  ];
  for (const [measured, remembered, unit] of checks) {
    if (remembered === void 0 || measured <= remembered * ABOVE_CEILING_FACTOR) continue;
    const bytes2 = unit.startsWith("MiB");
    const fmt = (v) => bytes2 ? (v / MiB).toFixed(0) : v.toFixed(0);
    return `the restore ran at ${fmt(measured)} ${unit}, above the remembered ceiling of ${fmt(remembered)}`;
  }
  return null;
}
function decideProbes(input) {
  const r = input.remembered;
  if ("missing" in r) return { run: true, reason: `probes: auto probed because no ceilings are remembered for this hardware (${r.missing})` };
  if (!r.probes.some((p) => !p.error && p.iops > 0))
    return { run: true, reason: `probes: auto probed because the remembered entry of run ${r.runId} holds no usable ceiling` };
  const ageMs = input.nowMs - Date.parse(r.probedAt);
  const days2 = (ms) => `${(ms / 864e5).toFixed(ms < 864e5 ? 1 : 0)} days`;
  if (!Number.isFinite(ageMs) || ageMs > input.maxAgeMs) {
    return {
      run: true,
      reason: `probes: auto probed because the remembered ceilings (run ${r.runId}) are ${Number.isFinite(ageMs) ? days2(ageMs) : "of unknown age"} old, over ceilings-max-age-days (${days2(input.maxAgeMs)})`
    };
  }
  const above = ranAboveCeilings(input.rates, r.probes);
  if (above) return { run: true, reason: `probes: auto probed because ${above} (run ${r.runId})` };
  return {
    run: false,
    reason: `probes: auto used the ceilings remembered from run ${r.runId} (probed ${r.probedAt.slice(0, 10)}, same hardware fingerprint); the restore stayed under them`
  };
}
var EXPERIMENTS_FOR = {
  "disk-bandwidth": ["ram", "other-disk", "page-cache"],
  "disk-iops": ["ram", "other-disk", "page-cache"],
  cpu: ["decompress", "ram"],
  network: []
};
var AUTO_EXPERIMENTS_MIN_RESTORE_MS = 1e4;
var FIX_SHAPE_BAND = 0.25;
var FIX_TIME_FACTOR = ABOVE_CEILING_FACTOR;
var FIX_MAX_AGE_MS = 7 * 864e5;
var outsideBand = (then, now, band) => Math.abs(now - then) > band * then;
function fixMemory2(remembered, now) {
  if ("missing" in remembered) return { reason: "none-remembered", remembered: null, compared: null, missing: remembered.missing };
  const on = remembered.measuredOn;
  const measure = (reason, measured, nowValue, limit) => ({
    reason,
    remembered: on,
    compared: { measured, now: nowValue, limit }
  });
  if (on.fingerprintId !== now.fingerprintId) return measure("hardware-changed", on.fingerprintId, now.fingerprintId, 0);
  const measuredAtMs = Date.parse(on.measuredAt);
  if (!Number.isFinite(measuredAtMs) || now.nowMs - measuredAtMs > FIX_MAX_AGE_MS) return measure("stale", measuredAtMs, now.nowMs, FIX_MAX_AGE_MS);
  if (now.archiveBytes !== null && outsideBand(remembered.archiveBytes, now.archiveBytes, FIX_SHAPE_BAND))
    return measure("size-changed", remembered.archiveBytes, now.archiveBytes, FIX_SHAPE_BAND);
  if (now.files !== null && remembered.files !== null && outsideBand(remembered.files, now.files, FIX_SHAPE_BAND))
    return measure("files-changed", remembered.files, now.files, FIX_SHAPE_BAND);
  if (remembered.bottleneck !== now.bottleneck) return measure("verdict-changed", remembered.bottleneck, now.bottleneck, 0);
  const ratio2 = now.untilDurableMs / remembered.untilDurableMs;
  if (!(ratio2 <= FIX_TIME_FACTOR && ratio2 >= 1 / FIX_TIME_FACTOR))
    return measure("time-outside", remembered.untilDurableMs, now.untilDurableMs, FIX_TIME_FACTOR);
  const unmeasured = now.experiments.filter((e) => !remembered.experiments.includes(e));
  if (unmeasured.length > 0) return measure("not-measured", remembered.experiments.join(", "), unmeasured.join(", "), 0);
  return { reason: "fresh", remembered: on, compared: null };
}
function decideExperiments(input) {
  const b = input.bottleneck;
  const skip = (reason) => ({ run: false, reason: `experiments: auto skipped them: ${reason}`, experiments: [] });
  if (b === null || b === "inconclusive") return skip("the verdict names no resource, so no fix can be aimed at one");
  if (b === "none") return skip("the verdict names no bottleneck, so there is nothing to fix");
  const wanted = EXPERIMENTS_FOR[b].filter((e) => input.allowed.includes(e));
  if (wanted.length === 0) {
    return skip(
      b === "network" ? "the verdict names the network, which none of them changes (they extract the same archive again)" : `none of the allowed experiments changes ${b}`
    );
  }
  if (input.untilDurableMs === null) return skip("the restore did not complete, so there is no time a fix could save");
  if (input.untilDurableMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS) {
    return skip(
      `the restore took ${seconds3(input.untilDurableMs)} until its files were on disk, under ${seconds3(AUTO_EXPERIMENTS_MIN_RESTORE_MS)}: a fix would save less than the experiments cost`
    );
  }
  const chose = {
    run: true,
    reason: `experiments: auto chose ${wanted.join(", ")}: the verdict names ${b} and the restore took ${seconds3(input.untilDurableMs)} until on disk`,
    experiments: wanted
  };
  if (!input.remembered || !input.run) return chose;
  const memory = fixMemory2(input.remembered, { ...input.run, bottleneck: b, untilDurableMs: input.untilDurableMs, experiments: wanted });
  return memory.reason === "fresh" ? { ...chose, run: false, experiments: [], memory } : { ...chose, memory };
}

// src/report/fix-memory.ts
var day = (iso) => iso.slice(0, 16).replace("T", " ");
var days = (ms) => `${(ms / 864e5).toFixed(ms < 864e5 ? 1 : 0)} days`;
function measuredOnWords(on) {
  return `on run ${on.runId}${on.runAttempt !== "1" ? ` (attempt ${on.runAttempt})` : ""} (${day(on.measuredAt)} UTC)`;
}
function fixMemoryWords(m) {
  const run = m.remembered ? `run ${m.remembered.runId}` : "no run";
  const c = m.compared;
  const num2 = (v) => typeof v === "number" ? v : Number.NaN;
  switch (m.reason) {
    case "fresh":
      return `the same hardware, a cache within ${percent(FIX_SHAPE_BAND)} of its size and file count, the same verdict and a time until on disk within ${FIX_TIME_FACTOR}\xD7 of its; measured again after ${days(FIX_MAX_AGE_MS)} or when one of these changes`;
    case "none-remembered":
      return `no measured fix is remembered for this hardware and cache (${m.missing ?? "none found"})`;
    case "stale":
      return `the fixes of ${run} are ${Number.isFinite(num2(c?.measured)) ? days(num2(c?.now) - num2(c?.measured)) : "of unknown age"} old, over ${days(num2(c?.limit))}`;
    case "hardware-changed":
      return `the fixes remembered for this cache were measured by ${run} on other hardware (fingerprint ${c?.measured}, this run ${c?.now})`;
    case "size-changed":
      return `the archive is ${bytes(num2(c?.now))}, more than ${percent(num2(c?.limit))} from the ${bytes(num2(c?.measured))} ${run} measured the fixes with`;
    case "files-changed":
      return `the cache holds ${formatNumber(num2(c?.now))} files, more than ${percent(num2(c?.limit))} from the ${formatNumber(num2(c?.measured))} ${run} measured the fixes with`;
    case "verdict-changed":
      return `the verdict names ${c?.now}, where ${run} measured the fixes for ${c?.measured}`;
    case "time-outside":
      return `the restore took ${seconds(num2(c?.now))} until on disk, outside ${num2(c?.limit)}\xD7 of the ${seconds(num2(c?.measured))} ${run} measured the fixes at`;
    case "not-measured":
      return `${run} did not measure ${c?.now} (it measured ${c?.measured})`;
  }
}
function autoExperimentsReason(d) {
  if (!d.memory) return d.reason;
  if (d.memory.reason === "fresh")
    return `experiments: auto reused the fixes measured ${d.memory.remembered ? measuredOnWords(d.memory.remembered) : "by an earlier run"}: ${fixMemoryWords(d.memory)}`;
  return `${d.reason}; measured because ${fixMemoryWords(d.memory)}`;
}

// src/history/history.ts
var HISTORY_MAX_RUNS = 100;
var REGRESSION_MIN_RUNS = 5;
var SIMILAR_SIZE_FACTOR = 1.25;
function quantile(values, q) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const h = (xs.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return xs[lo] + (h - lo) * (xs[hi] - xs[lo]);
}
function percentiles2(values) {
  const xs = values.filter((v) => typeof v === "number" && Number.isFinite(v));
  const p50 = quantile(xs, 0.5);
  const p90 = quantile(xs, 0.9);
  return p50 === null || p90 === null ? null : { p50, p90, runs: xs.length };
}
function groupsOf(runs, first) {
  const byId = /* @__PURE__ */ new Map();
  for (const r of runs) byId.set(r.fingerprintId, [...byId.get(r.fingerprintId) ?? [], r]);
  const groups = [...byId.entries()].map(([fingerprintId, rs]) => ({
    fingerprintId,
    hardware: rs[rs.length - 1]?.hardware ?? "",
    runs: rs.length,
    restoreMs: percentiles2(rs.map((r) => r.restoreMs)),
    untilDurableMs: percentiles2(rs.map((r) => r.untilDurableMs))
  }));
  return groups.sort((a, b) => Number(b.fingerprintId === first) - Number(a.fingerprintId === first) || b.runs - a.runs);
}
function similarSize(a, b) {
  if (a === null || b === null || a <= 0 || b <= 0) return a === b;
  return Math.max(a, b) / Math.min(a, b) <= SIMILAR_SIZE_FACTOR;
}
function regressionsOf(current, earlier) {
  const comparable = earlier.filter((r) => r.fingerprintId === current.fingerprintId && similarSize(r.archiveBytes, current.archiveBytes));
  const out = [];
  const check = (metric, pick2) => {
    const now = pick2(current);
    const past = comparable.map(pick2).filter((v) => v !== null);
    if (now === null || past.length < REGRESSION_MIN_RUNS) return;
    const p90 = quantile(past, 0.9);
    if (now > p90) out.push({ metric, thisMs: now, p90Ms: p90, comparedRuns: past.length });
  };
  check("restore", (r) => r.restoreMs);
  check("until-durable", (r) => r.untilDurableMs);
  return out;
}
function appendRun(earlier, current) {
  return [...earlier, current].slice(-HISTORY_MAX_RUNS);
}
function historyRunOf(p) {
  const { lookup, download, extract, writeback } = p.phasesMs;
  const restoreMs = p.restoreOk && lookup !== null && download !== null && extract !== null ? lookup + download + extract : null;
  return {
    runId: p.runId,
    runAttempt: p.runAttempt,
    createdAt: p.createdAt,
    fingerprintId: p.fingerprintId,
    hardware: p.hardware,
    phasesMs: p.phasesMs,
    restoreMs,
    untilDurableMs: restoreMs === null ? null : restoreMs + (writeback ?? 0),
    archiveBytes: p.archiveBytes,
    bottleneck: p.bottleneck,
    ceilings: p.ceilings
  };
}

// src/judge/transfer-stats.ts
var median2 = (xs) => median(xs) ?? 0;
var quantile2 = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
function bytesAt(t2, tMs) {
  let b = 0;
  for (const [at, total] of t2.samples) {
    if (at > tMs) break;
    b = total;
  }
  return b;
}
function flatWithin(t2, from, to) {
  let flat = 0;
  const s = t2.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i];
    const [b, bb] = s[i + 1];
    const flatEnd = bb === ba ? b : b - t2.intervalMs;
    const lo = Math.max(a, from);
    const hi = Math.min(flatEnd, to);
    if (hi > lo && (bb === ba || b - a > 1.5 * t2.intervalMs)) flat += hi - lo;
  }
  return flat;
}
function flowingMs(t2) {
  let flowing = 0;
  const s = t2.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i];
    const [b, bb] = s[i + 1];
    if (bb <= ba || b <= a) continue;
    flowing += Math.min(b - a, t2.intervalMs * 1.5);
  }
  return flowing;
}
function inFlightMean(t2) {
  let area = 0;
  const s = t2.samples;
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
  const inBody = (t2) => all.filter((g) => g.fromMs <= t2 && (g.toMs ?? endMs) > t2).length;
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
  let num2 = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num2 += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den > 0 ? { elasticity: 1 + num2 / den, fewest, most } : null;
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
    const spread2 = f.waits.length > 0 && fastest > 0 ? quantile2(f.waits, 0.9) / fastest : null;
    if (spread2 !== null && spread2 <= STORE_SPREAD) return { limit: "latency", why: words.latency(f.waitShare, median2(f.waits)) };
    return {
      limit: "store",
      why: `the store was slow to answer: requests spent ${percent(f.waitShare)} of their time ${words.storeWaits} from ${seconds(fastest)} to ${seconds(quantile2(f.waits, 0.9))} (90th percentile), not one round trip`
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
function settleStall(found, stalls, leads, sentenceOf, interruptions2, evidence2) {
  let { limit, why } = found;
  const worst = stalls[0];
  if (worst !== void 0 && leads) {
    evidence2.push(`apart from the stall: ${why}`);
    limit = "stall";
    why = sentenceOf(worst);
  }
  for (const s of stalls.slice(limit === "stall" ? 1 : 0)) evidence2.push(sentenceOf(s));
  evidence2.push(...interruptions2);
  return { limit, sentence: `${capitalised(why)}.` };
}

// src/judge/transfer-verdict.ts
var duration = (r, endMs) => (r.endMs ?? endMs) - r.startMs;
function retryOf(data, failed, intervalMs, samePart) {
  return data.find((g) => g.id > failed.id && g.startMs >= (failed.endMs ?? 0) - intervalMs && samePart(failed, g));
}
function findStalls(rules, t2) {
  const data = t2.requests.filter((r) => rules.carriesData(r));
  const minMs = Math.max(STALL_MIN_MS, STALL_MIN_INTERVALS * t2.intervalMs);
  const stalls = [];
  const make = (request, kind, startMs, durationMs) => rules.stall(
    {
      request,
      kind,
      startMs,
      durationMs,
      atBytes: bytesAt(t2, startMs + t2.intervalMs / 2),
      wholeMs: flatWithin(t2, startMs, startMs + durationMs)
    },
    t2
  );
  for (const r of data) {
    const best = rules.quietStretch(r, t2);
    if (best && best[1] >= minMs) stalls.push(make(r, "body", best[0] - t2.intervalMs / 2, best[1]));
  }
  const waits = data.map((r) => rules.waitMs(r)).filter((x) => x !== null);
  const typicalWait = median2(waits);
  const typicalDuration = median2(data.map((r) => duration(r, t2.endMs)));
  const retryKind = rules.retryKind;
  if (retryKind !== null) {
    for (const r of data) {
      const failedMs = r.endMs;
      if (r.outcome !== "error" && r.outcome !== "aborted" || failedMs === null) continue;
      const retry = retryOf(data, r, t2.intervalMs, rules.samePart);
      const waitedMs = (retry?.startMs ?? t2.endMs) - failedMs;
      if (waitedMs >= minMs) stalls.push(make(r, retryKind, failedMs, waitedMs));
    }
  }
  for (const r of data) {
    if (stalls.some((s) => s.requestId === r.id)) continue;
    const held = rules.heldWait(r, t2);
    if (held !== null && data.length >= 3 && held.ms >= minMs && held.ms >= SLOW_REQUEST_FACTOR * typicalWait) {
      stalls.push(make(r, rules.waitKind, held.fromMs, held.ms));
      continue;
    }
    const d = duration(r, t2.endMs);
    if (data.length >= 3 && d >= minMs && d >= SLOW_REQUEST_FACTOR * typicalDuration) stalls.push(make(r, "slow", r.startMs, d - typicalDuration));
  }
  return stalls.sort((a, b) => b.durationMs - a.durationMs);
}
function stallSentence(rules, s, t2, archiveBytes) {
  const wholeMs = rules.wholeMs(s);
  const whole = wholeMs >= 0.5 * s.durationMs ? `, the whole ${rules.noun} stopped for ${seconds(wholeMs)} of it` : "";
  return `the ${rules.noun} stalled for ${seconds(s.durationMs)} (${rules.stallWhat(s)}, ${seconds(Math.max(0, s.startMs - t2.startMs))} into it ${stallPlace(s, archiveBytes)}${whole}): ${s.toolkit}`;
}
function interruptions(rules, t2) {
  const data = t2.requests.filter((r) => rules.carriesData(r));
  return data.filter((r) => r.outcome === "aborted" || r.outcome === "error").map((r) => rules.interruption(r, retryOf(data, r, t2.intervalMs, rules.samePart), t2));
}
function endedByTimeout(outcome, durationMs, requestTimeoutMs, intervalMs) {
  return outcome !== "complete" && requestTimeoutMs !== null && durationMs >= requestTimeoutMs - 2 * intervalMs;
}
function judgeTransfer(rules, t2, archiveBytes) {
  const D = Math.max(1, t2.endMs - t2.startMs);
  const data = t2.requests.filter((r) => rules.carriesData(r));
  const total = t2.samples[t2.samples.length - 1]?.[1] ?? 0;
  const rate2 = (archiveBytes ?? total) / (D / 1e3);
  const stalls = findStalls(rules, t2);
  const waits = data.map((r) => rules.waitMs(r)).filter((x) => x !== null);
  const waitSum = waits.reduce((a, b) => a + b, 0);
  const waitShare = waitSum / Math.max(
    1,
    data.reduce((s, r) => s + duration(r, t2.endMs), 0)
  );
  const meanInFlight = Math.max(1, inFlightMean(t2));
  const fixedWait = waits.length > 0 ? Math.min(...waits) : 0;
  const body = (r) => rules.body(r, fixedWait);
  const flowingMs2 = rules.flowingMs(t2, data.map(body), stalls, D);
  const evidence2 = rules.evidence(t2, { data, totalBytes: total, durationMs: D, bytesPerSecond: rate2, meanInFlight, flowingMs: flowingMs2, waitShare, waits });
  const stalled = new Set(stalls.map((x) => x.requestId));
  const bodied = data.filter((r) => rules.hasBody(r));
  const elastic = rateElasticity(
    bodied.filter((r) => !stalled.has(r.id) && r.outcome === "complete" && rules.answered(r)).map(body),
    bodied.map(body),
    t2.endMs
  );
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence2.push(elasticityEvidence(elastic, rules.verb));
  const carrier = carrierEvidence(t2.interfaces, rules.counter, total, D, { verb: rules.verb, noun: rules.noun });
  if (carrier) evidence2.push(carrier);
  const { limit, why } = transferLimit(
    { waitShare, waits, elasticity, requests: data.length, bytesPerSecond: rate2, meanInFlight },
    rules.limitWords(meanInFlight, rate2)
  );
  const worst = stalls[0];
  const cost = worst ? rules.stallCost(
    worst,
    limit,
    meanInFlight,
    t2.requests.find((r) => r.id === worst.requestId)
  ) : null;
  const whatIf = transferWhatIfs(rules, t2, limit, D, flowingMs2, waitSum, meanInFlight, worst, cost?.lostMs ?? 0);
  const settled = settleStall(
    { limit, why },
    stalls,
    worst !== void 0 && cost !== null && cost.weighedMs >= STALL_VERDICT_SHARE * D,
    (s) => stallSentence(rules, s, t2, archiveBytes),
    interruptions(rules, t2),
    evidence2
  );
  return { ...settled, stalls, evidence: evidence2, whatIf };
}
function transferWhatIfs(rules, t2, limit, D, flowingMs2, waitSum, meanInFlight, worst, lostMs) {
  const out = [];
  const halfFlow = Math.max(0, D - Math.min(D, flowingMs2) / 2);
  const say = (change, lower, phrase) => {
    const { ms, sentence } = transferBound(rules.noun, D, lower, phrase);
    out.push(rules.whatIf(change, ms, sentence));
  };
  say("twice-per-connection", limit === "per-connection" || limit === "bandwidth" ? halfFlow : D, "With twice the rate per connection");
  say("twice-aggregate", limit === "path" || limit === "bandwidth" ? halfFlow : D, "With twice the aggregate rate (a wider path)");
  say("half-round-trip", D - rules.aloneWaitMs(t2) / 2 - waitSum / (2 * meanInFlight), "With half the round trip");
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
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  SHARED_PHASES,
  PROBE_NAMES,
  ALTERNATIVES,
  EXPERIMENT_NAMES,
  PRIVILEGED_OPERATIONS,
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
  MIN_BINDING_WINDOWS,
  FAR_BELOW_CEILING_SHARE,
  IOPS_PROBE_BANDWIDTH_BOUND,
  SMALL_REQUEST_KIB,
  PROCESS_FULL_CORE,
  MIN_SEEN_MS,
  CPU_PRESSURE_HIGH,
  OWN_CPU_WAIT_SHARE,
  CHILD_CPU_WORKING_CORE,
  CHILD_CPU_IDLE_CORE,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  NO_PROBE_IO_PRESSURE,
  NO_PROBE_UTIL_PERCENT,
  NO_PROBE_QUEUE_SIZE,
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
  FEW_MERGES_SHARE,
  PROBE_SPLIT_SHARE,
  PROBE_SAME_RATE_TOLERANCE,
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
  experimentsErrors,
  validateProfile,
  restoreRates,
  decideProbes,
  EXPERIMENTS_FOR,
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  decideExperiments,
  measuredOnWords,
  autoExperimentsReason,
  quantile,
  groupsOf,
  regressionsOf,
  appendRun,
  historyRunOf,
  median2,
  flowingMs,
  longestQuiet,
  stallPlace,
  endedByTimeout,
  judgeTransfer,
  PHASE_NOUN,
  VERDICT_PHASE_NOUN,
  RESOURCE_NOUN,
  HEADLINE_RESOURCE_NOUN,
  limitedBy,
  BOTTLENECK_LABEL,
  WHAT_IF_PHRASE,
  SECOND_LIMIT_WORDS,
  cell,
  table,
  details,
  escapeHtml,
  fixed,
  denseTable,
  xyChartInit,
  verdictChart,
  supportingCharts,
  downloadSection,
  renderSaveSection
};
