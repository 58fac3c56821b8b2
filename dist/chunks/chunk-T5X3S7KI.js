import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/report/say/nouns.ts
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
function percent(share) {
  return `${Math.round(share * 100)}%`;
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
function utcMinute(iso) {
  return iso.slice(0, 16).replace("T", " ");
}

// src/report/say/download.ts
function stallOpening(stall) {
  return `The download stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}`;
}
function stallPlace(s, archiveBytes) {
  return archiveBytes ? `at ${percent(Math.min(1, s.atBytes / archiveBytes))} of the archive` : `after ${bytes(s.atBytes)}`;
}
function segmentTimeoutMinutes(ms) {
  return formatNumber(ms / 6e4);
}
function stallHeadline(stall, lead) {
  const head = `${stallOpening(stall)}, ${stallPlace(stall, lead.archiveBytes)})`;
  const ended = stall.endedByTimeout === true;
  const timeout = seconds(lead.requestTimeoutMs);
  switch (lead.cut) {
    case "socket-timeout":
      return ended ? `${head}: @actions/cache's ${timeout} socket timeout on the plain HTTP download ended it and the restore failed (no setting changes that timeout).` : `${head}: only @actions/cache's ${timeout} socket timeout on the plain HTTP download would cut a longer one short, failing the restore (no setting changes it).`;
    case "request-timeout":
      return `${head}: the toolkit's ${timeout} per-request timeout ${ended ? "cut it short and retried it" : "would have cut a longer one short and retried it"} (no setting of actions/cache changes it).`;
    case "no-safe-segment-timeout":
    case "segment-timeout":
      return segmentCut(head, lead.cut, lead.segmentTimeout);
  }
}
function segmentCut(head, cut, t) {
  const cutAt = segmentTimeoutMinutes(t?.cutMs ?? 0);
  const inForce = segmentTimeoutMinutes(t?.inForceMs ?? 0);
  return cut === "no-safe-segment-timeout" ? `${head}: the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it (${cutAt}; ${inForce} in force) would also abort a normal segment, failing restores as misses.` : `${head}: SEGMENT_DOWNLOAD_TIMEOUT_MINS=${cutAt} or less (${inForce} in force) would have cut it short, aborting the restore as a miss; the Azure SDK has no timeout on a response body.`;
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

// src/report/say/ceilings.ts
var isBandwidth = (kind) => kind === "seqWriteBytesPerSecond" || kind === "seqReadBytesPerSecond";
var figureOf = (kind, value) => isBandwidth(kind) ? mibPerSecond(value) : iops(value);
function capText(f) {
  const figure = isBandwidth(f.ceiling) ? mibPerSecond(f.capValue) : `${iops(f.capValue)}, counted in bios before merging`;
  return `the cgroup's ${f.capFile} cap of ${figure}`;
}
function sayCeilingFacts(f) {
  switch (f.kind) {
    case "cap":
      return `${capText(f)}${f.probed === null ? "" : ` (below the ${figureOf(f.ceiling, f.probed)} fio measured)`}`;
    case "fio-below-cap":
      return `fio's ${figureOf(f.ceiling, f.probed)} (below ${capText(f)})`;
    case "cap-seq-met-iops": {
      const iopsCap = f.iopsCap ? `the IOPS cap (${iops(f.iopsCap)})` : "an IOPS limit";
      return `${capText(f)} (fio's sequential-write probe met ${iopsCap}, not this one: its ${mibPerSecond(f.seqBytesPerSecond)} is that cap in bytes)`;
    }
  }
}
function sayCeilingFrom(from) {
  if (!from) return void 0;
  return from.facts ? sayCeilingFacts(from.facts) : from.said;
}
var sizeText = (bytes2) => bytes2 >= MiB ? `${formatNumber(bytes2 / MiB)} MiB` : `${formatNumber(bytes2 / KiB)} KiB`;
function saySeqMetIops(m) {
  const { seq } = m;
  const arrived = `fio's ${sizeText(seq.blockSizeBytes)} sequential writes reached ${seq.device} as ${formatNumber(seq.bioBytes / KiB)} KiB bios (${formatNumber(seq.biosPerFioIo)} per write)`;
  const tail = `the sequential probe met the IOPS limit, so its ${mibPerSecond(m.seqBytesPerSecond)} is that limit in bytes, not a bandwidth ceiling`;
  if (m.by === "iops-cap") return `${arrived}, ${formatNumber(seq.biosPerSecond)} bios/s against the cgroup's IOPS cap of ${iops(m.capIops)}: ${tail}`;
  const rate = (c) => m.count === "bios" ? c.biosPerSecond : c.requestsPerSecond;
  return `${arrived}, ${formatNumber(rate(seq))} ${m.count}/s against the random probe's ${formatNumber(rate(m.rand))}/s: ${tail}`;
}

// src/report/say/figures.ts
var CEILING_KIND = {
  "disk-bandwidth": { write: "sequential-write", read: "sequential-read" },
  "disk-iops": { write: "random-write", read: "random-read" }
};
function describeShare(s, what, requestKiB) {
  const size = requestKiB === void 0 || s.count === "before-merge" ? "" : ` of ${formatNumber(requestKiB)} KiB`;
  const above = s.share > ABOVE_CEILING_SHARE ? s.from?.cap ? ", above the cap (a throttle lets bursts through at first)" : ", above what fio measured (the ceiling moved or the probe understated it)" : "";
  const ceiling = (unit) => sayCeilingFrom(s.from) ?? `the ${unit} ${CEILING_KIND[s.resource][s.direction]} ceiling`;
  const requests = s.count === "before-merge" ? `issued ${formatNumber(s.rate)} write bios/s (completed + merged: what a cap on bios counts)` : `completed ${formatNumber(s.rate)} ${s.direction === "write" ? "writes" : "reads"}/s${size}`;
  return s.resource === "disk-bandwidth" ? `${what} ${s.direction === "write" ? "wrote" : "read"} at ${mibPerSecond(s.rate)}, ${percent(s.share)} of ${ceiling(mibPerSecond(s.ceiling))}${above}` : `${what} ${requests}, ${percent(s.share)} of ${ceiling(iops(s.ceiling))}${above}`;
}
function describeBusiest(p) {
  const atMost = p.coresAtMost;
  const range = atMost !== null && atMost - p.cores >= 0.01 ? `${formatNumber(p.cores)}\u2013${formatNumber(atMost)}` : formatNumber(p.cores);
  const seen = p.coresWhileSeen !== null && range !== formatNumber(p.cores) ? ` (${formatNumber(p.coresWhileSeen)} over the ${seconds(p.seenMs ?? 0)} it was sampled)` : "";
  return `${range} of a core${seen}`;
}
function describeCores(b) {
  return b.atMost - b.atLeast >= 0.01 ? `${formatNumber(b.atLeast)}\u2013${formatNumber(b.atMost)} of a core` : `${formatNumber(b.atLeast)} of a core`;
}
function wholeCount(x) {
  const n = Math.round(x);
  if (!Number.isFinite(n) || Object.is(n, -0) || Math.abs(n) >= 1e21) return n.toLocaleString("en-US");
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}

// src/report/say/phase.ts
function diskCeilingText(d, what) {
  const t = d.timeAtCeilingShare;
  const timePart = t !== null && t > 0 ? ` (at the ceiling ${percent(t)} of the time)` : "";
  return d.share ? `${describeShare(d.share, what, d.writeRequestKiB ?? void 0)}${timePart}` : `${what} ran into the disk's ${d.resource === "disk-iops" ? "IOPS" : "bandwidth"} ceiling`;
}
function kernelText(k, what) {
  const rate = k.resource === "disk-iops" ? `issued ${formatNumber(k.writesPerSecond)} small writes/s` : `wrote at ${mibPerSecond(k.writeBytesPerSecond)}`;
  return `${what} ${rate} with the device ${Math.round(k.utilizationPercent)}% busy, ${formatNumber(k.averageQueueSize)} requests queued and I/O stalls ${percent(k.ioSomeShare)} of the time (no fio probes: judged from kernel counters alone)`;
}
function otherLoadNote(o) {
  return o ? `; another job's CPU load, not this restore's limit: runnable tasks waited for a CPU ${percent(o.cpuSomeShare)} of the time machine-wide (PSI cpu some), tar and zstd at most ${percent(o.ownAtMostShare)}` : "";
}
function cpuFigure(u) {
  switch (u.kind) {
    case "download-process":
      return `the process running it used ${describeCores(u.cores)}`;
    case "busiest-process":
      return `the busiest process used ${describeBusiest(u.process)}`;
    case "tar-and-zstd":
      return `tar and zstd together used ${formatNumber(u.cores)} of a core`;
  }
}
function cpuUserText(u) {
  switch (u.kind) {
    case "download-process":
      return `the process running the download used ${describeCores(u.cores)}`;
    case "busiest-process":
      return `${u.process.comm} used ${describeBusiest(u.process)}`;
    case "tar-and-zstd":
      return `tar and zstd together used ${formatNumber(u.cores)} of a core`;
  }
}
var UNMEASURED_WORDS = {
  disk: () => "disk not measured",
  "fio-ceilings": () => "no fio ceilings for the disk",
  cpu: () => "CPU not measured",
  "cpu-ticks": (durationMs) => `CPU not measured: ${seconds(durationMs)} hold too few 10 ms ticks`
};
var CLAUSES = {
  "lookup-round-trip": (d) => `the cache lookup, a round trip to the cache service, took ${seconds(d.durationMs)}`,
  "disk-at-ceiling": (d, what) => {
    const held = d.dirtyHeldShare !== null ? ` (the kernel's dirty-page limit held tar back: Dirty peaked at ${percent(d.dirtyHeldShare)} of it)` : "";
    return `${diskCeilingText(d.disk, what)}${held}`;
  },
  "kernel-saturated-disk": (d, what) => kernelText(d.kernel, what),
  "disk-latency": (d, what) => d.latency === "qd1-reads" ? `${what} read ${formatNumber(d.perSecond)} requests/s one at a time (queue ${formatNumber(d.queueSize)}), ${percent(d.perSecond / d.ceilingPerSecond)} of this disk's ${Math.round(d.ceilingPerSecond)}/s at queue depth 1: latency-bound, far below its deep-queue ceilings` : `${what} flushed ${formatNumber(d.perSecond)} times/s, ${percent(d.perSecond / d.ceilingPerSecond)} of this disk's ${Math.round(d.ceilingPerSecond)} fsync'd writes/s: latency-bound, far below its deep-queue ceilings`,
  "cpu-process": (d, what) => {
    const diskPart = d.diskTopShare !== null ? `the disk ran at ${percent(d.diskTopShare)} of its ceilings` : `I/O stalls stayed at ${percent(d.ioSomeShare)}`;
    const limit = d.quotaCores !== null ? `the cgroup's ${formatNumber(d.quotaCores)}-core CPU quota is its limit` : d.user.kind === "download-process" ? "its CPU is the limit" : "one core is its limit";
    return `${cpuUserText(d.user)} during ${what} while ${diskPart}: ${limit}`;
  },
  "cpu-quota": (d, what) => {
    const used = d.usageCores === null ? "" : `used ${cores(d.usageCores)} of `;
    const throttled = d.throttledShare === null ? "" : ` and was throttled in ${percent(d.throttledShare)} of its CFS periods (it ran out of quota in that share of the kernel's scheduling periods), its processes made to wait ${seconds(d.throttledMs)} in all`;
    const diskPart = d.diskTopShare !== null ? `, the disk at ${percent(d.diskTopShare)} of its ceilings` : "";
    return `the step's cgroup ${used || "ran at "}its ${formatNumber(d.quotaCores)}-core CPU quota during ${what}${throttled}${diskPart}: the quota is the limit, whatever the host's ${d.hostCpuCount} CPUs show`;
  },
  "cpu-starved": (d, what) => {
    const got = `tar and zstd got only ${formatNumber(d.childCores)} of a core`;
    const w = d.ownWait;
    if (w === null)
      return `${got} while runnable tasks waited for a CPU ${percent(d.cpuSomeShare ?? 0)} of the time during ${what} (a CPU quota or other processes held them back; their own run-queue wait was not recorded)`;
    const machine = d.cpuSomeShare === null ? "" : `; PSI cpu some ${percent(d.cpuSomeShare)} machine-wide`;
    return `${got} during ${what} while ${w.comm} waited on a run queue ${percent(w.share)} of the time (its own wait for a CPU: a CPU quota or other processes held it back${machine})`;
  },
  "cpu-pipeline": (d, what) => {
    const busiest = d.busiest ? `, ${d.busiest.comm} alone ${describeBusiest(d.busiest)},` : "";
    const diskPart = d.diskTopShare !== null ? `the disk ran at ${percent(d.diskTopShare)} of its ceilings` : "the disk was not saturated";
    const limit = d.quotaCores !== null ? `the cgroup's ${formatNumber(d.quotaCores)}-core CPU quota is the limit` : "their CPU work is the extraction's time";
    return `tar and zstd together kept ${formatNumber(d.childCores)} of a core busy during ${what}${busiest} while ${diskPart} and I/O stalls stayed at ${percent(d.ioSomeShare)}: ${limit}`;
  },
  "dirty-throttled": (d, what) => {
    const k = d.disk;
    const diskPart = k.kind === "bios" ? `the disk issued ${formatNumber(k.biosPerSecond)} write bios/s, ${percent(k.biosPerSecond / k.iopsCeiling)} of the ${formatNumber(Math.round(k.iopsCeiling))} IOPS random-write ceiling, with its bytes at ${percent(k.bandwidthShare)} of the bandwidth one` : k.kind === "share" ? describeShare(k.share, "the disk") : `the disk wrote at ${mibPerSecond(k.writeBytesPerSecond)} (no fio ceiling to hold it against) with I/O stalls ${percent(k.ioSomeShare)} of the time`;
    return `${what} was throttled by the kernel's dirty-page limit (Dirty peaked at ${percent(d.dirtyPeakShare)} of it) while ${diskPart} and tar used only ${formatNumber(d.childCores)} of a core`;
  },
  "near-no-ceiling": (d, what) => {
    const cpuPart = d.busiest ? `, the busiest process ${describeBusiest(d.busiest)}` : "";
    return `${what} came near no ceiling: the disk at most ${percent(d.diskTopShare)} of its ceilings${cpuPart}${otherLoadNote(d.otherLoad)}`;
  },
  inconclusive: (d, what) => d.unmeasured.length > 0 ? `${what} cannot be pinned on one resource (${d.unmeasured.map((u) => UNMEASURED_WORDS[u](d.durationMs)).join(", ")})` : `${what} cannot be pinned on one resource: the disk ran at ${percent(d.diskTopShare ?? 0)} of its ceilings, neither near nor far from them, and ${cpuFigure(d.user)}${otherLoadNote(d.otherLoad)}`,
  network: (d) => {
    const at = d.bytesPerSecond === null ? "" : ` at ${mibPerSecond(d.bytesPerSecond)}`;
    const cpuPart = d.processCores !== null ? `the process running it used ${describeCores(d.processCores)}` : "its CPU not recorded";
    return d.disk.kind === "ceilings" ? `the download ran${at} while the disk stayed at ${percent(d.disk.topShare)} of its ceilings and ${cpuPart}` : `the download ran${at} while the disk stayed mostly idle (${Math.round(d.disk.utilizationPercent)}% busy, no fio ceilings) and ${cpuPart}`;
  },
  "tail-short": (d) => `the writeback tail after tar exited was short: ${seconds(d.durationMs)} until syncfs returned${d.writtenBytes === null ? "" : ` (${bytes(d.writtenBytes)} written)`}`,
  "tail-disk": (d) => {
    const why = d.disk.kind === "ceilings" ? diskCeilingText(d.disk, "it") : kernelText(d.disk, "it");
    return `after tar exited the page cache needed ${seconds(d.durationMs)} more to put the files on disk: ${why}`;
  },
  "tail-sustained-rate": (d) => {
    const device = d.device ?? "the disk";
    const noProbe = d.probedDevice !== null ? `fio probed ${d.probedDevice}, not ${device}` : "no fio probe";
    const rate = d.resource === "disk-iops" ? `${formatNumber(d.writesPerSecond)} writes/s of ${formatNumber(d.writeRequestKiB)} KiB` : mibPerSecond(d.bytesPerSecond);
    return `the writeback tail after tar exited was ${device} draining what the page cache owed: it wrote ${bytes(d.writtenBytes)} at a steady ${rate} for ${seconds(d.durationMs)}, the rate it sustained, not a probed ceiling (${noProbe})`;
  }
};
function sayPhaseClause(decision) {
  const clause = CLAUSES[decision.rule];
  return clause(decision, VERDICT_PHASE_NOUN[decision.phase]);
}
function sayPhase(p) {
  if (!p.decision) return p.sentence ?? "";
  const clause = sayPhaseClause(p.decision);
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
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

// src/report/say/verdict.ts
function clauseOf(phase) {
  return phase.decision ? sayPhaseClause(phase.decision) : void 0;
}
function probeSummary(c) {
  const parts = [];
  if (c.seqWriteBytesPerSecond) parts.push(`${mibPerSecond(c.seqWriteBytesPerSecond)} sequential writes`);
  if (c.randWriteIops) parts.push(`${iops(c.randWriteIops)} random writes`);
  if (c.seqReadBytesPerSecond) parts.push(`${mibPerSecond(c.seqReadBytesPerSecond)} sequential reads`);
  if (c.randReadIops) parts.push(`${iops(c.randReadIops)} random reads`);
  return parts.join(", ");
}
function inconclusive(why, d) {
  if (d.probes === void 0) return null;
  const probes = d.probes ? `only the fio probes speak: this disk reached ${probeSummary(d.probes)}.` : "and no fio probes ran either, so there is nothing to judge.";
  return `Inconclusive: ${why}, ${probes}`;
}
function savingSentence(w, diskName) {
  const times = w.speedup === 2 ? "Twice" : `${w.speedup} times`;
  const atMost = w.savingAtMostMs ?? 0;
  const atLeast = w.savingAtLeastMs ?? null;
  const amount = atLeast !== null && atLeast > 0 && seconds(atLeast) !== seconds(atMost) ? `${seconds(atLeast).replace(/ s$/, "")}\u2013${seconds(atMost)}` : atLeast !== null && atLeast > 0 ? `about ${seconds(atMost)}` : `at most ${seconds(atMost)}`;
  const quotaCores = w.facts?.cpuQuotaCores ?? null;
  const noun = w.resource === "cpu" && quotaCores !== null ? `the cgroup's CPU quota (${cores(quotaCores * w.speedup)})` : diskName && w.resource !== "network" && w.resource !== "cpu" ? RESOURCE_NOUN[w.resource].replace("disk's", `${diskName}'s`) : `the ${RESOURCE_NOUN[w.resource]}`;
  return `${times} ${noun} would save ${amount}.`;
}
function judged(v, d, profile) {
  const carrier = v.phases.find((p) => p.phase === v.phase);
  const clause = carrier ? clauseOf(carrier) : void 0;
  if (!carrier || clause === void 0 || d.judgedMs === void 0 || d.carrierShare === void 0) return null;
  const on = d.device !== null ? ` on ${d.device}` : "";
  const tail = v.phases.some((p) => p.phase === "writeback") ? " until its files were on disk" : "";
  const best = d.rule === "best-what-if" ? v.whatIf.find((w) => w.resource === d.whatIf) : void 0;
  const saving = best ? ` ${savingSentence(best, d.device)}` : "";
  const outweighed = d.outweighed !== null ? v.phases.find((p) => p.phase === d.outweighed) : void 0;
  if (outweighed && d.outweighedHiddenMs === void 0) return null;
  const unpinned = outweighed ? ` ${sayPhase(outweighed).replace(/[.]$/, "")}: relaxing whatever limits it could save at most ${seconds(d.outweighedHiddenMs ?? 0)}, less than that.` : "";
  const error = profile.restore?.error;
  const failed = error ? ` The restore failed during ${error.phase}: ${error.message}` : "";
  const reason = profile.context.noBlockDeviceReason;
  const blind = reason ? ` No disk counters for the restore path: ${reason}.` : "";
  const took = `${VERDICT_PHASE_NOUN[carrier.phase]} took ${percent(d.carrierShare)} of the ${seconds(d.judgedMs)} restore${tail}.`;
  return `${verdictWords(v.bottleneck).label}${on}: ${clause}; ${took}${saving}${unpinned}${failed}${blind}`;
}
var SAY_RULE = {
  "no-restore": (_v, d) => inconclusive("no cache restore was profiled", d),
  // Not a miss: the service or the archive failed; say where, so nobody reads it as "no cache yet".
  "restore-failed": (_v, d, p) => inconclusive(`the restore failed during ${p.restore?.error?.phase} (${p.restore?.error?.message.split("\n")[0]})`, d),
  // lookup-only or a cache mode without reads: nothing was downloaded or extracted, by request.
  "restore-skipped": (_v, d, p) => inconclusive(`${p.restore?.skipped?.message.replace(/[.]$/, "")}, so nothing was downloaded or extracted`, d),
  "cache-miss": (_v, d, p) => inconclusive(`cache miss (keys tried: ${p.restore?.keysTried.join(", ") || "none"}), nothing was downloaded or extracted`, d),
  "no-phase": (_v, d) => inconclusive("the profile recorded no phase", d),
  "unpinned-phase": judged,
  "best-what-if": judged,
  "longest-phase": judged
};
function leadOf(v, d) {
  switch (v.leads) {
    case void 0:
      return "";
    case "download-stall": {
      const stall = v.download?.stalls[0];
      return stall && d.stall ? `${stallHeadline(stall, d.stall)} ` : null;
    }
  }
}
function ceilingsSourceOf(d, profile) {
  const source = profile.ceilingsSource;
  if (!d.citesCeilingsSource || !source) return "";
  switch (source.kind) {
    case "remembered":
      return ` (${source.sentence.replace(/\.$/, "")})`;
    case "this-run":
      return " (Ceilings probed by this run.)";
    case "none":
      return "";
  }
}
function sayVerdict(v, profile) {
  const d = v.decision;
  const lead = d ? leadOf(v, d) : null;
  const body = d ? SAY_RULE[d.rule](v, d, profile) : null;
  if (!d || lead === null || body === null) return v.sentence ?? "";
  return `${lead}${body}${ceilingsSourceOf(d, profile)}`;
}

export {
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
  utcMinute,
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
  MIN_CPU_DATA_MS,
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
  MIN_BODY_MS,
  MIN_PARALLELISM_SPREAD,
  STALL_MIN_MS,
  STALL_MIN_INTERVALS,
  SLOW_REQUEST_FACTOR,
  STALL_VERDICT_SHARE,
  WAIT_SHARE,
  STORE_SPREAD,
  PER_CONNECTION_ELASTICITY,
  PATH_ELASTICITY,
  SAVE_THRESHOLDS,
  PHASE_NOUN,
  PHASE_LABEL,
  VERDICT_PHASE_NOUN,
  limitedBy,
  stallOpening,
  stallPlace,
  segmentTimeoutMinutes,
  sayCeilingFacts,
  sayCeilingFrom,
  saySeqMetIops,
  CEILING_KIND,
  describeShare,
  describeBusiest,
  describeCores,
  wholeCount,
  sayPhase,
  RESOURCE_WORDS,
  verdictWords,
  clauseOf,
  sayVerdict
};
