import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  RESOURCES,
  isDiskResource
} from "./chunk-SGXIA4GN.js";
import {
  CEILING_KIND,
  RESOURCE_WORDS,
  VERDICT_PHASE_NOUN,
  describeBusiest,
  describeCores,
  describeShare,
  sayCeilingFacts,
  sayCeilingFrom,
  saySeqMetIops,
  stallPlace,
  wholeCount
} from "./chunk-YUP7TFMP.js";
import {
  bytes,
  capitalised,
  cores,
  formatNumber,
  iops,
  mibPerSecond,
  percent,
  seconds
} from "./chunk-QNSZTROI.js";
import {
  METADATA_OVERHEAD_SHARE,
  MiB,
  NEAR_CEILING_SHARE,
  SUSTAINED_RATE_MS,
  TIMEOUT_MARGIN
} from "./chunk-YRJ6SEFO.js";

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
  const share = e.downloadMs > 0 ? ` (${percent(e.totalMs / e.downloadMs)} of the download)` : "";
  const whose = e.diskCount === e.count ? `what the archive's disk wrote through ${e.count === 1 ? "it" : `all ${e.count}`} needed at least half of the time at its write ceiling: @actions/cache was writing the segment it had to the archive file, so the time is the disk's` : e.diskCount === 0 ? "what the archive's disk wrote meanwhile needed less than half of it at its write ceiling: the time is the toolkit's own (writing each segment to the archive file through the page cache, starting the next)" : `what the archive's disk wrote through ${e.diskCount} of them (${seconds(e.diskMs)}) needed at least half of that time at its write ceiling, the disk's (the toolkit writing a segment to the archive file); the rest is the toolkit's own`;
  return `No request was in flight for ${seconds(e.totalMs)}${share} in ${e.count} pause${plural(e.count)} between the SDK's segments or after the last: ${whose}; none of it is the network's.`;
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
  const rate = f.writeBytesPerSecond !== null ? `${bytes(d.writtenBytes)} at ${mibPerSecond(f.writeBytesPerSecond)}` : "no counters";
  const how = d.verdict === "not-probed" ? `not probed (${f.ceilingsElsewhere ? `fio measured ${f.probedDevice ?? "another device"}` : "no fio ceilings"}), so no ceiling to hold it against; busy ${percent(f.utilizationShare)} of the time` : f.top ? `${d.verdict === "none" ? "near no ceiling" : `${d.verdict}-bound`}: ${describeShare(f.top, "it")}` : "no ceiling reached";
  return `${d.device} (${d.paths.join(", ") || "restore path"}): wrote ${rate} over extraction and writeback, ${how}${role}`;
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
  const share = percent(1 - 1 / speedup);
  const ran = h.ranAtCeilingShare === null ? "" : percent(h.ranAtCeilingShare);
  if (h.kind === "held")
    return `the disk averaged ${ran} of that ceiling over extraction and the tail (another limit held it, or a burst credit was spent before the probe), so the bound takes ${times} the rate the restore got: at most ${share} of their ${seconds(h.spanMs)}`;
  if (h.kind === "beyond") {
    const why = [
      ...h.ranAtCeilingShare !== null && h.ranAtCeilingShare < 1 ? [`the disk averaged ${ran} of that ceiling there`] : [],
      ...h.ownShare < 1 ? [`the bound moves only the restore's own ${percent(h.ownShare)} of what the disk wrote (not the journal's, metadata's or another writer's)`] : []
    ];
    return `more than ${share} of extraction and the tail's ${seconds(h.spanMs)}, as ${why.length > 0 ? why.join(" and ") : "a faster disk writes more of the archive while the download runs"}`;
  }
  return `more than ${share} of extraction and the tail's ${seconds(h.spanMs)}: they wrote to several disks, whose dirty pages share one limit, so a faster disk can free the others' writes too`;
}
function burstText(b, from) {
  const rate = b.ms > 0 ? b.bytes / b.ms * 1e3 : 0;
  const baseline = from ?? (b.baselineProbed ? `the ${mibPerSecond(b.baselineBytesPerSecond)} fio measured` : `${mibPerSecond(b.baselineBytesPerSecond)} to the end (no probe measured it)`);
  return `the volume spent a burst credit: it wrote the extraction's first ${bytes(b.bytes)} at ${mibPerSecond(rate)}, then held at ${baseline}; that baseline is doubled, the burst left as it was (a provider's burst rate does not grow with the volume's size or tier)`;
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
  const sep = header.map((_, i) => align?.[i] === "r" ? "---:" : "---");
  const line = (cells) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `| ${sep.join(" | ")} |`, ...rows.map(line)].join("\n");
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
  const pick = (xs) => xs.filter((_, i) => keep[i]);
  return table(
    pick(header),
    rows.map((r) => pick(r)),
    align ? pick(align) : void 0
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

export {
  getInputAsArray,
  getInputAsBool,
  booleanInputWarning,
  getInputAsInt,
  isExactKeyMatch,
  RESTORE_RULES,
  NOTHING_JUDGED_RULES,
  PHASE_RULE_TABLES,
  UNMEASURED,
  DISK_LATENCIES,
  REQUESTS_COUNTED_WHYS,
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
