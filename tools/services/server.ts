/**
 * One HTTP server that unmodified @actions/cache and @actions/artifact work against: the Twirp cache
 * (v2) and artifact services, the cache v1 REST API, a signed blob download route (rate limit and
 * faults live there), and an admin route to change those settings from another process.
 * Blobs live in an Azurite child process this server starts and stops.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { ArtifactIndex } from './artifact-index.js';
import { ARTIFACT_SERVICE, artifactMethods } from './artifacts.js';
import { startAzurite } from './azurite.js';
import { BlobStore } from './blob-store.js';
import { serveBlob } from './blob-route.js';
import { BLOB_HOST, ProxyTargets, type BlobRequest } from './proxy.js';
import { CacheIndex } from './cache-index.js';
import { CACHE_V1_PREFIX, handleCacheV1 } from './cache-v1.js';
import { CACHE_SERVICE, type TwirpMethod, cacheV2Methods } from './cache-v2.js';
import type { ApiResponse, ServiceContext } from './context.js';
import { isJsonContentType, readJsonBody, sendJson, sleep } from './http-util.js';
import {
  type FaultSettings,
  type ServiceSettings,
  type SettingsUpdate,
  type DownloadUrlKind,
  SettingsError,
  applySettingsUpdate,
  parseSettingsUpdate,
  takeErrorFault,
} from './settings.js';
import { BLOB_ROUTE_PREFIX, UrlSigner } from './signed-url.js';
import { TokenBucket } from './throttle.js';
import { type BackendIds, makeRuntimeToken } from './token.js';
import { TwirpError, codeForStatus, parseRequestBody } from './twirp.js';
import { UploadFaultLine, type UploadOperation } from './upload-faults.js';
import { isUploadPath, serveUpload } from './upload-route.js';

export interface LocalServicesOptions {
  host?: string;
  port?: number;
  downloadBytesPerSecond?: number;
  faults?: FaultSettings;
  /** Where signed download URLs point (see DownloadUrlKind); default 'azure'. */
  downloadUrls?: DownloadUrlKind;
  log?: (line: string) => void;
}

export interface LocalServices {
  /** http://127.0.0.1:PORT */
  url: string;
  /**
   * Env an action step needs: ACTIONS_RESULTS_URL, ACTIONS_CACHE_URL (v1, trailing slash),
   * ACTIONS_RUNTIME_TOKEN, ACTIONS_CACHE_SERVICE_V2=True, and HTTP_PROXY (this server, which is also the
   * forward proxy that reaches the `*.blob.core.windows.net` download URLs) with NO_PROXY for loopback.
   * Not RUNNER_TEMP/GITHUB_WORKSPACE (the caller's), and not GITHUB_SERVER_URL: leave it unset (or
   * github.com / *.localhost), or the cache client falls back to v1.
   */
  env: Record<string, string>;
  /** Every request the blob download route saw (newest last, the last 10,000), to tell which download path a client took. */
  blobRequests(): readonly BlobRequest[];
  /**
   * Every request of the save's uploads (newest last, the last 10,000): cache v2's Azure SDK requests on
   * the blob host and cache v1's chunk PATCHes, each with its number among those carrying archive bytes.
   */
  uploadRequests(): readonly UploadRequestSeen[];
  /** The run and job the runtime token is scoped to (artifacts belong to this run). */
  backendIds: BackendIds;
  /** The Azurite child process, for callers that must prove it is gone after stop(). */
  azurite: { pid: number; port: number };
  setSettings(update: SettingsUpdate): void;
  getSettings(): ServiceSettings;
  /**
   * Deletes the finalized cache entries whose key starts with keyPrefix, as GitHub's
   * `DELETE /repos/{owner}/{repo}/actions/caches?key=` does (and as eviction would); returns their keys.
   */
  deleteCacheEntries(keyPrefix: string): string[];
  stop(): Promise<void>;
}

export interface UploadRequestSeen {
  operation: UploadOperation;
  /** Which request carrying archive bytes since the network settings were set (what network.upload.hold/cut name); 0 for others. */
  request: number;
  /** True when it came through the forward proxy (or a tunnel), as a blob host URL does. */
  viaProxy: boolean;
}

/** The action's own documents' keys (src/remember, src/history): what the blob faults leave alone (blob-route.ts isDocument). */
const ACTION_DOCUMENT_KEY_PREFIX = 'disk-profiler-';
const TWIRP_PREFIX = '/twirp/';
const ADMIN_SETTINGS_PATH = '/_admin/settings';

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startLocalServices(options: LocalServicesOptions = {}): Promise<LocalServices> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  let settings: ServiceSettings = applySettingsUpdate(
    { downloadBytesPerSecond: null, faults: {}, downloadUrls: 'azure' },
    parseSettingsUpdate({
      downloadBytesPerSecond: options.downloadBytesPerSecond ?? null,
      faults: options.faults ?? {},
      downloadUrls: options.downloadUrls ?? 'azure',
    }),
  );
  let bucket: TokenBucket | undefined;
  const syncBucket = (): void => {
    const rate = settings.downloadBytesPerSecond;
    if (rate === null) bucket = undefined;
    else if (bucket) bucket.setRate(rate);
    else bucket = new TokenBucket(rate);
  };
  syncBucket();

  const azurite = await startAzurite({ host, log });
  const store = new BlobStore(azurite.accountUrl);
  try {
    await store.createContainers();
  } catch (error) {
    await azurite.stop();
    throw error;
  }

  const backendIds: BackendIds = { workflowRunBackendId: randomUUID(), workflowJobRunBackendId: randomUUID() };
  const token = makeRuntimeToken(backendIds);
  const signer = new UrlSigner();
  const uploadRequests: UploadRequestSeen[] = [];
  const uploads = new UploadFaultLine(
    () => settings.network?.upload ?? {},
    log,
    (operation, request, req) => {
      uploadRequests.push({ operation, request, viaProxy: /^http:\/\//i.test(req.url ?? '') || proxy.tunnelled(req) });
      if (uploadRequests.length > 10_000) uploadRequests.splice(0, uploadRequests.length - 10_000);
    },
  );
  const ctx: ServiceContext = {
    baseUrl: '',
    uploadOrigin: '',
    uploads,
    store,
    signer,
    caches: new CacheIndex(),
    artifacts: new ArtifactIndex(),
    nowMs: () => Date.now(),
  };
  const twirpServices: Record<string, Record<string, TwirpMethod>> = {
    [CACHE_SERVICE]: cacheV2Methods,
    [ARTIFACT_SERVICE]: artifactMethods(backendIds),
  };

  // Filled in once the server listens: the signed URLs' origin follows settings.downloadUrls.
  let origins = { loopback: '', azure: '' };
  const syncBaseUrl = (): void => {
    ctx.baseUrl = origins[settings.downloadUrls];
  };
  const blobRequests: BlobRequest[] = [];
  const isDocument = (blobName: string): boolean => ctx.caches.byBlobName(blobName)?.key.startsWith(ACTION_DOCUMENT_KEY_PREFIX) === true;
  // Blob GETs since the network settings were last set: what network.hold/cut.request count.
  let blobGets = 0;
  const setSettings = (update: SettingsUpdate): void => {
    const parsed = parseSettingsUpdate(update);
    if ('network' in parsed) blobGets = 0;
    settings = applySettingsUpdate(settings, parsed);
    syncBucket();
    uploads.sync('network' in parsed);
    syncBaseUrl();
    log(`settings: ${JSON.stringify(settings)}`);
  };

  async function serveTwirp(req: IncomingMessage, url: URL): Promise<ApiResponse> {
    const [service, method, ...rest] = url.pathname.slice(TWIRP_PREFIX.length).split('/');
    const methods = service ? twirpServices[service] : undefined;
    const handler = methods && method && rest.length === 0 ? methods[method] : undefined;
    if (!handler) throw new TwirpError('bad_route', `no such Twirp method: ${url.pathname}`);
    if (req.method !== 'POST') throw new TwirpError('bad_route', `Twirp methods take POST, not ${req.method}`);
    if (!isJsonContentType(req.headers['content-type'])) {
      throw new TwirpError('bad_route', `unsupported Content-Type '${req.headers['content-type'] ?? ''}' (this server speaks application/json)`);
    }
    const body = parseRequestBody(await readJsonBody(req));
    return { status: 200, body: await handler(ctx, body) };
  }

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const faults = settings.faults.twirp;
    if (faults?.delayMs) await sleep(faults.delayMs);
    const injected = takeErrorFault(faults);
    let response: ApiResponse;
    if (injected !== undefined) {
      req.resume();
      const error = new TwirpError(codeForStatus(injected), `injected fault: HTTP ${injected}`);
      response = { status: injected, body: { ...error.toJson(), message: error.message } };
    } else if (!bearerMatches(req.headers.authorization, token)) {
      req.resume();
      response = { status: 401, body: new TwirpError('unauthenticated', 'a valid ACTIONS_RUNTIME_TOKEN bearer token is required').toJson() };
    } else if (url.pathname.startsWith(CACHE_V1_PREFIX)) {
      response = await handleCacheV1(ctx, req, url);
    } else {
      try {
        response = await serveTwirp(req, url);
      } catch (error) {
        if (!(error instanceof TwirpError)) throw error;
        req.resume();
        response = { status: error.status, body: error.toJson() };
      }
    }
    if (response.reset) return;
    sendJson(res, response.status, response.body, faults?.truncateAfterBytes);
  }

  async function serveAdmin(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') return sendJson(res, 200, settings);
    if (req.method !== 'POST') return sendJson(res, 404, new TwirpError('bad_route', 'use GET or POST').toJson());
    try {
      const update = parseSettingsUpdate(parseRequestBody(await readJsonBody(req)));
      setSettings(update);
      sendJson(res, 200, settings);
    } catch (error) {
      if (error instanceof SettingsError) return sendJson(res, 400, new TwirpError('invalid_argument', error.message).toJson());
      if (error instanceof TwirpError) return sendJson(res, error.status, error.toJson());
      throw error;
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // As a forward proxy, requests arrive in absolute form (http://host:port/path): ours are served here,
    // Azurite's (the SDK's blob uploads, when NO_PROXY does not spare them) are passed on, the rest refused.
    const proxied = proxy.target(req.url);
    if (proxied && proxied.port !== proxy.ownPort) return proxy.forward(req, res, proxied);
    const url = new URL(req.url ?? '/', 'http://local');
    const startedMs = performance.now();
    // Paths only: query strings carry signatures, and the token never appears in a log line.
    res.once('finish', () => log(`${req.method} ${url.pathname} ${res.statusCode} ${Math.round(performance.now() - startedMs)} ms`));
    if (url.pathname.startsWith(TWIRP_PREFIX) || url.pathname.startsWith(CACHE_V1_PREFIX)) return serveApi(req, res, url);
    if (url.pathname.startsWith(BLOB_ROUTE_PREFIX)) {
      const range = req.headers['x-ms-range'] ?? req.headers.range;
      blobRequests.push({
        method: req.method ?? '',
        host: req.headers.host ?? '',
        range: typeof range === 'string' ? range : null,
        viaProxy: proxied !== null || proxy.tunnelled(req),
      });
      if (blobRequests.length > 10_000) blobRequests.splice(0, blobRequests.length - 10_000);
      return serveBlob(
        {
          store,
          signer,
          faults: () => settings.faults.blob,
          bucket: () => bucket,
          network: () => settings.network ?? {},
          nextGet: () => ++blobGets,
          isDocument,
          log,
        },
        req,
        res,
        url,
      );
    }
    if (url.pathname === ADMIN_SETTINGS_PATH) return serveAdmin(req, res);
    if (isUploadPath(url.pathname)) return serveUpload({ store, uploads, log }, req, res, url);
    req.resume();
    sendJson(res, 404, new TwirpError('bad_route', `no route for ${req.method} ${url.pathname}`).toJson());
  }

  const proxy = new ProxyTargets(azurite.port, log);
  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`internal error on ${req.method} ${new URL(req.url ?? '/', 'http://local').pathname}: ${(error as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, new TwirpError('internal', (error as Error).message).toJson());
      else res.destroy();
    });
  });
  // Node answers 408 to a request whose body takes over 5 minutes to arrive (requestTimeout): a capped or
  // held upload may take longer, and what ends it must be the client's own timeout, as on a real store.
  server.requestTimeout = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await azurite.stop();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  proxy.ownPort = port;
  server.on('connect', (req: IncomingMessage, socket: net.Socket, head: Buffer) => proxy.connect(req, socket, head));
  origins = { loopback: url, azure: `http://${BLOB_HOST}:${port}` };
  ctx.uploadOrigin = origins.azure;
  syncBaseUrl();
  log(`local Actions services on ${url} (Azurite pid ${azurite.pid} on port ${azurite.port})`);

  let stopped: Promise<void> | undefined;
  return {
    url,
    env: {
      ACTIONS_RESULTS_URL: `${url}/`,
      ACTIONS_CACHE_URL: `${url}/`,
      ACTIONS_RUNTIME_TOKEN: token,
      ACTIONS_CACHE_SERVICE_V2: 'True',
      HTTP_PROXY: url,
      NO_PROXY: '127.0.0.1,localhost',
    },
    blobRequests: () => blobRequests,
    uploadRequests: () => uploadRequests,
    backendIds,
    azurite: { pid: azurite.pid, port: azurite.port },
    setSettings,
    getSettings: () => settings,
    deleteCacheEntries: (keyPrefix) => ctx.caches.remove(keyPrefix).map((e) => e.key),
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await azurite.stop();
        log('local Actions services stopped');
      })();
      return stopped;
    },
  };
}
