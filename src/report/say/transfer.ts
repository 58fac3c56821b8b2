/**
 * A transfer's verdict said: the download's (Verdict.download) and the save's upload's
 * (SaveVerdict.upload) typed facts (judge/transfer-verdict.ts, download-rules.ts, upload-rules.ts)
 * turned into the sentence, the evidence, the what-ifs and what the toolkit does about a stall. The two
 * directions share the words where they are alike; what differs is each direction's table below.
 * Nothing here decides: every branch reads a kind or a figure the judge gave. Pure.
 */
import type {
  DownloadStall,
  DownloadVerdict,
  StallToolkit,
  TRANSFER_WHAT_IF_CHANGES,
  TransferEvidence,
  TransferRateFacts,
  TransferVerdictFacts,
  TransferWhatIfFacts,
  UploadStall,
  UploadStallToolkit,
  UploadVerdict,
} from '../../profile/schema.js';
import { stallPlace } from './download.js';
import { TIMEOUT_MARGIN } from '../../judge/thresholds.js';
import { bytes, capitalised, formatNumber, mibPerSecond, percent, seconds } from '../../util/format.js';

type Direction = TransferVerdictFacts['direction'];
type AnyStall = DownloadStall | UploadStall;

/** What a transfer verdict says, in the order the report shows it. */
export interface TransferWords {
  sentence: string;
  evidence: string[];
  whatIf: string[];
}

/** How each direction's words differ. */
interface DirectionWords {
  /** What the transfer's bytes did ("received", "sent"). */
  verb: string;
  /** The requests that carried the archive and what they moved. */
  requests(e: Extract<TransferEvidence, { kind: 'requests' }>): string;
  /** How long bytes flowed and requests waited. */
  timing(e: Extract<TransferEvidence, { kind: 'timing' }>): string;
  /** Requests waiting a fixed round trip each. */
  latency(r: TransferRateFacts): string;
  /** How the store's waits are told, up to their range. */
  storeWaits: string;
  /** A single request carrying it all. */
  alone: string;
  /** The steady case's waits. */
  shortWaits: string;
  /** A request closed before it was done, and the request that did its part again. */
  interruption(e: Extract<TransferEvidence, { kind: 'interruption' }>): string;
}

const plural = (n: number) => (n === 1 ? '' : 's');

const DIRECTION: Record<Direction, DirectionWords> = {
  download: {
    verb: 'received',
    requests: (e) =>
      `${e.requests} GET request${plural(e.requests)} on the ${e.path} path (up to ${e.concurrency} in parallel, ${formatNumber(e.meanInFlight)} in flight on average), ${bytes(e.bytes)} received in ${seconds(e.durationMs)}: ${mibPerSecond(e.bytesPerSecond)}`,
    timing: (e) =>
      `bytes flowed ${percent(e.flowingShare)} of the time; requests spent ${percent(e.waitShare)} of their time waiting for a first byte (median ${seconds(e.medianWaitMs)}, fastest ${seconds(e.fastestWaitMs)})`,
    latency: (r) =>
      `the download waited on round trips: its requests spent ${percent(r.waitShare)} of their time waiting for a first byte, ${seconds(r.medianWaitMs)} each, so ${formatNumber(r.meanInFlight)} requests in flight at a round trip each bound the rate at ${mibPerSecond(r.bytesPerSecond)}`,
    storeWaits: 'waiting for a first byte, and those waits ranged',
    alone: 'one connection carried the download',
    shortWaits: 'short waits for first bytes',
    interruption: (e) => {
      const range = e.part ?? 'whole blob';
      const what = e.outcome === 'error' ? `failed before a response (${range})` : `was closed after ${bytes(e.bytes)} (${range})`;
      const after = e.retry
        ? `request #${e.retry.requestId} asked for ${e.retry.part} ${seconds(e.retry.afterMs)} later: a retry`
        : e.sdkGaveUp
          ? 'nothing fetched it again: the Azure SDK takes a connection closed mid-body as an abort and gives up the download'
          : 'nothing fetched it again';
      return `request #${e.requestId} ${what} ${seconds(e.atMs)} into the download; ${after}`;
    },
  },
  upload: {
    verb: 'sent',
    requests: (e) =>
      `${e.requests} request${plural(e.requests)} carried the archive on the ${e.path} path (${
        e.singleShotBytes !== null
          ? `one Put Blob: the Azure SDK sends an archive up to ${bytes(e.singleShotBytes)} in one request`
          : `up to ${e.concurrency} in parallel, ${formatNumber(e.meanInFlight)} in flight on average, ${bytes(e.chunkBytes ?? 0)} each`
      }), ${bytes(e.bytes)} sent in ${seconds(e.durationMs)}: ${mibPerSecond(e.bytesPerSecond)}`,
    timing: (e) =>
      `a body was on its way ${percent(e.flowingShare)} of the time; requests spent ${percent(e.waitShare)} of their time waiting for the store's answer after their body (median ${seconds(e.medianWaitMs)})`,
    latency: (r) =>
      `the upload waited on round trips: its requests spent ${percent(r.waitShare)} of their time waiting ${seconds(r.medianWaitMs)} each for the store's answer after their body`,
    storeWaits: 'waiting for its answer after their body,',
    alone: 'one request carried the upload',
    shortWaits: "short waits for the store's answers",
    interruption: (e) => {
      const after = e.retry ? `request #${e.retry.requestId} sent it again ${seconds(e.retry.afterMs)} later: a retry` : 'nothing sent it again';
      return `request #${e.requestId} (${e.part}) ${e.outcome === 'error' ? 'failed' : 'was closed'} after sending ${bytes(e.bytes)}, ${seconds(e.atMs)} into the upload; ${after}`;
    },
  },
};

/** What limited the transfer apart from any stall, by its kind (judge/transfer-stats.ts transferLimit). */
export function sayTransferRate(direction: Direction, r: TransferRateFacts): string {
  const words = DIRECTION[direction];
  switch (r.limit) {
    case 'latency':
      return words.latency(r);
    case 'store':
      return `the store was slow to answer: requests spent ${percent(r.waitShare)} of their time ${words.storeWaits} from ${seconds(r.fastestWaitMs)} to ${seconds(r.p90WaitMs)} (90th percentile), not one round trip`;
    case 'per-connection':
      return `each connection was capped: the rate grew with the requests in flight (elasticity ${formatNumber(r.elasticity ?? 0)}, where 1 is a cap on each connection and 0 one on the path), about ${mibPerSecond(r.bytesPerSecond / r.meanInFlight)} per request`;
    case 'path':
      return `the path or the machine capped the ${direction} at ${mibPerSecond(r.bytesPerSecond)}: the rate stayed flat whatever the number of requests in flight`;
    case 'bandwidth':
    case 'none':
      return r.requests === 1
        ? `${words.alone} at ${mibPerSecond(r.bytesPerSecond)}: with a single request a cap on the connection and a cap on the path look alike`
        : `the ${direction} ran at ${mibPerSecond(r.bytesPerSecond)} with no stall and ${words.shortWaits}`;
  }
}

const minutes = (ms: number) => formatNumber(ms / 60_000);

/** The segment timeout that would have cut an SDK body stall short, or why no such setting is advised. */
function segmentTimeoutWords(t: Extract<StallToolkit, { kind: 'sdk-segment-timeout' }>): string {
  if (t.safe) return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(t.cutMs)} or less would have cut this one short`;
  const normal =
    t.normalSegmentMs === null
      ? 'no normal segment time was measured'
      : `a normal segment (${bytes(t.segmentBytes ?? 0)}) took ${seconds(t.normalSegmentMs)} at this download's rate, and a setting under ${TIMEOUT_MARGIN} times that would abort restores as misses`;
  return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(t.cutMs)} would have cut this one short, but ${normal}, so no setting is advised`;
}

/** What @actions/cache does about a stall, by the path it took (download-rules.ts, upload-rules.ts toolkitOnStall). */
function toolkitWords(t: StallToolkit): string {
  switch (t.kind) {
    case 'plain-socket-timeout':
      return `on the plain HTTP download @actions/cache destroys the response after ${seconds(t.timeoutMs)} without a byte (its SocketTimeout, no setting changes it) and the restore fails as a miss${t.reached ? ': that is what ended this one' : ': this stall stayed under it'}`;
    case 'concurrent-part-retry':
      return `http-client's concurrent download gives each 4 MiB part ${seconds(t.timeoutMs)} and then fetches it again (5 tries; no setting changes it)${t.reached ? ': that retry ran here' : ': this stall stayed under it'}`;
    case 'sdk-header-retry':
      return `the Azure SDK aborts and retries a request without response headers after ${seconds(t.timeoutMs)} (its per-try timeout; no setting of actions/cache changes it)${t.reached ? ': that retry ran here' : ': this wait stayed under it'}`;
    case 'sdk-segment-timeout':
      return `the Azure SDK has no timeout on a response body (its ${seconds(t.tryTimeoutMs)} per-try timeout ends at the headers): only the segment timeout, SEGMENT_DOWNLOAD_TIMEOUT_MINS (${minutes(t.segmentTimeoutMs)} min in force), ends it, aborting the whole restore as a miss; ${segmentTimeoutWords(t)} (the step's timeout-minutes only fails the job)`;
    case 'sdk-upload-retry':
      return `the Azure SDK tries a failed request ${t.maxTries} times, 0, 4 and 12 s apart (its default retry policy; no setting of actions/cache changes it)`;
    case 'chunk-retry':
      return `@actions/cache waits 5 s before it sends a failed chunk again and tries each chunk ${t.maxTries} times before the save fails (no setting changes either)`;
    case 'sdk-upload-no-timeout':
      return `on cache v2 nothing times an upload out: the Azure SDK's requests have no client-side timeout (its retry policy's tryTimeoutInMs is unset and would only ask the server for one) and no setting of actions/cache adds one, so only the store or the step's timeout-minutes ends a held upload`;
    case 'chunk-body-socket':
      return `on cache v1 @actions/http-client's ${seconds(t.timeoutMs)} socket timeout fires only on a socket idle both ways, not on a body the far side stopped reading, so only the step's timeout-minutes ends such a stall (no setting changes either)`;
    case 'chunk-answer-timeout':
      return `on cache v1 @actions/http-client ends a request that waited ${seconds(t.timeoutMs)} for its answer and @actions/cache tries each chunk ${t.maxTries} times, 5 s apart, before the save fails (no setting changes either)${t.reached ? ': that timeout ended this one' : ': this wait stayed under it'}`;
  }
}

/** What @actions/cache does about a stall; a recording made before the facts existed keeps the words it recorded. */
export function sayStallToolkit(s: AnyStall): string {
  return s.facts ? toolkitWords(s.facts.toolkit) : (s.toolkit ?? '');
}

/** What the stalled request did, by the stall's kind. */
const STALL_WHAT: { download: Record<DownloadStall['kind'], (s: DownloadStall) => string>; upload: Record<UploadStall['kind'], (s: UploadStall) => string> } = {
  download: {
    body: (s) => `request #${s.requestId} received nothing for ${seconds(s.durationMs)}`,
    'first-byte': (s) => `request #${s.requestId} waited ${seconds(s.durationMs)} for its first byte`,
    slow: (s) => `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`,
  },
  upload: {
    body: (s) => `request #${s.requestId} sent nothing for ${seconds(s.durationMs)}: the far side stopped reading its body`,
    acknowledgement: (s) => `request #${s.requestId} waited ${seconds(s.durationMs)} for the store's answer after its body`,
    retry: (s) => `request #${s.requestId} failed and its part was sent again ${seconds(s.durationMs)} later`,
    slow: (s) => `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`,
  },
};

/** A transfer's stalls with its direction: the download's or the upload's. */
type Judged = { facts: TransferVerdictFacts } & ({ stalls: DownloadStall[] } | { stalls: UploadStall[] });

/** A stall in words: how long, what the request did, where, whether the whole transfer stopped, what the toolkit does. */
function stallWords(f: TransferVerdictFacts, s: AnyStall): string {
  const download = 'wholeDownloadMs' in s;
  const wholeMs = download ? s.wholeDownloadMs : s.wholeUploadMs;
  const what = download ? STALL_WHAT.download[s.kind](s) : STALL_WHAT.upload[s.kind](s);
  const whole = wholeMs >= 0.5 * s.durationMs ? `, the whole ${f.direction} stopped for ${seconds(wholeMs)} of it` : '';
  return `the ${f.direction} stalled for ${seconds(s.durationMs)} (${what}, ${seconds(Math.max(0, s.startMs - f.startMs))} into it ${stallPlace(s, f.archiveBytes)}${whole}): ${sayStallToolkit(s)}`;
}

/** "No request was in flight for 9.02 s (50% of the download) in 3 pauses between the SDK's segments or after the last: …" */
function pausesWords(e: Extract<TransferEvidence, { kind: 'pauses' }>): string {
  const share = e.downloadMs > 0 ? ` (${percent(e.totalMs / e.downloadMs)} of the download)` : '';
  const whose =
    e.diskCount === e.count
      ? `what the archive's disk wrote through ${e.count === 1 ? 'it' : `all ${e.count}`} needed at least half of the time at its write ceiling: @actions/cache was writing the segment it had to the archive file, so the time is the disk's`
      : e.diskCount === 0
        ? "what the archive's disk wrote meanwhile needed less than half of it at its write ceiling: the time is the toolkit's own (writing each segment to the archive file through the page cache, starting the next)"
        : `what the archive's disk wrote through ${e.diskCount} of them (${seconds(e.diskMs)}) needed at least half of that time at its write ceiling, the disk's (the toolkit writing a segment to the archive file); the rest is the toolkit's own`;
  return `No request was in flight for ${seconds(e.totalMs)}${share} in ${e.count} pause${plural(e.count)} between the SDK's segments or after the last: ${whose}; none of it is the network's.`;
}

function evidenceWords(v: Judged, e: TransferEvidence): string {
  const f = v.facts;
  const words = DIRECTION[f.direction];
  switch (e.kind) {
    case 'requests':
      return words.requests(e);
    case 'timing':
      return words.timing(e);
    case 'elasticity':
      return `a request with ${formatNumber(e.fewest.inFlight)} bodies in flight (its own included) ${words.verb} ${mibPerSecond(e.fewest.bytesPerSecond)}, one with ${formatNumber(e.most.inFlight)} ${mibPerSecond(e.most.bytesPerSecond)}`;
    case 'carrier':
      return `${e.interface} ${words.verb} ${bytes(e.bytes)} meanwhile, ${mibPerSecond(e.bytesPerSecond)} (all its traffic, not only the ${f.direction}'s)`;
    case 'apart-from-stall':
      return `apart from the stall: ${sayTransferRate(f.direction, f.rate)}`;
    case 'stall': {
      const s = v.stalls[e.stall];
      if (!s) throw new Error(`transfer evidence names stall ${e.stall} of ${v.stalls.length}`);
      return stallWords(f, s);
    }
    case 'interruption':
      return words.interruption(e);
    case 'pauses':
      return pausesWords(e);
  }
}

const WHAT_IF_PHRASE: Record<(typeof TRANSFER_WHAT_IF_CHANGES)[number], (f: TransferWhatIfFacts) => string> = {
  'twice-per-connection': () => 'With twice the rate per connection',
  'twice-aggregate': () => 'With twice the aggregate rate (a wider path)',
  'half-round-trip': () => 'With half the round trip',
  'stall-removed': (f) => `Without the ${seconds(f.stallMs ?? 0)} stall`,
};

/** A transfer what-if: its lower bound on the transfer's time, or that it would still take about as long. */
function whatIfWords(direction: Direction, change: (typeof TRANSFER_WHAT_IF_CHANGES)[number], lowerBoundMs: number, f: TransferWhatIfFacts): string {
  const phrase = WHAT_IF_PHRASE[change](f);
  return f.saves
    ? `${phrase} the ${direction} would take at least ${seconds(lowerBoundMs)} (now ${seconds(f.nowMs)}).`
    : `${phrase} the ${direction} would still take about ${seconds(f.nowMs)}.`;
}

/** The verdict's sentence: the leading stall's, or what limited the rate. */
function sentenceOf(v: Judged, limit: DownloadVerdict['limit']): string {
  const worst = v.stalls[0];
  const why = limit === 'stall' && worst ? stallWords(v.facts, worst) : sayTransferRate(v.facts.direction, v.facts.rate);
  return `${capitalised(why)}.`;
}

/** The download's verdict said; a recording made before the facts existed keeps the words it recorded. */
export function sayDownload(v: DownloadVerdict): TransferWords {
  const f = v.facts;
  if (!f) return { sentence: v.sentence ?? '', evidence: v.evidence ?? [], whatIf: v.whatIf.map((w) => w.sentence ?? '') };
  const judged = { facts: f, stalls: v.stalls };
  return {
    sentence: sentenceOf(judged, v.limit),
    evidence: f.evidence.map((e) => evidenceWords(judged, e)),
    whatIf: v.whatIf.map((w) => (w.facts ? whatIfWords(f.direction, w.change, w.downloadLowerBoundMs, w.facts) : (w.sentence ?? ''))),
  };
}

/** The upload's verdict said; a recording made before the facts existed keeps the words it recorded. */
export function sayUpload(v: UploadVerdict): TransferWords {
  const f = v.facts;
  if (!f) return { sentence: v.sentence ?? '', evidence: v.evidence ?? [], whatIf: v.whatIf.map((w) => w.sentence ?? '') };
  const judged = { facts: f, stalls: v.stalls };
  return {
    sentence: sentenceOf(judged, v.limit),
    evidence: f.evidence.map((e) => evidenceWords(judged, e)),
    whatIf: v.whatIf.map((w) => (w.facts ? whatIfWords(f.direction, w.change, w.uploadLowerBoundMs, w.facts) : (w.sentence ?? ''))),
  };
}

/** What would end the upload's stall, after its opening, by what the toolkit does about it. */
function uploadHeadlineEnd(s: UploadStall, t: UploadStallToolkit): string {
  switch (t.kind) {
    case 'sdk-upload-retry':
      return "a request failed and the Azure SDK's retry policy waited before sending it again (no setting of actions/cache changes it).";
    case 'chunk-retry':
      return 'a chunk failed and @actions/cache waited its fixed 5 s before sending it again (no setting changes it).';
    case 'sdk-upload-no-timeout':
      return "on cache v2 nothing in actions/cache times an upload out, so only the step's timeout-minutes would cut a longer one short (failing the job).";
    case 'chunk-body-socket':
      return `@actions/http-client's ${seconds(t.timeoutMs)} socket timeout does not fire on a body the far side stopped reading, so only the step's timeout-minutes would cut a longer one short (failing the job).`;
    case 'chunk-answer-timeout':
      return s.endedByTimeout
        ? `@actions/http-client's ${seconds(t.timeoutMs)} socket timeout ended it and the chunk was sent again (no setting changes that timeout).`
        : `only @actions/http-client's ${seconds(t.timeoutMs)} socket timeout would cut a longer one short and send the chunk again (no setting changes it).`;
  }
}

/** The upload's stall in one sentence, to lead the save's: that it stalled, how long, and what would end one. Null without the facts. */
export function sayUploadStallHeadline(s: UploadStall, archiveBytes: number | null): string | null {
  if (!s.facts) return null;
  return `The upload stalled for ${seconds(s.durationMs)} (request #${s.requestId}, ${stallPlace(s, archiveBytes)}): ${uploadHeadlineEnd(s, s.facts.toolkit)}`;
}
