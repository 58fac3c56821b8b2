// The download timeline recorded from node's own http client while @actions/cache downloads from the local
// services, on both paths: the Azure SDK's ranged GETs through the proxy, and the plain stream (loopback URLs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServices, type LocalServices } from '../../tools/services/index.js';
import { seedDownloadCache, timedDownload } from '../helpers/download-restore.js';
import { removeDirs, tempDir } from '../helpers/tree.js';

let services: LocalServices;
let root: string;

beforeAll(async () => {
  // 20 MB/s shared: a ~5 MB download spans several 50 ms ticks.
  services = await startLocalServices({ downloadBytesPerSecond: 20_000_000 });
  root = await tempDir('download-timeline');
  await seedDownloadCache(services, root, 'timeline');
  await seedDownloadCache(services, root, 'timeline-v1', 'v1');
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

describe('the download timeline', () => {
  it('Azure SDK path: a HEAD then ranged GETs, each with first byte, end and bytes; the totals add up to the archive', async () => {
    const before = services.blobRequests().length;
    const { restore, phases } = await timedDownload(services, root, 'sdk', 'timeline');
    expect(restore.error).toBeUndefined();
    const download = phases.find((p) => p.name === 'download');
    const t = download?.downloadTimeline;
    expect(t).toBeDefined();
    if (!t || !download) return;
    expect(t.limits).toMatchObject({ path: 'azure-sdk', concurrency: 8, requestTimeoutMs: 30_000, segmentTimeoutMs: 600_000 });
    // Exactly the requests the blob route served, in the same kinds.
    const served = services.blobRequests().slice(before);
    expect(t.requests.map((r) => r.method)).toEqual(served.map((r) => r.method));
    expect(t.requests[0]?.method).toBe('HEAD');
    const gets = t.requests.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(2);
    for (const r of gets) {
      expect(r.outcome).toBe('complete');
      expect(r.status).toBe(206);
      expect(r.range).toMatch(/^bytes=\d+-\d+$/);
      expect(r.firstByteMs).toBeGreaterThanOrEqual(r.startMs);
      expect(r.endMs).toBeGreaterThanOrEqual(r.firstByteMs ?? Infinity);
      expect(r.points.length).toBeGreaterThanOrEqual(2);
    }
    // Wire bytes: the body plus a few hundred bytes of headers per request.
    const wire = t.requests.reduce((sum, r) => sum + r.receivedBytes, 0);
    expect(wire).toBeGreaterThanOrEqual(restore.archiveBytes ?? Infinity);
    expect(wire).toBeLessThan((restore.archiveBytes ?? 0) + t.requests.length * 2000);
    const last = t.samples[t.samples.length - 1];
    expect(last?.[1]).toBe(wire);
    expect(last?.[2]).toBe(0);
    expect(Math.max(...t.samples.map((s) => s[2]))).toBeGreaterThanOrEqual(2);
    expect(t.startMs).toBeGreaterThanOrEqual(download.startMs);
    expect(t.endMs).toBeLessThanOrEqual(download.endMs);
    // Loopback carried it (the services are on 127.0.0.1).
    expect(t.interfaces?.find((i) => i.name === 'lo')?.rxBytes).toBeGreaterThanOrEqual(restore.archiveBytes ?? Infinity);
  });

  it("cache service v1: http-client's concurrent ranged GETs, tunnelled through the proxy (CONNECT left out)", async () => {
    const { restore, phases } = await timedDownload(services, root, 'v1', 'timeline-v1', {}, 'v1');
    expect(restore.error).toBeUndefined();
    const t = phases.find((p) => p.name === 'download')?.downloadTimeline;
    expect(t?.limits).toMatchObject({ path: 'http-concurrent', requestTimeoutMs: 30_000, segmentTimeoutMs: null });
    expect(t?.requests.some((r) => r.method === 'CONNECT')).toBe(false);
    const gets = t?.requests.filter((r) => r.method === 'GET') ?? [];
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(gets.every((r) => r.outcome === 'complete' && r.status === 206 && /^bytes=\d+-\d+$/.test(r.range ?? ''))).toBe(true);
    expect(gets.reduce((s, r) => s + r.receivedBytes, 0)).toBeGreaterThanOrEqual(restore.archiveBytes ?? Infinity);
  });

  it('plain HTTP path (loopback URLs): one whole-blob GET streamed over many ticks', async () => {
    services.setSettings({ downloadUrls: 'loopback' });
    try {
      const { restore, phases } = await timedDownload(services, root, 'plain', 'timeline');
      expect(restore.error).toBeUndefined();
      const t = phases.find((p) => p.name === 'download')?.downloadTimeline;
      expect(t?.limits).toMatchObject({ path: 'http-stream', concurrency: 1, requestTimeoutMs: 5000, segmentTimeoutMs: null });
      expect(t?.requests).toHaveLength(1);
      const r = t?.requests[0];
      expect(r).toMatchObject({ method: 'GET', range: null, status: 200, outcome: 'complete' });
      expect(r?.receivedBytes).toBeGreaterThanOrEqual(restore.archiveBytes ?? Infinity);
      // ~5 MB at 20 MB/s over 50 ms ticks: the body arrives over several points, not at once.
      expect(r?.points.length).toBeGreaterThanOrEqual(4);
    } finally {
      services.setSettings({ downloadUrls: 'azure' });
    }
  });
});
