/**
 * What the download's and the upload's verdicts read alike from a transfer's timeline: the aggregate
 * bytes over time (a step function over the samples kept where something changed), when bytes flowed
 * and when nothing did, the requests in flight, and how a body's rate changed with the bodies beside it.
 * Pure.
 */
import type { DownloadLimitKind, NetDevDelta, TransferEvidence, TransferRateFacts, TransferWhatIfFacts } from '../profile/schema.js';
import { median as medianOf } from '../util/spread.js';
import { MIN_BODY_MS, MIN_PARALLELISM_SPREAD, PATH_ELASTICITY, PER_CONNECTION_ELASTICITY, STORE_SPREAD, WAIT_SHARE } from './thresholds.js';

/** [tMs, bytes so far, requests in flight], kept where either changed, at the sampler's interval. */
export interface Flow {
  intervalMs: number;
  samples: readonly (readonly [number, number, number])[];
}

/** One request's body: when its bytes moved (a download's response body, an upload's request body). */
export interface Body {
  fromMs: number;
  /** null while still moving when the recording stopped. */
  toMs: number | null;
  bytes: number;
}

/** The median, 0 without values (a transfer without requests waits nothing). */
export const median = (xs: readonly number[]): number => medianOf(xs) ?? 0;

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number);
};

/** Aggregate bytes at time t (the last sample at or before t). */
export function bytesAt(t: Flow, tMs: number): number {
  let b = 0;
  for (const [at, total] of t.samples) {
    if (at > tMs) break;
    b = total;
  }
  return b;
}

/** How long, within [from, to], no request moved anything (aggregate flat between samples). */
export function flatWithin(t: Flow, from: number, to: number): number {
  let flat = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i] as [number, number, number];
    const [b, bb] = s[i + 1] as [number, number, number];
    // Samples are kept only where something changed: an interval that ends in growth but spans more than a
    // tick and a half was flat until the last tick (the bytes arrived within the tick that recorded them).
    const flatEnd = bb === ba ? b : b - t.intervalMs;
    const lo = Math.max(a, from);
    const hi = Math.min(flatEnd, to);
    if (hi > lo && (bb === ba || b - a > 1.5 * t.intervalMs)) flat += hi - lo;
  }
  return flat;
}

/** Time the aggregate grew (bytes flowed). */
export function flowingMs(t: Flow): number {
  let flowing = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i] as [number, number, number];
    const [b, bb] = s[i + 1] as [number, number, number];
    if (bb <= ba || b <= a) continue;
    // A gap longer than a few ticks ending in growth is mostly a flat stretch: count one interval of flow.
    flowing += Math.min(b - a, t.intervalMs * 1.5);
  }
  return flowing;
}

/** Mean requests in flight over the samples' span. */
export function inFlightMean(t: Flow): number {
  let area = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, , k] = s[i] as [number, number, number];
    const [b] = s[i + 1] as [number, number, number];
    area += (b - a) * k;
  }
  const span = (s[s.length - 1]?.[0] ?? 0) - (s[0]?.[0] ?? 0);
  return span > 0 ? area / span : 0;
}

/**
 * A request's longest quiet stretch: the longest gap between its points (bytes so far, after its
 * first) with no growth, and, for a request closed before its body was done (`closedUnfinishedMs`), the
 * stretch from its last growth to that close. [startMs, durationMs], or null with no gap.
 */
export function longestQuiet(points: readonly (readonly [number, number])[], closedUnfinishedMs: number | null): [number, number] | null {
  let best: [number, number] | null = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a] = points[i] as [number, number];
    const [b] = points[i + 1] as [number, number];
    if (!best || b - a > best[1]) best = [a, b - a];
  }
  const last = points[points.length - 1];
  if (last && closedUnfinishedMs !== null && closedUnfinishedMs - last[0] > (best?.[1] ?? 0)) best = [last[0], closedUnfinishedMs - last[0]];
  return best;
}

export interface RateAtParallelism {
  inFlight: number;
  rate: number;
}

/**
 * How each finished body's rate changed with the bodies in flight beside it: the slope of log(rate) on
 * log(in flight) is 0 when each connection has its own cap and -1 when they share one; the aggregate's
 * elasticity in the parallelism is 1 + slope (1: per connection, 0: the path). `all` are every body,
 * stalled ones included, since they hold a connection too.
 */
export function rateElasticity(
  finished: readonly Body[],
  all: readonly Body[],
  endMs: number,
): { elasticity: number; fewest: RateAtParallelism; most: RateAtParallelism } | null {
  const bodies = finished.filter((r) => r.toMs !== null && r.toMs - r.fromMs >= MIN_BODY_MS);
  const inBody = (t: number) => all.filter((g) => g.fromMs <= t && (g.toMs ?? endMs) > t).length;
  const rows = bodies.map((r) => {
    const from = r.fromMs;
    const to = r.toMs as number;
    // The mean count of bodies in flight over this body, at 20 points.
    let sum = 0;
    for (let i = 0; i < 20; i++) sum += inBody(from + ((i + 0.5) / 20) * (to - from));
    return { inFlight: Math.max(1, sum / 20), rate: r.bytes / ((to - from) / 1000) };
  });
  if (rows.length < 2) return null;
  const fewest = rows.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
  const most = rows.reduce((a, b) => (b.inFlight > a.inFlight ? b : a));
  if (most.inFlight / fewest.inFlight < MIN_PARALLELISM_SPREAD) return null;
  const xs = rows.map((r) => Math.log(r.inFlight));
  const ys = rows.map((r) => Math.log(r.rate));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den > 0 ? { elasticity: 1 + num / den, fewest, most } : null;
}

/** The evidence for a rate's elasticity: the bodies with fewest and most in flight beside them, and the rate each moved. */
export function elasticityEvidence(e: { fewest: RateAtParallelism; most: RateAtParallelism }): TransferEvidence {
  return {
    kind: 'elasticity',
    fewest: { inFlight: e.fewest.inFlight, bytesPerSecond: e.fewest.rate },
    most: { inFlight: e.most.inFlight, bytesPerSecond: e.most.rate },
  };
}

/**
 * The interface that carried the transfer (90 % of its bytes or more in `key`'s direction), as evidence:
 * /proc/net/dev counts all its traffic, so its words say the figure is not the transfer's alone.
 */
export function carrierEvidence(
  interfaces: readonly NetDevDelta[] | null,
  key: 'rxBytes' | 'txBytes',
  transferBytes: number,
  durationMs: number,
): TransferEvidence | null {
  const carrier = interfaces?.find((i) => i[key] >= 0.9 * transferBytes);
  if (!carrier) return null;
  return { kind: 'carrier', interface: carrier.name, bytes: carrier[key], bytesPerSecond: carrier[key] / (durationMs / 1000) };
}

/**
 * What limited a transfer apart from any stall, by the same rules for the download and the upload:
 * requests mostly waiting on the far side (a fixed wait is a round trip, a spread one the store), else
 * the rate's elasticity in the requests in flight (a cap on each connection, or on the path), else one
 * request or a steady rate ('bandwidth'), or nothing carried ('none'). With the figures its words say.
 */
export function transferLimit(f: {
  waitShare: number;
  waits: readonly number[];
  elasticity: number | null;
  requests: number;
  bytesPerSecond: number;
  meanInFlight: number;
}): TransferRateFacts {
  const fastestWaitMs = f.waits.length > 0 ? Math.min(...f.waits) : 0;
  const p90WaitMs = quantile(f.waits, 0.9);
  const facts = {
    waitShare: f.waitShare,
    medianWaitMs: median(f.waits),
    fastestWaitMs,
    p90WaitMs,
    elasticity: f.elasticity,
    requests: f.requests,
    bytesPerSecond: f.bytesPerSecond,
    meanInFlight: f.meanInFlight,
  };
  const limit = (): TransferRateFacts['limit'] => {
    if (f.waitShare >= WAIT_SHARE) {
      const spread = f.waits.length > 0 && fastestWaitMs > 0 ? p90WaitMs / fastestWaitMs : null;
      return spread !== null && spread <= STORE_SPREAD ? 'latency' : 'store';
    }
    if (f.elasticity !== null && f.elasticity >= PER_CONNECTION_ELASTICITY) return 'per-connection';
    if (f.elasticity !== null && f.elasticity <= PATH_ELASTICITY) return 'path';
    return f.requests > 0 ? 'bandwidth' : 'none';
  };
  return { limit: limit(), ...facts };
}

/**
 * A transfer what-if's lower bound on its time `nowMs`, at most that time, and whether it saves
 * anything: within 1 % of now the change saves nothing measurable.
 */
export function transferBound(nowMs: number, lowerMs: number, stallMs: number | null): { ms: number; facts: TransferWhatIfFacts } {
  const ms = Math.round(Math.min(nowMs, lowerMs));
  return { ms, facts: { nowMs, saves: ms < 0.99 * nowMs, stallMs } };
}

/**
 * A transfer's limit and evidence once its stalls are weighed: a stall that cost STALL_VERDICT_SHARE of
 * it or more (`leads`, by each direction's own measure of that cost) leads the verdict, and the limit
 * apart from it goes to the evidence; the other stalls and the interruptions follow as evidence.
 */
export function settleStall(
  rate: TransferRateFacts,
  stalls: readonly unknown[],
  leads: boolean,
  interruptions: readonly TransferEvidence[],
  evidence: TransferEvidence[],
): DownloadLimitKind {
  const stalled = stalls.length > 0 && leads;
  if (stalled) evidence.push({ kind: 'apart-from-stall' });
  for (let i = stalled ? 1 : 0; i < stalls.length; i++) evidence.push({ kind: 'stall', stall: i });
  evidence.push(...interruptions);
  return stalled ? 'stall' : rate.limit;
}
