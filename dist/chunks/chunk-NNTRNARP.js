import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  CEILING_KIND,
  METADATA_OVERHEAD_SHARE,
  MIN_BODY_MS,
  MIN_CPU_DATA_MS,
  MIN_PARALLELISM_SPREAD,
  MiB,
  NEAR_CEILING_SHARE,
  PATH_ELASTICITY,
  PER_CONNECTION_ELASTICITY,
  RESOURCE_WORDS,
  SLOW_REQUEST_FACTOR,
  STALL_MIN_INTERVALS,
  STALL_MIN_MS,
  STALL_VERDICT_SHARE,
  STORE_SPREAD,
  SUSTAINED_RATE_MS,
  TIMEOUT_MARGIN,
  VERDICT_PHASE_NOUN,
  WAIT_SHARE,
  bytes,
  capitalised,
  cores,
  describeBusiest,
  describeCores,
  describeShare,
  formatNumber,
  iops,
  mibPerSecond,
  percent,
  sayCeilingFacts,
  sayCeilingFrom,
  saySeqMetIops,
  seconds,
  stallPlace,
  wholeCount
} from "./chunk-T5X3S7KI.js";

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

// src/report/say/evidence.ts
function reachNote(quotaCores) {
  return quotaCores === null ? "" : ` (the cgroup's ${formatNumber(quotaCores)}-core CPU quota is all one process can get)`;
}
var REQUESTS_COUNTED_WHY = {
  "too-few-windows": "too few windows to tell which count held still",
  "no-cgroup-cap": "the cgroup caps no I/O on this device and a cap on bios at fio's figure would not let that many through (fio's 4 KiB writes barely merge, so it measures such a cap too)",
  "bandwidth-explains": "bytes/s held as still at the bandwidth ceiling, so the bandwidth limit explains the rate",
  "bios-not-still": "bios/s did not hold still as a cap on them would"
};
function sayIopsCountReason(c) {
  const before = wholeCount(c.beforeMergePerSecond);
  const after = wholeCount(c.afterMergePerSecond);
  const ceilingText = `the ${wholeCount(c.ceiling)} IOPS ceiling`;
  const afterText = c.bioBased ? `requests on ${c.afterMergeDevice} below` : "requests after merging";
  const r = c.reason;
  switch (r.kind) {
    case "cap-counts-bios":
      return `the ceiling is ${sayCeilingFrom(r.from ?? void 0) ?? "a cgroup I/O cap"}, and a cgroup I/O cap counts bios before merging (bios ${before}/s on ${c.beforeMergeDevice})`;
    case "few-merges":
      return `few writes were merged (bios ${before}/s, ${afterText} ${after}/s): both counts agree`;
    case "requests-reached":
      return `${after} ${afterText}/s already reached ${ceilingText}, counted as the device and a cloud volume's meter count`;
    case "neither-reached":
      return `neither count reached ${ceilingText} (bios ${before}/s, ${afterText} ${after}/s)`;
    case "bios-at-cgroup-cap":
      return `the bios (the writes as issued, before the disk merged them: ${before}/s, completed + merged on ${c.beforeMergeDevice}) reached the cgroup's cap of ${wholeCount(r.capIops)} IOPS on this device, which counts bios before merging; ${afterText} (${after}/s) did not reach ${ceilingText}`;
    case "bios-steadier":
      return `only the bios (the writes as issued, before the disk merged them: ${before}/s, completed + merged on ${c.beforeMergeDevice}) reached ${ceilingText}${r.aboveProbe ? ", above what fio measured" : ""}, and they held steadier than requests and bytes; ${afterText} (${after}/s) did not reach it: the cap counts bios before merging, as a cgroup I/O limit or a bio-based device does`;
    case "requests-counted":
      return `the bios (the writes as issued, before the disk merged them: ${before}/s) reached ${ceilingText}${r.aboveProbe ? ", above what fio measured" : ""}, but ${REQUESTS_COUNTED_WHY[r.why]}; requests are counted as the device counts them (${after}/s)`;
  }
}
var SAID = {
  "disk-share": (f, what) => describeShare(f.share, what),
  "iops-restates-bandwidth": (f) => `the 4 KiB random-write ceiling (${iops(f.randWriteIops)}) moves as many bytes as the sequential one: it is the bandwidth limit divided by 4 KiB, so requests/s are judged by bandwidth`,
  "seq-probe-met-iops": (f) => {
    const bw = f.bandwidthCeilingBytesPerSecond;
    const bandwidth = bw ? `bytes/s are held against ${f.bandwidthIsCap ? `the cgroup's bandwidth cap of ${mibPerSecond(bw)}` : mibPerSecond(bw)}` : "no bandwidth ceiling is known";
    return `${saySeqMetIops(f.probe)}; ${bandwidth}, requests/s against the IOPS ceiling`;
  },
  "write-request-size": (f) => `average write request ${formatNumber(f.writeRequestKiB)} KiB`,
  "iops-count": (f) => `IOPS counted ${f.used === "before-merge" ? `before merging (bios on ${f.beforeMergeDevice})` : `after merging (requests on ${f.afterMergeDevice})`}: ${sayIopsCountReason(f)}`,
  "ceiling-moved": (f, what) => {
    const s = f.share;
    const unit = (x) => s.resource === "disk-bandwidth" ? mibPerSecond(x) : `${iops(x)}`;
    return `${what} ran at ${unit(s.rate)}, ${percent(s.share)} of ${sayCeilingFrom(s.from) ?? `the ${unit(s.ceiling)} ${CEILING_KIND[s.resource][s.direction]} ceiling fio measured`}: the ceiling moved (burst credits, a throttle that lets more through at first, a probe answered by the page cache) or the probe understated it; the verdict takes the ${unit(s.rate)} it sustained as the ceiling it met, not the probe's figure`;
  },
  "time-at-ceiling": (f, what) => `${what} spent ${percent(f.share)} of its time at ${percent(NEAR_CEILING_SHARE)} or more of the ${f.resource === "disk-bandwidth" ? "bandwidth" : "IOPS"} ceiling`,
  "device-utilization": (f) => `the device was busy ${Math.round(f.utilizationPercent)}% of the time (supporting only: parallel devices can do more at 100%)`,
  "queue-size": (f) => `on average ${formatNumber(f.averageQueueSize)} requests were queued or in service`,
  "io-pressure-some": (f) => `some task was stalled on I/O ${percent(f.ioSomeShare)} of the time (the kernel's I/O pressure figure, PSI io some)`,
  "cpu-iowait": (f) => `CPUs idled waiting for I/O ${percent(f.iowaitShare)} of the time`,
  "binding-limit": (f) => `at the ceiling, ${f.binding === "disk-iops" ? "requests/s held steadier than bytes/s: the IOPS limit" : "bytes/s held steadier than requests/s: the bandwidth limit"} bound`,
  "busiest-process": (f) => `the busiest process of the extraction (${f.process.comm}) used ${describeBusiest(f.process)}${reachNote(f.quotaCores)}`,
  "tar-and-zstd": (f) => `tar and zstd together used ${formatNumber(f.cores)} of a core${f.perProcessRecorded ? "" : " (per-process CPU not recorded)"}`,
  "cpu-pressure-some": (f) => {
    const ownRecorded = f.ownAtMostShare !== null;
    const held = f.heldByWriteback && !ownRecorded ? ", machine-wide: with Dirty at the throttle point and I/O stalls high, tar waited for writeback, not for a CPU" : "";
    const whose = f.otherLoad ? `, machine-wide: tar and zstd waited for a CPU at most ${percent(f.ownAtMostShare ?? 0)} of the time, so this was another job's load, not this restore's limit` : !ownRecorded ? "; the restore's own run-queue wait was not recorded" : "";
    return `runnable tasks waited for a CPU ${percent(f.cpuSomeShare)} of the time (the kernel's CPU pressure figure, PSI cpu some${held}${whose})`;
  },
  "own-cpu-wait": (f) => {
    const atMost = f.atMostShare - f.share >= 0.01 ? `; none of them longer than ${percent(f.atMostShare)} (a wait shows once it ends, and their last moments fell between snapshots)` : "";
    const held = f.heldByWriteback ? "; with Dirty at the throttle point and I/O stalls high the writeback held tar back too, whatever CPU it got" : "";
    return `${f.comm} waited on a run queue for ${seconds(f.waitMs)}, ${percent(f.share)} of the time, the longest of tar and zstd (their own wait for a CPU, /proc/<pid>/schedstat, a CFS quota's throttling included)${atMost}${held}`;
  },
  "pipeline-cores": (f) => `tar and zstd together kept ${formatNumber(f.cores)} of a core busy over the whole extraction (exact: their reaped times)${reachNote(f.quotaCores)}`,
  "download-process-cores": (f) => `the process running the download used ${describeCores(f.cores)}${reachNote(f.quotaCores)}`,
  "download-cpu-too-few-ticks": (f) => `CPU not measured: the download's ${seconds(f.durationMs)} hold too few 10 ms ticks to tell (the process used ${describeCores(f.cores)})`,
  "download-cpu-not-recorded": () => "CPU not recorded: this profile has no figure for the process's own CPU",
  "busiest-cpu": (f) => `the busiest CPU was busy ${percent(f.busyShare)} of the time`,
  "cpu-busy": (f) => `all CPUs together were busy ${percent(f.busyShare)} of the time`,
  "cpu-steal": (f) => `the hypervisor stole ${percent(f.stealShare)} of CPU time`,
  "cgroup-quota-usage": (f) => `the step's cgroup used ${cores(f.usageCores)}, ${percent(f.usageShare)} of its ${formatNumber(f.quotaCores)}-core CPU quota`,
  "cgroup-throttled": (f) => `the cgroup ran out of its CPU quota in ${percent(f.throttledShare)} of the kernel's ${f.periods} scheduling periods (CFS periods), its processes made to wait ${seconds(f.throttledMs)} in all`,
  "dirty-peak-share": (f) => `Dirty peaked at ${bytes(f.dirtyPeakBytes)}, ${percent(f.share)} of the ${bytes(f.limitBytes)} dirty limit`
};
function sayEvidenceFacts(facts, phase) {
  const said = SAID[facts.kind];
  return said(facts, VERDICT_PHASE_NOUN[phase]);
}
function sayEvidence(e, phase) {
  return e.facts ? sayEvidenceFacts(e.facts, phase) : e.text ?? "";
}

// src/report/say/transfer.ts
var plural = (n) => n === 1 ? "" : "s";
var DIRECTION = {
  download: {
    verb: "received",
    requests: (e) => `${e.requests} GET request${plural(e.requests)} on the ${e.path} path (up to ${e.concurrency} in parallel, ${formatNumber(e.meanInFlight)} in flight on average), ${bytes(e.bytes)} received in ${seconds(e.durationMs)}: ${mibPerSecond(e.bytesPerSecond)}`,
    timing: (e) => `bytes flowed ${percent(e.flowingShare)} of the time; requests spent ${percent(e.waitShare)} of their time waiting for a first byte (median ${seconds(e.medianWaitMs)}, fastest ${seconds(e.fastestWaitMs)})`,
    latency: (r) => `the download waited on round trips: its requests spent ${percent(r.waitShare)} of their time waiting for a first byte, ${seconds(r.medianWaitMs)} each, so ${formatNumber(r.meanInFlight)} requests in flight at a round trip each bound the rate at ${mibPerSecond(r.bytesPerSecond)}`,
    storeWaits: "waiting for a first byte, and those waits ranged",
    alone: "one connection carried the download",
    shortWaits: "short waits for first bytes",
    interruption: (e) => {
      const range2 = e.part ?? "whole blob";
      const what = e.outcome === "error" ? `failed before a response (${range2})` : `was closed after ${bytes(e.bytes)} (${range2})`;
      const after = e.retry ? `request #${e.retry.requestId} asked for ${e.retry.part} ${seconds(e.retry.afterMs)} later: a retry` : e.sdkGaveUp ? "nothing fetched it again: the Azure SDK takes a connection closed mid-body as an abort and gives up the download" : "nothing fetched it again";
      return `request #${e.requestId} ${what} ${seconds(e.atMs)} into the download; ${after}`;
    }
  },
  upload: {
    verb: "sent",
    requests: (e) => `${e.requests} request${plural(e.requests)} carried the archive on the ${e.path} path (${e.singleShotBytes !== null ? `one Put Blob: the Azure SDK sends an archive up to ${bytes(e.singleShotBytes)} in one request` : `up to ${e.concurrency} in parallel, ${formatNumber(e.meanInFlight)} in flight on average, ${bytes(e.chunkBytes ?? 0)} each`}), ${bytes(e.bytes)} sent in ${seconds(e.durationMs)}: ${mibPerSecond(e.bytesPerSecond)}`,
    timing: (e) => `a body was on its way ${percent(e.flowingShare)} of the time; requests spent ${percent(e.waitShare)} of their time waiting for the store's answer after their body (median ${seconds(e.medianWaitMs)})`,
    latency: (r) => `the upload waited on round trips: its requests spent ${percent(r.waitShare)} of their time waiting ${seconds(r.medianWaitMs)} each for the store's answer after their body`,
    storeWaits: "waiting for its answer after their body,",
    alone: "one request carried the upload",
    shortWaits: "short waits for the store's answers",
    interruption: (e) => {
      const after = e.retry ? `request #${e.retry.requestId} sent it again ${seconds(e.retry.afterMs)} later: a retry` : "nothing sent it again";
      return `request #${e.requestId} (${e.part}) ${e.outcome === "error" ? "failed" : "was closed"} after sending ${bytes(e.bytes)}, ${seconds(e.atMs)} into the upload; ${after}`;
    }
  }
};
function sayTransferRate(direction, r) {
  const words = DIRECTION[direction];
  switch (r.limit) {
    case "latency":
      return words.latency(r);
    case "store":
      return `the store was slow to answer: requests spent ${percent(r.waitShare)} of their time ${words.storeWaits} from ${seconds(r.fastestWaitMs)} to ${seconds(r.p90WaitMs)} (90th percentile), not one round trip`;
    case "per-connection":
      return `each connection was capped: the rate grew with the requests in flight (elasticity ${formatNumber(r.elasticity ?? 0)}, where 1 is a cap on each connection and 0 one on the path), about ${mibPerSecond(r.bytesPerSecond / r.meanInFlight)} per request`;
    case "path":
      return `the path or the machine capped the ${direction} at ${mibPerSecond(r.bytesPerSecond)}: the rate stayed flat whatever the number of requests in flight`;
    case "bandwidth":
    case "none":
      return r.requests === 1 ? `${words.alone} at ${mibPerSecond(r.bytesPerSecond)}: with a single request a cap on the connection and a cap on the path look alike` : `the ${direction} ran at ${mibPerSecond(r.bytesPerSecond)} with no stall and ${words.shortWaits}`;
  }
}
var minutes = (ms) => formatNumber(ms / 6e4);
function segmentTimeoutWords(t) {
  if (t.safe) return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(t.cutMs)} or less would have cut this one short`;
  const normal = t.normalSegmentMs === null ? "no normal segment time was measured" : `a normal segment (${bytes(t.segmentBytes ?? 0)}) took ${seconds(t.normalSegmentMs)} at this download's rate, and a setting under ${TIMEOUT_MARGIN} times that would abort restores as misses`;
  return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(t.cutMs)} would have cut this one short, but ${normal}, so no setting is advised`;
}
function toolkitWords(t) {
  switch (t.kind) {
    case "plain-socket-timeout":
      return `on the plain HTTP download @actions/cache destroys the response after ${seconds(t.timeoutMs)} without a byte (its SocketTimeout, no setting changes it) and the restore fails as a miss${t.reached ? ": that is what ended this one" : ": this stall stayed under it"}`;
    case "concurrent-part-retry":
      return `http-client's concurrent download gives each 4 MiB part ${seconds(t.timeoutMs)} and then fetches it again (5 tries; no setting changes it)${t.reached ? ": that retry ran here" : ": this stall stayed under it"}`;
    case "sdk-header-retry":
      return `the Azure SDK aborts and retries a request without response headers after ${seconds(t.timeoutMs)} (its per-try timeout; no setting of actions/cache changes it)${t.reached ? ": that retry ran here" : ": this wait stayed under it"}`;
    case "sdk-segment-timeout":
      return `the Azure SDK has no timeout on a response body (its ${seconds(t.tryTimeoutMs)} per-try timeout ends at the headers): only the segment timeout, SEGMENT_DOWNLOAD_TIMEOUT_MINS (${minutes(t.segmentTimeoutMs)} min in force), ends it, aborting the whole restore as a miss; ${segmentTimeoutWords(t)} (the step's timeout-minutes only fails the job)`;
    case "sdk-upload-retry":
      return `the Azure SDK tries a failed request ${t.maxTries} times, 0, 4 and 12 s apart (its default retry policy; no setting of actions/cache changes it)`;
    case "chunk-retry":
      return `@actions/cache waits 5 s before it sends a failed chunk again and tries each chunk ${t.maxTries} times before the save fails (no setting changes either)`;
    case "sdk-upload-no-timeout":
      return `on cache v2 nothing times an upload out: the Azure SDK's requests have no client-side timeout (its retry policy's tryTimeoutInMs is unset and would only ask the server for one) and no setting of actions/cache adds one, so only the store or the step's timeout-minutes ends a held upload`;
    case "chunk-body-socket":
      return `on cache v1 @actions/http-client's ${seconds(t.timeoutMs)} socket timeout fires only on a socket idle both ways, not on a body the far side stopped reading, so only the step's timeout-minutes ends such a stall (no setting changes either)`;
    case "chunk-answer-timeout":
      return `on cache v1 @actions/http-client ends a request that waited ${seconds(t.timeoutMs)} for its answer and @actions/cache tries each chunk ${t.maxTries} times, 5 s apart, before the save fails (no setting changes either)${t.reached ? ": that timeout ended this one" : ": this wait stayed under it"}`;
  }
}
function sayStallToolkit(s) {
  return s.facts ? toolkitWords(s.facts.toolkit) : s.toolkit ?? "";
}
var STALL_WHAT = {
  download: {
    body: (s) => `request #${s.requestId} received nothing for ${seconds(s.durationMs)}`,
    "first-byte": (s) => `request #${s.requestId} waited ${seconds(s.durationMs)} for its first byte`,
    slow: (s) => `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`
  },
  upload: {
    body: (s) => `request #${s.requestId} sent nothing for ${seconds(s.durationMs)}: the far side stopped reading its body`,
    acknowledgement: (s) => `request #${s.requestId} waited ${seconds(s.durationMs)} for the store's answer after its body`,
    retry: (s) => `request #${s.requestId} failed and its part was sent again ${seconds(s.durationMs)} later`,
    slow: (s) => `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`
  }
};
function stallWords(f, s) {
  const download = "wholeDownloadMs" in s;
  const wholeMs = download ? s.wholeDownloadMs : s.wholeUploadMs;
  const what = download ? STALL_WHAT.download[s.kind](s) : STALL_WHAT.upload[s.kind](s);
  const whole = wholeMs >= 0.5 * s.durationMs ? `, the whole ${f.direction} stopped for ${seconds(wholeMs)} of it` : "";
  return `the ${f.direction} stalled for ${seconds(s.durationMs)} (${what}, ${seconds(Math.max(0, s.startMs - f.startMs))} into it ${stallPlace(s, f.archiveBytes)}${whole}): ${sayStallToolkit(s)}`;
}
function pausesWords(e) {
  const share2 = e.downloadMs > 0 ? ` (${percent(e.totalMs / e.downloadMs)} of the download)` : "";
  const whose = e.diskCount === e.count ? `what the archive's disk wrote through ${e.count === 1 ? "it" : `all ${e.count}`} needed at least half of the time at its write ceiling: @actions/cache was writing the segment it had to the archive file, so the time is the disk's` : e.diskCount === 0 ? "what the archive's disk wrote meanwhile needed less than half of it at its write ceiling: the time is the toolkit's own (writing each segment to the archive file through the page cache, starting the next)" : `what the archive's disk wrote through ${e.diskCount} of them (${seconds(e.diskMs)}) needed at least half of that time at its write ceiling, the disk's (the toolkit writing a segment to the archive file); the rest is the toolkit's own`;
  return `No request was in flight for ${seconds(e.totalMs)}${share2} in ${e.count} pause${plural(e.count)} between the SDK's segments or after the last: ${whose}; none of it is the network's.`;
}
function evidenceWords(v, e) {
  const f = v.facts;
  const words = DIRECTION[f.direction];
  switch (e.kind) {
    case "requests":
      return words.requests(e);
    case "timing":
      return words.timing(e);
    case "elasticity":
      return `a request with ${formatNumber(e.fewest.inFlight)} bodies in flight (its own included) ${words.verb} ${mibPerSecond(e.fewest.bytesPerSecond)}, one with ${formatNumber(e.most.inFlight)} ${mibPerSecond(e.most.bytesPerSecond)}`;
    case "carrier":
      return `${e.interface} ${words.verb} ${bytes(e.bytes)} meanwhile, ${mibPerSecond(e.bytesPerSecond)} (all its traffic, not only the ${f.direction}'s)`;
    case "apart-from-stall":
      return `apart from the stall: ${sayTransferRate(f.direction, f.rate)}`;
    case "stall": {
      const s = v.stalls[e.stall];
      if (!s) throw new Error(`transfer evidence names stall ${e.stall} of ${v.stalls.length}`);
      return stallWords(f, s);
    }
    case "interruption":
      return words.interruption(e);
    case "pauses":
      return pausesWords(e);
  }
}
var WHAT_IF_PHRASE = {
  "twice-per-connection": () => "With twice the rate per connection",
  "twice-aggregate": () => "With twice the aggregate rate (a wider path)",
  "half-round-trip": () => "With half the round trip",
  "stall-removed": (f) => `Without the ${seconds(f.stallMs ?? 0)} stall`
};
function whatIfWords(direction, change, lowerBoundMs, f) {
  const phrase = WHAT_IF_PHRASE[change](f);
  return f.saves ? `${phrase} the ${direction} would take at least ${seconds(lowerBoundMs)} (now ${seconds(f.nowMs)}).` : `${phrase} the ${direction} would still take about ${seconds(f.nowMs)}.`;
}
function sentenceOf(v, limit) {
  const worst = v.stalls[0];
  const why = limit === "stall" && worst ? stallWords(v.facts, worst) : sayTransferRate(v.facts.direction, v.facts.rate);
  return `${capitalised(why)}.`;
}
function sayDownload(v) {
  const f = v.facts;
  if (!f) return { sentence: v.sentence ?? "", evidence: v.evidence ?? [], whatIf: v.whatIf.map((w) => w.sentence ?? "") };
  const judged = { facts: f, stalls: v.stalls };
  return {
    sentence: sentenceOf(judged, v.limit),
    evidence: f.evidence.map((e) => evidenceWords(judged, e)),
    whatIf: v.whatIf.map((w) => w.facts ? whatIfWords(f.direction, w.change, w.downloadLowerBoundMs, w.facts) : w.sentence ?? "")
  };
}
function sayUpload(v) {
  const f = v.facts;
  if (!f) return { sentence: v.sentence ?? "", evidence: v.evidence ?? [], whatIf: v.whatIf.map((w) => w.sentence ?? "") };
  const judged = { facts: f, stalls: v.stalls };
  return {
    sentence: sentenceOf(judged, v.limit),
    evidence: f.evidence.map((e) => evidenceWords(judged, e)),
    whatIf: v.whatIf.map((w) => w.facts ? whatIfWords(f.direction, w.change, w.uploadLowerBoundMs, w.facts) : w.sentence ?? "")
  };
}
function uploadHeadlineEnd(s, t) {
  switch (t.kind) {
    case "sdk-upload-retry":
      return "a request failed and the Azure SDK's retry policy waited before sending it again (no setting of actions/cache changes it).";
    case "chunk-retry":
      return "a chunk failed and @actions/cache waited its fixed 5 s before sending it again (no setting changes it).";
    case "sdk-upload-no-timeout":
      return "on cache v2 nothing in actions/cache times an upload out, so only the step's timeout-minutes would cut a longer one short (failing the job).";
    case "chunk-body-socket":
      return `@actions/http-client's ${seconds(t.timeoutMs)} socket timeout does not fire on a body the far side stopped reading, so only the step's timeout-minutes would cut a longer one short (failing the job).`;
    case "chunk-answer-timeout":
      return s.endedByTimeout ? `@actions/http-client's ${seconds(t.timeoutMs)} socket timeout ended it and the chunk was sent again (no setting changes that timeout).` : `only @actions/http-client's ${seconds(t.timeoutMs)} socket timeout would cut a longer one short and send the chunk again (no setting changes it).`;
  }
}
function sayUploadStallHeadline(s, archiveBytes) {
  if (!s.facts) return null;
  return `The upload stalled for ${seconds(s.durationMs)} (request #${s.requestId}, ${stallPlace(s, archiveBytes)}): ${uploadHeadlineEnd(s, s.facts.toolkit)}`;
}

// src/report/say/save.ts
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
var mib = (bytes2) => `${(bytes2 / MiB).toFixed(1)} MiB`;
var pct = (x) => `${Math.round(x)}%`;
var secs = (ms) => `${(ms / 1e3).toFixed(2)} s`;
function clauseWords(c, upload) {
  switch (c.kind) {
    case "single-threaded":
      return `${c.comm} kept one core busy (${c.cores.toFixed(2)}): it is single-threaded, reading and archiving the files one at a time`;
    case "compression":
      return `compression kept ${c.childCores.toFixed(2)} of ${c.usableCores} cores busy (zstd -T0, ${c.threads} threads)`;
    case "cpus-busy":
      return `the CPUs were ${pct(c.busyPercent)} busy while tar and zstd ran`;
    case "read-bandwidth":
      return `tar read at ${(c.readKiBPerSecond / 1024).toFixed(0)} MiB/s, near this disk's ${mib(c.ceilingBytesPerSecond)}/s sequential-read ceiling`;
    case "read-iops":
      return `tar read many small files at ${c.readsPerSecond.toFixed(0)} reads/s of ${c.readRequestKiB.toFixed(1)} KiB (r_await ${c.readAwaitMs.toFixed(2)} ms) while waiting on the disk${c.aboveDevice ? "; r_await is low because the wait is above the device: a throttle or cgroup I/O cap holds the reads before they reach it" : ""}`;
    case "unsaturated":
      return `neither the CPUs nor the disk reads were saturated during ${NOUN[c.phase]}`;
    case "upload-verdict": {
      const sentence = upload ? sayUpload(upload).sentence.replace(/\.$/, "") : "";
      return `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
    }
    case "upload-rate":
      return `the upload sent ${mib(c.bytes)} at ${mib(c.bytes / Math.max(c.durationMs / 1e3, 1e-9))}/s`;
    case "round-trip":
      return `${NOUN[c.phase]} is a round trip to the cache service`;
  }
}
function evidenceWords2(e) {
  switch (e.kind) {
    case "child-cores":
      return `tar+zstd used ${e.childCores.toFixed(2)} of ${e.usableCores} usable cores (zstd -T0: ${e.threads} threads on ${e.cpuCount} CPUs)`;
    case "cpus":
      return `CPUs ${pct(e.busyPercent)} busy, ${pct(e.iowaitPercent)} waiting on IO`;
    case "disk-read":
      return `disk read ${e.readsPerSecond.toFixed(0)} r/s of ${e.readRequestKiB.toFixed(1)} KiB (r_await ${e.readAwaitMs.toFixed(2)} ms), ${(e.readKiBPerSecond / 1024).toFixed(1)} MiB/s`;
    case "io-stall":
      return `IO stall (PSI some) ${pct(e.share * 100)} of the phase`;
    case "busiest":
      return `the busiest process, ${e.comm}, used ${e.cores.toFixed(2)} of a core`;
    case "moved":
      return `${mib(e.bytes)} in ${secs(e.durationMs)}`;
    case "duration":
      return secs(e.durationMs);
  }
}
function saySavePhase(p, upload) {
  if (!p.facts) return { sentence: p.sentence ?? "", evidence: p.evidence ?? [] };
  return { sentence: `${LABEL[p.bottleneck]}: ${clauseWords(p.facts.clause, upload)}.`, evidence: p.facts.evidence.map(evidenceWords2) };
}
function stallLead(upload) {
  const stall = upload?.limit === "stall" ? upload.stalls[0] : void 0;
  const headline = stall && upload?.facts ? sayUploadStallHeadline(stall, upload.facts.archiveBytes) : null;
  return headline ? `${headline} ` : "";
}
function saySave(v) {
  const f = v.facts;
  if (!f) return v.sentence ?? "";
  if (f.dominant === null) return "Save: inconclusive, no phase was recorded.";
  const dominant = v.phases.find((p) => p.phase === f.dominant);
  if (!dominant?.facts) return v.sentence ?? "";
  return `${stallLead(v.upload)}Save: ${LABEL[dominant.bottleneck]}: ${clauseWords(dominant.facts.clause, v.upload)}; ${NOUN[dominant.phase]} took ${pct(f.share * 100)} of the ${secs(f.totalMs)} save.`;
}

// src/profile/names.ts
var PHASES = ["lookup", "download", "extract", "writeback"];
var RESOURCES = ["network", "disk-bandwidth", "disk-iops", "cpu"];
var DISK_RESOURCES = ["disk-bandwidth", "disk-iops"];
function isDiskResource(name) {
  return DISK_RESOURCES.some((r) => r === name);
}
var PROBE_NAMES = ["seq-write", "seq-read", "rand-write", "rand-read", "rand-read-qd1", "fsync-write"];

// src/profile/disk-share.ts
var IOPS_COUNTS = ["after-merge", "before-merge"];
var DISK_DIRECTIONS = ["write", "read"];
var CAP_CEILING_KINDS = ["seqWriteBytesPerSecond", "randWriteIops", "seqReadBytesPerSecond", "randReadIops"];
var CGROUP_CAP_FILES = ["io.max", "blkio"];
var CEILING_FROM_KINDS = ["cap", "fio-below-cap", "cap-seq-met-iops"];

// src/profile/schema.ts
var PROFILE_SCHEMA_VERSION = 2;
var BOTTLENECKS = [...RESOURCES, "none", "inconclusive"];
var TRANSFER_REQUEST_OUTCOMES = ["complete", "aborted", "error", "open"];
var DOWNLOAD_PATHS = ["azure-sdk", "http-concurrent", "http-stream"];
var TOOLKIT_SEGMENT_TIMEOUT_MS = 6e5;
var HTTP_CLIENT_SOCKET_TIMEOUT_MS = 18e4;
var UPLOAD_PATHS = ["azure-sdk", "http-chunks"];
var BLOCK_DEVICE_KINDS = ["disk", "dm", "md", "loop"];
var RESOLUTION_METHODS = ["mount", "bind-mount", "overlay-upper", "overlay-upper-inferred", "not-measured"];
var SHARED_PHASES = ["restore", "probes", "experiments"];
var ANATOMY_SOURCES = ["tar-report", "remembered", "walk"];
var RESTORE_SKIP_REASONS = ["cache-mode", "lookup-only"];
var STAGE_STATUSES = ["ran", "skipped", "failed"];
var RESTORE_SPANS = ["step", "until-on-disk"];
var WHAT_IF_OUTCOMES = ["not-measured", "no-saving", "only-cpu-work", "second-limit", "range", "at-most"];
var HALF_RULE_KINDS = ["held", "beyond", "several-disks"];
var DISK_WRITES_KINDS = ["another-writer", "likely-another-writer", "metadata-or-another", "own"];
var STALL_CUTS = ["socket-timeout", "request-timeout", "segment-timeout", "no-safe-segment-timeout"];
var DEVICE_VERDICTS = ["disk-bandwidth", "disk-iops", "none", "not-probed"];
var TRANSFER_LIMIT_KINDS = ["stall", "per-connection", "path", "bandwidth", "latency", "store", "none"];
var DOWNLOAD_STALL_KINDS = ["body", "first-byte", "slow"];
var TRANSFER_WHAT_IF_CHANGES = ["twice-per-connection", "twice-aggregate", "half-round-trip", "stall-removed"];
var UPLOAD_STALL_KINDS = ["body", "acknowledgement", "slow", "retry"];
var DOWNLOAD_STALL_TOOLKITS = ["plain-socket-timeout", "concurrent-part-retry", "sdk-header-retry", "sdk-segment-timeout"];
var UPLOAD_STALL_TOOLKITS = ["sdk-upload-retry", "chunk-retry", "sdk-upload-no-timeout", "chunk-body-socket", "chunk-answer-timeout"];
var STALL_TOOLKIT_KINDS = [...DOWNLOAD_STALL_TOOLKITS, ...UPLOAD_STALL_TOOLKITS];
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
var SAMPLE_MADE_FROM = ["archive", "restored-tree"];
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
var PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
function isExactKeyMatch(key, cacheKey) {
  if (!cacheKey) return false;
  if (PRINTABLE_ASCII.test(key) && PRINTABLE_ASCII.test(cacheKey)) return key.toLowerCase() === cacheKey.toLowerCase();
  return cacheKey.localeCompare(key, void 0, { sensitivity: "accent" }) === 0;
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

// src/judge/phase-facts.ts
function processCores(p) {
  return { comm: p.comm, cores: p.cores, coresAtMost: p.coresAtMost ?? null, coresWhileSeen: p.coresWhileSeen ?? null, seenMs: p.seenMs ?? null };
}
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

// src/report/say/attribution.ts
function earlierStepsLine(e) {
  const found = e.owedBeforeBytes === null ? "" : ` (Dirty + Writeback machine-wide before it: ${bytes(e.owedBeforeBytes)})`;
  const written = e.deviceWrittenBytes === null ? "flushed" : `${bytes(e.deviceWrittenBytes)} written`;
  return `Earlier steps' dirty pages: ${written} in ${seconds(e.durationMs)} before the lookup${found}, outside the restore's time and figures.`;
}
function archiveDeletedLine(a) {
  return `The archive (${bytes(a.writtenBytes)} written by the download) was deleted right after extraction, as restoreCache does: ${bytes(a.cancelledBytes)} of it left the page cache unwritten.`;
}
function ownWords(d) {
  return d.archiveBytes >= 0.01 * d.tarBytes ? `the restore's own: tar's ${bytes(d.tarBytes)} and the archive's ${bytes(d.archiveBytes)} that reached the same disk, ${bytes(d.ownBytes)} together` : `the restore's own: tar's ${bytes(d.tarBytes)}`;
}
var BEYOND_OWN = {
  "likely-another-writer": (d) => `, ${bytes(d.beyondOwnBytes)} (${percent(d.beyondOwnShare)}) more than ${ownWords(d)}; more than file-system metadata and journal added in the lab's runs (up to ${percent(METADATA_OVERHEAD_SHARE)}), so likely another writer on the same disk`,
  "metadata-or-another": (d) => `, ${bytes(d.beyondOwnBytes)} (${percent(d.beyondOwnShare)}) more than ${ownWords(d)}; file-system metadata and journal, and any other writer on the same disk`,
  own: () => ""
};
function diskWritesLine(d) {
  if (d.kind === "another-writer")
    return `Another writer shared the restore's disk: it wrote ${bytes(d.deviceBytes)} during extraction and the tail, ${bytes(d.beyondOwnBytes)} more than ${ownWords(d)}. The disk figures of those phases include it; the restore's time does too, as it would on this runner.`;
  return `The restore's own writes: tar wrote ${bytes(d.tarBytes)} into the page cache; the disk wrote ${bytes(d.deviceBytes)} during extraction and the tail${BEYOND_OWN[d.kind](d)}.`;
}
function sayAttribution(a) {
  if (!a) return [];
  const f = a.facts;
  if (!f) return a.sentences ?? [];
  return [
    ...f.earlierSteps ? [earlierStepsLine(f.earlierSteps)] : [],
    ...f.archiveDeleted ? [archiveDeletedLine(f.archiveDeleted)] : [],
    ...f.diskWrites ? [diskWritesLine(f.diskWrites)] : []
  ];
}

// src/report/say/device.ts
function sayDevice(d) {
  const f = d.facts;
  if (!f) return d.sentence ?? "";
  const role = d.primary ? ` \u2014 the restore's device (${f.primaryBecause ?? "its first path"})` : "";
  const rate2 = f.writeBytesPerSecond !== null ? `${bytes(d.writtenBytes)} at ${mibPerSecond(f.writeBytesPerSecond)}` : "no counters";
  const how = d.verdict === "not-probed" ? `not probed (${f.ceilingsElsewhere ? `fio measured ${f.probedDevice ?? "another device"}` : "no fio ceilings"}), so no ceiling to hold it against; busy ${percent(f.utilizationShare)} of the time` : f.top ? `${d.verdict === "none" ? "near no ceiling" : `${d.verdict}-bound`}: ${describeShare(f.top, "it")}` : "no ceiling reached";
  return `${d.device} (${d.paths.join(", ") || "restore path"}): wrote ${rate2} over extraction and writeback, ${how}${role}`;
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
  const from = f.ceilingFacts !== void 0 ? f.ceilingFacts && sayCeilingFacts(f.ceilingFacts) : f.ceilingFrom ?? null;
  if (f.burst) add(burstText(f.burst, from));
  else if (f.raised) add(raisedText(w.resource, f.raised, from));
  else if (from) add(`the ceiling doubled is ${from}`);
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
function fixed(n, decimals = 2) {
  if (n === null || n === void 0 || !Number.isFinite(n)) return "\u2013";
  const s = n.toFixed(decimals);
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

// src/profile/phase-decision.ts
var PHASE_RULE_TABLES = {
  lookup: ["lookup-round-trip"],
  download: ["disk-at-ceiling", "kernel-saturated-disk", "cpu-process", "cpu-quota", "network", "inconclusive"],
  extract: [
    "disk-at-ceiling",
    "disk-latency",
    "cpu-process",
    "cpu-quota",
    "cpu-starved",
    "cpu-pipeline",
    "dirty-throttled",
    "kernel-saturated-disk",
    "near-no-ceiling",
    "inconclusive"
  ],
  writeback: ["tail-short", "tail-disk", "tail-sustained-rate", "inconclusive"]
};
var PHASE_RULE_IDS = [...new Set(Object.values(PHASE_RULE_TABLES).flat())];
var UNMEASURED = ["disk", "fio-ceilings", "cpu", "cpu-ticks"];
var DISK_LATENCIES = ["qd1-reads", "flushes"];
var REQUESTS_COUNTED_WHYS = ["too-few-windows", "no-cgroup-cap", "bandwidth-explains", "bios-not-still"];

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
function elasticityEvidence(e) {
  return {
    kind: "elasticity",
    fewest: { inFlight: e.fewest.inFlight, bytesPerSecond: e.fewest.rate },
    most: { inFlight: e.most.inFlight, bytesPerSecond: e.most.rate }
  };
}
function carrierEvidence(interfaces, key, transferBytes, durationMs) {
  const carrier = interfaces?.find((i) => i[key] >= 0.9 * transferBytes);
  if (!carrier) return null;
  return { kind: "carrier", interface: carrier.name, bytes: carrier[key], bytesPerSecond: carrier[key] / (durationMs / 1e3) };
}
function transferLimit(f) {
  const fastestWaitMs = f.waits.length > 0 ? Math.min(...f.waits) : 0;
  const p90WaitMs = quantile(f.waits, 0.9);
  const facts = {
    waitShare: f.waitShare,
    medianWaitMs: median2(f.waits),
    fastestWaitMs,
    p90WaitMs,
    elasticity: f.elasticity,
    requests: f.requests,
    bytesPerSecond: f.bytesPerSecond,
    meanInFlight: f.meanInFlight
  };
  const limit = () => {
    if (f.waitShare >= WAIT_SHARE) {
      const spread2 = f.waits.length > 0 && fastestWaitMs > 0 ? p90WaitMs / fastestWaitMs : null;
      return spread2 !== null && spread2 <= STORE_SPREAD ? "latency" : "store";
    }
    if (f.elasticity !== null && f.elasticity >= PER_CONNECTION_ELASTICITY) return "per-connection";
    if (f.elasticity !== null && f.elasticity <= PATH_ELASTICITY) return "path";
    return f.requests > 0 ? "bandwidth" : "none";
  };
  return { limit: limit(), ...facts };
}
function transferBound(nowMs, lowerMs, stallMs) {
  const ms = Math.round(Math.min(nowMs, lowerMs));
  return { ms, facts: { nowMs, saves: ms < 0.99 * nowMs, stallMs } };
}
function settleStall(rate2, stalls, leads, interruptions2, evidence) {
  const stalled = stalls.length > 0 && leads;
  if (stalled) evidence.push({ kind: "apart-from-stall" });
  for (let i = stalled ? 1 : 0; i < stalls.length; i++) evidence.push({ kind: "stall", stall: i });
  evidence.push(...interruptions2);
  return stalled ? "stall" : rate2.limit;
}

// src/judge/transfer-verdict.ts
function requestsAndTiming(f, limits, sizes) {
  return [
    {
      kind: "requests",
      requests: f.data.length,
      path: limits.path,
      concurrency: limits.concurrency,
      meanInFlight: f.meanInFlight,
      bytes: f.totalBytes,
      durationMs: f.durationMs,
      bytesPerSecond: f.bytesPerSecond,
      ...sizes
    },
    {
      kind: "timing",
      flowingShare: f.flowingMs / f.durationMs,
      waitShare: f.waitShare,
      medianWaitMs: median2(f.waits),
      fastestWaitMs: f.waits.length > 0 ? Math.min(...f.waits) : 0
    }
  ];
}
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
  const evidence = rules.evidence(t, {
    data,
    totalBytes: total,
    durationMs: D,
    bytesPerSecond: rate2,
    meanInFlight,
    flowingMs: flowingMs2,
    waitShare,
    waits
  });
  const stalled = new Set(stalls.map((x) => x.requestId));
  const bodied = data.filter((r) => rules.hasBody(r));
  const elastic = rateElasticity(
    bodied.filter((r) => !stalled.has(r.id) && r.outcome === "complete" && rules.answered(r)).map(body),
    bodied.map(body),
    t.endMs
  );
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence.push(elasticityEvidence(elastic));
  const carrier = carrierEvidence(t.interfaces, rules.counter, total, D);
  if (carrier) evidence.push(carrier);
  const rateFacts = transferLimit({ waitShare, waits, elasticity, requests: data.length, bytesPerSecond: rate2, meanInFlight });
  const worst = stalls[0];
  const cost = worst ? rules.stallCost(
    worst,
    rateFacts.limit,
    meanInFlight,
    t.requests.find((r) => r.id === worst.requestId)
  ) : null;
  const whatIf = transferWhatIfs(rules, t, rateFacts.limit, D, flowingMs2, waitSum, meanInFlight, worst, cost?.lostMs ?? 0);
  const limit = settleStall(
    rateFacts,
    stalls,
    worst !== void 0 && cost !== null && cost.weighedMs >= STALL_VERDICT_SHARE * D,
    interruptions(rules, t),
    evidence
  );
  return { limit, facts: { direction: rules.direction, rate: rateFacts, evidence, startMs: t.startMs, archiveBytes }, stalls, whatIf };
}
function transferWhatIfs(rules, t, limit, D, flowingMs2, waitSum, meanInFlight, worst, lostMs) {
  const out = [];
  const halfFlow = Math.max(0, D - Math.min(D, flowingMs2) / 2);
  const bound = (change, lower) => {
    const { ms, facts } = transferBound(D, lower, change === "stall-removed" ? worst?.durationMs ?? null : null);
    out.push(rules.whatIf(change, ms, facts));
  };
  bound("twice-per-connection", limit === "per-connection" || limit === "bandwidth" ? halfFlow : D);
  bound("twice-aggregate", limit === "path" || limit === "bandwidth" ? halfFlow : D);
  bound("half-round-trip", D - rules.aloneWaitMs(t) / 2 - waitSum / (2 * meanInFlight));
  if (worst) bound("stall-removed", D - lostMs);
  return out;
}

export {
  PHASES,
  RESOURCES,
  DISK_RESOURCES,
  isDiskResource,
  PROBE_NAMES,
  IOPS_COUNTS,
  DISK_DIRECTIONS,
  CAP_CEILING_KINDS,
  CGROUP_CAP_FILES,
  CEILING_FROM_KINDS,
  PROFILE_SCHEMA_VERSION,
  BOTTLENECKS,
  TRANSFER_REQUEST_OUTCOMES,
  DOWNLOAD_PATHS,
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  UPLOAD_PATHS,
  BLOCK_DEVICE_KINDS,
  RESOLUTION_METHODS,
  SHARED_PHASES,
  ANATOMY_SOURCES,
  RESTORE_SKIP_REASONS,
  STAGE_STATUSES,
  RESTORE_SPANS,
  WHAT_IF_OUTCOMES,
  HALF_RULE_KINDS,
  DISK_WRITES_KINDS,
  STALL_CUTS,
  DEVICE_VERDICTS,
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
  SAMPLE_MADE_FROM,
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
  SECTOR_BYTES,
  counterDelta,
  diskMetrics,
  USER_HZ,
  phaseSummary,
  spread,
  median,
  putBackSentence,
  removedLeftBehind,
  leftInPlace,
  privateMachineSentence,
  RESTORE_RULES,
  NOTHING_JUDGED_RULES,
  PHASE_RULE_TABLES,
  UNMEASURED,
  DISK_LATENCIES,
  REQUESTS_COUNTED_WHYS,
  cgroupDirtyScale,
  quotaFloorMs,
  quotaOf,
  processCores,
  deviceIndexFor,
  snapshotFacts,
  phaseFacts,
  tailDeviceIndex,
  median2,
  flowingMs,
  longestQuiet,
  requestsAndTiming,
  endedByTimeout,
  judgeTransfer,
  sayAttribution,
  sayDevice,
  sayEvidence,
  sayStallToolkit,
  sayDownload,
  sayUpload,
  saySavePhase,
  saySave,
  sayWhatIf,
  cell,
  table,
  details,
  escapeHtml,
  fenced,
  fixed,
  denseTable
};
