import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DISK_LATENCIES,
  REQUESTS_COUNTED_WHYS,
  RESTORE_RULES,
  UNMEASURED
} from "./chunk-HDZVFZKP.js";
import {
  ALTERNATIVES,
  ANATOMY_SOURCES,
  BLOCK_DEVICE_KINDS,
  BOTTLENECKS,
  CAP_CEILING_KINDS,
  CEILING_FROM_KINDS,
  CGROUP_CAP_FILES,
  DEVICE_VERDICTS,
  DISK_DIRECTIONS,
  DISK_RESOURCES,
  DISK_WRITES_KINDS,
  DOWNLOAD_PATHS,
  DOWNLOAD_STALL_KINDS,
  FIX_MEMORY_REASONS,
  HALF_RULE_KINDS,
  IOPS_COUNTS,
  PHASES,
  PRIVILEGED_OPERATIONS,
  PRIVILEGE_LACKS,
  PROBE_NAMES,
  PROFILE_SCHEMA_VERSION,
  RESOLUTION_METHODS,
  RESOURCES,
  RESTORE_SKIP_REASONS,
  RESTORE_SPANS,
  SAMPLE_MADE_FROM,
  SAMPLE_READINGS,
  SAMPLE_SIZE_NAMES,
  SAVE_PHASES,
  SAVE_STATUSES,
  SHARED_PHASES,
  SKIP_REASONS,
  STAGE_STATUSES,
  STALL_CUTS,
  TRANSFER_LIMIT_KINDS,
  TRANSFER_REQUEST_OUTCOMES,
  TRANSFER_WHAT_IF_CHANGES,
  UPLOAD_PATHS,
  UPLOAD_STALL_KINDS,
  WHAT_IF_OUTCOMES,
  WORKFLOW_FIX_KINDS
} from "./chunk-SGXIA4GN.js";
import {
  ProfilerError
} from "./chunk-76DRRFYG.js";

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
    const path = p ? `${p}.${key}` : key;
    if (!(key in rec) || rec[key] === void 0) {
      if (!optional) e.push(`${path}: missing`);
      continue;
    }
    c(rec[key], path, e);
  }
};
var tagged = (key, variants) => (v, p, e) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    e.push(`${p}: expected an object, got ${describe(v)}`);
    return;
  }
  const tag = v[key];
  const shape = typeof tag === "string" && Object.hasOwn(variants, tag) ? variants[tag] : void 0;
  if (!shape) {
    e.push(
      `${p ? `${p}.` : ""}${key}: expected one of ${Object.keys(variants).map((t) => JSON.stringify(t)).join(", ")}, got ${describe(tag)}`
    );
    return;
  }
  obj(shape)(v, p, e);
};
var byKind = (shapes) => tagged("kind", shapes);
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
var ceilingFromFacts = (v, p, e) => {
  const capped = { ceiling: oneOf(...CAP_CEILING_KINDS), capFile: oneOf(...CGROUP_CAP_FILES), device: str, capValue: num };
  const kind = typeof v === "object" && v !== null ? v.kind : void 0;
  if (kind === "cap-seq-met-iops") return obj({ ...capped, kind: oneOf("cap-seq-met-iops"), iopsCap: nullable(num), seqBytesPerSecond: num })(v, p, e);
  if (kind === "fio-below-cap") return obj({ ...capped, kind: oneOf("fio-below-cap"), probed: num })(v, p, e);
  obj({ ...capped, kind: oneOf(...CEILING_FROM_KINDS), probed: nullable(num) })(v, p, e);
};
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
var transferRateFacts = obj({
  limit: oneOf(...TRANSFER_LIMIT_KINDS.filter((k) => k !== "stall")),
  waitShare: num,
  medianWaitMs: num,
  fastestWaitMs: num,
  p90WaitMs: num,
  elasticity: nullable(num),
  requests: num,
  bytesPerSecond: num,
  meanInFlight: num
});
var rateAtParallelism = obj({ inFlight: num, bytesPerSecond: num });
var transferEvidence = byKind({
  requests: {
    requests: num,
    path: oneOf(...DOWNLOAD_PATHS, ...UPLOAD_PATHS),
    concurrency: num,
    meanInFlight: num,
    bytes: num,
    durationMs: num,
    bytesPerSecond: num,
    chunkBytes: nullable(num),
    singleShotBytes: nullable(num)
  },
  timing: { flowingShare: num, waitShare: num, medianWaitMs: num, fastestWaitMs: num },
  elasticity: { fewest: rateAtParallelism, most: rateAtParallelism },
  carrier: { interface: str, bytes: num, bytesPerSecond: num },
  "apart-from-stall": {},
  stall: { stall: num },
  interruption: {
    requestId: num,
    outcome: oneOf(...TRANSFER_REQUEST_OUTCOMES),
    part: nullable(str),
    bytes: num,
    atMs: num,
    retry: nullable(obj({ requestId: num, part: nullable(str), afterMs: num })),
    sdkGaveUp: bool
  },
  pauses: { count: num, totalMs: num, diskCount: num, diskMs: num, downloadMs: num }
});
var transferVerdictFacts = obj({
  direction: oneOf("download", "upload"),
  rate: transferRateFacts,
  evidence: arr(transferEvidence),
  startMs: num,
  archiveBytes: nullable(num)
});
var timeoutReached = { timeoutMs: num, reached: bool };
var downloadStallToolkit = byKind({
  "plain-socket-timeout": timeoutReached,
  "concurrent-part-retry": timeoutReached,
  "sdk-header-retry": timeoutReached,
  "sdk-segment-timeout": {
    tryTimeoutMs: num,
    segmentTimeoutMs: num,
    cutMs: num,
    safe: bool,
    normalSegmentMs: nullable(num),
    segmentBytes: nullable(num)
  }
});
var uploadStallToolkit = byKind({
  "sdk-upload-retry": { maxTries: num },
  "chunk-retry": { maxTries: num },
  "sdk-upload-no-timeout": {},
  "chunk-body-socket": { timeoutMs: num },
  "chunk-answer-timeout": { timeoutMs: num, maxTries: num, reached: bool }
});
var transferWhatIfFacts = obj({ nowMs: num, saves: bool, stallMs: nullable(num) });
var uploadVerdict = obj({
  limit: oneOf(...TRANSFER_LIMIT_KINDS),
  "facts?": transferVerdictFacts,
  "sentence?": str,
  stalls: arr(
    obj({
      kind: oneOf(...UPLOAD_STALL_KINDS),
      requestId: num,
      startMs: num,
      durationMs: num,
      atBytes: num,
      wholeUploadMs: num,
      "facts?": obj({ toolkit: uploadStallToolkit }),
      "toolkit?": str,
      endedByTimeout: bool
    })
  ),
  "evidence?": arr(str),
  whatIf: arr(obj({ change: oneOf(...TRANSFER_WHAT_IF_CHANGES), uploadLowerBoundMs: num, "facts?": transferWhatIfFacts, "sentence?": str }))
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
  "source?": oneOf(...ANATOMY_SOURCES),
  "learned?": obj({ runId: str, runAttempt: str, learnedAt: str }),
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
var ceilingFrom = obj({ "said?": str, cap: bool, "facts?": ceilingFromFacts });
var diskShare = obj({
  resource: oneOf(...DISK_RESOURCES),
  direction: oneOf(...DISK_DIRECTIONS),
  rate: num,
  ceiling: num,
  share: num,
  "count?": oneOf(...IOPS_COUNTS),
  "from?": ceilingFrom
});
var probeCounted = obj({
  name: oneOf(...PROBE_NAMES),
  device: str,
  blockSizeBytes: num,
  biosPerSecond: num,
  requestsPerSecond: num,
  bioBytes: num,
  requestBytes: num,
  merges: num,
  bytesPerSecond: num,
  biosPerFioIo: num
});
var seqMetIopsCommon = { seq: probeCounted, seqBytesPerSecond: num };
var seqMetIops = tagged("by", {
  "random-probe": { ...seqMetIopsCommon, rand: probeCounted, count: oneOf("bios", "requests") },
  "iops-cap": { ...seqMetIopsCommon, capIops: num }
});
var processCores = obj({ comm: str, cores: num, coresAtMost: nullable(num), coresWhileSeen: nullable(num), seenMs: nullable(num) });
var coresBounds = obj({ atLeast: num, atMost: num });
var otherCpuLoad = nullable(obj({ cpuSomeShare: num, ownAtMostShare: num }));
var cpuUser = tagged("kind", {
  "download-process": { cores: coresBounds },
  "busiest-process": { process: processCores },
  "tar-and-zstd": { cores: num }
});
var diskCeilingFigures = {
  resource: oneOf(...DISK_RESOURCES),
  share: nullable(diskShare),
  timeAtCeilingShare: nullable(num),
  writeRequestKiB: nullable(num)
};
var kernelDiskFigures = {
  resource: oneOf(...DISK_RESOURCES),
  writesPerSecond: num,
  writeBytesPerSecond: num,
  utilizationPercent: num,
  averageQueueSize: num,
  ioSomeShare: num
};
var ofPhase = { phase: phaseName };
var phaseDecision = tagged("rule", {
  "lookup-round-trip": { ...ofPhase, durationMs: num },
  "disk-at-ceiling": { ...ofPhase, disk: obj(diskCeilingFigures), dirtyHeldShare: nullable(num) },
  "kernel-saturated-disk": { ...ofPhase, kernel: obj(kernelDiskFigures) },
  "disk-latency": { ...ofPhase, latency: oneOf(...DISK_LATENCIES), perSecond: num, queueSize: num, ceilingPerSecond: num },
  "cpu-process": { ...ofPhase, user: cpuUser, diskTopShare: nullable(num), ioSomeShare: num, quotaCores: nullable(num) },
  "cpu-quota": {
    ...ofPhase,
    quotaCores: num,
    usageCores: nullable(num),
    throttledShare: nullable(num),
    throttledMs: num,
    diskTopShare: nullable(num),
    hostCpuCount: num
  },
  "cpu-starved": { ...ofPhase, childCores: num, cpuSomeShare: nullable(num), ownWait: nullable(obj({ comm: str, share: num })) },
  "cpu-pipeline": { ...ofPhase, childCores: num, busiest: nullable(processCores), diskTopShare: nullable(num), ioSomeShare: num, quotaCores: nullable(num) },
  "dirty-throttled": {
    ...ofPhase,
    dirtyPeakShare: num,
    childCores: num,
    disk: tagged("kind", {
      bios: { biosPerSecond: num, iopsCeiling: num, bandwidthShare: num },
      share: { share: diskShare },
      kernel: { writeBytesPerSecond: num, ioSomeShare: num }
    })
  },
  "near-no-ceiling": { ...ofPhase, diskTopShare: num, busiest: nullable(processCores), otherLoad: otherCpuLoad },
  inconclusive: { ...ofPhase, unmeasured: arr(oneOf(...UNMEASURED)), durationMs: num, diskTopShare: nullable(num), user: cpuUser, otherLoad: otherCpuLoad },
  network: {
    ...ofPhase,
    bytesPerSecond: nullable(num),
    processCores: nullable(coresBounds),
    disk: tagged("kind", { ceilings: { topShare: num }, idle: { utilizationPercent: num } })
  },
  "tail-short": { ...ofPhase, durationMs: num, writtenBytes: nullable(num) },
  "tail-disk": { ...ofPhase, durationMs: num, disk: tagged("kind", { ceilings: diskCeilingFigures, kernel: kernelDiskFigures }) },
  "tail-sustained-rate": {
    ...ofPhase,
    durationMs: num,
    device: nullable(str),
    probedDevice: nullable(str),
    writtenBytes: num,
    resource: oneOf(...DISK_RESOURCES),
    writesPerSecond: num,
    writeRequestKiB: num,
    bytesPerSecond: num
  }
});
var evidenceFacts = tagged("kind", {
  "disk-share": { share: diskShare },
  "iops-restates-bandwidth": { randWriteIops: num },
  "seq-probe-met-iops": { probe: seqMetIops, bandwidthCeilingBytesPerSecond: nullable(num), bandwidthIsCap: bool },
  "write-request-size": { writeRequestKiB: num },
  "iops-count": {
    used: oneOf(...IOPS_COUNTS),
    afterMergePerSecond: num,
    afterMergeDevice: str,
    beforeMergePerSecond: num,
    beforeMergeDevice: str,
    ceiling: num,
    bioBased: bool,
    reason: tagged("kind", {
      "cap-counts-bios": { from: nullable(ceilingFrom) },
      "few-merges": {},
      "requests-reached": {},
      "neither-reached": {},
      "bios-at-cgroup-cap": { capIops: num },
      "bios-steadier": { aboveProbe: bool },
      "requests-counted": { aboveProbe: bool, why: oneOf(...REQUESTS_COUNTED_WHYS) }
    })
  },
  "ceiling-moved": { share: diskShare },
  "time-at-ceiling": { resource: oneOf(...DISK_RESOURCES), share: num },
  "device-utilization": { utilizationPercent: num },
  "queue-size": { averageQueueSize: num },
  "io-pressure-some": { ioSomeShare: num },
  "cpu-iowait": { iowaitShare: num },
  "binding-limit": { binding: oneOf(...DISK_RESOURCES) },
  "busiest-process": { process: processCores, quotaCores: nullable(num) },
  "tar-and-zstd": { cores: num, perProcessRecorded: bool },
  "cpu-pressure-some": { cpuSomeShare: num, heldByWriteback: bool, ownAtMostShare: nullable(num), otherLoad: bool },
  "own-cpu-wait": { comm: str, waitMs: num, share: num, atMostShare: num, heldByWriteback: bool },
  "pipeline-cores": { cores: num, quotaCores: nullable(num) },
  "download-process-cores": { cores: coresBounds, quotaCores: nullable(num) },
  "download-cpu-too-few-ticks": { cores: coresBounds, durationMs: num },
  "download-cpu-not-recorded": {},
  "busiest-cpu": { busyShare: num },
  "cpu-busy": { busyShare: num },
  "cpu-steal": { stealShare: num },
  "cgroup-quota-usage": { usageCores: num, usageShare: num, quotaCores: num },
  "cgroup-throttled": { throttledShare: num, periods: num, throttledMs: num },
  "dirty-peak-share": { dirtyPeakBytes: num, share: num, limitBytes: num }
});
var evidence = obj({ id: str, "facts?": evidenceFacts, "text?": str, value: nullable(num), unit: str, "threshold?": num, supports: bool });
var verdict = nullable(
  obj({
    bottleneck,
    "sentence?": str,
    "decision?": obj({
      rule: oneOf(...RESTORE_RULES),
      carriers: arr(obj({ phase: phaseName, share: num })),
      whatIf: nullable(oneOf(...RESOURCES)),
      outweighed: nullable(phaseName),
      device: nullable(str),
      "probes?": nullable(
        obj({ seqWriteBytesPerSecond: nullable(num), randWriteIops: nullable(num), seqReadBytesPerSecond: nullable(num), randReadIops: nullable(num) })
      ),
      "judgedMs?": num,
      "carrierShare?": num,
      "outweighedHiddenMs?": num,
      "stall?": obj({
        cut: oneOf(...STALL_CUTS),
        archiveBytes: nullable(num),
        requestTimeoutMs: num,
        segmentTimeout: nullable(obj({ cutMs: num, inForceMs: num }))
      }),
      "citesCeilingsSource?": bool
    }),
    phases: arr(obj({ phase: phaseName, bottleneck, "decision?": phaseDecision, "sentence?": str, evidence: arr(evidence), "durationMs?": num })),
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
        "facts?": obj({
          outcome: oneOf(...WHAT_IF_OUTCOMES),
          nowMs: num,
          lowerMs: num,
          upperMs: nullable(num),
          phases: arr(obj({ phase: phaseName, bottleneck: str, durationMs: num, cpuWorkMs: num })),
          cpuQuotaCores: nullable(num),
          device: nullable(str),
          "ceilingFacts?": nullable(ceilingFromFacts),
          "ceilingFrom?": nullable(str),
          raised: nullable(obj({ doubledCeiling: num, namedCeiling: nullable(num) })),
          burst: nullable(obj({ bytes: num, ms: num, baselineBytesPerSecond: num, baselineProbed: bool }))
        }),
        "sentence?": str
      })
    ),
    "devices?": arr(
      obj({
        device: str,
        paths: arr(str),
        writtenBytes: num,
        primary: bool,
        verdict: oneOf(...DEVICE_VERDICTS),
        "facts?": obj({
          writeBytesPerSecond: nullable(num),
          utilizationShare: num,
          top: nullable(diskShare),
          ceilingsElsewhere: bool,
          probedDevice: nullable(str),
          primaryBecause: nullable(str)
        }),
        "sentence?": str
      })
    ),
    "attribution?": obj({
      ownWrittenBytes: nullable(num),
      ownCancelledBytes: nullable(num),
      deviceWrittenBytes: nullable(num),
      otherWriterBytes: nullable(num),
      "facts?": obj({
        earlierSteps: nullable(obj({ deviceWrittenBytes: nullable(num), durationMs: num, owedBeforeBytes: nullable(num) })),
        archiveDeleted: nullable(obj({ writtenBytes: num, cancelledBytes: num })),
        diskWrites: nullable(
          obj({
            kind: oneOf(...DISK_WRITES_KINDS),
            tarBytes: num,
            archiveBytes: num,
            ownBytes: num,
            deviceBytes: num,
            beyondOwnBytes: num,
            beyondOwnShare: num
          })
        )
      }),
      "sentences?": arr(str)
    }),
    "download?": obj({
      limit: oneOf(...TRANSFER_LIMIT_KINDS),
      "facts?": transferVerdictFacts,
      "sentence?": str,
      stalls: arr(
        obj({
          kind: oneOf(...DOWNLOAD_STALL_KINDS),
          requestId: num,
          startMs: num,
          durationMs: num,
          atBytes: num,
          wholeDownloadMs: num,
          "facts?": obj({ toolkit: downloadStallToolkit }),
          "toolkit?": str,
          "endedByTimeout?": bool,
          "segmentTimeoutToCutMs?": nullable(num),
          "normalSegmentMs?": nullable(num)
        })
      ),
      "evidence?": arr(str),
      whatIf: arr(obj({ change: oneOf(...TRANSFER_WHAT_IF_CHANGES), downloadLowerBoundMs: num, "facts?": transferWhatIfFacts, "sentence?": str }))
    }),
    "leads?": oneOf("download-stall")
  })
);
var fileSystemSync = obj({ mountPoint: str, durationMs: num, returned: bool });
var saveBottleneck = oneOf(...BOTTLENECKS);
var savePhaseName = oneOf(...SAVE_PHASES);
var saveClause = byKind({
  "single-threaded": { comm: str, cores: num },
  compression: { childCores: num, usableCores: num, threads: num },
  "cpus-busy": { busyPercent: num },
  "read-bandwidth": { readKiBPerSecond: num, ceilingBytesPerSecond: num },
  "read-iops": { readsPerSecond: num, readRequestKiB: num, readAwaitMs: num, aboveDevice: bool },
  unsaturated: { phase: savePhaseName },
  "round-trip": { phase: savePhaseName },
  "upload-verdict": { phase: savePhaseName },
  "upload-rate": { bytes: num, durationMs: num }
});
var saveEvidence = byKind({
  "child-cores": { childCores: num, usableCores: num, threads: num, cpuCount: num },
  cpus: { busyPercent: num, iowaitPercent: num },
  "disk-read": { readsPerSecond: num, readRequestKiB: num, readAwaitMs: num, readKiBPerSecond: num },
  "io-stall": { share: num },
  busiest: { comm: str, cores: num },
  moved: { bytes: num, durationMs: num },
  duration: { durationMs: num }
});
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
      "facts?": obj({ dominant: nullable(savePhaseName), share: num, totalMs: num }),
      "sentence?": str,
      phases: arr(
        obj({
          phase: savePhaseName,
          bottleneck: saveBottleneck,
          "facts?": obj({ clause: saveClause, evidence: arr(saveEvidence) }),
          "sentence?": str,
          "evidence?": arr(str)
        })
      ),
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
      failedRuns: num,
      "sampled?": obj({
        savingLowMs: num,
        savingHighMs: num,
        largeSampleTimeMs: spreadShape,
        "smallSampleTimeMs?": spreadShape,
        "baselineFrom?": oneOf("restore")
      })
    })
  ),
  runs: arr(
    obj({
      alternative,
      mountPoint: nullable(str),
      stepMs: num,
      syncMs: num,
      untilOnDiskMs: num,
      "sample?": oneOf(...SAMPLE_SIZE_NAMES),
      "cpuMs?": nullable(num),
      "error?": str,
      "stoppedAfterMs?": num
    })
  ),
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
  "measuredOn?": fixesMeasuredOn,
  "sample?": obj({
    why: str,
    buildMs: num,
    "madeFrom?": oneOf(...SAMPLE_MADE_FROM),
    "reading?": oneOf(...SAMPLE_READINGS),
    sizes: arr(
      obj({
        name: oneOf(...SAMPLE_SIZE_NAMES),
        every: num,
        entries: num,
        keptEntries: num,
        entryShare: num,
        bytes: num,
        keptBytes: num,
        byteShare: num,
        "everySampleEntries?": num,
        "everySampleBytes?": num,
        directories: num,
        droppedHardLinks: num,
        archiveBytes: num
      })
    )
  })
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
  "writebackTail?": nullable(obj({ syncs: arr(fileSystemSync), complete: bool, "cutBy?": oneOf("post-step") })),
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
  const check = (metric, pick) => {
    const now = pick(current);
    const past = comparable.map(pick).filter((v) => v !== null);
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

export {
  experimentsErrors,
  validateProfile,
  quantile,
  groupsOf,
  regressionsOf,
  appendRun,
  historyRunOf
};
