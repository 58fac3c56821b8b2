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
} from '../profile/schema.js';
import { bytes, formatNumber, mibPerSecond, percent, seconds } from '../util/format.js';
import { flowingMs, longestQuiet, median } from './transfer-stats.js';
import { TIMEOUT_MARGIN } from './thresholds.js';
import { endedByTimeout as requestEndedByTimeout, judgeTransfer, type TransferVerdictRules } from './transfer-verdict.js';

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

/** The segment timeout that would have cut a stall short, or why no such setting is advised. */
function segmentTimeoutWords(cutMs: number, normalMs: number | null, segmentBytes: number | null): string {
  const minutes = (ms: number) => formatNumber(ms / 60_000);
  if (segmentTimeoutIsSafe(cutMs, normalMs)) return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(cutMs)} or less would have cut this one short`;
  const normal =
    normalMs === null
      ? 'no normal segment time was measured'
      : `a normal segment (${bytes(segmentBytes ?? 0)}) took ${seconds(normalMs)} at this download's rate, and a setting under ${TIMEOUT_MARGIN} times that would abort restores as misses`;
  return `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(cutMs)} would have cut this one short, but ${normal}, so no setting is advised`;
}

function toolkitOnStall(
  limits: DownloadLimits,
  kind: DownloadStall['kind'],
  durationMs: number,
  endedIt: boolean,
  segmentTimeoutToCutMs: number | null,
  normalMs: number | null,
): string {
  const minutes = (ms: number) => formatNumber(ms / 60_000);
  if (limits.path === 'http-stream') {
    const cut = endedIt || durationMs >= limits.requestTimeoutMs;
    return `on the plain HTTP download @actions/cache destroys the response after ${seconds(limits.requestTimeoutMs)} without a byte (its SocketTimeout, no setting changes it) and the restore fails as a miss${cut ? ': that is what ended this one' : ': this stall stayed under it'}`;
  }
  const retried = endedIt || durationMs >= limits.requestTimeoutMs;
  if (limits.path === 'http-concurrent') {
    return `http-client's concurrent download gives each 4 MiB part ${seconds(limits.requestTimeoutMs)} and then fetches it again (5 tries; no setting changes it)${retried ? ': that retry ran here' : ': this stall stayed under it'}`;
  }
  if (kind === 'first-byte') {
    return `the Azure SDK aborts and retries a request without response headers after ${seconds(limits.requestTimeoutMs)} (its per-try timeout; no setting of actions/cache changes it)${retried ? ': that retry ran here' : ': this wait stayed under it'}`;
  }
  const segment = limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  return `the Azure SDK has no timeout on a response body (its ${seconds(limits.requestTimeoutMs)} per-try timeout ends at the headers): only the segment timeout, SEGMENT_DOWNLOAD_TIMEOUT_MINS (${minutes(segment)} min in force), ends it, aborting the whole restore as a miss; ${segmentTimeoutWords(segmentTimeoutToCutMs ?? segment, normalMs, limits.segmentBytes)} (the step's timeout-minutes only fails the job)`;
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
  noun: 'download',
  verb: 'received',
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
      toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout, segmentTimeoutToCutMs, normalMs),
      endedByTimeout,
      segmentTimeoutToCutMs,
      ...(sdkBody ? { normalSegmentMs: normalMs } : {}),
    };
  },
  wholeMs: (s) => s.wholeDownloadMs,
  stallWhat: (s) =>
    s.kind === 'body'
      ? `request #${s.requestId} received nothing for ${seconds(s.durationMs)}`
      : s.kind === 'first-byte'
        ? `request #${s.requestId} waited ${seconds(s.durationMs)} for its first byte`
        : `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`,
  hasBody: (r) => r.firstByteMs !== null,
  answered: () => true,
  body: (r) => ({ fromMs: r.firstByteMs as number, toMs: r.endMs, bytes: r.receivedBytes }),
  flowingMs: (t) => flowingMs(t),
  evidence: (t, f) => [
    `${f.data.length} GET request${f.data.length === 1 ? '' : 's'} on the ${t.limits.path} path (up to ${t.limits.concurrency} in parallel, ${formatNumber(f.meanInFlight)} in flight on average), ${bytes(f.totalBytes)} received in ${seconds(f.durationMs)}: ${mibPerSecond(f.bytesPerSecond)}`,
    `bytes flowed ${percent(f.flowingMs / f.durationMs)} of the time; requests spent ${percent(f.waitShare)} of their time waiting for a first byte (median ${seconds(median(f.waits))}, fastest ${seconds(f.waits.length > 0 ? Math.min(...f.waits) : 0)})`,
  ],
  limitWords: (meanInFlight, rate) => ({
    noun: 'download',
    latency: (share, wait) =>
      `the download waited on round trips: its requests spent ${percent(share)} of their time waiting for a first byte, ${seconds(wait)} each, so ${formatNumber(meanInFlight)} requests in flight at a round trip each bound the rate at ${mibPerSecond(rate)}`,
    storeWaits: 'waiting for a first byte, and those waits ranged',
    alone: 'one connection carried the download',
    shortWaits: 'short waits for first bytes',
  }),
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
  whatIf: (change, downloadLowerBoundMs, sentence) => ({ change, downloadLowerBoundMs, sentence }),
  samePart: (failed, later) => rangeEnd(later) !== null && rangeEnd(later) === rangeEnd(failed),
  interruption: (r, retry, t) => {
    const what =
      r.outcome === 'error'
        ? `failed before a response (${r.range ?? 'whole blob'})`
        : `was closed after ${bytes(r.receivedBytes)} (${r.range ?? 'whole blob'})`;
    const after = retry
      ? `request #${retry.id} asked for ${retry.range} ${seconds(Math.max(0, retry.startMs - (r.endMs ?? retry.startMs)))} later: a retry`
      : t.limits.path === 'azure-sdk' && r.outcome === 'aborted'
        ? 'nothing fetched it again: the Azure SDK takes a connection closed mid-body as an abort and gives up the download'
        : 'nothing fetched it again';
    return `request #${r.id} ${what} ${seconds(Math.max(0, (r.endMs ?? r.startMs) - t.startMs))} into the download; ${after}`;
  },
};

/** The download judged from its own timeline (the requests' bytes over time, first bytes, requests in flight) and the interface's counters. */
export function judgeDownload(t: DownloadTimeline, archiveBytes: number | null): DownloadVerdict {
  return judgeTransfer(downloadRules, t, archiveBytes);
}
