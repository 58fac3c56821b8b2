// `disk-profiler export` (the built CLI) back-filling the recorded profiles in fixtures/ into a real
// OpenTelemetry Collector: one trace and one metrics request per profile, each phase at its recorded boundaries.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTR, SPAN } from '../../../src/export/names.js';
import { readProfileFile } from '../../../src/profile/read-profile.js';
import { buildDist } from '../../helpers/action-harness.js';
import { repoRoot } from '../../helpers/tree.js';
import { attributesOf, collectorAvailable, freePort, nanosToMs, startCollector, type RunningCollector } from '../../helpers/otel-collector.js';

const run = promisify(execFile);
const canRun = collectorAvailable();
const SECRET = 'bf-0c1d2e3f4a5b6c7d8e9f';
let collector: RunningCollector;

const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [path.join(repoRoot, 'dist/cli.js'), 'export', ...args], { cwd: repoRoot, env: { ...process.env, ...env } });

beforeAll(async () => {
  if (!canRun) return;
  buildDist();
  collector = await startCollector();
}, 900_000);

afterAll(async () => {
  await collector?.stop();
});

describe.runIf(canRun)('disk-profiler export', () => {
  it('sends every recorded profile in fixtures/profiles, in order, each phase at the boundaries it was recorded with', async () => {
    const dir = path.join(repoRoot, 'fixtures/profiles');
    // Directories are walked depth-first in name order, as the command walks them (fixtures/profiles/probe-caps/).
    const walk = (rel: string): string[] =>
      readdirSync(path.join(dir, rel), { withFileTypes: true })
        .sort((a, b) => a.name.localeCompare(b.name))
        .flatMap((e) => (e.isDirectory() ? walk(path.join(rel, e.name)) : e.name.endsWith('.json') ? [path.join(rel, e.name)] : []));
    const files = walk('');
    const { stdout, stderr } = await cli([dir, '--header', `x-api-key=${SECRET}`], { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint });
    expect(stderr).toContain(`${files.length} of ${files.length} profiles exported to ${collector.endpoint}`);
    expect(`${stdout}${stderr}`).not.toContain(SECRET);
    await collector.waitFor('traces', files.length);
    await collector.waitFor('metrics', files.length);
    const traces = collector.traces();
    expect(traces.length).toBe(files.length);
    files.forEach((file, i) => {
      const profile = readProfileFile(path.join(dir, file));
      const spans = traces[i]?.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)) ?? [];
      const resource = attributesOf(traces[i]?.resourceSpans[0]?.resource.attributes);
      expect(resource[ATTR.label], file).toBe(profile.label);
      const originMs = Date.parse(profile.createdAt);
      for (const phase of profile.phases) {
        const span = spans.find((s) => s.name === SPAN.phase(phase.name));
        expect(Math.abs(nanosToMs(span?.startTimeUnixNano ?? '0') - (originMs + phase.startMs)), `${file} ${phase.name}`).toBeLessThan(0.001);
        expect(Math.abs(nanosToMs(span?.endTimeUnixNano ?? '0') - (originMs + phase.endMs)), `${file} ${phase.name}`).toBeLessThan(0.001);
      }
      const step = spans.find((s) => s.name === SPAN.step);
      expect(attributesOf(step?.attributes)[ATTR.verdictBottleneck], file).toBe(profile.verdict?.bottleneck);
    });
  });

  it('a collector that is down: every profile reported not sent, exit code 1, no secret in the output', async () => {
    const port = await freePort();
    const file = path.join(repoRoot, 'fixtures/experiments/lab-cpu.json');
    const failed = await cli([file, '--endpoint', `http://127.0.0.1:${port}`, '--timeout-seconds', '1', '--header', `authorization=Bearer ${SECRET}`]).then(
      () => expect.fail('export exits 1 when a profile was not taken'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('not taken after');
    expect(failed.stderr).toContain(`0 of 1 profiles exported to http://127.0.0.1:${port}`);
    expect(`${failed.stdout}${failed.stderr}`).not.toContain(SECRET);
  });
});
