/** What every service handler gets: the stores, the signer and where the server answers. */
import type { ArtifactIndex } from './artifact-index.js';
import type { BlobStore } from './blob-store.js';
import type { CacheIndex } from './cache-index.js';
import type { UrlSigner } from './signed-url.js';
import type { UploadFaultLine } from './upload-faults.js';

export interface ServiceContext {
  /** http://host:port of this server, no trailing slash. */
  baseUrl: string;
  /** http://<blob host>:port of this server: the origin of cache v2's signed upload URLs (see upload-route.ts). */
  uploadOrigin: string;
  /** The upload faults, applied where upload bodies are read. */
  uploads: UploadFaultLine;
  store: BlobStore;
  signer: UrlSigner;
  caches: CacheIndex;
  artifacts: ArtifactIndex;
  nowMs(): number;
}

/** A JSON API answer; body undefined means no body (e.g. 204). */
export interface ApiResponse {
  status: number;
  body?: unknown;
  /** The connection was reset in place of this answer (an injected upload fault): send nothing. */
  reset?: boolean;
}
