/**
 * The signed download route: streams a blob from Azurite through the rate limit and the blob faults.
 * Everything a restore downloads passes here, which is what lets the lab slow or break the "network".
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { BlobStore } from './blob-store.js';
import { sendJson, sleep } from './http-util.js';
import { type EndpointFaults, takeErrorFault } from './settings.js';
import type { UrlSigner } from './signed-url.js';
import { ThrottleStream, type TokenBucket, TruncateStream } from './throttle.js';
import { type NetworkFaults, networkStages, resetsBeforeResponse, storeDelayMs } from './network-faults.js';
import { TwirpError, codeForStatus } from './twirp.js';

/** Response headers worth passing on from Azurite (what a client may use to validate or resume). */
const FORWARDED_HEADERS = [
  'content-length',
  'content-type',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'content-md5',
  'x-ms-blob-type',
  'x-ms-creation-time',
];

export interface BlobRouteDeps {
  store: BlobStore;
  signer: UrlSigner;
  faults(): EndpointFaults | undefined;
  bucket(): TokenBucket | undefined;
  network(): NetworkFaults;
  /** Counts this GET among those the network faults name; returns its number. */
  nextGet(): number;
  /**
   * Whether the blob is one of the action's own documents (remembered ceilings, fixes, anatomies, histories)
   * rather than a cache archive: the faults are set on the archive a test restores, and a document read
   * beside its download (the anatomy's, as the download begins) must neither take a fault meant for the
   * archive nor shift which GET the faults count. The round trip and the shared bandwidth cap, which model
   * the link, apply to both.
   */
  isDocument(blobName: string): boolean;
  log(line: string): void;
}

function refuse(res: ServerResponse, error: TwirpError): void {
  sendJson(res, error.status, error.toJson());
}

export async function serveBlob(deps: BlobRouteDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, new TwirpError('bad_route', `${req.method} is not allowed on blobs`));
  const ref = deps.signer.verify(url);
  if ('refused' in ref) return refuse(res, new TwirpError('permission_denied', ref.refused));

  const document = deps.isDocument(ref.blobName);
  const all = deps.network();
  const network: NetworkFaults = document ? (all.roundTripMs ? { roundTripMs: all.roundTripMs } : {}) : all;
  const getNumber = req.method === 'GET' && !document ? deps.nextGet() : 0;
  if (network.roundTripMs) await sleep(network.roundTripMs);
  const storeMs = storeDelayMs(network, getNumber);
  if (storeMs > 0) await sleep(storeMs);
  if (resetsBeforeResponse(network, getNumber)) {
    deps.log(`network fault: resetting GET #${getNumber} before its response`);
    req.socket.destroy();
    return;
  }
  const faults = document ? undefined : deps.faults();
  if (faults?.delayMs) await sleep(faults.delayMs);
  const injected = takeErrorFault(faults);
  if (injected !== undefined) return refuse(res, new TwirpError(codeForStatus(injected), `injected fault: HTTP ${injected}`));

  const upstreamUrl = deps.store.sasUrl(ref.container, ref.blobName, 'r');
  const headers: http.OutgoingHttpHeaders = {};
  if (req.headers.range) headers.range = req.headers.range;
  // The Azure SDK asks for its ranges with x-ms-range (Azurite, like Azure, takes either).
  const msRange = req.headers['x-ms-range'];
  if (typeof msRange === 'string') headers['x-ms-range'] = msRange;
  const upstreamReq = http.request(upstreamUrl, { method: req.method, headers });
  req.once('close', () => {
    if (!res.writableFinished) upstreamReq.destroy();
  });
  upstreamReq.once('error', (error) => {
    deps.log(`blob upstream error: ${error.message}`);
    if (!res.headersSent) refuse(res, new TwirpError('unavailable', `blob store unreachable: ${error.message}`));
    else res.destroy();
  });
  upstreamReq.once('response', (upstream) => {
    const status = upstream.statusCode ?? 502;
    if (status === 404) {
      upstream.resume();
      return refuse(res, new TwirpError('not_found', 'the blob does not exist'));
    }
    const outHeaders: http.OutgoingHttpHeaders = {};
    for (const name of FORWARDED_HEADERS) {
      const value = upstream.headers[name];
      if (value !== undefined) outHeaders[name] = value;
    }
    if (ref.fileName) outHeaders['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(ref.fileName)}`;
    const stages: NodeJS.ReadWriteStream[] = [new ThrottleStream(deps.bucket)];
    if (getNumber > 0) {
      const socket = res.socket;
      const own = networkStages(network, getNumber, () => socket?.end(), deps.log);
      stages.push(...own.stages);
      if (own.closes) outHeaders.connection = 'close';
    }
    // Read the fault when the download starts: a truncation set while it runs applies to the next one.
    const truncateAfterBytes = faults?.truncateAfterBytes;
    if (truncateAfterBytes !== undefined) {
      // The socket is captured now because res drops it once the (short) body has been sent; ending it
      // (flushing what was sent) rather than destroying it makes exactly N bytes arrive. Without
      // `Connection: close` a keep-alive socket would sit idle and the client would wait for the rest.
      outHeaders.connection = 'close';
      const socket = res.socket;
      stages.push(new TruncateStream(truncateAfterBytes, () => socket?.end()));
    }
    res.writeHead(status, outHeaders);
    pipeline([upstream, ...stages, res], (error: NodeJS.ErrnoException | null) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') deps.log(`blob download ended early: ${error.message}`);
    });
  });
  upstreamReq.end();
}
