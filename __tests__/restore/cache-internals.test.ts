// Guards the mirror in src/restore/timed-restore.ts: it calls @actions/cache's internal functions in
// the order restoreCacheV2/V1 call them. If an upgrade changes those functions, these tests fail and
// the mirror must be re-read against the new lib/cache.js before the hashes are updated.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MIRRORED_CACHE_VERSION } from '../../src/restore/cache-internals.js';
import * as internals from '../../src/restore/cache-internals.js';

const source = readFileSync('node_modules/@actions/cache/lib/cache.js', 'utf8');

function functionSource(name: string): string {
  const start = source.indexOf(`function ${name}(`);
  expect(start, `${name} not found in @actions/cache lib/cache.js`).toBeGreaterThan(-1);
  return source.slice(start, source.indexOf('\n}\n', start));
}

function expectInOrder(text: string, calls: string[]): void {
  let at = 0;
  for (const call of calls) {
    const found = text.indexOf(call, at);
    expect(found, `${call} after offset ${at}`).toBeGreaterThan(-1);
    at = found + call.length;
  }
}

describe('@actions/cache internals mirrored by the timed restore', () => {
  it('is the pinned version', () => {
    const pkg = JSON.parse(readFileSync('node_modules/@actions/cache/package.json', 'utf8')) as { version: string };
    expect(pkg.version).toBe(MIRRORED_CACHE_VERSION);
    const ours = createRequire(import.meta.url)('../../package.json') as { dependencies: Record<string, string> };
    expect(ours.dependencies['@actions/cache']).toBe(MIRRORED_CACHE_VERSION);
  });

  it('restoreCacheV2 calls lookup, download and extraction in the mirrored order, unchanged', () => {
    const v2 = functionSource('restoreCacheV2');
    expectInOrder(v2, [
      'utils.getCompressionMethod()',
      'twirpClient.GetCacheEntryDownloadURL(request)',
      'utils.createTempDirectory()',
      'cacheHttpClient.downloadCache(response.signedDownloadUrl, archivePath, options)',
      'utils.getArchiveFileSizeInBytes(archivePath)',
      'extractTar(archivePath, compressionMethod)',
      'utils.unlinkFile(archivePath)',
    ]);
    expect(createHash('sha256').update(v2).digest('hex')).toBe('36557d3f5eea1d9eb64ef59e505c3dbcbdaedf7d00d8a2e28b3bc9ff7c0baf10');
  });

  it('restoreCacheV1 calls lookup, download and extraction in the mirrored order, unchanged', () => {
    const v1 = functionSource('restoreCacheV1');
    expectInOrder(v1, [
      'utils.getCompressionMethod()',
      'cacheHttpClient.getCacheEntry(keys, paths',
      'utils.createTempDirectory()',
      'cacheHttpClient.downloadCache(cacheEntry.archiveLocation, archivePath, options)',
      'utils.getArchiveFileSizeInBytes(archivePath)',
      'extractTar(archivePath, compressionMethod)',
      'utils.unlinkFile(archivePath)',
    ]);
    expect(createHash('sha256').update(v1).digest('hex')).toBe('293c4f3ebcfaca719db73f0dd5cd8b317f49905969e581e3044e75f441c52cc9');
  });

  it('restoreCache (the dispatcher) checks the cache mode before choosing V2 or V1, unchanged', () => {
    const dispatcher = functionSource('restoreCache');
    // The mirror's skip: a mode that forbids reads returns undefined (a miss) before any lookup, logged as info.
    expectInOrder(dispatcher, [
      'getCacheServiceVersion()',
      'checkPaths(paths)',
      'getCacheMode()',
      'if (!isCacheReadable(cacheMode))',
      "core.info(`Cache restore skipped: the effective cache-mode '${cacheMode}' does not permit reads.`)",
      'return undefined;',
      "case 'v2':",
      'restoreCacheV2(',
      'restoreCacheV1(',
    ]);
    expect(createHash('sha256').update(dispatcher).digest('hex')).toBe('5d42d875aed98b43c006eb0c486d09a23897dfcbb3b3c44c2555725536249735');
  });

  it('lookupOnly returns the matched key right after the lookup in V2 and V1', () => {
    expectInOrder(functionSource('restoreCacheV2'), [
      'if (!response.ok)',
      'options === null || options === void 0 ? void 0 : options.lookupOnly',
      'return response.matchedKey;',
      'utils.createTempDirectory()',
    ]);
    expectInOrder(functionSource('restoreCacheV1'), [
      'cacheEntry.archiveLocation',
      'options === null || options === void 0 ? void 0 : options.lookupOnly',
      'return cacheEntry.cacheKey;',
      'utils.createTempDirectory()',
    ]);
  });

  it('the cache-mode helpers the mirror calls read ACTIONS_CACHE_MODE as pinned', () => {
    const config = readFileSync('node_modules/@actions/cache/lib/internal/config.js', 'utf8');
    const from = config.indexOf('const KNOWN_CACHE_MODES');
    const to = config.indexOf('export function getCacheServiceURL');
    expect(from).toBeGreaterThan(-1);
    expect(createHash('sha256').update(config.slice(from, to)).digest('hex')).toBe('4db95d5c42a053daa299e9792e5201ed979fc542efc475e090c4560051ef94f5');
  });

  // The save's mirror (src/save/timed-save.ts) follows saveCache, saveCacheV2 and saveCacheV1 call for call.
  it('saveCache (the dispatcher) checks the cache mode before choosing V2 or V1, unchanged', () => {
    const dispatcher = functionSource('saveCache');
    expectInOrder(dispatcher, [
      'getCacheServiceVersion()',
      'checkPaths(paths)',
      'checkKey(key)',
      'getCacheMode()',
      'if (!isCacheWritable(cacheMode))',
      "core.info(`Cache save skipped: the effective cache-mode '${cacheMode}' does not permit writes.`)",
      'return -1;',
      'saveCacheV2(',
      'saveCacheV1(',
    ]);
    expect(createHash('sha256').update(dispatcher).digest('hex')).toBe('e44df2405720ab466cf3eb11a17b7c1cba299644cf1ce1abaeac35372915c7ca');
  });

  it('saveCacheV2 lists, archives, reserves, uploads and finalizes in the mirrored order, unchanged', () => {
    const v2 = functionSource('saveCacheV2');
    expectInOrder(v2, [
      'uploadChunkSize: 64 * 1024 * 1024, uploadConcurrency: 8, useAzureSdk: true',
      'utils.getCompressionMethod()',
      'cacheTwirpClient.internalCacheTwirpClient()',
      'utils.resolvePaths(paths)',
      'if (cachePaths.length === 0)',
      'utils.createTempDirectory()',
      'createTar(archiveFolder, cachePaths, compressionMethod)',
      'utils.getArchiveFileSizeInBytes(archivePath)',
      'options.archiveSizeBytes = archiveFileSize',
      'utils.getCacheVersion(paths, compressionMethod, enableCrossOsArchive)',
      'twirpClient.CreateCacheEntry(request)',
      'cacheHttpClient.saveCache(cacheId, archivePath, signedUploadUrl, options)',
      'twirpClient.FinalizeCacheEntryUpload(finalizeRequest)',
      'cacheId = parseInt(finalizeResponse.entryId)',
      'utils.unlinkFile(archivePath)',
    ]);
    expect(createHash('sha256').update(v2).digest('hex')).toBe('ea2b6df5bffea1ab2ae677e3f57c696c4eaea88195daab506f0a41ef2efc7111');
  });

  it('saveCacheV1 lists, archives, reserves and uploads (commit inside) in the mirrored order, unchanged', () => {
    const v1 = functionSource('saveCacheV1');
    expectInOrder(v1, [
      'utils.getCompressionMethod()',
      'utils.resolvePaths(paths)',
      'utils.createTempDirectory()',
      'createTar(archiveFolder, cachePaths, compressionMethod)',
      'utils.getArchiveFileSizeInBytes(archivePath)',
      'archiveFileSize > fileSizeLimit && !isGhes()',
      'cacheHttpClient.reserveCache(key, paths, {',
      "cacheHttpClient.saveCache(cacheId, archivePath, '', options)",
      'utils.unlinkFile(archivePath)',
    ]);
    expect(createHash('sha256').update(v1).digest('hex')).toBe('07e05d54526507344c5a0e73006c4d1a312e4f41be3ed9af94667cbc29d34a14');
  });

  it('the internal functions exist where the mirror imports them', () => {
    for (const fn of [
      internals.downloadCache,
      internals.extractTar,
      internals.getCacheEntry,
      internals.internalCacheTwirpClient,
      internals.createTar,
      internals.reserveCache,
      internals.uploadCache,
      internals.isCacheWritable,
      internals.isGhes,
    ]) {
      expect(typeof fn).toBe('function');
    }
    expect(typeof internals.cacheUtils.getCompressionMethod).toBe('function');
  });
});
