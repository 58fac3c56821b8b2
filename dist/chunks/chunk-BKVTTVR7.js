import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DefaultRetryAttempts,
  TransferRecorder,
  cacheUtils_exports,
  createTar,
  getCacheMode,
  getCacheServiceURL,
  getCacheServiceVersion,
  getUploadOptions,
  headerText,
  internalCacheTwirpClient,
  isCacheWritable,
  isGhes,
  monotonicMs,
  reserveCache,
  saveCache
} from "./chunk-U3WI6Z5I.js";
import {
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  MiB,
  PROCESS_FULL_CORE,
  SAVE_THRESHOLDS,
  bytes,
  endedByTimeout,
  expandPath,
  formatNumber,
  judgeTransfer,
  longestQuiet,
  median2 as median,
  mibPerSecond,
  percent,
  phaseSummary,
  seconds,
  snapshotFacts,
  stallPlace
} from "./chunk-BXCINKFH.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  Sampler
} from "./chunk-Q2GOLNU3.js";
import {
  resolveDevices
} from "./chunk-UFWAKY6W.js";

// src/pipeline/judged-save.ts
import * as os2 from "node:os";

// src/judge/upload-rules.ts
var answerWait = (r) => r.bodySentMs === null || r.responseMs === null ? null : Math.max(0, r.responseMs - r.bodySentMs);
function toolkitOnStall(limits, kind, durationMs, endedIt) {
  if (kind === "retry") {
    return limits.path === "azure-sdk" ? `the Azure SDK tries a failed request ${limits.maxTries} times, 0, 4 and 12 s apart (its default retry policy; no setting of actions/cache changes it)` : `@actions/cache waits 5 s before it sends a failed chunk again and tries each chunk ${limits.maxTries} times before the save fails (no setting changes either)`;
  }
  if (limits.path === "azure-sdk") {
    return `on cache v2 nothing times an upload out: the Azure SDK's requests have no client-side timeout (its retry policy's tryTimeoutInMs is unset and would only ask the server for one) and no setting of actions/cache adds one, so only the store or the step's timeout-minutes ends a held upload`;
  }
  const timeout = limits.requestTimeoutMs ?? HTTP_CLIENT_SOCKET_TIMEOUT_MS;
  if (kind === "body") {
    return `on cache v1 @actions/http-client's ${seconds(timeout)} socket timeout fires only on a socket idle both ways, not on a body the far side stopped reading, so only the step's timeout-minutes ends such a stall (no setting changes either)`;
  }
  const cut = endedIt || durationMs >= timeout;
  return `on cache v1 @actions/http-client ends a request that waited ${seconds(timeout)} for its answer and @actions/cache tries each chunk ${limits.maxTries} times, 5 s apart, before the save fails (no setting changes either)${cut ? ": that timeout ended this one" : ": this wait stayed under it"}`;
}
function stallCostMs(stall, limit, meanInFlight, request) {
  const shared = limit === "path" || limit === "bandwidth" && meanInFlight > 1.5;
  if (shared) return stall.wholeUploadMs;
  const rate = request && stall.kind === "body" ? movingRate(request.points) : null;
  const needed = rate && request ? request.sentBytes / rate * 1e3 : null;
  const took = request ? (request.endMs ?? request.startMs) - request.startMs : 0;
  return needed === null ? stall.durationMs : Math.min(took, Math.max(stall.durationMs, took - needed));
}
function movingRate(points) {
  const rates = [];
  for (let i = 1; i < points.length; i++) {
    const [a, ba] = points[i - 1];
    const [b, bb] = points[i];
    if (bb > ba && b > a) rates.push((bb - ba) / (b - a) * 1e3);
  }
  return rates.length >= 3 ? median(rates) : null;
}
function unionMs(bodies, endMs) {
  const spans = bodies.map((b) => [b.fromMs, b.toMs ?? endMs]).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let open = null;
  for (const [from, to] of spans) {
    if (open && from <= open[1]) open[1] = Math.max(open[1], to);
    else {
      if (open) total += open[1] - open[0];
      open = [from, to];
    }
  }
  return total + (open ? open[1] - open[0] : 0);
}
var uploadRules = {
  noun: "upload",
  verb: "sent",
  counter: "txBytes",
  // The requests that carry the archive (a block, a chunk, the whole blob), not the bookkeeping around them.
  carriesData: (r) => r.part !== null,
  waitMs: answerWait,
  quietStretch: (r, t) => {
    const bodyEnd = r.bodySentMs ?? r.endMs ?? t.endMs;
    return longestQuiet(
      r.points.filter(([at, b]) => b > 0 && at <= bodyEnd),
      r.bodySentMs === null ? r.endMs : null
    );
  },
  // A request that failed, until its part was sent again: the toolkit's wait before a retry (v1: 5 s).
  retryKind: "retry",
  heldWait: (r, t) => {
    const ms = answerWait(r) ?? (r.bodySentMs !== null ? (r.endMs ?? t.endMs) - r.bodySentMs : null);
    return ms === null ? null : { fromMs: r.bodySentMs, ms };
  },
  waitKind: "acknowledgement",
  stall: ({ request: r, kind, startMs, durationMs, atBytes, wholeMs }, t) => {
    const endedByTimeout2 = endedByTimeout(r.outcome, durationMs, t.limits.requestTimeoutMs, t.intervalMs);
    return {
      kind,
      requestId: r.id,
      startMs,
      durationMs,
      atBytes,
      wholeUploadMs: wholeMs,
      toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout2),
      endedByTimeout: endedByTimeout2
    };
  },
  wholeMs: (s) => s.wholeUploadMs,
  stallWhat: (s) => s.kind === "body" ? `request #${s.requestId} sent nothing for ${seconds(s.durationMs)}: the far side stopped reading its body` : s.kind === "acknowledgement" ? `request #${s.requestId} waited ${seconds(s.durationMs)} for the store's answer after its body` : s.kind === "retry" ? `request #${s.requestId} failed and its part was sent again ${seconds(s.durationMs)} later` : `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`,
  hasBody: () => true,
  answered: (r) => r.responseMs !== null,
  // The peer acknowledges bytes into its receive buffer before its reader takes them, so a body's end is the
  // store's answer less the least answer wait of the upload (the fixed round trip and commit), not the last
  // acknowledged byte: the rates then follow what the far side took, whatever buffers sat between.
  body: (r, fixedWait) => ({
    fromMs: r.startMs,
    toMs: r.responseMs === null ? r.bodySentMs : Math.max(r.bodySentMs ?? r.startMs, r.responseMs - fixedWait),
    bytes: r.sentBytes
  }),
  // For the same reason bytes flowed while any body was in flight, not only while acknowledgements grew
  // (the far side's buffer drained meanwhile); the stretches nothing moved in a stall are taken out.
  flowingMs: (t, bodies, stalls, D) => Math.max(0, Math.min(D, unionMs(bodies, t.endMs)) - stalls.reduce((sum, x) => sum + x.wholeUploadMs, 0)),
  evidence: (t, f) => {
    const single = f.data.length === 1 && f.data[0]?.part === "whole blob";
    return [
      `${f.data.length} request${f.data.length === 1 ? "" : "s"} carried the archive on the ${t.limits.path} path (${single ? `one Put Blob: the Azure SDK sends an archive up to ${bytes(t.limits.singleShotBytes ?? 0)} in one request` : `up to ${t.limits.concurrency} in parallel, ${formatNumber(f.meanInFlight)} in flight on average, ${bytes(t.limits.chunkBytes)} each`}), ${bytes(f.totalBytes)} sent in ${seconds(f.durationMs)}: ${mibPerSecond(f.bytesPerSecond)}`,
      `a body was on its way ${percent(f.flowingMs / f.durationMs)} of the time; requests spent ${percent(f.waitShare)} of their time waiting for the store's answer after their body (median ${seconds(median(f.waits))})`
    ];
  },
  limitWords: () => ({
    noun: "upload",
    latency: (share, wait) => `the upload waited on round trips: its requests spent ${percent(share)} of their time waiting ${seconds(wait)} each for the store's answer after their body`,
    storeWaits: "waiting for its answer after their body,",
    alone: "one request carried the upload",
    shortWaits: "short waits for the store's answers"
  }),
  // A stall names the limit by what it cost, not its length: under a shared cap the other requests take
  // a held one's share, and only the stretch nothing moved is lost.
  stallCost: (worst, limit, meanInFlight, request) => {
    const lostMs = stallCostMs(worst, limit, meanInFlight, request);
    return { lostMs, weighedMs: lostMs };
  },
  aloneWaitMs: () => 0,
  whatIf: (change, uploadLowerBoundMs, sentence) => ({ change, uploadLowerBoundMs, sentence }),
  samePart: (failed, later) => later.part === failed.part,
  interruption: (r, retry, t) => {
    const after = retry ? `request #${retry.id} sent it again ${seconds(Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)))} later: a retry` : "nothing sent it again";
    return `request #${r.id} (${r.part}) ${r.outcome === "error" ? "failed" : "was closed"} after sending ${bytes(r.sentBytes)}, ${seconds(Math.max(0, (r.endMs ?? r.startMs) - t.startMs))} into the upload; ${after}`;
  }
};
function judgeUpload(t, archiveBytes) {
  return judgeTransfer(uploadRules, t, archiveBytes);
}
function uploadStallHeadline(stall, archiveBytes, limits) {
  const head = `The upload stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}, ${stallPlace(stall, archiveBytes)})`;
  if (stall.kind === "retry") {
    return limits.path === "azure-sdk" ? `${head}: a request failed and the Azure SDK's retry policy waited before sending it again (no setting of actions/cache changes it).` : `${head}: a chunk failed and @actions/cache waited its fixed 5 s before sending it again (no setting changes it).`;
  }
  if (limits.path === "azure-sdk") {
    return `${head}: on cache v2 nothing in actions/cache times an upload out, so only the step's timeout-minutes would cut a longer one short (failing the job).`;
  }
  const timeout = seconds(limits.requestTimeoutMs ?? HTTP_CLIENT_SOCKET_TIMEOUT_MS);
  if (stall.kind === "body") {
    return `${head}: @actions/http-client's ${timeout} socket timeout does not fire on a body the far side stopped reading, so only the step's timeout-minutes would cut a longer one short (failing the job).`;
  }
  return stall.endedByTimeout ? `${head}: @actions/http-client's ${timeout} socket timeout ended it and the chunk was sent again (no setting changes that timeout).` : `${head}: only @actions/http-client's ${timeout} socket timeout would cut a longer one short and send the chunk again (no setting changes it).`;
}

// src/judge/save-rules.ts
var SINGLE_THREADED = /* @__PURE__ */ new Set(["tar", "gzip"]);
var LABEL = {
  network: "Network-bound",
  "disk-bandwidth": "Disk-bound (bandwidth)",
  "disk-iops": "Disk-bound (IOPS/latency)",
  cpu: "CPU-bound",
  none: "No bottleneck",
  inconclusive: "Inconclusive"
};
var NOUN = {
  list: "listing the paths",
  archive: "creating the archive (tar + zstd)",
  reserve: "reserving the entry",
  upload: "the upload",
  commit: "committing the entry"
};
var mib = (bytes2) => `${(bytes2 / (1024 * 1024)).toFixed(1)} MiB`;
var pct = (x) => `${Math.round(x)}%`;
var secs = (ms) => `${(ms / 1e3).toFixed(2)} s`;
function judgeReadAndCompress(phase, s, busiest, input) {
  const t = SAVE_THRESHOLDS;
  const evidence = [];
  const threads = input.compressionThreads ?? input.cpuCount;
  const usableCores = Math.max(1, Math.min(threads, input.cpuCount));
  const busy = s.cpu ? s.cpu.userPercent + s.cpu.systemPercent : null;
  if (s.childCpuCores !== null)
    evidence.push(`tar+zstd used ${s.childCpuCores.toFixed(2)} of ${usableCores} usable cores (zstd -T0: ${threads} threads on ${input.cpuCount} CPUs)`);
  if (busy !== null) evidence.push(`CPUs ${pct(busy)} busy, ${pct(s.cpu?.iowaitPercent ?? 0)} waiting on IO`);
  const d = s.disk;
  if (d)
    evidence.push(
      `disk read ${d.readsPerSecond.toFixed(0)} r/s of ${d.readRequestKiB.toFixed(1)} KiB (r_await ${d.readAwaitMs.toFixed(2)} ms), ${(d.readKiBPerSecond / 1024).toFixed(1)} MiB/s`
    );
  if (s.pressure?.ioSome != null) evidence.push(`IO stall (PSI some) ${pct(s.pressure.ioSome * 100)} of the phase`);
  const childSaturated = s.childCpuCores !== null && s.childCpuCores >= t.childCoresShare * usableCores;
  const machineSaturated = busy !== null && busy >= t.machineBusyPercent;
  if (busiest) evidence.push(`the busiest process, ${busiest.comm}, used ${busiest.cores.toFixed(2)} of a core`);
  if (busiest && SINGLE_THREADED.has(busiest.comm) && busiest.cores >= PROCESS_FULL_CORE) {
    const clause = `${busiest.comm} kept one core busy (${busiest.cores.toFixed(2)}): it is single-threaded, reading and archiving the files one at a time`;
    return { bottleneck: "cpu", clause, evidence };
  }
  if (childSaturated || machineSaturated) {
    const clause = childSaturated ? `compression kept ${s.childCpuCores?.toFixed(2)} of ${usableCores} cores busy (zstd -T0, ${threads} threads)` : `the CPUs were ${pct(busy ?? 0)} busy while tar and zstd ran`;
    return { bottleneck: "cpu", clause, evidence };
  }
  if (d) {
    const seq = input.ceilings?.seqReadBytesPerSecond;
    if (seq && d.readBytes / Math.max(d.durationMs / 1e3, 1e-9) >= t.ceilingShare * seq) {
      return {
        bottleneck: "disk-bandwidth",
        clause: `tar read at ${(d.readKiBPerSecond / 1024).toFixed(0)} MiB/s, near this disk's ${mib(seq)}/s sequential-read ceiling`,
        evidence
      };
    }
    const stalled = (s.pressure?.ioSome ?? 0) >= t.ioStallShare || (s.cpu?.iowaitPercent ?? 0) >= t.iowaitPercent;
    const iopsCeiling = input.ceilings?.randReadIops;
    const atIops = iopsCeiling !== void 0 && d.readsPerSecond >= t.ceilingShare * iopsCeiling;
    if (d.readsPerSecond >= t.minReadsPerSecond && (stalled || atIops)) {
      return {
        bottleneck: "disk-iops",
        clause: `tar read many small files at ${d.readsPerSecond.toFixed(0)} reads/s of ${d.readRequestKiB.toFixed(1)} KiB (r_await ${d.readAwaitMs.toFixed(2)} ms) while waiting on the disk${d.readAwaitMs < t.deviceWaitMs ? `; r_await is low because the wait is above the device: a throttle or cgroup I/O cap holds the reads before they reach it` : ""}`,
        evidence
      };
    }
  }
  return { bottleneck: "inconclusive", clause: `neither the CPUs nor the disk reads were saturated during ${NOUN[phase]}`, evidence };
}
function judgeNetwork(phase, record, durationMs, upload) {
  if (phase === "upload" && upload) {
    const clause = upload.sentence.replace(/\.$/, "");
    return { bottleneck: "network", clause: `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`, evidence: [] };
  }
  if (phase === "upload" && record.networkBytes) {
    const rate = record.networkBytes / Math.max(durationMs / 1e3, 1e-9);
    return {
      bottleneck: "network",
      clause: `the upload sent ${mib(record.networkBytes)} at ${mib(rate)}/s`,
      evidence: [`${mib(record.networkBytes)} in ${secs(durationMs)}`]
    };
  }
  return { bottleneck: "network", clause: `${NOUN[phase]} is a round trip to the cache service`, evidence: [`${secs(durationMs)}`] };
}
function busiestIn(p, input) {
  if (!input.samples) return null;
  const inside = input.samples.filter((x) => x.tMs > p.start.tMs && x.tMs < p.end.tMs);
  const b = snapshotFacts(p.start, p.end, input.deviceIndex, inside).busiestProcess;
  return b && b.comm !== "none" ? b : null;
}
function judgedUpload(input) {
  const phase = input.phases.find((p) => p.name === "upload");
  if (!phase?.uploadTimeline) return void 0;
  const networkBytes = phase.networkBytes ?? null;
  return { verdict: judgeUpload(phase.uploadTimeline, networkBytes), timeline: phase.uploadTimeline, networkBytes };
}
function judgeSavePhases(input, upload) {
  return input.phases.map((p) => {
    const durationMs = Math.max(0, p.endMs - p.startMs);
    const judged = p.name === "list" || p.name === "archive" ? judgeReadAndCompress(p.name, phaseSummary(p.start, p.end, input.deviceIndex), busiestIn(p, input), input) : judgeNetwork(p.name, p, durationMs, upload);
    return { phase: p.name, durationMs, ...judged };
  });
}
function judgeSave(input) {
  const judgedTransfer = judgedUpload(input);
  const upload = judgedTransfer?.verdict;
  const judged = judgeSavePhases(input, upload);
  if (judged.length === 0) return { bottleneck: "inconclusive", sentence: "Save: inconclusive, no phase was recorded.", phases: [] };
  const totalMs = judged.reduce((sum, j) => sum + j.durationMs, 0);
  const dominant = judged.reduce((a, b) => b.durationMs > a.durationMs ? b : a);
  const share = totalMs > 0 ? dominant.durationMs / totalMs * 100 : 0;
  const stall = upload?.limit === "stall" ? upload.stalls[0] : void 0;
  const lead = stall && judgedTransfer ? `${uploadStallHeadline(stall, judgedTransfer.networkBytes, judgedTransfer.timeline.limits)} ` : "";
  return {
    bottleneck: dominant.bottleneck,
    sentence: `${lead}Save: ${LABEL[dominant.bottleneck]}: ${dominant.clause}; ${NOUN[dominant.phase]} took ${pct(share)} of the ${secs(totalMs)} save.`,
    phases: judged.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, sentence: `${LABEL[j.bottleneck]}: ${j.clause}.`, evidence: j.evidence })),
    ...upload ? { upload } : {}
  };
}

// src/save/observed-save.ts
import * as os from "node:os";
import { existsSync } from "node:fs";
import * as path2 from "node:path";

// src/save/timed-save.ts
import * as path from "node:path";

// src/sample/upload-timeline.ts
function uploadPart(request) {
  const range = headerText(request.getHeader("content-range"));
  if (range) return range;
  const query = (request.path ?? "").split("?")[1] ?? "";
  const block = /(?:^|&)blockid=([^&]+)/.exec(query)?.[1];
  if (block) return `block ${decodeURIComponent(block)}`;
  return request.method === "PUT" && !/(?:^|&)comp=/.test(query) ? "whole blob" : null;
}
var UploadTimelineRecorder = class {
  constructor(o) {
    this.o = o;
    this.recorder = new TransferRecorder({ ...o, direction: "upload", part: uploadPart });
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
      // The recorder's record is this one with its count under a neutral name (transfer-rules.ts).
      requests: requests.map(({ bytes: bytes2, ...r }) => ({ ...r, sentBytes: bytes2 })),
      limits: this.o.limits
    };
  }
};

// src/save/upload-limits.ts
var V2_BLOCK_BYTES = 64 * MiB;
var V2_CONCURRENCY = 8;
var SDK_SINGLE_SHOT_BYTES = 128 * MiB;
var SDK_MAX_TRIES = 4;
function uploadLimits(serviceVersion, uploadChunkSize) {
  if (serviceVersion === "v2") {
    return {
      path: "azure-sdk",
      concurrency: V2_CONCURRENCY,
      chunkBytes: V2_BLOCK_BYTES,
      singleShotBytes: SDK_SINGLE_SHOT_BYTES,
      requestTimeoutMs: null,
      maxTries: SDK_MAX_TRIES
    };
  }
  const options = getUploadOptions(uploadChunkSize === void 0 ? void 0 : { uploadChunkSize });
  return {
    path: "http-chunks",
    concurrency: options.uploadConcurrency ?? 4,
    chunkBytes: options.uploadChunkSize ?? 32 * MiB,
    singleShotBytes: null,
    requestTimeoutMs: HTTP_CLIENT_SOCKET_TIMEOUT_MS,
    maxTries: DefaultRetryAttempts
  };
}

// src/save/timed-save.ts
var V1_FILE_SIZE_LIMIT_BYTES = 10 * 1024 * 1024 * 1024;
async function timedSave(request) {
  const { paths, key, enableCrossOsArchive } = request;
  const serviceVersion = getCacheServiceVersion() === "v2" ? "v2" : "v1";
  let wallStartMs = monotonicMs();
  let wallEndMs = null;
  const result = {
    status: "saved",
    serviceVersion,
    compressionMethod: "",
    matchedPaths: [],
    archiveBytes: null,
    cacheId: null,
    phases: [],
    saveMs: 0,
    wallMs: 0
  };
  const cacheMode = getCacheMode();
  if (!isCacheWritable(cacheMode)) {
    result.status = "skipped";
    result.reason = `Cache save skipped: the effective cache-mode '${cacheMode}' does not permit writes.`;
    request.log(result.reason);
    return finish();
  }
  wallStartMs = monotonicMs();
  let current = { name: "list", start: request.boundary() };
  request.onPhase?.("list");
  let pending = {};
  const next = (name, extra = {}) => {
    const end2 = request.boundary();
    result.phases.push({ name: current.name, startMs: current.start.tMs, endMs: end2.tMs, start: current.start, end: end2, ...extra });
    current = { name, start: end2 };
    request.onPhase?.(name);
  };
  let archivePath = "";
  let recorder = null;
  const record = (url) => {
    const o = request.uploadTimeline;
    if (!o || !url) return;
    recorder = new UploadTimelineRecorder({ host: new URL(url).host, ...o, limits: uploadLimits(serviceVersion, request.uploadChunkSize) });
    recorder.start();
  };
  const recorded = () => {
    const timeline = recorder?.stop();
    recorder = null;
    return timeline ? { uploadTimeline: timeline } : {};
  };
  try {
    const compressionMethod = await cacheUtils_exports.getCompressionMethod();
    result.compressionMethod = String(compressionMethod);
    const twirpClient = serviceVersion === "v2" ? internalCacheTwirpClient() : null;
    const cachePaths = await cacheUtils_exports.resolvePaths(paths);
    result.matchedPaths = cachePaths;
    if (cachePaths.length === 0) {
      throw new Error("Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.");
    }
    next("archive");
    const archiveFolder = await cacheUtils_exports.createTempDirectory();
    archivePath = path.join(archiveFolder, cacheUtils_exports.getCacheFileName(compressionMethod));
    await createTar(archiveFolder, cachePaths, compressionMethod);
    const archiveFileSize = cacheUtils_exports.getArchiveFileSizeInBytes(archivePath);
    result.archiveBytes = archiveFileSize;
    next("reserve");
    if (twirpClient) {
      const options = { uploadChunkSize: 64 * 1024 * 1024, uploadConcurrency: 8, useAzureSdk: true, archiveSizeBytes: archiveFileSize };
      const version = cacheUtils_exports.getCacheVersion(paths, compressionMethod, enableCrossOsArchive);
      const response = await twirpClient.CreateCacheEntry({ key, version });
      if (!response.ok) {
        throw new ReserveFailed(
          `Unable to reserve cache with key ${key}, another job may be creating this cache.${response.message ? ` More details: ${response.message}` : ""}`
        );
      }
      next("upload");
      record(response.signedUploadUrl);
      try {
        await saveCache(-1, archivePath, response.signedUploadUrl, options);
      } finally {
        pending = recorded();
      }
      next("commit", { networkBytes: archiveFileSize, ...pending });
      pending = {};
      const finalizeResponse = await twirpClient.FinalizeCacheEntryUpload({ key, version, sizeBytes: `${archiveFileSize}` });
      if (!finalizeResponse.ok) {
        throw new Error(finalizeResponse.message || `Unable to finalize cache with key ${key}, another job may be finalizing this cache.`);
      }
      result.cacheId = parseInt(finalizeResponse.entryId);
    } else {
      if (archiveFileSize > V1_FILE_SIZE_LIMIT_BYTES && !isGhes()) {
        throw new Error(`Cache size of ~${Math.round(archiveFileSize / (1024 * 1024))} MB (${archiveFileSize} B) is over the 10GB limit, not saving cache.`);
      }
      const reserved = await reserveCache(key, paths, { compressionMethod, enableCrossOsArchive, cacheSize: archiveFileSize });
      const cacheId = reserved?.result?.cacheId;
      if (!cacheId) {
        throw new ReserveFailed(reserved?.error?.message ?? `Unable to reserve cache with key ${key}, another job may be creating this cache.`);
      }
      next("upload");
      record(getCacheServiceURL());
      try {
        await saveCache(cacheId, archivePath, "", { uploadChunkSize: request.uploadChunkSize });
      } finally {
        pending = recorded();
      }
      result.cacheId = cacheId;
      pending = { networkBytes: archiveFileSize, ...pending };
    }
    request.log(`Cache saved with key: ${key}`);
  } catch (error) {
    result.status = "failed";
    result.error = { phase: current.name, message: errorMessage(error) };
    result.reason = `Failed to save: ${errorMessage(error)}`;
  } finally {
    if (archivePath) {
      try {
        await cacheUtils_exports.unlinkFile(archivePath);
      } catch {
      }
    }
  }
  wallEndMs = monotonicMs();
  const end = request.boundary();
  result.phases.push({ name: current.name, startMs: current.start.tMs, endMs: end.tMs, start: current.start, end, ...pending });
  request.onPhase?.(null);
  return finish();
  function finish() {
    const first = result.phases[0];
    const last = result.phases[result.phases.length - 1];
    result.saveMs = first && last ? last.endMs - first.startMs : 0;
    result.wallMs = (wallEndMs ?? monotonicMs()) - wallStartMs;
    return result;
  }
}
var ReserveFailed = class extends Error {
  name = "ReserveCacheError";
};

// src/save/observed-save.ts
async function observedSave(o) {
  const originMs = monotonicMs();
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const readPath = expandPath(o.paths.find((p) => !/[*?[\]!]/.test(p)) ?? o.workspace, o.workspace);
  const procRoot = o.procRoot === void 0 ? "/proc" : o.procRoot;
  const hasProc = procRoot !== null && existsSync(path2.join(procRoot, "stat"));
  const where = hasProc ? resolveDevices({ restorePath: readPath, archiveTemp: o.runnerTemp }, { procRoot }) : { devices: [] };
  const sampler = hasProc && procRoot !== null ? new Sampler({ intervalMs: o.sampleIntervalMs, devices: where.devices, originMs, procRoot }) : null;
  const boundary = sampler ? () => sampler.snapshot() : () => ({ tMs: monotonicMs() - originMs, disks: [], cpu: null, pressure: null, memory: null, childCpuTicks: null });
  const cwd = process.cwd();
  sampler?.start();
  let timed;
  try {
    process.chdir(o.workspace);
    timed = await timedSave({
      paths: o.paths,
      key: o.key,
      enableCrossOsArchive: o.enableCrossOsArchive,
      uploadChunkSize: o.uploadChunkSize,
      boundary,
      log: o.log,
      onPhase: o.onPhase,
      uploadTimeline: { intervalMs: o.sampleIntervalMs, nowMs: () => monotonicMs() - originMs, procRoot: hasProc ? procRoot : null }
    });
  } finally {
    process.chdir(cwd);
  }
  const samples = sampler?.stop() ?? { intervalMs: o.sampleIntervalMs, keptEvery: 1, snapshots: [] };
  const compressionThreads = timed.compressionMethod.startsWith("zstd") ? os.availableParallelism() : timed.compressionMethod === "gzip" ? 1 : null;
  return {
    ...timed,
    startedAt,
    key: o.key,
    paths: o.paths,
    compressionThreads,
    devices: where.devices,
    samples,
    verdict: null
  };
}

// src/pipeline/judged-save.ts
function saveVerdict(save, ceilings, cpuCount = os2.availableParallelism()) {
  if (save.phases.length === 0) return null;
  return judgeSave({
    phases: save.phases,
    deviceIndex: save.devices.length > 0 ? 0 : null,
    cpuCount,
    compressionThreads: save.compressionThreads,
    ceilings,
    samples: save.samples.snapshots
  });
}
async function judgedSave(o) {
  const save = await observedSave(o);
  return { ...save, verdict: saveVerdict(save, o.ceilings) };
}

export {
  judgedSave
};
