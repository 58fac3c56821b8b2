/**
 * Cache service v2 (Twirp `github.actions.results.api.v1.CacheService`), what @actions/cache 6 speaks
 * on github.com. Field names follow the client's generated messages (results/api/v1/cache.js).
 */
import { CACHE_CONTAINER } from './blob-store.js';
import type { ServiceContext } from './context.js';
import { type JsonObject, TwirpError, optionalInt64, optionalStringList, requiredString } from './twirp.js';

export const CACHE_SERVICE = 'github.actions.results.api.v1.CacheService';

export type TwirpMethod = (ctx: ServiceContext, body: JsonObject) => Promise<JsonObject>;

/**
 * Upload URLs carry an Azurite SAS on the blob host of this server: the client uploads with the Azure SDK
 * (Put Blob / Put Block / Put Block List) through the services' forward proxy, and upload-route.ts passes
 * each request on to Azurite, which checks the SAS, with the upload faults applied on the way.
 */
async function createCacheEntry(ctx: ServiceContext, body: JsonObject): Promise<JsonObject> {
  const key = requiredString(body, 'key');
  const version = requiredString(body, 'version');
  const reserved = ctx.caches.reserve(key, version, ctx.nowMs());
  if ('conflict' in reserved) {
    throw new TwirpError('already_exists', `a cache entry for key '${key}' and this version already exists`);
  }
  return { ok: true, signed_upload_url: ctx.store.sasUrlAt(ctx.uploadOrigin, CACHE_CONTAINER, reserved.entry.blobName, 'cw') };
}

async function finalizeCacheEntryUpload(ctx: ServiceContext, body: JsonObject): Promise<JsonObject> {
  const key = requiredString(body, 'key');
  const version = requiredString(body, 'version');
  const sizeBytes = optionalInt64(body, 'size_bytes') ?? 0;
  const entry = ctx.caches.pending(key, version);
  if (!entry) throw new TwirpError('not_found', `no cache entry for key '${key}' and this version awaits finalization`);
  const blob = await ctx.store.properties(CACHE_CONTAINER, entry.blobName);
  if (!blob) throw new TwirpError('failed_precondition', `nothing was uploaded for key '${key}'`);
  if (blob.sizeBytes !== sizeBytes) {
    throw new TwirpError('failed_precondition', `the uploaded blob has ${blob.sizeBytes} bytes but size_bytes says ${sizeBytes}`);
  }
  ctx.caches.finalize(entry, sizeBytes);
  return { ok: true, entry_id: String(entry.id) };
}

async function getCacheEntryDownloadURL(ctx: ServiceContext, body: JsonObject): Promise<JsonObject> {
  const key = requiredString(body, 'key');
  const version = requiredString(body, 'version');
  const restoreKeys = optionalStringList(body, 'restore_keys');
  const entry = ctx.caches.lookup(key, restoreKeys, version);
  if (!entry) return { ok: false, signed_download_url: '', matched_key: '' };
  return {
    ok: true,
    signed_download_url: ctx.signer.signedUrl(ctx.baseUrl, { container: CACHE_CONTAINER, blobName: entry.blobName }),
    matched_key: entry.key,
  };
}

export const cacheV2Methods: Record<string, TwirpMethod> = {
  CreateCacheEntry: createCacheEntry,
  FinalizeCacheEntryUpload: finalizeCacheEntryUpload,
  GetCacheEntryDownloadURL: getCacheEntryDownloadURL,
};
