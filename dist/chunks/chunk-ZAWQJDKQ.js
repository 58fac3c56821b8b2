import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  describeFingerprint
} from "./chunk-WM2BKT75.js";
import {
  ATTR,
  METRIC,
  OWN_TRACE,
  SPAN,
  metricResourceAttributes,
  scrub,
  traceResourceAttributes
} from "./chunk-SN27TOXG.js";
import {
  TOOL_VERSION
} from "./chunk-V6ICDZO4.js";
import {
  ProfilerError,
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  require_http,
  require_https
} from "./chunk-HNY43QLL.js";
import {
  sayVerdict
} from "./chunk-YUP7TFMP.js";
import {
  __toESM
} from "./chunk-5XWL5JNG.js";

// src/export/wall-clock.ts
function restoreClock(profile) {
  return clockFrom(profile.createdAt);
}
function saveClock(save) {
  return save.startedAt ? clockFrom(save.startedAt) : null;
}
function clockFrom(iso) {
  const originEpochMs = Date.parse(iso);
  if (!Number.isFinite(originEpochMs))
    throw new ProfilerError(`Not a wall time: '${iso}'.`, "A profile's createdAt (and a save's startedAt) must be ISO 8601, as the profiler writes them.");
  return (clockMs) => originEpochMs + clockMs;
}

// src/export/metric-plan.ts
var DURATION_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1e3];
var METRIC_SPECS = {
  [METRIC.phaseDuration]: { instrument: "histogram", unit: "s", description: "Duration of one restore phase (lookup, download, extract, writeback)." },
  [METRIC.stepDuration]: { instrument: "histogram", unit: "s", description: "The restore step's time: lookup + download + extraction, until tar exits." },
  [METRIC.untilOnDiskDuration]: {
    instrument: "histogram",
    unit: "s",
    description: "The step time plus the writeback tail: until the restore's files were on disk."
  },
  [METRIC.savePhaseDuration]: { instrument: "histogram", unit: "s", description: "Duration of one save phase (list, archive, reserve, upload, commit)." },
  [METRIC.verdicts]: { instrument: "counter", unit: "{restore}", description: "Profiled restores, by the resource the verdict names." },
  [METRIC.ceilingBandwidth]: { instrument: "gauge", unit: "By/s", description: "A fio probe ceiling: bandwidth." },
  [METRIC.ceilingIops]: { instrument: "gauge", unit: "{operation}/s", description: "A fio probe ceiling: operations per second." }
};
function metricPlan(profile) {
  const clock = restoreClock(profile);
  const base = { [ATTR.label]: profile.label, ...profile.fingerprint ? { [ATTR.fingerprintId]: profile.fingerprint.id } : {} };
  const points = [];
  for (const phase of profile.phases) {
    points.push({ name: METRIC.phaseDuration, value: seconds(phase.endMs - phase.startMs), attributes: { ...base, [ATTR.phase]: phase.name } });
  }
  const v = profile.verdict;
  if (v?.stepMs !== void 0) points.push({ name: METRIC.stepDuration, value: seconds(v.stepMs), attributes: base });
  if (v?.untilOnDiskMs !== void 0) points.push({ name: METRIC.untilOnDiskDuration, value: seconds(v.untilOnDiskMs), attributes: base });
  if (v) points.push({ name: METRIC.verdicts, value: 1, attributes: { ...base, [ATTR.verdictBottleneck]: v.bottleneck } });
  const source = profile.ceilingsSource ? { [ATTR.ceilingsSource]: profile.ceilingsSource.kind } : {};
  for (const p of profile.probes?.status === "ran" ? profile.probes.probes : []) {
    if (p.error) continue;
    const attributes = { ...base, ...source, [ATTR.probe]: p.name };
    points.push({ name: METRIC.ceilingBandwidth, value: p.bytesPerSecond, attributes });
    points.push({ name: METRIC.ceilingIops, value: p.iops, attributes });
  }
  const save = profile.save;
  for (const phase of save?.status === "skipped" ? [] : save?.phases ?? []) {
    points.push({ name: METRIC.savePhaseDuration, value: seconds(phase.endMs - phase.startMs), attributes: { ...base, [ATTR.phase]: phase.name } });
  }
  const first = profile.phases[0];
  const startEpochMs = first ? clock(first.startMs) : clock(0);
  const lastRestore = profile.phases[profile.phases.length - 1];
  const saveAt = save ? saveClock(save) : null;
  const lastSave = save?.phases[save.phases.length - 1];
  const endEpochMs = Math.max(startEpochMs, lastRestore ? clock(lastRestore.endMs) : startEpochMs, saveAt && lastSave ? saveAt(lastSave.endMs) : startEpochMs);
  return { points, startEpochMs, endEpochMs };
}
function seconds(ms) {
  return ms / 1e3;
}

// src/export/otlp-json.ts
var SCOPE = { name: "disk-profiler", version: TOOL_VERSION };
var INT64_LIMIT = 2 ** 63;
function anyValue(value) {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (typeof value === "number") {
    return Number.isInteger(value) && Math.abs(value) < INT64_LIMIT ? { intValue: BigInt(value).toString() } : { doubleValue: value };
  }
  return { arrayValue: { values: value.map(anyValue) } };
}
function keyValues(attributes, limit = Number.POSITIVE_INFINITY) {
  const out = [];
  let dropped = 0;
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "" || value === void 0 || value === null) continue;
    if (out.length >= limit) dropped++;
    else out.push({ key, value: anyValue(value) });
  }
  return { attributes: out, dropped };
}
function resource(attributes) {
  return { attributes: keyValues(attributes).attributes };
}
function unixNanos(epochMs) {
  const seconds2 = Math.trunc(epochMs / 1e3);
  const nanos = Math.round(epochMs % 1e3 * 1e6);
  return (BigInt(seconds2) * 1000000000n + BigInt(nanos)).toString();
}

// src/export/otlp-metrics.ts
var DELTA = 1;
function metricsRequest(plan, resourceAttributes) {
  const times = { startTimeUnixNano: unixNanos(plan.startEpochMs), timeUnixNano: unixNanos(plan.endEpochMs) };
  const metrics = [];
  for (const [name, spec] of Object.entries(METRIC_SPECS)) {
    const sets = aggregates(plan.points.filter((p) => p.name === name && taken(spec.instrument, p.value)));
    if (sets.length === 0) continue;
    const head = { name, description: spec.description, unit: spec.unit };
    metrics.push(metric(head, spec.instrument, sets, times));
  }
  return { resourceMetrics: [{ resource: resource(resourceAttributes), scopeMetrics: metrics.length > 0 ? [{ scope: SCOPE, metrics }] : [] }] };
}
function pointCount(request3) {
  let n = 0;
  for (const rm of request3.resourceMetrics) for (const sm of rm.scopeMetrics) for (const m of sm.metrics) n += dataPoints(m).length;
  return n;
}
function dataPoints(m) {
  if ("histogram" in m) return m.histogram.dataPoints;
  if ("sum" in m) return m.sum.dataPoints;
  return m.gauge.dataPoints;
}
function taken(instrument, value) {
  switch (instrument) {
    case "histogram":
      return value >= 0;
    case "counter":
      return !(value < 0);
    case "gauge":
      return true;
  }
}
function metric(head, instrument, sets, times) {
  switch (instrument) {
    case "histogram":
      return { ...head, histogram: { aggregationTemporality: DELTA, dataPoints: sets.map((s) => histogramPoint(s, times)) } };
    case "counter":
      return {
        ...head,
        sum: {
          aggregationTemporality: DELTA,
          isMonotonic: true,
          dataPoints: sets.map(
            (s) => numberPoint(
              s,
              s.values.reduce((a, b) => a + b, 0),
              times
            )
          )
        }
      };
    case "gauge":
      return { ...head, gauge: { dataPoints: sets.map((s) => numberPoint(s, s.values.at(-1), times)) } };
  }
}
function aggregates(points) {
  const sets = /* @__PURE__ */ new Map();
  for (const p of points) {
    const key = attributeSetKey(p.attributes);
    const set = sets.get(key);
    if (set) set.values.push(p.value);
    else sets.set(key, { attributes: p.attributes, values: [p.value] });
  }
  return [...sets.values()];
}
function attributeSetKey(attributes) {
  return JSON.stringify(
    Object.keys(attributes).sort().map((key) => [key, attributes[key]])
  );
}
function histogramPoint(s, times) {
  const buckets = s.values.map(bucketIndex);
  const bucketCounts = Array.from({ length: DURATION_BUCKETS_S.length + 1 }, (_, i) => buckets.filter((b) => b === i).length);
  return {
    attributes: keyValues(s.attributes).attributes,
    ...times,
    count: String(s.values.length),
    sum: s.values.reduce((a, b) => a + b, 0),
    min: Math.min(...s.values),
    max: Math.max(...s.values),
    bucketCounts: bucketCounts.map(String),
    explicitBounds: DURATION_BUCKETS_S
  };
}
function bucketIndex(value) {
  const i = DURATION_BUCKETS_S.findIndex((bound) => value <= bound);
  return i === -1 ? DURATION_BUCKETS_S.length : i;
}
function numberPoint(s, value, times) {
  return { attributes: keyValues(s.attributes).attributes, ...times, asDouble: value };
}

// src/export/otlp-post.ts
var http = __toESM(require_http(), 1);
var https = __toESM(require_https(), 1);
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
var REJECTED_FIELD = { spans: "rejectedSpans", "metric points": "rejectedDataPoints" };
var RETRY = { attempts: 5, firstPauseMs: 1e3, factor: 1.5, maxPauseMs: 5e3, jitter: 0.2 };
var RETRYABLE_STATUS = [429, 502, 503, 504];
var RETRYABLE_NETWORK_CODES = [
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "ENOTFOUND",
  "ENETUNREACH",
  "EHOSTUNREACH"
];
var MAX_ANSWER_BYTES = 64 * 1024;
async function postOtlp(body, target, signal) {
  const deadline = Date.now() + target.timeoutMs;
  let request3;
  try {
    request3 = prepare(body, target);
  } catch (error) {
    return errorMessage(error);
  }
  let pauseMs = RETRY.firstPauseMs;
  let attempt = await postOnce(request3, target, target.timeoutMs);
  for (let retries = 0; attempt.kind === "retryable" && retries < RETRY.attempts; retries++) {
    const jittered = Math.min(pauseMs * (1 + (Math.random() * 2 - 1) * RETRY.jitter), RETRY.maxPauseMs);
    const waitMs = attempt.retryAfterMs ?? jittered;
    pauseMs *= RETRY.factor;
    const leftMs = deadline - Date.now();
    if (waitMs > leftMs) break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    attempt = await postOnce(request3, target, deadline - Date.now());
  }
  if (attempt.kind !== "taken") return attempt.message;
  return rejected(attempt.body, signal);
}
function prepare(body, target) {
  const gzip = target.compression === "gzip";
  const payload = gzip ? gzipSync(body) : Buffer.from(body, "utf8");
  const headers = {
    ...target.headers,
    "Content-Type": "application/json",
    ...gzip ? { "Content-Encoding": "gzip" } : {},
    "Content-Length": String(payload.length),
    "User-Agent": `disk-profiler/${TOOL_VERSION}`
  };
  return { payload, headers, tls: readTls(target.tls) };
}
function readTls(files) {
  const out = {};
  for (const [part, file] of Object.entries(files)) {
    if (file === void 0) continue;
    try {
      out[part] = readFileSync(file);
    } catch (error) {
      throw new Error(`the TLS file ${file} could not be read: ${errorMessage(error)}`);
    }
  }
  return out;
}
function postOnce(request3, target, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (a) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
    const url = new URL(target.url);
    const options = { method: "POST", headers: request3.headers, agent: false };
    const answered = (res) => {
      const chunks = [];
      let size = 0;
      res.on("data", (chunk) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      const status = res.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      res.on("error", (error) => settle(ok ? { kind: "taken", body: "" } : { kind: "failed", message: error.message }));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (ok) return settle({ kind: "taken", body: text });
        const message = `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ""}${answerExcerpt(text)}`;
        if (RETRYABLE_STATUS.includes(status)) settle({ kind: "retryable", message, retryAfterMs: retryAfterMs(res.headers["retry-after"]) });
        else settle({ kind: "failed", message });
      });
    };
    const req = url.protocol === "https:" ? https.request(url, { ...options, ...request3.tls }, answered) : http.request(url, options, answered);
    req.setTimeout(Math.max(1, timeoutMs), () => {
      settle({ kind: "retryable", message: `no answer within ${Math.round(timeoutMs)} ms`, retryAfterMs: null });
      req.destroy();
    });
    req.on("error", (error) => {
      const retryable = error.code !== void 0 && RETRYABLE_NETWORK_CODES.includes(error.code);
      settle(retryable ? { kind: "retryable", message: error.message, retryAfterMs: null } : { kind: "failed", message: error.message });
    });
    req.end(request3.payload);
  });
}
function answerExcerpt(text) {
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return "";
  return `: ${line.length > 200 ? `${line.slice(0, 200)}\u2026` : line}`;
}
function retryAfterMs(header) {
  if (!header) return null;
  const seconds2 = Number(header.trim());
  if (Number.isFinite(seconds2)) return Math.max(0, seconds2 * 1e3);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}
function rejected(answer, signal) {
  let parsed;
  try {
    parsed = answer.trim() ? JSON.parse(answer) : {};
  } catch {
    return null;
  }
  const partial = parsed ?? {};
  const p = partial.partialSuccess ?? partial.partial_success;
  if (!p || typeof p !== "object") return null;
  const field = REJECTED_FIELD[signal];
  const snake = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const count = Number(p[field] ?? p[snake] ?? 0);
  if (!(count > 0)) return null;
  const why = p.errorMessage ?? p.error_message;
  return `the collector rejected ${count} of the ${signal}${typeof why === "string" && why ? `: ${why}` : ""}`;
}

// src/export/otlp-trace.ts
import { randomBytes } from "node:crypto";
var SPAN_KIND_INTERNAL = 1;
var STATUS_CODE_ERROR = 2;
var FLAG_SAMPLED = 1;
var FLAG_HAS_IS_REMOTE = 256;
var FLAG_IS_REMOTE = 512;
var SPAN_LIMITS = { attributes: 128, events: 128, attributesPerEvent: 128 };
var RANDOM_IDS = { traceId: () => randomHex(16), spanId: () => randomHex(8) };
function randomHex(bytes) {
  for (; ; ) {
    const hex = randomBytes(bytes).toString("hex");
    if (/[^0]/.test(hex)) return hex;
  }
}
function traceRequest(plan, resourceAttributes, ids = RANDOM_IDS) {
  const spans = [];
  for (const s of plan) {
    const local = s.parent === null ? void 0 : spans[s.parent];
    const traceId = local?.traceId ?? s.remoteParent?.traceId ?? ids.traceId();
    const parentSpanId = local?.spanId ?? s.remoteParent?.spanId;
    spans.push(otlpSpan(s, traceId, ids.spanId(), parentSpanId, !local && s.remoteParent !== void 0));
  }
  return { resourceSpans: [{ resource: resource(resourceAttributes), scopeSpans: [{ scope: SCOPE, spans }] }] };
}
function otlpSpan(s, traceId, spanId, parentSpanId, remoteParent) {
  const { attributes, dropped } = keyValues(s.attributes, SPAN_LIMITS.attributes);
  const events = s.events.slice(-SPAN_LIMITS.events).map((e) => {
    const encoded = keyValues(e.attributes, SPAN_LIMITS.attributesPerEvent);
    return {
      name: e.name,
      timeUnixNano: unixNanos(e.epochMs),
      attributes: encoded.attributes,
      ...encoded.dropped > 0 ? { droppedAttributesCount: encoded.dropped } : {}
    };
  });
  const droppedEvents = s.events.length - events.length;
  return {
    traceId,
    spanId,
    ...parentSpanId ? { parentSpanId } : {},
    flags: FLAG_SAMPLED | FLAG_HAS_IS_REMOTE | (remoteParent ? FLAG_IS_REMOTE : 0),
    name: s.name,
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: unixNanos(s.startEpochMs),
    // An end before the start is sent as a span of no duration, as the SDK ended it.
    endTimeUnixNano: unixNanos(Math.max(s.startEpochMs, s.endEpochMs)),
    attributes,
    ...dropped > 0 ? { droppedAttributesCount: dropped } : {},
    events,
    ...droppedEvents > 0 ? { droppedEventsCount: droppedEvents } : {},
    ...s.error ? { status: { code: STATUS_CODE_ERROR, message: s.error } } : {}
  };
}

// src/export/trace-nesting.ts
function nestedPlan(plan, parent) {
  const root = plan[0];
  if (parent.kind === "own" || !root || root.parent !== null) return [...plan];
  const rest = plan.slice(1);
  const firstOfStep = rest.findIndex((s) => s.parent === 0 && s.name !== SPAN.save);
  return rest.map((s, i) => {
    if (s.parent !== 0) return { ...s, parent: s.parent === null ? null : s.parent - 1 };
    const spanId = s.name === SPAN.save ? parent.postStepSpanId : parent.stepSpanId;
    return {
      ...s,
      parent: null,
      remoteParent: { traceId: parent.traceId, spanId },
      ...i === firstOfStep ? { attributes: { ...root.attributes, ...s.attributes } } : {}
    };
  });
}

// src/export/trace-plan.ts
function tracePlan(profile) {
  const clock = restoreClock(profile);
  const spans = [];
  const add = (span) => spans.push({ events: [], ...span }) - 1;
  const root = add({ name: SPAN.step, parent: null, startEpochMs: clock(0), endEpochMs: clock(0), attributes: summaryAttributes(profile) });
  restoreSpans(profile, clock, root, add);
  const restoreEnd = Math.max(clock(0), ...spans.map((s) => s.endEpochMs));
  const probesEnd = probeSpans(profile, clock, root, restoreEnd, add);
  experimentSpans(profile, clock, root, probesEnd, add);
  if (profile.save) saveSpans(profile.save, root, add);
  const children = spans.slice(1);
  if (children.length > 0) {
    spans[root] = {
      ...spans[root],
      startEpochMs: Math.min(...children.map((s) => s.startEpochMs)),
      endEpochMs: Math.max(...children.map((s) => s.endEpochMs))
    };
  }
  return spans;
}
function summaryAttributes(profile) {
  const a = { [ATTR.label]: profile.label, ...verdictAttributes(profile), ...ceilingAttributes(profile) };
  if (profile.fingerprint) {
    a[ATTR.fingerprintId] = profile.fingerprint.id;
    a[ATTR.fingerprintDescription] = describeFingerprint(profile.fingerprint);
  }
  if (profile.history) {
    a[ATTR.regression] = profile.history.regressions.length > 0;
    a[ATTR.regressionMetrics] = profile.history.regressions.map((r) => r.metric);
  }
  return a;
}
function verdictAttributes(profile) {
  const v = profile.verdict;
  if (!v) return {};
  const a = { [ATTR.verdictBottleneck]: v.bottleneck, [ATTR.verdictSentence]: sayVerdict(v, profile) };
  if (v.about) a[ATTR.verdictAbout] = v.about;
  if (v.phase) a[ATTR.verdictPhase] = v.phase;
  if (v.stepMs !== void 0) a[ATTR.stepMs] = v.stepMs;
  if (v.untilOnDiskMs !== void 0) a[ATTR.untilOnDiskMs] = v.untilOnDiskMs;
  return a;
}
function ceilingAttributes(profile) {
  const a = {};
  if (profile.ceilingsSource) a[ATTR.ceilingsSource] = profile.ceilingsSource.kind;
  const ok = (name) => profile.probes?.probes.find((p) => p.name === name && !p.error);
  const seqRead = ok("seq-read");
  const seqWrite = ok("seq-write");
  const randRead = ok("rand-read");
  const randWrite = ok("rand-write");
  if (seqRead) a[ATTR.ceilingSeqReadBytesPerSecond] = seqRead.bytesPerSecond;
  if (seqWrite) a[ATTR.ceilingSeqWriteBytesPerSecond] = seqWrite.bytesPerSecond;
  if (randRead) a[ATTR.ceilingRandReadIops] = randRead.iops;
  if (randWrite) a[ATTR.ceilingRandWriteIops] = randWrite.iops;
  return a;
}
function restoreSpans(profile, clock, root, add) {
  const first = profile.phases[0];
  const last = profile.phases[profile.phases.length - 1];
  if (!first || !last) return;
  const r = profile.restore;
  const restore = add({
    name: SPAN.restore,
    parent: root,
    startEpochMs: clock(first.startMs),
    endEpochMs: clock(last.endMs),
    attributes: {
      ...verdictAttributes(profile),
      ...r ? { [ATTR.cacheHit]: r.cacheHit, [ATTR.exactMatch]: r.exactMatch } : {},
      ...r?.archiveBytes != null ? { [ATTR.archiveBytes]: r.archiveBytes } : {}
    },
    ...r?.error ? { error: `${r.error.phase}: ${r.error.message}` } : {}
  });
  const stalls = profile.verdict?.download?.stalls ?? [];
  for (const phase of profile.phases) {
    const judged = profile.verdict?.phases.find((p) => p.phase === phase.name);
    add({
      name: SPAN.phase(phase.name),
      parent: restore,
      startEpochMs: clock(phase.startMs),
      endEpochMs: clock(phase.endMs),
      attributes: { [ATTR.phase]: phase.name, ...judged ? { [ATTR.phaseBottleneck]: judged.bottleneck } : {} },
      events: phase.name === "download" ? stalls.map((s) => stallEvent(s, s.wholeDownloadMs, clock)) : [],
      ...r?.error?.phase === phase.name ? { error: r.error.message } : {}
    });
  }
}
function probeSpans(profile, clock, root, restoreEndEpochMs, add) {
  const suite = profile.probes;
  if (suite?.status !== "ran" || profile.ceilingsSource?.kind === "remembered") return restoreEndEpochMs;
  const start = suite.startMs !== void 0 ? clock(suite.startMs) : restoreEndEpochMs;
  const probes = add({
    name: SPAN.probes,
    parent: root,
    startEpochMs: start,
    endEpochMs: start + suite.wallMs,
    attributes: { ...ceilingAttributes(profile), [ATTR.spanStart]: suite.startMs !== void 0 ? "measured" : "ordered" }
  });
  let at = start;
  for (const p of suite.probes) {
    add({
      name: SPAN.probe(p.name),
      parent: probes,
      startEpochMs: at,
      endEpochMs: at + p.wallMs,
      attributes: { [ATTR.probe]: p.name, [ATTR.probeBytesPerSecond]: p.bytesPerSecond, [ATTR.probeIops]: p.iops, [ATTR.spanStart]: "ordered" },
      ...p.error ? { error: p.error } : {}
    });
    at += p.wallMs;
  }
  return start + suite.wallMs;
}
function experimentSpans(profile, clock, root, probesEndEpochMs, add) {
  const e = profile.experiments;
  if (e?.status !== "ran") return;
  const start = e.startMs !== void 0 ? clock(e.startMs) : probesEndEpochMs;
  const parent = add({
    name: SPAN.experiments,
    parent: root,
    startEpochMs: start,
    endEpochMs: start + e.wallMs,
    attributes: { [ATTR.spanStart]: e.startMs !== void 0 ? "measured" : "ordered" }
  });
  let at = start;
  if (e.refetch) {
    add({ name: SPAN.refetch, parent, startEpochMs: at, endEpochMs: at + e.refetch.durationMs, attributes: { [ATTR.spanStart]: "ordered" } });
    at += e.refetch.durationMs;
  }
  for (const run of e.runs) {
    const durationMs = run.untilOnDiskMs;
    add({
      name: SPAN.experimentRun(run.alternative),
      parent,
      startEpochMs: at,
      endEpochMs: at + durationMs,
      attributes: {
        [ATTR.alternative]: run.alternative,
        ...run.mountPoint ? { [ATTR.mountPoint]: run.mountPoint } : {},
        [ATTR.stepMs]: run.stepMs,
        [ATTR.untilOnDiskMs]: run.untilOnDiskMs,
        [ATTR.spanStart]: "ordered"
      },
      ...run.error ? { error: run.error } : {}
    });
    at += durationMs;
  }
}
function saveSpans(save, root, add) {
  const clock = saveClock(save);
  const first = save.phases[0];
  const last = save.phases[save.phases.length - 1];
  if (!clock || !first || !last) return;
  const parent = add({
    name: SPAN.save,
    parent: root,
    startEpochMs: clock(first.startMs),
    endEpochMs: clock(last.endMs),
    attributes: {
      [ATTR.saveStatus]: save.status,
      ...save.verdict ? { [ATTR.saveBottleneck]: save.verdict.bottleneck } : {},
      ...save.archiveBytes != null ? { [ATTR.archiveBytes]: save.archiveBytes } : {},
      ...save.verdict?.upload ? { [ATTR.uploadLimit]: save.verdict.upload.limit } : {}
    },
    ...save.error ? { error: `${save.error.phase}: ${save.error.message}` } : {}
  });
  const stalls = save.verdict?.upload?.stalls ?? [];
  for (const phase of save.phases) {
    const judged = save.verdict?.phases.find((p) => p.phase === phase.name);
    add({
      name: SPAN.savePhase(phase.name),
      parent,
      startEpochMs: clock(phase.startMs),
      endEpochMs: clock(phase.endMs),
      attributes: { [ATTR.phase]: phase.name, ...judged ? { [ATTR.phaseBottleneck]: judged.bottleneck } : {} },
      events: phase.name === "upload" ? stalls.map((s) => stallEvent(s, s.wholeUploadMs, clock)) : [],
      ...save.error?.phase === phase.name ? { error: save.error.message } : {}
    });
  }
}
function stallEvent(s, wholeMs, clock) {
  return {
    name: SPAN.stallEvent,
    epochMs: clock(s.startMs),
    attributes: {
      [ATTR.stallKind]: s.kind,
      [ATTR.stallRequestId]: s.requestId,
      [ATTR.stallDurationMs]: s.durationMs,
      [ATTR.stallAtBytes]: s.atBytes,
      [ATTR.stallWholeMs]: wholeMs
    }
  };
}

// src/export/export-profile.ts
async function exportProfile(profile, c) {
  const now = c.nowMs ?? (() => performance.now());
  const started = now();
  const { settings } = c;
  const parent = c.parent ?? OWN_TRACE;
  const counted = { spans: 0, points: 0 };
  let timer;
  const bound = new Promise((resolve) => {
    timer = setTimeout(() => resolve([`no answer within the ${settings.timeoutMs / 1e3} s bound (otel-timeout-seconds)`]), settings.timeoutMs);
  });
  const work = (async () => {
    const resource2 = traceResourceAttributes(profile, c.ci, c.env);
    const sends = [];
    const target = (url, headers, transport) => ({
      url,
      headers,
      ...transport,
      timeoutMs: settings.timeoutMs
    });
    if (settings.tracesUrl) {
      const plan = nestedPlan(tracePlan(profile), parent);
      counted.spans = plan.length;
      const body = JSON.stringify(traceRequest(plan, resource2));
      sends.push(postOtlp(body, target(settings.tracesUrl, settings.tracesHeaders, settings.tracesTransport), "spans").then((e) => e && `traces: ${e}`));
    }
    if (settings.metricsUrl) {
      const request3 = metricsRequest(metricPlan(profile), metricResourceAttributes(resource2, settings.perRunMetricAttributes));
      counted.points = pointCount(request3);
      sends.push(
        postOtlp(JSON.stringify(request3), target(settings.metricsUrl, settings.metricsHeaders, settings.metricsTransport), "metric points").then(
          (e) => e && `metrics: ${e}`
        )
      );
    }
    return (await Promise.all(sends)).filter((e) => e !== null);
  })().catch((error) => [errorMessage(error)]);
  try {
    const failures = await Promise.race([work, bound]);
    return {
      shownEndpoint: settings.shownEndpoint,
      durationMs: now() - started,
      boundMs: settings.timeoutMs,
      ...counted,
      parent: settings.tracesUrl ? c.parent ?? null : null,
      failures: failures.map((f) => scrub(f, settings.secrets))
    };
  } finally {
    clearTimeout(timer);
  }
}

export {
  exportProfile
};
