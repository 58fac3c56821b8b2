// Where the trace hangs, decided once from what the runner and the workflow give; the plan hung there; the sentence.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFact, traceParentSentence } from '../../src/export/export-report.js';
import type { ExportOutcome } from '../../src/export/export-profile.js';
import { ATTR, SPAN } from '../../src/export/names.js';
import { postStepName, receiverStepSpanId, receiverTraceId } from '../../src/export/receiver-ids.js';
import { envWithInputs } from '../../src/export/settings.js';
import { nestedPlan } from '../../src/export/trace-nesting.js';
import { OWN_TRACE, traceParent, type TraceParent } from '../../src/export/trace-parent.js';
import { tracePlan } from '../../src/export/trace-plan.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import type { Profile, SaveResult } from '../../src/profile/schema.js';
import { InputError } from '../../src/util/errors.js';
import { repoRoot } from '../helpers/tree.js';

const RUNNER = { GITHUB_RUN_ID: '19385218273', GITHUB_RUN_ATTEMPT: '2' };
const inputs = { endpoint: '', headers: '', timeoutSeconds: '', perRunMetricAttributes: '' };
const given = (checkRunId: string, stepName: string, runner: Record<string, string> = RUNNER) =>
  traceParent(envWithInputs(runner, { ...inputs, checkRunId, stepName }));

describe('where the trace hangs', () => {
  it("every id given: the receiver's trace, the step's span and its post step's", () => {
    const p = given('55426117346', 'Restore node_modules');
    expect(p).toEqual({
      kind: 'job-step',
      runId: '19385218273',
      runAttempt: '2',
      checkRunId: '55426117346',
      stepName: 'Restore node_modules',
      traceId: receiverTraceId('19385218273', '2'),
      stepSpanId: receiverStepSpanId('55426117346', 'Restore node_modules'),
      postStepSpanId: receiverStepSpanId('55426117346', postStepName('Restore node_modules')),
    });
  });

  it('a trace of its own, naming what was missing, in the order of the derivation', () => {
    expect(given('', 'Restore node_modules')).toEqual({ kind: 'own', missing: ['checkRunId'] });
    expect(given('55426117346', '')).toEqual({ kind: 'own', missing: ['stepName'] });
    expect(given('', '', {})).toEqual(OWN_TRACE);
    // The runner's own variables, when not a number (not a run on GitHub), count as missing.
    expect(given('55426117346', 'Restore node_modules', { GITHUB_RUN_ID: 'local', GITHUB_RUN_ATTEMPT: '1' })).toEqual({ kind: 'own', missing: ['runId'] });
  });

  it('a check run id that is not a whole number is a bad input, named with what is allowed', () => {
    for (const bad of ['${{ job.check_run_id }}', '-5', '0', '12.5', '0123']) {
      expect(() => given(bad, 'Restore node_modules'), bad).toThrow(InputError);
      expect(() => given(bad, 'Restore node_modules'), bad).toThrow(/otel-check-run-id .*job\.check_run_id/);
    }
  });
});

describe('the plan hung under the job', () => {
  const profile = readProfileFile(path.join(repoRoot, 'fixtures/experiments/lab-disk-bandwidth.json'));
  const recordedSave = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/saves/vda-node-modules.json'), 'utf8')) as SaveResult;
  const withSave: Profile = { ...profile, save: { ...recordedSave, startedAt: new Date(Date.parse(profile.createdAt) + 60_000).toISOString() } };
  const parent = given('55426117346', 'Restore node_modules') as Extract<TraceParent, { kind: 'job-step' }>;

  it("no root of its own: the main step's spans under the step's span, the save under the post step's, the rest as they were", () => {
    const own = tracePlan(withSave);
    const nested = nestedPlan(own, parent);
    expect(nested.map((s) => s.name)).toEqual(own.slice(1).map((s) => s.name));
    expect(nested.find((s) => s.name === SPAN.step)).toBeUndefined();
    const tops = own.filter((s) => s.parent === 0).map((s) => s.name);
    expect(tops).toEqual(expect.arrayContaining([SPAN.restore, SPAN.experiments, SPAN.save]));
    for (const s of nested) {
      if (tops.includes(s.name)) {
        expect(s.parent, s.name).toBeNull();
        expect(s.remoteParent, s.name).toEqual({ traceId: parent.traceId, spanId: s.name === SPAN.save ? parent.postStepSpanId : parent.stepSpanId });
        continue;
      }
      // Each other span keeps its parent (by name: indices moved by one).
      const before = own.find((o) => o.name === s.name && o.startEpochMs === s.startEpochMs);
      expect(nested[s.parent ?? -1]?.name, s.name).toBe(own[before?.parent ?? -1]?.name);
      expect(s.remoteParent).toBeUndefined();
    }
  });

  it("the root's attributes (what a fleet query asks) on the restore's span", () => {
    const own = tracePlan(withSave);
    const restore = nestedPlan(own, parent).find((s) => s.name === SPAN.restore);
    expect(restore?.attributes[ATTR.label]).toBe(withSave.label);
    expect(restore?.attributes).toMatchObject(own[0]?.attributes ?? {});
  });

  it('a trace of its own: the plan as it is', () => {
    const own = tracePlan(withSave);
    expect(nestedPlan(own, { kind: 'own', missing: ['checkRunId'] })).toEqual(own);
  });
});

describe('the export line says where the trace went', () => {
  const outcome = (parent: TraceParent | null): ExportOutcome => ({
    shownEndpoint: 'http://127.0.0.1:4318',
    durationMs: 12,
    boundMs: 5_000,
    spans: 9,
    points: 20,
    failures: [],
    parent,
  });

  it("nested: the job's trace id, the step, and the ids it came from", () => {
    const p = given('55426117346', 'Restore node_modules') as Extract<TraceParent, { kind: 'job-step' }>;
    expect(exportFact(outcome(p))).toBe(
      `OpenTelemetry export: 9 spans, 20 metric points to http://127.0.0.1:4318 in 12 ms (bound 5 s). Its spans are in the job's trace ${p.traceId}, under the step "Restore node_modules" and its post step, as the Collector's GitHub receiver builds that trace (run 19385218273, attempt 2, check run 55426117346).`,
    );
  });

  it('its own: what the workflow would pass; nothing when no trace was sent', () => {
    expect(traceParentSentence(OWN_TRACE)).toBe(
      "The trace is one of its own, not the job's: nesting it needs GITHUB_RUN_ID (the runner sets it), GITHUB_RUN_ATTEMPT (the runner sets it), otel-check-run-id: ${{ job.check_run_id }}, otel-step-name: the name the step has in the workflow.",
    );
    expect(traceParentSentence(null)).toBeNull();
    expect(exportFact(outcome(null))).toBe('OpenTelemetry export: 9 spans, 20 metric points to http://127.0.0.1:4318 in 12 ms (bound 5 s).');
    expect(exportFact({ ...outcome(OWN_TRACE), failures: ['traces: refused'] })).toBe(
      'OpenTelemetry export: 9 spans, 20 metric points to http://127.0.0.1:4318 not taken after 12 ms (bound 5 s); see the warning.',
    );
  });
});
