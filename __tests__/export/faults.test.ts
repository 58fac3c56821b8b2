// The export's faults, each against something real on 127.0.0.1: nothing listening, a server that takes the
// request and never answers, the real collector answering 404 on a wrong path, and secret headers. Each ends
// within the stated bound with a failure that names no secret; the profile object is left as it was.
import * as http from 'node:http';
import * as path from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportProfile } from '../../src/export/export-profile.js';
import { exportFact, exportWarning } from '../../src/export/export-report.js';
import { exportSettings } from '../../src/export/settings.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { repoRoot } from '../helpers/tree.js';
import { collectorAvailable, freePort, startCollector, type RunningCollector } from '../helpers/otel-collector.js';

const canRun = collectorAvailable();
const profilePath = path.join(repoRoot, 'fixtures/profiles/lab-bio-iops-cap.json');
const SECRET = 'sk-live-7f3a9c1e5b2d4680';
let collector: RunningCollector;

/** A server that reads each request and never answers; records the headers it was sent. */
async function silentServer(): Promise<{ url: string; seen: http.IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req) => {
    seen.push(req.headers);
    req.resume();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  if (canRun) collector = await startCollector();
}, 900_000);

afterAll(async () => {
  await collector?.stop();
});

describe('export faults never cost more than the bound', () => {
  it('collector down: both signals refused (the exporter retries a refused connection only inside the bound), one warning naming the endpoint', async () => {
    const port = await freePort();
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, DISK_PROFILER_OTEL_TIMEOUT_SECONDS: '2' });
    const profile = readProfileFile(profilePath);
    const before = JSON.stringify(profile);
    const o = await exportProfile(profile, { settings: settings ?? expect.fail('on'), ci: {}, env: {} });
    expect(o.failures.length).toBe(2);
    expect(o.failures.join(' ')).toContain('ECONNREFUSED');
    expect(o.durationMs).toBeLessThan(o.boundMs);
    expect(exportWarning(o)).toContain(`to http://127.0.0.1:${port} failed after`);
    expect(JSON.stringify(profile)).toBe(before);
  });

  it('a server that never answers: given up at the 1 s bound, not later; the secret header was sent but shows nowhere', async () => {
    const silent = await silentServer();
    try {
      const settings = exportSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: silent.url,
        OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer ${SECRET},x-api-key=${SECRET}`,
        DISK_PROFILER_OTEL_TIMEOUT_SECONDS: '1',
      });
      const o = await exportProfile(readProfileFile(profilePath), { settings: settings ?? expect.fail('on'), ci: {}, env: {} });
      expect(o.failures.length).toBeGreaterThan(0);
      expect(o.durationMs).toBeGreaterThanOrEqual(990);
      // The bound plus the event loop's turn: the exporter's own timeout and the race end together.
      expect(o.durationMs).toBeLessThan(1_500);
      expect(silent.seen.some((h) => h.authorization === `Bearer ${SECRET}`)).toBe(true);
      const shown = [exportWarning(o), exportFact(o), ...o.failures].join('\n');
      expect(shown).not.toContain(SECRET);
      expect(shown).not.toContain('authorization');
    } finally {
      await silent.close();
    }
  });
});

describe.runIf(canRun)('export refused by the real collector', () => {
  it('a 4xx (wrong path): no retry, failed in well under the bound, reported per signal', async () => {
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.endpoint}/wrong`, OTEL_EXPORTER_OTLP_HEADERS: `x-token=${SECRET}` });
    const o = await exportProfile(readProfileFile(profilePath), { settings: settings ?? expect.fail('on'), ci: {}, env: {} });
    expect(o.failures.map((f) => f.split(':')[0]).sort()).toEqual(['metrics', 'traces']);
    expect(o.durationMs).toBeLessThan(o.boundMs / 2);
    expect([exportWarning(o), ...o.failures].join('\n')).not.toContain(SECRET);
    expect(collector.traces().length + collector.metrics().length).toBe(0);
  });
});
