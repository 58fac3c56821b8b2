/**
 * The download judged from its own timeline (the requests' bytes over time, first bytes, requests in
 * flight) and the interface's counters. Pure. In order:
 * - a stall: a request that received nothing mid-body, waited far longer than the others for its first
 *   byte, or took far longer than the rest; said with when, how long, and what @actions/cache does about it;
 * - latency or the store: requests spent most of their time waiting for a first byte; a fixed wait per
 *   request is a round trip (latency), first bytes spread far apart are the store;
 * - a per-connection cap (the rate grows with the requests in flight) or a path cap (flat whatever the
 *   parallelism); with one connection the two cannot be told apart ('bandwidth').
 * Each what-if is a lower bound on the download's time after that change: work no change removes
 * (stalls, waits for first bytes) stays, and a doubled rate halves at most the time bytes flowed.
 */
import {
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  type DownloadLimits,
  type DownloadLimitKind,
  type DownloadRequestRecord,
  type DownloadStall,
  type DownloadTimeline,
  type DownloadVerdict,
  type DownloadWhatIf,
} from '../profile/schema.js';
import { bytes, formatNumber, mibPerSecond, percent, seconds } from '../util/format.js';
import {
  type Body,
  bytesAt,
  carrierEvidence,
  elasticityEvidence,
  flatWithin,
  flowingMs as flowedMs,
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

const ttfb = (r: DownloadRequestRecord): number | null => (r.firstByteMs === null ? null : r.firstByteMs - r.startMs);
const duration = (r: DownloadRequestRecord, endMs: number): number => (r.endMs ?? endMs) - r.startMs;

/** Any segment timeout below the time from the segment's start to the stall's end fires during the stall (half a second of margin). */
function segmentTimeoutToCut(stallEndMs: number, segmentStartMs: number): number {
  return Math.max(1000, stallEndMs - segmentStartMs - 500);
}

function toolkitOnStall(
  limits: DownloadLimits,
  kind: DownloadStall['kind'],
  durationMs: number,
  endedIt: boolean,
  segmentTimeoutToCutMs: number | null,
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
  return `the Azure SDK has no timeout on a response body (its ${seconds(limits.requestTimeoutMs)} per-try timeout ends at the headers): only the segment timeout, SEGMENT_DOWNLOAD_TIMEOUT_MINS (${minutes(segment)} min in force), ends it, aborting the whole restore as a miss; SEGMENT_DOWNLOAD_TIMEOUT_MINS=${minutes(segmentTimeoutToCutMs ?? segment)} or less would have cut this one short (the step's timeout-minutes only fails the job)`;
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

function findStalls(t: DownloadTimeline): DownloadStall[] {
  const gets = t.requests.filter((r) => r.method === 'GET');
  const minMs = Math.max(STALL_MIN_MS, STALL_MIN_INTERVALS * t.intervalMs);
  const stalls: DownloadStall[] = [];
  const make = (r: DownloadRequestRecord, kind: DownloadStall['kind'], startMs: number, durationMs: number): DownloadStall => {
    // A request closed unfinished about when the timeout was due: the timeout ended it.
    const endedByTimeout = r.outcome !== 'complete' && durationMs >= t.limits.requestTimeoutMs - 2 * t.intervalMs;
    const segmentTimeoutToCutMs = t.limits.path === 'azure-sdk' && kind !== 'first-byte' ? segmentTimeoutToCut(startMs + durationMs, segmentStart(t, r)) : null;
    return {
      kind,
      requestId: r.id,
      startMs,
      durationMs,
      // The bytes it had when it stopped: at the last tick before the stall.
      atBytes: bytesAt(t, startMs + t.intervalMs / 2),
      wholeDownloadMs: flatWithin(t, startMs, startMs + durationMs),
      toolkit: toolkitOnStall(t.limits, kind, durationMs, endedByTimeout, segmentTimeoutToCutMs),
      endedByTimeout,
      segmentTimeoutToCutMs,
    };
  };
  for (const r of gets) {
    // Mid-body: the longest stretch between points after the first byte with no growth (to the close, for a request cut while idle).
    const best = longestQuiet(
      r.points.filter(([, b]) => b > 0),
      r.endMs !== null && r.outcome !== 'complete' ? r.endMs : null,
    );
    if (best && best[1] >= minMs) stalls.push(make(r, 'body', best[0] - t.intervalMs / 2, best[1]));
  }
  const waits = gets.map(ttfb).filter((x): x is number => x !== null);
  const typicalWait = median(waits);
  const typicalDuration = median(gets.map((r) => duration(r, t.endMs)));
  for (const r of gets) {
    if (stalls.some((s) => s.requestId === r.id)) continue;
    const w = ttfb(r) ?? (r.endMs ?? t.endMs) - r.startMs;
    if (gets.length >= 3 && w >= minMs && w >= SLOW_REQUEST_FACTOR * typicalWait) {
      stalls.push(make(r, 'first-byte', r.startMs, w));
      continue;
    }
    const d = duration(r, t.endMs);
    if (gets.length >= 3 && d >= minMs && d >= SLOW_REQUEST_FACTOR * typicalDuration) stalls.push(make(r, 'slow', r.startMs, d - typicalDuration));
  }
  return stalls.sort((a, b) => b.durationMs - a.durationMs);
}

function stallSentence(s: DownloadStall, t: DownloadTimeline, archiveBytes: number | null): string {
  const at = ` ${stallPlace(s, archiveBytes)}`;
  const what =
    s.kind === 'body'
      ? `request #${s.requestId} received nothing for ${seconds(s.durationMs)}`
      : s.kind === 'first-byte'
        ? `request #${s.requestId} waited ${seconds(s.durationMs)} for its first byte`
        : `request #${s.requestId} took ${seconds(s.durationMs)} longer than the typical request`;
  const whole = s.wholeDownloadMs >= 0.5 * s.durationMs ? `, the whole download stopped for ${seconds(s.wholeDownloadMs)} of it` : '';
  return `the download stalled for ${seconds(s.durationMs)} (${what}, ${seconds(Math.max(0, s.startMs - t.startMs))} into it${at}${whole}): ${s.toolkit}`;
}

export function judgeDownload(t: DownloadTimeline, archiveBytes: number | null): DownloadVerdict {
  const D = Math.max(1, t.endMs - t.startMs);
  const gets = t.requests.filter((r) => r.method === 'GET');
  const total = t.samples[t.samples.length - 1]?.[1] ?? 0;
  const rate = (archiveBytes ?? total) / (D / 1000);
  const flowingMs = flowedMs(t);
  const stalls = findStalls(t);
  const waits = gets.map(ttfb).filter((x): x is number => x !== null);
  const waitShare =
    gets.reduce((s, r) => s + (ttfb(r) ?? 0), 0) /
    Math.max(
      1,
      gets.reduce((s, r) => s + duration(r, t.endMs), 0),
    );
  const meanInFlight = Math.max(1, inFlightMean(t));
  const evidence: string[] = [
    `${gets.length} GET request${gets.length === 1 ? '' : 's'} on the ${t.limits.path} path (up to ${t.limits.concurrency} in parallel, ${formatNumber(meanInFlight)} in flight on average), ${bytes(total)} received in ${seconds(D)}: ${mibPerSecond(rate)}`,
    `bytes flowed ${percent(flowingMs / D)} of the time; requests spent ${percent(waitShare)} of their time waiting for a first byte (median ${seconds(median(waits))}, fastest ${seconds(waits.length > 0 ? Math.min(...waits) : 0)})`,
  ];
  // A stalled request's rate says nothing about the caps: leave it out.
  const stalled = new Set(stalls.map((x) => x.requestId));
  const body = (r: DownloadRequestRecord): Body => ({ fromMs: r.firstByteMs as number, toMs: r.endMs, bytes: r.receivedBytes });
  const answered = gets.filter((r) => r.firstByteMs !== null);
  const elastic = rateElasticity(answered.filter((r) => !stalled.has(r.id) && r.outcome === 'complete').map(body), answered.map(body), t.endMs);
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence.push(elasticityEvidence(elastic, 'received'));
  const carrier = carrierEvidence(t.interfaces, 'rxBytes', total, D, { verb: 'received', noun: 'download' });
  if (carrier) evidence.push(carrier);

  const worst = stalls[0];
  // What limited the download apart from any stall (the rate what-ifs follow it), then the stall over it.
  const { limit, why } = transferLimit(
    { waitShare, waits, elasticity, requests: gets.length, bytesPerSecond: rate, meanInFlight },
    {
      noun: 'download',
      latency: (share, wait) =>
        `the download waited on round trips: its requests spent ${percent(share)} of their time waiting for a first byte, ${seconds(wait)} each, so ${formatNumber(meanInFlight)} requests in flight at a round trip each bound the rate at ${mibPerSecond(rate)}`,
      storeWaits: 'waiting for a first byte, and those waits ranged',
      alone: 'one connection carried the download',
      shortWaits: 'short waits for first bytes',
    },
  );
  const whatIf = downloadWhatIfs(
    limit,
    D,
    flowingMs,
    gets,
    meanInFlight,
    worst,
    t.requests.filter((r) => r.method !== 'GET'),
  );
  const settled = settleStall(
    { limit, why },
    stalls,
    worst !== undefined && worst.durationMs >= STALL_VERDICT_SHARE * D,
    (s) => stallSentence(s, t, archiveBytes),
    interruptions(t),
    evidence,
  );
  return { ...settled, stalls, evidence, whatIf };
}

/** Requests closed before their body ended, and the request that fetched the rest again (a retry), if any. */
function interruptions(t: DownloadTimeline): string[] {
  const gets = t.requests.filter((r) => r.method === 'GET');
  const end = (r: DownloadRequestRecord) => /bytes=\d+-(\d+)/.exec(r.range ?? '')?.[1] ?? null;
  return gets
    .filter((r) => r.outcome === 'aborted' || r.outcome === 'error')
    .map((r) => {
      const retry = gets.find((g) => g.id > r.id && g.startMs >= (r.endMs ?? 0) - t.intervalMs && end(g) !== null && end(g) === end(r));
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
    });
}

function downloadWhatIfs(
  limit: DownloadLimitKind,
  D: number,
  flowingMs: number,
  gets: readonly DownloadRequestRecord[],
  meanInFlight: number,
  worst: DownloadStall | undefined,
  others: readonly DownloadRequestRecord[],
): DownloadWhatIf[] {
  const out: DownloadWhatIf[] = [];
  const halfFlow = Math.max(0, D - Math.min(D, flowingMs) / 2);
  const perConnection = limit === 'per-connection' || limit === 'bandwidth' ? halfFlow : D;
  const aggregate = limit === 'path' || limit === 'bandwidth' ? halfFlow : D;
  const say = (change: DownloadWhatIf['change'], lower: number, phrase: string) => {
    const { ms, sentence } = transferBound('download', D, lower, phrase);
    out.push({ change, downloadLowerBoundMs: ms, sentence });
  };
  say('twice-per-connection', perConnection, 'With twice the rate per connection');
  say('twice-aggregate', aggregate, 'With twice the aggregate rate (a wider path)');
  const waitSum = gets.reduce((s, r) => s + (ttfb(r) ?? 0), 0);
  // Each of the parallel slots waits its requests' first bytes one after another: half of that per slot;
  // a request alone in flight (the SDK's HEAD before its ranges) saves half its whole wait.
  const aloneWait = others.reduce((s, r) => s + (ttfb(r) ?? 0), 0);
  say('half-round-trip', D - aloneWait / 2 - waitSum / (2 * meanInFlight), 'With half the round trip');
  if (worst) {
    // Under a shared cap the other requests take the held one's share while they run: the time nothing
    // flowed is lost, and at most the held request's share (one of those in flight) of the rest. With a cap
    // per connection (or one connection) the held request's whole stall is.
    const shared = limit === 'path' || (limit === 'bandwidth' && meanInFlight > 1.5);
    const lost = shared ? worst.wholeDownloadMs + (worst.durationMs - worst.wholeDownloadMs) / meanInFlight : worst.durationMs;
    say('stall-removed', D - lost, `Without the ${seconds(worst.durationMs)} stall`);
  }
  return out;
}
