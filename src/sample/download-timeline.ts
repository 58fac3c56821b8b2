/**
 * Records the download's own HTTP requests while it runs, without touching them: node's http client
 * publishes every request on node:diagnostics_channel ('http.client.request.start', then
 * 'http.client.response.finish' when the response headers arrive), and each request's socket counts
 * the bytes it read (socket.bytesRead). A timer at the sampler's interval reads those counters; the
 * response stream is never read or paused, so the download runs as it would unobserved.
 * Only requests whose Host is the download URL's are kept (not the local services' own upstream
 * requests in a test process, nor anything else this process fetched meanwhile).
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { DownloadLimits, DownloadRequestOutcome, DownloadRequestRecord, DownloadTimeline } from '../profile/schema.js';
import { downsampleEvenly } from '../util/downsample.js';
import { netDevDeltas, readNetDev, type NetDevCounters } from './net-dev.js';

export interface DownloadTimelineOptions {
  /** The download URL's host (`name:port` or `name`), as the requests' Host header carries it. */
  host: string;
  intervalMs: number;
  /** The profile's clock (ms since its origin). */
  nowMs: () => number;
  /** Where /proc is, for /proc/net/dev; null without one. */
  procRoot: string | null;
  limits: DownloadLimits;
}

/** Bounds on what one download keeps, so a 10 GB restore's profile stays small. */
const MAX_REQUESTS = 4000;
const MAX_POINTS_PER_REQUEST = 400;
/** All requests' points together (a 10 GB archive is 2,500 ranges): each keeps its share, at least 8. */
const MAX_POINTS_TOTAL = 20_000;
const MIN_POINTS_PER_REQUEST = 8;
const MAX_SAMPLES = 6000;

interface Tracked {
  record: DownloadRequestRecord;
  request: ClientRequest;
  socket: Socket | null;
  baseline: number;
}

function headerText(value: number | string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : String(value);
}

function hostMatches(requestHost: string | null, wanted: string): boolean {
  if (!requestHost) return false;
  const a = requestHost.toLowerCase();
  const b = wanted.toLowerCase();
  return a === b || a === `${b}:80` || `${a}:80` === b;
}

export class DownloadTimelineRecorder {
  private readonly open = new Set<Tracked>();
  private readonly byRequest = new WeakMap<ClientRequest, Tracked>();
  private readonly records: DownloadRequestRecord[] = [];
  private readonly samples: [number, number, number][] = [];
  private closedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private startMs = 0;
  private netBefore: NetDevCounters[] | null = null;
  private dropped = 0;

  constructor(private readonly o: DownloadTimelineOptions) {}

  private readonly onStart = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request || request.method === 'CONNECT') return;
    if (!hostMatches(headerText(request.getHeader('host')), this.o.host)) return;
    if (this.records.length >= MAX_REQUESTS) {
      this.dropped += 1;
      return;
    }
    const now = this.o.nowMs();
    const record: DownloadRequestRecord = {
      id: this.records.length + 1,
      method: request.method,
      range: headerText(request.getHeader('x-ms-range')) ?? headerText(request.getHeader('range')),
      startMs: now,
      firstByteMs: null,
      endMs: null,
      status: null,
      receivedBytes: 0,
      outcome: 'open',
      points: [],
    };
    const tracked: Tracked = { record, request, socket: null, baseline: 0 };
    this.records.push(record);
    this.open.add(tracked);
    this.byRequest.set(request, tracked);
    this.sample();
    const attach = (socket: Socket) => {
      tracked.socket = socket;
      tracked.baseline = socket.bytesRead;
    };
    if (request.socket) attach(request.socket as Socket);
    else request.once('socket', attach);
    request.once('close', () => this.close(tracked, tracked.record.outcome === 'open' ? 'aborted' : tracked.record.outcome));
  };

  private readonly onResponse = (message: unknown): void => {
    const { request, response } = message as { request?: ClientRequest; response?: IncomingMessage };
    const tracked = request ? this.byRequest.get(request) : undefined;
    if (!tracked || !response) return;
    tracked.record.firstByteMs = this.o.nowMs();
    tracked.record.status = response.statusCode ?? null;
    // 'end' (the body read to its end) is only listened for: the stream is neither read nor paused here.
    response.once('end', () => this.close(tracked, 'complete'));
    response.once('close', () => this.close(tracked, response.complete ? 'complete' : 'aborted'));
  };

  private readonly onError = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    const tracked = request ? this.byRequest.get(request) : undefined;
    if (tracked) this.close(tracked, 'error');
  };

  start(): void {
    this.startMs = this.o.nowMs();
    this.netBefore = this.o.procRoot === null ? null : readNetDev(this.o.procRoot);
    diagnostics.subscribe('http.client.request.start', this.onStart);
    diagnostics.subscribe('http.client.response.finish', this.onResponse);
    diagnostics.subscribe('http.client.request.error', this.onError);
    this.samples.push([this.startMs, 0, 0]);
    this.timer = setInterval(() => this.sample(), Math.max(10, this.o.intervalMs));
    this.timer.unref();
  }

  stop(): DownloadTimeline {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    diagnostics.unsubscribe('http.client.request.start', this.onStart);
    diagnostics.unsubscribe('http.client.response.finish', this.onResponse);
    diagnostics.unsubscribe('http.client.request.error', this.onError);
    this.sample();
    const endMs = this.o.nowMs();
    const netAfter = this.o.procRoot === null ? null : readNetDev(this.o.procRoot);
    const perRequest = Math.max(MIN_POINTS_PER_REQUEST, Math.min(MAX_POINTS_PER_REQUEST, Math.floor(MAX_POINTS_TOTAL / Math.max(1, this.records.length))));
    for (const record of this.records) record.points = downsampleEvenly(record.points, perRequest);
    return {
      intervalMs: this.o.intervalMs,
      startMs: this.startMs,
      endMs,
      requests: this.records,
      samples: downsampleEvenly(this.samples, MAX_SAMPLES),
      interfaces: this.netBefore && netAfter ? netDevDeltas(this.netBefore, netAfter) : null,
      limits: this.o.limits,
      ...(this.dropped > 0 ? { droppedRequests: this.dropped } : {}),
    };
  }

  private received(t: Tracked): number {
    return t.socket ? Math.max(0, t.socket.bytesRead - t.baseline) : t.record.receivedBytes;
  }

  private close(t: Tracked, outcome: DownloadRequestOutcome): void {
    if (!this.open.has(t)) return;
    const now = this.o.nowMs();
    t.record.receivedBytes = this.received(t);
    t.record.outcome = outcome;
    t.record.endMs = now;
    pushPoint(t.record.points, now, t.record.receivedBytes);
    this.open.delete(t);
    this.closedBytes += t.record.receivedBytes;
    this.sample();
  }

  /** One tick: each open request's bytes so far, and the total and requests in flight where they changed. */
  private sample(): void {
    const now = this.o.nowMs();
    let total = this.closedBytes;
    for (const t of this.open) {
      const bytes = this.received(t);
      t.record.receivedBytes = bytes;
      pushPoint(t.record.points, now, bytes);
      total += bytes;
    }
    const last = this.samples[this.samples.length - 1];
    if (!last || last[1] !== total || last[2] !== this.open.size) this.samples.push([now, total, this.open.size]);
  }
}

function pushPoint(points: [number, number][], tMs: number, bytes: number): void {
  const last = points[points.length - 1];
  if (!last || last[1] !== bytes) points.push([tMs, bytes]);
}
