/**
 * saveCache with a boundary between every phase: the same calls, in the same order, as @actions/cache
 * 6.3.0 lib/cache.js saveCache (the dispatcher), saveCacheV2 and saveCacheV1 (see cache-internals.ts;
 * __tests__/restore/cache-internals.test.ts fails when that sequence changes). Each boundary is one
 * snapshot shared by the phase that ends and the one that begins, so the phases tile the save.
 */
import * as path from 'node:path';
import type { SavePhaseName, SavePhaseRecord, SaveStatus, Snapshot } from '../profile/schema.js';
import {
  cacheUtils,
  createTar,
  getCacheServiceURL,
  getCacheMode,
  getCacheServiceVersion,
  internalCacheTwirpClient,
  isCacheWritable,
  isGhes,
  reserveCache,
  uploadCache,
} from '../restore/cache-internals.js';
import type { BoundaryClock } from '../restore/timed-restore.js';
import { UploadTimelineRecorder } from '../sample/upload-timeline.js';
import { monotonicMs } from '../util/clock.js';
import { uploadLimits } from './upload-limits.js';
import { errorMessage } from '../util/errors.js';

export interface SaveRequest {
  /** As actions/cache passes them (getInputAsArray): they are part of the cache version. */
  paths: string[];
  key: string;
  enableCrossOsArchive: boolean;
  /** actions/cache's upload-chunk-size; v2 overrides it with 64 MiB, as saveCacheV2 does. */
  uploadChunkSize?: number;
  boundary: BoundaryClock;
  log: (line: string) => void;
  /** Told the phase that begins at each boundary (null once the save's last phase ended), for the log's groups. */
  onPhase?: (phase: SavePhaseName | null) => void;
  /** Records the upload's own requests at this interval on the profile's clock; without it, none. */
  uploadTimeline?: { intervalMs: number; nowMs: () => number; procRoot: string | null };
}

export interface TimedSave {
  status: SaveStatus;
  reason?: string;
  serviceVersion: 'v1' | 'v2';
  compressionMethod: string;
  matchedPaths: string[];
  archiveBytes: number | null;
  cacheId: number | null;
  phases: SavePhaseRecord[];
  saveMs: number;
  wallMs: number;
  error?: { phase: SavePhaseName; message: string };
}

/** saveCacheV1's limit (GHES checks its own in reserveCache). */
const V1_FILE_SIZE_LIMIT_BYTES = 10 * 1024 * 1024 * 1024;

export async function timedSave(request: SaveRequest): Promise<TimedSave> {
  const { paths, key, enableCrossOsArchive } = request;
  const serviceVersion = getCacheServiceVersion() === 'v2' ? 'v2' : 'v1';
  let wallStartMs = monotonicMs();
  let wallEndMs: number | null = null;
  const result: TimedSave = {
    status: 'saved',
    serviceVersion,
    compressionMethod: '',
    matchedPaths: [],
    archiveBytes: null,
    cacheId: null,
    phases: [],
    saveMs: 0,
    wallMs: 0,
  };

  // saveCache's dispatcher: a mode that forbids writes returns -1 before anything else.
  const cacheMode = getCacheMode();
  if (!isCacheWritable(cacheMode)) {
    result.status = 'skipped';
    result.reason = `Cache save skipped: the effective cache-mode '${cacheMode}' does not permit writes.`;
    request.log(result.reason);
    return finish();
  }

  wallStartMs = monotonicMs();
  let current: { name: SavePhaseName; start: Snapshot } = { name: 'list', start: request.boundary() };
  request.onPhase?.('list');
  let pending: Partial<SavePhaseRecord> = {};
  const next = (name: SavePhaseName, extra: Partial<SavePhaseRecord> = {}): void => {
    const end = request.boundary();
    result.phases.push({ name: current.name, startMs: current.start.tMs, endMs: end.tMs, start: current.start, end, ...extra });
    current = { name, start: end };
    request.onPhase?.(name);
  };

  let archivePath = '';
  // The upload's own requests, from the first byte of its phase to its last; kept with the phase that
  // ran them (v1's commit POST is inside the upload call, so inside its timeline too).
  let recorder: UploadTimelineRecorder | null = null;
  const record = (url: string): void => {
    const o = request.uploadTimeline;
    if (!o || !url) return;
    recorder = new UploadTimelineRecorder({ host: new URL(url).host, ...o, limits: uploadLimits(serviceVersion, request.uploadChunkSize) });
    recorder.start();
  };
  const recorded = (): Partial<SavePhaseRecord> => {
    const timeline = recorder?.stop();
    recorder = null;
    return timeline ? { uploadTimeline: timeline } : {};
  };
  try {
    const compressionMethod = await cacheUtils.getCompressionMethod();
    result.compressionMethod = String(compressionMethod);
    const twirpClient = serviceVersion === 'v2' ? internalCacheTwirpClient() : null;
    const cachePaths: string[] = await cacheUtils.resolvePaths(paths);
    result.matchedPaths = cachePaths;
    if (cachePaths.length === 0) {
      throw new Error('Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.');
    }
    next('archive');

    const archiveFolder = await cacheUtils.createTempDirectory();
    archivePath = path.join(archiveFolder, cacheUtils.getCacheFileName(compressionMethod));
    await createTar(archiveFolder, cachePaths, compressionMethod);
    const archiveFileSize = cacheUtils.getArchiveFileSizeInBytes(archivePath);
    result.archiveBytes = archiveFileSize;
    next('reserve');

    if (twirpClient) {
      // saveCacheV2's options, forced as there: 64 MiB blocks, 8 in parallel, the Azure SDK.
      const options = { uploadChunkSize: 64 * 1024 * 1024, uploadConcurrency: 8, useAzureSdk: true, archiveSizeBytes: archiveFileSize };
      const version = cacheUtils.getCacheVersion(paths, compressionMethod, enableCrossOsArchive);
      const response = await twirpClient.CreateCacheEntry({ key, version });
      if (!response.ok) {
        throw new ReserveFailed(
          `Unable to reserve cache with key ${key}, another job may be creating this cache.${response.message ? ` More details: ${response.message}` : ''}`,
        );
      }
      next('upload');
      record(response.signedUploadUrl);
      try {
        await uploadCache(-1, archivePath, response.signedUploadUrl, options);
      } finally {
        pending = recorded();
      }
      next('commit', { networkBytes: archiveFileSize, ...pending });
      pending = {};
      const finalizeResponse = await twirpClient.FinalizeCacheEntryUpload({ key, version, sizeBytes: `${archiveFileSize}` });
      if (!finalizeResponse.ok) {
        throw new Error(finalizeResponse.message || `Unable to finalize cache with key ${key}, another job may be finalizing this cache.`);
      }
      // biome-ignore lint/correctness/useParseIntRadix: as saveCacheV2 reads the entry id
      result.cacheId = parseInt(finalizeResponse.entryId);
    } else {
      if (archiveFileSize > V1_FILE_SIZE_LIMIT_BYTES && !isGhes()) {
        throw new Error(`Cache size of ~${Math.round(archiveFileSize / (1024 * 1024))} MB (${archiveFileSize} B) is over the 10GB limit, not saving cache.`);
      }
      const reserved = await reserveCache(key, paths, { compressionMethod, enableCrossOsArchive, cacheSize: archiveFileSize });
      const cacheId = reserved?.result?.cacheId;
      if (!cacheId) {
        throw new ReserveFailed(reserved?.error?.message ?? `Unable to reserve cache with key ${key}, another job may be creating this cache.`);
      }
      next('upload');
      record(getCacheServiceURL());
      // v1's saveCache uploads the chunks and commits in one call: the commit is inside this phase.
      try {
        await uploadCache(cacheId, archivePath, '', { uploadChunkSize: request.uploadChunkSize });
      } finally {
        pending = recorded();
      }
      result.cacheId = cacheId;
      pending = { networkBytes: archiveFileSize, ...pending };
    }
    request.log(`Cache saved with key: ${key}`);
  } catch (error) {
    result.status = 'failed';
    result.error = { phase: current.name, message: errorMessage(error) };
    // As saveCache: a reservation refused (entry exists, another job saving) is info, the rest a warning.
    result.reason = `Failed to save: ${errorMessage(error)}`;
  } finally {
    if (archivePath) {
      try {
        await cacheUtils.unlinkFile(archivePath);
      } catch {
        // As saveCache: the archive is in RUNNER_TEMP, which the runner empties.
      }
    }
  }
  // The last phase ends after the archive's deletion, as saveCache returns only then. The wall clock
  // stops before that boundary's reading, as it started before the first one's: a reading of /proc
  // can take tens of ms on a loaded machine, and belongs to neither.
  wallEndMs = monotonicMs();
  const end = request.boundary();
  result.phases.push({ name: current.name, startMs: current.start.tMs, endMs: end.tMs, start: current.start, end, ...pending });
  request.onPhase?.(null);
  return finish();

  function finish(): TimedSave {
    const first = result.phases[0];
    const last = result.phases[result.phases.length - 1];
    result.saveMs = first && last ? last.endMs - first.startMs : 0;
    result.wallMs = (wallEndMs ?? monotonicMs()) - wallStartMs;
    return result;
  }
}

/** saveCache's ReserveCacheError: not a fault of this runner (the entry exists, or another job is saving it). */
export class ReserveFailed extends Error {
  override name = 'ReserveCacheError';
}
