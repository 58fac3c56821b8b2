/**
 * The save's upload judged from its own timeline (each request's bytes sent over time, when its body was
 * all sent, when the store answered) as the download is (download-verdict.ts), in the other direction:
 * - a stall: a request that sent nothing mid-body (the far side stopped reading), waited far longer than
 *   the others for the store's answer after its body, or took far longer than the rest;
 * - latency or the store: requests spent most of their time waiting for the answer after their body; a
 *   fixed wait is a round trip, answers spread far apart are the store;
 * - a per-connection cap (the rate grows with the requests in flight) or a path cap (flat whatever the
 *   parallelism); with one request (the SDK's Put Blob of an archive up to 128 MiB) the two look alike.
 * Each what-if is a lower bound on the upload's time after that change. Pure.
 */
import {
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  type UploadLimits,
  type UploadLimitKind,
  type UploadRequestRecord,
  type UploadStall,
  type UploadTimeline,
  type UploadVerdict,
  type UploadWhatIf,
} from '../profile/schema.js';
import { bytes, formatNumber, mibPerSecond, percent, seconds } from '../util/format.js';
import {
  type Body,
  bytesAt,
  carrierEvidence,
  elasticityEvidence,
  flatWithin,
  inFlightMean,
  longestQuiet,
  median,
  rateElasticity,
  SLOW_REQUEST_FACTOR,
  stallPlace,
  STALL_MIN_INTERVALS,
  STALL_MIN_MS,
  STALL_VERDICT_SHARE,
  settleStall,
  transferBound,
  transferLimit,
} from './transfer-stats.js';

/** The requests that carry the archive (a block, a chunk, the whole blob), not the bookkeeping around them. */
const carriesData = (r: UploadRequestRecord) => r.part !== null;
/** After its body left, how long the request waited for the store's answer. */
const answerWait = (r: UploadRequestRecord): number | null =>
  r.bodySentMs === null || r.responseMs === null ? null : Math.max(0, r.responseMs - r.bodySentMs);
const duration = (r: UploadRequestRecord, endMs: number): number => (r.endMs ?? endMs) - r.startMs;

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

function findStalls(t: UploadTimeline): UploadStall[] {
  const data = t.requests.filter(carriesData);
  const minMs = Math.max(STALL_MIN_MS, STALL_MIN_INTERVALS * t.intervalMs);
  const stalls: UploadStall[] = [];
  const make = (r: UploadRequestRecord, kind: UploadStall['kind'], startMs: number, durationMs: number): UploadStall => {
    const endedByTimeout = r.outcome !== 'complete' && t.limits.requestTimeoutMs !== null && durationMs >= t.limits.requestTimeoutMs - 2 * t.intervalMs;
    return {
      kind,
      requestId: r.id,
      startMs,
      durationMs,
      atBytes: bytesAt(t, startMs + t.intervalMs / 2),
      wholeUploadMs: flatWithin(t, startMs, startMs + durationMs),
      toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout),
      endedByTimeout,
    };
  };
  for (const r of data) {
    // Mid-body: the longest stretch between points before the body was all sent with no growth (to the
    // close, for a request cut while its body was held).
    const bodyEnd = r.bodySentMs ?? r.endMs ?? t.endMs;
    const best = longestQuiet(
      r.points.filter(([at, b]) => b > 0 && at <= bodyEnd),
      r.bodySentMs === null ? r.endMs : null,
    );
    if (best && best[1] >= minMs) stalls.push(make(r, 'body', best[0] - t.intervalMs / 2, best[1]));
  }
  const waits = data.map(answerWait).filter((x): x is number => x !== null);
  const typicalWait = median(waits);
  const typicalDuration = median(data.map((r) => duration(r, t.endMs)));
  // A request that failed, until its part was sent again: the toolkit's wait before a retry (v1: 5 s).
  for (const r of data) {
    const failedMs = r.endMs;
    if ((r.outcome !== 'error' && r.outcome !== 'aborted') || failedMs === null) continue;
    const retry = retryOf(data, r, t.intervalMs);
    const waitedMs = (retry?.startMs ?? t.endMs) - failedMs;
    if (waitedMs >= minMs) stalls.push(make(r, 'retry', failedMs, waitedMs));
  }
  for (const r of data) {
    if (stalls.some((s) => s.requestId === r.id)) continue;
    const w = answerWait(r) ?? (r.bodySentMs !== null ? (r.endMs ?? t.endMs) - r.bodySentMs : null);
    if (w !== null && data.length >= 3 && w >= minMs && w >= SLOW_REQUEST_FACTOR * typicalWait) {
      stalls.push(make(r, 'acknowledgement', r.bodySentMs as number, w));
      continue;
    }
    const d = duration(r, t.endMs);
    if (data.length >= 3 && d >= minMs && d >= SLOW_REQUEST_FACTOR * typicalDuration) stalls.push(make(r, 'slow', r.startMs, d - typicalDuration));
  }
  return stalls.sort((a, b) => b.durationMs - a.durationMs);
}

function stallSentence(s: UploadStall, t: UploadTimeline, archiveBytes: number | null): string {
  const what =
    s.kind === 'body'
      ? `request #${s.requestId} sent nothing for ${seconds(s.durationMs)}: the far side stopped reading its body`
      : s.kind === 'acknowledgement'
        ? `request #${s.requestId} waited ${seconds(s.durationMs)} for the store's answer after its body`
        : s.kind === 'retry'
          ? `request #${s.requestId} failed and its part was sent again ${seconds(s.durationMs)} later`
          : `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`;
  const whole = s.wholeUploadMs >= 0.5 * s.durationMs ? `, the whole upload stopped for ${seconds(s.wholeUploadMs)} of it` : '';
  return `the upload stalled for ${seconds(s.durationMs)} (${what}, ${seconds(Math.max(0, s.startMs - t.startMs))} into it ${stallPlace(s, archiveBytes)}${whole}): ${s.toolkit}`;
}

/** The request that sent a failed one's part again: a later one of the same part, started once it failed (within a tick). */
function retryOf(data: readonly UploadRequestRecord[], failed: UploadRequestRecord, intervalMs: number): UploadRequestRecord | undefined {
  return data.find((g) => g.id > failed.id && g.part === failed.part && g.startMs >= (failed.endMs ?? 0) - intervalMs);
}

/** Requests closed before the store answered, and the request that sent the same part again (a retry), if any. */
function interruptions(t: UploadTimeline): string[] {
  const data = t.requests.filter(carriesData);
  return data
    .filter((r) => r.outcome === 'aborted' || r.outcome === 'error')
    .map((r) => {
      const retry = retryOf(data, r, t.intervalMs);
      const after = retry
        ? `request #${retry.id} sent it again ${seconds(Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)))} later: a retry`
        : 'nothing sent it again';
      return `request #${r.id} (${r.part}) ${r.outcome === 'error' ? 'failed' : 'was closed'} after sending ${bytes(r.sentBytes)}, ${seconds(Math.max(0, (r.endMs ?? r.startMs) - t.startMs))} into the upload; ${after}`;
    });
}

export function judgeUpload(t: UploadTimeline, archiveBytes: number | null): UploadVerdict {
  const D = Math.max(1, t.endMs - t.startMs);
  const data = t.requests.filter(carriesData);
  const total = t.samples[t.samples.length - 1]?.[1] ?? 0;
  const rate = (archiveBytes ?? total) / (D / 1000);
  const stalls = findStalls(t);
  const waits = data.map(answerWait).filter((x): x is number => x !== null);
  const waitSum = waits.reduce((a, b) => a + b, 0);
  const waitShare =
    waitSum /
    Math.max(
      1,
      data.reduce((s, r) => s + duration(r, t.endMs), 0),
    );
  const meanInFlight = Math.max(1, inFlightMean(t));
  const single = data.length === 1 && data[0]?.part === 'whole blob';
  // The peer acknowledges bytes into its receive buffer before its reader takes them, so a body's end is the
  // store's answer less the least answer wait of the upload (the fixed round trip and commit), not the last
  // acknowledged byte: the rates then follow what the far side took, whatever buffers sat between.
  const fixedWait = waits.length > 0 ? Math.min(...waits) : 0;
  const body = (r: UploadRequestRecord): Body => ({
    fromMs: r.startMs,
    toMs: r.responseMs === null ? r.bodySentMs : Math.max(r.bodySentMs ?? r.startMs, r.responseMs - fixedWait),
    bytes: r.sentBytes,
  });
  // For the same reason bytes flowed while any body was in flight, not only while acknowledgements grew
  // (the far side's buffer drained meanwhile); the stretches nothing moved in a stall are taken out.
  const flowing = Math.max(0, Math.min(D, unionMs(data.map(body), t.endMs)) - stalls.reduce((sum, x) => sum + x.wholeUploadMs, 0));
  const evidence: string[] = [
    `${data.length} request${data.length === 1 ? '' : 's'} carried the archive on the ${t.limits.path} path (${single ? `one Put Blob: the Azure SDK sends an archive up to ${bytes(t.limits.singleShotBytes ?? 0)} in one request` : `up to ${t.limits.concurrency} in parallel, ${formatNumber(meanInFlight)} in flight on average, ${bytes(t.limits.chunkBytes)} each`}), ${bytes(total)} sent in ${seconds(D)}: ${mibPerSecond(rate)}`,
    `a body was on its way ${percent(flowing / D)} of the time; requests spent ${percent(waitShare)} of their time waiting for the store's answer after their body (median ${seconds(median(waits))})`,
  ];
  const stalled = new Set(stalls.map((x) => x.requestId));
  const elastic = rateElasticity(
    data.filter((r) => !stalled.has(r.id) && r.outcome === 'complete' && r.responseMs !== null).map(body),
    data.map(body),
    t.endMs,
  );
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence.push(elasticityEvidence(elastic, 'sent'));
  const carrier = carrierEvidence(t.interfaces, 'txBytes', total, D, { verb: 'sent', noun: 'upload' });
  if (carrier) evidence.push(carrier);

  const { limit, why } = transferLimit(
    { waitShare, waits, elasticity, requests: data.length, bytesPerSecond: rate, meanInFlight },
    {
      noun: 'upload',
      latency: (share, wait) =>
        `the upload waited on round trips: its requests spent ${percent(share)} of their time waiting ${seconds(wait)} each for the store's answer after their body`,
      storeWaits: 'waiting for its answer after their body,',
      alone: 'one request carried the upload',
      shortWaits: "short waits for the store's answers",
    },
  );
  const worst = stalls[0];
  const lostMs = worst
    ? stallCostMs(
        worst,
        limit,
        meanInFlight,
        t.requests.find((r) => r.id === worst.requestId),
      )
    : 0;
  const whatIf = uploadWhatIfs(limit, D, flowing, waitSum, meanInFlight, worst, lostMs);
  // A stall names the limit by what it cost, not its length: under a shared cap the other requests take
  // a held one's share, and only the stretch nothing moved is lost.
  const settled = settleStall(
    { limit, why },
    stalls,
    worst !== undefined && lostMs >= STALL_VERDICT_SHARE * D,
    (s) => stallSentence(s, t, archiveBytes),
    interruptions(t),
    evidence,
  );
  return { ...settled, stalls, evidence, whatIf };
}

function uploadWhatIfs(
  limit: UploadLimitKind,
  D: number,
  flowing: number,
  waitSum: number,
  meanInFlight: number,
  worst: UploadStall | undefined,
  lostMs: number,
): UploadWhatIf[] {
  const out: UploadWhatIf[] = [];
  // A doubled rate halves at most the time bytes flowed; waits for answers and stalls stay.
  const halfFlow = Math.max(0, D - Math.min(D, flowing) / 2);
  const say = (change: UploadWhatIf['change'], lower: number, phrase: string) => {
    const { ms, sentence } = transferBound('upload', D, lower, phrase);
    out.push({ change, uploadLowerBoundMs: ms, sentence });
  };
  say('twice-per-connection', limit === 'per-connection' || limit === 'bandwidth' ? halfFlow : D, 'With twice the rate per connection');
  say('twice-aggregate', limit === 'path' || limit === 'bandwidth' ? halfFlow : D, 'With twice the aggregate rate (a wider path)');
  // Each of the parallel slots waits its requests' answers one after another: half of that per slot.
  say('half-round-trip', D - waitSum / (2 * meanInFlight), 'With half the round trip');
  if (worst) say('stall-removed', D - lostMs, `Without the ${seconds(worst.durationMs)} stall`);
  return out;
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
