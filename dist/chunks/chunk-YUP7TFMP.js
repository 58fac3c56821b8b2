import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  bytes,
  cores,
  formatNumber,
  iops,
  mibPerSecond,
  percent,
  seconds
} from "./chunk-QNSZTROI.js";
import {
  ABOVE_CEILING_SHARE,
  KiB,
  MiB
} from "./chunk-YRJ6SEFO.js";

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
