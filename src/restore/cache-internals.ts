/**
 * The functions @actions/cache's restoreCache calls, imported by file path: the gateway to the toolkit's
 * internals, with cache-service.ts (no other module of src/ reaches into node_modules/@actions/cache by path).
 *
 * Why: @actions/cache 6 exports only `restoreCache`, which does lookup, download and extraction in
 * one call, so nothing outside it can see where one phase ends and the next begins. Calling the very
 * same internal functions in the same order (lib/cache.js restoreCacheV2 / restoreCacheV1) runs the
 * code path users' actions/cache steps run, with exact boundaries between the calls. The exports map
 * does not apply to relative file paths, so esbuild bundles these modules as they are.
 * The version is pinned exactly in package.json, and __tests__/restore/cache-internals.test.ts fails
 * when the sequence inside restoreCacheV2/V1 changes, so an upgrade cannot silently drift.
 */
// The cache service's side without the transfers (cache-service.ts): what a step that moves no archive loads.
export * from './cache-service.js';
export { getCacheEntry, downloadCache, reserveCache, saveCache as uploadCache } from '../../node_modules/@actions/cache/lib/internal/cacheHttpClient.js';
export { extractTar, createTar } from '../../node_modules/@actions/cache/lib/internal/tar.js';
// The toolkit's limits and settings, read where they are defined so a figure in a verdict is the toolkit's own.
export { getDownloadOptions, getUploadOptions } from '../../node_modules/@actions/cache/lib/options.js';

/** The @actions/cache version whose restore and save sequences this module mirrors (saveCacheV2/V1 in src/save/timed-save.ts). */
export const MIRRORED_CACHE_VERSION = '6.3.0';
