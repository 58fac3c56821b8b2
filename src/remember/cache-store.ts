/**
 * Small JSON documents in the Actions cache, in key spaces of their own (IO edge): the remembered
 * ceilings, fixes and anatomies, and the label histories. Entries are immutable, so each save takes a new key and a load
 * takes the newest entry under a prefix, as restore-keys do.
 *
 * Why not restoreCache/saveCache: those tar and zstd a directory, whose path strings are part of the
 * cache version and would have to be the same on every runner. These documents are a few KiB of
 * JSON: the same service calls restoreCacheV2/V1 and saveCacheV2/V1 make, with the JSON as the
 * archive's bytes, cost a lookup and a small transfer, and nothing is written outside RUNNER_TEMP.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  cacheUtils,
  CompressionMethod,
  getCacheMode,
  getCacheServiceVersion,
  HttpClient,
  internalCacheTwirpClient,
  isCacheReadable,
  isCacheWritable,
  retryHttpClientResponse,
} from '../restore/cache-service.js';
import { errorMessage } from '../util/errors.js';

/** The document kinds, each its own cache version (so no actions/cache entry, and no other kind, can match). */
export const DOCUMENT_KINDS = ['ceilings', 'history', 'fixes', 'anatomy'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Part of the version: bump it when a document's shape changes incompatibly, and old entries stop matching. */
const DOCUMENT_FORMAT = 1;

function versionOf(kind: DocumentKind): { paths: string[]; compressionMethod: CompressionMethod } {
  // The JSON is stored as it is; gzip only names the entry's format in its version, as saveCache's would.
  return { paths: [`disk-profiler/${kind}/v${DOCUMENT_FORMAT}`], compressionMethod: CompressionMethod.Gzip };
}

/**
 * A document is a few KiB: fetched with one GET into memory (the toolkit's http-client with its retries, and
 * its size check against Content-Length), not as restoreCache fetches an archive: the storage SDK asks for the
 * blob's properties first (a round trip more, ~20 ms of every repeat run's main step) and writes a file. Nothing
 * is written to disk, so a load may overlap the restore's extraction without adding to its disk figures.
 */
async function getDocumentBody(url: string): Promise<Buffer> {
  const http = new HttpClient('actions/cache');
  const response = await retryHttpClientResponse('downloadDocument', () => http.get(url));
  const status = response.message.statusCode ?? 0;
  const body = response.readBodyBuffer ? await response.readBodyBuffer() : Buffer.from(await response.readBody());
  if (status < 200 || status >= 300) throw new Error(`the blob service answered the download with ${status}`);
  const expected = Number.parseInt(String(response.message.headers['content-length'] ?? ''), 10);
  if (Number.isFinite(expected) && body.length !== expected) throw new Error(`incomplete download: ${body.length} of ${expected} bytes`);
  return body;
}

/** A miss says why; `missing` where the service answered that there is no such entry (not a failed read). */
export type LoadResult = { found: true; key: string; document: unknown } | { found: false; reason: string; missing?: true };

/** Cache v1's client (GHES), loaded only there: it brings the transfers' storage SDK with it (restore/cache-service.ts). */
const v1Client = () => import('../restore/cache-internals.js');

function serviceVersion(): 'v1' | 'v2' {
  return getCacheServiceVersion() === 'v2' ? 'v2' : 'v1';
}

async function scratch(): Promise<string> {
  return mkdtemp(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'disk-profiler-doc-'));
}

/**
 * The newest document under keyPrefix, or why there is none (a miss, a service error, a mode forbidding
 * reads). Several prefixes are tried in order in the one lookup, as restore-keys are: the first that matches wins.
 */
export async function loadNewest(kind: DocumentKind, keyPrefixOrPrefixes: string | readonly string[]): Promise<LoadResult> {
  const prefixes = typeof keyPrefixOrPrefixes === 'string' ? [keyPrefixOrPrefixes] : [...keyPrefixOrPrefixes];
  const keyPrefix = prefixes.join(' or ');
  const mode = getCacheMode();
  if (!isCacheReadable(mode)) return { found: false, reason: `the cache mode '${mode}' does not permit reads` };
  const { paths, compressionMethod } = versionOf(kind);
  try {
    let url = '';
    let key = '';
    if (serviceVersion() === 'v2') {
      const version = cacheUtils.getCacheVersion(paths, compressionMethod, true);
      const response = await internalCacheTwirpClient().GetCacheEntryDownloadURL({ key: prefixes[0] ?? '', restoreKeys: prefixes, version });
      if (response.ok) {
        url = response.signedDownloadUrl;
        key = response.matchedKey;
      }
    } else {
      const { getCacheEntry } = await v1Client();
      const entry = await getCacheEntry(prefixes, paths, { compressionMethod, enableCrossOsArchive: true });
      url = entry?.archiveLocation ?? '';
      key = entry?.cacheKey ?? '';
    }
    if (!url) return { found: false, reason: `no entry under ${keyPrefix}`, missing: true };
    return { found: true, key, document: JSON.parse((await getDocumentBody(url)).toString('utf8')) };
  } catch (error) {
    return { found: false, reason: `reading ${prefixes.map((p) => `${p}*`).join(' or ')} from the Actions cache failed: ${errorMessage(error)}` };
  }
}

export type StoreResult = { ok: true } | { ok: false; reason: string };

/**
 * A cache v2 entry created before its document is known (its key is): where the document goes. The
 * round trip that creates it then overlaps what the document waits for (the post step's history entry,
 * created while the post step collects the tail and judges). Created and never finalized (the step
 * ended first), the entry is only a reservation, which the service drops.
 */
export type Reservation = { ok: true; key: string; version: string; signedUploadUrl: string } | { ok: false; key: string; reason: string };

/** Creates the entry (cache v2); null where there is nothing to reserve ahead (cache v1 reserves with the document's size, or the mode permits no writes). */
export function reserveDocument(kind: DocumentKind, key: string): Promise<Reservation> | null {
  return isCacheWritable(getCacheMode()) && serviceVersion() === 'v2' ? createEntry(kind, key) : null;
}

/** CreateCacheEntry for the document's key. Never rejects: a failure is the reservation's reason (a caller may start it long before it awaits it). */
async function createEntry(kind: DocumentKind, key: string): Promise<Reservation> {
  try {
    const { paths, compressionMethod } = versionOf(kind);
    const version = cacheUtils.getCacheVersion(paths, compressionMethod, true);
    const created = await internalCacheTwirpClient().CreateCacheEntry({ key, version });
    return created.ok
      ? { ok: true, key, version, signedUploadUrl: created.signedUploadUrl }
      : { ok: false, key, reason: `the cache service refused ${key}${created.message ? `: ${created.message}` : ' (it exists already)'}` };
  } catch (error) {
    return { ok: false, key, reason: `reserving ${key} in the Actions cache failed: ${errorMessage(error)}` };
  }
}

/** Saves the document under key (a new key: entries are immutable), into the entry reserved for it where there is one (reserveDocument). */
export async function storeDocument(kind: DocumentKind, key: string, document: unknown, reserved: Promise<Reservation> | null = null): Promise<StoreResult> {
  const mode = getCacheMode();
  if (!isCacheWritable(mode)) return { ok: false, reason: `the cache mode '${mode}' does not permit writes` };
  let dir: string | null = null;
  try {
    const body = JSON.stringify(document);
    const sizeBytes = Buffer.byteLength(body);
    if (serviceVersion() === 'v2') {
      const created = await (reserved ?? createEntry(kind, key));
      if (created.key !== key) return { ok: false, reason: `the entry reserved is ${created.key}, not ${key}` };
      if (!created.ok) return { ok: false, reason: created.reason };
      await putBlob(created.signedUploadUrl, body);
      const finalized = await internalCacheTwirpClient().FinalizeCacheEntryUpload({ key, version: created.version, sizeBytes: `${sizeBytes}` });
      if (!finalized.ok) return { ok: false, reason: finalized.message || `the cache service did not finalize ${key}` };
    } else {
      const { paths, compressionMethod } = versionOf(kind);
      const { reserveCache, uploadCache } = await v1Client();
      const entry = await reserveCache(key, paths, { compressionMethod, enableCrossOsArchive: true, cacheSize: sizeBytes });
      const cacheId = entry?.result?.cacheId;
      if (!cacheId) return { ok: false, reason: entry?.error?.message ?? `the cache service refused ${key} (it exists already)` };
      dir = await scratch();
      const file = path.join(dir, 'document.json');
      await writeFile(file, body);
      await uploadCache(cacheId, file, '', {});
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `saving ${key} to the Actions cache failed: ${errorMessage(error)}` };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The document as one Put Blob to the signed URL (cache v2), with the toolkit's retries. Not saveCache's
 * storage SDK upload: for a few KiB its first use in a process costs ~50-100 ms of setup (the post step's,
 * where a repeat run adds itself to its history), the upload itself ~10 ms.
 */
async function putBlob(signedUrl: string, body: string): Promise<void> {
  // The version that signed the URL is one the blob service speaks.
  const version = new URL(signedUrl).searchParams.get('sv');
  const headers = {
    'x-ms-blob-type': 'BlockBlob',
    'content-type': 'application/octet-stream',
    'content-length': `${Buffer.byteLength(body)}`,
    ...(version ? { 'x-ms-version': version } : {}),
  };
  const http = new HttpClient('actions/cache');
  const response = await retryHttpClientResponse('uploadDocument', () => http.request('PUT', signedUrl, body, headers));
  const status = response.message.statusCode ?? 0;
  // Read to the end, so the connection is free for the finalize call.
  await response.readBody();
  if (status < 200 || status >= 300) throw new Error(`the blob service answered the upload with ${status}`);
}

/** Cache keys may not hold commas (restore-keys are comma-joined on v1) and are at most 512 characters. */
export function keySafe(text: string, maxLength = 100): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, maxLength);
}

/** This run as GitHub names it, for keys and for "remembered from run N". */
export function runIdentity(env: NodeJS.ProcessEnv = process.env): { runId: string; runAttempt: string } {
  return { runId: env.GITHUB_RUN_ID || 'local', runAttempt: env.GITHUB_RUN_ATTEMPT || '1' };
}
