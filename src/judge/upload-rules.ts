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
  type UploadStallToolkit,
  type TransferVerdictFacts,
} from '../profile/schema.js';
import { type Body, longestQuiet, median } from './transfer-stats.js';
import { endedByTimeout as requestEndedByTimeout, judgeTransfer, requestsAndTiming, type TransferVerdictRules } from './transfer-verdict.js';

/** After its body left, how long the request waited for the store's answer. */
const answerWait = (r: UploadRequestRecord): number | null =>
  r.bodySentMs === null || r.responseMs === null ? null : Math.max(0, r.responseMs - r.bodySentMs);

function toolkitOnStall(limits: UploadLimits, kind: UploadStall['kind'], durationMs: number, endedIt: boolean): UploadStallToolkit {
  if (kind === 'retry') return { kind: limits.path === 'azure-sdk' ? 'sdk-upload-retry' : 'chunk-retry', maxTries: limits.maxTries };
  if (limits.path === 'azure-sdk') return { kind: 'sdk-upload-no-timeout' };
  const timeoutMs = limits.requestTimeoutMs ?? HTTP_CLIENT_SOCKET_TIMEOUT_MS;
  if (kind === 'body') return { kind: 'chunk-body-socket', timeoutMs };
  return { kind: 'chunk-answer-timeout', timeoutMs, maxTries: limits.maxTries, reached: endedIt || durationMs >= timeoutMs };
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
  direction: 'upload',
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
      facts: { toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout) },
      endedByTimeout,
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
    bytes: r.sentBytes,
  }),
  // For the same reason bytes flowed while any body was in flight, not only while acknowledgements grew
  // (the far side's buffer drained meanwhile); the stretches nothing moved in a stall are taken out.
  flowingMs: (t, bodies, stalls, D) => Math.max(0, Math.min(D, unionMs(bodies, t.endMs)) - stalls.reduce((sum, x) => sum + x.wholeUploadMs, 0)),
  evidence: (t, f) =>
    requestsAndTiming(f, t.limits, {
      chunkBytes: t.limits.chunkBytes,
      // One Put Blob: the Azure SDK sends an archive up to singleShotBytes in one request.
      singleShotBytes: f.data.length === 1 && f.data[0]?.part === 'whole blob' ? (t.limits.singleShotBytes ?? 0) : null,
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
    kind: 'interruption',
    requestId: r.id,
    outcome: r.outcome,
    part: r.part,
    bytes: r.sentBytes,
    atMs: Math.max(0, (r.endMs ?? r.startMs) - t.startMs),
    retry: retry ? { requestId: retry.id, part: retry.part, afterMs: Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)) } : null,
    sdkGaveUp: false,
  }),
};

/** The save's upload judged from its own timeline (each request's bytes sent over time, when its body was all sent, when the store answered). */
export function judgeUpload(t: UploadTimeline, archiveBytes: number | null): UploadVerdict & { facts: TransferVerdictFacts } {
  return judgeTransfer(uploadRules, t, archiveBytes);
}
