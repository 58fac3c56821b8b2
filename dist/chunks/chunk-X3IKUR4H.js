import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  describeFingerprint
} from "./chunk-GJ2PV6UY.js";
import {
  ABOVE_CEILING_SHARE,
  ABSORBED_SHARE,
  ALTERNATIVES,
  BOTTLENECK_LABEL,
  CEILING_WINDOW_MS,
  CHILD_CPU_IDLE_CORE,
  CHILD_CPU_WORKING_CORE,
  CPU_PRESSURE_HIGH,
  DIRTY_THROTTLE_SHARE,
  DISK_RESOURCES,
  FAR_BELOW_CEILING_SHARE,
  GiB,
  HALF_RULE_BELOW_SHARE,
  IDLE_UTIL_PERCENT,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  LOW_QUEUE_DEPTH,
  METADATA_OVERHEAD_SHARE,
  MINOR_PHASE_SHARE,
  MIN_SAVING_SHARE,
  MIN_SEEN_MS,
  MiB,
  NEAR_CEILING_SHARE,
  NOTHING_JUDGED_RULES,
  OTHER_WRITER_MIN_BYTES,
  OTHER_WRITER_RATIO,
  OWN_CPU_WAIT_SHARE,
  PROCESS_FULL_CORE,
  QD1_RATE_SHARE,
  QUOTA_FULL_SHARE,
  RAISED_SHARE,
  RESOURCES,
  RESOURCE_NOUN,
  RESTORE_RULES,
  SMALL_REQUEST_KIB,
  STEADY_RATE_SHARE,
  STEADY_WINDOW_MS,
  SUSTAINED_RATE_MS,
  THROTTLED_MIN_PERIODS,
  THROTTLED_PERIODS_SHARE,
  TIMEOUT_MARGIN,
  TIME_AT_CEILING_SHARE,
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  VERDICT_PHASE_NOUN,
  WHAT_IF_SPEEDUP,
  WORTH_CHANGING,
  WRITEBACK_TAIL_SHARE,
  bytes,
  candidate,
  capitalised,
  ceilingsOf,
  ceilingsOnDevice,
  cgroupDirtyScale,
  cores,
  describeShare,
  deviceIndexFor,
  diskLimit,
  diskLoad,
  endedByTimeout,
  escapeHtml,
  flowingMs,
  formatNumber,
  hasCeilings,
  iops,
  iopsIsOwnLimit,
  isDiskResource,
  isExactKeyMatch,
  judgeTransfer,
  limitedBy,
  longestQuiet,
  median2 as median,
  mibPerSecond,
  percent,
  phaseFacts,
  quotaFloorMs,
  quotaOf,
  seconds,
  seqWriteMetIops,
  settle,
  shareOf,
  snapshotFacts,
  stackOf,
  stallPlace,
  table,
  tailDeviceIndex,
  worthChanging,
  wroteAlmostNothingEarly
} from "./chunk-BXCINKFH.js";
import {
  ProfilerError
} from "./chunk-76DRRFYG.js";

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
function segmentTimeoutWords(cutMs, normalMs, segmentBytes) {
  const minutes = (ms) => formatNumber(ms / 6e4);
  if (segmentTimeoutIsSafe(cutMs, normalMs)) return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(cutMs)} or less would have cut this one short`;
  const normal2 = normalMs === null ? "no normal segment time was measured" : `a normal segment (${bytes(segmentBytes ?? 0)}) took ${seconds(normalMs)} at this download's rate, and a setting under ${TIMEOUT_MARGIN} times that would abort restores as misses`;
  return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(cutMs)} would have cut this one short, but ${normal2}, so no setting is advised`;
}
function toolkitOnStall(limits, kind, durationMs, endedIt, segmentTimeoutToCutMs, normalMs) {
  const minutes = (ms) => formatNumber(ms / 6e4);
  if (limits.path === "http-stream") {
    const cut = endedIt || durationMs >= limits.requestTimeoutMs;
    return `on the plain HTTP download @actions/cache destroys the response after ${seconds(limits.requestTimeoutMs)} without a byte (its SocketTimeout, no setting changes it) and the restore fails as a miss${cut ? ": that is what ended this one" : ": this stall stayed under it"}`;
  }
  const retried = endedIt || durationMs >= limits.requestTimeoutMs;
  if (limits.path === "http-concurrent") {
    return `http-client's concurrent download gives each 4 MiB part ${seconds(limits.requestTimeoutMs)} and then fetches it again (5 tries; no setting changes it)${retried ? ": that retry ran here" : ": this stall stayed under it"}`;
  }
  if (kind === "first-byte") {
    return `the Azure SDK aborts and retries a request without response headers after ${seconds(limits.requestTimeoutMs)} (its per-try timeout; no setting of actions/cache changes it)${retried ? ": that retry ran here" : ": this wait stayed under it"}`;
  }
  const segment = limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  return `the Azure SDK has no timeout on a response body (its ${seconds(limits.requestTimeoutMs)} per-try timeout ends at the headers): only the segment timeout, SEGMENT_DOWNLOAD_TIMEOUT_MINS (${minutes(segment)} min in force), ends it, aborting the whole restore as a miss; ${segmentTimeoutWords(segmentTimeoutToCutMs ?? segment, normalMs, limits.segmentBytes)} (the step's timeout-minutes only fails the job)`;
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
  noun: "download",
  verb: "received",
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
      toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout2, segmentTimeoutToCutMs, normalMs),
      endedByTimeout: endedByTimeout2,
      segmentTimeoutToCutMs,
      ...sdkBody ? { normalSegmentMs: normalMs } : {}
    };
  },
  wholeMs: (s) => s.wholeDownloadMs,
  stallWhat: (s) => s.kind === "body" ? `request #${s.requestId} received nothing for ${seconds(s.durationMs)}` : s.kind === "first-byte" ? `request #${s.requestId} waited ${seconds(s.durationMs)} for its first byte` : `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`,
  hasBody: (r) => r.firstByteMs !== null,
  answered: () => true,
  body: (r) => ({ fromMs: r.firstByteMs, toMs: r.endMs, bytes: r.receivedBytes }),
  flowingMs: (t) => flowingMs(t),
  evidence: (t, f) => [
    `${f.data.length} GET request${f.data.length === 1 ? "" : "s"} on the ${t.limits.path} path (up to ${t.limits.concurrency} in parallel, ${formatNumber(f.meanInFlight)} in flight on average), ${bytes(f.totalBytes)} received in ${seconds(f.durationMs)}: ${mibPerSecond(f.bytesPerSecond)}`,
    `bytes flowed ${percent(f.flowingMs / f.durationMs)} of the time; requests spent ${percent(f.waitShare)} of their time waiting for a first byte (median ${seconds(median(f.waits))}, fastest ${seconds(f.waits.length > 0 ? Math.min(...f.waits) : 0)})`
  ],
  limitWords: (meanInFlight, rate) => ({
    noun: "download",
    latency: (share, wait) => `the download waited on round trips: its requests spent ${percent(share)} of their time waiting for a first byte, ${seconds(wait)} each, so ${formatNumber(meanInFlight)} requests in flight at a round trip each bound the rate at ${mibPerSecond(rate)}`,
    storeWaits: "waiting for a first byte, and those waits ranged",
    alone: "one connection carried the download",
    shortWaits: "short waits for first bytes"
  }),
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
  whatIf: (change, downloadLowerBoundMs, sentence) => ({ change, downloadLowerBoundMs, sentence }),
  samePart: (failed, later) => rangeEnd(later) !== null && rangeEnd(later) === rangeEnd(failed),
  interruption: (r, retry, t) => {
    const what = r.outcome === "error" ? `failed before a response (${r.range ?? "whole blob"})` : `was closed after ${bytes(r.receivedBytes)} (${r.range ?? "whole blob"})`;
    const after = retry ? `request #${retry.id} asked for ${retry.range} ${seconds(Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)))} later: a retry` : t.limits.path === "azure-sdk" && r.outcome === "aborted" ? "nothing fetched it again: the Azure SDK takes a connection closed mid-body as an abort and gives up the download" : "nothing fetched it again";
    return `request #${r.id} ${what} ${seconds(Math.max(0, (r.endMs ?? r.startMs) - t.startMs))} into the download; ${after}`;
  }
};
function judgeDownload(t, archiveBytes) {
  return judgeTransfer(downloadRules, t, archiveBytes);
}

// src/judge/download-in-verdict.ts
function stallOpening(stall) {
  return `The download stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}`;
}
function segmentTimeoutMinutes(stall, limits) {
  const settingMs = stall.segmentTimeoutToCutMs ?? limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  return {
    setting: formatNumber(settingMs / 6e4),
    inForce: formatNumber((limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS) / 6e4),
    safe: segmentTimeoutIsSafe(settingMs, stall.normalSegmentMs ?? null)
  };
}
function stallHeadline(stall, archiveBytes, timeline) {
  const head = `${stallOpening(stall)}, ${stallPlace(stall, archiveBytes)})`;
  const l = timeline.limits;
  const ended = stall.endedByTimeout === true;
  if (l.path === "http-stream") {
    return ended ? `${head}: @actions/cache's ${seconds(l.requestTimeoutMs)} socket timeout on the plain HTTP download ended it and the restore failed (no setting changes that timeout).` : `${head}: only @actions/cache's ${seconds(l.requestTimeoutMs)} socket timeout on the plain HTTP download would cut a longer one short, failing the restore (no setting changes it).`;
  }
  if (l.path === "http-concurrent" || stall.kind === "first-byte") {
    return `${head}: the toolkit's ${seconds(l.requestTimeoutMs)} per-request timeout ${ended ? "cut it short and retried it" : "would have cut a longer one short and retried it"} (no setting of actions/cache changes it).`;
  }
  const { setting, inForce, safe } = segmentTimeoutMinutes(stall, l);
  if (!safe)
    return `${head}: the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it (${setting}; ${inForce} in force) would also abort a normal segment, failing restores as misses.`;
  return `${head}: SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} or less (${inForce} in force) would have cut it short, aborting the restore as a miss; the Azure SDK has no timeout on a response body.`;
}
function stallLeads(stall, verdict, restoreFailed) {
  if (restoreFailed && stall.endedByTimeout === true) return true;
  const phases = verdict.phases.map((p2) => ({ phase: p2.phase, ms: p2.durationMs ?? 0 }));
  const totalMs = verdict.untilOnDiskMs ?? phases.reduce((s, p2) => s + p2.ms, 0);
  if (!worthChanging(stall.durationMs, totalMs)) return false;
  return phases.every((p2) => stall.durationMs >= (p2.phase === "download" ? p2.ms - stall.durationMs : p2.ms));
}
function pausesSentence(pauses, downloadMs) {
  if (pauses.length === 0) return null;
  const totalMs = pauses.reduce((s, p2) => s + p2.durationMs, 0);
  const disk = pauses.filter((p2) => p2.owner === "disk");
  const diskMs2 = disk.reduce((s, p2) => s + p2.durationMs, 0);
  const share = downloadMs > 0 ? ` (${percent(totalMs / downloadMs)} of the download)` : "";
  const whose = disk.length === pauses.length ? `what the archive's disk wrote through ${pauses.length === 1 ? "it" : `all ${pauses.length}`} needed at least half of the time at its write ceiling: @actions/cache was writing the segment it had to the archive file, so the time is the disk's` : disk.length === 0 ? "what the archive's disk wrote meanwhile needed less than half of it at its write ceiling: the time is the toolkit's own (writing each segment to the archive file through the page cache, starting the next)" : `what the archive's disk wrote through ${disk.length} of them (${seconds(diskMs2)}) needed at least half of that time at its write ceiling, the disk's (the toolkit writing a segment to the archive file); the rest is the toolkit's own`;
  return `No request was in flight for ${seconds(totalMs)}${share} in ${pauses.length} pause${pauses.length === 1 ? "" : "s"} between the SDK's segments or after the last: ${whose}; none of it is the network's.`;
}
function withDownloadVerdict(profile, verdict, pauses = []) {
  const phase = profile.phases.find((p2) => p2.name === "download");
  const timeline = phase?.downloadTimeline;
  if (!phase || !timeline) return verdict;
  const archiveBytes = phase.networkBytes ?? profile.restore?.archiveBytes ?? null;
  const judged = judgeDownload(timeline, archiveBytes);
  const paused = pausesSentence(pauses, phase.endMs - phase.startMs);
  const download = paused ? { ...judged, evidence: [...judged.evidence, paused] } : judged;
  const stall = download.limit === "stall" ? download.stalls[0] : void 0;
  if (!stall || !stallLeads(stall, verdict, profile.restore?.error != null)) return { ...verdict, download };
  return { ...verdict, sentence: `${stallHeadline(stall, archiveBytes, timeline)} ${verdict.sentence}`, download, leads: "download-stall" };
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
  if (!p2) return null;
  const written = p2.deviceWrittenBytes;
  const found = p2.owedBeforeBytes === null ? "" : ` (Dirty + Writeback machine-wide before it: ${bytes(p2.owedBeforeBytes)})`;
  return `Earlier steps' dirty pages: ${written === null ? "flushed" : `${bytes(written)} written`} in ${seconds(p2.durationMs)} before the lookup${found}, outside the restore's time and figures.`;
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
function attribute(x) {
  const sentences = [];
  const before = earlierSteps(x.profile);
  if (before) sentences.push(before);
  const ownWrittenBytes = x.extract?.ownIo?.writeBytes ?? null;
  const ownCancelledBytes = x.extract?.ownIo?.cancelledWriteBytes ?? null;
  const deviceWrittenBytes = x.extract?.disk || x.tail?.disk ? (x.extract?.disk?.writtenBytes ?? 0) + (x.tail?.disk?.writtenBytes ?? 0) : null;
  const archiveBytes = x.download?.ownIo?.writeBytes ?? null;
  if (archiveBytes !== null && ownCancelledBytes !== null && archiveBytes > 0) {
    sentences.push(
      `The archive (${bytes(archiveBytes)} written by the download) was deleted right after extraction, as restoreCache does: ${bytes(ownCancelledBytes)} of it left the page cache unwritten.`
    );
  }
  const archiveWritten = archiveWrittenBytes(x.download, x.extract);
  let other = null;
  if (ownWrittenBytes !== null && deviceWrittenBytes !== null) {
    const own = ownWrittenBytes + archiveWritten;
    const ownWords = archiveWritten >= 0.01 * ownWrittenBytes ? `the restore's own: tar's ${bytes(ownWrittenBytes)} and the archive's ${bytes(archiveWritten)} that reached the same disk, ${bytes(own)} together` : `the restore's own: tar's ${bytes(ownWrittenBytes)}`;
    other = otherWriterBytes(own, deviceWrittenBytes);
    if (other !== null) {
      sentences.push(
        `Another writer shared the restore's disk: it wrote ${bytes(deviceWrittenBytes)} during extraction and the tail, ${bytes(other)} more than ${ownWords}. The disk figures of those phases include it; the restore's time does too, as it would on this runner.`
      );
    } else {
      const overhead = own > 0 ? (deviceWrittenBytes - own) / own : 0;
      const what = overhead > METADATA_OVERHEAD_SHARE ? `more than file-system metadata and journal added in the lab's runs (up to ${percent(METADATA_OVERHEAD_SHARE)}), so likely another writer on the same disk` : "file-system metadata and journal, and any other writer on the same disk";
      const rest = overhead > 0.01 ? `, ${bytes(deviceWrittenBytes - own)} (${percent(overhead)}) more than ${ownWords}; ${what}` : "";
      sentences.push(
        `The restore's own writes: tar wrote ${bytes(ownWrittenBytes)} into the page cache; the disk wrote ${bytes(deviceWrittenBytes)} during extraction and the tail${rest}.`
      );
    }
  }
  return { ownWrittenBytes, ownCancelledBytes, deviceWrittenBytes, otherWriterBytes: other, sentences };
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
function capText(profile, kind, value) {
  const file = profile.context.cgroup?.version === 2 ? "io.max" : "blkio";
  const figure = kind === "seqWriteBytesPerSecond" || kind === "seqReadBytesPerSecond" ? mibPerSecond(value) : `${iops(value)}, counted in bios before merging`;
  return `the cgroup's ${file} cap of ${figure}`;
}
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
  for (const kind of Object.keys(CAP_FIELD)) {
    const value = cap[CAP_FIELD[kind]];
    if (value === void 0) continue;
    const probed = out[kind];
    if (kind === "randWriteIops") out.writeBiosCap = value;
    const metIops = kind === "seqWriteBytesPerSecond" ? out.seqWriteMetIops : void 0;
    if (metIops) {
      out[kind] = value;
      const iopsCap = cap.writeIops ? `the IOPS cap (${iops(cap.writeIops)})` : "an IOPS limit";
      out.from = {
        ...out.from,
        [kind]: {
          said: `${capText(profile, kind, value)} (fio's sequential-write probe met ${iopsCap}, not this one: its ${mibPerSecond(metIops.seqBytesPerSecond)} is that cap in bytes)`,
          cap: true
        }
      };
      continue;
    }
    if (probed !== null && probed <= value) {
      out.from = { ...out.from, [kind]: { said: `fio's ${figureOf(kind, probed)} (below ${capText(profile, kind, value)})`, cap: false } };
      continue;
    }
    out[kind] = value;
    const fio = probed === null ? "" : ` (below the ${figureOf(kind, probed)} fio measured)`;
    out.from = { ...out.from, [kind]: { said: `${capText(profile, kind, value)}${fio}`, cap: true } };
    if (kind === "randWriteIops") out.randWriteCountsBios = true;
  }
  return out;
}
function figureOf(kind, value) {
  return kind === "seqWriteBytesPerSecond" || kind === "seqReadBytesPerSecond" ? mibPerSecond(value) : iops(value);
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
        `the step's cgroup used ${cores(g.usageCores ?? 0)}, ${percent(usageShare)} of its ${formatNumber(g.quotaCores)}-core CPU quota`,
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
        `the cgroup ran out of its CPU quota in ${percent(g.throttledShare)} of the kernel's ${g.periods} scheduling periods (CFS periods), its processes made to wait ${seconds(g.throttledMs)} in all`,
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
        `the busiest process of the extraction (${p2.comm}) used ${describeBusiest(p2)}${reachNote(facts)}`,
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
        `tar and zstd together used ${formatNumber(facts.childCores)} of a core (per-process CPU not recorded)`,
        facts.childCores,
        "cores",
        processSaturated ? ["cpu"] : [],
        full
      )
    );
  }
  if (p2 && facts.childCores !== null) {
    c.push(candidate("child-cpu-cores", `tar and zstd together used ${formatNumber(facts.childCores)} of a core`, facts.childCores, "cores", []));
  }
  const working = facts.childCores !== null && facts.childCores >= CHILD_CPU_WORKING_CORE;
  const pressed = facts.pressure.cpuSome !== null && facts.pressure.cpuSome >= CPU_PRESSURE_HIGH;
  const heldByWriteback = dirtyPeakShare !== null && dirtyPeakShare >= DIRTY_THROTTLE_SHARE && facts.pressure.ioSome !== null && facts.pressure.ioSome >= IO_PRESSURE_HIGH;
  const own = ownWait(facts, heldByWriteback);
  const otherLoad = own !== null && pressed && own.atMostShare < OWN_CPU_WAIT_SHARE ? { cpuSome: facts.pressure.cpuSome ?? 0, ownAtMostShare: own.atMostShare } : null;
  if (own !== null) c.push(own.candidate(working && !heldByWriteback));
  if (facts.pressure.cpuSome !== null) {
    const held = heldByWriteback && own === null ? ", machine-wide: with Dirty at the throttle point and I/O stalls high, tar waited for writeback, not for a CPU" : "";
    const whose = otherLoad !== null ? `, machine-wide: tar and zstd waited for a CPU at most ${percent(otherLoad.ownAtMostShare)} of the time, so this was another job's load, not this restore's limit` : own === null ? "; the restore's own run-queue wait was not recorded" : "";
    c.push(
      candidate(
        "cpu-pressure-some",
        `runnable tasks waited for a CPU ${percent(facts.pressure.cpuSome)} of the time (the kernel's CPU pressure figure, PSI cpu some${held}${whose})`,
        facts.pressure.cpuSome,
        "share",
        pressed && working && !heldByWriteback && otherLoad === null ? ["cpu"] : [],
        CPU_PRESSURE_HIGH
      )
    );
  }
  const pipelineSaturated = !processSaturated && p2 !== null && facts.cpuReach.quotaCores === null && facts.childCores !== null && facts.childCores >= full;
  if (pipelineSaturated) {
    c.push(
      candidate(
        "pipeline-cores",
        `tar and zstd together kept ${formatNumber(facts.childCores ?? 0)} of a core busy over the whole extraction (exact: their reaped times)${reachNote(facts)}`,
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
    starved: working && !heldByWriteback && (own !== null ? own.waited : pressed),
    otherLoad,
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
  const atMost = atMostShare - share >= 0.01 ? `; none of them longer than ${percent(atMostShare)} (a wait shows once it ends, and their last moments fell between snapshots)` : "";
  const held = waited && heldByWriteback ? "; with Dirty at the throttle point and I/O stalls high the writeback held tar back too, whatever CPU it got" : "";
  return {
    waited,
    atMostShare,
    candidate: (argues) => candidate(
      "own-cpu-wait",
      `${w.comm} waited on a run queue for ${seconds(w.atLeastMs)}, ${percent(share)} of the time, the longest of tar and zstd (their own wait for a CPU, /proc/<pid>/schedstat, a CFS quota's throttling included)${atMost}${held}`,
      share,
      "share",
      waited && argues ? ["cpu"] : [],
      OWN_CPU_WAIT_SHARE
    )
  };
}
function reachNote(facts) {
  const q = facts.cpuReach.quotaCores;
  return q === null ? "" : ` (the cgroup's ${formatNumber(q)}-core CPU quota is all one process can get)`;
}
function judgedCores(p2, full = PROCESS_FULL_CORE) {
  const whileSeen = p2.coresWhileSeen ?? 0;
  const atMost = p2.coresAtMost ?? p2.cores;
  if (p2.cores >= full || (p2.seenMs ?? 0) < MIN_SEEN_MS || whileSeen < full || atMost < full) return p2.cores;
  return Math.min(whileSeen, atMost);
}
function describeBusiest(p2) {
  const atMost = p2.coresAtMost ?? null;
  const range = atMost !== null && atMost - p2.cores >= 0.01 ? `${formatNumber(p2.cores)}\u2013${formatNumber(atMost)}` : formatNumber(p2.cores);
  const seen = p2.coresWhileSeen != null && range !== formatNumber(p2.cores) ? ` (${formatNumber(p2.coresWhileSeen)} over the ${seconds(p2.seenMs ?? 0)} it was sampled)` : "";
  return `${range} of a core${seen}`;
}
function describeCores(b) {
  return b.atMost - b.atLeast >= 0.01 ? `${formatNumber(b.atLeast)}\u2013${formatNumber(b.atMost)} of a core` : `${formatNumber(b.atLeast)} of a core`;
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
        `the process running the download used ${describeCores(b)}${reachNote(facts)}`,
        saturated ? b.atLeast : b.atMost,
        "cores",
        saturated ? ["cpu"] : NOT_CPU,
        full
      )
    );
  } else if (b !== null) {
    c.push(
      candidate(
        "download-process-cores",
        `CPU not measured: the download's ${seconds(facts.durationMs)} hold too few 10 ms ticks to tell (the process used ${describeCores(b)})`,
        null,
        "cores",
        []
      )
    );
  } else {
    c.push(candidate("download-process-cores", "CPU not recorded: this profile has no figure for the process's own CPU", null, "cores", []));
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return { processSaturated: saturated, pipelineSaturated: false, starved: false, otherLoad: null, quotaBound: quota.bound, measured, candidates: c };
}
function machineCandidates(facts, c) {
  if (facts.cpu?.busiestCpu != null) {
    c.push(candidate("busiest-cpu", `the busiest CPU was busy ${percent(facts.cpu.busiestCpu)} of the time`, facts.cpu.busiestCpu, "share", []));
  }
  if (facts.cpu) {
    c.push(candidate("cpu-busy", `all CPUs together were busy ${percent(facts.cpu.busy)} of the time`, facts.cpu.busy, "share", []));
    if (facts.cpu.steal > 0.01) {
      c.push(candidate("cpu-steal", `the hypervisor stole ${percent(facts.cpu.steal)} of CPU time`, facts.cpu.steal, "share", ["cpu"]));
    }
  }
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
    const load = diskLoad(facts, onDevice, device.name, stackOf(profile, index));
    const written = facts.disk?.writtenBytes ?? 0;
    const probed = hasCeilings(onDevice);
    const verdict = probed ? diskLimit(load) ?? "none" : "not-probed";
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
function diskClause(x, resource) {
  const s = shareOf(x.disk, resource);
  const time = x.disk.timeAtCeiling[resource];
  const timePart = time !== null && time > 0 ? ` (at the ceiling ${percent(time)} of the time)` : "";
  const requestKiB = x.facts.disk && s?.direction === "write" && resource === "disk-iops" ? x.facts.disk.writeRequestKiB : void 0;
  return s ? `${describeShare(s, x.what, requestKiB)}${timePart}` : `${x.what} ran into the disk's ${resource === "disk-iops" ? "IOPS" : "bandwidth"} ceiling`;
}
function kernelOnlyClause(x) {
  const d = x.facts.disk;
  const small = d !== null && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB;
  return `${x.what} ${small ? `issued ${formatNumber(d?.writesPerSecond ?? 0)} small writes/s` : `wrote at ${mibPerSecond((d?.writeKiBPerSecond ?? 0) * 1024)}`} with the device ${Math.round(d?.utilizationPercent ?? 0)}% busy, ${formatNumber(d?.averageQueueSize ?? 0)} requests queued and I/O stalls ${percent(x.facts.pressure.ioSome ?? 0)} of the time (no fio probes: judged from kernel counters alone)`;
}
function kernelOnlyResource(x) {
  const d = x.facts.disk;
  return d !== null && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB ? "disk-iops" : "disk-bandwidth";
}
function notMeasured(x) {
  const missing = [];
  if (!x.facts.disk) missing.push("disk not measured");
  else if (!probes(x)) missing.push("no fio ceilings for the disk");
  if (!x.cpu?.measured) {
    const short = x.name === "download" && x.facts.selfCoresBounds !== null;
    missing.push(short ? `CPU not measured: ${seconds(x.facts.durationMs)} hold too few 10 ms ticks` : "CPU not measured");
  }
  return missing;
}
var diskAtCeiling = {
  id: "disk-at-ceiling",
  apply: (x) => {
    if (!probes(x)) return null;
    const resource = diskLimit(x.disk);
    if (!resource) return null;
    const share = dirtyShare(x);
    const held = x.name === "extract" && share !== null && share >= DIRTY_THROTTLE_SHARE ? ` (the kernel's dirty-page limit held tar back: Dirty peaked at ${percent(share)} of it)` : "";
    return { bottleneck: resource, clause: `${diskClause(x, resource)}${held}` };
  }
};
var kernelSaturatedDisk = {
  id: "kernel-saturated-disk",
  apply: (x) => !probes(x) && x.disk.kernelSaturated ? { bottleneck: kernelOnlyResource(x), clause: kernelOnlyClause(x) } : null
};
var latencyBound = {
  id: "disk-latency",
  apply: (x) => {
    const d = x.facts.disk;
    if (!d || !probes(x) || d.averageQueueSize > LOW_QUEUE_DEPTH || !diskFar(x)) return null;
    const { qd1ReadIops, fsyncWriteIops } = x.ceilings;
    if (qd1ReadIops && d.readsPerSecond >= QD1_RATE_SHARE * qd1ReadIops) {
      return {
        bottleneck: "disk-iops",
        clause: `${x.what} read ${formatNumber(d.readsPerSecond)} requests/s one at a time (queue ${formatNumber(d.averageQueueSize)}), ${percent(d.readsPerSecond / qd1ReadIops)} of this disk's ${Math.round(qd1ReadIops)}/s at queue depth 1: latency-bound, far below its deep-queue ceilings`
      };
    }
    const flushes = d.flushesPerSecond ?? 0;
    if (fsyncWriteIops && flushes >= QD1_RATE_SHARE * fsyncWriteIops) {
      return {
        bottleneck: "disk-iops",
        clause: `${x.what} flushed ${formatNumber(flushes)} times/s, ${percent(flushes / fsyncWriteIops)} of this disk's ${Math.round(fsyncWriteIops)} fsync'd writes/s: latency-bound, far below its deep-queue ceilings`
      };
    }
    return null;
  }
};
var cpuProcess = {
  id: "cpu-process",
  apply: (x) => {
    if (!x.cpu?.processSaturated) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : (x.facts.pressure.ioSome ?? 0) < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p2 = x.facts.busiestProcess;
    const self = x.facts.selfCoresBounds;
    const who = x.name === "download" ? `the process running the download used ${self ? describeCores(self) : `${formatNumber(x.facts.selfCores ?? 0)} of a core`}` : p2 ? `${p2.comm} used ${describeBusiest(p2)}` : `tar and zstd together used ${formatNumber(x.facts.childCores ?? 0)} of a core`;
    const diskPart = x.disk.top ? `the disk ran at ${percent(x.disk.top.share)} of its ceilings` : `I/O stalls stayed at ${percent(x.facts.pressure.ioSome ?? 0)}`;
    const quota = x.facts.cpuReach.quotaCores;
    const limit = quota !== null ? `the cgroup's ${formatNumber(quota)}-core CPU quota is its limit` : x.name === "download" ? "its CPU is the limit" : "one core is its limit";
    return { bottleneck: "cpu", clause: `${who} during ${x.what} while ${diskPart}: ${limit}` };
  }
};
var cpuQuota = {
  id: "cpu-quota",
  apply: (x) => {
    const g = x.facts.cgroupCpu;
    if (!x.cpu?.quotaBound || !g || g.quotaCores === null) return null;
    const calm = probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated;
    if (!calm) return null;
    const used = g.usageCores === null ? "" : `used ${cores(g.usageCores)} of `;
    const throttled = g.throttledShare === null ? "" : ` and was throttled in ${percent(g.throttledShare)} of its CFS periods (it ran out of quota in that share of the kernel's scheduling periods), its processes made to wait ${seconds(g.throttledMs)} in all`;
    const diskPart = x.disk.top ? `, the disk at ${percent(x.disk.top.share)} of its ceilings` : "";
    return {
      bottleneck: "cpu",
      clause: `the step's cgroup ${used || "ran at "}its ${formatNumber(g.quotaCores)}-core CPU quota during ${x.what}${throttled}${diskPart}: the quota is the limit, whatever the host's ${x.profile.context.cpuCount} CPUs show`
    };
  }
};
var cpuStarved = {
  id: "cpu-starved",
  apply: (x) => {
    if (!x.cpu?.starved || probes(x) && x.disk.top !== null && !diskFar(x)) return null;
    const got = `tar and zstd got only ${formatNumber(x.facts.childCores ?? 0)} of a core`;
    const w = x.facts.ownCpuWait;
    const psi = x.facts.pressure.cpuSome;
    if (w === null) {
      return {
        bottleneck: "cpu",
        clause: `${got} while runnable tasks waited for a CPU ${percent(psi ?? 0)} of the time during ${x.what} (a CPU quota or other processes held them back; their own run-queue wait was not recorded)`
      };
    }
    const machine = psi === null ? "" : `; PSI cpu some ${percent(psi)} machine-wide`;
    return {
      bottleneck: "cpu",
      clause: `${got} during ${x.what} while ${w.comm} waited on a run queue ${percent(w.atLeastMs / x.facts.durationMs)} of the time (its own wait for a CPU: a CPU quota or other processes held it back${machine})`
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
    const ioSome = x.facts.pressure.ioSome ?? 0;
    const calm = (probes(x) ? x.disk.top === null || diskFar(x) : !x.disk.kernelSaturated) && ioSome < IO_PRESSURE_LOW;
    if (!calm) return null;
    const p2 = x.facts.busiestProcess;
    const busiest = p2 ? `, ${p2.comm} alone ${describeBusiest(p2)},` : "";
    const diskPart = x.disk.top ? `the disk ran at ${percent(x.disk.top.share)} of its ceilings` : "the disk was not saturated";
    const quota = x.facts.cpuReach.quotaCores;
    const limit = quota !== null ? `the cgroup's ${formatNumber(quota)}-core CPU quota is the limit` : "their CPU work is the extraction's time";
    return {
      bottleneck: "cpu",
      clause: `tar and zstd together kept ${formatNumber(x.facts.childCores ?? 0)} of a core busy during ${x.what}${busiest} while ${diskPart} and I/O stalls stayed at ${percent(ioSome)}: ${limit}`
    };
  }
};
var dirtyThrottled = {
  id: "dirty-throttled",
  apply: (x) => {
    const share = dirtyShare(x);
    const idle = x.facts.childCores !== null && x.facts.childCores < CHILD_CPU_IDLE_CORE;
    const pressed = (x.disk.top?.share ?? 0) >= FAR_BELOW_CEILING_SHARE || (x.facts.pressure.ioSome ?? 0) >= IO_PRESSURE_HIGH;
    if (share === null || share < DIRTY_THROTTLE_SHARE || !idle || !pressed) return null;
    const bios = biosAtCeiling(x);
    const resource = bios ? "disk-iops" : x.disk.top?.resource ?? kernelOnlyResource(x);
    const diskPart = bios ? `the disk issued ${formatNumber(bios.beforeMergePerSecond)} write bios/s, ${percent(bios.beforeMergePerSecond / bios.ceiling)} of the ${formatNumber(Math.round(bios.ceiling))} IOPS random-write ceiling, with its bytes at ${percent(shareOf(x.disk, "disk-bandwidth")?.share ?? 0)} of the bandwidth one` : x.disk.top ? describeShare(x.disk.top, "the disk") : `the disk wrote at ${mibPerSecond((x.facts.disk?.writeKiBPerSecond ?? 0) * 1024)} (no fio ceiling to hold it against) with I/O stalls ${percent(x.facts.pressure.ioSome ?? 0)} of the time`;
    return {
      bottleneck: resource,
      ...bios && bios.used !== "before-merge" ? { iopsCount: "before-merge" } : {},
      clause: `${x.what} was throttled by the kernel's dirty-page limit (Dirty peaked at ${percent(share)} of it) while ${diskPart} and tar used only ${formatNumber(x.facts.childCores ?? 0)} of a core`
    };
  }
};
var cameNearNone = {
  id: "near-no-ceiling",
  apply: (x) => {
    if (!probes(x) || x.disk.top === null || x.cpu?.processSaturated || x.cpu?.pipelineSaturated || x.cpu?.starved || x.cpu?.quotaBound) return null;
    const cpuPart = x.facts.busiestProcess ? `, the busiest process ${describeBusiest(x.facts.busiestProcess)}` : "";
    return {
      bottleneck: "none",
      clause: `${x.what} came near no ceiling: the disk at most ${percent(x.disk.top.share)} of its ceilings${cpuPart}${otherLoadNote(x)}`
    };
  }
};
function cpuFigure(x) {
  const self = x.facts.selfCoresBounds;
  if (x.name === "download" && self) return `the process running it used ${describeCores(self)}`;
  const p2 = x.facts.busiestProcess;
  return p2 ? `the busiest process used ${describeBusiest(p2)}` : `tar and zstd together used ${formatNumber(x.facts.childCores ?? 0)} of a core`;
}
function otherLoadNote(x) {
  const o = x.cpu?.otherLoad;
  return o ? `; another job's CPU load, not this restore's limit: runnable tasks waited for a CPU ${percent(o.cpuSome)} of the time machine-wide (PSI cpu some), tar and zstd at most ${percent(o.ownAtMostShare)}` : "";
}
var inconclusive = {
  id: "inconclusive",
  apply: (x) => {
    const missing = notMeasured(x);
    return {
      bottleneck: "inconclusive",
      clause: missing.length > 0 ? `${x.what} cannot be pinned on one resource (${missing.join(", ")})` : `${x.what} cannot be pinned on one resource: the disk ran at ${percent(x.disk.top?.share ?? 0)} of its ceilings, neither near nor far from them, and ${cpuFigure(x)}${otherLoadNote(x)}`
    };
  }
};
var downloadRate = (x) => x.networkBytes !== null && x.facts.durationMs > 0 ? x.networkBytes / (x.facts.durationMs / 1e3) : null;
var networkBound = {
  id: "network",
  apply: (x) => {
    const rate = downloadRate(x);
    const at = rate === null ? "" : ` at ${mibPerSecond(rate)}`;
    const self = x.facts.selfCoresBounds;
    if (self !== null && !x.cpu?.measured) return null;
    const cpuPart = self !== null ? `the process running it used ${describeCores(self)}` : "its CPU not recorded";
    if (probes(x) && x.disk.top !== null) {
      if (!diskFar(x)) return null;
      return { bottleneck: "network", clause: `the download ran${at} while the disk stayed at ${percent(x.disk.top.share)} of its ceilings and ${cpuPart}` };
    }
    const d = x.facts.disk;
    if (d && d.utilizationPercent < IDLE_UTIL_PERCENT && (x.facts.pressure.ioSome ?? 0) < IO_PRESSURE_LOW) {
      return {
        bottleneck: "network",
        clause: `the download ran${at} while the disk stayed mostly idle (${Math.round(d.utilizationPercent)}% busy, no fio ceilings) and ${cpuPart}`
      };
    }
    return null;
  }
};
var lookupRoundTrip = {
  id: "lookup-round-trip",
  apply: (x) => ({ bottleneck: "network", clause: `the cache lookup, a round trip to the cache service, took ${seconds(x.facts.durationMs)}` })
};
var tailShort = {
  id: "tail-short",
  apply: (x) => {
    if (x.totalMs <= 0 || x.facts.durationMs / x.totalMs >= WRITEBACK_TAIL_SHARE) return null;
    return { bottleneck: "none", clause: `the writeback tail after tar exited was short: ${seconds(x.facts.durationMs)} until syncfs returned${tailBytes(x)}` };
  }
};
function tailBytes(x) {
  const written = x.facts.disk?.writtenBytes;
  return written === void 0 ? "" : ` (${bytes(written)} written)`;
}
var tailDisk = {
  id: "tail-disk",
  apply: (x) => {
    const resource = probes(x) ? x.disk.top && x.disk.top.share >= FAR_BELOW_CEILING_SHARE ? x.disk.top.resource : null : x.disk.kernelSaturated ? kernelOnlyResource(x) : null;
    if (!resource) return null;
    const why = probes(x) ? diskClause({ ...x, what: "it" }, resource) : kernelOnlyClause({ ...x, what: "it" });
    return { bottleneck: resource, clause: `after tar exited the page cache needed ${seconds(x.facts.durationMs)} more to put the files on disk: ${why}` };
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
    const device = x.facts.deviceIndex === null ? "the disk" : x.profile.devices[x.facts.deviceIndex]?.name ?? "the disk";
    const probed = x.profile.probes?.deviceName;
    const noProbe = probed && probed !== device ? `fio probed ${probed}, not ${device}` : "no fio probe";
    const rate = resource === "disk-iops" ? `${formatNumber(d.writesPerSecond)} writes/s of ${formatNumber(d.writeRequestKiB)} KiB` : mibPerSecond(mean);
    return {
      bottleneck: resource,
      clause: `the writeback tail after tar exited was ${device} draining what the page cache owed: it wrote ${bytes(d.writtenBytes)} at a steady ${rate} for ${seconds(x.facts.durationMs)}, the rate it sustained, not a probed ceiling (${noProbe})`
    };
  }
};
var RULES = {
  lookup: [lookupRoundTrip],
  download: [diskAtCeiling, kernelSaturatedDisk, cpuProcess, cpuQuota, networkBound, inconclusive],
  extract: [diskAtCeiling, latencyBound, cpuProcess, cpuQuota, cpuStarved, cpuPipeline, dirtyThrottled, kernelSaturatedDisk, cameNearNone, inconclusive],
  writeback: [tailShort, tailDisk, tailSustained, inconclusive]
};
function applyRules(x) {
  for (const rule of RULES[x.name]) {
    const outcome = rule.apply(x);
    if (outcome) return { ...outcome, rule: rule.id };
  }
  return { bottleneck: "inconclusive", clause: `${x.what} could not be judged`, rule: "none" };
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
    const cores2 = p2.name === "download" ? f.selfCoresBounds?.atLeast ?? null : f.busiestProcess?.cores ?? f.childCores;
    work = cores2 === null ? null : cores2 * d / reach;
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
function spanWork(extract, tail, probed, archiveBytes) {
  const span = deviceWork([extract, tail]);
  const own = ownWork(extract, span, archiveBytes);
  return { span, own, burst: burstCredit(probed, [extract, tail], span.writtenBytes > 0 ? own.writtenBytes / span.writtenBytes : 1) };
}
function archiveInSpanBytes(resource, download, extract, c, speedup) {
  const written = archiveWrittenBytes(download?.facts, extract?.facts);
  const bandwidth = c.seqWriteBytesPerSecond;
  if (!download || written <= 0 || bandwidth === null) return 0;
  const relaxed = bandwidth * (resource === "disk-bandwidth" ? speedup : 1);
  const duringDownload = Math.max(download.facts.disk?.writtenBytes ?? 0, relaxed * download.facts.durationMs / 1e3);
  return Math.max(0, written - duringDownload);
}
function spanBound(resource, phases, probed, speedup) {
  const { download, extract, tail } = phases;
  const e = extract?.facts.durationMs ?? 0;
  const t = tail?.facts.durationMs ?? 0;
  const judged = extract?.bottleneck === resource || tail?.bottleneck === resource;
  const disk = isDiskResource(resource);
  const archive = disk ? archiveInSpanBytes(resource, download, extract, demonstrated(probed, [extract, tail]), speedup) : 0;
  const work = spanWork(extract, tail, probed, archive);
  const { burst } = work;
  const shown = burst && resource === "disk-bandwidth" ? { burst } : {};
  if (disk && judged) {
    const c = relaxedCeilings(demonstrated(probed, [extract, tail], burst), resource, [extract, tail], burst);
    if (c === null) return { lowerMs: 0, upperMs: null, measured: false };
    const bound2 = { lowerMs: spanBoundMs(resource, extract, tail, c, speedup, work), upperMs: null, measured: true, ...shown, ...doubledOf(c, resource) };
    return withHalfRule(resource, bound2, work, [extract, tail], speedup);
  }
  const held = demonstrated(probed, [extract, tail], burst);
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
  if (resource === "disk-bandwidth") return c.from?.seqWriteBytesPerSecond?.said;
  return resource === "disk-iops" ? c.from?.randWriteIops?.said : void 0;
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
      ceilingFrom: from,
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
    const what = VERDICT_PHASE_NOUN[p2.name];
    const onDevice = ceilingsForDevice(profile, ceilings, f.deviceIndex);
    const disk = diskLoad(f, onDevice, what, stackOf(profile, f.deviceIndex));
    const cpu = p2.name === "extract" ? extractionCpu(f, dirtyShare({ profile, facts: f })) : p2.name === "download" ? downloadCpu(f) : null;
    const networkBytes = p2.name === "download" ? p2.networkBytes ?? profile.restore?.archiveBytes ?? null : null;
    const outcome = applyRules({ profile, name: p2.name, what, facts: f, ceilings: onDevice, disk, cpu, totalMs, networkBytes });
    const candidates = [...disk.candidates, ...cpu?.candidates ?? [], ...pageCacheCandidates(profile, p2.name, f)];
    const pauses = p2.downloadTimeline ? segmentPauses(p2.downloadTimeline, { endMs: p2.endMs, series: f.series, deviceIndex: f.deviceIndex }, onDevice) : [];
    return {
      phase: p2.name,
      bottleneck: outcome.bottleneck,
      sentence: `${outcome.clause.charAt(0).toUpperCase()}${outcome.clause.slice(1)}.`,
      evidence: settle(candidates, outcome.bottleneck),
      durationMs: f.durationMs,
      facts: f,
      disk,
      clause: outcome.clause,
      rule: outcome.rule,
      label: limitedBy(outcome.bottleneck, outcome.rule),
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
      `Dirty peaked at ${bytes(facts.dirtyPeakBytes ?? 0)}, ${percent(share)} of the ${bytes(limit)} dirty limit`,
      share,
      "share",
      share >= DIRTY_THROTTLE_SHARE ? [...DISK_RESOURCES] : [],
      DIRTY_THROTTLE_SHARE
    )
  ];
}
function probeSummary(c) {
  const parts = [];
  if (c.seqWriteBytesPerSecond) parts.push(`${mibPerSecond(c.seqWriteBytesPerSecond)} sequential writes`);
  if (c.randWriteIops) parts.push(`${iops(c.randWriteIops)} random writes`);
  if (c.seqReadBytesPerSecond) parts.push(`${mibPerSecond(c.seqReadBytesPerSecond)} sequential reads`);
  if (c.randReadIops) parts.push(`${iops(c.randReadIops)} random reads`);
  return parts.join(", ");
}
function withoutRestore(profile, ceilings, rule, why) {
  const probes2 = hasCeilings(ceilings) ? `only the fio probes speak: this disk reached ${probeSummary(ceilings)}.` : "and no fio probes ran either, so there is nothing to judge.";
  const decision = { rule, carriers: [], whatIf: null, outweighed: null, device: null };
  return {
    verdict: { bottleneck: "inconclusive", sentence: `Inconclusive: ${why}, ${probes2}`, decision, phases: [], whatIf: [] },
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
  return { ...judgement, verdict: withDownloadVerdict(profile, judgement.verdict, pauses) };
}
function nothingJudgedWhy(profile, rule) {
  const restore = profile.restore;
  switch (rule) {
    case "no-restore":
      return "no cache restore was profiled";
    case "restore-failed":
      return `the restore failed during ${restore?.error?.phase} (${restore?.error?.message.split("\n")[0]})`;
    case "restore-skipped":
      return `${restore?.skipped?.message.replace(/[.]$/, "")}, so nothing was downloaded or extracted`;
    case "cache-miss":
      return `cache miss (keys tried: ${restore?.keysTried.join(", ") || "none"}), nothing was downloaded or extracted`;
    case "no-phase":
      return "the profile recorded no phase";
  }
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
  if (nothingJudged(rule)) return withoutRestore(profile, ceilings, rule, nothingJudgedWhy(profile, rule));
  const restore = profile.restore;
  const phases = judgedOnce();
  const c = choiceOnce();
  const totalMs = c.totalMs;
  const spans = restoreSpans(phases);
  const carrier = carrierOf(rule, phases, c);
  const best = rule === "best-what-if" ? c.best : null;
  const outweighed = rule === "best-what-if" ? phases.find((j) => j.phase === c.blind?.phase) ?? null : null;
  const tail = phases.some((x) => x.phase === "writeback") ? " until its files were on disk" : "";
  const failed = restore?.error ? ` The restore failed during ${restore.error.phase}: ${restore.error.message}` : "";
  const blind = profile.context.noBlockDeviceReason ? ` No disk counters for the restore path: ${profile.context.noBlockDeviceReason}.` : "";
  const restoreDevice = deviceIndexFor(profile, "extract");
  const elsewhere = carrier.facts.deviceIndex !== restoreDevice && carrier.facts.deviceIndex !== null ? profile.devices[carrier.facts.deviceIndex]?.name : void 0;
  const on = elsewhere && isDiskResource(carrier.bottleneck) ? ` on ${elsewhere}` : "";
  const saving = best ? ` ${savingSentence(best, quotaOf(phases), on ? elsewhere : void 0)}` : "";
  const unpinned = outweighed ? ` ${outweighedSentence(outweighed, best?.speedup ?? WHAT_IF_SPEEDUP)}` : "";
  const sentence = `${BOTTLENECK_LABEL[carrier.bottleneck]}${on}: ${carrier.clause}; ${VERDICT_PHASE_NOUN[carrier.phase]} took ${percent(carrier.durationMs / totalMs)} of the ${seconds(totalMs)} restore${tail}.${saving}${unpinned}${failed}${blind}`;
  const byName = (n) => phases.find((j) => j.phase === n)?.facts;
  const decision = {
    rule,
    carriers: verdictCarriers(phases, carrier.bottleneck),
    whatIf: best?.resource ?? null,
    outweighed: outweighed?.phase ?? null,
    device: on ? elsewhere ?? null : null
  };
  const verdict = {
    bottleneck: carrier.bottleneck,
    sentence,
    decision,
    ...spans,
    about: "until-on-disk",
    phase: carrier.phase,
    phases: phases.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, sentence: j.sentence, evidence: j.evidence, durationMs: j.durationMs })),
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
function savingSentence(w, quotaCores, diskName) {
  const times = w.speedup === 2 ? "Twice" : `${w.speedup} times`;
  const atMost = w.savingAtMostMs ?? 0;
  const atLeast = w.savingAtLeastMs ?? null;
  const amount = atLeast !== null && atLeast > 0 && seconds(atLeast) !== seconds(atMost) ? `${seconds(atLeast).replace(/ s$/, "")}\u2013${seconds(atMost)}` : atLeast !== null && atLeast > 0 ? `about ${seconds(atMost)}` : `at most ${seconds(atMost)}`;
  const noun = w.resource === "cpu" && quotaCores !== null ? `the cgroup's CPU quota (${cores(quotaCores * w.speedup)})` : diskName && w.resource !== "network" && w.resource !== "cpu" ? RESOURCE_NOUN[w.resource].replace("disk's", `${diskName}'s`) : `the ${RESOURCE_NOUN[w.resource]}`;
  return `${times} ${noun} would save ${amount}.`;
}
function hiddenAtMostMs(j, speedup) {
  return j.durationMs * (1 - 1 / speedup);
}
function outweighedSentence(j, speedup) {
  return `${j.sentence.replace(/[.]$/, "")}: relaxing whatever limits it could save at most ${seconds(hiddenAtMostMs(j, speedup))}, less than that.`;
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

// src/experiment/alternatives.ts
var FIX_MIN_SAVING_SHARE = WORTH_CHANGING.savingShare;
var RUNS_WANTED = 2;

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
function pageCacheReason(profile, probe) {
  if (probe.error) return null;
  const loop = loopUnderRestore(profile);
  if (loop === null) return null;
  const fast = probe.blockSizeBytes >= 64 * 1024 ? probe.bytesPerSecond >= PAGE_CACHE_BYTES_PER_SECOND : probe.iops >= PAGE_CACHE_IOPS;
  if (!fast) return null;
  return `${loop} is a loop device over a file: fio's direct requests became buffered writes to that file, so the page cache answered this probe, not a disk`;
}
function diskProbesOf(profile, suite) {
  const probes2 = suite.probes.filter((p2) => pageCacheReason(profile, p2) === null);
  if (probes2.length === suite.probes.length) return suite;
  const reason = probes2.some((p2) => !p2.error) ? suite.reason : "every probe measured the page cache, not the disk (a loop device over a file)";
  return { ...suite, probes: probes2, ...reason ? { reason } : {} };
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
  const failureOf = (o) => e?.runs.find((r) => r.alternative === o.alternative && r.mountPoint === o.mountPoint && r.error)?.error ?? null;
  const ran = (e?.outcomes ?? []).map((o) => ({ name: nameOf(o), runs: o.timeMs.runs, failedRuns: o.failedRuns, failure: o.failedRuns ? failureOf(o) : null }));
  const skipped = (e?.skipped ?? []).map((s) => ({ name: nameOf(s), reason: s.reason, detail: bare(s.detail) }));
  const noneRan = ran.length > 0 ? null : auto && !auto.run ? bare(auto.reason.replace(/^experiments: /, "")) : e?.reason ? bare(e.reason) : "no experiment could run";
  const chose = auto?.run ? `${bare(auto.reason.replace(/^experiments: /, ""))}. ` : "";
  let sentence;
  if (ran.length === 0) {
    sentence = auto && !auto.run ? `Experiments: ${noneRan}.` : `Experiments: ${chose}${chose ? "None" : "none"} ran: ${noneRan}.`;
  } else {
    const ranText = ran.map((r) => `${r.name} \xD7${r.runs}${r.failedRuns ? ` (+${r.failedRuns} failed${r.failure ? `: ${bare(r.failure)}` : ""})` : ""}`).join(", ");
    const byDetail = /* @__PURE__ */ new Map();
    for (const s of skipped) byDetail.set(`${s.reason}: ${s.detail}`, [...byDetail.get(`${s.reason}: ${s.detail}`) ?? [], s.name]);
    const skippedText = [...byDetail].map(([why, names]) => `${names.join(", ")} (${why})`).join("; ");
    const reused = e?.measuredOn && auto && !auto.run ? `${bare(auto.reason.replace(/^experiments: /, ""))}. That run ran` : null;
    sentence = `Experiments: ${reused ?? `${chose}${chose ? "Ran" : "ran"}`} ${ranText}${skippedText ? `. Skipped ${skippedText}` : ""}.`;
  }
  return { auto, ran, skipped, noneRan, sentence };
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
    verdict: verdict.sentence,
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
    ...probeOutputs(profile.probes ? diskProbesOf(profile, profile.probes) : null),
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
var seconds2 = (ms) => `${(ms / 1e3).toFixed(ms < 1e4 ? 2 : 1)} s`;
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
function ranAboveCeilings(rates, probes2) {
  if (!rates) return null;
  const ceiling = (name) => probes2.find((p2) => p2.name === name && !p2.error && p2.iops > 0);
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
  if (!r.probes.some((p2) => !p2.error && p2.iops > 0))
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
function fixMemory(remembered, now) {
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
  const ratio = now.untilDurableMs / remembered.untilDurableMs;
  if (!(ratio <= FIX_TIME_FACTOR && ratio >= 1 / FIX_TIME_FACTOR))
    return measure("time-outside", remembered.untilDurableMs, now.untilDurableMs, FIX_TIME_FACTOR);
  const unmeasured = now.experiments.filter((e) => !remembered.experiments.includes(e));
  if (unmeasured.length > 0) return measure("not-measured", remembered.experiments.join(", "), unmeasured.join(", "), 0);
  return { reason: "fresh", remembered: on, compared: null };
}
function decideExperiments(input) {
  const b = input.bottleneck;
  const skip2 = (reason) => ({ run: false, reason: `experiments: auto skipped them: ${reason}`, experiments: [] });
  if (b === null || b === "inconclusive") return skip2("the verdict names no resource, so no fix can be aimed at one");
  if (b === "none") return skip2("the verdict names no bottleneck, so there is nothing to fix");
  const wanted = EXPERIMENTS_FOR[b].filter((e) => input.allowed.includes(e));
  if (wanted.length === 0) {
    return skip2(
      b === "network" ? "the verdict names the network, which none of them changes (they extract the same archive again)" : `none of the allowed experiments changes ${b}`
    );
  }
  if (input.untilDurableMs === null) return skip2("the restore did not complete, so there is no time a fix could save");
  if (input.untilDurableMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS) {
    return skip2(
      `the restore took ${seconds2(input.untilDurableMs)} until its files were on disk, under ${seconds2(AUTO_EXPERIMENTS_MIN_RESTORE_MS)}: a fix would save less than the experiments cost`
    );
  }
  const chose = {
    run: true,
    reason: `experiments: auto chose ${wanted.join(", ")}: the verdict names ${b} and the restore took ${seconds2(input.untilDurableMs)} until on disk`,
    experiments: wanted
  };
  if (!input.remembered || !input.run) return chose;
  const memory = fixMemory(input.remembered, { ...input.run, bottleneck: b, untilDurableMs: input.untilDurableMs, experiments: wanted });
  return memory.reason === "fresh" ? { ...chose, run: false, experiments: [], memory } : { ...chose, memory };
}

// src/report/fix-memory.ts
var day = (iso) => iso.slice(0, 16).replace("T", " ");
var days = (ms) => `${(ms / 864e5).toFixed(ms < 864e5 ? 1 : 0)} days`;
function measuredOnWords(on) {
  return `on run ${on.runId}${on.runAttempt !== "1" ? ` (attempt ${on.runAttempt})` : ""} (${day(on.measuredAt)} UTC)`;
}
function fixMemoryWords(m) {
  const run2 = m.remembered ? `run ${m.remembered.runId}` : "no run";
  const c = m.compared;
  const num = (v) => typeof v === "number" ? v : Number.NaN;
  switch (m.reason) {
    case "fresh":
      return `the same hardware, a cache within ${percent(FIX_SHAPE_BAND)} of its size and file count, the same verdict and a time until on disk within ${FIX_TIME_FACTOR}\xD7 of its; measured again after ${days(FIX_MAX_AGE_MS)} or when one of these changes`;
    case "none-remembered":
      return `no measured fix is remembered for this hardware and cache (${m.missing ?? "none found"})`;
    case "stale":
      return `the fixes of ${run2} are ${Number.isFinite(num(c?.measured)) ? days(num(c?.now) - num(c?.measured)) : "of unknown age"} old, over ${days(num(c?.limit))}`;
    case "hardware-changed":
      return `the fixes remembered for this cache were measured by ${run2} on other hardware (fingerprint ${c?.measured}, this run ${c?.now})`;
    case "size-changed":
      return `the archive is ${bytes(num(c?.now))}, more than ${percent(num(c?.limit))} from the ${bytes(num(c?.measured))} ${run2} measured the fixes with`;
    case "files-changed":
      return `the cache holds ${formatNumber(num(c?.now))} files, more than ${percent(num(c?.limit))} from the ${formatNumber(num(c?.measured))} ${run2} measured the fixes with`;
    case "verdict-changed":
      return `the verdict names ${c?.now}, where ${run2} measured the fixes for ${c?.measured}`;
    case "time-outside":
      return `the restore took ${seconds(num(c?.now))} until on disk, outside ${num(c?.limit)}\xD7 of the ${seconds(num(c?.measured))} ${run2} measured the fixes at`;
    case "not-measured":
      return `${run2} did not measure ${c?.now} (it measured ${c?.measured})`;
  }
}
function autoExperimentsReason(d) {
  if (!d.memory) return d.reason;
  if (d.memory.reason === "fresh")
    return `experiments: auto reused the fixes measured ${d.memory.remembered ? measuredOnWords(d.memory.remembered) : "by an earlier run"}: ${fixMemoryWords(d.memory)}`;
  return `${d.reason}; measured because ${fixMemoryWords(d.memory)}`;
}

// src/experiment/workflow-steps.ts
import path from "node:path";

// src/experiment/dirty-budget.ts
function dirtyableBytes(meminfo) {
  const kB = (name) => {
    const m = new RegExp(`^${name.replace(/[()]/g, "\\$&")}:\\s+(\\d+)\\s*kB`, "m").exec(meminfo);
    return m?.[1] ? Number(m[1]) * 1024 : null;
  };
  const available = kB("MemAvailable");
  const free = kB("MemFree");
  const active = kB("Active(file)");
  const inactive = kB("Inactive(file)");
  const kernels = free !== null && active !== null && inactive !== null ? free + active + inactive : null;
  if (available === null) return kernels;
  return kernels === null ? available : Math.min(available, kernels);
}
function effectiveDirtyBudget(s, dirtyable) {
  const of = (bytes2, ratio) => bytes2 > 0 ? bytes2 : dirtyable === null ? null : Math.floor(dirtyable * ratio / 100);
  const dirtyBytes = of(s.dirty_bytes, s.dirty_ratio);
  const background = of(s.dirty_background_bytes, s.dirty_background_ratio);
  if (dirtyBytes === null || background === null) return null;
  return { dirtyBytes, backgroundBytes: background >= dirtyBytes ? Math.floor(dirtyBytes / 2) : background };
}
function holdsTarget(current, target) {
  return current.dirtyBytes >= target.dirtyBytes && current.backgroundBytes >= target.backgroundBytes;
}
function raisedDirtyLimits(target, current) {
  const dirtyBytes = current && current.dirtyBytes >= target.dirtyBytes ? null : target.dirtyBytes;
  const limit = dirtyBytes ?? current?.dirtyBytes ?? target.dirtyBytes;
  const backgroundBytes = current && current.backgroundBytes >= target.backgroundBytes ? null : Math.min(target.backgroundBytes, Math.floor(limit / 2));
  return { dirtyBytes, backgroundBytes };
}

// src/experiment/workflow-steps.ts
var FIX_PLACEMENT = "Add this step before the restore step (this action, or actions/cache).";
var HIDES = "Placed after the restore step, the mounts would hide the files it just restored (the job would see empty directories, and the restored files would stay on the slow disk).";
function tmpfsSize(extractedBytes) {
  return `${Math.max(1, Math.ceil(extractedBytes * 1.5 / 1024 ** 3))}G`;
}
function dirtyBytesFor(extractedBytes) {
  const dirtyBytes = Math.ceil(extractedBytes * 2 / (64 * MiB)) * 64 * MiB;
  return { dirtyBytes, backgroundBytes: dirtyBytes / 2 };
}
function normal(p2) {
  const n = path.posix.normalize(p2.replace(/\\/g, "/"));
  return n.length > 1 ? n.replace(/\/$/, "") : n;
}
function mountedPaths(paths) {
  const unique = [...new Set(paths.map(normal))];
  return unique.filter((p2) => !unique.some((o) => o !== p2 && (o === "." || p2.startsWith(`${o}/`))));
}
function shellPath(p2) {
  if (p2 === "~" || p2.startsWith("~/")) return `"$HOME${p2.slice(1).replace(/(["\\$`])/g, "\\$1")}"`;
  return /^[\w./@+-]+$/.test(p2) ? p2 : `'${p2.replace(/'/g, `'\\''`)}'`;
}
function step(name, lines) {
  return [`- name: ${name}`, "  run: |", ...lines.map((l) => `    ${l}`)].join("\n");
}
function otherDiskRoot(mountPoint) {
  return `${mountPoint === "/" || !mountPoint ? "" : mountPoint}/cache-restore`;
}
function noStep(note) {
  return { kind: "none", yaml: null, placement: null, misplaced: null, note, paths: [] };
}
function ramStep(c) {
  if (c.ramVia === "shm")
    return noStep(
      "Measured in /dev/shm, since mounting a tmpfs needs root or passwordless sudo, which this runner lacks: it shows what taking the disk out saves, but no step here can mount one."
    );
  const mounted = mountedPaths(c.paths);
  const quoted = mounted.map(shellPath);
  const size = tmpfsSize(c.extractedBytes);
  return {
    kind: "step",
    yaml: step("RAM disks for the cache paths", [
      `mkdir -p ${quoted.join(" ")}`,
      ...quoted.map((p2) => `sudo mount -t tmpfs -o size=${size},uid=$(id -u),gid=$(id -g) tmpfs ${p2}`)
    ]),
    placement: FIX_PLACEMENT,
    misplaced: HIDES,
    note: `The restored files (${bytes(c.extractedBytes)}) use memory for the rest of the job; anything already at ${mounted.length === 1 ? "this path" : "these paths"} is hidden while mounted.`,
    paths: mounted
  };
}
function otherDiskStep(c) {
  const mounted = mountedPaths(c.paths);
  const quoted = mounted.map(shellPath);
  const root = otherDiskRoot(c.mountPoint);
  const sources = mounted.map((_, i) => `${root}/${i + 1}`);
  return {
    kind: "step",
    yaml: step(`Cache paths on ${c.mountPoint ?? "another disk"}`, [
      `sudo mkdir -p ${root}`,
      `sudo chown $(id -u):$(id -g) ${root}`,
      `mkdir -p ${[...sources, ...quoted].join(" ")}`,
      ...quoted.map((p2, i) => `sudo mount --bind ${sources[i]} ${p2}`)
    ]),
    placement: FIX_PLACEMENT,
    misplaced: HIDES,
    note: `Bind mounts, not symlinks: tar replaces a symlink where the archive holds a directory, which would put the files back on the slow disk. The files take ${bytes(c.extractedBytes)} on ${c.mountPoint ?? "that disk"}.`,
    paths: mounted
  };
}
function pageCacheStep(c) {
  const d = raisedDirtyLimits(dirtyBytesFor(c.extractedBytes), c.dirtyBudget ?? null);
  const set = [
    d.dirtyBytes === null ? "" : `vm.dirty_bytes=${d.dirtyBytes}`,
    d.backgroundBytes === null ? "" : `vm.dirty_background_bytes=${d.backgroundBytes}`
  ].filter(Boolean);
  if (set.length === 0) return noStep("Nothing to paste: the page cache already holds the restore.");
  return {
    kind: "step",
    yaml: step("Let the page cache hold the restore", [`sudo sysctl -w ${set.join(" ")}`]),
    placement: FIX_PLACEMENT,
    misplaced: "Placed after the restore step it changes nothing for the restore.",
    note: `Up to ${bytes(d.dirtyBytes ?? d.backgroundBytes ?? 0)} of the restore waits in memory: the disk still writes it afterwards, during later steps. The setting holds for the machine until set back.`,
    // Machine-wide: it covers every restore path without naming one.
    paths: []
  };
}

// src/experiment/availability-rules.ts
var ROOM_FACTOR = 1.2;
var ROOM_MARGIN_BYTES = 64 * MiB;
var RAM_SHARE = 0.5;
function neededBytes(extractedBytes) {
  return Math.ceil(extractedBytes * ROOM_FACTOR) + ROOM_MARGIN_BYTES;
}
function hasRoom(fs, need) {
  return fs.freeBytes === null || fs.freeBytes >= need;
}
function availableMemoryWords(f) {
  const cg = f.cgroupMemory;
  const whose = cg ? `: the room left under this job's cgroup memory limit of ${bytes(cg.limitBytes)}` : "";
  return `the available memory (${bytes(f.memAvailableBytes ?? 0)}${whose})`;
}
function noPermission(alternative, mountPoint, operation, grant, what) {
  return {
    alternative,
    mountPoint,
    reason: "no-permission",
    detail: `${what}, and ${grant.reason ?? `${operation} is not allowed here`}`,
    permission: { operation, lacks: grant.lacks }
  };
}
var run = (target) => ({ targets: [target], skipped: [] });
var skip = (s) => ({ targets: [], skipped: [s] });
function baselineRule({ facts, needBytes }) {
  if (hasRoom(facts.restoreFs, needBytes)) return run({ alternative: "baseline", mountPoint: facts.restoreFs.mountPoint });
  const detail = `the restore path's file system (${facts.restoreFs.mountPoint}) has ${bytes(facts.restoreFs.freeBytes ?? 0)} free; a second copy of the restore needs ${bytes(needBytes)}`;
  return skip({ alternative: "baseline", mountPoint: facts.restoreFs.mountPoint, reason: "no-room", detail });
}
function decompressRule() {
  return run({ alternative: "decompress", mountPoint: null });
}
function ramRule({ facts: f, needBytes: need }) {
  const ramNeed = need + f.archiveInRamBytes;
  const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
  const mount = f.privileges.mount;
  if (cap !== null && ramNeed > cap)
    return skip({
      alternative: "ram",
      mountPoint: null,
      reason: "no-room",
      detail: `the restore (${bytes(ramNeed)} with slack${f.archiveInRamBytes ? " and the archive" : ""}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`
    });
  if (mount.via !== "none") return { ...run({ alternative: "ram", mountPoint: null }), ramVia: "own-tmpfs" };
  if (f.shm && hasRoom(f.shm, need)) return { ...run({ alternative: "ram", mountPoint: f.shm.mountPoint }), ramVia: "shm" };
  if (f.shm)
    return skip({
      alternative: "ram",
      mountPoint: f.shm.mountPoint,
      reason: "no-room",
      detail: `${f.shm.mountPoint} has ${bytes(f.shm.freeBytes ?? 0)} free, the restore needs ${bytes(need)}; a tmpfs of its own cannot be mounted: ${mount.reason}`
    });
  return skip(noPermission("ram", null, "mount", mount, "there is no /dev/shm tmpfs to extract into"));
}
function otherDiskRule({ facts: f, needBytes: need }) {
  if (f.otherDisks.length === 0)
    return skip({
      alternative: "other-disk",
      mountPoint: null,
      reason: "no-such-file-system",
      detail: `no other local, block-backed, writable file system is mounted (of ${f.otherMountsSeen} other mounts)`
    });
  if (f.privileges.mount.via === "none") {
    const disks = f.otherDisks.map((d) => d.mountPoint).join(", ");
    return skip(noPermission("other-disk", null, "mount", f.privileges.mount, `each restore path is bind-mounted from the other disk (${disks})`));
  }
  const out = { targets: [], skipped: [] };
  for (const disk of f.otherDisks) {
    if (!hasRoom(disk, need))
      out.skipped.push({
        alternative: "other-disk",
        mountPoint: disk.mountPoint,
        reason: "no-room",
        detail: `${disk.mountPoint} (${disk.fsType}) has ${bytes(disk.freeBytes ?? 0)} free, the restore needs ${bytes(need)}`
      });
    else if (disk.writable === false && f.privileges.files.via === "none")
      out.skipped.push(noPermission("other-disk", disk.mountPoint, "files", f.privileges.files, `this user cannot make a directory in ${disk.mountPoint}`));
    else out.targets.push({ alternative: "other-disk", mountPoint: disk.mountPoint });
  }
  return out;
}
function pageCacheRule({ facts: f }) {
  const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
  if (!f.dirtySysctlsReadable)
    return skip({ alternative: "page-cache", mountPoint: null, reason: "no-such-file-system", detail: "there is no /proc/sys/vm/dirty_* here to raise" });
  if (f.privileges.sysctl.via === "none")
    return skip(noPermission("page-cache", null, "sysctl", f.privileges.sysctl, "the page-cache experiment raises vm.dirty_bytes"));
  if (cap === null || f.extractedBytes > cap)
    return skip({
      alternative: "page-cache",
      mountPoint: null,
      reason: "no-room",
      detail: cap === null ? "the available memory is unknown (no /proc/meminfo)" : `the restore (${bytes(f.extractedBytes)}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`
    });
  if (f.dirtyBudget && holdsTarget(f.dirtyBudget, dirtyBytesFor(f.extractedBytes)))
    return skip({
      alternative: "page-cache",
      mountPoint: null,
      reason: "already-fits",
      detail: `the page cache already holds the restore: vm.dirty_* allow ${bytes(f.dirtyBudget.dirtyBytes)} (background writeback from ${bytes(f.dirtyBudget.backgroundBytes)}), the restore is ${bytes(f.extractedBytes)}; raising them changes nothing here`
    });
  return run({ alternative: "page-cache", mountPoint: f.restoreFs.mountPoint });
}

// src/experiment/run-estimates.ts
var CLEANUP_SHARE = 0.3;
var untilOnDiskEstimateMs = (m) => m.extractMs + m.writebackMs + m.extractMs * CLEANUP_SHARE;

// src/experiment/descriptors.ts
var DESCRIPTORS = {
  baseline: {
    runOrder: 0,
    relieves: [],
    isFix: false,
    compares: "until-on-disk",
    mountsRestorePaths: false,
    estimateRunMs: untilOnDiskEstimateMs,
    available: baselineRule,
    fix: () => noStep("The restore as it is."),
    words: { label: "baseline: the extraction as the restore ran it", title: "the restore as it is", changes: "" }
  },
  decompress: {
    runOrder: 1,
    relieves: ["cpu"],
    isFix: false,
    compares: "until-on-disk",
    mountsRestorePaths: false,
    // Nothing written: the extraction's time is its ceiling.
    estimateRunMs: (m) => m.extractMs,
    available: decompressRule,
    fix: () => noStep(
      "A floor, not a fix: decompression alone (the archive read through the same tar, nothing written); only a faster CPU or a smaller archive goes below it."
    ),
    words: { label: "decompress: to /dev/null (the floor)", title: "Decompression alone", changes: "" }
  },
  ram: {
    runOrder: 2,
    relieves: ["disk-bandwidth", "disk-iops", "cpu"],
    isFix: true,
    compares: "until-on-disk",
    mountsRestorePaths: true,
    // The disk taken out: at most the extraction as measured (which included the disk's stalls).
    estimateRunMs: (m) => m.extractMs * (1 + CLEANUP_SHARE),
    available: ramRule,
    fix: ramStep,
    words: { label: "ram: into a tmpfs (the disk taken out)", title: "Restore into a RAM disk", changes: "a tmpfs on each restore path" }
  },
  "page-cache": {
    runOrder: 3,
    relieves: ["disk-bandwidth", "disk-iops"],
    isFix: true,
    compares: "step",
    mountsRestorePaths: false,
    estimateRunMs: untilOnDiskEstimateMs,
    available: pageCacheRule,
    fix: pageCacheStep,
    words: {
      label: "page-cache: vm.dirty_bytes raised to fit",
      title: "Let the page cache absorb the restore",
      changes: "let the page cache absorb the restore"
    }
  },
  "other-disk": {
    runOrder: 4,
    relieves: ["disk-bandwidth", "disk-iops"],
    isFix: true,
    compares: "until-on-disk",
    mountsRestorePaths: true,
    estimateRunMs: untilOnDiskEstimateMs,
    available: otherDiskRule,
    fix: otherDiskStep,
    words: { label: "other-disk", title: "Restore onto another disk", changes: "each restore path bind-mounted from the other disk" }
  }
};
var UnknownAlternativeError = class extends ProfilerError {
  constructor(given) {
    super(`Unknown experiment alternative ${JSON.stringify(given)}.`, `Allowed: ${ALTERNATIVES.join(", ")}.`);
    this.given = given;
  }
  given;
};
function descriptorOf(name) {
  if (!Object.hasOwn(DESCRIPTORS, name)) throw new UnknownAlternativeError(name);
  return DESCRIPTORS[name];
}
var RUN_ORDER = [...ALTERNATIVES].sort((a, b) => DESCRIPTORS[a].runOrder - DESCRIPTORS[b].runOrder);
function schemaRank(name) {
  descriptorOf(name);
  return ALTERNATIVES.indexOf(name);
}

// src/experiment/fix-step.ts
function workflowFix(alternative, c) {
  return descriptorOf(alternative).fix(c);
}
function applyLine(alternative, fix) {
  if (fix.kind === "none" || !fix.yaml) return fix.note ?? "";
  const commands = fix.yaml.split("\n").filter((l) => l.startsWith("    ")).map((l) => l.trim());
  return `${descriptorOf(alternative).words.changes}, in a step before the restore step: \`${commands.join(" && ")}\``;
}

export {
  dirtyableBytes,
  effectiveDirtyBudget,
  raisedDirtyLimits,
  FIX_PLACEMENT,
  tmpfsSize,
  dirtyBytesFor,
  mountedPaths,
  RAM_SHARE,
  neededBytes,
  CLEANUP_SHARE,
  UnknownAlternativeError,
  descriptorOf,
  schemaRank,
  FIX_MIN_SAVING_SHARE,
  RUNS_WANTED,
  workflowFix,
  applyLine,
  pageCacheReason,
  diskProbesOf,
  restoreRates,
  decideProbes,
  EXPERIMENTS_FOR,
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  decideExperiments,
  measuredOnWords,
  autoExperimentsReason,
  judgeDownload,
  stallOpening,
  segmentTimeoutMinutes,
  verdictCarriers,
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
