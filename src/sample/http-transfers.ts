/**
 * Records one transfer's own HTTP requests while it runs, without touching them: node's http client
 * publishes every request on node:diagnostics_channel ('http.client.request.start', then
 * 'http.client.response.finish' when the response headers arrive), and each request's socket counts its
 * bytes. A timer at the sampler's interval reads those counters; no stream is read, paused or wrapped,
 * so the transfer runs as it would unobserved.
 * A download counts the bytes its socket read (socket.bytesRead). An upload counts the bytes that left
 * for the kernel: node's bytesWritten counts a body the moment it is handed over, so a 64 MiB block
 * would read as sent before a byte moved; libuv's queue (the handle's writeQueueSize) is what is still
 * waiting, and the difference is what the kernel took (its send buffer, a few MiB, is the only slack).
 * Only requests whose Host is the transfer URL's are kept (not the local services' own upstream
 * requests in a test process, nor anything else this process sent meanwhile).
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { NetDevDelta, TransferRequestOutcome } from '../profile/schema.js';
import { downsampleEvenly } from '../util/downsample.js';
import { LOCAL_SERVICES_UPSTREAM_HEADER } from '../util/upstream-header.js';
import { netDevDeltas, readNetDev, type NetDevCounters } from './net-dev.js';

export const TRANSFER_DIRECTIONS = ['download', 'upload'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

export interface TransferRecorderOptions {
  direction: TransferDirection;
  /** The transfer URL's host (`name:port` or `name`), as the requests' Host header carries it. */
  host: string;
  intervalMs: number;
  /** The profile's clock (ms since its origin). */
  nowMs: () => number;
  /** Where /proc is, for /proc/net/dev; null without one. */
  procRoot: string | null;
  /** Which part of the archive a request carries (a Range, a Content-Range, a block id), from the request. */
  part: (request: ClientRequest) => string | null;
}

/** One request as recorded, before the direction names its fields (see download- and upload-timeline.ts). */
export interface TransferRecord {
  id: number;
  method: string;
  part: string | null;
  startMs: number;
  /** When the request's body was flushed to the kernel ('finish'); null before that. */
  bodySentMs: number | null;
  /** When the response headers arrived. */
  responseMs: number | null;
  endMs: number | null;
  status: number | null;
  /** Bytes moved in this transfer's direction on its socket since it got the socket. */
  bytes: number;
  outcome: TransferRequestOutcome;
  points: [number, number][];
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

/** Node's internals behind bytesWritten: what was handed to libuv, and what libuv has not yet written. */
interface SocketInternals {
  _bytesDispatched?: number;
  _handle?: { writeQueueSize?: number } | null;
}

function sentBytes(socket: Socket): number {
  const s = socket as Socket & SocketInternals;
  if (typeof s._bytesDispatched === 'number') return s._bytesDispatched - (s._handle?.writeQueueSize ?? 0);
  return Math.max(0, (socket.bytesWritten ?? 0) - socket.writableLength);
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
  private readonly count: (socket: Socket) => number;
  /** An upload socket's count when its last request closed: where the next request on it starts. */
  private readonly accounted = new WeakMap<Socket, number>();

  constructor(private readonly o: TransferRecorderOptions) {
    this.count = o.direction === 'download' ? (socket) => socket.bytesRead : sentBytes;
  }

  private readonly onStart = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request || request.method === 'CONNECT') return;
    if (!hostMatches(headerText(request.getHeader('host')), this.o.host)) return;
    if (request.getHeader(LOCAL_SERVICES_UPSTREAM_HEADER) !== undefined) return;
    if (this.records.length >= MAX_REQUESTS) {
      this.dropped += 1;
      return;
    }
    const record: TransferRecord = {
      id: this.records.length + 1,
      method: request.method,
      part: this.o.part(request),
      startMs: this.o.nowMs(),
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
      // A download's bytes arrive after the socket is ours. An upload's body may already have been flushed
      // to a fresh socket before 'socket' reaches this listener: it starts where the last request on that
      // socket ended (HTTP/1.1 runs one request at a time on a socket), or at 0 on a new one.
      tracked.baseline = this.o.direction === 'download' ? this.count(socket) : (this.accounted.get(socket) ?? 0);
    };
    if (request.socket) attach(request.socket as Socket);
    else request.once('socket', attach);
    request.once('finish', () => {
      record.bodySentMs = this.o.nowMs();
    });
    request.once('close', () => this.close(tracked, tracked.record.outcome === 'open' ? 'aborted' : tracked.record.outcome));
  };

  private readonly onResponse = (message: unknown): void => {
    const { request, response } = message as { request?: ClientRequest; response?: IncomingMessage };
    const tracked = request ? this.byRequest.get(request) : undefined;
    if (!tracked || !response) return;
    tracked.record.responseMs = this.o.nowMs();
    tracked.record.status = response.statusCode ?? null;
    // An upload is done when the store answers: its clients may leave the short answer's body unread.
    if (this.o.direction === 'upload') return this.close(tracked, 'complete');
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

  stop(): RecordedTransfers {
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
      ...(this.dropped > 0 ? { droppedRequests: this.dropped } : {}),
    };
  }

  private moved(t: Tracked): number {
    return t.socket ? Math.max(0, this.count(t.socket) - t.baseline) : t.record.bytes;
  }

  private close(t: Tracked, outcome: TransferRequestOutcome): void {
    if (!this.open.has(t)) return;
    const now = this.o.nowMs();
    t.record.bytes = this.moved(t);
    if (t.socket && this.o.direction === 'upload') this.accounted.set(t.socket, this.count(t.socket));
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

function pushPoint(points: [number, number][], tMs: number, bytes: number): void {
  const last = points[points.length - 1];
  if (!last || last[1] !== bytes) points.push([tMs, bytes]);
}
