// The export tests' collector: tools/bench/otel-collector.ts (shared with the repeat-run bench) behind the
// prerequisite rule: in CI (CI=true) a missing Go/collector fails the test file; the OTLP JSON it writes, typed.
import { collectorCanBeHad, freePort, startCollector as start, type CollectorFlavour } from '../../tools/bench/otel-collector.js';
import { prerequisite } from './prerequisites.js';

export { freePort };

/** Whether the collector can be had here (built already, or Go to build it); `github`: the one with the GitHub receiver. */
export function collectorAvailable(flavour: CollectorFlavour = 'export'): boolean {
  return prerequisite(`the OpenTelemetry Collector (scripts/otel-collector.sh ${flavour}, needs Go)`, collectorCanBeHad(flavour));
}

export interface RunningCollector {
  endpoint: string;
  prometheusUrl: string | null;
  githubWebhookUrl: string | null;
  traces(): OtlpTraces[];
  metrics(): OtlpMetrics[];
  waitFor(signal: 'traces' | 'metrics', n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startCollector(options: { prometheus?: boolean; githubSecret?: string } = {}): Promise<RunningCollector> {
  const c = await start(options);
  return {
    endpoint: c.endpoint,
    prometheusUrl: c.prometheusUrl,
    githubWebhookUrl: c.githubWebhookUrl,
    traces: () => c.received('traces') as OtlpTraces[],
    metrics: () => c.received('metrics') as OtlpMetrics[],
    waitFor: (signal, n, timeoutMs) => c.waitFor(signal, n, timeoutMs),
    stop: () => c.stop(),
  };
}

// The OTLP JSON the file exporter writes (the parts the tests read).
export interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: OtlpAttribute['value'][] } };
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpAttribute[];
  events?: { name: string; timeUnixNano: string; attributes?: OtlpAttribute[] }[];
  status?: { code?: number; message?: string };
}
export interface OtlpTraces {
  resourceSpans: { resource: { attributes?: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}
export interface OtlpDataPoint {
  attributes?: OtlpAttribute[];
  startTimeUnixNano: string;
  timeUnixNano: string;
  asDouble?: number;
  asInt?: string;
  count?: string;
  sum?: number;
}
export interface OtlpMetric {
  name: string;
  unit?: string;
  histogram?: { dataPoints: OtlpDataPoint[]; aggregationTemporality?: number };
  sum?: { dataPoints: OtlpDataPoint[]; aggregationTemporality?: number };
  gauge?: { dataPoints: OtlpDataPoint[] };
}
export interface OtlpMetrics {
  resourceMetrics: { resource: { attributes?: OtlpAttribute[] }; scopeMetrics: { metrics: OtlpMetric[] }[] }[];
}

/** OTLP attributes as a plain record (arrays as arrays, int64 strings as numbers). */
export function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const value = (v: OtlpAttribute['value']): unknown =>
    v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.doubleValue ?? v.boolValue ?? v.arrayValue?.values?.map(value) ?? [];
  return Object.fromEntries((list ?? []).map((a) => [a.key, value(a.value)]));
}

/** Unix nanoseconds (a decimal string) to epoch milliseconds. */
export function nanosToMs(nanos: string): number {
  return Number(BigInt(nanos) / 1000n) / 1000;
}
