// The bundled action's post step exporting to a real OpenTelemetry Collector, and to one that never answers:
// the step's outcome, the profile and the summary stand either way; the header secret is in no log line.
import * as http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTR, SPAN } from '../../src/export/names.js';
import type { LocalServices } from '../../tools/services/index.js';
import { removeDirs } from '../helpers/tree.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { attributesOf, collectorAvailable, nanosToMs, startCollector, type OtlpSpan, type RunningCollector } from '../helpers/otel-collector.js';

const canRun = collectorAvailable();
const key = 'deps-linux-otel';
const SECRET = 'hc-9d8e7f6a5b4c3d2e1f0a';
let services: LocalServices;
let root: string;
let collector: RunningCollector;

beforeAll(async () => {
  if (!canRun) return;
  ({ services, root } = await seededServices('export-action', key, ['tar', '@actions/core']));
  collector = await startCollector();
}, 900_000);

afterAll(async () => {
  await collector?.stop();
  await services?.stop();
  if (root) await removeDirs(root);
});

describe.runIf(canRun)('the action exports from its post step', () => {
  it('to a real collector: the restore phases at the profile boundaries, the export time in the summary, the secret in no log', async () => {
    const r = await runFault({
      services,
      root,
      name: 'otel-ok',
      inputs: { path: 'node_modules', key, 'otel-endpoint': collector.endpoint, 'otel-headers': `x-honeycomb-team=${SECRET}` },
      env: { GITHUB_REPOSITORY: 'octo-org/app', GITHUB_WORKFLOW: 'CI', GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'build' },
    });
    expect(r.mainExitCode).toBe(0);
    expect(r.postExitCode).toBe(0);
    expect(r.log).not.toContain(SECRET);
    expect(r.summary).not.toContain(SECRET);
    expect(r.summary).toMatch(
      new RegExp(`OpenTelemetry export: \\d+ spans, \\d+ metric points to ${collector.endpoint.replace(/\./g, '\\.')} in \\d+ ms \\(bound 5 s\\)`),
    );
    await collector.waitFor('traces', 1);
    await collector.waitFor('metrics', 1);
    const profile = r.profile ?? expect.fail('the run wrote a profile');
    const spans: OtlpSpan[] = collector.traces().flatMap((t) => t.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
    const stepSpan = spans.find((s) => s.name === SPAN.step);
    expect(attributesOf(stepSpan?.attributes)[ATTR.label]).toBe(profile.label);
    const originMs = Date.parse(profile.createdAt);
    expect(profile.phases.length).toBeGreaterThan(0);
    for (const phase of profile.phases) {
      const span = spans.find((s) => s.name === SPAN.phase(phase.name));
      expect(Math.abs(nanosToMs(span?.startTimeUnixNano ?? '0') - (originMs + phase.startMs)), phase.name).toBeLessThan(0.001);
      expect(Math.abs(nanosToMs(span?.endTimeUnixNano ?? '0') - (originMs + phase.endMs)), phase.name).toBeLessThan(0.001);
    }
  });

  it('to a collector that never answers: a warning naming the endpoint and the bound, the post step succeeds, the profile and save stand', async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer((req) => req.resume());
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const r = await runFault({
        services,
        root,
        name: 'otel-silent',
        inputs: {
          path: 'node_modules',
          key: `${key}-miss`,
          'restore-keys': key,
          'otel-endpoint': endpoint,
          'otel-headers': `authorization=Bearer ${SECRET}`,
          'otel-timeout-seconds': '1',
        },
      });
      expect(r.mainExitCode).toBe(0);
      expect(r.postExitCode).toBe(0);
      expect(r.log).toMatch(new RegExp(`OpenTelemetry export to ${endpoint.replace(/\./g, '\\.')} failed after (\\d+) ms \\(bound 1 s\\)`));
      const ms = Number(/failed after (\d+) ms/.exec(r.log)?.[1]);
      expect(ms).toBeGreaterThanOrEqual(990);
      expect(ms).toBeLessThan(1_500);
      expect(r.log).not.toContain(SECRET);
      expect(r.summary).not.toContain(SECRET);
      // A restore key matched: the post step saved under the primary key, and the profile holds that save.
      expect(r.profile?.save?.status).toBe('saved');
      expect(r.profile?.save?.startedAt).toBeDefined();
      expect(r.summary).toContain('### Save');
      expect(r.summary).toMatch(/OpenTelemetry export: \d+ spans, \d+ metric points to .* not taken after \d+ ms \(bound 1 s\); see the warning\./);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
