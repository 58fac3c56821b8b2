// The action's trace inside the job's trace as the OpenTelemetry Collector's GitHub receiver builds it: the real
// receiver (scripts/otel-collector.sh github) is fed a workflow_job delivery signed as GitHub signs it, the bundled
// action exports with the job's check run id and the step's name, and the file exporter shows the restore under
// the receiver's step span and the save under its post step's span, in the receiver's trace.
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAN } from '../../src/export/names.js';
import { postStepName, receiverStepSpanId, receiverTraceId } from '../../src/export/receiver-ids.js';
import type { LocalServices } from '../../tools/services/index.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { collectorAvailable, startCollector, type OtlpSpan, type RunningCollector } from '../helpers/otel-collector.js';
import { removeDirs, repoRoot } from '../helpers/tree.js';

interface WorkflowJobDelivery {
  workflow_job: { id: number; run_id: number; run_attempt: number; steps: { name: string }[] };
}

const canRun = collectorAvailable('github');
const key = 'deps-linux-otel-nested';
const WEBHOOK_SECRET = 'whsec-5e1f0c9a7b3d';
const STEP = 'Restore node_modules';
const deliveryBody = readFileSync(path.join(repoRoot, 'fixtures/github-receiver/workflow-job-completed.json'));
const delivery = JSON.parse(deliveryBody.toString('utf8')) as WorkflowJobDelivery;
const job = delivery.workflow_job;
let services: LocalServices;
let root: string;
let collector: RunningCollector;

beforeAll(async () => {
  if (!canRun) return;
  ({ services, root } = await seededServices('export-nested', key, ['tar', '@actions/core']));
  collector = await startCollector({ githubSecret: WEBHOOK_SECRET });
}, 900_000);

afterAll(async () => {
  await collector?.stop();
  await services?.stop();
  if (root) await removeDirs(root);
});

/** POSTs the delivery as GitHub does: the event's name, a delivery id, and the body's HMAC-SHA256 under the secret. */
async function deliver(url: string, body: Buffer, secret: string): Promise<number> {
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/7c5d1a2',
      'x-github-event': 'workflow_job',
      'x-github-delivery': randomUUID(),
      'x-github-hook-id': '512345678',
      'x-hub-signature-256': signature,
    },
  });
  await response.arrayBuffer();
  return response.status;
}

const allSpans = (c: RunningCollector): OtlpSpan[] => c.traces().flatMap((t) => t.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));

describe.runIf(canRun)("the export inside the job's trace, as the GitHub receiver builds it", () => {
  it('a delivery signed with another secret is refused: the receiver checks what the test signs', async () => {
    expect(await deliver(collector.githubWebhookUrl ?? expect.fail('webhook'), deliveryBody, 'not-the-secret')).toBe(400);
  });

  it("the receiver's ids are the derivation's, and the restore's parent is the step's span, the save's its post step's", async () => {
    expect(await deliver(collector.githubWebhookUrl ?? expect.fail('webhook'), deliveryBody, WEBHOOK_SECRET)).toBe(200);
    await collector.waitFor('traces', 1);
    const received = allSpans(collector);
    const traceId = receiverTraceId(String(job.run_id), String(job.run_attempt));
    // Every step of the delivery, as the receiver made it, has the id the action derives.
    for (const step of job.steps) {
      const span = received.find((s) => s.name === step.name);
      expect(span?.traceId, step.name).toBe(traceId);
      expect(span?.spanId, step.name).toBe(receiverStepSpanId(String(job.id), step.name));
    }
    const stepSpan = received.find((s) => s.name === STEP) ?? expect.fail('the step span');
    const postSpan = received.find((s) => s.name === postStepName(STEP)) ?? expect.fail('the post step span');

    const r = await runFault({
      services,
      root,
      name: 'otel-nested',
      inputs: {
        path: 'node_modules',
        key: `${key}-miss`,
        'restore-keys': key,
        'otel-endpoint': collector.endpoint,
        'otel-check-run-id': String(job.id),
        'otel-step-name': STEP,
      },
      env: { GITHUB_REPOSITORY: 'octo-org/app', GITHUB_WORKFLOW: 'CI', GITHUB_RUN_ID: String(job.run_id), GITHUB_RUN_ATTEMPT: String(job.run_attempt) },
    });
    expect(r.mainExitCode).toBe(0);
    expect(r.profile?.save?.status).toBe('saved');
    await collector.waitFor('traces', 2);
    const ours = allSpans(collector).filter((s) => s.name.startsWith('disk-profiler'));
    const restore = ours.find((s) => s.name === SPAN.restore) ?? expect.fail('the restore span');
    const save = ours.find((s) => s.name === SPAN.save) ?? expect.fail('the save span');
    expect(restore.traceId).toBe(stepSpan.traceId);
    expect(restore.parentSpanId).toBe(stepSpan.spanId);
    expect(save.traceId).toBe(postSpan.traceId);
    expect(save.parentSpanId).toBe(postSpan.spanId);
    // The step's own span is the receiver's: the action sends no second one, and every span of its is in that trace.
    expect(ours.find((s) => s.name === SPAN.step)).toBeUndefined();
    for (const s of ours) expect(s.traceId, s.name).toBe(stepSpan.traceId);
    const said = `Its spans are in the job's trace ${stepSpan.traceId}, under the step "${STEP}" and its post step`;
    expect(r.summary).toContain(said);
    expect(r.log).toContain(said);
  });

  it('without the check run id: a trace of its own, and the summary says which id was missing', async () => {
    const before = collector.traces().length;
    const r = await runFault({
      services,
      root,
      name: 'otel-own',
      inputs: { path: 'node_modules', key, 'otel-endpoint': collector.endpoint, 'otel-step-name': STEP },
      env: { GITHUB_RUN_ID: String(job.run_id), GITHUB_RUN_ATTEMPT: String(job.run_attempt) },
    });
    expect(r.mainExitCode).toBe(0);
    await collector.waitFor('traces', before + 1);
    const sent = collector
      .traces()
      .slice(before)
      .flatMap((t) => t.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
    const rootSpan = sent.find((s) => s.name === SPAN.step) ?? expect.fail('the own root span');
    expect(rootSpan.parentSpanId ?? '').toBe('');
    expect(rootSpan.traceId).not.toBe(receiverTraceId(String(job.run_id), String(job.run_attempt)));
    expect(sent.find((s) => s.name === SPAN.restore)?.parentSpanId).toBe(rootSpan.spanId);
    const said = "The trace is one of its own, not the job's: nesting it needs otel-check-run-id: ${{ job.check_run_id }}.";
    expect(r.summary).toContain(said);
    expect(r.log).toContain(said);
  });
});
