/**
 * Records one transfer's own HTTP requests while it runs, without touching them: node's http client
 * publishes every request on node:diagnostics_channel ('http.client.request.start', then
 * 'http.client.response.finish' when the response headers arrive), and each request's socket counts its
 * bytes. A timer at the sampler's interval reads those counters; no stream is read, paused or wrapped,
 * so the transfer runs as it would unobserved.
 * A download counts the bytes its socket read, an upload the bytes the peer acknowledged: where the two
 * directions differ (how bytes are counted, when a request starts and ends) is decided by one set of
 * rules per direction, chosen once (transfer-rules.ts, upload-transfer-rules.ts).
 * Only requests whose Host is the transfer URL's are kept (not the local services' own upstream
 * requests in a test process, nor anything else this process sent meanwhile), and where a path is
 * given, only those to it (not a document read from the same blob service during a download).
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { NetDevDelta, TransferRequestOutcome } from '../profile/schema.js';
import { downsampleEvenly } from '../util/downsample.js';
import { netDevDeltas, readNetDev, type NetDevCounters } from './net-dev.js';
import { downloadRules, pushPoint, type TransferDirectionRules, type TransferRecord } from './transfer-rules.js';
import { UploadTransferRules } from './upload-transfer-rules.js';

export const TRANSFER_DIRECTIONS = ['download', 'upload'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

export interface TransferRecorderOptions {
  direction: TransferDirection;
  /** The transfer URL's host (`name:port` or `name`), as the requests' Host header carries it. */
  host: string;
  /** The transfer URL's path, where all its requests go to it (a download's); unset: any path on the host. */
  pathname?: string;
  intervalMs: number;
  /** The profile's clock (ms since its origin). */
  nowMs: () => number;
  /** Where /proc is, for /proc/net/dev (both directions) and /proc/net/tcp (uploads: send queues); null without one. */
  procRoot: string | null;
  /** Which part of the archive a request carries (a Range, a Content-Range, a block id), from the request. */
  part: (request: ClientRequest) => string | null;
}

export interface RecordedTransfers {
  intervalMs: number;
  startMs: number;
  endMs: number;
  requests: TransferRecord[];
  samples: [number, number, number][];
  interfaces: NetDevDelta[] | null;
  droppedRequests?: number;
}

/** Bounds on what one transfer keeps, so a 10 GB restore's profile stays small. */
const MAX_REQUESTS = 4000;
const MAX_POINTS_PER_REQUEST = 400;
/** All requests' points together (a 10 GB archive is 2,500 ranges): each keeps its share, at least 8. */
const MAX_POINTS_TOTAL = 20_000;
const MIN_POINTS_PER_REQUEST = 8;
const MAX_SAMPLES = 6000;

interface Tracked {
  record: TransferRecord;
  socket: Socket | null;
  baseline: number;
}

export function headerText(value: number | string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : String(value);
}

function hostMatches(requestHost: string | null, wanted: string): boolean {
  if (!requestHost) return false;
  const a = requestHost.toLowerCase();
  const b = wanted.toLowerCase();
  return a === b || a === `${b}:80` || `${a}:80` === b;
}

/** A request's path without its query, in the form URL gives a pathname (so one spelling compares with another). */
export function pathnameOf(requestPath: string): string {
  try {
    return new URL(requestPath, 'http://host.invalid').pathname;
  } catch {
    return requestPath.split('?')[0] ?? requestPath;
  }
}

export class TransferRecorder {
  private readonly open = new Set<Tracked>();
  private readonly byRequest = new WeakMap<ClientRequest, Tracked>();
  private readonly records: TransferRecord[] = [];
  private readonly samples: [number, number, number][] = [];
  private closedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private startMs = 0;
  private netBefore: NetDevCounters[] | null = null;
  private dropped = 0;
  /** What differs between a download and an upload, chosen once. */
  private readonly rules: TransferDirectionRules;

  constructor(private readonly o: TransferRecorderOptions) {
    this.rules = o.direction === 'download' ? downloadRules : new UploadTransferRules(o.nowMs, o.procRoot);
  }

  private readonly onStart = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    if (request) this.track(request);
  };

  /** Starts recording a request of this transfer (once; a request seen at its creation is not seen again). */
  private track(request: ClientRequest): Tracked | undefined {
    const known = this.byRequest.get(request);
    if (known || request.method === 'CONNECT') return known;
    if (!hostMatches(headerText(request.getHeader('host')), this.o.host)) return undefined;
    if (this.o.pathname !== undefined && pathnameOf(request.path) !== this.o.pathname) return undefined;
    if (this.records.length >= MAX_REQUESTS) {
      this.dropped += 1;
      return undefined;
    }
    const now = this.o.nowMs();
    const record: TransferRecord = {
      id: this.records.length + 1,
      method: request.method,
      part: this.o.part(request),
      startMs: this.rules.startMs(request, now),
      bodySentMs: null,
      responseMs: null,
      endMs: null,
      status: null,
      bytes: 0,
      outcome: 'open',
      points: [],
    };
    const tracked: Tracked = { record, socket: null, baseline: 0 };
    this.records.push(record);
    this.open.add(tracked);
    this.byRequest.set(request, tracked);
    this.sample();
    const attach = (socket: Socket) => {
      tracked.socket = socket;
      tracked.baseline = this.rules.baseline(socket);
      // What the socket carried for this request before node published it.
      for (const [at, b] of this.rules.history(socket)) {
        if (at >= record.startMs && b > tracked.baseline) pushPoint(record.points, at, b - tracked.baseline);
      }
    };
    if (request.socket) attach(request.socket as Socket);
    else request.once('socket', attach);
    request.once('close', () => this.close(tracked, tracked.record.outcome === 'open' ? 'aborted' : tracked.record.outcome));
    return tracked;
  }

  private readonly onResponse = (message: unknown): void => {
    const { request, response } = message as { request?: ClientRequest; response?: IncomingMessage };
    const tracked = request ? this.byRequest.get(request) : undefined;
    if (!tracked || !response) return;
    tracked.record.responseMs = this.o.nowMs();
    tracked.record.status = response.statusCode ?? null;
    if (this.rules.closesOnResponse) return this.close(tracked, 'complete');
    // 'end' (the body read to its end) is only listened for: the stream is neither read nor paused here.
    response.once('end', () => this.close(tracked, 'complete'));
    response.once('close', () => this.close(tracked, response.complete ? 'complete' : 'aborted'));
  };

  private readonly onError = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    const tracked = request ? (this.rules.errorMayComeFirst ? this.track(request) : this.byRequest.get(request)) : undefined;
    if (tracked) this.close(tracked, 'error');
  };

  start(): void {
    this.startMs = this.o.nowMs();
    this.netBefore = this.o.procRoot === null ? null : readNetDev(this.o.procRoot);
    this.rules.subscribe((request) => {
      this.track(request);
    });
    diagnostics.subscribe('http.client.request.start', this.onStart);
    diagnostics.subscribe('http.client.response.finish', this.onResponse);
    diagnostics.subscribe('http.client.request.error', this.onError);
    this.samples.push([this.startMs, 0, 0]);
    this.timer = setInterval(() => this.sample(), Math.max(10, this.o.intervalMs));
    this.timer.unref();
  }

  stop(): RecordedTransfers {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    diagnostics.unsubscribe('http.client.request.start', this.onStart);
    diagnostics.unsubscribe('http.client.response.finish', this.onResponse);
    diagnostics.unsubscribe('http.client.request.error', this.onError);
    this.rules.unsubscribe();
    this.sample();
    const endMs = this.o.nowMs();
    const samples = this.rules.samples(this.samples, this.records, this.startMs);
    const netAfter = this.o.procRoot === null ? null : readNetDev(this.o.procRoot);
    const perRequest = Math.max(MIN_POINTS_PER_REQUEST, Math.min(MAX_POINTS_PER_REQUEST, Math.floor(MAX_POINTS_TOTAL / Math.max(1, this.records.length))));
    for (const record of this.records) record.points = downsampleEvenly(record.points, perRequest);
    return {
      intervalMs: this.o.intervalMs,
      startMs: this.startMs,
      endMs,
      requests: this.records,
      samples: downsampleEvenly(samples, MAX_SAMPLES),
      interfaces: this.netBefore && netAfter ? netDevDeltas(this.netBefore, netAfter) : null,
      ...(this.dropped > 0 ? { droppedRequests: this.dropped } : {}),
    };
  }

  private moved(t: Tracked, answered = false): number {
    return t.socket ? Math.max(0, this.rules.count(t.socket, answered) - t.baseline) : t.record.bytes;
  }

  private close(t: Tracked, outcome: TransferRequestOutcome): void {
    if (!this.open.has(t)) return;
    const now = this.o.nowMs();
    t.record.bytes = this.moved(t, outcome === 'complete');
    this.rules.closed(t.record, t.socket, outcome, now);
    t.record.outcome = outcome;
    t.record.endMs = now;
    pushPoint(t.record.points, now, t.record.bytes);
    this.open.delete(t);
    this.closedBytes += t.record.bytes;
    this.sample();
  }

  /** One tick: each open request's bytes so far, and the total and requests in flight where they changed. */
  private sample(): void {
    const now = this.o.nowMs();
    this.rules.beforeTick(now);
    let total = this.closedBytes;
    for (const t of this.open) {
      const bytes = this.moved(t);
      t.record.bytes = bytes;
      pushPoint(t.record.points, now, bytes);
      total += bytes;
    }
    const last = this.samples[this.samples.length - 1];
    if (!last || last[1] !== total || last[2] !== this.open.size) this.samples.push([now, total, this.open.size]);
  }
}
