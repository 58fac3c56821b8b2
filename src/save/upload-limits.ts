/**
 * The limits @actions/cache 6.3.0 puts on the upload it is about to run, so a stall is explained in the
 * toolkit's terms. Read from its code (and the SDKs it calls):
 * - cache v2 (lib/cache.js saveCacheV2 → uploadUtils.uploadCacheArchiveSDK): BlockBlobClient.uploadFile
 *   with blockSize 64 MiB and concurrency 8, forced by saveCacheV2 and passed as given (the
 *   CACHE_UPLOAD_* variables are read by getUploadOptions, whose result this path does not use), and
 *   maxSingleShotSize 128 MiB: an archive up to that goes as one Put Blob. The BlobClient gets no options,
 *   so @azure/storage-common's default retry policy holds: 4 tries, 0, 4 and 12 s apart; tryTimeoutInMs
 *   is unset, and it would only ask the server for a timeout (a `timeout=` query parameter): the client
 *   never times a request out.
 * - cache v1 (cacheHttpClient.uploadFile): getUploadOptions' chunk size (32 MiB, CACHE_UPLOAD_CHUNK_SIZE
 *   in MiB up to 128) and concurrency (4, CACHE_UPLOAD_CONCURRENCY up to 32); each PATCH through
 *   retryHttpClientResponse (DefaultRetryAttempts 2, 5 s apart, and 5 s after the last before it throws);
 *   @actions/http-client's socket timeout of 3 minutes (req.setTimeout(socketTimeout || 3 * 60000), no
 *   socketTimeout set), which fires on a socket idle both ways: a request waiting for its answer, not a
 *   body the far side stopped reading (held 330 s in the services' upload tests without it firing).
 */
import { DefaultRetryAttempts, getUploadOptions } from '../restore/cache-internals.js';
import { HTTP_CLIENT_SOCKET_TIMEOUT_MS, type UploadLimits } from '../profile/schema.js';
import { MiB } from '../util/units.js';

/** saveCacheV2's forced options. */
const V2_BLOCK_BYTES = 64 * MiB;
const V2_CONCURRENCY = 8;
/** uploadCacheArchiveSDK's maxSingleShotSize. */
const SDK_SINGLE_SHOT_BYTES = 128 * MiB;
/** @azure/storage-common's DEFAULT_RETRY_OPTIONS.maxTries. */
const SDK_MAX_TRIES = 4;

export function uploadLimits(serviceVersion: 'v1' | 'v2', uploadChunkSize?: number): UploadLimits {
  if (serviceVersion === 'v2') {
    return {
      path: 'azure-sdk',
      concurrency: V2_CONCURRENCY,
      chunkBytes: V2_BLOCK_BYTES,
      singleShotBytes: SDK_SINGLE_SHOT_BYTES,
      requestTimeoutMs: null,
      maxTries: SDK_MAX_TRIES,
    };
  }
  const options = getUploadOptions(uploadChunkSize === undefined ? undefined : { uploadChunkSize });
  return {
    path: 'http-chunks',
    concurrency: options.uploadConcurrency ?? 4,
    chunkBytes: options.uploadChunkSize ?? 32 * MiB,
    singleShotBytes: null,
    requestTimeoutMs: HTTP_CLIENT_SOCKET_TIMEOUT_MS,
    maxTries: DefaultRetryAttempts,
  };
}
