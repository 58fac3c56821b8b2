/**
 * The edge that sends a trace plan: SDK spans with the plan's times and parents, exported in one
 * OTLP/HTTP request by the OpenTelemetry JS exporter. Nothing here decides what a span says.
 */
import { ROOT_CONTEXT, SpanStatusCode, TraceFlags, trace, type Context, type Span } from '@opentelemetry/api';
import { ExportResultCode, millisToHrTime } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { TOOL_VERSION } from '../version.js';
import type { SignalTarget } from './send-metrics.js';
import type { SpanPlan } from './trace-plan.js';

/** The plan as finished SDK spans (one trace: its own, or the remote parents'), under the given resource. */
export async function sdkSpans(plan: readonly SpanPlan[], resource: Record<string, string>): Promise<ReadableSpan[]> {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({ resource: resourceFromAttributes(resource), spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
  const tracer = provider.getTracer('disk-profiler', TOOL_VERSION);
  const made: Span[] = [];
  for (const s of plan) {
    const parent = s.parent === null ? undefined : made[s.parent];
    const context = parentContext(parent, s);
    const span = tracer.startSpan(s.name, { startTime: millisToHrTime(s.startEpochMs), attributes: s.attributes, root: context === ROOT_CONTEXT }, context);
    for (const e of s.events) span.addEvent(e.name, e.attributes, millisToHrTime(e.epochMs));
    if (s.error) span.setStatus({ code: SpanStatusCode.ERROR, message: s.error });
    made.push(span);
  }
  for (const [i, span] of made.entries()) span.end(millisToHrTime((plan[i] as SpanPlan).endEpochMs));
  await provider.forceFlush();
  const spans = memory.getFinishedSpans();
  await provider.shutdown();
  return spans;
}

function parentContext(parent: Span | undefined, s: SpanPlan): Context {
  if (parent) return trace.setSpan(ROOT_CONTEXT, parent);
  if (!s.remoteParent) return ROOT_CONTEXT;
  // Sampled, as the receiver's spans are sent whole: the SDK's parent-based sampler then keeps ours.
  return trace.setSpanContext(ROOT_CONTEXT, { ...s.remoteParent, traceFlags: TraceFlags.SAMPLED, isRemote: true });
}

/** One export of the spans; resolves with the exporter's error message, or null when the collector took them. */
export async function sendSpans(spans: ReadableSpan[], target: SignalTarget): Promise<string | null> {
  const exporter = new OTLPTraceExporter({ url: target.url, headers: target.headers, timeoutMillis: target.timeoutMs });
  try {
    const result = await new Promise<{ code: ExportResultCode; error?: Error }>((resolve) => exporter.export(spans, resolve));
    return result.code === ExportResultCode.SUCCESS ? null : (result.error?.message ?? 'the exporter reported a failure');
  } finally {
    void exporter.shutdown().catch(() => undefined);
  }
}
