import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  TOOLKIT_SEGMENT_TIMEOUT_MS
} from "./chunk-SGXIA4GN.js";
import {
  getDownloadOptions
} from "./chunk-BSPUIZYN.js";
import {
  SocketTimeout
} from "./chunk-X762GLLF.js";

// src/restore/tar-verbose-line.ts
var LINE = /^(\S)\S*\s+\S+\s+(\S+)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d(?:\.\d+ *)?)?\s(.*)$/;
function parseVerboseLine(line) {
  const m = LINE.exec(line);
  if (!m) return null;
  const [, type, size, rest] = m;
  let name = rest;
  if (type === "l") name = rest.split(" -> ")[0] ?? rest;
  else if (type === "h") name = rest.split(" link to ")[0] ?? rest;
  return { type, sizeBytes: type === "-" ? Number(size) || 0 : 0, name };
}

// src/restore/download-limits.ts
var SDK_SEGMENT_BYTES = 128 * 1024 * 1024;
var HTTP_SEGMENT_TIMEOUT_MS = 3e4;
function downloadLimits(downloadUrl, useAzureSdk) {
  const options = getDownloadOptions(useAzureSdk ? { useAzureSdk: true } : void 0);
  const azureHost = new URL(downloadUrl).hostname.endsWith(".blob.core.windows.net");
  if (azureHost && options.useAzureSdk) {
    return {
      path: "azure-sdk",
      concurrency: options.downloadConcurrency ?? 8,
      requestTimeoutMs: options.timeoutInMs ?? 3e4,
      segmentTimeoutMs: options.segmentTimeoutInMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS,
      segmentBytes: SDK_SEGMENT_BYTES
    };
  }
  if (azureHost && options.concurrentBlobDownloads) {
    return {
      path: "http-concurrent",
      concurrency: options.downloadConcurrency ?? 10,
      requestTimeoutMs: HTTP_SEGMENT_TIMEOUT_MS,
      segmentTimeoutMs: null,
      segmentBytes: null
    };
  }
  return { path: "http-stream", concurrency: 1, requestTimeoutMs: SocketTimeout, segmentTimeoutMs: null, segmentBytes: null };
}

export {
  parseVerboseLine,
  downloadLimits
};
