/**
 * The cache v2 upload route. Signed upload URLs are on the blob host (reached through this server's forward
 * proxy, as the download URLs are) with Azurite's own SAS as their query, so the Azure SDK's Put Blob,
 * Put Block and Put Block List land here and pass on to Azurite unchanged: Azurite checks the SAS, and the
 * upload faults (upload-faults.ts) apply on the way.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { CACHE_CONTAINER } from './blob-store.js';
import type { BlobStore } from './blob-store.js';
import { sendJson } from './http-util.js';
import { TwirpError } from './twirp.js';
import type { UploadFaultLine, UploadOperation } from './upload-faults.js';

/** The containers whose blobs clients upload to through this server. */
export const UPLOAD_CONTAINERS = [CACHE_CONTAINER] as const;

/** Hop-by-hop headers: they describe one connection, not the request, so they are not passed on. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'upgrade']);

export function isUploadPath(pathname: string): boolean {
  return UPLOAD_CONTAINERS.some((container) => pathname.startsWith(`/${container}/`));
}

export function uploadOperation(url: URL): UploadOperation | undefined {
  const comp = url.searchParams.get('comp');
  if (comp === null) return 'put-blob';
  if (comp === 'block') return 'put-block';
  if (comp === 'blocklist') return 'put-block-list';
  return undefined;
}

export interface UploadRouteDeps {
  store: BlobStore;
  uploads: UploadFaultLine;
  log(line: string): void;
}

function copyHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

export function serveUpload(deps: UploadRouteDeps, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const operation = req.method === 'PUT' ? uploadOperation(url) : undefined;
  if (!operation) {
    req.resume();
    const comp = url.searchParams.get('comp');
    const what = `${req.method}${comp ? ` with comp=${comp}` : ''}`;
    return sendJson(res, 405, new TwirpError('bad_route', `${what} is not an upload (blobs here take Put Blob, Put Block and Put Block List)`).toJson());
  }
  const upload = deps.uploads.begin(req, operation);
  if (!upload) return;
  const upstreamReq = http.request(deps.store.azuriteUrl(`${url.pathname}${url.search}`), { method: 'PUT', headers: copyHeaders(req.headers) });
  pipeline(upload.body, upstreamReq, (error) => {
    if (error && !upload.wasCut) deps.log(`upload ${operation} ended early: ${error.message}`);
  });
  upstreamReq.once('error', (error) => {
    if (upload.wasCut) return;
    deps.log(`upload upstream error: ${error.message}`);
    if (!res.headersSent) sendJson(res, 502, new TwirpError('unavailable', `blob store unreachable: ${error.message}`).toJson());
    else res.destroy();
  });
  upstreamReq.once('response', (upstream) => {
    upload.beforeResponse().then(
      (answer) => {
        if (!answer) return upstream.resume();
        res.writeHead(upstream.statusCode ?? 502, copyHeaders(upstream.headers));
        pipeline(upstream, res, () => {});
      },
      (error: Error) => {
        upstream.resume();
        res.destroy(error);
      },
    );
  });
}
