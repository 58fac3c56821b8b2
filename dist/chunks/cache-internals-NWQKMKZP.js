import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  MIRRORED_CACHE_VERSION,
  createTar,
  downloadCache,
  extractTar,
  getCacheEntry,
  getDownloadOptions,
  getUploadOptions,
  reserveCache,
  saveCache
} from "./chunk-BSPUIZYN.js";
import "./chunk-ST25SE5S.js";
import {
  CompressionMethod,
  DefaultRetryAttempts,
  SocketTimeout,
  cacheUtils_exports,
  getCacheMode,
  getCacheServiceURL,
  getCacheServiceVersion,
  internalCacheTwirpClient,
  isCacheReadable,
  isCacheWritable,
  isGhes,
  retryHttpClientResponse
} from "./chunk-X762GLLF.js";
import "./chunk-7JQLLQYS.js";
import {
  HttpClient
} from "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import "./chunk-5XWL5JNG.js";
export {
  CompressionMethod,
  DefaultRetryAttempts,
  HttpClient,
  MIRRORED_CACHE_VERSION,
  SocketTimeout,
  cacheUtils_exports as cacheUtils,
  createTar,
  downloadCache,
  extractTar,
  getCacheEntry,
  getCacheMode,
  getCacheServiceURL,
  getCacheServiceVersion,
  getDownloadOptions,
  getUploadOptions,
  internalCacheTwirpClient,
  isCacheReadable,
  isCacheWritable,
  isGhes,
  reserveCache,
  retryHttpClientResponse,
  saveCache as uploadCache
};
