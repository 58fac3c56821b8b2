/**
 * The save's upload's rules for the transfer verdict (transfer-verdict.ts), the download's
 * (download-rules.ts) in the other direction: its requests are those that carry a part of the archive,
 * a request waits on the far side for the store's answer after its body, a stall may be a failed part
 * until it was sent again, and @actions/cache's limits are those of cache v2 (the Azure SDK's Put Blob,
 * an archive up to 128 MiB in one request, or its Put Blocks) or v1 (PATCH chunks). Pure.
 */
import {
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  type UploadLimitKind,
  type UploadLimits,
  type UploadRequestRecord,
  type UploadStall,
  type UploadTimeline,
  type UploadVerdict,
  type UploadWhatIf,
} from '../profile/schema.js';
import { bytes, formatNumber, mibPerSecond, percent, seconds } from '../util/format.js';
import { type Body, longestQuiet, median, stallPlace } from './transfer-stats.js';
import { endedByTimeout as requestEndedByTimeout, judgeTransfer, type TransferVerdictRules } from './transfer-verdict.js';

/** After its body left, how long the request waited for the store's answer. */
const answerWait = (r: UploadRequestRecord): number | null =>
  r.bodySentMs === null || r.responseMs === null ? null : Math.max(0, r.responseMs - r.bodySentMs);

function toolkitOnStall(limits: UploadLimits, kind: UploadStall['kind'], durationMs: number, endedIt: boolean): string {
  if (kind === 'retry') {
    return limits.path === 'azure-sdk'
      ? `the Azure SDK tries a failed request ${limits.maxTries} times, 0, 4 and 12 s apart (its default retry policy; no setting of actions/cache changes it)`
      : `@actions/cache waits 5 s before it sends a failed chunk again and tries each chunk ${limits.maxTries} times before the save fails (no setting changes either)`;
  }
  if (limits.path === 'azure-sdk') {
    return `on cache v2 nothing times an upload out: the Azure SDK's requests have no client-side timeout (its retry policy's tryTimeoutInMs is unset and would only ask the server for one) and no setting of actions/cache adds one, so only the store or the step's timeout-minutes ends a held upload`;
  }
  const timeout = limits.requestTimeoutMs ?? HTTP_CLIENT_SOCKET_TIMEOUT_MS;
  if (kind === 'body') {
    return `on cache v1 @actions/http-client's ${seconds(timeout)} socket timeout fires only on a socket idle both ways, not on a body the far side stopped reading, so only the step's timeout-minutes ends such a stall (no setting changes either)`;
  }
  const cut = endedIt || durationMs >= timeout;
  return `on cache v1 @actions/http-client ends a request that waited ${seconds(timeout)} for its answer and @actions/cache tries each chunk ${limits.maxTries} times, 5 s apart, before the save fails (no setting changes either)${cut ? ': that timeout ended this one' : ': this wait stayed under it'}`;
}

/**
 * The most a stall cost the upload. Under a cap shared by the requests (the path's), the others took the
 * stalled one's share while they ran, so only the stretch nothing moved is lost; under a cap on each
 * connection, or with one request, its whole length is.
 */
function stallCostMs(stall: UploadStall, limit: UploadLimitKind, meanInFlight: number, request: UploadRequestRecord | undefined): number {
  const shared = limit === 'path' || (limit === 'bandwidth' && meanInFlight > 1.5);
  if (shared) return stall.wholeUploadMs;
  // A held body goes quiet only once the far side's receive buffer is full: its first part is
  // acknowledged while nobody reads it. What the request lost is then its time less what its bytes
  // needed at the rate they moved when they moved (the median of its ticks that grew), at least the
  // quiet stretch itself.
  const rate = request && stall.kind === 'body' ? movingRate(request.points) : null;
  const needed = rate && request ? (request.sentBytes / rate) * 1000 : null;
  const took = request ? (request.endMs ?? request.startMs) - request.startMs : 0;
  return needed === null ? stall.durationMs : Math.min(took, Math.max(stall.durationMs, took - needed));
}

/** Median bytes per second over the ticks in which a request's bytes grew; null with fewer than three. */
function movingRate(points: readonly [number, number][]): number | null {
  const rates: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const [a, ba] = points[i - 1] as [number, number];
    const [b, bb] = points[i] as [number, number];
    if (bb > ba && b > a) rates.push(((bb - ba) / (b - a)) * 1000);
  }
  return rates.length >= 3 ? median(rates) : null;
}

/** How long at least one of the intervals was open. */
function unionMs(bodies: readonly Body[], endMs: number): number {
  const spans = bodies.map((b) => [b.fromMs, b.toMs ?? endMs] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let open: [number, number] | null = null;
  for (const [from, to] of spans) {
    if (open && from <= open[1]) open[1] = Math.max(open[1], to);
    else {
      if (open) total += open[1] - open[0];
      open = [from, to];
    }
  }
  return total + (open ? open[1] - open[0] : 0);
}

export const uploadRules: TransferVerdictRules<UploadRequestRecord, UploadTimeline, UploadStall, UploadWhatIf> = {
  noun: 'upload',
  verb: 'sent',
  counter: 'txBytes',
  // The requests that carry the archive (a block, a chunk, the whole blob), not the bookkeeping around them.
  carriesData: (r) => r.part !== null,
  waitMs: answerWait,
  quietStretch: (r, t) => {
    // Mid-body: the longest stretch between points before the body was all sent with no growth (to the
    // close, for a request cut while its body was held).
    const bodyEnd = r.bodySentMs ?? r.endMs ?? t.endMs;
    return longestQuiet(
      r.points.filter(([at, b]) => b > 0 && at <= bodyEnd),
      r.bodySentMs === null ? r.endMs : null,
    );
  },
  // A request that failed, until its part was sent again: the toolkit's wait before a retry (v1: 5 s).
  retryKind: 'retry',
  heldWait: (r, t) => {
    const ms = answerWait(r) ?? (r.bodySentMs !== null ? (r.endMs ?? t.endMs) - r.bodySentMs : null);
    return ms === null ? null : { fromMs: r.bodySentMs as number, ms };
  },
  waitKind: 'acknowledgement',
  stall: ({ request: r, kind, startMs, durationMs, atBytes, wholeMs }, t) => {
    const endedByTimeout = requestEndedByTimeout(r.outcome, durationMs, t.limits.requestTimeoutMs, t.intervalMs);
    return {
      kind,
      requestId: r.id,
      startMs,
      durationMs,
      atBytes,
      wholeUploadMs: wholeMs,
      toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout),
      endedByTimeout,
    };
  },
  wholeMs: (s) => s.wholeUploadMs,
  stallWhat: (s) =>
    s.kind === 'body'
      ? `request #${s.requestId} sent nothing for ${seconds(s.durationMs)}: the far side stopped reading its body`
      : s.kind === 'acknowledgement'
        ? `request #${s.requestId} waited ${seconds(s.durationMs)} for the store's answer after its body`
        : s.kind === 'retry'
          ? `request #${s.requestId} failed and its part was sent again ${seconds(s.durationMs)} later`
          : `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`,
  hasBody: () => true,
  answered: (r) => r.responseMs !== null,
  // The peer acknowledges bytes into its receive buffer before its reader takes them, so a body's end is the
  // store's answer less the least answer wait of the upload (the fixed round trip and commit), not the last
  // acknowledged byte: the rates then follow what the far side took, whatever buffers sat between.
  body: (r, fixedWait) => ({
    fromMs: r.startMs,
    toMs: r.responseMs === null ? r.bodySentMs : Math.max(r.bodySentMs ?? r.startMs, r.responseMs - fixedWait),
    bytes: r.sentBytes,
  }),
  // For the same reason bytes flowed while any body was in flight, not only while acknowledgements grew
  // (the far side's buffer drained meanwhile); the stretches nothing moved in a stall are taken out.
  flowingMs: (t, bodies, stalls, D) => Math.max(0, Math.min(D, unionMs(bodies, t.endMs)) - stalls.reduce((sum, x) => sum + x.wholeUploadMs, 0)),
  evidence: (t, f) => {
    const single = f.data.length === 1 && f.data[0]?.part === 'whole blob';
    return [
      `${f.data.length} request${f.data.length === 1 ? '' : 's'} carried the archive on the ${t.limits.path} path (${single ? `one Put Blob: the Azure SDK sends an archive up to ${bytes(t.limits.singleShotBytes ?? 0)} in one request` : `up to ${t.limits.concurrency} in parallel, ${formatNumber(f.meanInFlight)} in flight on average, ${bytes(t.limits.chunkBytes)} each`}), ${bytes(f.totalBytes)} sent in ${seconds(f.durationMs)}: ${mibPerSecond(f.bytesPerSecond)}`,
      `a body was on its way ${percent(f.flowingMs / f.durationMs)} of the time; requests spent ${percent(f.waitShare)} of their time waiting for the store's answer after their body (median ${seconds(median(f.waits))})`,
    ];
  },
  limitWords: () => ({
    noun: 'upload',
    latency: (share, wait) =>
      `the upload waited on round trips: its requests spent ${percent(share)} of their time waiting ${seconds(wait)} each for the store's answer after their body`,
    storeWaits: 'waiting for its answer after their body,',
    alone: 'one request carried the upload',
    shortWaits: "short waits for the store's answers",
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
    const after = retry
      ? `request #${retry.id} sent it again ${seconds(Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)))} later: a retry`
      : 'nothing sent it again';
    return `request #${r.id} (${r.part}) ${r.outcome === 'error' ? 'failed' : 'was closed'} after sending ${bytes(r.sentBytes)}, ${seconds(Math.max(0, (r.endMs ?? r.startMs) - t.startMs))} into the upload; ${after}`;
  },
};

/** The save's upload judged from its own timeline (each request's bytes sent over time, when its body was all sent, when the store answered). */
export function judgeUpload(t: UploadTimeline, archiveBytes: number | null): UploadVerdict {
  return judgeTransfer(uploadRules, t, archiveBytes);
}

/** The stall in one sentence, to lead the save's: that the upload stalled, how long, and what would end one. */
export function uploadStallHeadline(stall: UploadStall, archiveBytes: number | null, limits: UploadLimits): string {
  const head = `The upload stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}, ${stallPlace(stall, archiveBytes)})`;
  if (stall.kind === 'retry') {
    return limits.path === 'azure-sdk'
      ? `${head}: a request failed and the Azure SDK's retry policy waited before sending it again (no setting of actions/cache changes it).`
      : `${head}: a chunk failed and @actions/cache waited its fixed 5 s before sending it again (no setting changes it).`;
  }
  if (limits.path === 'azure-sdk') {
    return `${head}: on cache v2 nothing in actions/cache times an upload out, so only the step's timeout-minutes would cut a longer one short (failing the job).`;
  }
  const timeout = seconds(limits.requestTimeoutMs ?? HTTP_CLIENT_SOCKET_TIMEOUT_MS);
  if (stall.kind === 'body') {
    return `${head}: @actions/http-client's ${timeout} socket timeout does not fire on a body the far side stopped reading, so only the step's timeout-minutes would cut a longer one short (failing the job).`;
  }
  return stall.endedByTimeout
    ? `${head}: @actions/http-client's ${timeout} socket timeout ended it and the chunk was sent again (no setting changes that timeout).`
    : `${head}: only @actions/http-client's ${timeout} socket timeout would cut a longer one short and send the chunk again (no setting changes it).`;
}
