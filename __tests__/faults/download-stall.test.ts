// Network faults on the download, through the bundled action and the local services: a request held
// mid-body is reported as a stall of the length it was held, first thing in the summary, with the setting
// that would have cut it short, on both download paths; a request reset before its response shows the retry.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCache, type LocalServices } from '../../tools/services/index.js';
import { removeDirs } from '../helpers/tree.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { sayDownload } from '../../src/report/say/transfer.js';

let services: LocalServices;
let root: string;
const key = 'download-stall';
const MB = 1_000_000;

beforeAll(async () => {
  ({ services, root } = await seededServices('faults-download', 'unused-small', ['tar']));
  // 12 MB zstd cannot shrink: three of the SDK's 4 MiB ranges, under a second at 16 MB/s.
  const source = path.join(root, 'stall-source');
  await mkdir(path.join(source, 'node_modules'), { recursive: true });
  await writeFile(path.join(source, 'node_modules', 'blob.bin'), randomBytes(12 * MB));
  await seedCache({ services, paths: ['node_modules'], key, workspace: source, tempDir: path.join(root, 'seed-temp') });
});

afterEach(() => services?.setSettings({ downloadBytesPerSecond: null, network: null, downloadUrls: 'azure' }));

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

const inputs = { path: 'node_modules', key, 'sample-interval-ms': '100' };
const firstLine = (summary: string) => summary.split('\n')[0] ?? '';

describe('a stalled download', () => {
  it('Azure SDK path: a GET held 2.5 s mid-body is a 2.5 s stall (±0.5 s), first in the summary, with SEGMENT_DOWNLOAD_TIMEOUT_MINS', async () => {
    services.setSettings({ downloadBytesPerSecond: 16 * MB, network: { hold: { request: 1, afterBytes: 1 * MB, durationMs: 2500 } } });
    const r = await runFault({ services, root, name: 'sdk-hold', inputs });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit']).toBe('true');
    const stall = r.profile?.verdict?.download?.stalls[0];
    expect(stall?.kind).toBe('body');
    expect(Math.abs((stall?.durationMs ?? 0) - 2500)).toBeLessThanOrEqual(500);
    // The HEAD is request #1, the held GET #2.
    expect(stall?.requestId).toBe(2);
    expect(firstLine(r.summary)).toMatch(/^### The download stalled for [23](\.\d+)? s \(request #2\): \d+% of the [\d.]+ s/);
    expect(r.summary).toMatch(/> \*\*What to do:\*\* SEGMENT_DOWNLOAD_TIMEOUT_MINS=[\d.]+ or less \(10 in force\) would have cut this stall short/);
    // The judge's full sentence, with where in the archive, is in the evidence.
    expect(r.summary).toMatch(/The download stalled for [23](\.\d+)? s \(request #2, at \d+% of the archive\): SEGMENT_DOWNLOAD_TIMEOUT_MINS=/);
    expect(r.summary).toContain('<details><summary>Download: inside the transfer');
    expect(r.summary).toContain('Download requests in flight');
  });

  it('plain HTTP path: a GET held 2 s is a 2 s stall under the 5 s socket timeout; one held past it ends the restore', async () => {
    services.setSettings({
      downloadUrls: 'loopback',
      downloadBytesPerSecond: 16 * MB,
      network: { hold: { request: 1, afterBytes: 4 * MB, durationMs: 2000 } },
    });
    const under = await runFault({ services, root, name: 'plain-hold', inputs });
    expect(under.outputs['cache-hit']).toBe('true');
    const stall = under.profile?.verdict?.download?.stalls[0];
    expect(Math.abs((stall?.durationMs ?? 0) - 2000)).toBeLessThanOrEqual(500);
    expect(firstLine(under.summary)).toMatch(/^### The download stalled for [12](\.\d+)? s \(request #1\): \d+% of the /);
    expect(under.summary).toMatch(/The download stalled for [12](\.\d+)? s \(request #1, at \d+% of the archive\): only @actions\/cache's 5 s socket timeout/);

    services.setSettings({
      downloadUrls: 'loopback',
      downloadBytesPerSecond: 16 * MB,
      network: { hold: { request: 1, afterBytes: 4 * MB, durationMs: 7000 } },
    });
    const ended = await runFault({ services, root, name: 'plain-hold-timeout', inputs });
    expect(ended.mainExitCode).toBe(0);
    expect(ended.outputs['cache-hit']).toBeUndefined();
    expect(ended.summary).toMatch(
      /The download stalled for [45](\.\d+)? s \(request #1, after [\d.]+ MiB\): @actions\/cache's 5 s socket timeout on the plain HTTP download ended it and the restore failed/,
    );
  });

  it('Azure SDK path: a GET reset before its response is retried, and the timeline shows both', async () => {
    services.setSettings({ downloadBytesPerSecond: 16 * MB, network: { cut: { request: 2, afterBytes: 0 } } });
    const r = await runFault({ services, root, name: 'sdk-reset', inputs });
    expect(r.outputs['cache-hit']).toBe('true');
    const requests = r.profile?.phases.find((p) => p.name === 'download')?.downloadTimeline?.requests ?? [];
    const failed = requests.find((q) => q.outcome === 'error');
    expect(failed?.method).toBe('GET');
    expect(requests.filter((q) => q.method === 'GET' && q.range === failed?.range).map((q) => q.outcome)).toEqual(['error', 'complete']);
    const download = r.profile?.verdict?.download;
    expect(download && sayDownload(download).evidence.join('\n')).toMatch(/request #\d+ failed before a response .* later: a retry/);
  });
});
