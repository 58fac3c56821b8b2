/**
 * The functions @actions/cache's restoreCache calls, imported by file path: the one gateway to the
 * toolkit's internals (no other module of src/ reaches into node_modules/@actions/cache by path).
 *
 * Why: @actions/cache 6 exports only `restoreCache`, which does lookup, download and extraction in
 * one call, so nothing outside it can see where one phase ends and the next begins. Calling the very
 * same internal functions in the same order (lib/cache.js restoreCacheV2 / restoreCacheV1) runs the
 * code path users' actions/cache steps run, with exact boundaries between the calls. The exports map
 * does not apply to relative file paths, so esbuild bundles these modules as they are.
 * The version is pinned exactly in package.json, and __tests__/restore/cache-internals.test.ts fails
 * when the sequence inside restoreCacheV2/V1 changes, so an upgrade cannot silently drift.
 */
export * as cacheUtils from '../../node_modules/@actions/cache/lib/internal/cacheUtils.js';
export { getCacheEntry, downloadCache, reserveCache, saveCache as uploadCache } from '../../node_modules/@actions/cache/lib/internal/cacheHttpClient.js';
export { internalCacheTwirpClient } from '../../node_modules/@actions/cache/lib/internal/shared/cacheTwirpClient.js';
export {
  getCacheServiceVersion,
  getCacheServiceURL,
  getCacheMode,
  isCacheReadable,
  isCacheWritable,
  isGhes,
} from '../../node_modules/@actions/cache/lib/internal/config.js';
export { extractTar, createTar } from '../../node_modules/@actions/cache/lib/internal/tar.js';
// The toolkit's HTTP client and its retries, for the remembered documents' one-request transfers (remember/cache-store.ts).
export { retryHttpClientResponse } from '../../node_modules/@actions/cache/lib/internal/requestUtils.js';
export { HttpClient } from '@actions/http-client';
// The toolkit's limits and settings, read where they are defined so a figure in a verdict is the toolkit's own.
export { getDownloadOptions, getUploadOptions } from '../../node_modules/@actions/cache/lib/options.js';
export { CompressionMethod, DefaultRetryAttempts, SocketTimeout } from '../../node_modules/@actions/cache/lib/internal/constants.js';

/** The @actions/cache version whose restore and save sequences this module mirrors (saveCacheV2/V1 in src/save/timed-save.ts). */
export const MIRRORED_CACHE_VERSION = '6.3.0';
