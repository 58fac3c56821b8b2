/**
 * Download URLs handed to clients point at this server's blob route, signed with a per-server secret
 * so only URLs the services issued are served (as a SAS would be), and expiring like a SAS does.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const BLOB_ROUTE_PREFIX = '/_blob/';
const TTL_MS = 6 * 3600 * 1000;

export interface BlobRef {
  container: string;
  blobName: string;
  /** File name presented in Content-Disposition (artifact downloads use it when not a zip). */
  fileName?: string;
}

export class UrlSigner {
  private readonly secret = randomBytes(32);

  private mac(ref: BlobRef, expiresAtMs: number): Buffer {
    return createHmac('sha256', this.secret)
      .update([ref.container, ref.blobName, ref.fileName ?? '', String(expiresAtMs)].join('\n'))
      .digest();
  }

  signedUrl(baseUrl: string, ref: BlobRef, nowMs: number = Date.now()): string {
    const expiresAtMs = nowMs + TTL_MS;
    const query = new URLSearchParams({ se: String(expiresAtMs) });
    if (ref.fileName) query.set('fn', ref.fileName);
    query.set('sig', this.mac(ref, expiresAtMs).toString('base64url'));
    const path = [ref.container, ...ref.blobName.split('/')].map(encodeURIComponent).join('/');
    return `${baseUrl}${BLOB_ROUTE_PREFIX}${path}?${query}`;
  }

  /** The blob a request URL refers to, or a reason it is refused. */
  verify(url: URL, nowMs: number = Date.now()): BlobRef | { refused: string } {
    const segments = url.pathname.slice(BLOB_ROUTE_PREFIX.length).split('/').map(decodeURIComponent);
    const container = segments[0];
    const blobName = segments.slice(1).join('/');
    if (!container || !blobName) return { refused: 'the blob path must be /_blob/<container>/<blob>' };
    const expiresAtMs = Number(url.searchParams.get('se'));
    const sig = url.searchParams.get('sig') ?? '';
    const fileName = url.searchParams.get('fn') ?? undefined;
    const ref: BlobRef = { container, blobName, ...(fileName ? { fileName } : {}) };
    if (!Number.isFinite(expiresAtMs) || !sig) return { refused: 'the URL is not signed' };
    const expected = this.mac(ref, expiresAtMs);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'the signature does not match' };
    if (nowMs > expiresAtMs) return { refused: 'the signed URL has expired' };
    return ref;
  }
}
