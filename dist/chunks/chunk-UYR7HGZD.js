import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  ALTERNATIVES,
  BLOCK_DEVICE_KINDS,
  BOTTLENECKS,
  DEVICE_VERDICTS,
  DISK_DIRECTIONS,
  DISK_RESOURCES,
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
  RESTORE_RULES,
  RESTORE_SKIP_REASONS,
  RESTORE_SPANS,
  SAMPLE_SIZE_NAMES,
  SAVE_PHASES,
  SAVE_STATUSES,
  SHARED_PHASES,
  SKIP_REASONS,
  STAGE_STATUSES,
  TRANSFER_LIMIT_KINDS,
  TRANSFER_REQUEST_OUTCOMES,
  TRANSFER_WHAT_IF_CHANGES,
  UPLOAD_PATHS,
  UPLOAD_STALL_KINDS,
  WHAT_IF_OUTCOMES,
  WORKFLOW_FIX_KINDS
} from "./chunk-BXCINKFH.js";
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
        "facts?": obj({
          outcome: oneOf(...WHAT_IF_OUTCOMES),
          nowMs: num,
          lowerMs: num,
          upperMs: nullable(num),
          phases: arr(obj({ phase: phaseName, bottleneck: str, durationMs: num, cpuWorkMs: num })),
          cpuQuotaCores: nullable(num),
          device: nullable(str),
          ceilingFrom: nullable(str),
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
          top: nullable(
            obj({
              resource: oneOf(...DISK_RESOURCES),
              direction: oneOf(...DISK_DIRECTIONS),
              rate: num,
              ceiling: num,
              share: num,
              "count?": oneOf(...IOPS_COUNTS),
              "from?": obj({ said: str, cap: bool })
            })
          ),
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
      failedRuns: num,
      "sampled?": obj({
        savingLowMs: num,
        savingHighMs: num,
        largeSampleTimeMs: spreadShape,
        smallSampleTimeMs: spreadShape,
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
      "error?": str
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

export {
  experimentsErrors,
  validateProfile
};
