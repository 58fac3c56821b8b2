/**
 * How an upload's requests are recorded (see transfer-rules.ts for what each rule answers).
 * An upload counts the bytes the peer acknowledged: node's bytesWritten counts a body the moment it is
 * handed over, so a 64 MiB block would read as sent before a byte moved; libuv's queue (the handle's
 * writeQueueSize) is what node still holds, and the socket's send queue in /proc/net/tcp what the kernel
 * holds unacknowledged (net-tcp.ts).
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { TransferRequestOutcome } from '../profile/schema.js';
import { readTcpSendQueues } from './net-tcp.js';
import { pushPoint, type TransferDirectionRules, type TransferRecord } from './transfer-rules.js';

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

export class UploadTransferRules implements TransferDirectionRules {
  /** Each established socket's unacknowledged bytes at the current tick (null without /proc/net/tcp). */
  private sendQueues: Map<string, number> | null = null;
  /** A socket's count when its last request closed: where the next request on it starts. */
  private readonly accounted = new WeakMap<Socket, number>();
  /**
   * Node publishes 'http.client.request.start' only when the request's body has been written
   * (ClientRequest._finish), so a streamed 64 MiB block would seem to start when it was nearly done. The
   * sockets this process opens while recording are sampled from their creation ('net.client.socket'),
   * and a request's start is its creation where node publishes it ('http.client.request.created', Node
   * 22.12+ and 24), else when its socket began carrying it: opened, or freed by the request before.
   */
  private readonly sockets = new Map<Socket, { openedMs: number; freedMs: number | null; history: [number, number][] }>();
  private readonly createdAt = new WeakMap<ClientRequest, number>();
  private track: (request: ClientRequest) => void = () => {};

  /** An answered upload is done: its clients may leave the store's short answer's body unread. */
  readonly closesOnResponse = true;
  /** An upload that failed before its body was written (a reset) never reached 'start' on Node 20. */
  readonly errorMayComeFirst = true;

  constructor(
    private readonly nowMs: () => number,
    private readonly procRoot: string | null,
  ) {}

  private readonly onSocket = (message: unknown): void => {
    const socket = (message as { socket?: Socket }).socket;
    if (socket) this.sockets.set(socket, { openedMs: this.nowMs(), freedMs: null, history: [] });
  };

  private readonly onCreated = (message: unknown): void => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request) return;
    this.createdAt.set(request, this.nowMs());
    this.track(request);
  };

  subscribe(track: (request: ClientRequest) => void): void {
    this.track = track;
    diagnostics.subscribe('net.client.socket', this.onSocket);
    diagnostics.subscribe('http.client.request.created', this.onCreated);
  }

  unsubscribe(): void {
    diagnostics.unsubscribe('net.client.socket', this.onSocket);
    diagnostics.unsubscribe('http.client.request.created', this.onCreated);
  }

  /**
   * The bytes the peer acknowledged: what the kernel took, less its send queue (see net-tcp.ts). An
   * answered upload was acknowledged whole, whatever the last tick's send queue said; a request cut
   * short keeps what that tick saw acknowledged.
   */
  count(socket: Socket, answered = false): number {
    const queued =
      !answered && socket.localPort !== undefined && socket.remotePort !== undefined
        ? this.sendQueues?.get(`${socket.localPort}:${socket.remotePort}`)
        : undefined;
    return Math.max(0, handedToKernel(socket) - (queued ?? 0));
  }

  /** Its creation, else when its socket began carrying it, else now. */
  startMs(request: ClientRequest, now: number): number {
    const created = this.createdAt.get(request);
    if (created !== undefined) return created;
    const socket = request.socket ? this.sockets.get(request.socket as Socket) : undefined;
    return socket ? (socket.freedMs ?? socket.openedMs) : now;
  }

  /**
   * The body may already have been flushed to a fresh socket before 'socket' reaches the recorder: a
   * request starts where the last request on that socket ended (HTTP/1.1 runs one request at a time on a
   * socket), or at 0 on a new one.
   */
  baseline(socket: Socket): number {
    return this.accounted.get(socket) ?? 0;
  }

  history(socket: Socket): readonly [number, number][] {
    return this.sockets.get(socket)?.history ?? [];
  }

  beforeTick(now: number): void {
    this.sendQueues = this.procRoot !== null && this.sockets.size > 0 ? readTcpSendQueues(this.procRoot) : null;
    for (const [socket, seen] of this.sockets) {
      if (socket.destroyed && seen.freedMs !== null) this.sockets.delete(socket);
      else pushPoint(seen.history, now, this.count(socket));
    }
  }

  closed(record: TransferRecord, socket: Socket | null, outcome: TransferRequestOutcome, now: number): void {
    // The body reached the peer at the first tick that saw all of it acknowledged (the 'finish' event only
    // says the kernel took it); where no tick did, by the answer at the latest, which the far side sent
    // after reading it (not the close, a moment later: bodySentMs would then follow responseMs).
    if (outcome === 'complete') record.bodySentMs = bodyDoneMs(record.points, record.bytes, record.responseMs ?? now);
    if (socket) {
      this.accounted.set(socket, this.count(socket, outcome === 'complete'));
      const seen = this.sockets.get(socket);
      if (seen) seen.freedMs = now;
    }
  }

  /** The requests got their first points after the fact: the aggregate is rebuilt from them. */
  samples(_ticked: [number, number, number][], records: readonly TransferRecord[], startMs: number): [number, number, number][] {
    return aggregate(records, startMs);
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
function bodyDoneMs(points: readonly [number, number][], finalBytes: number, latestMs: number): number {
  const reached = points.find(([, b]) => b >= finalBytes);
  return reached ? reached[0] : latestMs;
}
