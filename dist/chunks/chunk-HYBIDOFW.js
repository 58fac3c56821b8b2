import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/sample/http-transfers.ts
import diagnostics2 from "node:diagnostics_channel";

// src/util/downsample.ts
function downsampleEvenly(items, max) {
  if (items.length <= max || max < 2) return items.slice();
  const out = [];
  const step = (items.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(items[Math.round(i * step)]);
  return out;
}

// src/sample/net-dev.ts
import { readFileSync } from "node:fs";
function parseNetDev(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const fields = line.slice(colon + 1).trim().split(/\s+/).map(Number);
    if (name === "" || fields.length < 9 || fields.some((f) => !Number.isFinite(f))) continue;
    out.push({ name, rxBytes: fields[0], rxPackets: fields[1], txBytes: fields[8] });
  }
  return out;
}
function readNetDev(procRoot) {
  try {
    return parseNetDev(readFileSync(`${procRoot}/net/dev`, "utf8"));
  } catch {
    return null;
  }
}
function netDevDeltas(before, after) {
  const earlier = new Map(before.map((c) => [c.name, c]));
  const out = [];
  for (const now of after) {
    const then = earlier.get(now.name);
    if (!then) continue;
    const rxBytes = now.rxBytes - then.rxBytes;
    if (rxBytes <= 0) continue;
    out.push({ name: now.name, rxBytes, rxPackets: now.rxPackets - then.rxPackets, txBytes: Math.max(0, now.txBytes - then.txBytes) });
  }
  return out.sort((a, b) => b.rxBytes - a.rxBytes);
}

// src/sample/transfer-rules.ts
var downloadRules = {
  subscribe: () => {
  },
  unsubscribe: () => {
  },
  count: (socket) => socket.bytesRead,
  startMs: (_request, now) => now,
  baseline: (socket) => socket.bytesRead,
  history: () => [],
  closesOnResponse: false,
  errorMayComeFirst: false,
  beforeTick: () => {
  },
  closed: () => {
  },
  samples: (ticked) => ticked
};
function pushPoint(points, tMs, bytes) {
  const last = points[points.length - 1];
  if (!last || last[1] !== bytes) points.push([tMs, bytes]);
}

// src/sample/upload-transfer-rules.ts
import diagnostics from "node:diagnostics_channel";

// src/sample/net-tcp.ts
import { readFileSync as readFileSync2 } from "node:fs";
import * as path from "node:path";
var ESTABLISHED = "01";
function parseTcpSendQueues(text, into = /* @__PURE__ */ new Map()) {
  for (const line of text.split("\n")) {
    const f = line.trim().split(/\s+/);
    if (f.length < 5 || !f[0]?.endsWith(":") || f[3] !== ESTABLISHED) continue;
    const local = f[1]?.split(":")[1];
    const remote = f[2]?.split(":")[1];
    const tx = f[4]?.split(":")[0];
    if (!local || !remote || !tx) continue;
    into.set(`${Number.parseInt(local, 16)}:${Number.parseInt(remote, 16)}`, Number.parseInt(tx, 16));
  }
  return into;
}
function readTcpSendQueues(procRoot) {
  const out = /* @__PURE__ */ new Map();
  let any = false;
  for (const file of ["tcp", "tcp6"]) {
    try {
      parseTcpSendQueues(readFileSync2(path.join(procRoot, "net", file), "utf8"), out);
      any = true;
    } catch {
    }
  }
  return any ? out : null;
}

// src/sample/upload-transfer-rules.ts
function handedToKernel(socket) {
  const s = socket;
  if (typeof s._bytesDispatched === "number") return s._bytesDispatched - (s._handle?.writeQueueSize ?? 0);
  return Math.max(0, (socket.bytesWritten ?? 0) - socket.writableLength);
}
var UploadTransferRules = class {
  constructor(nowMs, procRoot) {
    this.nowMs = nowMs;
    this.procRoot = procRoot;
  }
  nowMs;
  procRoot;
  /** Each established socket's unacknowledged bytes at the current tick (null without /proc/net/tcp). */
  sendQueues = null;
  /** A socket's count when its last request closed: where the next request on it starts. */
  accounted = /* @__PURE__ */ new WeakMap();
  /**
   * Node publishes 'http.client.request.start' only when the request's body has been written
   * (ClientRequest._finish), so a streamed 64 MiB block would seem to start when it was nearly done. The
   * sockets this process opens while recording are sampled from their creation ('net.client.socket'),
   * and a request's start is its creation where node publishes it ('http.client.request.created', Node
   * 22.12+ and 24), else when its socket began carrying it: opened, or freed by the request before.
   */
  sockets = /* @__PURE__ */ new Map();
  createdAt = /* @__PURE__ */ new WeakMap();
  track = () => {
  };
  /** An answered upload is done: its clients may leave the store's short answer's body unread. */
  closesOnResponse = true;
  /** An upload that failed before its body was written (a reset) never reached 'start' on Node 20. */
  errorMayComeFirst = true;
  onSocket = (message) => {
    const socket = message.socket;
    if (socket) this.sockets.set(socket, { openedMs: this.nowMs(), freedMs: null, history: [] });
  };
  onCreated = (message) => {
    const request = message.request;
    if (!request) return;
    this.createdAt.set(request, this.nowMs());
    this.track(request);
  };
  subscribe(track) {
    this.track = track;
    diagnostics.subscribe("net.client.socket", this.onSocket);
    diagnostics.subscribe("http.client.request.created", this.onCreated);
  }
  unsubscribe() {
    diagnostics.unsubscribe("net.client.socket", this.onSocket);
    diagnostics.unsubscribe("http.client.request.created", this.onCreated);
  }
  /**
   * The bytes the peer acknowledged: what the kernel took, less its send queue (see net-tcp.ts). An
   * answered upload was acknowledged whole, whatever the last tick's send queue said; a request cut
   * short keeps what that tick saw acknowledged.
   */
  count(socket, answered = false) {
    const queued = !answered && socket.localPort !== void 0 && socket.remotePort !== void 0 ? this.sendQueues?.get(`${socket.localPort}:${socket.remotePort}`) : void 0;
    return Math.max(0, handedToKernel(socket) - (queued ?? 0));
  }
  /** Its creation, else when its socket began carrying it, else now. */
  startMs(request, now) {
    const created = this.createdAt.get(request);
    if (created !== void 0) return created;
    const socket = request.socket ? this.sockets.get(request.socket) : void 0;
    return socket ? socket.freedMs ?? socket.openedMs : now;
  }
  /**
   * The body may already have been flushed to a fresh socket before 'socket' reaches the recorder: a
   * request starts where the last request on that socket ended (HTTP/1.1 runs one request at a time on a
   * socket), or at 0 on a new one.
   */
  baseline(socket) {
    return this.accounted.get(socket) ?? 0;
  }
  history(socket) {
    return this.sockets.get(socket)?.history ?? [];
  }
  beforeTick(now) {
    this.sendQueues = this.procRoot !== null && this.sockets.size > 0 ? readTcpSendQueues(this.procRoot) : null;
    for (const [socket, seen] of this.sockets) {
      if (socket.destroyed && seen.freedMs !== null) this.sockets.delete(socket);
      else pushPoint(seen.history, now, this.count(socket));
    }
  }
  closed(record, socket, outcome, now) {
    if (outcome === "complete") record.bodySentMs = bodyDoneMs(record.points, record.bytes, record.responseMs ?? now);
    if (socket) {
      this.accounted.set(socket, this.count(socket, outcome === "complete"));
      const seen = this.sockets.get(socket);
      if (seen) seen.freedMs = now;
    }
  }
  /** The requests got their first points after the fact: the aggregate is rebuilt from them. */
  samples(_ticked, records, startMs) {
    return aggregate(records, startMs);
  }
};
function aggregate(records, startMs) {
  const events = [];
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
  const out = [[startMs, 0, 0]];
  let total = 0;
  let inFlight = 0;
  for (const [at, bytes, flight] of events) {
    total += bytes;
    inFlight += flight;
    const last = out[out.length - 1];
    if (last[0] === at) {
      last[1] = total;
      last[2] = inFlight;
    } else if (last[1] !== total || last[2] !== inFlight) out.push([at, total, inFlight]);
  }
  return out;
}
function bodyDoneMs(points, finalBytes, latestMs) {
  const reached = points.find(([, b]) => b >= finalBytes);
  return reached ? reached[0] : latestMs;
}

// src/sample/http-transfers.ts
var MAX_REQUESTS = 4e3;
var MAX_POINTS_PER_REQUEST = 400;
var MAX_POINTS_TOTAL = 2e4;
var MIN_POINTS_PER_REQUEST = 8;
var MAX_SAMPLES = 6e3;
function headerText(value) {
  if (value === void 0) return null;
  return Array.isArray(value) ? value[0] ?? null : String(value);
}
function hostMatches(requestHost, wanted) {
  if (!requestHost) return false;
  const a = requestHost.toLowerCase();
  const b = wanted.toLowerCase();
  return a === b || a === `${b}:80` || `${a}:80` === b;
}
function pathnameOf(requestPath) {
  try {
    return new URL(requestPath, "http://host.invalid").pathname;
  } catch {
    return requestPath.split("?")[0] ?? requestPath;
  }
}
var TransferRecorder = class {
  constructor(o) {
    this.o = o;
    this.rules = o.direction === "download" ? downloadRules : new UploadTransferRules(o.nowMs, o.procRoot);
  }
  o;
  open = /* @__PURE__ */ new Set();
  byRequest = /* @__PURE__ */ new WeakMap();
  records = [];
  samples = [];
  closedBytes = 0;
  timer;
  startMs = 0;
  netBefore = null;
  dropped = 0;
  /** What differs between a download and an upload, chosen once. */
  rules;
  onStart = (message) => {
    const request = message.request;
    if (request) this.track(request);
  };
  /** Starts recording a request of this transfer (once; a request seen at its creation is not seen again). */
  track(request) {
    const known = this.byRequest.get(request);
    if (known || request.method === "CONNECT") return known;
    if (!hostMatches(headerText(request.getHeader("host")), this.o.host)) return void 0;
    if (this.o.pathname !== void 0 && pathnameOf(request.path) !== this.o.pathname) return void 0;
    if (this.records.length >= MAX_REQUESTS) {
      this.dropped += 1;
      return void 0;
    }
    const now = this.o.nowMs();
    const record = {
      id: this.records.length + 1,
      method: request.method,
      part: this.o.part(request),
      startMs: this.rules.startMs(request, now),
      bodySentMs: null,
      responseMs: null,
      endMs: null,
      status: null,
      bytes: 0,
      outcome: "open",
      points: []
    };
    const tracked = { record, socket: null, baseline: 0 };
    this.records.push(record);
    this.open.add(tracked);
    this.byRequest.set(request, tracked);
    this.sample();
    const attach = (socket) => {
      tracked.socket = socket;
      tracked.baseline = this.rules.baseline(socket);
      for (const [at, b] of this.rules.history(socket)) {
        if (at >= record.startMs && b > tracked.baseline) pushPoint(record.points, at, b - tracked.baseline);
      }
    };
    if (request.socket) attach(request.socket);
    else request.once("socket", attach);
    request.once("close", () => this.close(tracked, tracked.record.outcome === "open" ? "aborted" : tracked.record.outcome));
    return tracked;
  }
  onResponse = (message) => {
    const { request, response } = message;
    const tracked = request ? this.byRequest.get(request) : void 0;
    if (!tracked || !response) return;
    tracked.record.responseMs = this.o.nowMs();
    tracked.record.status = response.statusCode ?? null;
    if (this.rules.closesOnResponse) return this.close(tracked, "complete");
    response.once("end", () => this.close(tracked, "complete"));
    response.once("close", () => this.close(tracked, response.complete ? "complete" : "aborted"));
  };
  onError = (message) => {
    const request = message.request;
    const tracked = request ? this.rules.errorMayComeFirst ? this.track(request) : this.byRequest.get(request) : void 0;
    if (tracked) this.close(tracked, "error");
  };
  start() {
    this.startMs = this.o.nowMs();
    this.netBefore = this.o.procRoot === null ? null : readNetDev(this.o.procRoot);
    this.rules.subscribe((request) => {
      this.track(request);
    });
    diagnostics2.subscribe("http.client.request.start", this.onStart);
    diagnostics2.subscribe("http.client.response.finish", this.onResponse);
    diagnostics2.subscribe("http.client.request.error", this.onError);
    this.samples.push([this.startMs, 0, 0]);
    this.timer = setInterval(() => this.sample(), Math.max(10, this.o.intervalMs));
    this.timer.unref();
  }
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = void 0;
    diagnostics2.unsubscribe("http.client.request.start", this.onStart);
    diagnostics2.unsubscribe("http.client.response.finish", this.onResponse);
    diagnostics2.unsubscribe("http.client.request.error", this.onError);
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
      ...this.dropped > 0 ? { droppedRequests: this.dropped } : {}
    };
  }
  moved(t, answered = false) {
    return t.socket ? Math.max(0, this.rules.count(t.socket, answered) - t.baseline) : t.record.bytes;
  }
  close(t, outcome) {
    if (!this.open.has(t)) return;
    const now = this.o.nowMs();
    t.record.bytes = this.moved(t, outcome === "complete");
    this.rules.closed(t.record, t.socket, outcome, now);
    t.record.outcome = outcome;
    t.record.endMs = now;
    pushPoint(t.record.points, now, t.record.bytes);
    this.open.delete(t);
    this.closedBytes += t.record.bytes;
    this.sample();
  }
  /** One tick: each open request's bytes so far, and the total and requests in flight where they changed. */
  sample() {
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
};

export {
  downsampleEvenly,
  headerText,
  TransferRecorder
};
