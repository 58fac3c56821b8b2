/**
 * Cache service v1: the REST API under ACTIONS_CACHE_URL that GHES (and nektos/act) speak and
 * @actions/cache falls back to. Routes and fields as in @actions/cache's internal/cacheHttpClient.js.
 * Chunks arrive here (PATCH with Content-Range) and are staged as Azurite blocks, read through the upload
 * faults (upload-faults.ts); the commit assembles them in offset order. Downloads go through the signed blob route like v2.
 */
import type { IncomingMessage } from 'node:http';
import { CACHE_CONTAINER, blockIdForOffset } from './blob-store.js';
import { chunksCoveringSize, parseContentRange } from './cache-index.js';
import type { ApiResponse, ServiceContext } from './context.js';
import { readJsonBody } from './http-util.js';
import { TwirpError, optionalInt64, parseRequestBody, requiredString } from './twirp.js';

export const CACHE_V1_PREFIX = '/_apis/artifactcache/';

/** v1 errors carry `message` (what the client reads) plus the Twirp-style code/msg used everywhere else. */
function v1Error(error: TwirpError): ApiResponse {
  return { status: error.status, body: { ...error.toJson(), message: error.message } };
}

function cacheIdFrom(segment: string | undefined): number {
  const id = Number(segment);
  if (!segment || !Number.isSafeInteger(id) || id <= 0) throw new TwirpError('invalid_argument', `'${segment}' is not a cache id`);
  return id;
}

async function handle(ctx: ServiceContext, req: IncomingMessage, url: URL): Promise<ApiResponse> {
  const resource = url.pathname.slice(CACHE_V1_PREFIX.length).split('/');
  const method = req.method ?? 'GET';

  if (method === 'GET' && resource.length === 1 && resource[0] === 'cache') {
    const keys = (url.searchParams.get('keys') ?? '').split(',').filter(Boolean);
    const version = url.searchParams.get('version') ?? '';
    const [primaryKey, ...restoreKeys] = keys;
    if (!primaryKey || !version) throw new TwirpError('invalid_argument', 'keys and version are required query parameters');
    const entry = ctx.caches.lookup(primaryKey, restoreKeys, version);
    if (!entry) return { status: 204 };
    return {
      status: 200,
      body: {
        cacheKey: entry.key,
        cacheVersion: entry.version,
        scope: 'refs/heads/main',
        creationTime: new Date(entry.createdAtMs).toISOString(),
        archiveLocation: ctx.signer.signedUrl(ctx.baseUrl, { container: CACHE_CONTAINER, blobName: entry.blobName }),
      },
    };
  }

  if (method === 'GET' && resource.length === 1 && resource[0] === 'caches') {
    const entries = ctx.caches.listByKeyPrefix(url.searchParams.get('key') ?? '');
    return {
      status: 200,
      body: {
        totalCount: entries.length,
        artifactCaches: entries.map((e) => ({
          cacheKey: e.key,
          cacheVersion: e.version,
          scope: 'refs/heads/main',
          creationTime: new Date(e.createdAtMs).toISOString(),
        })),
      },
    };
  }

  if (method === 'POST' && resource.length === 1 && resource[0] === 'caches') {
    const body = parseRequestBody(await readJsonBody(req));
    const key = requiredString(body, 'key');
    const version = requiredString(body, 'version');
    const reserved = ctx.caches.reserve(key, version, ctx.nowMs());
    if ('conflict' in reserved)
      return v1Error(new TwirpError('already_exists', `Cache already exists. Scope: refs/heads/main, Key: ${key}, Version: ${version}`));
    return { status: 201, body: { cacheId: reserved.entry.id } };
  }

  if ((method === 'PATCH' || method === 'POST') && resource.length === 2 && resource[0] === 'caches') {
    const entry = ctx.caches.byId(cacheIdFrom(resource[1]));
    if (!entry || entry.finalized) throw new TwirpError('not_found', `cache ${resource[1]} is not reserved for upload`);

    if (method === 'PATCH') {
      const range = parseContentRange(req.headers['content-range']);
      if (!range) throw new TwirpError('invalid_argument', "Content-Range must be 'bytes <start>-<end>/*'");
      const lengthBytes = range.endByte - range.startByte + 1;
      const upload = ctx.uploads.begin(req, 'patch-chunk');
      if (!upload) return { status: 0, reset: true };
      try {
        await ctx.store.stageBlock(CACHE_CONTAINER, entry.blobName, blockIdForOffset(range.startByte), upload.body, lengthBytes);
      } catch (error) {
        if (upload.wasCut) return { status: 0, reset: true };
        throw error;
      }
      entry.stagedChunks.set(range.startByte, range.endByte);
      return (await upload.beforeResponse()) ? { status: 204 } : { status: 0, reset: true };
    }

    const body = parseRequestBody(await readJsonBody(req));
    const sizeBytes = optionalInt64(body, 'size');
    if (sizeBytes === undefined) throw new TwirpError('invalid_argument', 'size is required', { argument: 'size' });
    const covered = chunksCoveringSize(entry.stagedChunks, sizeBytes);
    if ('problem' in covered) throw new TwirpError('failed_precondition', covered.problem);
    await ctx.store.commitBlocks(CACHE_CONTAINER, entry.blobName, covered.starts.map(blockIdForOffset));
    ctx.caches.finalize(entry, sizeBytes);
    await ctx.uploads.roundTrip();
    return { status: 204 };
  }

  throw new TwirpError('bad_route', `no cache v1 route for ${method} ${url.pathname}`);
}

export async function handleCacheV1(ctx: ServiceContext, req: IncomingMessage, url: URL): Promise<ApiResponse> {
  try {
    return await handle(ctx, req, url);
  } catch (error) {
    // Drain whatever part of the request body was not read, so the connection can be reused.
    req.resume();
    if (error instanceof TwirpError) return v1Error(error);
    throw error;
  }
}
