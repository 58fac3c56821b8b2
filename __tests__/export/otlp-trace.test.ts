// The trace plan of a recording as an OTLP/JSON ExportTraceServiceRequest: ids and parents, times, attributes,
// events and status, a trace of its own and one hung under the job's, and the SDK's limits.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTR, SPAN } from '../../src/export/names.js';
import { anyValue, SCOPE, unixNanos } from '../../src/export/otlp-json.js';
import { SPAN_LIMITS, traceRequest, type IdSource, type OtlpSpan } from '../../src/export/otlp-trace.js';
import { nestedPlan } from '../../src/export/trace-nesting.js';
import { traceParent, type TraceParent } from '../../src/export/trace-parent.js';
import { tracePlan, type SpanPlan } from '../../src/export/trace-plan.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import type { Profile, SaveResult } from '../../src/profile/schema.js';
import { repoRoot } from '../helpers/tree.js';

const fixture = (name: string): Profile => readProfileFile(path.join(repoRoot, 'fixtures', name));
const recordedSave = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/saves/vda-node-modules.json'), 'utf8')) as SaveResult;
const withSave = (p: Profile): Profile => ({ ...p, save: { ...recordedSave, startedAt: new Date(Date.parse(p.createdAt) + 3_600_000).toISOString() } });
const RESOURCE = { 'service.name': 'disk-profiler', [ATTR.label]: 'lab' };

/** Ids counted up, so a test can name them. */
function countedIds(): IdSource {
  let traces = 0;
  let spans = 0;
  return { traceId: () => (++traces).toString(16).padStart(32, '0'), spanId: () => (++spans).toString(16).padStart(16, '0') };
}

const spansOf = (plan: SpanPlan[]): OtlpSpan[] => {
  const request = traceRequest(plan, RESOURCE, countedIds());
  expect(request.resourceSpans.length).toBe(1);
  expect(request.resourceSpans[0]?.scopeSpans.map((s) => s.scope)).toEqual([SCOPE]);
  return request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
};

describe('a trace of its own', () => {
  const profile = withSave(fixture('experiments/lab-disk-bandwidth.json'));
  const plan = tracePlan(profile);
  const spans = spansOf(plan);

  it('a span per planned span, one new trace, each parent the span its plan names, the root with none', () => {
    expect(spans.map((s) => s.name)).toEqual(plan.map((s) => s.name));
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set(['00000000000000000000000000000001']));
    expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
    for (const [i, s] of plan.entries()) {
      const parent = s.parent === null ? undefined : spans[s.parent]?.spanId;
      expect(spans[i]?.parentSpanId, s.name).toBe(parent);
    }
    expect(spans[0]?.parentSpanId).toBeUndefined();
    // Internal, sampled, the parent known not remote.
    for (const s of spans) expect([s.kind, s.flags]).toEqual([1, 0x101]);
  });

  it("the plan's times, attributes and events, each id lowercase hex", () => {
    for (const [i, s] of plan.entries()) {
      const span = spans[i] as OtlpSpan;
      expect(span.startTimeUnixNano).toBe(unixNanos(s.startEpochMs));
      expect(span.endTimeUnixNano).toBe(unixNanos(s.endEpochMs));
      expect(span.attributes).toEqual(Object.entries(s.attributes).map(([key, value]) => ({ key, value: anyValue(value) })));
      expect(span.status).toBeUndefined();
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    }
    const save = spans.find((s) => s.name === SPAN.save);
    expect(save?.parentSpanId).toBe(spans[0]?.spanId);
    expect(save?.attributes.find((a) => a.key === ATTR.saveStatus)?.value).toEqual({ stringValue: recordedSave.status });
  });

  it("a download's stalls as events at their times", () => {
    const stalled = tracePlan(fixture('profiles/slow-segments-capped-disk.json'));
    const download = stalled.findIndex((s) => s.name === SPAN.phase('download'));
    const planned = stalled[download]?.events ?? [];
    expect(planned.length).toBeGreaterThan(0);
    const events = spansOf(stalled)[download]?.events ?? [];
    expect(events.map((e) => [e.name, e.timeUnixNano])).toEqual(planned.map((e) => [SPAN.stallEvent, unixNanos(e.epochMs)]));
    expect(events[0]?.attributes.map((a) => a.key)).toEqual(Object.keys(planned[0]?.attributes ?? {}));
  });

  it('a failed part: status error with its message', () => {
    const probes = profile.probes?.status === 'ran' ? profile.probes : expect.fail('the recording ran probes');
    const failed: Profile = { ...profile, probes: { ...probes, probes: probes.probes.map((p, i) => (i === 0 ? { ...p, error: 'fio exited 1' } : p)) } };
    const name = SPAN.probe(probes.probes[0]?.name ?? expect.fail('a probe'));
    const span = spansOf(tracePlan(failed)).find((s) => s.name === name);
    expect(span?.status).toEqual({ code: 2, message: 'fio exited 1' });
  });
});

describe("hung under the job's trace", () => {
  const profile = withSave(fixture('experiments/lab-disk-bandwidth.json'));
  const job = traceParent({
    GITHUB_RUN_ID: '19385218273',
    GITHUB_RUN_ATTEMPT: '2',
    DISK_PROFILER_OTEL_CHECK_RUN_ID: '55426117346',
    DISK_PROFILER_OTEL_STEP_NAME: 'Restore node_modules',
  }) as Extract<TraceParent, { kind: 'job-step' }>;
  const plan = nestedPlan(tracePlan(profile), job);
  const spans = spansOf(plan);

  it("every span in the job's trace; the main step's under the step's span, the save under the post step's, flagged remote", () => {
    expect(job.kind).toBe('job-step');
    for (const s of spans) expect(s.traceId, s.name).toBe(job.traceId);
    for (const [i, s] of plan.entries()) {
      const span = spans[i] as OtlpSpan;
      if (s.remoteParent) {
        expect(span.parentSpanId, s.name).toBe(s.name === SPAN.save ? job.postStepSpanId : job.stepSpanId);
        expect(span.flags, s.name).toBe(0x301);
      } else {
        expect(span.parentSpanId, s.name).toBe(spans[s.parent ?? -1]?.spanId);
        expect(span.flags, s.name).toBe(0x101);
      }
    }
    expect(spans.filter((s) => s.flags === 0x301).map((s) => s.name)).toEqual(expect.arrayContaining([SPAN.restore, SPAN.save]));
  });
});

describe("the SDK's limits and repairs, kept", () => {
  const span = (over: Partial<SpanPlan>): SpanPlan => ({
    name: 'x',
    parent: null,
    startEpochMs: 1_000,
    endEpochMs: 2_000,
    attributes: {},
    events: [],
    ...over,
  });

  it('past 128 attributes the rest counted; past 128 events the latest kept', () => {
    const attributes = Object.fromEntries(Array.from({ length: SPAN_LIMITS.attributes + 2 }, (_, i) => [`a${i}`, i]));
    const events = Array.from({ length: SPAN_LIMITS.events + 3 }, (_, i) => ({ name: `e${i}`, epochMs: 1_000 + i, attributes: {} }));
    const [s] = spansOf([span({ attributes, events })]);
    expect(s?.attributes.length).toBe(SPAN_LIMITS.attributes);
    expect(s?.droppedAttributesCount).toBe(2);
    expect(s?.events.length).toBe(SPAN_LIMITS.events);
    expect(s?.events[0]?.name).toBe('e3');
    expect(s?.droppedEventsCount).toBe(3);
  });

  it('an end before the start: a span of no duration; two roots: two traces', () => {
    const spans = spansOf([span({ endEpochMs: 500 }), span({ name: 'y' })]);
    expect(spans[0]?.endTimeUnixNano).toBe(spans[0]?.startTimeUnixNano);
    expect(spans[0]?.traceId).not.toBe(spans[1]?.traceId);
  });
});
