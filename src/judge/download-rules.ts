/**
 * The download's rules for the transfer verdict (transfer-verdict.ts): its requests are the GETs, a
 * request waits on the far side for its first byte, its body is the response, and @actions/cache's
 * limits are those of the path it took (the Azure SDK's ranged GETs, http-client's concurrent parts, one
 * plain stream). Pure.
 */
import {
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  type DownloadLimits,
  type DownloadRequestRecord,
  type DownloadStall,
  type DownloadTimeline,
  type DownloadVerdict,
  type DownloadWhatIf,
  type DownloadStallToolkit,
  type TransferVerdictFacts,
} from '../profile/schema.js';
import { flowingMs, longestQuiet } from './transfer-stats.js';
import { TIMEOUT_MARGIN } from './thresholds.js';
import { endedByTimeout as requestEndedByTimeout, judgeTransfer, requestsAndTiming, type TransferVerdictRules } from './transfer-verdict.js';

const ttfb = (r: DownloadRequestRecord): number | null => (r.firstByteMs === null ? null : r.firstByteMs - r.startMs);
const isGet = (r: DownloadRequestRecord) => r.method === 'GET';

/** Any segment timeout below the time from the segment's start to the stall's end fires during the stall (half a second of margin). */
function segmentTimeoutToCut(stallEndMs: number, segmentStartMs: number): number {
  return Math.max(1000, stallEndMs - segmentStartMs - 500);
}

/**
 * How long a normal segment (the SDK's 128 MiB, or the whole archive if smaller) takes at the
 * download's measured rate: its bytes over its time less the stall being judged (a normal segment is
 * one without it; a stall that held most of a small download would otherwise pass for the segment's
 * own pace and hide every safe setting). Other stalls stay in, so the figure errs long, the safe side
 * for a timeout. Null without a segment size, bytes or time outside the stall.
 */
export function normalSegmentMs(t: DownloadTimeline, stallMs = 0): number | null {
  const received = t.samples.at(-1)?.[1] ?? 0;
  const durationMs = t.endMs - t.startMs - stallMs;
  if (!t.limits.segmentBytes || received <= 0 || durationMs <= 0) return null;
  return (Math.min(t.limits.segmentBytes, received) / received) * durationMs;
}

/** Whether a segment timeout of timeoutMs lets a normal segment finish with TIMEOUT_MARGIN to spare. */
export function segmentTimeoutIsSafe(timeoutMs: number, normalMs: number | null): boolean {
  return normalMs !== null && timeoutMs >= TIMEOUT_MARGIN * normalMs;
}

function toolkitOnStall(
  limits: DownloadLimits,
  kind: DownloadStall['kind'],
  durationMs: number,
  endedIt: boolean,
  segmentTimeoutToCutMs: number | null,
  normalMs: number | null,
): DownloadStallToolkit {
  const reached = endedIt || durationMs >= limits.requestTimeoutMs;
  if (limits.path === 'http-stream') return { kind: 'plain-socket-timeout', timeoutMs: limits.requestTimeoutMs, reached };
  if (limits.path === 'http-concurrent') return { kind: 'concurrent-part-retry', timeoutMs: limits.requestTimeoutMs, reached };
  if (kind === 'first-byte') return { kind: 'sdk-header-retry', timeoutMs: limits.requestTimeoutMs, reached };
  const segmentTimeoutMs = limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  const cutMs = segmentTimeoutToCutMs ?? segmentTimeoutMs;
  return {
    kind: 'sdk-segment-timeout',
    tryTimeoutMs: limits.requestTimeoutMs,
    segmentTimeoutMs,
    cutMs,
    safe: segmentTimeoutIsSafe(cutMs, normalMs),
    normalSegmentMs: normalMs,
    segmentBytes: limits.segmentBytes,
  };
}

/** Start of the SDK segment (128 MiB) a ranged request belongs to: when its segment's first request started. */
function segmentStart(t: DownloadTimeline, r: DownloadRequestRecord): number {
  const size = t.limits.segmentBytes;
  const offset = (x: DownloadRequestRecord) => Number(/bytes=(\d+)-/.exec(x.range ?? '')?.[1] ?? Number.NaN);
  const own = offset(r);
  if (!size || !Number.isFinite(own)) return t.startMs;
  const segment = Math.floor(own / size);
  const starts = t.requests.filter((x) => x.method === 'GET' && Math.floor(offset(x) / size) === segment).map((x) => x.startMs);
  return starts.length > 0 ? Math.min(...starts) : t.startMs;
}

/** The last byte a ranged request asked for, or null for a whole blob. */
const rangeEnd = (r: DownloadRequestRecord) => /bytes=\d+-(\d+)/.exec(r.range ?? '')?.[1] ?? null;

export const downloadRules: TransferVerdictRules<DownloadRequestRecord, DownloadTimeline, DownloadStall, DownloadWhatIf> = {
  direction: 'download',
  counter: 'rxBytes',
  carriesData: isGet,
  waitMs: ttfb,
  // Mid-body: the longest stretch between points after the first byte with no growth (to the close, for a request cut while idle).
  quietStretch: (r) =>
    longestQuiet(
      r.points.filter(([, b]) => b > 0),
      r.endMs !== null && r.outcome !== 'complete' ? r.endMs : null,
    ),
  retryKind: null,
  heldWait: (r, t) => ({ fromMs: r.startMs, ms: ttfb(r) ?? (r.endMs ?? t.endMs) - r.startMs }),
  waitKind: 'first-byte',
  stall: ({ request: r, kind, startMs, durationMs, atBytes, wholeMs }, t) => {
    const endedByTimeout = requestEndedByTimeout(r.outcome, durationMs, t.limits.requestTimeoutMs, t.intervalMs);
    const sdkBody = t.limits.path === 'azure-sdk' && kind !== 'first-byte';
    const segmentTimeoutToCutMs = sdkBody ? segmentTimeoutToCut(startMs + durationMs, segmentStart(t, r)) : null;
    const normalMs = sdkBody ? normalSegmentMs(t, durationMs) : null;
    return {
      kind,
      requestId: r.id,
      startMs,
      durationMs,
      atBytes,
      wholeDownloadMs: wholeMs,
      facts: { toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout, segmentTimeoutToCutMs, normalMs) },
      endedByTimeout,
      segmentTimeoutToCutMs,
      ...(sdkBody ? { normalSegmentMs: normalMs } : {}),
    };
  },
  hasBody: (r) => r.firstByteMs !== null,
  answered: () => true,
  body: (r) => ({ fromMs: r.firstByteMs as number, toMs: r.endMs, bytes: r.receivedBytes }),
  flowingMs: (t) => flowingMs(t),
  evidence: (t, f) => requestsAndTiming(f, t.limits, { chunkBytes: null, singleShotBytes: null }),
  // Under a shared cap the other requests take the held one's share while they run: the time nothing
  // flowed is lost, and at most the held request's share (one of those in flight) of the rest. With a cap
  // per connection (or one connection) the held request's whole stall is. The stall leads the verdict by
  // its length.
  stallCost: (worst, limit, meanInFlight) => {
    const shared = limit === 'path' || (limit === 'bandwidth' && meanInFlight > 1.5);
    const lostMs = shared ? worst.wholeDownloadMs + (worst.durationMs - worst.wholeDownloadMs) / meanInFlight : worst.durationMs;
    return { lostMs, weighedMs: worst.durationMs };
  },
  // A request alone in flight (the SDK's HEAD before its ranges) saves half its whole wait.
  aloneWaitMs: (t) => t.requests.filter((r) => !isGet(r)).reduce((s, r) => s + (ttfb(r) ?? 0), 0),
  whatIf: (change, downloadLowerBoundMs, facts) => ({ change, downloadLowerBoundMs, facts }),
  samePart: (failed, later) => rangeEnd(later) !== null && rangeEnd(later) === rangeEnd(failed),
  interruption: (r, retry, t) => ({
    kind: 'interruption',
    requestId: r.id,
    outcome: r.outcome,
    part: r.range,
    bytes: r.receivedBytes,
    atMs: Math.max(0, (r.endMs ?? r.startMs) - t.startMs),
    retry: retry ? { requestId: retry.id, part: retry.range, afterMs: Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)) } : null,
    sdkGaveUp: !retry && t.limits.path === 'azure-sdk' && r.outcome === 'aborted',
  }),
};

/** The download judged from its own timeline (the requests' bytes over time, first bytes, requests in flight) and the interface's counters. */
export function judgeDownload(t: DownloadTimeline, archiveBytes: number | null): DownloadVerdict & { facts: TransferVerdictFacts } {
  return judgeTransfer(downloadRules, t, archiveBytes);
}
