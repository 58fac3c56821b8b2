/**
 * The half of the gateway to @actions/cache's internals (cache-internals.ts) that moves no archive: the
 * service's configuration, its v2 client, the cache version, the toolkit's HTTP client and retries, and its
 * constants. A step that only reads or stores the action's small documents (remember/cache-store.ts on cache
 * v2), or decides not to save, loads this and not the transfers' storage SDK: the transfers' modules cost a
 * post step ~100 ms to load (Node 24, compile cache warm), and a repeat run's post step saves nothing.
 */
export * as cacheUtils from '../../node_modules/@actions/cache/lib/internal/cacheUtils.js';
export { internalCacheTwirpClient } from '../../node_modules/@actions/cache/lib/internal/shared/cacheTwirpClient.js';
export {
  getCacheServiceVersion,
  getCacheServiceURL,
  getCacheMode,
  isCacheReadable,
  isCacheWritable,
  isGhes,
} from '../../node_modules/@actions/cache/lib/internal/config.js';
// The toolkit's HTTP client and its retries, for the remembered documents' one-request transfers (remember/cache-store.ts).
export { retryHttpClientResponse } from '../../node_modules/@actions/cache/lib/internal/requestUtils.js';
export { HttpClient } from '@actions/http-client';
export { CompressionMethod, DefaultRetryAttempts, SocketTimeout } from '../../node_modules/@actions/cache/lib/internal/constants.js';
