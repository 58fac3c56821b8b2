/**
 * restoreCache with a boundary between every phase: the same calls, in the same order, as
 * @actions/cache 6.3.0 lib/cache.js restoreCacheV2 and restoreCacheV1 (see cache-internals.ts).
 * Each boundary is one snapshot, shared by the phase that ends and the one that begins, so the
 * phases tile the restore exactly and their durations add up to its wall time.
 */
import * as path from 'node:path';
import { statSync, unlinkSync } from 'node:fs';
import type { DownloadTimeline, PhaseName, PhaseRecord, RestoreResult, Snapshot } from '../profile/schema.js';
import {
  cacheUtils,
  downloadCache,
  extractTar,
  getCacheEntry,
  getCacheMode,
  getCacheServiceVersion,
  internalCacheTwirpClient,
  isCacheReadable,
} from './cache-internals.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { downsampleEvenly } from '../util/downsample.js';
import { captureOutput, toolMessages } from './capture-output.js';
import { isExactKeyMatch } from '../config/actions-cache-inputs.js';
import { DownloadTimelineRecorder } from '../sample/download-timeline.js';
import { downloadLimits } from './download-limits.js';
import { restoreRoots } from '../config/restore-roots.js';
import type { RestoredTree } from './restored-tree.js';
import { openTarReport, withTarOptions } from './tar-report.js';

export interface RestoreRequest {
  paths: string[];
  primaryKey: string;
  restoreKeys: string[];
  enableCrossOsArchive: boolean;
  /** As actions/cache's lookup-only: stop after a lookup that found an entry, downloading nothing. */
  lookupOnly?: boolean;
  /** Told the phase that begins at each boundary (null: the restore's last phase ended), for the log's groups. */
  onPhase?: (phase: PhaseName | null) => void;
  /** How often to record the archive's size during the download, for the throughput chart. */
  progressIntervalMs: number;
  /**
   * Told as extraction begins, right after its boundary: the entry found and the milliseconds the lookup
   * and the download took (pipeline/run-profile.ts starts the always-on reads beside tar).
   */
  onExtractStart?: (soFar: ExtractStart) => void;
  /**
   * Asked, as the download begins, for the anatomy a run before learned of the entry found
   * (remember/anatomy.ts); never rejects. Where its answer is in by extraction and names an archive of
   * this size, tar is not asked for its per-member report; else it is, as on a first restore.
   */
  lookUpTree?: (entry: CacheEntryIdentity, workingDirectory: string, roots: readonly string[]) => Promise<TreeLookup>;
}

/** One cache entry: the key that matched and the version (paths, compression) it matched under. */
export interface CacheEntryIdentity {
  matchedKey: string;
  cacheVersion: string;
}

/** Which run learned an anatomy from tar's report, and when. */
export interface TreeLearned {
  runId: string;
  runAttempt: string;
  learnedAt: string;
}

/** An entry's anatomy as a run before learned it. */
export interface KnownTree {
  tree: RestoredTree;
  archiveBytes: number;
  learned: TreeLearned;
}

/** What the anatomy's lookup found; `absent` where the service answered that none is remembered (not a failed read). */
export type TreeLookup = { known: KnownTree } | { known: null; absent: boolean; reason: string };

/** What is known of a restore as its extraction begins. */
export interface ExtractStart {
  paths: string[];
  compressionMethod: string;
}

/** Takes the snapshot that marks a phase boundary (the sampler's, or a bare timestamp without /proc). */
export type BoundaryClock = () => Snapshot;

export interface TimedRestore {
  restore: RestoreResult;
  phases: PhaseRecord[];
  /** Where the archive was downloaded; deleted again right after extraction, as restoreCache does. */
  archivePath: string | null;
  /** The signed URL the archive came from (a secret: never recorded), for fetching it again. */
  downloadUrl: string | null;
  /** Wall-clock time the extraction began (files changed since then are the restore's), or null. */
  extractStartedAtEpochMs: number | null;
  /** What tar reported extracting (tar-report.ts) or was remembered of the entry, or null: no extraction, or no report (not GNU tar). */
  reportedTree: RestoredTree | null;
  /** Where reportedTree came from: tar's report on this run, or what a run before learned (then tar was asked for none). */
  treeFrom: { kind: 'tar-report' } | { kind: 'remembered'; learned: TreeLearned } | null;
  /** The entry restored and its anatomy's lookup (lookUpTree), or null: none asked. */
  treeLookup: { entry: CacheEntryIdentity; workingDirectory: string; lookup: Promise<TreeLookup> } | null;
}

const MAX_PROGRESS_POINTS = 600;

export async function timedRestore(request: RequestWithHooks): Promise<TimedRestore> {
  const { paths, primaryKey, restoreKeys, enableCrossOsArchive } = request;
  const keysTried = [primaryKey, ...restoreKeys];
  const serviceVersion = getCacheServiceVersion() === 'v2' ? 'v2' : 'v1';
  const phases: PhaseRecord[] = [];
  const wallStartMs = monotonicMs();
  let current: { name: PhaseName; start: Snapshot } = { name: 'lookup', start: request.boundary() };
  request.onPhase?.('lookup');
  const next = (name: PhaseName | null, extra: Partial<PhaseRecord> = {}): Snapshot => {
    const end = request.boundary();
    phases.push({ name: current.name, startMs: current.start.tMs, endMs: end.tMs, start: current.start, end, ...extra });
    if (name) current = { name, start: end };
    request.onPhase?.(name);
    return end;
  };

  const result: RestoreResult = {
    cacheHit: false,
    matchedKey: null,
    exactMatch: false,
    keysTried,
    paths,
    serviceVersion,
    compressionMethod: '',
    archiveBytes: null,
    restoreMs: 0,
    wallMs: 0,
  };
  let archivePath: string | null = null;
  let downloadUrl: string | undefined;
  let extractStartedAtEpochMs: number | null = null;
  let reportedTree: RestoredTree | null = null;
  let treeFrom: TimedRestore['treeFrom'] = null;
  let treeLookup: TimedRestore['treeLookup'] = null;
  let phaseOpen = true;
  let timeline: DownloadTimeline | undefined;

  try {
    const cacheMode = getCacheMode();
    if (!isCacheReadable(cacheMode)) {
      // restoreCache's dispatcher returns before any lookup, as a miss without error: no phase at all.
      result.skipped = { reason: 'cache-mode', message: `Cache restore skipped: the effective cache-mode '${cacheMode}' does not permit reads.` };
      request.log(result.skipped.message);
      request.onPhase?.(null);
      phaseOpen = false;
      return finish();
    }
    const compressionMethod = await cacheUtils.getCompressionMethod();
    result.compressionMethod = String(compressionMethod);

    const cacheVersion = cacheUtils.getCacheVersion(paths, compressionMethod, enableCrossOsArchive);
    // Where tar extracts, which the archive's member names are relative to (as @actions/cache's extractTar runs it).
    const workingDirectory = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const roots = restoreRoots(paths, workingDirectory);
    if (serviceVersion === 'v2') {
      const response = await internalCacheTwirpClient().GetCacheEntryDownloadURL({ key: primaryKey, restoreKeys, version: cacheVersion });
      if (response.ok) {
        downloadUrl = response.signedDownloadUrl;
        result.matchedKey = response.matchedKey;
      }
    } else {
      const entry = await getCacheEntry(keysTried, paths, { compressionMethod, enableCrossOsArchive });
      if (entry?.archiveLocation) {
        downloadUrl = entry.archiveLocation;
        result.matchedKey = entry.cacheKey ?? null;
      }
    }
    if (!downloadUrl) {
      next(null);
      phaseOpen = false;
      return finish();
    }
    result.exactMatch = isExactKeyMatch(primaryKey, result.matchedKey);
    if (request.lookupOnly) {
      result.skipped = { reason: 'lookup-only', message: 'Lookup only - skipping download' };
      request.log(result.skipped.message);
      next(null);
      phaseOpen = false;
      return finish();
    }
    next('download');
    // Once the entry is known, not beside its lookup: the lookup phase stays the restore's own (what it waits
    // for, what the service's faults and limits hit); the download is what the anatomy's lookup has to answer in.
    const known = startTreeLookup(request, { matchedKey: result.matchedKey, cacheVersion }, workingDirectory, roots);
    treeLookup = known?.asked ?? null;

    archivePath = path.join(await cacheUtils.createTempDirectory(), cacheUtils.getCacheFileName(compressionMethod));
    const progress = watchFileSize(archivePath, request.progressIntervalMs);
    const { host, pathname } = new URL(downloadUrl);
    const recorder = new DownloadTimelineRecorder({
      host,
      pathname,
      intervalMs: request.progressIntervalMs,
      nowMs: request.clockMs ?? monotonicMs,
      procRoot: request.procRoot ?? null,
      limits: downloadLimits(downloadUrl, serviceVersion === 'v2'),
    });
    recorder.start();
    try {
      // v2 forces the Azure SDK for *.blob.core.windows.net URLs, as restoreCacheV2 does.
      await downloadCache(downloadUrl, archivePath, serviceVersion === 'v2' ? { useAzureSdk: true } : undefined);
    } finally {
      progress.stop();
      timeline = recorder.stop();
    }
    result.archiveBytes = cacheUtils.getArchiveFileSizeInBytes(archivePath);
    request.log(`Cache Size: ~${Math.round(result.archiveBytes / (1024 * 1024))} MB (${result.archiveBytes} B)`);
    // The anatomy a run before learned of this entry, where its lookup is in and names this archive; else tar's
    // own report of each member it writes, read while it extracts (its FIFO made before the extraction's clock starts).
    const remembered = known?.settled();
    const useRemembered = remembered && remembered.archiveBytes === result.archiveBytes ? remembered : null;
    const report = useRemembered ? null : openTarReport(path.dirname(archivePath), workingDirectory, roots);
    next('extract', { networkBytes: result.archiveBytes, progress: progress.points(), downloadTimeline: timeline });
    request.onExtractStart?.({ paths, compressionMethod: result.compressionMethod });

    extractStartedAtEpochMs = Date.now();
    const archive = archivePath;
    let extraction: Awaited<ReturnType<typeof captureOutput>>;
    try {
      extraction = await withTarOptions(report?.tarOptions ?? null, () => captureOutput(() => extractTar(archive, compressionMethod)));
    } finally {
      reportedTree = useRemembered?.tree ?? (await report?.finish()) ?? null;
      treeFrom = useRemembered ? { kind: 'remembered', learned: useRemembered.learned } : reportedTree ? { kind: 'tar-report' } : null;
    }
    // Inside the phase, as in restoreCache's finally block: deleting the archive drops its dirty
    // pages unwritten, so the disk never writes them (a restore that kept it would make it).
    deleteArchive(archive, request.log);
    if ('error' in extraction) {
      // tar's and zstd's own words (in the output @actions/exec forwarded) say why; its error does not.
      const said = toolMessages(extraction.text);
      throw new Error(`${errorMessage(extraction.error)}${said.length > 0 ? ` (tar/zstd said: ${said.join(' | ')})` : ''}`);
    }
    next(null);
    phaseOpen = false;
    result.cacheHit = true;
    return finish();
  } catch (error) {
    const failedPhase = current.name;
    if (archivePath && failedPhase === 'download') deleteArchive(archivePath, request.log);
    // A download that failed (a stall the toolkit's timeout cut, a truncation) keeps its timeline: it says why.
    if (phaseOpen) next(null, failedPhase === 'download' && timeline ? { downloadTimeline: timeline } : {});
    result.cacheHit = false;
    result.error = { phase: failedPhase, message: errorMessage(error) };
    return finish();
  }

  function finish(): TimedRestore {
    const first = phases[0];
    const last = phases[phases.length - 1];
    result.restoreMs = first && last ? last.endMs - first.startMs : 0;
    result.wallMs = monotonicMs() - wallStartMs;
    return { restore: result, phases, archivePath, downloadUrl: downloadUrl ?? null, extractStartedAtEpochMs, reportedTree, treeFrom, treeLookup };
  }
}

/**
 * Starts the anatomy's lookup for the entry found; `settled` is its known tree if the answer is in by
 * now, without waiting: a restore whose download outran the lookup asks tar for its report, as before.
 */
function startTreeLookup(
  request: RestoreRequest,
  found: { matchedKey: string | null; cacheVersion: string },
  workingDirectory: string,
  roots: readonly string[],
) {
  const { matchedKey, cacheVersion } = found;
  if (!request.lookUpTree || !matchedKey) return null;
  const entry = { matchedKey, cacheVersion };
  let answer: TreeLookup | null = null;
  const lookup = request.lookUpTree(entry, workingDirectory, roots).then(
    (found) => (answer = found),
    (error: unknown) => (answer = { known: null, absent: false, reason: errorMessage(error) }),
  );
  return { asked: { entry, workingDirectory, lookup }, settled: (): KnownTree | null => answer?.known ?? null };
}

/** As restoreCache's finally block: a failure to delete is logged, never thrown. */
function deleteArchive(archivePath: string, log: (line: string) => void): void {
  try {
    unlinkSync(archivePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`Failed to delete archive: ${errorMessage(error)}`);
  }
}

export interface RequestWithHooks extends RestoreRequest {
  boundary: BoundaryClock;
  log: (line: string) => void;
  /** The profile's clock (ms since its origin), for the download timeline; default: monotonic ms. */
  clockMs?: () => number;
  /** Where /proc is (for /proc/net/dev); null or unset: no interface counters. */
  procRoot?: string | null;
}

/** Polls the archive's size while it downloads; cheap (one stat per interval) and off the download path. */
function watchFileSize(file: string, intervalMs: number) {
  const points: [number, number][] = [];
  const timer = setInterval(
    () => {
      try {
        points.push([monotonicMs(), statSync(file).size]);
      } catch {
        // Not created yet.
      }
    },
    Math.max(10, intervalMs),
  );
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    points: () => downsampleEvenly(points, MAX_PROGRESS_POINTS),
  };
}
