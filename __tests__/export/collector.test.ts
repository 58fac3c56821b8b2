// The export against a real OpenTelemetry Collector (scripts/otel-collector.sh), started here on 127.0.0.1:
// what the collector received and its file exporter wrote, held against the recorded profiles it came from.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportProfile } from '../../src/export/export-profile.js';
import { ATTR, METRIC, SEMCONV, SPAN } from '../../src/export/names.js';
import { ciAttributesFromEnv } from '../../src/export/resource-attributes.js';
import { exportSettings } from '../../src/export/settings.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import type { Profile, SaveResult } from '../../src/profile/schema.js';
import { repoRoot } from '../helpers/tree.js';
import {
  attributesOf,
  collectorAvailable,
  nanosToMs,
  startCollector,
  type OtlpMetric,
  type OtlpSpan,
  type RunningCollector,
} from '../helpers/otel-collector.js';

const canRun = collectorAvailable();
let collector: RunningCollector;

const fixture = (dir: string, name: string): Profile => readProfileFile(path.join(repoRoot, 'fixtures', dir, name));
const CI_ENV = {
  GITHUB_REPOSITORY: 'octo-org/app',
  GITHUB_WORKFLOW: 'CI',
  GITHUB_JOB: 'build',
  GITHUB_RUN_ID: '123456',
  GITHUB_RUN_ATTEMPT: '2',
  RUNNER_NAME: 'runner-7',
};

/** The spans of the last trace request, by name, with their parent's name. */
function lastTrace(c: RunningCollector) {
  const request = c.traces().at(-1);
  const resource = request?.resourceSpans[0];
  const spans: OtlpSpan[] = resource?.scopeSpans.flatMap((s) => s.spans) ?? [];
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  return {
    resource: attributesOf(resource?.resource.attributes),
    spans,
    named: (name: string) => spans.filter((s) => s.name === name),
    parentName: (s: OtlpSpan) => (s.parentSpanId ? byId.get(s.parentSpanId)?.name : undefined),
  };
}

function lastMetrics(c: RunningCollector) {
  const resource = c.metrics().at(-1)?.resourceMetrics[0];
  const metrics: OtlpMetric[] = resource?.scopeMetrics.flatMap((s) => s.metrics) ?? [];
  return { resource: attributesOf(resource?.resource.attributes), metric: (name: string) => metrics.find((m) => m.name === name) };
}

beforeAll(async () => {
  if (canRun) collector = await startCollector();
}, 900_000);

afterAll(async () => {
  await collector?.stop();
});

describe.runIf(canRun)('export to a real OpenTelemetry Collector', () => {
  it('a restore: one trace, each phase a child of the restore at its measured boundaries, the verdict and ceilings as attributes', async () => {
    const profile = fixture('profiles', 'lab-bio-iops-cap.json');
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }) ?? expect.fail('export is on');
    const outcome = await exportProfile(profile, { settings, ci: ciAttributesFromEnv(CI_ENV), env: {} });
    expect(outcome.failures).toEqual([]);
    await collector.waitFor('traces', 1);
    // Its metrics too, so the next test counts from a settled file.
    await collector.waitFor('metrics', 1);
    const t = lastTrace(collector);

    expect(outcome.spans).toBe(t.spans.length);
    expect(new Set(t.spans.map((s) => s.traceId)).size).toBe(1);
    const [root] = t.named(SPAN.step);
    const [restore] = t.named(SPAN.restore);
    expect(root?.parentSpanId ?? '').toBe('');
    expect(t.parentName(restore as OtlpSpan)).toBe(SPAN.step);

    const originMs = Date.parse(profile.createdAt);
    expect(profile.phases.map((p) => p.name)).toEqual(['lookup', 'download', 'extract', 'writeback']);
    for (const phase of profile.phases) {
      const [span] = t.named(SPAN.phase(phase.name));
      expect(span, phase.name).toBeDefined();
      expect(t.parentName(span as OtlpSpan)).toBe(SPAN.restore);
      // The profile's clock mapped once: start and end equal createdAt + the phase's own figures, well inside a millisecond.
      expect(Math.abs(nanosToMs((span as OtlpSpan).startTimeUnixNano) - (originMs + phase.startMs))).toBeLessThan(0.001);
      expect(Math.abs(nanosToMs((span as OtlpSpan).endTimeUnixNano) - (originMs + phase.endMs))).toBeLessThan(0.001);
      const judged = profile.verdict?.phases.find((p) => p.phase === phase.name);
      expect(attributesOf(span?.attributes)[ATTR.phaseBottleneck]).toBe(judged?.bottleneck);
    }
    expect(nanosToMs((restore as OtlpSpan).startTimeUnixNano)).toBeCloseTo(originMs + (profile.phases[0]?.startMs ?? Number.NaN), 3);

    const a = attributesOf(root?.attributes);
    const v = profile.verdict ?? expect.fail('the fixture has a verdict');
    expect(a[ATTR.verdictBottleneck]).toBe(v.bottleneck);
    expect(a[ATTR.stepMs]).toBe(v.stepMs);
    expect(a[ATTR.untilOnDiskMs]).toBe(v.untilOnDiskMs);
    expect(a[ATTR.label]).toBe(profile.label);
    expect(a[ATTR.fingerprintId]).toBe(profile.fingerprint?.id);
    expect(a[ATTR.ceilingsSource]).toBe(profile.ceilingsSource?.kind);
    const probe = (name: string) => profile.probes?.probes.find((p) => p.name === name);
    if (probe('seq-write')) expect(a[ATTR.ceilingSeqWriteBytesPerSecond]).toBe(probe('seq-write')?.bytesPerSecond);
    if (probe('rand-write')) expect(a[ATTR.ceilingRandWriteIops]).toBe(probe('rand-write')?.iops);

    // This run's probes, each a child of the probes span with its measured wall time.
    for (const p of profile.probes?.probes ?? []) {
      const [span] = t.named(SPAN.probe(p.name));
      expect(t.parentName(span as OtlpSpan)).toBe(SPAN.probes);
      const durationMs = nanosToMs((span as OtlpSpan).endTimeUnixNano) - nanosToMs((span as OtlpSpan).startTimeUnixNano);
      expect(durationMs).toBeCloseTo(p.wallMs, 3);
    }

    // The CI/CD resource, semantic-convention names.
    expect(t.resource[SEMCONV.pipelineName]).toBe('CI');
    expect(t.resource[SEMCONV.runId]).toBe('123456');
    expect(t.resource[ATTR.runAttempt]).toBe('2');
    expect(t.resource[SEMCONV.taskName]).toBe('build');
    expect(t.resource[SEMCONV.workerName]).toBe('runner-7');
    expect(t.resource[SEMCONV.repositoryUrl]).toBe('https://github.com/octo-org/app');
    expect(t.resource[SEMCONV.serviceName]).toBe('disk-profiler');
  });

  it('its metrics: phase durations and time until on disk as histograms, the verdict counted by resource, the ceilings as gauges', async () => {
    const profile = fixture('profiles', 'lab-bio-iops-cap.json');
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }) ?? expect.fail('export is on');
    const before = { traces: collector.traces().length, metrics: collector.metrics().length };
    const outcome = await exportProfile(profile, { settings, ci: ciAttributesFromEnv(CI_ENV), env: {} });
    expect(outcome.failures).toEqual([]);
    await collector.waitFor('metrics', before.metrics + 1);
    // Its trace too, though only the metrics are read here: a line the file exporter had not yet flushed when the
    // next test counted the traces was that test's "one more" (CI at be66c78 read this trace as the experiments' one).
    await collector.waitFor('traces', before.traces + 1);
    const m = lastMetrics(collector);

    const phases = m.metric(METRIC.phaseDuration)?.histogram;
    expect(phases?.aggregationTemporality).toBe(1); // delta: each job reports its own observations
    for (const phase of profile.phases) {
      const point = phases?.dataPoints.find((p) => attributesOf(p.attributes)[ATTR.phase] === phase.name);
      expect(point?.count, phase.name).toBe('1');
      expect(point?.sum).toBeCloseTo((phase.endMs - phase.startMs) / 1000, 9);
      expect(attributesOf(point?.attributes)[ATTR.label]).toBe(profile.label);
      expect(attributesOf(point?.attributes)[ATTR.fingerprintId]).toBe(profile.fingerprint?.id);
    }
    const v = profile.verdict ?? expect.fail('the fixture has a verdict');
    expect(m.metric(METRIC.untilOnDiskDuration)?.histogram?.dataPoints[0]?.sum).toBeCloseTo((v.untilOnDiskMs ?? Number.NaN) / 1000, 9);
    expect(m.metric(METRIC.stepDuration)?.histogram?.dataPoints[0]?.sum).toBeCloseTo((v.stepMs ?? Number.NaN) / 1000, 9);
    const verdicts = m.metric(METRIC.verdicts)?.sum?.dataPoints ?? [];
    expect(verdicts.map((p) => [attributesOf(p.attributes)[ATTR.verdictBottleneck], Number(p.asInt ?? p.asDouble)])).toEqual([[v.bottleneck, 1]]);
    for (const p of profile.probes?.probes ?? []) {
      const bw = m.metric(METRIC.ceilingBandwidth)?.gauge?.dataPoints.find((d) => attributesOf(d.attributes)[ATTR.probe] === p.name);
      expect(bw?.asDouble ?? Number(bw?.asInt)).toBe(p.bytesPerSecond);
      const iops = m.metric(METRIC.ceilingIops)?.gauge?.dataPoints.find((d) => attributesOf(d.attributes)[ATTR.probe] === p.name);
      expect(iops?.asDouble ?? Number(iops?.asInt)).toBe(p.iops);
    }
    // Stamped with the profile's own interval, not the export's time.
    const point = phases?.dataPoints[0];
    const originMs = Date.parse(profile.createdAt);
    expect(nanosToMs(point?.startTimeUnixNano ?? '0')).toBeCloseTo(originMs + (profile.phases[0]?.startMs ?? 0), 3);
    expect(nanosToMs(point?.timeUnixNano ?? '0')).toBeCloseTo(originMs + (profile.phases.at(-1)?.endMs ?? 0), 3);
    // Per-run attributes stay off the metrics unless asked for (cardinality); the pipeline's are there.
    expect(m.resource[SEMCONV.runId]).toBeUndefined();
    expect(m.resource[SEMCONV.workerName]).toBeUndefined();
    expect(m.resource[SEMCONV.pipelineName]).toBe('CI');
    expect(outcome.points).toBeGreaterThan(0);
  });

  it('experiments and the save: their spans under the root, the save phases at their boundaries on the save clock', async () => {
    const profile = fixture('experiments', 'lab-disk-bandwidth.json');
    const recordedSave = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/saves/vda-node-modules.json'), 'utf8')) as SaveResult;
    // The recorded save predates save.startedAt: anchor it an hour after the restore, as a later post step would be.
    const startedAt = new Date(Date.parse(profile.createdAt) + 3_600_000).toISOString();
    const withSave: Profile = { ...profile, save: { ...recordedSave, startedAt } };
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.endpoint}/v1/traces` }) ?? expect.fail('export is on');
    const before = collector.traces().length;
    const outcome = await exportProfile(withSave, { settings, ci: {}, env: {} });
    expect(outcome.failures).toEqual([]);
    expect(outcome.points).toBe(0); // no metrics endpoint: that signal is not sent
    await collector.waitFor('traces', before + 1);
    const t = lastTrace(collector);

    const e = profile.experiments ?? expect.fail('the fixture has experiments');
    expect(t.parentName(t.named(SPAN.experiments)[0] as OtlpSpan)).toBe(SPAN.step);
    expect(t.spans.filter((s) => t.parentName(s) === SPAN.experiments).length).toBe(e.runs.length + (e.refetch ? 1 : 0));
    for (const run of e.runs) expect(t.named(SPAN.experimentRun(run.alternative)).length).toBeGreaterThan(0);

    const saveOrigin = Date.parse(startedAt);
    expect(t.parentName(t.named(SPAN.save)[0] as OtlpSpan)).toBe(SPAN.step);
    for (const phase of recordedSave.phases) {
      const [span] = t.named(SPAN.savePhase(phase.name));
      expect(t.parentName(span as OtlpSpan)).toBe(SPAN.save);
      expect(Math.abs(nanosToMs((span as OtlpSpan).startTimeUnixNano) - (saveOrigin + phase.startMs))).toBeLessThan(0.001);
      expect(Math.abs(nanosToMs((span as OtlpSpan).endTimeUnixNano) - (saveOrigin + phase.endMs))).toBeLessThan(0.001);
    }
    const [root] = t.named(SPAN.step);
    expect(nanosToMs((root as OtlpSpan).endTimeUnixNano)).toBeCloseTo(saveOrigin + (recordedSave.phases.at(-1)?.endMs ?? 0), 3);
  });

  it('gzipped, as OTEL_EXPORTER_OTLP_COMPRESSION asks: the collector takes both signals whole', async () => {
    const profile = fixture('profiles', 'lab-bio-iops-cap.json');
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip' }) ?? expect.fail('on');
    const before = { traces: collector.traces().length, metrics: collector.metrics().length };
    const outcome = await exportProfile(profile, { settings, ci: {}, env: {} });
    expect(outcome.failures).toEqual([]);
    await collector.waitFor('traces', before.traces + 1);
    await collector.waitFor('metrics', before.metrics + 1);
    expect(lastTrace(collector).spans.length).toBe(outcome.spans);
    expect(lastMetrics(collector).metric(METRIC.phaseDuration)?.histogram?.dataPoints.length).toBe(profile.phases.length);
  });
});
