import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  TransferRecorder,
  headerText
} from "./chunk-HYBIDOFW.js";
import {
  endedByTimeout,
  judgeTransfer,
  longestQuiet,
  median,
  requestsAndTiming,
  snapshotFacts
} from "./chunk-OD2XKONF.js";
import {
  Sampler
} from "./chunk-IRNB227S.js";
import {
  monotonicMs
} from "./chunk-PWWNCPHY.js";
import {
  expandPath,
  phaseSummary
} from "./chunk-JYT2JN4Z.js";
import {
  HTTP_CLIENT_SOCKET_TIMEOUT_MS
} from "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  resolveDevices
} from "./chunk-KMPHW5Q6.js";
import {
  createTar,
  getUploadOptions,
  reserveCache,
  saveCache
} from "./chunk-BSPUIZYN.js";
import {
  DefaultRetryAttempts,
  cacheUtils_exports,
  getCacheMode,
  getCacheServiceURL,
  getCacheServiceVersion,
  internalCacheTwirpClient,
  isCacheWritable,
  isGhes
} from "./chunk-X762GLLF.js";
import {
  MiB,
  PROCESS_FULL_CORE,
  SAVE_THRESHOLDS
} from "./chunk-YRJ6SEFO.js";

// src/pipeline/judged-save.ts
import * as os2 from "node:os";

// src/judge/upload-rules.ts
var answerWait = (r) => r.bodySentMs === null || r.responseMs === null ? null : Math.max(0, r.responseMs - r.bodySentMs);
function toolkitOnStall(limits, kind, durationMs, endedIt) {
  if (kind === "retry") return { kind: limits.path === "azure-sdk" ? "sdk-upload-retry" : "chunk-retry", maxTries: limits.maxTries };
  if (limits.path === "azure-sdk") return { kind: "sdk-upload-no-timeout" };
  const timeoutMs = limits.requestTimeoutMs ?? HTTP_CLIENT_SOCKET_TIMEOUT_MS;
  if (kind === "body") return { kind: "chunk-body-socket", timeoutMs };
  return { kind: "chunk-answer-timeout", timeoutMs, maxTries: limits.maxTries, reached: endedIt || durationMs >= timeoutMs };
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
  direction: "upload",
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
      facts: { toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout2) },
      endedByTimeout: endedByTimeout2
    };
  },
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
  evidence: (t, f) => requestsAndTiming(f, t.limits, {
    chunkBytes: t.limits.chunkBytes,
    // One Put Blob: the Azure SDK sends an archive up to singleShotBytes in one request.
    singleShotBytes: f.data.length === 1 && f.data[0]?.part === "whole blob" ? t.limits.singleShotBytes ?? 0 : null
  }),
  // A stall names the limit by what it cost, not its length: under a shared cap the other requests take
  // a held one's share, and only the stretch nothing moved is lost.
  stallCost: (worst, limit, meanInFlight, request) => {
    const lostMs = stallCostMs(worst, limit, meanInFlight, request);
    return { lostMs, weighedMs: lostMs };
  },
  aloneWaitMs: () => 0,
  whatIf: (change, uploadLowerBoundMs, facts) => ({ change, uploadLowerBoundMs, facts }),
  samePart: (failed, later) => later.part === failed.part,
  interruption: (r, retry, t) => ({
    kind: "interruption",
    requestId: r.id,
    outcome: r.outcome,
    part: r.part,
    bytes: r.sentBytes,
    atMs: Math.max(0, (r.endMs ?? r.startMs) - t.startMs),
    retry: retry ? { requestId: retry.id, part: retry.part, afterMs: Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)) } : null,
    sdkGaveUp: false
  })
};
function judgeUpload(t, archiveBytes) {
  return judgeTransfer(uploadRules, t, archiveBytes);
}

// src/judge/save-rules.ts
var SINGLE_THREADED = /* @__PURE__ */ new Set(["tar", "gzip"]);
var judged = (bottleneck, clause, evidence) => ({ bottleneck, facts: { clause, evidence } });
function judgeReadAndCompress(phase, s, busiest, input) {
  const t = SAVE_THRESHOLDS;
  const evidence = [];
  const threads = input.compressionThreads ?? input.cpuCount;
  const usableCores = Math.max(1, Math.min(threads, input.cpuCount));
  const busy = s.cpu ? s.cpu.userPercent + s.cpu.systemPercent : null;
  if (s.childCpuCores !== null) evidence.push({ kind: "child-cores", childCores: s.childCpuCores, usableCores, threads, cpuCount: input.cpuCount });
  if (busy !== null) evidence.push({ kind: "cpus", busyPercent: busy, iowaitPercent: s.cpu?.iowaitPercent ?? 0 });
  const d = s.disk;
  if (d)
    evidence.push({
      kind: "disk-read",
      readsPerSecond: d.readsPerSecond,
      readRequestKiB: d.readRequestKiB,
      readAwaitMs: d.readAwaitMs,
      readKiBPerSecond: d.readKiBPerSecond
    });
  if (s.pressure?.ioSome != null) evidence.push({ kind: "io-stall", share: s.pressure.ioSome });
  const childSaturated = s.childCpuCores !== null && s.childCpuCores >= t.childCoresShare * usableCores;
  const machineSaturated = busy !== null && busy >= t.machineBusyPercent;
  if (busiest) evidence.push({ kind: "busiest", comm: busiest.comm, cores: busiest.cores });
  if (busiest && SINGLE_THREADED.has(busiest.comm) && busiest.cores >= PROCESS_FULL_CORE)
    return judged("cpu", { kind: "single-threaded", comm: busiest.comm, cores: busiest.cores }, evidence);
  if (childSaturated) return judged("cpu", { kind: "compression", childCores: s.childCpuCores ?? 0, usableCores, threads }, evidence);
  if (machineSaturated) return judged("cpu", { kind: "cpus-busy", busyPercent: busy ?? 0 }, evidence);
  if (d) {
    const seq = input.ceilings?.seqReadBytesPerSecond;
    if (seq && d.readBytes / Math.max(d.durationMs / 1e3, 1e-9) >= t.ceilingShare * seq)
      return judged("disk-bandwidth", { kind: "read-bandwidth", readKiBPerSecond: d.readKiBPerSecond, ceilingBytesPerSecond: seq }, evidence);
    const stalled = (s.pressure?.ioSome ?? 0) >= t.ioStallShare || (s.cpu?.iowaitPercent ?? 0) >= t.iowaitPercent;
    const iopsCeiling = input.ceilings?.randReadIops;
    const atIops = iopsCeiling !== void 0 && d.readsPerSecond >= t.ceilingShare * iopsCeiling;
    if (d.readsPerSecond >= t.minReadsPerSecond && (stalled || atIops)) {
      const clause = {
        kind: "read-iops",
        readsPerSecond: d.readsPerSecond,
        readRequestKiB: d.readRequestKiB,
        readAwaitMs: d.readAwaitMs,
        aboveDevice: d.readAwaitMs < t.deviceWaitMs
      };
      return judged("disk-iops", clause, evidence);
    }
  }
  return judged("inconclusive", { kind: "unsaturated", phase }, evidence);
}
function judgeNetwork(phase, record, durationMs, upload) {
  if (phase === "upload" && upload) return judged("network", { kind: "upload-verdict", phase }, []);
  if (phase === "upload" && record.networkBytes) {
    const moved = { bytes: record.networkBytes, durationMs };
    return judged("network", { kind: "upload-rate", ...moved }, [{ kind: "moved", ...moved }]);
  }
  return judged("network", { kind: "round-trip", phase }, [{ kind: "duration", durationMs }]);
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
  return judgeUpload(phase.uploadTimeline, phase.networkBytes ?? null);
}
function judgeSavePhases(input, upload) {
  return input.phases.map((p) => {
    const durationMs = Math.max(0, p.endMs - p.startMs);
    const judged2 = p.name === "list" || p.name === "archive" ? judgeReadAndCompress(p.name, phaseSummary(p.start, p.end, input.deviceIndex), busiestIn(p, input), input) : judgeNetwork(p.name, p, durationMs, upload);
    return { phase: p.name, durationMs, ...judged2 };
  });
}
function judgeSave(input) {
  const upload = judgedUpload(input);
  const phases = judgeSavePhases(input, upload);
  const totalMs = phases.reduce((sum, j) => sum + j.durationMs, 0);
  const dominant = phases.length === 0 ? null : phases.reduce((a, b) => b.durationMs > a.durationMs ? b : a);
  return {
    bottleneck: dominant?.bottleneck ?? "inconclusive",
    facts: { dominant: dominant?.phase ?? null, share: dominant && totalMs > 0 ? dominant.durationMs / totalMs : 0, totalMs },
    phases: phases.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, facts: j.facts })),
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
      requests: requests.map(({ bytes, ...r }) => ({ ...r, sentBytes: bytes })),
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
  saveVerdict,
  judgedSave
};
