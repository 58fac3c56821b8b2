// The upload timeline recorded from node's own http client while @actions/cache saves to the local services,
// on both paths: cache v2's Azure SDK (one Put Blob under 128 MiB) and cache v1's PATCH chunks in parallel.
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { judgedSave } from '../../src/pipeline/judged-save.js';
import type { SaveResult } from '../../src/profile/schema.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';

let services: LocalServices;
let root: string;
let workspace: string;
let runnerTemp: string;

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('upload-timeline');
  workspace = path.join(root, 'workspace');
  runnerTemp = path.join(root, 'runner-temp');
  await mkdir(runnerTemp, { recursive: true });
  await copyPackages(path.join(workspace, 'deps'), ['typescript']);
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function save(key: string, version: 'v1' | 'v2', uploadChunkSize?: number): Promise<SaveResult> {
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp }, version);
  return withEnv(env, () =>
    judgedSave({ paths: ['deps'], key, enableCrossOsArchive: false, uploadChunkSize, workspace, runnerTemp, sampleIntervalMs: 20, log: () => {} }),
  );
}

describe('the upload timeline', () => {
  it('cache v2: one Put Blob carries the archive, its body sent before the store answered', async () => {
    const saved = await save('upload-v2', 'v2');
    expect(saved.status).toBe('saved');
    const upload = saved.phases.find((p) => p.name === 'upload');
    const t = upload?.uploadTimeline;
    expect(t?.limits).toMatchObject({ path: 'azure-sdk', concurrency: 8, chunkBytes: 64 * 1024 * 1024, requestTimeoutMs: null, maxTries: 4 });
    if (!t || !upload) return;
    const data = t.requests.filter((r) => r.part !== null);
    expect(data.map((r) => [r.method, r.part])).toEqual([['PUT', 'whole blob']]);
    const blob = data[0];
    expect(blob?.outcome).toBe('complete');
    expect(blob?.status).toBe(201);
    expect(blob?.bodySentMs).toBeGreaterThanOrEqual(blob?.startMs ?? Infinity);
    expect(blob?.responseMs).toBeGreaterThanOrEqual(blob?.bodySentMs ?? Infinity);
    // Wire bytes: the archive plus its request's headers.
    expect(blob?.sentBytes).toBeGreaterThanOrEqual(saved.archiveBytes ?? Infinity);
    expect(blob?.sentBytes).toBeLessThan((saved.archiveBytes ?? 0) + 4000);
    expect(t.startMs).toBeGreaterThanOrEqual(upload.startMs);
    expect(t.endMs).toBeLessThanOrEqual(upload.endMs);
    expect(t.interfaces?.find((i) => i.name === 'lo')?.txBytes).toBeGreaterThanOrEqual(saved.archiveBytes ?? Infinity);
    expect(saved.verdict?.upload?.limit).toBeDefined();
    expect(saved.verdict?.upload?.whatIf.map((w) => w.change)).toEqual(['twice-per-connection', 'twice-aggregate', 'half-round-trip']);
  });

  it('cache v1: a PATCH per chunk, up to 4 in flight, then the commit; every chunk sent whole', async () => {
    const chunk = 1024 * 1024;
    const saved = await save('upload-v1', 'v1', chunk);
    expect(saved.status).toBe('saved');
    const t = saved.phases.find((p) => p.name === 'upload')?.uploadTimeline;
    expect(t?.limits).toMatchObject({ path: 'http-chunks', concurrency: 4, chunkBytes: chunk, requestTimeoutMs: 180_000, maxTries: 2 });
    if (!t) return;
    const patches = t.requests.filter((r) => r.method === 'PATCH');
    expect(patches.length).toBe(Math.ceil((saved.archiveBytes ?? 0) / chunk));
    for (const r of patches) {
      expect(r.part).toMatch(/^bytes \d+-\d+\/\*$/);
      expect(r.outcome).toBe('complete');
      expect(r.bodySentMs).not.toBeNull();
    }
    const body = patches.reduce((s, r) => s + r.sentBytes, 0);
    expect(body).toBeGreaterThanOrEqual(saved.archiveBytes ?? Infinity);
    expect(Math.max(...t.samples.map((s) => s[2]))).toBeLessThanOrEqual(4 + 1);
    expect(t.requests.at(-1)?.method).toBe('POST');
    expect(t.requests.at(-1)?.part).toBeNull();
  });
});
