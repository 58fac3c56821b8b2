/**
 * A transfer judged from its own timeline (each request's bytes over time, when the far side answered,
 * requests in flight) and the interface's counters, by the same steps for the download and the save's
 * upload; what differs (the toolkit's limits, how a request's body and answer are read) is
 * each direction's rules (download-rules.ts, upload-rules.ts), as the recorder's are
 * (src/sample/transfer-rules.ts). Pure. In order:
 * - a stall: a request that moved nothing mid-body, waited far longer than the others on the far side
 *   (for a first byte, for the store's answer after its body), or took far longer than the rest;
 * - latency or the store: requests spent most of their time waiting on the far side; a fixed wait per
 *   request is a round trip (latency), waits spread far apart are the store;
 * - a per-connection cap (the rate grows with the requests in flight) or a path cap (flat whatever the
 *   parallelism); with one request the two cannot be told apart ('bandwidth').
 * Each what-if is a lower bound on the transfer's time after that change: work no change removes
 * (stalls, waits on the far side) stays, and a doubled rate halves at most the time bytes flowed.
 * The verdict holds facts only: report/say/transfer.ts says them.
 */
import type {
  DownloadLimitKind,
  DownloadPath,
  UploadPath,
  NetDevDelta,
  TRANSFER_WHAT_IF_CHANGES,
  TransferEvidence,
  TransferRequestOutcome,
  TransferStallFacts,
  TransferVerdictFacts,
  TransferWhatIfFacts,
} from '../profile/schema.js';
import {
  type Body,
  bytesAt,
  carrierEvidence,
  elasticityEvidence,
  type Flow,
  flatWithin,
  inFlightMean,
  median,
  rateElasticity,
  settleStall,
  transferBound,
  transferLimit,
} from './transfer-stats.js';
import { SLOW_REQUEST_FACTOR, STALL_MIN_INTERVALS, STALL_MIN_MS, STALL_VERDICT_SHARE } from './thresholds.js';

/** What the verdict reads of any request, whichever way its bytes went. */
export interface TransferRequest {
  id: number;
  startMs: number;
  endMs: number | null;
  outcome: TransferRequestOutcome;
  points: [number, number][];
}

export interface TransferTimeline<R extends TransferRequest> extends Flow {
  startMs: number;
  endMs: number;
  requests: R[];
  samples: [number, number, number][];
  interfaces: NetDevDelta[] | null;
}

/** A stall as either direction records it. */
export interface TransferStall {
  kind: string;
  requestId: number;
  startMs: number;
  durationMs: number;
  atBytes: number;
  facts?: TransferStallFacts;
}

/** A stall found, before its direction records it (with what the toolkit does about it). */
export interface FoundStall<R, K> {
  request: R;
  kind: K;
  startMs: number;
  durationMs: number;
  /** The bytes the transfer had when it stopped: at the last tick before the stall. */
  atBytes: number;
  /** Of the stall, how long no request moved anything (the whole transfer stopped). */
  wholeMs: number;
}

/** The figures the evidence's first two lines tell. */
export interface TransferFacts<R> {
  /** The requests that carried the archive. */
  data: readonly R[];
  totalBytes: number;
  durationMs: number;
  bytesPerSecond: number;
  meanInFlight: number;
  flowingMs: number;
  waitShare: number;
  waits: readonly number[];
}

/**
 * The evidence's first two items, alike in both directions: the requests and what they moved, then how the
 * time went; `sizes` are the upload's request sizes (null for the download).
 */
export function requestsAndTiming(
  f: TransferFacts<unknown>,
  limits: { path: DownloadPath | UploadPath; concurrency: number },
  sizes: { chunkBytes: number | null; singleShotBytes: number | null },
): [TransferEvidence, TransferEvidence] {
  return [
    {
      kind: 'requests',
      requests: f.data.length,
      path: limits.path,
      concurrency: limits.concurrency,
      meanInFlight: f.meanInFlight,
      bytes: f.totalBytes,
      durationMs: f.durationMs,
      bytesPerSecond: f.bytesPerSecond,
      ...sizes,
    },
    {
      kind: 'timing',
      flowingShare: f.flowingMs / f.durationMs,
      waitShare: f.waitShare,
      medianWaitMs: median(f.waits),
      fastestWaitMs: f.waits.length > 0 ? Math.min(...f.waits) : 0,
    },
  ];
}

export type TransferWhatIfChange = (typeof TRANSFER_WHAT_IF_CHANGES)[number];

/** What differs between judging a download and an upload: one set per direction. */
export interface TransferVerdictRules<R extends TransferRequest, T extends TransferTimeline<R>, S extends TransferStall, W> {
  direction: TransferVerdictFacts['direction'];
  /** The interface counter in the transfer's direction. */
  counter: 'rxBytes' | 'txBytes';
  /** The requests that carry the archive, not the bookkeeping around them. */
  carriesData(r: R): boolean;
  /** How long a request waited on the far side; null if it never got that far. */
  waitMs(r: R): number | null;
  /** A request's longest stretch without bytes mid-body ([startMs, durationMs], at the points' ticks), or null. */
  quietStretch(r: R, t: T): [number, number] | null;
  /** The kind a failed request's wait until its part was sent again is recorded as; null where the direction records none. */
  retryKind: S['kind'] | null;
  /** A request's wait on the far side weighed against the others' (null: none to weigh), and when it began. */
  heldWait(r: R, t: T): { fromMs: number; ms: number } | null;
  /** The kind a far longer wait than the others is recorded as. */
  waitKind: S['kind'];
  /** The stall as recorded: with what the toolkit does about it. */
  stall(found: FoundStall<R, 'body' | 'slow' | S['kind']>, t: T): S;
  /** The requests whose bodies count for the rate's elasticity (all of them hold a connection)... */
  hasBody(r: R): boolean;
  /** ...and of those, the ones whose rate is read (once finished, and not stalled). */
  answered(r: R): boolean;
  /** When a request's body moved; `fixedWaitMs`: the least wait of the transfer on the far side. */
  body(r: R, fixedWaitMs: number): Body;
  /** How long bytes flowed, for the evidence and the rate what-ifs. */
  flowingMs(t: T, bodies: readonly Body[], stalls: readonly S[], durationMs: number): number;
  /** The evidence's first two lines: the requests and what they moved, then how the time went. */
  evidence(t: T, facts: TransferFacts<R>): [TransferEvidence, TransferEvidence];
  /** What the worst stall cost: `lostMs` for its what-if, `weighedMs` against STALL_VERDICT_SHARE to lead the verdict. */
  stallCost(worst: S, limit: DownloadLimitKind, meanInFlight: number, request: R | undefined): { lostMs: number; weighedMs: number };
  /** The far side's waits of requests alone in flight (they save their whole wait when it halves). */
  aloneWaitMs(t: T): number;
  whatIf(change: TransferWhatIfChange, lowerBoundMs: number, facts: TransferWhatIfFacts): W;
  /** True when `later` asks for `failed`'s part again. */
  samePart(failed: R, later: R): boolean;
  /** A request closed before it was done, and the request that did its part again (a retry), if any. */
  interruption(r: R, retry: R | undefined, t: T): TransferEvidence;
}

/** The verdict either direction records. */
export interface TransferVerdict<S, W> {
  limit: DownloadLimitKind;
  facts: TransferVerdictFacts;
  stalls: S[];
  whatIf: W[];
}

const duration = (r: TransferRequest, endMs: number): number => (r.endMs ?? endMs) - r.startMs;

/** The request that did a failed one's part again: a later one of the same part, started once it failed (within a tick). */
function retryOf<R extends TransferRequest>(data: readonly R[], failed: R, intervalMs: number, samePart: (failed: R, later: R) => boolean): R | undefined {
  return data.find((g) => g.id > failed.id && g.startMs >= (failed.endMs ?? 0) - intervalMs && samePart(failed, g));
}

function findStalls<R extends TransferRequest, T extends TransferTimeline<R>, S extends TransferStall, W>(rules: TransferVerdictRules<R, T, S, W>, t: T): S[] {
  const data = t.requests.filter((r) => rules.carriesData(r));
  const minMs = Math.max(STALL_MIN_MS, STALL_MIN_INTERVALS * t.intervalMs);
  const stalls: S[] = [];
  const make = (request: R, kind: 'body' | 'slow' | S['kind'], startMs: number, durationMs: number): S =>
    rules.stall(
      {
        request,
        kind,
        startMs,
        durationMs,
        atBytes: bytesAt(t, startMs + t.intervalMs / 2),
        wholeMs: flatWithin(t, startMs, startMs + durationMs),
      },
      t,
    );
  for (const r of data) {
    const best = rules.quietStretch(r, t);
    if (best && best[1] >= minMs) stalls.push(make(r, 'body', best[0] - t.intervalMs / 2, best[1]));
  }
  const waits = data.map((r) => rules.waitMs(r)).filter((x): x is number => x !== null);
  const typicalWait = median(waits);
  const typicalDuration = median(data.map((r) => duration(r, t.endMs)));
  const retryKind = rules.retryKind;
  if (retryKind !== null) {
    for (const r of data) {
      const failedMs = r.endMs;
      if ((r.outcome !== 'error' && r.outcome !== 'aborted') || failedMs === null) continue;
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
    if (data.length >= 3 && d >= minMs && d >= SLOW_REQUEST_FACTOR * typicalDuration) stalls.push(make(r, 'slow', r.startMs, d - typicalDuration));
  }
  return stalls.sort((a, b) => b.durationMs - a.durationMs);
}

/** Requests closed before they were done, and the request that did their part again (a retry), if any. */
function interruptions<R extends TransferRequest, T extends TransferTimeline<R>, S extends TransferStall, W>(
  rules: TransferVerdictRules<R, T, S, W>,
  t: T,
): TransferEvidence[] {
  const data = t.requests.filter((r) => rules.carriesData(r));
  return data
    .filter((r) => r.outcome === 'aborted' || r.outcome === 'error')
    .map((r) => rules.interruption(r, retryOf(data, r, t.intervalMs, rules.samePart), t));
}

/**
 * A request closed unfinished about when the toolkit's request timeout was due (within two samples): the
 * timeout ended it. No timeout (the v2 upload has none): never.
 */
export function endedByTimeout(outcome: TransferRequestOutcome, durationMs: number, requestTimeoutMs: number | null, intervalMs: number): boolean {
  return outcome !== 'complete' && requestTimeoutMs !== null && durationMs >= requestTimeoutMs - 2 * intervalMs;
}

export function judgeTransfer<R extends TransferRequest, T extends TransferTimeline<R>, S extends TransferStall, W>(
  rules: TransferVerdictRules<R, T, S, W>,
  t: T,
  archiveBytes: number | null,
): TransferVerdict<S, W> {
  const D = Math.max(1, t.endMs - t.startMs);
  const data = t.requests.filter((r) => rules.carriesData(r));
  const total = t.samples[t.samples.length - 1]?.[1] ?? 0;
  const rate = (archiveBytes ?? total) / (D / 1000);
  const stalls = findStalls(rules, t);
  const waits = data.map((r) => rules.waitMs(r)).filter((x): x is number => x !== null);
  const waitSum = waits.reduce((a, b) => a + b, 0);
  const waitShare =
    waitSum /
    Math.max(
      1,
      data.reduce((s, r) => s + duration(r, t.endMs), 0),
    );
  const meanInFlight = Math.max(1, inFlightMean(t));
  const fixedWait = waits.length > 0 ? Math.min(...waits) : 0;
  const body = (r: R): Body => rules.body(r, fixedWait);
  const flowingMs = rules.flowingMs(t, data.map(body), stalls, D);
  const evidence: TransferEvidence[] = rules.evidence(t, {
    data,
    totalBytes: total,
    durationMs: D,
    bytesPerSecond: rate,
    meanInFlight,
    flowingMs,
    waitShare,
    waits,
  });
  // A stalled request's rate says nothing about the caps: leave it out.
  const stalled = new Set(stalls.map((x) => x.requestId));
  const bodied = data.filter((r) => rules.hasBody(r));
  const elastic = rateElasticity(
    bodied.filter((r) => !stalled.has(r.id) && r.outcome === 'complete' && rules.answered(r)).map(body),
    bodied.map(body),
    t.endMs,
  );
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence.push(elasticityEvidence(elastic));
  const carrier = carrierEvidence(t.interfaces, rules.counter, total, D);
  if (carrier) evidence.push(carrier);

  // What limited the transfer apart from any stall (the rate what-ifs follow it), then the stall over it.
  const rateFacts = transferLimit({ waitShare, waits, elasticity, requests: data.length, bytesPerSecond: rate, meanInFlight });
  const worst = stalls[0];
  const cost = worst
    ? rules.stallCost(
        worst,
        rateFacts.limit,
        meanInFlight,
        t.requests.find((r) => r.id === worst.requestId),
      )
    : null;
  const whatIf = transferWhatIfs(rules, t, rateFacts.limit, D, flowingMs, waitSum, meanInFlight, worst, cost?.lostMs ?? 0);
  const limit = settleStall(
    rateFacts,
    stalls,
    worst !== undefined && cost !== null && cost.weighedMs >= STALL_VERDICT_SHARE * D,
    interruptions(rules, t),
    evidence,
  );
  return { limit, facts: { direction: rules.direction, rate: rateFacts, evidence, startMs: t.startMs, archiveBytes }, stalls, whatIf };
}

function transferWhatIfs<R extends TransferRequest, T extends TransferTimeline<R>, S extends TransferStall, W>(
  rules: TransferVerdictRules<R, T, S, W>,
  t: T,
  limit: DownloadLimitKind,
  D: number,
  flowingMs: number,
  waitSum: number,
  meanInFlight: number,
  worst: S | undefined,
  lostMs: number,
): W[] {
  const out: W[] = [];
  // A doubled rate halves at most the time bytes flowed; waits on the far side and stalls stay.
  const halfFlow = Math.max(0, D - Math.min(D, flowingMs) / 2);
  const bound = (change: TransferWhatIfChange, lower: number) => {
    const { ms, facts } = transferBound(D, lower, change === 'stall-removed' ? (worst?.durationMs ?? null) : null);
    out.push(rules.whatIf(change, ms, facts));
  };
  bound('twice-per-connection', limit === 'per-connection' || limit === 'bandwidth' ? halfFlow : D);
  bound('twice-aggregate', limit === 'path' || limit === 'bandwidth' ? halfFlow : D);
  // Each of the parallel slots waits its requests' answers one after another: half of that per slot.
  bound('half-round-trip', D - rules.aloneWaitMs(t) / 2 - waitSum / (2 * meanInFlight));
  if (worst) bound('stall-removed', D - lostMs);
  return out;
}
