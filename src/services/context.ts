/** What every service handler gets: the stores, the signer and where the server answers. */
import type { ArtifactIndex } from './artifact-index.js';
import type { BlobStore } from './blob-store.js';
import type { CacheIndex } from './cache-index.js';
import type { UrlSigner } from './signed-url.js';

export interface ServiceContext {
  /** http://host:port of this server, no trailing slash. */
  baseUrl: string;
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
}
