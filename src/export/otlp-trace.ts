/**
 * A trace plan as an OTLP/JSON ExportTraceServiceRequest (opentelemetry-proto trace/v1): one resource, one
 * scope, a span per planned span with the plan's times, parents, attributes, events and status. Ids are
 * lowercase hex, as OTLP/JSON carries them. A span with no parent here starts a trace of its own (new ids),
 * or, under a remote parent (trace-nesting.ts), joins that parent's trace, sampled: the receiver's spans are
 * sent whole. Pure but for the ids, whose source is given.
 */
import { randomBytes } from 'node:crypto';
import { keyValues, resource, SCOPE, unixNanos, type OtlpKeyValue, type OtlpResource, type OtlpScope } from './otlp-json.js';
import type { ResourceAttributes } from './resource-attributes.js';
import type { SpanPlan } from './trace-plan.js';

/** SPAN_KIND_INTERNAL: every span is work inside the step. */
const SPAN_KIND_INTERNAL = 1;
/** STATUS_CODE_ERROR; a span that did not fail has its status unset (left out). */
const STATUS_CODE_ERROR = 2;
// SpanFlags: the W3C trace flags (sampled) in the low byte; 0x100 says whether the parent was remote is known, 0x200 that it was.
const FLAG_SAMPLED = 0x1;
const FLAG_HAS_IS_REMOTE = 0x100;
const FLAG_IS_REMOTE = 0x200;
/** The OpenTelemetry SDK's default span limits, under which the export sent before: kept so a collector sees the same. */
export const SPAN_LIMITS = { attributes: 128, events: 128, attributesPerEvent: 128 } as const;

export interface OtlpEvent {
  name: string;
  timeUnixNano: string;
  attributes: OtlpKeyValue[];
  droppedAttributesCount?: number;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  flags: number;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  droppedAttributesCount?: number;
  events: OtlpEvent[];
  droppedEventsCount?: number;
  status?: { code: number; message: string };
}

export interface ExportTraceServiceRequest {
  resourceSpans: { resource: OtlpResource; scopeSpans: { scope: OtlpScope; spans: OtlpSpan[] }[] }[];
}

/** Where new ids come from: random (the SDK's generator did the same) unless a test fixes them. */
export interface IdSource {
  /** 32 hex digits. */
  traceId(): string;
  /** 16 hex digits. */
  spanId(): string;
}

export const RANDOM_IDS: IdSource = { traceId: () => randomHex(16), spanId: () => randomHex(8) };

/** Random bytes as hex, never all zero (an invalid id). */
function randomHex(bytes: number): string {
  for (;;) {
    const hex = randomBytes(bytes).toString('hex');
    if (/[^0]/.test(hex)) return hex;
  }
}

export function traceRequest(plan: readonly SpanPlan[], resourceAttributes: ResourceAttributes, ids: IdSource = RANDOM_IDS): ExportTraceServiceRequest {
  const spans: OtlpSpan[] = [];
  for (const s of plan) {
    // Parents come first in a plan: the parent's span is already made.
    const local = s.parent === null ? undefined : spans[s.parent];
    const traceId = local?.traceId ?? s.remoteParent?.traceId ?? ids.traceId();
    const parentSpanId = local?.spanId ?? s.remoteParent?.spanId;
    spans.push(otlpSpan(s, traceId, ids.spanId(), parentSpanId, !local && s.remoteParent !== undefined));
  }
  return { resourceSpans: [{ resource: resource(resourceAttributes), scopeSpans: [{ scope: SCOPE, spans }] }] };
}

function otlpSpan(s: SpanPlan, traceId: string, spanId: string, parentSpanId: string | undefined, remoteParent: boolean): OtlpSpan {
  const { attributes, dropped } = keyValues(s.attributes, SPAN_LIMITS.attributes);
  // Past the limit the SDK kept the latest events.
  const events = s.events.slice(-SPAN_LIMITS.events).map((e): OtlpEvent => {
    const encoded = keyValues(e.attributes, SPAN_LIMITS.attributesPerEvent);
    return {
      name: e.name,
      timeUnixNano: unixNanos(e.epochMs),
      attributes: encoded.attributes,
      ...(encoded.dropped > 0 ? { droppedAttributesCount: encoded.dropped } : {}),
    };
  });
  const droppedEvents = s.events.length - events.length;
  return {
    traceId,
    spanId,
    ...(parentSpanId ? { parentSpanId } : {}),
    flags: FLAG_SAMPLED | FLAG_HAS_IS_REMOTE | (remoteParent ? FLAG_IS_REMOTE : 0),
    name: s.name,
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: unixNanos(s.startEpochMs),
    // An end before the start is sent as a span of no duration, as the SDK ended it.
    endTimeUnixNano: unixNanos(Math.max(s.startEpochMs, s.endEpochMs)),
    attributes,
    ...(dropped > 0 ? { droppedAttributesCount: dropped } : {}),
    events,
    ...(droppedEvents > 0 ? { droppedEventsCount: droppedEvents } : {}),
    ...(s.error ? { status: { code: STATUS_CODE_ERROR, message: s.error } } : {}),
  };
}
