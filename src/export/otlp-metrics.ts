/**
 * A metric plan as an OTLP/JSON ExportMetricsServiceRequest (opentelemetry-proto metrics/v1), aggregated as the
 * OpenTelemetry SDK's instruments aggregate one collection with delta temporality (each job reports its own
 * observations): the points of a metric grouped by their attribute set (the same keys and values in any order),
 * a histogram's count, sum, min, max and explicit bucket counts per set, a counter's sum (monotonic), a gauge's
 * last value. Every point is stamped with the plan's interval, not the export's time. Pure.
 */
import { keyValues, resource, SCOPE, unixNanos, type OtlpKeyValue, type OtlpResource, type OtlpScope } from './otlp-json.js';
import { DURATION_BUCKETS_S, METRIC_SPECS, type Instrument, type MetricName, type MetricPlan, type MetricPoint } from './metric-plan.js';
import type { ResourceAttributes } from './resource-attributes.js';
import type { Attributes } from './trace-plan.js';

/** AGGREGATION_TEMPORALITY_DELTA. */
const DELTA = 1;

interface PointTimes {
  startTimeUnixNano: string;
  timeUnixNano: string;
}

export interface OtlpHistogramPoint extends PointTimes {
  attributes: OtlpKeyValue[];
  count: string;
  sum: number;
  min: number;
  max: number;
  bucketCounts: string[];
  explicitBounds: number[];
}

export interface OtlpNumberPoint extends PointTimes {
  attributes: OtlpKeyValue[];
  asDouble: number;
}

interface MetricHead {
  name: MetricName;
  description: string;
  unit: string;
}

export type OtlpMetric = MetricHead &
  (
    | { histogram: { aggregationTemporality: number; dataPoints: OtlpHistogramPoint[] } }
    | { sum: { aggregationTemporality: number; isMonotonic: true; dataPoints: OtlpNumberPoint[] } }
    | { gauge: { dataPoints: OtlpNumberPoint[] } }
  );

export interface ExportMetricsServiceRequest {
  resourceMetrics: { resource: OtlpResource; scopeMetrics: { scope: OtlpScope; metrics: OtlpMetric[] }[] }[];
}

/** What one attribute set of one metric holds so far. */
interface Aggregate {
  attributes: Attributes;
  values: number[];
}

export function metricsRequest(plan: MetricPlan, resourceAttributes: ResourceAttributes): ExportMetricsServiceRequest {
  const times: PointTimes = { startTimeUnixNano: unixNanos(plan.startEpochMs), timeUnixNano: unixNanos(plan.endEpochMs) };
  const metrics: OtlpMetric[] = [];
  // In the specs' order, as the SDK's instruments were made; a metric without a point is not sent.
  for (const [name, spec] of Object.entries(METRIC_SPECS) as [MetricName, (typeof METRIC_SPECS)[MetricName]][]) {
    const sets = aggregates(plan.points.filter((p) => p.name === name && taken(spec.instrument, p.value)));
    if (sets.length === 0) continue;
    const head: MetricHead = { name, description: spec.description, unit: spec.unit };
    metrics.push(metric(head, spec.instrument, sets, times));
  }
  // Sent with no metric too (a profile with nothing measured), as the SDK's collection was.
  return { resourceMetrics: [{ resource: resource(resourceAttributes), scopeMetrics: metrics.length > 0 ? [{ scope: SCOPE, metrics }] : [] }] };
}

/** The data points the request holds. */
export function pointCount(request: ExportMetricsServiceRequest): number {
  let n = 0;
  for (const rm of request.resourceMetrics) for (const sm of rm.scopeMetrics) for (const m of sm.metrics) n += dataPoints(m).length;
  return n;
}

function dataPoints(m: OtlpMetric): unknown[] {
  if ('histogram' in m) return m.histogram.dataPoints;
  if ('sum' in m) return m.sum.dataPoints;
  return m.gauge.dataPoints;
}

/** What the SDK's instruments record: a histogram or counter no negative value (nor a histogram NaN). */
function taken(instrument: Instrument, value: number): boolean {
  switch (instrument) {
    case 'histogram':
      return value >= 0;
    case 'counter':
      return !(value < 0);
    case 'gauge':
      return true;
  }
}

function metric(head: MetricHead, instrument: Instrument, sets: Aggregate[], times: PointTimes): OtlpMetric {
  switch (instrument) {
    case 'histogram':
      return { ...head, histogram: { aggregationTemporality: DELTA, dataPoints: sets.map((s) => histogramPoint(s, times)) } };
    case 'counter':
      return {
        ...head,
        sum: {
          aggregationTemporality: DELTA,
          isMonotonic: true,
          dataPoints: sets.map((s) =>
            numberPoint(
              s,
              s.values.reduce((a, b) => a + b, 0),
              times,
            ),
          ),
        },
      };
    case 'gauge':
      return { ...head, gauge: { dataPoints: sets.map((s) => numberPoint(s, s.values.at(-1) as number, times)) } };
  }
}

/** The points grouped by attribute set, in the order each set first came; a set keeps its first point's attributes. */
function aggregates(points: readonly MetricPoint[]): Aggregate[] {
  const sets = new Map<string, Aggregate>();
  for (const p of points) {
    const key = attributeSetKey(p.attributes);
    const set = sets.get(key);
    if (set) set.values.push(p.value);
    else sets.set(key, { attributes: p.attributes, values: [p.value] });
  }
  return [...sets.values()];
}

/** The same keys with the same values, whatever their order: the SDK's hashAttributes. */
function attributeSetKey(attributes: Attributes): string {
  return JSON.stringify(
    Object.keys(attributes)
      .sort()
      .map((key) => [key, attributes[key]]),
  );
}

function histogramPoint(s: Aggregate, times: PointTimes): OtlpHistogramPoint {
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
    explicitBounds: DURATION_BUCKETS_S,
  };
}

/** Bucket i holds the values above bound i-1 up to bound i, inclusive; the last, those above every bound. */
function bucketIndex(value: number): number {
  const i = DURATION_BUCKETS_S.findIndex((bound) => value <= bound);
  return i === -1 ? DURATION_BUCKETS_S.length : i;
}

function numberPoint(s: Aggregate, value: number, times: PointTimes): OtlpNumberPoint {
  return { attributes: keyValues(s.attributes).attributes, ...times, asDouble: value };
}
