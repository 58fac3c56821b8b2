/**
 * The limits @actions/cache puts on the download it is about to run, read from its own code (the
 * pinned version's getDownloadOptions and SocketTimeout), so a stall is explained in the toolkit's
 * terms: which timeout would fire, when, and the setting that changes it.
 */
import { getDownloadOptions, SocketTimeout } from './cache-internals.js';
import { TOOLKIT_SEGMENT_TIMEOUT_MS, type DownloadLimits } from '../profile/schema.js';

/** The Azure SDK's segment: min(128 MiB, buffer.constants.MAX_LENGTH) in downloadCacheStorageSDK. */
const SDK_SEGMENT_BYTES = 128 * 1024 * 1024;
/** downloadSegmentRetry's fixed per-segment timeout in downloadCacheHttpClientConcurrent. */
const HTTP_SEGMENT_TIMEOUT_MS = 30_000;

/** As cacheHttpClient.downloadCache picks its path: the blob host suffix, then the options. */
export function downloadLimits(downloadUrl: string, useAzureSdk: boolean): DownloadLimits {
  const options = getDownloadOptions(useAzureSdk ? { useAzureSdk: true } : undefined);
  const azureHost = new URL(downloadUrl).hostname.endsWith('.blob.core.windows.net');
  if (azureHost && options.useAzureSdk) {
    return {
      path: 'azure-sdk',
      concurrency: options.downloadConcurrency ?? 8,
      requestTimeoutMs: options.timeoutInMs ?? 30_000,
      segmentTimeoutMs: options.segmentTimeoutInMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS,
      segmentBytes: SDK_SEGMENT_BYTES,
    };
  }
  if (azureHost && options.concurrentBlobDownloads) {
    return {
      path: 'http-concurrent',
      concurrency: options.downloadConcurrency ?? 10,
      requestTimeoutMs: HTTP_SEGMENT_TIMEOUT_MS,
      segmentTimeoutMs: null,
      segmentBytes: null,
    };
  }
  return { path: 'http-stream', concurrency: 1, requestTimeoutMs: SocketTimeout, segmentTimeoutMs: null, segmentBytes: null };
}
