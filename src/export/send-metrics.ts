/**
 * The edge that sends a metric plan: recorded on SDK instruments (delta temporality: each job reports
 * its own observations), collected once, stamped with the profile's interval instead of the export's
 * time, and exported in one OTLP/HTTP request by the OpenTelemetry JS exporter.
 */
import type { Attributes as OtelAttributes } from '@opentelemetry/api';
import { ExportResultCode, millisToHrTime } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationTemporality, MeterProvider, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { TOOL_VERSION } from '../version.js';
import { DURATION_BUCKETS_S, METRIC_SPECS, type MetricName, type MetricPlan } from './metric-plan.js';

export interface SignalTarget {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** Collects on demand only: the export is one request, made by sendMetrics. */
class OnDemandReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.DELTA });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

export async function sdkMetrics(plan: MetricPlan, resource: Record<string, string>): Promise<ResourceMetrics> {
  const reader = new OnDemandReader();
  const provider = new MeterProvider({ resource: resourceFromAttributes(resource), readers: [reader] });
  const meter = provider.getMeter('disk-profiler', TOOL_VERSION);
  const record = new Map<MetricName, (value: number, attributes: OtelAttributes) => void>();
  for (const [name, spec] of Object.entries(METRIC_SPECS) as [MetricName, (typeof METRIC_SPECS)[MetricName]][]) {
    const options = { unit: spec.unit, description: spec.description };
    if (spec.instrument === 'histogram') {
      const h = meter.createHistogram(name, { ...options, advice: { explicitBucketBoundaries: DURATION_BUCKETS_S } });
      record.set(name, (v, a) => h.record(v, a));
    } else if (spec.instrument === 'counter') {
      const c = meter.createCounter(name, options);
      record.set(name, (v, a) => c.add(v, a));
    } else {
      const g = meter.createGauge(name, options);
      record.set(name, (v, a) => g.record(v, a));
    }
  }
  for (const p of plan.points) record.get(p.name)?.(p.value, p.attributes);
  const { resourceMetrics } = await reader.collect();
  await provider.shutdown();
  const start = millisToHrTime(plan.startEpochMs);
  const end = millisToHrTime(plan.endEpochMs);
  for (const scope of resourceMetrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      for (const point of metric.dataPoints as { startTime: unknown; endTime: unknown }[]) {
        point.startTime = start;
        point.endTime = end;
      }
    }
  }
  return resourceMetrics;
}

/** One export of the collected metrics; resolves with the exporter's error message, or null when taken. */
export async function sendMetrics(metrics: ResourceMetrics, target: SignalTarget): Promise<string | null> {
  const exporter = new OTLPMetricExporter({ url: target.url, headers: target.headers, timeoutMillis: target.timeoutMs });
  try {
    const result = await new Promise<{ code: ExportResultCode; error?: Error }>((resolve) => exporter.export(metrics, resolve));
    return result.code === ExportResultCode.SUCCESS ? null : (result.error?.message ?? 'the exporter reported a failure');
  } finally {
    void exporter.shutdown().catch(() => undefined);
  }
}

export function pointCount(metrics: ResourceMetrics): number {
  return metrics.scopeMetrics.reduce((n, s) => n + s.metrics.reduce((m, x) => m + x.dataPoints.length, 0), 0);
}
