/**
 * Records one transfer's own HTTP requests while it runs, without touching them: node's http client
 * publishes every request on node:diagnostics_channel ('http.client.request.start', then
 * 'http.client.response.finish' when the response headers arrive), and each request's socket counts its
 * bytes. A timer at the sampler's interval reads those counters; no stream is read, paused or wrapped,
 * so the transfer runs as it would unobserved.
 * A download counts the bytes its socket read (socket.bytesRead). An upload counts the bytes the peer
 * acknowledged: node's bytesWritten counts a body the moment it is handed over, so a 64 MiB block would
 * read as sent before a byte moved; libuv's queue (the handle's writeQueueSize) is what node still holds,
 * and the socket's send queue in /proc/net/tcp what the kernel holds unacknowledged (net-tcp.ts).
 * Only requests whose Host is the transfer URL's are kept (not the local services' own upstream
 * requests in a test process, nor anything else this process sent meanwhile).
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { NetDevDelta, TransferRequestOutcome } from '../profile/schema.js';
import { downsampleEvenly } from '../util/downsample.js';
import { netDevDeltas, readNetDev, type NetDevCounters } from './net-dev.js';
import { readTcpSendQueues } from './net-tcp.js';

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
  /** Uploads: the tick at which its whole body was acknowledged by the peer; null before that. */
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

/** Bytes the kernel took from this socket: handed to libuv less what libuv still queues. */
function handedToKernel(socket: Socket): number {
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

  /** Each established socket's unacknowledged bytes at the current tick (uploads only; null without /proc/net/tcp). */
  private sendQueues: Map<string, number> | null = null;
  /**
   * Uploads: node publishes 'http.client.request.start' only when the request's body has been written
   * (ClientRequest._finish), so a streamed 64 MiB block would seem to start when it was nearly done. The
   * sockets this process opens while recording are sampled from their creation ('net.client.socket'),
   * and a request's start is its creation where node publishes it ('http.client.request.created', Node
   * 22.12+ and 24), else when its socket began carrying it: opened, or freed by the request before.
   */
  private readonly sockets = new Map<Socket, { openedMs: number; freedMs: number | null; history: [number, number][] }>();
  private readonly createdAt = new WeakMap<ClientRequest, number>();

  constructor(private readonly o: TransferRecorderOptions) {
    this.count = o.direction === 'download' ? (socket) => socket.bytesRead : (socket) => this.acknowledged(socket);
  }

  /** An upload's bytes the peer acknowledged: what the kernel took, less its send queue (see net-tcp.ts). */
  private acknowledged(socket: Socket): number {
    const queued =
      socket.localPort !== undefined && socket.remotePort !== undefined ? this.sendQueues?.get(`${socket.localPort}:${socket.remotePort}`) : undefined;
    return Math.max(0, handedToKernel(socket) - (queued ?? 0));
  }

  private readonly onSocket = (message: unknown): void => {
    const socket = (message as { socket?: Socket }).socket;
    if (socket) this.sockets.set(socket, { openedMs: this.o.nowMs(), freedMs: null, history: [] });
  };

  private readonly onCreated = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request) return;
    this.createdAt.set(request, this.o.nowMs());
    this.track(request);
  };

  /** When an upload request began: its creation, else when its socket began carrying it, else now. */
  private uploadStartMs(request: ClientRequest, now: number): number {
    const created = this.createdAt.get(request);
    if (created !== undefined) return created;
    const socket = request.socket ? this.sockets.get(request.socket as Socket) : undefined;
    return socket ? (socket.freedMs ?? socket.openedMs) : now;
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
    if (this.records.length >= MAX_REQUESTS) {
      this.dropped += 1;
      return undefined;
    }
    const now = this.o.nowMs();
    const record: TransferRecord = {
      id: this.records.length + 1,
      method: request.method,
      part: this.o.part(request),
      startMs: this.o.direction === 'upload' ? this.uploadStartMs(request, now) : now,
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
      // What the socket carried for this request before node published it.
      for (const [at, b] of this.sockets.get(socket)?.history ?? []) {
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
    // An upload is done when the store answers: its clients may leave the short answer's body unread.
    if (this.o.direction === 'upload') return this.close(tracked, 'complete');
    // 'end' (the body read to its end) is only listened for: the stream is neither read nor paused here.
    response.once('end', () => this.close(tracked, 'complete'));
    response.once('close', () => this.close(tracked, response.complete ? 'complete' : 'aborted'));
  };

  private readonly onError = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    // An upload that failed before its body was written (a reset) never reached 'start' on Node 20: its
    // error is the first this recorder hears of it.
    const tracked = request ? (this.o.direction === 'upload' ? this.track(request) : this.byRequest.get(request)) : undefined;
    if (tracked) this.close(tracked, 'error');
  };

  start(): void {
    this.startMs = this.o.nowMs();
    this.netBefore = this.o.procRoot === null ? null : readNetDev(this.o.procRoot);
    if (this.o.direction === 'upload') {
      diagnostics.subscribe('net.client.socket', this.onSocket);
      diagnostics.subscribe('http.client.request.created', this.onCreated);
    }
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
    if (this.o.direction === 'upload') {
      diagnostics.unsubscribe('net.client.socket', this.onSocket);
      diagnostics.unsubscribe('http.client.request.created', this.onCreated);
    }
    this.sample();
    const endMs = this.o.nowMs();
    // An upload's requests got their first points after the fact: the aggregate is rebuilt from them.
    const samples = this.o.direction === 'upload' ? aggregate(this.records, this.startMs) : this.samples;
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

  private moved(t: Tracked): number {
    return t.socket ? Math.max(0, this.count(t.socket) - t.baseline) : t.record.bytes;
  }

  private close(t: Tracked, outcome: TransferRequestOutcome): void {
    if (!this.open.has(t)) return;
    const now = this.o.nowMs();
    // An answered upload was acknowledged whole; a request cut short keeps what the last tick saw acknowledged.
    if (this.o.direction === 'upload') this.sendQueues = outcome === 'complete' ? null : this.sendQueues;
    t.record.bytes = this.moved(t);
    // The body reached the peer at the first tick that saw all of it acknowledged (the 'finish' event only
    // says the kernel took it).
    if (this.o.direction === 'upload' && outcome === 'complete') t.record.bodySentMs = bodyDoneMs(t.record.points, t.record.bytes, now);
    if (t.socket && this.o.direction === 'upload') {
      this.accounted.set(t.socket, this.count(t.socket));
      const socket = this.sockets.get(t.socket);
      if (socket) socket.freedMs = now;
    }
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
    if (this.o.direction === 'upload') {
      this.sendQueues = this.o.procRoot !== null && this.sockets.size > 0 ? readTcpSendQueues(this.o.procRoot) : null;
      for (const [socket, seen] of this.sockets) {
        if (socket.destroyed && seen.freedMs !== null) this.sockets.delete(socket);
        else pushPoint(seen.history, now, this.count(socket));
      }
    }
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

/** [tMs, bytes of all requests so far, requests in flight] wherever a request's bytes or the count in flight changed. */
function aggregate(records: readonly TransferRecord[], startMs: number): [number, number, number][] {
  const events: [number, number, number][] = [];
  for (const r of records) {
    events.push([r.startMs, 0, 1]);
    let before = 0;
    for (const [at, b] of r.points) {
      events.push([at, b - before, 0]);
      before = b;
    }
    if (r.endMs !== null) events.push([r.endMs, 0, -1]);
  }
  events.sort((a, b) => a[0] - b[0]);
  const out: [number, number, number][] = [[startMs, 0, 0]];
  let total = 0;
  let inFlight = 0;
  for (const [at, bytes, flight] of events) {
    total += bytes;
    inFlight += flight;
    const last = out[out.length - 1] as [number, number, number];
    if (last[0] === at) {
      last[1] = total;
      last[2] = inFlight;
    } else if (last[1] !== total || last[2] !== inFlight) out.push([at, total, inFlight]);
  }
  return out;
}

/** When the bytes first reached their final count: the last point below it was seen before that tick. */
function bodyDoneMs(points: readonly [number, number][], finalBytes: number, closedMs: number): number {
  const reached = points.find(([, b]) => b >= finalBytes);
  return reached ? reached[0] : closedMs;
}

function pushPoint(points: [number, number][], tMs: number, bytes: number): void {
  const last = points[points.length - 1];
  if (!last || last[1] !== bytes) points.push([tMs, bytes]);
}
