import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  describeFingerprint
} from "./chunk-WM2BKT75.js";
import {
  cgroupDirtyScale,
  deviceIndexFor,
  endedByTimeout,
  flowingMs,
  judgeTransfer,
  longestQuiet,
  phaseFacts,
  processCores,
  quotaFloorMs,
  quotaOf,
  requestsAndTiming,
  snapshotFacts,
  tailDeviceIndex
} from "./chunk-OD2XKONF.js";
import {
  NOTHING_JUDGED_RULES,
  PHASE_RULE_TABLES,
  RESTORE_RULES,
  escapeHtml,
  isExactKeyMatch,
  table
} from "./chunk-HDZVFZKP.js";
import {
  sameTarget
} from "./chunk-3V4773W6.js";
import {
  median
} from "./chunk-G25BJ2M5.js";
import {
  diskMetrics
} from "./chunk-JYT2JN4Z.js";
import {
  ALTERNATIVES,
  DISK_RESOURCES,
  RESOURCES,
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  isDiskResource
} from "./chunk-SGXIA4GN.js";
import {
  sayVerdict
} from "./chunk-YUP7TFMP.js";
import {
  bytes,
  capitalised,
  formatNumber,
  iops,
  mibPerSecond,
  percent,
  seconds,
  utcMinute
} from "./chunk-QNSZTROI.js";
import {
  ABOVE_CEILING_SHARE,
  ABSORBED_SHARE,
  CEILING_WINDOW_MS,
  CHILD_CPU_IDLE_CORE,
  CHILD_CPU_WORKING_CORE,
  CPU_PRESSURE_HIGH,
  DIRTY_THROTTLE_SHARE,
  FAR_BELOW_CEILING_SHARE,
  FEW_MERGES_SHARE,
  GiB,
  HALF_RULE_BELOW_SHARE,
  IDLE_UTIL_PERCENT,
  IOPS_PROBE_BANDWIDTH_BOUND,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  KiB,
  LOW_QUEUE_DEPTH,
  METADATA_OVERHEAD_SHARE,
  MINOR_PHASE_SHARE,
  MIN_BINDING_WINDOWS,
  MIN_SAVING_SHARE,
  MIN_SEEN_MS,
  MiB,
  NEAR_CEILING_SHARE,
  NO_PROBE_IO_PRESSURE,
  NO_PROBE_QUEUE_SIZE,
  NO_PROBE_UTIL_PERCENT,
  OTHER_WRITER_MIN_BYTES,
  OTHER_WRITER_RATIO,
  OWN_CPU_WAIT_SHARE,
  PROBE_SAME_RATE_TOLERANCE,
  PROBE_SPLIT_SHARE,
  PROCESS_FULL_CORE,
  QD1_RATE_SHARE,
  QUOTA_FULL_SHARE,
  RAISED_SHARE,
  SMALL_REQUEST_KIB,
  STEADY_RATE_SHARE,
  STEADY_WINDOW_MS,
  SUSTAINED_RATE_MS,
  THROTTLED_MIN_PERIODS,
  THROTTLED_PERIODS_SHARE,
  TIMEOUT_MARGIN,
  TIME_AT_CEILING_SHARE,
  WHAT_IF_SPEEDUP,
  WRITEBACK_TAIL_SHARE,
  worthChanging,
  wroteAlmostNothingEarly
} from "./chunk-YRJ6SEFO.js";

// src/judge/download-rules.ts
var ttfb = (r) => r.firstByteMs === null ? null : r.firstByteMs - r.startMs;
var isGet = (r) => r.method === "GET";
function segmentTimeoutToCut(stallEndMs, segmentStartMs) {
  return Math.max(1e3, stallEndMs - segmentStartMs - 500);
}
function normalSegmentMs(t, stallMs = 0) {
  const received = t.samples.at(-1)?.[1] ?? 0;
  const durationMs = t.endMs - t.startMs - stallMs;
  if (!t.limits.segmentBytes || received <= 0 || durationMs <= 0) return null;
  return Math.min(t.limits.segmentBytes, received) / received * durationMs;
}
function segmentTimeoutIsSafe(timeoutMs, normalMs) {
  return normalMs !== null && timeoutMs >= TIMEOUT_MARGIN * normalMs;
}
function toolkitOnStall(limits, kind, durationMs, endedIt, segmentTimeoutToCutMs, normalMs) {
  const reached = endedIt || durationMs >= limits.requestTimeoutMs;
  if (limits.path === "http-stream") return { kind: "plain-socket-timeout", timeoutMs: limits.requestTimeoutMs, reached };
  if (limits.path === "http-concurrent") return { kind: "concurrent-part-retry", timeoutMs: limits.requestTimeoutMs, reached };
  if (kind === "first-byte") return { kind: "sdk-header-retry", timeoutMs: limits.requestTimeoutMs, reached };
  const segmentTimeoutMs = limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  const cutMs = segmentTimeoutToCutMs ?? segmentTimeoutMs;
  return {
    kind: "sdk-segment-timeout",
    tryTimeoutMs: limits.requestTimeoutMs,
    segmentTimeoutMs,
    cutMs,
    safe: segmentTimeoutIsSafe(cutMs, normalMs),
    normalSegmentMs: normalMs,
    segmentBytes: limits.segmentBytes
  };
}
function segmentStart(t, r) {
  const size = t.limits.segmentBytes;
  const offset = (x) => Number(/bytes=(\d+)-/.exec(x.range ?? "")?.[1] ?? Number.NaN);
  const own = offset(r);
  if (!size || !Number.isFinite(own)) return t.startMs;
  const segment = Math.floor(own / size);
  const starts = t.requests.filter((x) => x.method === "GET" && Math.floor(offset(x) / size) === segment).map((x) => x.startMs);
  return starts.length > 0 ? Math.min(...starts) : t.startMs;
}
var rangeEnd = (r) => /bytes=\d+-(\d+)/.exec(r.range ?? "")?.[1] ?? null;
var downloadRules = {
  direction: "download",
  counter: "rxBytes",
  carriesData: isGet,
  waitMs: ttfb,
  // Mid-body: the longest stretch between points after the first byte with no growth (to the close, for a request cut while idle).
  quietStretch: (r) => longestQuiet(
    r.points.filter(([, b]) => b > 0),
    r.endMs !== null && r.outcome !== "complete" ? r.endMs : null
  ),
  retryKind: null,
  heldWait: (r, t) => ({ fromMs: r.startMs, ms: ttfb(r) ?? (r.endMs ?? t.endMs) - r.startMs }),
  waitKind: "first-byte",
  stall: ({ request: r, kind, startMs, durationMs, atBytes, wholeMs }, t) => {
    const endedByTimeout2 = endedByTimeout(r.outcome, durationMs, t.limits.requestTimeoutMs, t.intervalMs);
    const sdkBody = t.limits.path === "azure-sdk" && kind !== "first-byte";
    const segmentTimeoutToCutMs = sdkBody ? segmentTimeoutToCut(startMs + durationMs, segmentStart(t, r)) : null;
    const normalMs = sdkBody ? normalSegmentMs(t, durationMs) : null;
    return {
      kind,
      requestId: r.id,
      startMs,
      durationMs,
      atBytes,
      wholeDownloadMs: wholeMs,
      facts: { toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout2, segmentTimeoutToCutMs, normalMs) },
      endedByTimeout: endedByTimeout2,
      segmentTimeoutToCutMs,
      ...sdkBody ? { normalSegmentMs: normalMs } : {}
    };
  },
  hasBody: (r) => r.firstByteMs !== null,
  answered: () => true,
  body: (r) => ({ fromMs: r.firstByteMs, toMs: r.endMs, bytes: r.receivedBytes }),
  flowingMs: (t) => flowingMs(t),
  evidence: (t, f) => requestsAndTiming(f, t.limits, { chunkBytes: null, singleShotBytes: null }),
  // Under a shared cap the other requests take the held one's share while they run: the time nothing
  // flowed is lost, and at most the held request's share (one of those in flight) of the rest. With a cap
  // per connection (or one connection) the held request's whole stall is. The stall leads the verdict by
  // its length.
  stallCost: (worst, limit, meanInFlight) => {
    const shared = limit === "path" || limit === "bandwidth" && meanInFlight > 1.5;
    const lostMs = shared ? worst.wholeDownloadMs + (worst.durationMs - worst.wholeDownloadMs) / meanInFlight : worst.durationMs;
    return { lostMs, weighedMs: worst.durationMs };
  },
  // A request alone in flight (the SDK's HEAD before its ranges) saves half its whole wait.
  aloneWaitMs: (t) => t.requests.filter((r) => !isGet(r)).reduce((s, r) => s + (ttfb(r) ?? 0), 0),
  whatIf: (change, downloadLowerBoundMs, facts) => ({ change, downloadLowerBoundMs, facts }),
  samePart: (failed, later) => rangeEnd(later) !== null && rangeEnd(later) === rangeEnd(failed),
  interruption: (r, retry, t) => ({
    kind: "interruption",
    requestId: r.id,
    outcome: r.outcome,
    part: r.range,
    bytes: r.receivedBytes,
    atMs: Math.max(0, (r.endMs ?? r.startMs) - t.startMs),
    retry: retry ? { requestId: retry.id, part: retry.range, afterMs: Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)) } : null,
    sdkGaveUp: !retry && t.limits.path === "azure-sdk" && r.outcome === "aborted"
  })
};
function judgeDownload(t, archiveBytes) {
  return judgeTransfer(downloadRules, t, archiveBytes);
}

// src/judge/segment-pauses.ts
var MIN_PAUSE_MS = 300;
function gaps(t, endMs) {
  const gets = t.requests.filter((r) => r.method === "GET").sort((a, b) => a.startMs - b.startMs);
  const out = [];
  let openUntil = null;
  for (const r of gets) {
    if (openUntil !== null && r.startMs - openUntil >= MIN_PAUSE_MS) out.push({ startMs: openUntil, endMs: r.startMs });
    openUntil = Math.max(openUntil ?? r.startMs, r.endMs ?? endMs);
  }
  if (openUntil !== null && endMs - openUntil >= MIN_PAUSE_MS) out.push({ startMs: openUntil, endMs });
  return out;
}
function writeRate(series, device, fromMs, toMs) {
  const before = series.filter((s) => s.tMs <= fromMs).at(-1);
  const after = series.find((s) => s.tMs >= toMs);
  const a = before?.disks[device];
  const b = after?.disks[device];
  if (!before || !after || !a || !b || after.tMs <= before.tMs) return null;
  return (b.sectorsWritten - a.sectorsWritten) * 512 * 1e3 / (after.tMs - before.tMs);
}
function segmentPauses(t, phase, ceilings) {
  if (t.limits.path !== "azure-sdk" || !t.limits.segmentBytes) return [];
  const ceiling = ceilings.seqWriteBytesPerSecond;
  return gaps(t, phase.endMs).map((g) => {
    const rate = phase.deviceIndex === null ? null : writeRate(phase.series, phase.deviceIndex, g.startMs, g.endMs);
    const atCeiling = rate !== null && ceiling !== null && ceiling > 0 && rate >= TIME_AT_CEILING_SHARE * ceiling;
    return { startMs: g.startMs, durationMs: g.endMs - g.startMs, owner: atCeiling ? "disk" : "toolkit", diskBytesPerSecond: rate };
  });
}
function pausesEvidence(pauses, downloadMs) {
  if (pauses.length === 0) return null;
  const disk = pauses.filter((p2) => p2.owner === "disk");
  const sum = (ps) => ps.reduce((s, p2) => s + p2.durationMs, 0);
  return { kind: "pauses", count: pauses.length, totalMs: sum(pauses), diskCount: disk.length, diskMs: sum(disk), downloadMs };
}

// src/judge/download-in-verdict.ts
function stallLead(stall, archiveBytes, limits) {
  const known = { archiveBytes, requestTimeoutMs: limits.requestTimeoutMs };
  if (limits.path === "http-stream") return { ...known, cut: "socket-timeout", segmentTimeout: null };
  if (limits.path === "http-concurrent" || stall.kind === "first-byte") return { ...known, cut: "request-timeout", segmentTimeout: null };
  const inForceMs = limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  const cutMs = stall.segmentTimeoutToCutMs ?? inForceMs;
  const safe = segmentTimeoutIsSafe(cutMs, stall.normalSegmentMs ?? null);
  return { ...known, cut: safe ? "segment-timeout" : "no-safe-segment-timeout", segmentTimeout: { cutMs, inForceMs } };
}
function stallLeads(stall, verdict, restoreFailed) {
  if (restoreFailed && stall.endedByTimeout === true) return true;
  const phases = verdict.phases.map((p2) => ({ phase: p2.phase, ms: p2.durationMs ?? 0 }));
  const totalMs = verdict.untilOnDiskMs ?? phases.reduce((s, p2) => s + p2.ms, 0);
  if (!worthChanging(stall.durationMs, totalMs)) return false;
  return phases.every((p2) => stall.durationMs >= (p2.phase === "download" ? p2.ms - stall.durationMs : p2.ms));
}
function withDownloadVerdict(profile, verdict, pauses = []) {
  const phase = profile.phases.find((p2) => p2.name === "download");
  const timeline = phase?.downloadTimeline;
  if (!phase || !timeline) return verdict;
  const archiveBytes = phase.networkBytes ?? profile.restore?.archiveBytes ?? null;
  const judged = judgeDownload(timeline, archiveBytes);
  const paused = pausesEvidence(pauses, phase.endMs - phase.startMs);
  const download = paused ? { ...judged, facts: { ...judged.facts, evidence: [...judged.facts.evidence, paused] } } : judged;
  const stall = download.limit === "stall" ? download.stalls[0] : void 0;
  if (!stall || !stallLeads(stall, verdict, profile.restore?.error != null)) return { ...verdict, download };
  const stalled = stallLead(stall, archiveBytes, timeline.limits);
  return { ...verdict, ...verdict.decision ? { decision: { ...verdict.decision, stall: stalled } } : {}, download, leads: "download-stall" };
}

// src/judge/restore-rules.ts
var TESTS = {
  "no-restore": (x) => !x.profile.restore,
  "restore-failed": (x) => !x.profile.restore?.cacheHit && x.profile.restore?.error != null,
  "restore-skipped": (x) => x.profile.restore?.skipped != null,
  "cache-miss": (x) => x.profile.restore?.cacheHit === false,
  "no-phase": (x) => x.judged().length === 0,
  "unpinned-phase": (x) => {
    const c = x.choice();
    return c.blind !== null && c.hiddenMs > (c.best?.savingAtMostMs ?? 0) && c.hiddenMs >= MIN_SAVING_SHARE * c.totalMs;
  },
  "best-what-if": (x) => {
    const c = x.choice();
    return c.best !== null && (c.best.savingAtMostMs ?? 0) >= MIN_SAVING_SHARE * c.totalMs;
  },
  "longest-phase": () => true
};
function restoreRule(x) {
  const rule = RESTORE_RULES.find((r) => TESTS[r](x));
  return rule ?? "longest-phase";
}
function verdictCarriers(phases, bottleneck) {
  if (phases.length === 0) return [];
  const totalMs = phases.reduce((s, p2) => s + p2.durationMs, 0);
  const onIt = phases.filter((p2) => p2.bottleneck === bottleneck);
  const major = onIt.filter((p2) => totalMs > 0 && p2.durationMs >= MINOR_PHASE_SHARE * totalMs);
  const longest = phases.reduce((a, b) => b.durationMs > a.durationMs ? b : a);
  const carriers = major.length > 0 ? major : onIt.length > 0 ? onIt : [longest];
  return carriers.map((p2) => ({ phase: p2.phase, share: totalMs > 0 ? p2.durationMs / totalMs : 0 }));
}

// src/judge/attribution.ts
function earlierSteps(profile) {
  const p2 = profile.preflush;
  return p2 ? { deviceWrittenBytes: p2.deviceWrittenBytes, durationMs: p2.durationMs, owedBeforeBytes: p2.owedBeforeBytes } : null;
}
function otherWriterBytes(ownBytes, deviceBytes) {
  return deviceBytes > OTHER_WRITER_RATIO * ownBytes + OTHER_WRITER_MIN_BYTES ? deviceBytes - ownBytes : null;
}
function archiveWrittenBytes(download, extract) {
  const dirtied = download?.ownIo?.writeBytes;
  const dropped = extract?.ownIo?.cancelledWriteBytes;
  if (!download || !extract || download.deviceIndex !== extract.deviceIndex || dirtied == null || dropped == null) return 0;
  return Math.max(0, dirtied - dropped);
}
function diskWritesKind(other, beyondOwnShare) {
  if (other !== null) return "another-writer";
  if (beyondOwnShare > METADATA_OVERHEAD_SHARE) return "likely-another-writer";
  return beyondOwnShare > 0.01 ? "metadata-or-another" : "own";
}
function attribute(x) {
  const ownWrittenBytes = x.extract?.ownIo?.writeBytes ?? null;
  const ownCancelledBytes = x.extract?.ownIo?.cancelledWriteBytes ?? null;
  const deviceWrittenBytes = x.extract?.disk || x.tail?.disk ? (x.extract?.disk?.writtenBytes ?? 0) + (x.tail?.disk?.writtenBytes ?? 0) : null;
  const archiveBytes = x.download?.ownIo?.writeBytes ?? null;
  const archiveDeleted = archiveBytes !== null && ownCancelledBytes !== null && archiveBytes > 0 ? { writtenBytes: archiveBytes, cancelledBytes: ownCancelledBytes } : null;
  let other = null;
  let diskWrites = null;
  if (ownWrittenBytes !== null && deviceWrittenBytes !== null) {
    const archiveWritten = archiveWrittenBytes(x.download, x.extract);
    const own = ownWrittenBytes + archiveWritten;
    other = otherWriterBytes(own, deviceWrittenBytes);
    const beyondOwnShare = own > 0 ? (deviceWrittenBytes - own) / own : 0;
    diskWrites = {
      kind: diskWritesKind(other, beyondOwnShare),
      tarBytes: ownWrittenBytes,
      archiveBytes: archiveWritten,
      ownBytes: own,
      deviceBytes: deviceWrittenBytes,
      beyondOwnBytes: deviceWrittenBytes - own,
      beyondOwnShare
    };
  }
  return {
    ownWrittenBytes,
    ownCancelledBytes,
    deviceWrittenBytes,
    otherWriterBytes: other,
    facts: { earlierSteps: earlierSteps(x.profile), archiveDeleted, diskWrites }
  };
}

// src/judge/probe-caps.ts
function probeCounted(p2) {
  const c = p2?.deviceCounts;
  if (!p2 || !c || p2.error || !(p2.bytesPerSecond > 0) || c.requests <= 0 || c.sectors <= 0) return null;
  const bios = c.requests + c.merges;
  const bytes2 = c.sectors * 512;
  const bioBytes = bytes2 / bios;
  const requestBytes = bytes2 / c.requests;
  return {
    name: p2.name,
    device: c.device,
    blockSizeBytes: p2.blockSizeBytes,
    biosPerSecond: p2.bytesPerSecond / bioBytes,
    requestsPerSecond: p2.bytesPerSecond / requestBytes,
    bioBytes,
    requestBytes,
    merges: c.merges,
    bytesPerSecond: p2.bytesPerSecond,
    biosPerFioIo: p2.blockSizeBytes / bioBytes
  };
}
var rateClose = (a, b) => b > 0 && Math.abs(a / b - 1) <= PROBE_SAME_RATE_TOLERANCE;
function seqWriteMetIops(profile, cap = null) {
  const probes2 = profile.probes?.probes ?? [];
  const seqProbe = probes2.find((p2) => p2.name === "seq-write");
  const seq = probeCounted(seqProbe);
  if (!seqProbe || !seq || seq.bioBytes > PROBE_SPLIT_SHARE * seq.blockSizeBytes) return null;
  const rand = probeCounted(probes2.find((p2) => p2.name === "rand-write"));
  if (rand && rand.device === seq.device && seq.bioBytes <= rand.bioBytes * (1 + PROBE_SAME_RATE_TOLERANCE)) {
    const count = rateClose(seq.biosPerSecond, rand.biosPerSecond) ? "bios" : rateClose(seq.requestsPerSecond, rand.requestsPerSecond) ? "requests" : null;
    if (count) return { seq, seqBytesPerSecond: seqProbe.bytesPerSecond, by: "random-probe", rand, count };
  }
  const met = capMetBy(seq, cap);
  if (met?.cap === "writeIops" && cap?.writeIops) return { seq, seqBytesPerSecond: seqProbe.bytesPerSecond, by: "iops-cap", capIops: cap.writeIops };
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

// src/judge/ceilings.ts
function usable(profile, name) {
  const p2 = profile.probes?.probes.find((x) => x.name === name);
  return p2 && !p2.error && p2.bytesPerSecond > 0 && p2.iops > 0 ? p2 : null;
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
  const probed2 = profile.probes?.deviceName;
  if (!probed2 || deviceIndex === null) return ceilings;
  const device = profile.devices[deviceIndex];
  return !device || device.name === probed2 ? ceilings : NO_CEILINGS;
}

// src/judge/cgroup-io.ts
function capsOnDevice(profile, deviceIndex) {
  const limits = profile.context.cgroup?.ioLimits ?? [];
  const device = deviceIndex === null ? void 0 : profile.devices[deviceIndex];
  if (!device || limits.length === 0) return null;
  const bioBased = device.kind === "dm" || device.kind === "md";
  const below = bioBased ? (device.below ?? []).flatMap((n) => profile.devices.find((d) => d.name === n)?.devNumber ?? []) : [];
  const numbers = /* @__PURE__ */ new Set([device.devNumber, ...below]);
  const matching = limits.filter((l) => numbers.has(l.device));
  if (matching.length === 0) return null;
  const min = (f) => {
    const values = matching.flatMap((l) => l[f] !== void 0 && l[f] > 0 ? [l[f]] : []);
    return values.length > 0 ? Math.min(...values) : void 0;
  };
  const out = { device: device.devNumber };
  for (const f of ["writeBytesPerSecond", "writeIops", "readBytesPerSecond", "readIops"]) {
    const v = min(f);
    if (v !== void 0) out[f] = v;
  }
  return Object.keys(out).length > 1 ? out : null;
}
function capsRead(profile) {
  const g = profile.context.cgroup;
  return g !== void 0 && g !== null && !(g.notRead ?? []).some((n) => n.startsWith("I/O caps"));
}
var CAP_FIELD = {
  seqWriteBytesPerSecond: "writeBytesPerSecond",
  randWriteIops: "writeIops",
  seqReadBytesPerSecond: "readBytesPerSecond",
  randReadIops: "readIops"
};
var capFileOf = (profile) => profile.context.cgroup?.version === 2 ? "io.max" : "blkio";
function ceilingsForDevice(profile, ceilings, deviceIndex) {
  return withCgroupCaps(profile, ceilingsOnDevice(profile, ceilings, deviceIndex), deviceIndex);
}
function withCgroupCaps(profile, ceilings, deviceIndex) {
  const cap = capsOnDevice(profile, deviceIndex);
  if (!cap) return capsRead(profile) && deviceIndex !== null ? { ...ceilings, noCgroupIoCap: true } : ceilings;
  const out = { ...ceilings, from: { ...ceilings.from } };
  const probedHere = deviceIndex !== null && profile.devices[deviceIndex]?.name === profile.probes?.deviceName;
  const byCap = !probedHere || ceilings.seqWriteMetIops || ceilings.seqWriteBytesPerSecond === null ? null : seqWriteMetIops(profile, cap);
  if (byCap) {
    out.seqWriteMetIops = byCap;
    out.seqWriteBytesPerSecond = null;
  }
  const capFile = capFileOf(profile);
  const set = (kind, facts) => {
    out.from = { ...out.from, [kind]: { cap: facts.kind !== "fio-below-cap", facts } };
  };
  for (const kind of Object.keys(CAP_FIELD)) {
    const value = cap[CAP_FIELD[kind]];
    if (value === void 0) continue;
    const probed2 = out[kind];
    if (kind === "randWriteIops") out.writeBiosCap = value;
    const capped = { ceiling: kind, capFile, device: cap.device, capValue: value };
    const metIops = kind === "seqWriteBytesPerSecond" ? out.seqWriteMetIops : void 0;
    if (metIops) {
      out[kind] = value;
      set(kind, { ...capped, kind: "cap-seq-met-iops", iopsCap: cap.writeIops ?? null, seqBytesPerSecond: metIops.seqBytesPerSecond });
      continue;
    }
    if (probed2 !== null && probed2 <= value) {
      set(kind, { ...capped, kind: "fio-below-cap", probed: probed2 });
      continue;
    }
    out[kind] = value;
    set(kind, { ...capped, kind: "cap", probed: probed2 });
    if (kind === "randWriteIops") out.randWriteCountsBios = true;
  }
  return out;
}

// src/judge/evidence.ts
function candidate(id, facts, value, unit, favours, threshold) {
  const evidence = { id, facts, value: value === null ? null : round(value), unit };
  if (threshold !== void 0) evidence.threshold = threshold;
  return { evidence, favours };
}
function settle(candidates, verdict) {
  return candidates.map((c) => ({ ...c.evidence, supports: c.favours.includes(verdict) }));
}
function round(n) {
  return Number.isFinite(n) ? Number(n.toPrecision(4)) : n;
}

// src/judge/quota-evidence.ts
function quotaCandidates(facts) {
  const g = facts.cgroupCpu;
  if (!g || g.quotaCores === null) return { bound: false, candidates: [] };
  const c = [];
  const usageShare = g.usageCores === null ? null : g.usageCores / g.quotaCores;
  const atQuota = usageShare !== null && usageShare >= QUOTA_FULL_SHARE;
  const throttled = g.throttledShare !== null && g.periods >= THROTTLED_MIN_PERIODS && g.throttledShare >= THROTTLED_PERIODS_SHARE;
  if (usageShare !== null) {
    c.push(
      candidate(
        "cgroup-quota-usage",
        { kind: "cgroup-quota-usage", usageCores: g.usageCores ?? 0, usageShare, quotaCores: g.quotaCores },
        usageShare,
        "share",
        atQuota ? ["cpu"] : [],
        QUOTA_FULL_SHARE
      )
    );
  }
  if (g.throttledShare !== null) {
    c.push(
      candidate(
        "cgroup-throttled",
        { kind: "cgroup-throttled", throttledShare: g.throttledShare, periods: g.periods, throttledMs: g.throttledMs },
        g.throttledShare,
        "share",
        throttled ? ["cpu"] : [],
        THROTTLED_PERIODS_SHARE
      )
    );
  }
  return { bound: atQuota || throttled, candidates: c };
}

// src/judge/cpu-load.ts
var NOT_CPU = ["disk-bandwidth", "disk-iops", "network", "none"];
function extractionCpu(facts, dirtyPeakShare = null) {
  const c = [];
  const p2 = facts.busiestProcess;
  let processSaturated = false;
  const full = PROCESS_FULL_CORE * facts.cpuReach.cores;
  if (p2) {
    const judged = judgedCores(p2, full);
    processSaturated = judged >= full;
    c.push(
      candidate(
        "busiest-process-cores",
        { kind: "busiest-process", process: processCores(p2), quotaCores: facts.cpuReach.quotaCores },
        judged,
        "cores",
        processSaturated ? ["cpu"] : NOT_CPU,
        full
      )
    );
  } else if (facts.childCores !== null) {
    processSaturated = facts.childCores >= full;
    c.push(
      candidate(
        "child-cpu-cores",
        { kind: "tar-and-zstd", cores: facts.childCores, perProcessRecorded: false },
        facts.childCores,
        "cores",
        processSaturated ? ["cpu"] : [],
        full
      )
    );
  }
  if (p2 && facts.childCores !== null) {
    c.push(candidate("child-cpu-cores", { kind: "tar-and-zstd", cores: facts.childCores, perProcessRecorded: true }, facts.childCores, "cores", []));
  }
  const working = facts.childCores !== null && facts.childCores >= CHILD_CPU_WORKING_CORE;
  const pressed = facts.pressure.cpuSome !== null && facts.pressure.cpuSome >= CPU_PRESSURE_HIGH;
  const heldByWriteback = dirtyPeakShare !== null && dirtyPeakShare >= DIRTY_THROTTLE_SHARE && facts.pressure.ioSome !== null && facts.pressure.ioSome >= IO_PRESSURE_HIGH;
  const own = ownWait(facts, heldByWriteback);
  const otherLoad2 = own !== null && pressed && !own.reached ? { cpuSome: facts.pressure.cpuSome ?? 0, ownAtMostShare: own.atMostShare } : null;
  const wantedCpu = working || (own?.waited ?? false);
  if (own !== null) c.push(own.candidate(wantedCpu && !heldByWriteback));
  if (facts.pressure.cpuSome !== null) {
    c.push(
      candidate(
        "cpu-pressure-some",
        {
          kind: "cpu-pressure-some",
          cpuSomeShare: facts.pressure.cpuSome,
          heldByWriteback,
          ownAtMostShare: own === null ? null : own.atMostShare,
          otherLoad: otherLoad2 !== null
        },
        facts.pressure.cpuSome,
        "share",
        pressed && working && !heldByWriteback && otherLoad2 === null ? ["cpu"] : [],
        CPU_PRESSURE_HIGH
      )
    );
  }
  const pipelineSaturated = !processSaturated && p2 !== null && facts.cpuReach.quotaCores === null && facts.childCores !== null && facts.childCores >= full;
  if (pipelineSaturated) {
    c.push(
      candidate(
        "pipeline-cores",
        { kind: "pipeline-cores", cores: facts.childCores ?? 0, quotaCores: facts.cpuReach.quotaCores },
        facts.childCores,
        "cores",
        ["cpu"],
        full
      )
    );
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return {
    processSaturated,
    pipelineSaturated,
    // A wait is seen only once it ends, so the recorded one is a range: where only its upper end reaches the
    // threshold, the pair's working CPU and the machine's pressure decide (the lab's 30 % quota once read 26–34 %).
    starved: !heldByWriteback && (own !== null ? own.waited || own.reached && working && pressed : working && pressed),
    otherLoad: otherLoad2,
    quotaBound: quota.bound,
    measured: p2 !== null || facts.childCores !== null || quota.bound,
    candidates: c
  };
}
function ownWait(facts, heldByWriteback) {
  const w = facts.ownCpuWait;
  if (w === null || facts.durationMs <= 0) return null;
  const share = w.atLeastMs / facts.durationMs;
  const atMostShare = Math.min(1, w.atMostMs / facts.durationMs);
  const waited = share >= OWN_CPU_WAIT_SHARE;
  return {
    waited,
    /** The wait's upper end reaches the threshold: below it (not reached) the restore's own processes were not what the CPU pressure held. */
    reached: atMostShare >= OWN_CPU_WAIT_SHARE,
    atMostShare,
    candidate: (argues) => candidate(
      "own-cpu-wait",
      { kind: "own-cpu-wait", comm: w.comm, waitMs: w.atLeastMs, share, atMostShare, heldByWriteback: waited && heldByWriteback },
      share,
      "share",
      waited && argues ? ["cpu"] : [],
      OWN_CPU_WAIT_SHARE
    )
  };
}
function judgedCores(p2, full = PROCESS_FULL_CORE) {
  const whileSeen = p2.coresWhileSeen ?? 0;
  const atMost = p2.coresAtMost ?? p2.cores;
  if (p2.cores >= full || (p2.seenMs ?? 0) < MIN_SEEN_MS || whileSeen < full || atMost < full) return p2.cores;
  return Math.min(whileSeen, atMost);
}
function downloadCpu(facts) {
  const c = [];
  const b = facts.selfCoresBounds;
  const full = PROCESS_FULL_CORE * facts.cpuReach.cores;
  const saturated = b !== null && b.atLeast >= full;
  const measured = b !== null && (saturated || b.atMost < full);
  if (b !== null && measured) {
    c.push(
      candidate(
        "download-process-cores",
        { kind: "download-process-cores", cores: b, quotaCores: facts.cpuReach.quotaCores },
        saturated ? b.atLeast : b.atMost,
        "cores",
        saturated ? ["cpu"] : NOT_CPU,
        full
      )
    );
  } else if (b !== null) {
    c.push(candidate("download-process-cores", { kind: "download-cpu-too-few-ticks", cores: b, durationMs: facts.durationMs }, null, "cores", []));
  } else {
    c.push(candidate("download-process-cores", { kind: "download-cpu-not-recorded" }, null, "cores", []));
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return { processSaturated: saturated, pipelineSaturated: false, starved: false, otherLoad: null, quotaBound: quota.bound, measured, candidates: c };
}
function machineCandidates(facts, c) {
  if (facts.cpu?.busiestCpu != null) {
    c.push(candidate("busiest-cpu", { kind: "busiest-cpu", busyShare: facts.cpu.busiestCpu }, facts.cpu.busiestCpu, "share", []));
  }
  if (facts.cpu) {
    c.push(candidate("cpu-busy", { kind: "cpu-busy", busyShare: facts.cpu.busy }, facts.cpu.busy, "share", []));
    if (facts.cpu.steal > 0.01) {
      c.push(candidate("cpu-steal", { kind: "cpu-steal", stealShare: facts.cpu.steal }, facts.cpu.steal, "share", ["cpu"]));
    }
  }
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
function writeRate2(a, b, stack, count) {
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
  let sum = 0;
  for (const below of stack.below) {
    const done = delta(a, b, below.index, "writesCompleted");
    if (done === null) return null;
    sum += done;
  }
  return sum / s;
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
    const before = writeRate2(from, to, stack, "before-merge");
    const after = writeRate2(from, to, stack, "after-merge");
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
function iopsCounting(series, stack, ceiling, bandwidthShare, bandwidthCeiling = null, capCountsBios, biosCap, noCgroupIoCap = false) {
  const first = series[0];
  const last = series.at(-1);
  if (!stack || !ceiling || !first || !last || first === last) return null;
  const after = writeRate2(first, last, stack, "after-merge");
  const before = writeRate2(first, last, stack, "before-merge");
  if (after === null || before === null) return null;
  const bioBased = stack.below.length > 0;
  const afterDevice = bioBased ? stack.below.map((b) => b.name).join(" + ") : stack.name;
  const base = { afterMergePerSecond: after, afterMergeDevice: afterDevice, beforeMergePerSecond: before, beforeMergeDevice: stack.name, ceiling, bioBased };
  const pick = (used, reason) => ({ used, ...base, reason });
  if (capCountsBios) return pick("before-merge", { kind: "cap-counts-bios", from: capCountsBios.from });
  if (before - after < FEW_MERGES_SHARE * before) return pick("after-merge", { kind: "few-merges" });
  if (after >= NEAR_CEILING_SHARE * ceiling) return pick("after-merge", { kind: "requests-reached" });
  if (before < NEAR_CEILING_SHARE * ceiling) return pick("after-merge", { kind: "neither-reached" });
  if (biosCap !== void 0 && before >= NEAR_CEILING_SHARE * biosCap) return pick("before-merge", { kind: "bios-at-cgroup-cap", capIops: biosCap });
  const still = steadiness(series, stack, ceiling, bandwidthCeiling);
  const farAbove = before > ABOVE_CEILING_SHARE * ceiling;
  const uncounted = farAbove && noCgroupIoCap && !bioBased;
  if (still && !uncounted && still.bios < still.requests && still.bios < still.bytes)
    return pick("before-merge", { kind: "bios-steadier", aboveProbe: farAbove });
  const why = !still ? "too-few-windows" : uncounted ? "no-cgroup-cap" : (bandwidthShare ?? 0) >= NEAR_CEILING_SHARE ? "bandwidth-explains" : "bios-not-still";
  return pick("after-merge", { kind: "requests-counted", aboveProbe: farAbove, why });
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
      const share = { resource: "disk-iops", direction, rate: requestsPerSecond, ceiling: rand, share: requestsPerSecond / rand };
      if (counted && counted.count !== "after-merge") share.count = counted.count;
      if (randFrom) share.from = randFrom;
      out.push(share);
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
    const counted = stack && count ? writeRate2(from, to, stack, count) : null;
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
function merged(c) {
  return c.beforeMergePerSecond - c.afterMergePerSecond >= FEW_MERGES_SHARE * c.beforeMergePerSecond;
}
function ceilingMovedOf(shares) {
  const above = topOf(shares.filter((s) => s.share > ABOVE_CEILING_SHARE));
  if (!above) return null;
  return {
    resource: above.resource,
    direction: above.direction,
    sustained: above.rate,
    probed: above.ceiling,
    share: above.share,
    figureUsed: "sustained",
    above
  };
}
function diskLoad(facts, ceilings, stack) {
  const d = facts.disk;
  const c = [];
  const write = ceilingsFor(ceilings, "write");
  const bandwidthShare = d && write.seq ? d.writeKiBPerSecond * 1024 / write.seq : null;
  const bios = ceilings.randWriteCountsBios ? { from: write.randFrom ?? null } : void 0;
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
        { kind: "disk-share", share: s },
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
      candidate("write-iops-restates-bandwidth", { kind: "iops-restates-bandwidth", randWriteIops: ceilings.randWriteIops ?? 0 }, null, "", ["disk-bandwidth"])
    );
  }
  if (d && d.writes > 0 && ceilings.seqWriteMetIops) {
    c.push(
      candidate(
        "seq-probe-met-iops",
        {
          kind: "seq-probe-met-iops",
          probe: ceilings.seqWriteMetIops,
          bandwidthCeilingBytesPerSecond: write.seq,
          bandwidthIsCap: write.seqFrom?.cap ?? false
        },
        ceilings.seqWriteMetIops.seq.bioBytes / 1024,
        "KiB",
        []
      )
    );
  }
  if (d && d.writes > 0) {
    c.push(candidate("write-request-size", { kind: "write-request-size", writeRequestKiB: d.writeRequestKiB }, d.writeRequestKiB, "KiB", []));
  }
  if (counting && d && d.writes > 0 && counting.beforeMergePerSecond >= NEAR_CEILING_SHARE * counting.ceiling && merged(counting)) {
    c.push(
      candidate(
        "iops-count",
        { kind: "iops-count", ...counting },
        counting.used === "before-merge" ? counting.beforeMergePerSecond : counting.afterMergePerSecond,
        "requests/s",
        []
      )
    );
  }
  const ceilingMoved = ceilingMovedOf(shares);
  if (ceilingMoved) c.push(candidate("ceiling-moved", { kind: "ceiling-moved", share: ceilingMoved.above }, ceilingMoved.share, "share", []));
  const windows = d ? windowsOf(facts.series, facts.deviceIndex, ceilings, stack, counting?.used) : [];
  const atCeiling = timeAtCeiling(windows);
  const binding = bindingOf(windows);
  for (const r of DISK_RESOURCES) {
    const t = atCeiling[r];
    if (t === null) continue;
    c.push(
      candidate(
        `time-at-${r === "disk-bandwidth" ? "bandwidth" : "iops"}-ceiling`,
        { kind: "time-at-ceiling", resource: r, share: t },
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
        { kind: "device-utilization", utilizationPercent: d.utilizationPercent },
        d.utilizationPercent,
        "%",
        kernelBusy.util ? DISK_FAVOURED : [],
        NO_PROBE_UTIL_PERCENT
      )
    );
    c.push(
      candidate(
        "queue-size",
        { kind: "queue-size", averageQueueSize: d.averageQueueSize },
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
        { kind: "io-pressure-some", ioSomeShare: facts.pressure.ioSome },
        facts.pressure.ioSome,
        "share",
        facts.pressure.ioSome >= IO_PRESSURE_HIGH ? DISK_FAVOURED : NOT_DISK,
        IO_PRESSURE_HIGH
      )
    );
  }
  if (facts.cpu) {
    c.push(candidate("cpu-iowait", { kind: "cpu-iowait", iowaitShare: facts.cpu.iowait }, facts.cpu.iowait, "share", []));
  }
  const top = decide(topOf(shares), shares, binding);
  if (binding && shares.filter((s) => s.share >= NEAR_CEILING_SHARE).map((s) => s.resource).includes(binding === "disk-iops" ? "disk-bandwidth" : "disk-iops")) {
    c.push(candidate("binding-limit", { kind: "binding-limit", binding }, null, "", [binding]));
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

// src/judge/per-device.ts
function perDeviceVerdicts(profile, ceilings) {
  const tops = profile.devices.flatMap((d, i) => d.topFor?.includes("restore-path") ? [i] : []);
  const extract = profile.phases.find((p2) => p2.name === "extract");
  if (tops.length < 2 || !extract) return [];
  const end = profile.phases.find((p2) => p2.name === "writeback")?.end ?? extract.end;
  const inside = profile.samples.snapshots.filter((s) => s.tMs > extract.startMs && s.tMs < end.tMs);
  return tops.map((index) => {
    const device = profile.devices[index];
    const facts = snapshotFacts(extract.start, end, index, inside);
    const onDevice = ceilingsForDevice(profile, ceilings, index);
    const load = diskLoad(facts, onDevice, stackOf(profile, index));
    const written = facts.disk?.writtenBytes ?? 0;
    const probed2 = hasCeilings(onDevice);
    const verdict = probed2 ? diskLimit(load) ?? "none" : "not-probed";
    const paths = device.restorePaths ?? [];
    return {
      device: device.name,
      paths,
      writtenBytes: written,
      primary: device.primary,
      verdict,
      facts: {
        writeBytesPerSecond: facts.disk ? facts.disk.writeKiBPerSecond * 1024 : null,
        utilizationShare: (facts.disk?.utilizationPercent ?? 0) / 100,
        top: load.top,
        ceilingsElsewhere: hasCeilings(ceilings),
        probedDevice: profile.probes?.deviceName ?? null,
        primaryBecause: device.primary ? device.primaryBecause ?? null : null
      }
    };
  });
}

// src/judge/rules.ts
var probes = (x) => hasCeilings(x.ceilings);
var diskFar = (x) => x.disk.top !== null && x.disk.top.share < FAR_BELOW_CEILING_SHARE;
var topShare = (x) => x.disk.top?.share ?? null;
var ioSome = (x) => x.facts.pressure.ioSome ?? 0;
function dirtyLimitBytes(profile) {
  const c = profile.context;
  const scale = cgroupDirtyScale(c);
  if (c.dirtyBytesLimit && c.dirtyBytesLimit > 0) return c.dirtyBytesLimit * scale;
  if (c.dirtyRatio && c.dirtyRatio > 0 && c.memoryBytes > 0) return c.dirtyRatio / 100 * c.memoryBytes * scale;
  return null;
}
function dirtyShare(x) {
  const limit = dirtyLimitBytes(x.profile);
  return limit && x.facts.dirtyPeakBytes !== null ? x.facts.dirtyPeakBytes / limit : null;
}
function diskCeilingFigures(x, resource) {
  const s = shareOf(x.disk, resource);
  const requestKiB = x.facts.disk && s?.direction === "write" && resource === "disk-iops" ? x.facts.disk.writeRequestKiB : null;
  return { resource, share: s, timeAtCeilingShare: x.disk.timeAtCeiling[resource], writeRequestKiB: requestKiB };
}
function kernelOnlyResource(x) {
  const d = x.facts.disk;
  return d !== null && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB ? "disk-iops" : "disk-bandwidth";
}
function kernelFigures(x) {
  const d = x.facts.disk;
  return {
    resource: kernelOnlyResource(x),
    writesPerSecond: d?.writesPerSecond ?? 0,
    writeBytesPerSecond: (d?.writeKiBPerSecond ?? 0) * 1024,
    utilizationPercent: d?.utilizationPercent ?? 0,
    averageQueueSize: d?.averageQueueSize ?? 0,
    ioSomeShare: ioSome(x)
  };
}
function notMeasured(x) {
  const missing = [];
  if (!x.facts.disk) missing.push("disk");
  else if (!probes(x)) missing.push("fio-ceilings");
  if (!x.cpu?.measured) missing.push(x.name === "download" && x.facts.selfCoresBounds !== null ? "cpu-ticks" : "cpu");
  return missing;
}
var diskAtCeiling = {
  id: "disk-at-ceiling",
  apply: (x) => {
    if (!probes(x)) return null;
    const resource = diskLimit(x.disk);
    if (!resource) return null;
    const share = dirtyShare(x);
    const held = x.name === "extract" && share !== null && share >= DIRTY_THROTTLE_SHARE ? share : null;
    return { bottleneck: resource, decision: { rule: "disk-at-ceiling", phase: x.name, disk: diskCeilingFigures(x, resource), dirtyHeldShare: held } };
  }
};
var kernelSaturatedDisk = {
  id: "kernel-saturated-disk",
  apply: (x) => {
    if (probes(x) || !x.disk.kernelSaturated) return null;
    const kernel = kernelFigures(x);
    return { bottleneck: kernel.resource, decision: { rule: "kernel-saturated-disk", phase: x.name, kernel } };
  }
};
var latencyBound = {
  id: "disk-latency",
  apply: (x) => {
    const d = x.facts.disk;
    if (!d || !probes(x) || d.averageQueueSize > LOW_QUEUE_DEPTH || !diskFar(x)) return null;
    const { qd1ReadIops, fsyncWriteIops } = x.ceilings;
    const decided = (latency, perSecond, ceilingPerSecond) => ({
      bottleneck: "disk-iops",
      decision: { rule: "disk-latency", phase: x.name, latency, perSecond, queueSize: d.averageQueueSize, ceilingPerSecond }
    });
    if (qd1ReadIops && d.readsPerSecond >= QD1_RATE_SHARE * qd1ReadIops) return decided("qd1-reads", d.readsPerSecond, qd1ReadIops);
    const flushes = d.flushesPerSecond ?? 0;
    if (fsyncWriteIops && flushes >= QD1_RATE_SHARE * fsyncWriteIops) return decided("flushes", flushes, fsyncWriteIops);
    return null;
  }
};
var cpuProcess = {
  id: "cpu-process",
  apply: (x) => {
    if (!x.cpu?.processSaturated) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : ioSome(x) < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p2 = x.facts.busiestProcess;
    const self = x.facts.selfCoresBounds;
    const selfCores = x.facts.selfCores ?? 0;
    const user = x.name === "download" ? { kind: "download-process", cores: self ?? { atLeast: selfCores, atMost: selfCores } } : p2 ? { kind: "busiest-process", process: processCores(p2) } : { kind: "tar-and-zstd", cores: x.facts.childCores ?? 0 };
    return {
      bottleneck: "cpu",
      decision: { rule: "cpu-process", phase: x.name, user, diskTopShare: topShare(x), ioSomeShare: ioSome(x), quotaCores: x.facts.cpuReach.quotaCores }
    };
  }
};
var cpuQuota = {
  id: "cpu-quota",
  apply: (x) => {
    const g = x.facts.cgroupCpu;
    if (!x.cpu?.quotaBound || !g || g.quotaCores === null) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated;
    if (!calm) return null;
    return {
      bottleneck: "cpu",
      decision: {
        rule: "cpu-quota",
        phase: x.name,
        quotaCores: g.quotaCores,
        usageCores: g.usageCores,
        throttledShare: g.throttledShare,
        throttledMs: g.throttledMs,
        diskTopShare: topShare(x),
        hostCpuCount: x.profile.context.cpuCount
      }
    };
  }
};
var cpuStarved = {
  id: "cpu-starved",
  apply: (x) => {
    if (!x.cpu?.starved || probes(x) && x.disk.top !== null && !diskFar(x)) return null;
    const w = x.facts.ownCpuWait;
    return {
      bottleneck: "cpu",
      decision: {
        rule: "cpu-starved",
        phase: x.name,
        childCores: x.facts.childCores ?? 0,
        cpuSomeShare: x.facts.pressure.cpuSome,
        ownWait: w === null ? null : { comm: w.comm, share: w.atLeastMs / x.facts.durationMs }
      }
    };
  }
};
function biosAtCeiling(x) {
  const c = x.disk.iopsCount;
  if (!c || c.beforeMergePerSecond < NEAR_CEILING_SHARE * c.ceiling) return null;
  return (shareOf(x.disk, "disk-bandwidth")?.share ?? 0) < NEAR_CEILING_SHARE ? c : null;
}
var cpuPipeline = {
  id: "cpu-pipeline",
  apply: (x) => {
    if (!x.cpu?.pipelineSaturated) return null;
    const calm = (probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated) && ioSome(x) < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p2 = x.facts.busiestProcess;
    return {
      bottleneck: "cpu",
      decision: {
        rule: "cpu-pipeline",
        phase: x.name,
        childCores: x.facts.childCores ?? 0,
        busiest: p2 ? processCores(p2) : null,
        diskTopShare: topShare(x),
        ioSomeShare: ioSome(x),
        quotaCores: x.facts.cpuReach.quotaCores
      }
    };
  }
};
var dirtyThrottled = {
  id: "dirty-throttled",
  apply: (x) => {
    const share = dirtyShare(x);
    const idle = x.facts.childCores !== null && x.facts.childCores < CHILD_CPU_IDLE_CORE;
    const pressed = (x.disk.top?.share ?? 0) >= FAR_BELOW_CEILING_SHARE || ioSome(x) >= IO_PRESSURE_HIGH;
    if (share === null || share < DIRTY_THROTTLE_SHARE || !idle || !pressed) return null;
    const bios = biosAtCeiling(x);
    const resource = bios ? "disk-iops" : x.disk.top?.resource ?? kernelOnlyResource(x);
    const disk = bios ? {
      kind: "bios",
      biosPerSecond: bios.beforeMergePerSecond,
      iopsCeiling: bios.ceiling,
      bandwidthShare: shareOf(x.disk, "disk-bandwidth")?.share ?? 0
    } : x.disk.top ? { kind: "share", share: x.disk.top } : { kind: "kernel", writeBytesPerSecond: (x.facts.disk?.writeKiBPerSecond ?? 0) * 1024, ioSomeShare: ioSome(x) };
    return {
      bottleneck: resource,
      ...bios && bios.used !== "before-merge" ? { iopsCount: "before-merge" } : {},
      decision: { rule: "dirty-throttled", phase: x.name, dirtyPeakShare: share, childCores: x.facts.childCores ?? 0, disk }
    };
  }
};
function otherLoad(x) {
  const o = x.cpu?.otherLoad;
  return o ? { cpuSomeShare: o.cpuSome, ownAtMostShare: o.ownAtMostShare } : null;
}
var cameNearNone = {
  id: "near-no-ceiling",
  apply: (x) => {
    if (!probes(x) || x.disk.top === null || x.cpu?.processSaturated || x.cpu?.pipelineSaturated || x.cpu?.starved || x.cpu?.quotaBound) return null;
    const p2 = x.facts.busiestProcess;
    return {
      bottleneck: "none",
      decision: { rule: "near-no-ceiling", phase: x.name, diskTopShare: x.disk.top.share, busiest: p2 ? processCores(p2) : null, otherLoad: otherLoad(x) }
    };
  }
};
function cpuUser(x) {
  const self = x.facts.selfCoresBounds;
  if (x.name === "download" && self) return { kind: "download-process", cores: self };
  const p2 = x.facts.busiestProcess;
  return p2 ? { kind: "busiest-process", process: processCores(p2) } : { kind: "tar-and-zstd", cores: x.facts.childCores ?? 0 };
}
function inconclusiveOutcome(x) {
  return {
    bottleneck: "inconclusive",
    decision: {
      rule: "inconclusive",
      phase: x.name,
      unmeasured: notMeasured(x),
      durationMs: x.facts.durationMs,
      diskTopShare: topShare(x),
      user: cpuUser(x),
      otherLoad: otherLoad(x)
    }
  };
}
var inconclusive = { id: "inconclusive", apply: inconclusiveOutcome };
var downloadRate = (x) => x.networkBytes !== null && x.facts.durationMs > 0 ? x.networkBytes / (x.facts.durationMs / 1e3) : null;
var networkBound = {
  id: "network",
  apply: (x) => {
    const self = x.facts.selfCoresBounds;
    if (self !== null && !x.cpu?.measured) return null;
    const decided = (disk) => ({
      bottleneck: "network",
      decision: { rule: "network", phase: x.name, bytesPerSecond: downloadRate(x), processCores: self, disk }
    });
    if (probes(x) && x.disk.top !== null) return diskFar(x) ? decided({ kind: "ceilings", topShare: x.disk.top.share }) : null;
    const d = x.facts.disk;
    if (d && d.utilizationPercent < IDLE_UTIL_PERCENT && ioSome(x) < IO_PRESSURE_LOW)
      return decided({ kind: "idle", utilizationPercent: d.utilizationPercent });
    return null;
  }
};
var lookupRoundTrip = {
  id: "lookup-round-trip",
  apply: (x) => ({ bottleneck: "network", decision: { rule: "lookup-round-trip", phase: x.name, durationMs: x.facts.durationMs } })
};
var tailShort = {
  id: "tail-short",
  apply: (x) => {
    if (x.totalMs <= 0 || x.facts.durationMs / x.totalMs >= WRITEBACK_TAIL_SHARE) return null;
    return {
      bottleneck: "none",
      decision: { rule: "tail-short", phase: x.name, durationMs: x.facts.durationMs, writtenBytes: x.facts.disk?.writtenBytes ?? null }
    };
  }
};
var tailDisk = {
  id: "tail-disk",
  apply: (x) => {
    const resource = probes(x) ? x.disk.top && x.disk.top.share >= FAR_BELOW_CEILING_SHARE ? x.disk.top.resource : null : x.disk.kernelSaturated ? kernelOnlyResource(x) : null;
    if (!resource) return null;
    const disk = probes(x) ? { kind: "ceilings", ...diskCeilingFigures(x, resource) } : { kind: "kernel", ...kernelFigures(x) };
    return { bottleneck: resource, decision: { rule: "tail-disk", phase: x.name, durationMs: x.facts.durationMs, disk } };
  }
};
function windowRates(x) {
  const i = x.facts.deviceIndex;
  if (i === null) return [];
  const rates = [];
  let from = x.facts.series[0];
  for (const s of x.facts.series.slice(1)) {
    const a = from?.disks[i];
    const b = s.disks[i];
    if (!from || !a || !b || s.tMs - from.tMs < STEADY_WINDOW_MS) continue;
    rates.push((b.sectorsWritten - a.sectorsWritten) * 512 / ((s.tMs - from.tMs) / 1e3));
    from = s;
  }
  return rates;
}
var tailSustained = {
  id: "tail-sustained-rate",
  apply: (x) => {
    const d = x.facts.disk;
    if (probes(x) || !d || d.writtenBytes <= 0 || x.facts.durationMs < SUSTAINED_RATE_MS) return null;
    const rates = windowRates(x);
    const mean = d.writtenBytes * 1e3 / x.facts.durationMs;
    if (rates.length < 2 || rates.some((r) => r < STEADY_RATE_SHARE * mean)) return null;
    const resource = kernelOnlyResource(x);
    const device = x.facts.deviceIndex === null ? null : x.profile.devices[x.facts.deviceIndex]?.name ?? null;
    const probed2 = x.profile.probes?.deviceName;
    return {
      bottleneck: resource,
      decision: {
        rule: "tail-sustained-rate",
        phase: x.name,
        durationMs: x.facts.durationMs,
        device,
        probedDevice: probed2 && probed2 !== device ? probed2 : null,
        writtenBytes: d.writtenBytes,
        resource,
        writesPerSecond: d.writesPerSecond,
        writeRequestKiB: d.writeRequestKiB,
        bytesPerSecond: mean
      }
    };
  }
};
var RULE_BY_ID = {
  "lookup-round-trip": lookupRoundTrip,
  "disk-at-ceiling": diskAtCeiling,
  "kernel-saturated-disk": kernelSaturatedDisk,
  "disk-latency": latencyBound,
  "cpu-process": cpuProcess,
  "cpu-quota": cpuQuota,
  "cpu-starved": cpuStarved,
  "cpu-pipeline": cpuPipeline,
  "dirty-throttled": dirtyThrottled,
  "near-no-ceiling": cameNearNone,
  inconclusive,
  network: networkBound,
  "tail-short": tailShort,
  "tail-disk": tailDisk,
  "tail-sustained-rate": tailSustained
};
var RULES = {
  lookup: PHASE_RULE_TABLES.lookup.map((id) => RULE_BY_ID[id]),
  download: PHASE_RULE_TABLES.download.map((id) => RULE_BY_ID[id]),
  extract: PHASE_RULE_TABLES.extract.map((id) => RULE_BY_ID[id]),
  writeback: PHASE_RULE_TABLES.writeback.map((id) => RULE_BY_ID[id])
};
function applyRules(x) {
  for (const rule of RULES[x.name]) {
    const outcome = rule.apply(x);
    if (outcome) return outcome;
  }
  return inconclusiveOutcome(x);
}

// src/judge/what-if.ts
function withHalfRule(resource, bound, work, span, speedup) {
  const phases = span.filter((p2) => p2 !== void 0);
  const spanMs = phases.reduce((sum, p2) => sum + p2.facts.durationMs, 0);
  const ceiling = bound.doubledCeiling;
  if (!bound.measured || spanMs <= 0 || Math.round(bound.lowerMs) >= Math.round(spanMs / speedup) || ceiling === void 0 || ceiling <= 0) return bound;
  const ownShare = work.span.writtenBytes > 0 ? Math.min(1, work.own.writtenBytes / work.span.writtenBytes) : 1;
  const oneDevice = phases.every((p2) => p2.facts.deviceIndex !== null && p2.facts.deviceIndex === phases[0]?.facts.deviceIndex);
  if (!oneDevice) return { ...bound, half: { kind: "several-disks", spanMs, ranAtCeilingShare: null, ownShare } };
  const done = resource === "disk-bandwidth" ? work.span.writtenBytes : work.span.writes;
  const ranAtCeilingShare = done / (spanMs / 1e3) / ceiling;
  if (ranAtCeilingShare >= HALF_RULE_BELOW_SHARE) return { ...bound, half: { kind: "beyond", spanMs, ranAtCeilingShare, ownShare } };
  return { ...bound, lowerMs: spanMs / speedup, half: { kind: "held", spanMs, ranAtCeilingShare, ownShare } };
}
function deviceWork(phases) {
  const w = { writtenBytes: 0, writes: 0, readBytes: 0, reads: 0 };
  for (const p2 of phases) {
    const d = p2?.facts.disk;
    if (!d) continue;
    w.writtenBytes += d.writtenBytes;
    w.writes += d.writes + (p2.iopsCount === "before-merge" ? d.writeMergesPerSecond * d.durationMs / 1e3 : 0);
    w.readBytes += d.readBytes;
    w.reads += d.reads;
  }
  return w;
}
function ownWork(extract, span, archiveBytes = 0) {
  const tar = extract?.facts.ownIo?.writeBytes;
  if (tar === void 0 || tar <= 0 || span.writtenBytes <= 0) return span;
  const own = tar + archiveBytes;
  if (own >= span.writtenBytes) return span;
  const share = own / span.writtenBytes;
  return { ...span, writtenBytes: own, writes: span.writes * share };
}
var NO_COMPETITION = { bytesPerSecond: 0, writesPerSecond: 0 };
function competing(span, own, spanMs) {
  if (spanMs <= 0) return NO_COMPETITION;
  const s = spanMs / 1e3;
  return { bytesPerSecond: Math.max(0, span.writtenBytes - own.writtenBytes) / s, writesPerSecond: Math.max(0, span.writes - own.writes) / s };
}
function diskMs(work, c, factor, other = NO_COMPETITION, burst = null) {
  const left = (ceiling, times, taken) => Math.max(ceiling * times - taken, ceiling);
  const parts = [0];
  if (c.seqWriteBytesPerSecond) {
    const rate = left(c.seqWriteBytesPerSecond, factor.bandwidth, other.bytesPerSecond);
    const credit = burst ? Math.min(work.writtenBytes, burst.bytes * burst.ownShare) : 0;
    const burstRate = burst && burst.ms > 0 ? burst.bytes / burst.ms * 1e3 : rate;
    const creditSeconds = credit > 0 ? credit / Math.max(rate, left(burstRate, 1, other.bytesPerSecond)) : 0;
    parts.push(creditSeconds + (work.writtenBytes - credit) / rate);
  }
  if (c.seqReadBytesPerSecond) parts.push(work.readBytes / (c.seqReadBytesPerSecond * factor.bandwidth));
  if (c.randWriteIops && iopsIsOwnLimit(c.randWriteIops, c.seqWriteBytesPerSecond))
    parts.push(work.writes / left(c.randWriteIops, factor.iops, other.writesPerSecond));
  if (c.randReadIops && iopsIsOwnLimit(c.randReadIops, c.seqReadBytesPerSecond)) parts.push(work.reads / (c.randReadIops * factor.iops));
  return Math.max(...parts) * 1e3;
}
function cpuFloorMs(p2) {
  if (!p2) return 0;
  const f = p2.facts;
  if (f.busiestProcess) return f.busiestProcess.cores * f.durationMs;
  return f.childCores === null ? 0 : f.childCores * f.durationMs / 2;
}
function cpuWorkMs(p2) {
  if (!p2) return 0;
  const f = p2.facts;
  const d = f.durationMs;
  if (p2.bottleneck !== "cpu") return d;
  const reach = f.cpuReach.cores;
  let work = null;
  if (p2.rule === "cpu-process") {
    const cores = p2.name === "download" ? f.selfCoresBounds?.atLeast ?? null : f.busiestProcess?.cores ?? f.childCores;
    work = cores === null ? null : cores * d / reach;
  } else if (p2.rule === "cpu-quota") {
    const g = f.cgroupCpu;
    const atQuota = g?.quotaCores != null && g.usageCores !== null && g.usageCores >= QUOTA_FULL_SHARE * g.quotaCores;
    work = atQuota ? quotaFloorMs(f, 1) : null;
  } else if (p2.rule === "cpu-pipeline") {
    work = f.childCores === null ? null : f.childCores * d / reach;
  }
  return work === null ? d : Math.min(d, work);
}
function absorbed(extract, span, c) {
  const early = extract?.facts.disk?.writtenBytes;
  if (early === void 0 || !wroteAlmostNothingEarly(early, span.writtenBytes)) return false;
  const lead = extract?.idleLeadMs;
  const writingS = ((extract?.facts.durationMs ?? 0) - (lead ?? 0)) / 1e3;
  const reached = lead !== void 0 && writingS > 0 && c.seqWriteBytesPerSecond !== null;
  return !(reached && early >= ABSORBED_SHARE * (c.seqWriteBytesPerSecond ?? 0) * writingS);
}
function burstCredit(c, phases, ownShare) {
  const withDisk = phases.filter((p2) => p2?.facts.disk != null);
  const device = withDisk[0]?.facts.deviceIndex ?? null;
  if (device === null || withDisk.some((p2) => p2.facts.deviceIndex !== device)) return null;
  const points = [];
  for (const p2 of withDisk)
    for (const s of p2.facts.series) {
      const sectors = s.disks[device]?.sectorsWritten;
      if (sectors === void 0 || points.length > 0 && s.tMs <= (points.at(-1)?.tMs ?? 0)) continue;
      points.push({ tMs: s.tMs, sectors });
    }
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 3) return null;
  const bytesAt = (i) => ((points[i]?.sectors ?? first.sectors) - first.sectors) * 512;
  const msAt = (i) => (points[i]?.tMs ?? first.tMs) - first.tMs;
  let ceiling = c.seqWriteBytesPerSecond;
  if (ceiling === null) {
    let from = points.length - 1;
    while (from > 0 && last.tMs - (points[from]?.tMs ?? 0) < SUSTAINED_RATE_MS) from--;
    const heldMs = msAt(points.length - 1) - msAt(from);
    if (heldMs < SUSTAINED_RATE_MS) return null;
    ceiling = (bytesAt(points.length - 1) - bytesAt(from)) / heldMs * 1e3;
  }
  if (ceiling <= 0) return null;
  const slack = ceiling * CEILING_WINDOW_MS / 1e3;
  const ahead = (i) => bytesAt(i) - ceiling * msAt(i) / 1e3;
  const suffixMax = new Array(points.length).fill(-Infinity);
  for (let i = points.length - 2; i >= 0; i--) suffixMax[i] = Math.max(suffixMax[i + 1] ?? -Infinity, ahead(i + 1));
  let end = 0;
  while (end < points.length - 1 && (suffixMax[end] ?? -Infinity) - ahead(end) > slack) end++;
  const lead = ahead(end);
  const afterMs = last.tMs - (points[end]?.tMs ?? last.tMs);
  const afterRate = afterMs > 0 ? (bytesAt(points.length - 1) - bytesAt(end)) / afterMs * 1e3 : 0;
  const burstRate = msAt(end) > 0 ? bytesAt(end) / msAt(end) * 1e3 : 0;
  if (end === 0 || lead <= slack || burstRate * ownShare < ABOVE_CEILING_SHARE * ceiling) return null;
  if (afterMs < SUSTAINED_RATE_MS || afterRate < NEAR_CEILING_SHARE * ceiling) return null;
  return { bytes: bytesAt(end), ms: msAt(end), baselineBytesPerSecond: ceiling, baselineProbed: c.seqWriteBytesPerSecond !== null, ownShare };
}
var WORK_OF = {
  seqWriteBytesPerSecond: (w) => w.writtenBytes,
  seqReadBytesPerSecond: (w) => w.readBytes,
  randWriteIops: (w) => w.writes,
  randReadIops: (w) => w.reads
};
var CEILING_KINDS = Object.keys(WORK_OF);
function demonstrated(c, phases, burst = null) {
  const withDisk = phases.filter((p2) => p2?.facts.disk != null);
  const msOf = (ps) => ps.reduce((sum, p2) => sum + (p2.facts.disk?.durationMs ?? 0), 0);
  const alone = withDisk.map((p2) => [p2]);
  const together = withDisk.length > 1 ? [withDisk] : alone;
  const held = (candidates) => candidates.filter((ps) => msOf(ps) >= SUSTAINED_RATE_MS);
  const sustained = held([...alone, ...withDisk.length > 1 ? [withDisk] : []]);
  const capped = (kind) => c.from?.[kind] !== void 0;
  const highest = (kind) => {
    let top = 0;
    for (const ps of capped(kind) ? held(together) : sustained) top = Math.max(top, WORK_OF[kind](deviceWork(ps)) / (msOf(ps) / 1e3));
    return top;
  };
  const out = { ...c };
  for (const kind of CEILING_KINDS) {
    const value = out[kind];
    if (!value || kind === "seqWriteBytesPerSecond" && burst) continue;
    out[kind] = Math.max(value, highest(kind));
  }
  return out;
}
function relaxedCeilings(c, resource, phases, burst = null) {
  const probedKind = resource === "disk-bandwidth" ? c.seqWriteBytesPerSecond : c.randWriteIops;
  if (probedKind !== null && (resource === "disk-bandwidth" || iopsIsOwnLimit(c.randWriteIops, c.seqWriteBytesPerSecond))) return c;
  if (resource === "disk-bandwidth" && burst) return { ...c, seqWriteBytesPerSecond: burst.baselineBytesPerSecond };
  const withDisk = phases.filter((p2) => p2?.facts.disk != null);
  const msOf = (ps) => ps.reduce((sum, p2) => sum + (p2.facts.disk?.durationMs ?? 0), 0);
  const sustained = [...withDisk.map((p2) => [p2]), ...withDisk.length > 1 ? [withDisk] : []].filter((ps) => msOf(ps) >= SUSTAINED_RATE_MS);
  let write = 0;
  for (const ps of sustained) {
    const w = deviceWork(ps);
    write = Math.max(write, (resource === "disk-bandwidth" ? w.writtenBytes : w.writes) / (msOf(ps) / 1e3));
  }
  if (write <= 0) return null;
  return resource === "disk-bandwidth" ? { ...c, seqWriteBytesPerSecond: write } : { ...c, randWriteIops: write };
}
function spanWork(extract, tail, probed2, archiveBytes) {
  const span = deviceWork([extract, tail]);
  const own = ownWork(extract, span, archiveBytes);
  return { span, own, burst: burstCredit(probed2, [extract, tail], span.writtenBytes > 0 ? own.writtenBytes / span.writtenBytes : 1) };
}
function archiveInSpanBytes(resource, download, extract, c, speedup) {
  const written = archiveWrittenBytes(download?.facts, extract?.facts);
  const bandwidth = c.seqWriteBytesPerSecond;
  if (!download || written <= 0 || bandwidth === null) return 0;
  const relaxed = bandwidth * (resource === "disk-bandwidth" ? speedup : 1);
  const duringDownload = Math.max(download.facts.disk?.writtenBytes ?? 0, relaxed * download.facts.durationMs / 1e3);
  return Math.max(0, written - duringDownload);
}
function spanBound(resource, phases, probed2, speedup) {
  const { download, extract, tail } = phases;
  const e = extract?.facts.durationMs ?? 0;
  const t = tail?.facts.durationMs ?? 0;
  const judged = extract?.bottleneck === resource || tail?.bottleneck === resource;
  const disk = isDiskResource(resource);
  const archive = disk ? archiveInSpanBytes(resource, download, extract, demonstrated(probed2, [extract, tail]), speedup) : 0;
  const work = spanWork(extract, tail, probed2, archive);
  const { burst } = work;
  const shown = burst && resource === "disk-bandwidth" ? { burst } : {};
  if (disk && judged) {
    const c = relaxedCeilings(demonstrated(probed2, [extract, tail], burst), resource, [extract, tail], burst);
    if (c === null) return { lowerMs: 0, upperMs: null, measured: false };
    const bound2 = { lowerMs: spanBoundMs(resource, extract, tail, c, speedup, work), upperMs: null, measured: true, ...shown, ...doubledOf(c, resource) };
    return withHalfRule(resource, bound2, work, [extract, tail], speedup);
  }
  const held = demonstrated(probed2, [extract, tail], burst);
  const unchanged = spanBoundMs(resource, extract, tail, held, speedup, work);
  const stays = unchanged >= Math.min(e, cpuWorkMs(extract)) + t;
  const bound = { lowerMs: unchanged, upperMs: stays ? e + t : null, measured: true, ...shown, ...doubledOf(held, resource) };
  return disk ? withHalfRule(resource, bound, work, [extract, tail], speedup) : bound;
}
function writeCeilingOf(c, resource) {
  if (resource === "disk-bandwidth") return c.seqWriteBytesPerSecond;
  return resource === "disk-iops" ? c.randWriteIops : null;
}
function doubledOf(c, resource) {
  const value = writeCeilingOf(c, resource);
  return value === null ? {} : { doubledCeiling: value };
}
function spanBoundMs(resource, extract, tail, c, speedup, { span, own, burst }) {
  const e = extract?.facts.durationMs ?? 0;
  const t = tail?.facts.durationMs ?? 0;
  const eWork = cpuWorkMs(extract);
  const tailDevice = deviceWork([tail]);
  const ownShare = span.writtenBytes > 0 ? own.writtenBytes / span.writtenBytes : 1;
  const tailOwn = { ...tailDevice, writtenBytes: tailDevice.writtenBytes * ownShare, writes: tailDevice.writes * ownShare };
  const kernelWaited = absorbed(extract, span, c);
  const same = { bandwidth: 1, iops: 1 };
  if (isDiskResource(resource)) {
    const faster = resource === "disk-bandwidth" ? { bandwidth: speedup, iops: 1 } : { bandwidth: 1, iops: speedup };
    const other = competing(span, own, e + t);
    const otherKind = resource === "disk-bandwidth" ? "disk-iops" : "disk-bandwidth";
    const otherProbed = otherKind === "disk-bandwidth" ? c.seqWriteBytesPerSecond !== null : iopsIsOwnLimit(c.randWriteIops, c.seqWriteBytesPerSecond);
    if (extract?.bottleneck === resource || extract?.bottleneck === otherKind && otherProbed)
      return Math.min(e + t, Math.max(cpuFloorMs(extract), diskMs(own, c, faster, other, burst)));
    if (tail?.bottleneck === resource) {
      const lead = extract?.idleLeadMs ?? 0;
      return Math.min(
        e + t,
        kernelWaited ? eWork + diskMs(tailOwn, c, faster, NO_COMPETITION, burst) : Math.max(eWork, lead + diskMs(own, c, faster, other, burst))
      );
    }
    return eWork + t;
  }
  if (resource === "cpu" && extract?.bottleneck === "cpu") {
    const cpuMs = extract ? Math.max(e / speedup, quotaFloorMs(extract.facts, speedup)) : e / speedup;
    return Math.min(e + t, kernelWaited ? cpuMs + t : Math.max(cpuMs, diskMs(own, c, same, NO_COMPETITION, burst)));
  }
  return eWork + t;
}
function restoreBounds(phases, resource, ceilings, speedup = WHAT_IF_SPEEDUP) {
  const download = phases.find((p2) => p2.name === "download");
  const extract = phases.find((p2) => p2.name === "extract");
  const tail = phases.find((p2) => p2.name === "writeback");
  const span = extract || tail ? spanBound(resource, { download, extract, tail }, ceilings, speedup) : { lowerMs: 0, upperMs: 0, measured: true };
  let lowerMs = span.lowerMs;
  let upperMs = span.upperMs;
  for (const p2 of phases) {
    if (p2.name === "extract" || p2.name === "writeback") continue;
    const shortened = p2.name === "download" && p2.bottleneck === resource;
    const stays = resource === "network" ? Math.min(p2.facts.durationMs, p2.notNetworkMs ?? 0) : 0;
    lowerMs += shortened ? (p2.facts.durationMs - stays) / speedup + stays : cpuWorkMs(p2);
    upperMs = upperMs === null || shortened ? null : upperMs + p2.facts.durationMs;
  }
  return {
    lowerMs,
    upperMs,
    measured: span.measured,
    ...span.burst ? { burst: span.burst } : {},
    ...span.doubledCeiling !== void 0 ? { doubledCeiling: span.doubledCeiling } : {},
    ...span.half ? { half: span.half } : {}
  };
}
function ceilingFrom(c, resource) {
  if (resource === "disk-bandwidth") return c.from?.seqWriteBytesPerSecond?.facts;
  return resource === "disk-iops" ? c.from?.randWriteIops?.facts : void 0;
}
function raisedCeiling(c, resource, doubled) {
  const named = writeCeilingOf(c, resource);
  if (doubled === void 0 || named !== null && doubled <= RAISED_SHARE * named) return null;
  return { doubledCeiling: doubled, namedCeiling: named };
}
function whatIfs(phases, ceilings, speedup = WHAT_IF_SPEEDUP, diskName) {
  const nowMs = phases.reduce((s, p2) => s + p2.facts.durationMs, 0);
  if (nowMs <= 0) return [];
  return RESOURCES.map((resource) => {
    const b = restoreBounds(phases, resource, ceilings, speedup);
    const onlyCpuWork = b.measured && restoreBounds(
      phases.map(({ rule: _, ...p2 }) => p2),
      resource,
      ceilings,
      speedup
    ).lowerMs >= nowMs;
    const lower = Math.min(nowMs, b.lowerMs);
    const upper = b.upperMs === null ? null : Math.max(lower, Math.min(nowMs, b.upperMs));
    const atMost = Math.round(nowMs) - Math.round(lower);
    const atLeast = upper === null ? null : Math.round(nowMs) - Math.round(upper);
    const outcome = !b.measured ? "not-measured" : atMost < 0.01 * nowMs ? "no-saving" : onlyCpuWork ? "only-cpu-work" : !phases.some((p2) => p2.bottleneck === resource) ? (
      // A bound the other disk kind allows (both limits can share extraction's time): not a saving of a resource no phase was bound by.
      "second-limit"
    ) : upper !== null && atLeast !== null && atLeast > 0 ? "range" : "at-most";
    const saves = b.measured && atMost >= 0.01 * nowMs;
    const from = saves ? ceilingFrom(ceilings, resource) ?? null : null;
    const burst = saves && b.burst ? b.burst : null;
    const facts = {
      outcome,
      nowMs,
      lowerMs: lower,
      upperMs: upper,
      phases: phases.map((p2) => ({ phase: p2.name, bottleneck: p2.bottleneck, durationMs: p2.facts.durationMs, cpuWorkMs: cpuWorkMs(p2) })),
      cpuQuotaCores: resource === "cpu" ? quotaOf(phases) : null,
      device: diskName && isDiskResource(resource) ? diskName : null,
      ceilingFacts: from,
      raised: saves ? raisedCeiling(ceilings, resource, b.doubledCeiling) : null,
      burst: burst && { bytes: burst.bytes, ms: burst.ms, baselineBytesPerSecond: burst.baselineBytesPerSecond, baselineProbed: burst.baselineProbed }
    };
    return {
      resource,
      speedup,
      restoreLowerBoundMs: Math.round(lower),
      restoreUpperBoundMs: upper === null ? null : Math.round(upper),
      restoreMs: Math.round(nowMs),
      savingAtMostMs: atMost,
      savingAtLeastMs: atLeast,
      measured: b.measured,
      about: "until-on-disk",
      ...b.half ? { half: b.half } : {},
      facts
    };
  });
}

// src/judge/judge.ts
function verdictDevice(profile, ceilings, index) {
  const device = index === null ? void 0 : profile.devices[index];
  if (index === null || !device) return null;
  const recorded = device.restorePaths ?? [];
  const paths = recorded.length > 0 ? recorded : profile.context.fileSystems.filter((f) => f.source === `/dev/${device.name}`).map((f) => f.path);
  return { index, name: device.name, paths, ceilings: ceilingsForDevice(profile, ceilings, index) };
}
function judgePhases(profile, ceilings = ceilingsOf(profile)) {
  const phases = profile.phases.filter((p2) => p2.endMs > p2.startMs);
  const facts = phases.map((p2) => phaseFacts(profile, p2, p2.name === "writeback" ? tailDeviceIndex(profile, p2) : void 0));
  const totalMs = facts.reduce((s, f) => s + f.durationMs, 0);
  return phases.map((p2, i) => {
    const f = facts[i];
    const onDevice = ceilingsForDevice(profile, ceilings, f.deviceIndex);
    const disk = diskLoad(f, onDevice, stackOf(profile, f.deviceIndex));
    const cpu = p2.name === "extract" ? extractionCpu(f, dirtyShare({ profile, facts: f })) : p2.name === "download" ? downloadCpu(f) : null;
    const networkBytes = p2.name === "download" ? p2.networkBytes ?? profile.restore?.archiveBytes ?? null : null;
    const outcome = applyRules({ profile, name: p2.name, facts: f, ceilings: onDevice, disk, cpu, totalMs, networkBytes });
    const candidates = [...disk.candidates, ...cpu?.candidates ?? [], ...pageCacheCandidates(profile, p2.name, f)];
    const pauses = p2.downloadTimeline ? segmentPauses(p2.downloadTimeline, { endMs: p2.endMs, series: f.series, deviceIndex: f.deviceIndex }, onDevice) : [];
    return {
      phase: p2.name,
      bottleneck: outcome.bottleneck,
      decision: outcome.decision,
      evidence: settle(candidates, outcome.bottleneck),
      durationMs: f.durationMs,
      facts: f,
      disk,
      rule: outcome.decision.rule,
      ...outcome.iopsCount ? { iopsCount: outcome.iopsCount } : {},
      ...pauses.length > 0 ? { pauses } : {}
    };
  });
}
function pageCacheCandidates(profile, name, facts) {
  if (name !== "extract") return [];
  const share = dirtyShare({ profile, facts });
  const limit = dirtyLimitBytes(profile);
  if (share === null || limit === null) return [];
  return [
    candidate(
      "dirty-peak-share",
      { kind: "dirty-peak-share", dirtyPeakBytes: facts.dirtyPeakBytes ?? 0, share, limitBytes: limit },
      share,
      "share",
      share >= DIRTY_THROTTLE_SHARE ? [...DISK_RESOURCES] : [],
      DIRTY_THROTTLE_SHARE
    )
  ];
}
function probedCeilings(c) {
  if (!hasCeilings(c)) return null;
  return {
    seqWriteBytesPerSecond: c.seqWriteBytesPerSecond,
    randWriteIops: c.randWriteIops,
    seqReadBytesPerSecond: c.seqReadBytesPerSecond,
    randReadIops: c.randReadIops
  };
}
function withoutRestore(profile, ceilings, rule) {
  const decision = { rule, carriers: [], whatIf: null, outweighed: null, device: null, probes: probedCeilings(ceilings) };
  return {
    verdict: { bottleneck: "inconclusive", decision, phases: [], whatIf: [] },
    decision,
    phases: [],
    ceilings,
    restoreDeviceIndex: deviceIndexFor(profile, "extract"),
    verdictDevice: verdictDevice(profile, ceilings, deviceIndexFor(profile, "extract"))
  };
}
function judgeInDetail(profile) {
  const judgement = judgeRestore(profile);
  const pauses = judgement.phases.find((j) => j.phase === "download")?.pauses ?? [];
  const verdict = withDownloadVerdict(profile, judgement.verdict, pauses);
  return { ...judgement, verdict, decision: verdict.decision ?? judgement.decision };
}
var nothingJudged = (rule) => NOTHING_JUDGED_RULES.some((r) => r === rule);
function judgeRestore(profile) {
  const ceilings = ceilingsOf(profile);
  let judged = null;
  let whatIf = null;
  let choice = null;
  const judgedOnce = () => {
    judged ??= judgePhases(profile, ceilings);
    return judged;
  };
  const whatIfOnce = () => {
    whatIf ??= whatIfsOnTailDevice(profile, judgedOnce(), ceilings);
    return whatIf;
  };
  const choiceOnce = () => {
    choice ??= measuredChoice(judgedOnce(), whatIfOnce());
    return choice;
  };
  const rule = restoreRule({ profile, judged: judgedOnce, choice: choiceOnce });
  if (nothingJudged(rule)) return withoutRestore(profile, ceilings, rule);
  const phases = judgedOnce();
  const c = choiceOnce();
  const spans = restoreSpans(phases);
  const carrier = carrierOf(rule, phases, c);
  const best = rule === "best-what-if" ? c.best : null;
  const outweighed = rule === "best-what-if" ? phases.find((j) => j.phase === c.blind?.phase) ?? null : null;
  const restoreDevice = deviceIndexFor(profile, "extract");
  const elsewhere = carrier.facts.deviceIndex !== restoreDevice && carrier.facts.deviceIndex !== null ? profile.devices[carrier.facts.deviceIndex]?.name : void 0;
  const byName = (n) => phases.find((j) => j.phase === n)?.facts;
  const decision = {
    rule,
    carriers: verdictCarriers(phases, carrier.bottleneck),
    whatIf: best?.resource ?? null,
    outweighed: outweighed?.phase ?? null,
    device: elsewhere && isDiskResource(carrier.bottleneck) ? elsewhere : null,
    judgedMs: c.totalMs,
    carrierShare: carrier.durationMs / c.totalMs,
    ...outweighed ? { outweighedHiddenMs: hiddenAtMostMs(outweighed, best?.speedup ?? WHAT_IF_SPEEDUP) } : {}
  };
  const verdict = {
    bottleneck: carrier.bottleneck,
    decision,
    ...spans,
    about: "until-on-disk",
    phase: carrier.phase,
    phases: phases.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, decision: j.decision, evidence: j.evidence, durationMs: j.durationMs })),
    whatIf: whatIfOnce(),
    attribution: attribute({ profile, download: byName("download"), extract: byName("extract"), tail: byName("writeback") })
  };
  const devices = perDeviceVerdicts(profile, ceilings);
  if (devices.length > 0) verdict.devices = devices;
  const onDisk = isDiskResource(carrier.bottleneck) && carrier.facts.deviceIndex !== null;
  return {
    verdict,
    decision,
    phases,
    ceilings,
    restoreDeviceIndex: restoreDevice,
    verdictDevice: verdictDevice(profile, ceilings, onDisk ? carrier.facts.deviceIndex : restoreDevice)
  };
}
function whatIfsOnTailDevice(profile, judged, ceilings) {
  const tail = judged.find((j) => j.phase === "writeback");
  const extract = judged.find((j) => j.phase === "extract");
  const moved = tail !== void 0 && extract !== void 0 && tail.facts.deviceIndex !== extract.facts.deviceIndex && isDiskResource(tail.bottleneck) && !isDiskResource(extract.bottleneck);
  const extractRecord = profile.phases.find((p2) => p2.name === "extract");
  const onTailDevice = moved && extractRecord ? phaseFacts(profile, extractRecord, tail?.facts.deviceIndex ?? null) : null;
  const factsOf = (j) => onTailDevice && j.phase === "extract" ? onTailDevice : j.facts;
  const lead = onTailDevice ? { idleLeadMs: idleLeadMs(onTailDevice) } : {};
  return whatIfs(
    judged.map((j) => {
      const iopsCount = j.iopsCount ?? j.disk.iopsCount?.used;
      return {
        name: j.phase,
        bottleneck: j.bottleneck,
        facts: factsOf(j),
        rule: j.rule,
        ...iopsCount ? { iopsCount } : {},
        ...j.phase === "extract" ? lead : {},
        ...j.pauses ? { notNetworkMs: j.pauses.reduce((sum, x) => sum + x.durationMs, 0) } : {}
      };
    }),
    moved ? ceilingsForDevice(profile, ceilings, tail?.facts.deviceIndex ?? null) : withCgroupCaps(profile, ceilings, deviceIndexFor(profile, "extract")),
    WHAT_IF_SPEEDUP,
    moved ? profile.devices[tail?.facts.deviceIndex ?? -1]?.name : void 0
  );
}
function idleLeadMs(f) {
  const i = f.deviceIndex;
  const first = f.series[0];
  if (i === null || !first) return 0;
  const start = first.disks[i]?.sectorsWritten ?? 0;
  let quiet = first;
  for (const s of f.series) {
    if ((s.disks[i]?.sectorsWritten ?? start) > start) return quiet.tMs - first.tMs;
    quiet = s;
  }
  return f.durationMs;
}
function restoreSpans(judged) {
  const stepMs = judged.filter((j) => j.phase !== "writeback").reduce((s, j) => s + j.durationMs, 0);
  const tailMs = judged.find((j) => j.phase === "writeback")?.durationMs ?? 0;
  return { stepMs: Math.round(stepMs), untilOnDiskMs: Math.round(stepMs + tailMs) };
}
function hiddenAtMostMs(j, speedup) {
  return j.durationMs * (1 - 1 / speedup);
}
function measuredChoice(judged, whatIf) {
  const totalMs = judged.reduce((s, j) => s + j.durationMs, 0);
  const named = new Set(judged.map((j) => j.bottleneck));
  const candidates = whatIf.filter((w) => w.measured !== false && named.has(w.resource));
  const best = candidates.reduce((a, b) => a === null || (b.savingAtMostMs ?? 0) > (a.savingAtMostMs ?? 0) ? b : a, null);
  const speedup = best?.speedup ?? WHAT_IF_SPEEDUP;
  const blind = judged.filter((j) => j.bottleneck === "inconclusive").reduce((a, b) => a === null || b.durationMs > a.durationMs ? b : a, null);
  return { totalMs, best, blind, hiddenMs: blind ? hiddenAtMostMs(blind, speedup) : 0 };
}
function carrierOf(rule, judged, c) {
  const longest = (phases) => phases.reduce((a, b) => b.durationMs > a.durationMs ? b : a);
  const blind = judged.find((j) => j.phase === c.blind?.phase);
  if (rule === "unpinned-phase" && blind) return blind;
  const onBest = judged.filter((j) => j.bottleneck === c.best?.resource);
  if (rule === "best-what-if" && onBest.length > 0) return longest(onBest);
  return longest(judged);
}
function judgeProfile(profile) {
  return judgeInDetail(profile).verdict;
}

// src/experiment/outputs.ts
var secondsText = (ms) => ms === null || ms === void 0 ? "" : (ms / 1e3).toFixed(3);
var experimentOutputName = (alternative) => `experiment-${alternative}-seconds`;
function fastest(outcomes, alternative) {
  return outcomes.filter((o) => o.alternative === alternative).sort((a, b) => a.timeMs.median - b.timeMs.median)[0] ?? null;
}
function bestOtherDisk(outcomes) {
  return fastest(outcomes, "other-disk");
}
function experimentOutputs(e) {
  const outcomes = e?.outcomes ?? [];
  const medians = Object.fromEntries(ALTERNATIVES.map((a) => [experimentOutputName(a), secondsText(fastest(outcomes, a)?.timeMs.median)]));
  return {
    ...medians,
    "experiment-other-disk-path": bestOtherDisk(outcomes)?.mountPoint ?? "",
    "fix-best": e && e.outcomes.length > 0 ? e.fixBest.alternative : "",
    "fix-best-saving-seconds": e && e.outcomes.length > 0 ? secondsText(e.fixBest.savingMs) : ""
  };
}

// src/report/probe-outputs.ts
var OUTPUTS = {
  "seq-write-mibps": { probe: "seq-write", value: (r) => r.bytesPerSecond / MiB, decimals: 1 },
  "seq-read-mibps": { probe: "seq-read", value: (r) => r.bytesPerSecond / MiB, decimals: 1 },
  "rand-write-iops": { probe: "rand-write", value: (r) => r.iops, decimals: 0 },
  "rand-read-iops": { probe: "rand-read", value: (r) => r.iops, decimals: 0 },
  "rand-read-qd1-mean-us": { probe: "rand-read-qd1", value: (r) => r.latencyNs.mean / 1e3, decimals: 1 },
  "rand-read-qd1-p99-us": { probe: "rand-read-qd1", value: (r) => r.latencyNs.p99 === null ? null : r.latencyNs.p99 / 1e3, decimals: 1 },
  "fsync-write-iops": { probe: "fsync-write", value: (r) => r.iops, decimals: 0 }
};
var PROBE_OUTPUT_NAMES = Object.keys(OUTPUTS);
function probeOutputs(suite) {
  const outputs = {};
  for (const name of PROBE_OUTPUT_NAMES) {
    const spec = OUTPUTS[name];
    const result = suite?.probes.find((p2) => p2.name === spec.probe && !p2.error);
    const value = result ? spec.value(result) : null;
    outputs[name] = value === null || !Number.isFinite(value) ? "" : value.toFixed(spec.decimals);
  }
  return outputs;
}

// src/judge/page-cache-probe.ts
var PAGE_CACHE_BYTES_PER_SECOND = 1 * GiB;
var PAGE_CACHE_IOPS = 5e4;
function loopUnderRestore(profile) {
  for (const d of profile.devices.filter((x) => x.roles.includes("restore-path"))) {
    const chain = d.chain.length > 0 ? d.chain : [d.name];
    const loop = chain.find((c) => /^loop\d+$/.test(c));
    if (loop) return loop;
  }
  return null;
}
function pageCacheLoop(profile, probe) {
  if (probe.error) return null;
  const loop = loopUnderRestore(profile);
  if (loop === null) return null;
  const fast = probe.blockSizeBytes >= 64 * 1024 ? probe.bytesPerSecond >= PAGE_CACHE_BYTES_PER_SECOND : probe.iops >= PAGE_CACHE_IOPS;
  return fast ? loop : null;
}
function diskProbesOf(profile, suite) {
  const probes2 = suite.probes.filter((p2) => pageCacheLoop(profile, p2) === null);
  return { probes: probes2, noDiskProbe: probes2.length < suite.probes.length && !probes2.some((p2) => !p2.error) };
}

// src/report/say/probe-notes.ts
function capMetText(cap, figure) {
  return cap === "writeIops" ? `IOPS cap (${iops(figure)})` : `bandwidth cap (${mibPerSecond(figure)})`;
}
function arrivedText(c) {
  const merged2 = c.merges > 0 ? `, merged into ${formatNumber(c.requestBytes / KiB)} KiB requests` : "";
  return `${c.device} counted ${formatNumber(c.bioBytes / KiB)} KiB bios${c.biosPerFioIo >= 2 ? ` (${formatNumber(c.biosPerFioIo)} per fio IO)` : ""} at ${formatNumber(c.biosPerSecond)}/s${merged2}`;
}
function sayProbeNote(n) {
  if (!n) return "";
  switch (n.kind) {
    case "seq-met-iops":
      return `met the IOPS limit${n.capMet ? `: the cgroup's ${capMetText(n.capMet.cap, n.capMet.figure)}` : ""}, not a bandwidth one (${arrivedText(n.counted)}${n.byRandomProbe ? ", the random probe's rate" : ""})`;
    case "cap-met":
      return `met the cgroup's ${capMetText(n.capMet.cap, n.capMet.figure)} (${arrivedText(n.counted)})`;
    case "counted":
      return arrivedText(n.counted);
  }
}
function sayPageCacheProbe(loop) {
  return `${loop} is a loop device over a file: fio's direct requests became buffered writes to that file, so the page cache answered this probe, not a disk`;
}
function diskProbeSuite(profile, suite) {
  const d = diskProbesOf(profile, suite);
  if (d.probes.length === suite.probes.length) return suite;
  const reason = d.noDiskProbe ? "every probe measured the page cache, not the disk (a loop device over a file)" : suite.reason;
  return { ...suite, probes: d.probes, ...reason ? { reason } : {} };
}

// src/experiment/account.ts
function nameOf(s) {
  return s.alternative === "other-disk" && s.mountPoint ? `other-disk (${s.mountPoint})` : s.alternative;
}
var bare = (s) => s.replace(/[.]\s*$/, "");
function experimentsAccount(profile) {
  const auto = profile.auto?.experiments ?? null;
  const e = profile.experiments;
  if (!auto && !e) return null;
  const failureOf = (o) => e?.runs.find((r) => sameTarget(r, o) && r.error)?.error ?? null;
  const ran = (e?.outcomes ?? []).map((o) => ({ name: nameOf(o), runs: o.timeMs.runs, failedRuns: o.failedRuns, failure: o.failedRuns ? failureOf(o) : null }));
  const skipped2 = (e?.skipped ?? []).map((s) => ({ name: nameOf(s), reason: s.reason, detail: bare(s.detail) }));
  const noneRan = ran.length > 0 ? null : auto && !auto.run ? bare(auto.reason.replace(/^experiments: /, "")) : e?.reason ? bare(e.reason) : "no experiment could run";
  const chose = auto?.run ? `${bare(auto.reason.replace(/^experiments: /, ""))}. ` : "";
  let sentence;
  if (ran.length === 0) {
    sentence = auto && !auto.run ? `Experiments: ${noneRan}.` : `Experiments: ${chose}${chose ? "None" : "none"} ran: ${noneRan}.`;
  } else {
    const ranText = ran.map((r) => `${r.name} \xD7${r.runs}${r.failedRuns ? ` (+${r.failedRuns} failed${r.failure ? `: ${bare(r.failure)}` : ""})` : ""}`).join(", ");
    const byDetail = /* @__PURE__ */ new Map();
    for (const s of skipped2) byDetail.set(`${s.reason}: ${s.detail}`, [...byDetail.get(`${s.reason}: ${s.detail}`) ?? [], s.name]);
    const skippedText = [...byDetail].map(([why, names]) => `${names.join(", ")} (${why})`).join("; ");
    const reused = e?.measuredOn && auto && !auto.run ? `${bare(auto.reason.replace(/^experiments: /, ""))}. That run ran` : null;
    sentence = `Experiments: ${reused ?? `${chose}${chose ? "Ran" : "ran"}`} ${ranText}${skippedText ? `. Skipped ${skippedText}` : ""}.`;
  }
  return { auto, ran, skipped: skipped2, noneRan, sentence };
}

// src/report/always-on-section.ts
function alwaysOnLines(profile) {
  const lines = [];
  const fp = profile.fingerprint;
  const below = new Map(profile.devices.map((d) => [d.name, d.below ?? []]));
  if (fp) lines.push(`Hardware \`${fp.id}\`: ${escapeHtml(describeFingerprint(fp, below))}`);
  if (profile.ceilingsSource) lines.push(escapeHtml(profile.ceilingsSource.sentence));
  if (profile.auto?.probes) lines.push(escapeHtml(capitalised(profile.auto.probes.reason)));
  const account = experimentsAccount(profile);
  if (account) lines.push(escapeHtml(account.sentence));
  const regressions = profile.history?.regressions ?? [];
  if (regressions.length > 0) {
    const items = regressions.map(
      (r) => `${r.metric === "restore" ? "restore" : "until on disk"} ${seconds(r.thisMs)} against a p90 of ${seconds(r.p90Ms)} over ${r.comparedRuns} earlier runs`
    );
    const alert = `> [!CAUTION]
> **Regression**: this run is beyond p90 of its label's history on the same hardware with a cache of similar size: ${items.join("; ")}.`;
    return [alert, lines.join("  \n")].filter(Boolean).join("\n\n");
  }
  return lines.join("  \n");
}
function p(x) {
  return x ? `${seconds(x.p50)} / ${seconds(x.p90)}` : "\u2013";
}
function historySection(profile) {
  const h = profile.history;
  if (!h) return "";
  const thisId = profile.fingerprint?.id;
  const runs = h.earlierRuns + 1;
  const kinds = h.groups.length;
  const head = `${escapeHtml(h.label)}: ${kinds} hardware kind${kinds === 1 ? "" : "s"} over ${runs} run${runs === 1 ? "" : "s"} (this one included).`;
  const rows = h.groups.map((g) => [
    `${g.fingerprintId === thisId ? "**this hardware** " : ""}\`${g.fingerprintId}\``,
    escapeHtml(g.hardware),
    String(g.runs),
    p(g.restoreMs),
    p(g.untilDurableMs)
  ]);
  const notes = h.notes.map((n) => `- ${escapeHtml(n)}`);
  return [
    "### History of this runner type",
    "",
    head,
    "",
    table(["Fingerprint", "Hardware", "Runs", "Restore p50 / p90", "Until on disk p50 / p90"], rows, ["l", "l", "r", "r", "r"]),
    "",
    "<sub>Runs on other hardware are kept apart. A run is flagged when it is beyond p90 of at least 5 earlier runs on the same hardware with a cache within 25% of its size.</sub>",
    ...notes.length > 0 ? ["", ...notes] : []
  ].join("\n");
}
function alwaysOnOutputs(profile) {
  const regressions = profile.history?.regressions ?? [];
  return {
    "hardware-fingerprint": profile.fingerprint?.id ?? "",
    "ceilings-source": profile.ceilingsSource ? profile.ceilingsSource.kind === "remembered" ? `run ${profile.ceilingsSource.runId}` : profile.ceilingsSource.kind : "",
    regression: profile.history ? String(regressions.length > 0) : ""
  };
}

// src/report/outputs.ts
function phaseSeconds(profile, name) {
  const p2 = profile.phases.find((x) => x.name === name);
  return p2 ? ((p2.endMs - p2.startMs) / 1e3).toFixed(3) : "";
}
function profileOutputs(profile, verdict) {
  const r = profile.restore;
  return {
    verdict: sayVerdict(verdict, profile),
    bottleneck: verdict.bottleneck,
    ...actionsCacheOutputs(r),
    "matched-key": r?.matchedKey ?? "",
    "lookup-seconds": phaseSeconds(profile, "lookup"),
    "download-seconds": phaseSeconds(profile, "download"),
    "extract-seconds": phaseSeconds(profile, "extract"),
    "writeback-seconds": phaseSeconds(profile, "writeback"),
    "restore-seconds": r ? (r.restoreMs / 1e3).toFixed(3) : "",
    "archive-bytes": r?.archiveBytes != null ? String(r.archiveBytes) : "",
    "extracted-bytes": r?.anatomy ? String(r.anatomy.extractedBytes) : "",
    "file-count": r?.anatomy ? String(r.anatomy.files) : "",
    // A probe that measured the page cache is no ceiling of the disk: its output is left empty.
    ...probeOutputs(profile.probes ? diskProbeSuite(profile, profile.probes) : null),
    ...experimentOutputs(profile.experiments),
    ...alwaysOnOutputs(profile)
  };
}
function restoredKey(r) {
  if (!r || r.error || r.matchedKey === null) return void 0;
  return r.cacheHit || r.skipped?.reason === "lookup-only" ? r.matchedKey : void 0;
}
function actionsCacheOutputs(r) {
  const primaryKey = r?.keysTried[0];
  if (r === null || primaryKey === void 0) return {};
  const key = restoredKey(r);
  if (key === void 0) return { "cache-primary-key": primaryKey };
  return { "cache-primary-key": primaryKey, "cache-matched-key": key, "cache-hit": String(isExactKeyMatch(primaryKey, key)) };
}

// src/judge/auto-rules.ts
var ABOVE_CEILING_FACTOR = 1.5;
var MIN_RATE_PHASE_MS = 500;
function restoreRates(phases) {
  let rates = null;
  for (const p2 of phases) {
    const a = p2.start.disks[0];
    const b = p2.end.disks[0];
    const seconds3 = (p2.endMs - p2.startMs) / 1e3;
    if (!a || !b || p2.endMs - p2.startMs < MIN_RATE_PHASE_MS) continue;
    const r = {
      writeBytesPerSecond: (b.sectorsWritten - a.sectorsWritten) * 512 / seconds3,
      writeIops: (b.writesCompleted - a.writesCompleted) / seconds3,
      readBytesPerSecond: (b.sectorsRead - a.sectorsRead) * 512 / seconds3,
      readIops: (b.readsCompleted - a.readsCompleted) / seconds3
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
var RATE_KINDS = ["write-bandwidth", "read-bandwidth", "write-iops", "read-iops"];
function ranAboveCeilings(rates, probes2) {
  if (!rates) return null;
  const ceiling = (name) => probes2.find((p2) => p2.name === name && !p2.error && p2.iops > 0);
  const checks = {
    "write-bandwidth": [rates.writeBytesPerSecond, ceiling("seq-write")?.bytesPerSecond],
    "read-bandwidth": [rates.readBytesPerSecond, ceiling("seq-read")?.bytesPerSecond],
    "write-iops": [rates.writeIops, ceiling("rand-write")?.iops],
    "read-iops": [rates.readIops, ceiling("rand-read")?.iops]
  };
  for (const rate of RATE_KINDS) {
    const [measured, remembered] = checks[rate];
    if (remembered !== void 0 && measured > remembered * ABOVE_CEILING_FACTOR) return { rate, measured, remembered };
  }
  return null;
}
var probed = (why) => ({ run: why.kind !== "fresh", why });
function decideProbes(input) {
  const r = input.remembered;
  if ("missing" in r) return probed({ kind: "none-remembered", missing: r.missing });
  if (!r.probes.some((p2) => !p2.error && p2.iops > 0)) return probed({ kind: "no-usable-ceiling", runId: r.runId });
  const ageMs = input.nowMs - Date.parse(r.probedAt);
  if (!Number.isFinite(ageMs) || ageMs > input.maxAgeMs)
    return probed({ kind: "stale", runId: r.runId, ageMs: Number.isFinite(ageMs) ? ageMs : null, maxAgeMs: input.maxAgeMs });
  const above = ranAboveCeilings(input.rates, r.probes);
  if (above) return probed({ kind: "ran-above", runId: r.runId, above });
  return probed({ kind: "fresh", runId: r.runId, probedAt: r.probedAt });
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
function fixMemory(remembered, now) {
  if ("missing" in remembered) return { reason: "none-remembered", remembered: null, compared: null, missing: remembered.missing };
  const on = remembered.measuredOn;
  const measure = (reason, measured, nowValue, limit) => ({
    reason,
    remembered: on,
    compared: { measured, now: nowValue, limit }
  });
  const moved = outOfRegime(remembered, now);
  if (moved) return measure(moved.reason, moved.measured, moved.now, moved.limit);
  if (remembered.bottleneck !== now.bottleneck) return measure("verdict-changed", remembered.bottleneck, now.bottleneck, 0);
  const ratio = now.untilDurableMs / remembered.untilDurableMs;
  const under = ratio < 1 / FIX_TIME_FACTOR && !now.untilDurableIsLowerBound;
  if (!(ratio <= FIX_TIME_FACTOR) || under) return measure("time-outside", remembered.untilDurableMs, now.untilDurableMs, FIX_TIME_FACTOR);
  const unmeasured = now.experiments.filter((e) => !remembered.experiments.includes(e));
  if (unmeasured.length > 0) return measure("not-measured", remembered.experiments.join(", "), unmeasured.join(", "), 0);
  return { reason: "fresh", remembered: on, compared: null };
}
function outOfRegime(remembered, now) {
  const on = remembered.measuredOn;
  if (on.fingerprintId !== now.fingerprintId) return { reason: "hardware-changed", measured: on.fingerprintId, now: now.fingerprintId, limit: 0 };
  const measuredAtMs = Date.parse(on.measuredAt);
  if (!Number.isFinite(measuredAtMs) || now.nowMs - measuredAtMs > FIX_MAX_AGE_MS)
    return { reason: "stale", measured: measuredAtMs, now: now.nowMs, limit: FIX_MAX_AGE_MS };
  if (now.archiveBytes !== null && outsideBand(remembered.archiveBytes, now.archiveBytes, FIX_SHAPE_BAND))
    return { reason: "size-changed", measured: remembered.archiveBytes, now: now.archiveBytes, limit: FIX_SHAPE_BAND };
  if (now.files !== null && remembered.files !== null && outsideBand(remembered.files, now.files, FIX_SHAPE_BAND))
    return { reason: "files-changed", measured: remembered.files, now: now.files, limit: FIX_SHAPE_BAND };
  return null;
}
function judgedInRegime(remembered, now) {
  return outOfRegime(remembered, now) === null;
}
var NOTHING_TO_MEASURE_KINDS = ["no-resource", "no-bottleneck", "network", "none-allowed"];
function decideExperiments(input) {
  const b = input.bottleneck;
  const skip = (why) => ({ run: false, why, experiments: [] });
  if (b === null || b === "inconclusive") return skip({ kind: "no-resource" });
  if (b === "none") return skip({ kind: "no-bottleneck" });
  const wanted = EXPERIMENTS_FOR[b].filter((e) => input.allowed.includes(e));
  if (wanted.length === 0) return skip(b === "network" ? { kind: "network" } : { kind: "none-allowed", bottleneck: b });
  if (input.untilDurableMs === null) return skip({ kind: "not-completed" });
  const underGate = input.untilDurableMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS;
  const gateFrom = underGate && input.toMeasure ? { runId: input.toMeasure.measuredOn.runId, untilDurableMs: input.toMeasure.untilDurableMs } : null;
  if (underGate && !gateFrom) return skip({ kind: "too-short", untilDurableMs: input.untilDurableMs, minMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS });
  const chose = {
    run: true,
    why: { kind: "chose", experiments: wanted, bottleneck: b, untilDurableMs: input.untilDurableMs, ...gateFrom ? { gateFrom } : {} },
    experiments: wanted
  };
  if (!input.remembered || !input.run) return chose;
  const memory = fixMemory(input.remembered, {
    ...input.run,
    bottleneck: b,
    untilDurableMs: input.untilDurableMs,
    ...input.untilDurableIsLowerBound ? { untilDurableIsLowerBound: true } : {},
    experiments: wanted
  });
  return memory.reason === "fresh" ? { ...chose, run: false, experiments: [], memory } : { ...chose, memory };
}

// src/report/say/auto.ts
var seconds2 = (ms) => `${(ms / 1e3).toFixed(ms < 1e4 ? 2 : 1)} s`;
var days = (ms) => `${(ms / 864e5).toFixed(ms < 864e5 ? 1 : 0)} days`;
var RATE_WORDS = {
  "write-bandwidth": { unit: "MiB/s written", bytes: true },
  "read-bandwidth": { unit: "MiB/s read", bytes: true },
  "write-iops": { unit: "writes/s", bytes: false },
  "read-iops": { unit: "reads/s", bytes: false }
};
function sayRanAbove(a) {
  const { unit, bytes: bytes2 } = RATE_WORDS[a.rate];
  const fmt = (v) => bytes2 ? (v / MiB).toFixed(0) : v.toFixed(0);
  return `the restore ran at ${fmt(a.measured)} ${unit}, above the remembered ceiling of ${fmt(a.remembered)}`;
}
function sayProbeDecision(why) {
  switch (why.kind) {
    case "none-remembered":
      return `probes: auto probed because no ceilings are remembered for this hardware (${why.missing})`;
    case "no-usable-ceiling":
      return `probes: auto probed because the remembered entry of run ${why.runId} holds no usable ceiling`;
    case "stale":
      return `probes: auto probed because the remembered ceilings (run ${why.runId}) are ${why.ageMs !== null ? days(why.ageMs) : "of unknown age"} old, over ceilings-max-age-days (${days(why.maxAgeMs)})`;
    case "ran-above":
      return `probes: auto probed because ${sayRanAbove(why.above)} (run ${why.runId})`;
    case "fresh":
      return `probes: auto used the ceilings remembered from run ${why.runId} (probed ${why.probedAt.slice(0, 10)}, same hardware fingerprint); the restore stayed under them`;
  }
}
function skipped(why) {
  switch (why.kind) {
    case "no-resource":
      return "the verdict names no resource, so no fix can be aimed at one";
    case "no-bottleneck":
      return "the verdict names no bottleneck, so there is nothing to fix";
    case "network":
      return "the verdict names the network, which none of them changes (they extract the same archive again)";
    case "none-allowed":
      return `none of the allowed experiments changes ${why.bottleneck}`;
    case "not-completed":
      return "the restore did not complete, so there is no time a fix could save";
    case "too-short":
      return `the restore took ${seconds2(why.untilDurableMs)} until its files were on disk, under ${seconds2(why.minMs)}: a fix would save less than the experiments cost`;
  }
}
function sayExperimentsDecision(why) {
  if (why.kind === "chose") {
    const chose = `experiments: auto chose ${why.experiments.join(", ")}: the verdict names ${why.bottleneck} and the restore took ${seconds2(why.untilDurableMs)} until on disk`;
    const from = why.gateFrom;
    return from ? `${chose}, under auto's ${seconds2(AUTO_EXPERIMENTS_MIN_RESTORE_MS)}, but run ${from.runId}'s took ${seconds2(from.untilDurableMs)}, judged with its tail in its post step, which could not measure (so this run waited for its tail)` : chose;
  }
  return `experiments: auto skipped them: ${skipped(why)}`;
}

// src/report/fix-memory.ts
var days2 = (ms) => `${(ms / 864e5).toFixed(ms < 864e5 ? 1 : 0)} days`;
function measuredOnWords(on) {
  return `on run ${on.runId}${on.runAttempt !== "1" ? ` (attempt ${on.runAttempt})` : ""} (${utcMinute(on.measuredAt)} UTC)`;
}
function fixMemoryWords(m) {
  const run = m.remembered ? `run ${m.remembered.runId}` : "no run";
  const c = m.compared;
  const num = (v) => typeof v === "number" ? v : Number.NaN;
  switch (m.reason) {
    case "fresh":
      return `the same hardware, a cache within ${percent(FIX_SHAPE_BAND)} of its size and file count, the same verdict and a time until on disk within ${FIX_TIME_FACTOR}\xD7 of its; measured again after ${days2(FIX_MAX_AGE_MS)} or when one of these changes`;
    case "none-remembered":
      return `no measured fix is remembered for this hardware and cache (${m.missing ?? "none found"})`;
    case "stale":
      return `the fixes of ${run} are ${Number.isFinite(num(c?.measured)) ? days2(num(c?.now) - num(c?.measured)) : "of unknown age"} old, over ${days2(num(c?.limit))}`;
    case "hardware-changed":
      return `the fixes remembered for this cache were measured by ${run} on other hardware (fingerprint ${c?.measured}, this run ${c?.now})`;
    case "size-changed":
      return `the archive is ${bytes(num(c?.now))}, more than ${percent(num(c?.limit))} from the ${bytes(num(c?.measured))} ${run} measured the fixes with`;
    case "files-changed":
      return `the cache holds ${formatNumber(num(c?.now))} files, more than ${percent(num(c?.limit))} from the ${formatNumber(num(c?.measured))} ${run} measured the fixes with`;
    case "verdict-changed":
      return `the verdict names ${c?.now}, where ${run} measured the fixes for ${c?.measured}`;
    case "time-outside":
      return `the restore took ${seconds(num(c?.now))} until on disk, outside ${num(c?.limit)}\xD7 of the ${seconds(num(c?.measured))} ${run} measured the fixes at`;
    case "not-measured":
      return `${run} did not measure ${c?.now} (it measured ${c?.measured})`;
  }
}
function autoExperimentsReason(d) {
  const chose = sayExperimentsDecision(d.why);
  if (!d.memory) return chose;
  if (d.memory.reason === "fresh")
    return `experiments: auto reused the fixes measured ${d.memory.remembered ? measuredOnWords(d.memory.remembered) : "by an earlier run"}: ${fixMemoryWords(d.memory)}`;
  return `${chose}; measured because ${fixMemoryWords(d.memory)}`;
}

export {
  pageCacheLoop,
  sayProbeNote,
  sayPageCacheProbe,
  diskProbeSuite,
  restoreRates,
  decideProbes,
  EXPERIMENTS_FOR,
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  judgedInRegime,
  NOTHING_TO_MEASURE_KINDS,
  decideExperiments,
  sayProbeDecision,
  measuredOnWords,
  autoExperimentsReason,
  judgeDownload,
  stallLead,
  verdictCarriers,
  probeCounted,
  seqWriteMetIops,
  capMetBy,
  capsOnDevice,
  judgeInDetail,
  judgeProfile,
  experimentOutputs,
  experimentsAccount,
  alwaysOnLines,
  historySection,
  profileOutputs,
  restoredKey
};
