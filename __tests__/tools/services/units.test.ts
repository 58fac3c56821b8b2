// Pure parts of the local services: matching, chunk assembly, settings validation, token, signing, rate maths.
import { describe, expect, it } from 'vitest';
import { ArtifactIndex } from '../../../tools/services/artifact-index.js';
import { CacheIndex, chunksCoveringSize, parseContentRange } from '../../../tools/services/cache-index.js';
import { applySettingsUpdate, parseSettingsUpdate, takeErrorFault } from '../../../tools/services/settings.js';
import { UrlSigner } from '../../../tools/services/signed-url.js';
import { TokenBucket, burstFor } from '../../../tools/services/throttle.js';
import { backendIdsFromToken, makeRuntimeToken } from '../../../tools/services/token.js';

function finalized(index: CacheIndex, key: string, version = 'v'): number {
  const reserved = index.reserve(key, version, 0);
  if (!('entry' in reserved)) throw new Error('conflict');
  index.finalize(reserved.entry, 1);
  return reserved.entry.id;
}

describe('CacheIndex.lookup', () => {
  it('prefers the exact key, then prefixes of the key and restore keys in order, newest first', () => {
    const index = new CacheIndex();
    const older = finalized(index, 'deps-a');
    const newer = finalized(index, 'deps-b');
    const exact = finalized(index, 'deps');
    finalized(index, 'deps-c', 'other-version');
    expect(index.lookup('deps', [], 'v')?.id).toBe(exact);
    expect(index.lookup('deps-', [], 'v')?.id).toBe(newer);
    expect(index.lookup('x', ['nope', 'deps-a'], 'v')?.id).toBe(older);
    expect(index.lookup('x', ['deps-c'], 'v')).toBeUndefined();
  });

  it('ignores unfinished uploads and refuses to replace a finalized entry', () => {
    const index = new CacheIndex();
    index.reserve('k', 'v', 0);
    expect(index.lookup('k', [], 'v')).toBeUndefined();
    finalized(index, 'k');
    expect('conflict' in index.reserve('k', 'v', 0)).toBe(true);
  });
});

describe('v1 chunk assembly', () => {
  it('parses the Content-Range @actions/cache sends', () => {
    expect(parseContentRange('bytes 0-199/*')).toEqual({ startByte: 0, endByte: 199 });
    expect(parseContentRange('bytes 5-2/*')).toBeUndefined();
    expect(parseContentRange('items 0-1/*')).toBeUndefined();
    expect(parseContentRange(undefined)).toBeUndefined();
  });

  it('accepts chunks that tile the size exactly, in any arrival order', () => {
    expect(
      chunksCoveringSize(
        new Map([
          [100, 149],
          [0, 99],
        ]),
        150,
      ),
    ).toEqual({ starts: [0, 100] });
    expect(
      chunksCoveringSize(
        new Map([
          [0, 99],
          [120, 149],
        ]),
        150,
      ),
    ).toHaveProperty('problem');
    expect(chunksCoveringSize(new Map([[0, 99]]), 150)).toHaveProperty('problem');
  });
});

describe('ArtifactIndex', () => {
  it('lists finalized artifacts of the run only, with filters', () => {
    const index = new ArtifactIndex();
    const a = index.create('run', 'job1', 'a', 'application/zip', 0);
    const b = index.create('run', 'job2', 'b', 'text/plain', 0);
    index.create('other-run', 'job', 'c', 'application/zip', 0);
    if (!('artifact' in a) || !('artifact' in b)) throw new Error('conflict');
    expect(a.artifact.fileName).toBe('a.zip');
    expect(b.artifact.fileName).toBe('b');
    index.finalize(a.artifact, 10, 'sha256:x');
    index.finalize(b.artifact, 5, undefined);
    expect(index.list('run').map((r) => r.name)).toEqual(['a', 'b']);
    expect(index.list('run', { name: 'b' }).map((r) => r.name)).toEqual(['b']);
    expect(index.list('run', { id: a.artifact.databaseId }).map((r) => r.name)).toEqual(['a']);
    expect(index.list('other-run')).toEqual([]);
    expect('conflict' in index.create('run', 'job3', 'a', 'application/zip', 0)).toBe(true);
  });
});

describe('settings', () => {
  it('validates updates and lets faults be cleared', () => {
    const update = parseSettingsUpdate({ downloadBytesPerSecond: 1000, faults: { blob: { errorStatus: 503, errorCount: 1 } } });
    const settings = applySettingsUpdate({ downloadBytesPerSecond: null, faults: {}, downloadUrls: 'azure' }, update);
    expect(settings).toEqual({ downloadBytesPerSecond: 1000, faults: { blob: { errorStatus: 503, errorCount: 1 } }, downloadUrls: 'azure' });
    expect(applySettingsUpdate(settings, parseSettingsUpdate({ faults: null }))).toEqual({ downloadBytesPerSecond: 1000, faults: {}, downloadUrls: 'azure' });
    expect(applySettingsUpdate(settings, parseSettingsUpdate({ downloadUrls: 'loopback' })).downloadUrls).toBe('loopback');
    expect(() => parseSettingsUpdate({ downloadUrls: 'aws' })).toThrow(/downloadUrls must be one of azure, loopback/);
    expect(applySettingsUpdate(settings, parseSettingsUpdate({ downloadBytesPerSecond: null })).downloadBytesPerSecond).toBeNull();
    expect(() => parseSettingsUpdate({ downloadBytesPerSec: 5 })).toThrow(/unknown setting/);
    expect(() => parseSettingsUpdate({ faults: { blob: { errorStatus: 200 } } })).toThrow(/400-599/);
    expect(() => parseSettingsUpdate({ faults: { disk: {} } })).toThrow(/unknown fault target/);
  });

  it('consumes a limited error count', () => {
    const faults = { errorStatus: 500, errorCount: 2 };
    expect([takeErrorFault(faults), takeErrorFault(faults), takeErrorFault(faults)]).toEqual([500, 500, undefined]);
    expect(takeErrorFault({ errorStatus: 502 })).toBe(502);
    expect(takeErrorFault({ delayMs: 5 })).toBeUndefined();
  });
});

describe('runtime token', () => {
  it('carries the run and job in the scp claim the artifact client reads', () => {
    const ids = { workflowRunBackendId: 'run-1', workflowJobRunBackendId: 'job-2' };
    const token = makeRuntimeToken(ids);
    expect(backendIdsFromToken(token)).toEqual(ids);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'none' });
    expect(backendIdsFromToken('not-a-jwt')).toBeUndefined();
  });
});

describe('UrlSigner', () => {
  it('accepts its own URLs and refuses tampered or expired ones', () => {
    const signer = new UrlSigner();
    const url = new URL(signer.signedUrl('http://127.0.0.1:1', { container: 'c', blobName: '7/my file.zip', fileName: 'my file.zip' }, 1_000));
    expect(signer.verify(url, 2_000)).toEqual({ container: 'c', blobName: '7/my file.zip', fileName: 'my file.zip' });
    const other = new URL(url);
    other.pathname = other.pathname.replace('7', '8');
    expect(signer.verify(other, 2_000)).toHaveProperty('refused');
    expect(signer.verify(url, 1_000 + 7 * 3600 * 1000)).toEqual({ refused: 'the signed URL has expired' });
    expect(new UrlSigner().verify(url, 2_000)).toHaveProperty('refused');
  });
});

describe('TokenBucket', () => {
  it('lets one burst through, then paces to the rate, shared across callers', () => {
    let nowMs = 0;
    const bytesPerSecond = 1_000_000;
    const bucket = new TokenBucket(bytesPerSecond, () => nowMs);
    const burst = burstFor(bytesPerSecond);
    expect(bucket.reserve(burst)).toBe(0);
    // Two callers each taking 10 kB right after the burst queue behind each other: 10 ms, then 20 ms.
    expect(bucket.reserve(10_000)).toBeCloseTo(10);
    expect(bucket.reserve(10_000)).toBeCloseTo(20);
    nowMs = 1_000; // a second later the debt is paid and the bucket refilled up to one burst
    expect(bucket.reserve(burst)).toBe(0);
    bucket.setRate(500_000);
    expect(bucket.reserve(5_000)).toBeCloseTo(10);
  });
});
