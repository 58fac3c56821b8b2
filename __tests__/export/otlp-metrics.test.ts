// The metric plan of a recording as an OTLP/JSON ExportMetricsServiceRequest, aggregated per attribute set as
// the SDK's instruments aggregated one delta collection: histograms, the verdict counter, the ceiling gauges.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS_S, METRIC_SPECS, metricPlan, type MetricPlan, type MetricPoint } from '../../src/export/metric-plan.js';
import { ATTR, METRIC } from '../../src/export/names.js';
import { anyValue, SCOPE, unixNanos, type OtlpKeyValue } from '../../src/export/otlp-json.js';
import { metricsRequest, pointCount, type OtlpMetric } from '../../src/export/otlp-metrics.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import type { Profile } from '../../src/profile/schema.js';
import { repoRoot } from '../helpers/tree.js';

const profile: Profile = readProfileFile(path.join(repoRoot, 'fixtures/profiles/lab-bio-iops-cap.json'));
const RESOURCE = { 'service.name': 'disk-profiler' };

function metricsOf(plan: MetricPlan): OtlpMetric[] {
  const request = metricsRequest(plan, RESOURCE);
  expect(request.resourceMetrics[0]?.resource.attributes).toEqual([{ key: 'service.name', value: { stringValue: 'disk-profiler' } }]);
  return request.resourceMetrics[0]?.scopeMetrics.flatMap((s) => s.metrics) ?? [];
}
const find = (metrics: OtlpMetric[], name: string) => metrics.find((m) => m.name === name);
const attr = (list: OtlpKeyValue[], key: string) => list.find((a) => a.key === key)?.value;
const phaseOf = (list: OtlpKeyValue[]) => {
  const v = attr(list, ATTR.phase);
  return v && 'stringValue' in v ? v.stringValue : undefined;
};
const histogram = (m: OtlpMetric | undefined) => (m && 'histogram' in m ? m.histogram : expect.fail(`${m?.name} is a histogram`));

describe("a recording's metrics", () => {
  const plan = metricPlan(profile);
  const metrics = metricsOf(plan);

  it("the specs' metrics that have a point, in their order, under the scope, with unit and description", () => {
    const named = Object.keys(METRIC_SPECS).filter((name) => plan.points.some((p) => p.name === name));
    expect(metrics.map((m) => m.name)).toEqual(named);
    expect(metricsRequest(plan, RESOURCE).resourceMetrics[0]?.scopeMetrics[0]?.scope).toEqual(SCOPE);
    for (const m of metrics) expect([m.unit, m.description]).toEqual([METRIC_SPECS[m.name].unit, METRIC_SPECS[m.name].description]);
    expect(pointCount(metricsRequest(plan, RESOURCE))).toBe(plan.points.length);
  });

  it("phase durations: a delta histogram point per phase, count, sum, min, max, the value's bucket, the plan's interval", () => {
    const h = histogram(find(metrics, METRIC.phaseDuration));
    expect(h.aggregationTemporality).toBe(1);
    expect(h.dataPoints.map((p) => attr(p.attributes, ATTR.phase))).toEqual(profile.phases.map((p) => ({ stringValue: p.name })));
    for (const [i, phase] of profile.phases.entries()) {
      const p = h.dataPoints[i] ?? expect.fail(phase.name);
      const seconds = (phase.endMs - phase.startMs) / 1000;
      expect([p.count, p.sum, p.min, p.max]).toEqual(['1', seconds, seconds, seconds]);
      expect(p.explicitBounds).toEqual(DURATION_BUCKETS_S);
      const bucket = p.bucketCounts.indexOf('1');
      expect(p.bucketCounts.filter((c) => c !== '0')).toEqual(['1']);
      expect(seconds).toBeLessThanOrEqual(DURATION_BUCKETS_S[bucket] ?? Number.POSITIVE_INFINITY);
      expect(seconds).toBeGreaterThan(DURATION_BUCKETS_S[bucket - 1] ?? Number.NEGATIVE_INFINITY);
      expect([p.startTimeUnixNano, p.timeUnixNano]).toEqual([unixNanos(plan.startEpochMs), unixNanos(plan.endEpochMs)]);
      expect(p.attributes).toEqual(
        Object.entries(plan.points.find((x) => x.name === METRIC.phaseDuration && x.attributes[ATTR.phase] === phase.name)?.attributes ?? {}).map(
          ([key, value]) => ({ key, value: anyValue(value) }),
        ),
      );
    }
  });

  it('the verdict counted (a monotonic delta sum), the ceilings as gauges, values as doubles', () => {
    const verdicts = find(metrics, METRIC.verdicts);
    if (!verdicts || !('sum' in verdicts)) return expect.fail('the verdicts are a sum');
    expect([verdicts.sum.aggregationTemporality, verdicts.sum.isMonotonic]).toEqual([1, true]);
    expect(verdicts.sum.dataPoints.map((p) => [attr(p.attributes, ATTR.verdictBottleneck), p.asDouble])).toEqual([
      [{ stringValue: profile.verdict?.bottleneck }, 1],
    ]);
    const bandwidth = find(metrics, METRIC.ceilingBandwidth);
    if (!bandwidth || !('gauge' in bandwidth)) return expect.fail('bandwidth is a gauge');
    const probes = profile.probes?.probes.filter((p) => !p.error) ?? [];
    expect(probes.length).toBeGreaterThan(0);
    expect(bandwidth.gauge.dataPoints.map((p) => p.asDouble)).toEqual(probes.map((p) => p.bytesPerSecond));
  });
});

describe('aggregated per attribute set, as the SDK did', () => {
  const plan = metricPlan(profile);
  const base = plan.points.find((p) => p.name === METRIC.phaseDuration) ?? expect.fail('a phase point');
  const again = (value: number, over: Partial<MetricPoint> = {}): MetricPoint => ({ ...base, value, ...over });

  it('a phase measured again, in another key order: one point, its count, sum, min, max and buckets', () => {
    // The recording's lookup: 6.5 ms, in the first bucket.
    expect(base.value).toBeLessThan(DURATION_BUCKETS_S[0] as number);
    const reordered = Object.fromEntries(Object.entries(base.attributes).reverse());
    const metrics = metricsOf({ ...plan, points: [base, again(0.05, { attributes: reordered }), again(-1), again(2_000)] });
    const p = histogram(find(metrics, METRIC.phaseDuration)).dataPoints.find((x) => phaseOf(x.attributes) === base.attributes[ATTR.phase]);
    // The keys in another order are the same set; a negative duration is not recorded (the SDK's histogram refuses it).
    expect(p?.count).toBe('3');
    expect(p?.sum).toBeCloseTo(base.value + 0.05 + 2_000, 9);
    expect([p?.min, p?.max]).toEqual([base.value, 2_000]);
    // 0.05 is on the first bound: in the first bucket (bounds are inclusive); 2000 s is past every bound.
    expect(p?.bucketCounts).toEqual(['2', ...DURATION_BUCKETS_S.slice(1).map(() => '0'), '1']);
    // The set keeps the attributes of its first point, in their order.
    expect(p?.attributes.map((a) => a.key)).toEqual(Object.keys(base.attributes));
  });

  it('a counter sums its adds per set; a gauge keeps the last value per set', () => {
    const verdict = plan.points.find((p) => p.name === METRIC.verdicts) ?? expect.fail('a verdict point');
    const gauge = plan.points.find((p) => p.name === METRIC.ceilingIops) ?? expect.fail('a gauge point');
    const other = { ...verdict.attributes, [ATTR.verdictBottleneck]: 'network' };
    const metrics = metricsOf({
      ...plan,
      points: [verdict, { ...verdict, value: 2 }, { ...verdict, attributes: other }, gauge, { ...gauge, value: 7 }, { ...verdict, value: -5 }],
    });
    const sum = find(metrics, METRIC.verdicts);
    if (!sum || !('sum' in sum)) return expect.fail('a sum');
    expect(sum.sum.dataPoints.map((p) => [attr(p.attributes, ATTR.verdictBottleneck), p.asDouble])).toEqual([
      [{ stringValue: verdict.attributes[ATTR.verdictBottleneck] }, 3],
      [{ stringValue: 'network' }, 1],
    ]);
    const last = find(metrics, METRIC.ceilingIops);
    if (!last || !('gauge' in last)) return expect.fail('a gauge');
    expect(last.gauge.dataPoints.map((p) => p.asDouble)).toEqual([7]);
  });

  it('nothing measured: the request is still made, with no metric', () => {
    const request = metricsRequest({ ...plan, points: [] }, RESOURCE);
    expect(request.resourceMetrics[0]?.scopeMetrics).toEqual([]);
    expect(pointCount(request)).toBe(0);
  });
});
