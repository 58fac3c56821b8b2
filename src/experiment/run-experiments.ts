/**
 * The experiments stage: fetch the archive again, then extract it under each alternative and time
 * it until the files are on disk, within the budget. Everything it creates lives in directories it
 * owns (removed after each run, on failure, on SIGINT/SIGTERM and by the post step); the tmpfs it
 * mounts is unmounted and the sysctls it raises are put back exactly, on the same occasions.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { availability, RAM_SHARE, type Availability } from './availability.js';
import type { ExperimentName } from './alternatives.js';
import { mountedPaths } from './workflow-steps.js';
import { expandPath } from '../config/restore-roots.js';
import type { DirtyChange } from './dirty.js';
import { addListingLine, emptyListing, type Listing } from './listing.js';
import { availableMemory, readMachineFacts, freeBytes } from './machine-facts.js';
import { oneRun, RunCapped, RunStopped, type RunContext } from './one-run.js';
import { fixBest, outcomes } from './outcomes.js';
import { createOwnedDir, removeOwnedDir } from './owned-dirs.js';
import { RUNS_WANTED } from './alternatives.js';
import { budgetSkips, estimateRunMs, nextRun, planExperiments, type MeasuredRestore } from './plan.js';
import { buildSampleArchives } from './sample-archive.js';
import { sampleStep } from './sample-extrapolate.js';
import { buildSamplesFromTree, censusFromTree, TreeMismatch, type ReportedExtraction, type TreeCensus } from './sample-tree.js';
import { ClusterCensus, mostClusters, planClusters, sampleShares, SMALL_FACTOR, type SampleCounts } from './sample-select.js';
import { parseVerboseLine } from '../restore/tar-verbose-line.js';
import { sampleReading } from './sample-pairs.js';
import { MIN_SMALL_SAMPLE_CLUSTERS, SAMPLE_READING_PLANS, type ReadingPlan } from './sample-readings.js';
import { ChildRegistry, runLines, syncFs } from './processes.js';
import { refetchArchive } from './refetch.js';
import { refetchInParallel } from './parallel-refetch.js';
import { cleanupReserveMs, runDeadlineMs } from './run-deadline.js';
import { runSetupOf } from './run-setups.js';
import { listCommand } from './tar-command.js';
import type { ExperimentsResult, RunRecord, Skip, Target } from './types.js';
import {
  SAMPLE_SIZE_NAMES,
  type ArchiveSampleSize,
  type Bottleneck,
  type ExperimentsSample,
  type SampleMadeFrom,
  type SampleSizeName,
} from '../profile/schema.js';
import { CleanupStack } from '../system/cleanup.js';
import { detectPrivileges, processIds, runPrivileged, type Privileges } from '../system/privilege.js';
import { cacheUtils } from '../restore/cache-internals.js';
import { bytes, seconds } from '../util/format.js';
import { monotonicMs } from '../util/clock.js';
import { errorMessage } from '../util/errors.js';
import { leftInPlace } from '../util/cleanup-words.js';

/** Where a sample's census came from: the restored tree (walked) or the archive (listed). */
type SampleSource = { from: Extract<SampleMadeFrom, 'restored-tree'>; walkMs: number } | { from: Extract<SampleMadeFrom, 'archive'>; listingMs: number };

/**
 * What making the samples costs, in the budget's plan: a fixed part, and runs of each sample. From the
 * archive: the listing's decompression again, plus SAMPLE_BUILD_EXTRA_SHARE of it for the filter and the
 * compression. From the tree: a second walk, and about one run per sample for tar -c and the compression
 * of what it keeps (reading the files the restore just wrote, compressing them as extracting decompresses).
 */
function sampleBuildCost(source: SampleSource): { fixedMs: number; runsPerSample: number } {
  return source.from === 'archive'
    ? { fixedMs: source.listingMs * (1 + SAMPLE_BUILD_EXTRA_SHARE), runsPerSample: 0 }
    : { fixedMs: source.walkMs, runsPerSample: 1 };
}

/** The sampled path is tried only when fetching the archive again takes at most this share of the budget. */
export const SAMPLE_FETCH_SHARE = 0.5;
/** Making the samples costs the listing's decompression plus this share of it for the filter and the compression of what is kept. */
export const SAMPLE_BUILD_EXTRA_SHARE = 0.5;
/** Rounds of choosing the sample step again once the take-all stratum's cost is known. */
const STEP_ROUNDS = 4;

/** The archive goes to RAM when it takes at most this share of the available memory. */
export const ARCHIVE_RAM_SHARE = 0.25;
export { BUDGET_RESERVE_MS, CLEANUP_RESERVE_FACTOR, cleanupReserveMs, runDeadlineMs } from './run-deadline.js';

export interface ExperimentsRequest {
  experiments: readonly ExperimentName[];
  budgetMs: number;
  /** The restore path whose file system is the baseline's, expanded. */
  restorePath: string;
  /** The plain restore paths as the workflow wrote them: ram and other-disk mount each (fix-step.ts), as the step they measure. */
  pathsAsGiven: readonly string[];
  /** Restore paths that are patterns: no step can mount what they match, so ram and other-disk do not run. */
  patternPaths: readonly string[];
  /** Where the toolkit resolves the paths from (GITHUB_WORKSPACE): the archive's member names are relative to it. */
  workspace: string;
  /** All restore paths, expanded: the archive never goes inside one. */
  restorePaths: readonly string[];
  runnerTemp: string;
  downloadUrl: string;
  serviceVersion: 'v1' | 'v2';
  compressionMethod: string;
  archiveBytes: number;
  measured: MeasuredRestore;
  /**
   * The restore's own extraction and writeback tail, until its files were on disk: the baseline's full run,
   * already measured (sampled runs scale to it: sampled-outcomes.ts). Null or absent where the tail was not timed.
   */
  restoreUntilOnDiskMs?: number | null;
  /**
   * What tar reported extracting (the restore's anatomy from its own report): where the restored tree holds
   * exactly this, samples are made from the tree instead of the archive (sample-tree.ts). Null or absent: no report.
   */
  reportedExtraction?: ReportedExtraction | null;
  /** The restore's verdict: which resource held it (samplesFromTree reads it). Absent: not judged (the archive is sampled). */
  restoreBottleneck?: Bottleneck | null;
  /** Mount points to try as other disks besides those found (the lab's loop disks). */
  extraOtherDisks?: readonly string[];
  /**
   * Lab hook: rounds of each target where full runs fit (RUNS_WANTED unless told). The bench's truth for the
   * sampled fixes asks for more, to leave out each set's first round: the first extraction after a restore ran in
   * another condition than the rounds after it (BENCHMARKS.md, the CPU-bound restore at 73ce989).
   */
  fullRunRounds?: number;
  /** Test hook: play a runner with less privilege than this one (root here, a self-hosted runner without sudo there). */
  privileges?: Privileges;
  /** Test hook: awaited while a run's tar (or unzstd) is running; a throw fails that run. */
  duringRun?: (alternative: Target['alternative'], index: number) => Promise<void>;
}

export interface ExperimentsHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  signal?: AbortSignal;
  /** Each directory the experiments create, before they write to it (the post step removes leftovers). */
  onDirectory?: (dir: string) => void;
  /**
   * The vm.dirty_* values in force before a raise and those written, or null once put back (the post
   * step, or the next profile on the machine, puts them back after a hard kill while still ours).
   */
  onDirtySettings?: (change: DirtyChange | null) => void;
  /** Who else set a vm.dirty_* to the value found (another profile on the machine), for the warning when it is left alone. */
  whoSetDirty?: (name: string, value: number) => string | null;
}

const emptyBest: ExperimentsResult['fixBest'] = { alternative: 'none', mountPoint: null, savingMs: null };

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function which(program: string): string {
  return execFileSync('sh', ['-c', 'command -v "$1"', 'sh', program], { encoding: 'utf8' }).trim();
}

export async function runExperiments(request: ExperimentsRequest, hooks: ExperimentsHooks): Promise<ExperimentsResult> {
  const started = monotonicMs();
  const result = await experimentsAndCleanup(request, hooks);
  // Everything the stage added to the step, its cleanup included.
  result.wallMs = monotonicMs() - started;
  return result;
}

/** The stage's shared state: its clock, its children, the directories it owns and its cleanup. */
interface Stage {
  request: ExperimentsRequest;
  hooks: ExperimentsHooks;
  privileges: Privileges;
  registry: ChildRegistry;
  cleanup: CleanupStack;
  elapsed: () => number;
  /** A directory of ours below parent, removed by the stage's cleanup (and the post step, which hears of it first). */
  own: (parent: string) => string;
  result: (status: ExperimentsResult['status'], reason: string | undefined, extra?: Partial<ExperimentsResult>) => ExperimentsResult;
}

function openStage(request: ExperimentsRequest, hooks: ExperimentsHooks): Stage {
  const started = monotonicMs();
  const elapsed = () => monotonicMs() - started;
  const privileges = request.privileges ?? detectPrivileges();
  const registry = new ChildRegistry();
  const cleanup = new CleanupStack(hooks.log);
  const dirs: string[] = [];
  cleanup.push('remove the experiment directories', () => {
    for (const dir of [...dirs].reverse()) {
      const r = removeOwnedDir(dir, privileges);
      if (!r.removed && r.reason !== 'does not exist') hooks.warn(`Experiments: ${leftInPlace(dir, String(r.reason))}`);
    }
  });
  cleanup.push('stop tar and zstd', () => registry.killAll());
  const own = (parent: string): string =>
    createOwnedDir(parent, privileges, (dir) => {
      dirs.push(dir);
      hooks.onDirectory?.(dir);
    });
  const result: Stage['result'] = (status, reason, extra = {}) => ({
    status,
    ...(reason ? { reason } : {}),
    budgetMs: request.budgetMs,
    wallMs: elapsed(),
    refetch: null,
    outcomes: [],
    runs: [],
    skipped: [],
    fixBest: emptyBest,
    ...extra,
  });
  return { request, hooks, privileges, registry, cleanup, elapsed, own, result };
}

async function experimentsAndCleanup(request: ExperimentsRequest, hooks: ExperimentsHooks): Promise<ExperimentsResult> {
  const stage = openStage(request, hooks);
  // Nothing is fetched when the refetch and one baseline run cannot fit the budget (estimated from the profiled restore).
  const precheck = planExperiments(
    [{ alternative: 'baseline', mountPoint: null }, ...request.experiments.map((alternative) => ({ alternative, mountPoint: null }))],
    request.measured,
    request.budgetMs,
  );
  // Full runs do not fit: measured on samples of the archive instead, where the refetch leaves room for them.
  const sampledBecause = precheck.runs.length === 0 ? (precheck.skipped[0]?.detail ?? 'nothing fits the budget') : null;
  if (sampledBecause && !(request.measured.downloadMs <= request.budgetMs * SAMPLE_FETCH_SHARE)) {
    stage.cleanup.dispose();
    return stage.result('skipped', sampledBecause, { skipped: precheck.skipped });
  }
  try {
    return await fetchAndRun(stage, sampledBecause);
  } catch (error) {
    return stage.result('failed', errorMessage(error));
  } finally {
    await stage.cleanup.runAll().catch((error: unknown) => hooks.warn(`Experiments: ${errorMessage(error)}`));
  }
}

/** RAM the stage can write to: a tmpfs of its own where mounting is allowed, else a directory of ours in /dev/shm; each made on first use. */
interface RamPlaces {
  /** The tmpfs of our own, or null where mounting is refused (a container without CAP_SYS_ADMIN). */
  ownTmpfs: () => string | null;
  shm: () => string;
  /** The tmpfs of our own where there is one, else /dev/shm. */
  any: () => string;
}

function ramPlaces(stage: Stage, session: string, memAvailableBytes: number | null): RamPlaces {
  let tmpfs: string | null = null;
  let refused = false;
  let shmDir: string | null = null;
  const ownTmpfs = (): string | null => {
    if (tmpfs || refused || stage.privileges.mount.via === 'none') return tmpfs;
    const dir = path.join(session, 'tmpfs');
    mkdirSync(dir);
    // A cap, not a reservation: tmpfs takes memory only as files are written.
    const size = Math.floor(((memAvailableBytes ?? 1024 ** 3) * RAM_SHARE) / 4096) * 4096;
    const { uid, gid } = processIds();
    try {
      runPrivileged(stage.privileges.mount, 'mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700,uid=${uid},gid=${gid}`, 'disk-profiler-exp', dir]);
      tmpfs = dir;
    } catch (error) {
      refused = true;
      stage.hooks.log(`Experiments: could not mount a tmpfs (${errorMessage(error)}); using /dev/shm.`);
    }
    return tmpfs;
  };
  const shm = (): string => (shmDir ??= stage.own('/dev/shm'));
  return { ownTmpfs, shm, any: () => ownTmpfs() ?? shm() };
}

/** Where the archive goes: RAM when it fits a set share of the available memory (the cgroup's room where that is less), else RUNNER_TEMP; or why it cannot go anywhere. */
function placeArchive(
  stage: Stage,
  session: string,
  ram: RamPlaces,
  memAvailableBytes: number | null,
): { archiveDir: string; inRam: boolean } | { skip: string } {
  const { request } = stage;
  const fitsRam = memAvailableBytes !== null && request.archiveBytes <= memAvailableBytes * ARCHIVE_RAM_SHARE;
  let placed: { archiveDir: string; inRam: boolean };
  if (fitsRam && (ram.ownTmpfs() || (freeBytes('/dev/shm') ?? 0) > request.archiveBytes * 2)) {
    placed = { archiveDir: path.join(ram.any(), 'archive'), inRam: true };
  } else {
    placed = { archiveDir: path.join(session, 'archive'), inRam: false };
    const free = freeBytes(session);
    if (free !== null && free < request.archiveBytes * 1.1)
      return {
        skip: `no room for the archive (${bytes(request.archiveBytes)}): it does not fit in ${Math.round(ARCHIVE_RAM_SHARE * 100)}% of the available memory, and ${request.runnerTemp} has ${bytes(free)} free`,
      };
  }
  if (request.restorePaths.some((p) => isInside(placed.archiveDir, p)))
    return { skip: `the archive's place (${placed.archiveDir}) is inside a restore path; the experiments never write there` };
  return placed;
}

type Refetch = NonNullable<ExperimentsResult['refetch']>;

async function fetchAgain(stage: Stage, archivePath: string, archiveDir: string, inRam: boolean, ram: RamPlaces): Promise<Refetch> {
  const got = await refetchArchive(stage.request.downloadUrl, archivePath, stage.request.serviceVersion);
  const tmpfs = inRam ? ram.ownTmpfs() : null;
  const where = !inRam ? archiveDir : tmpfs && archiveDir.startsWith(tmpfs) ? 'RAM (a tmpfs of its own)' : 'RAM (/dev/shm)';
  stage.hooks.log(`Experiments: fetched the archive again (${bytes(got.bytes)}) in ${(got.durationMs / 1000).toFixed(2)} s, into ${where}.`);
  return { durationMs: got.durationMs, bytes: got.bytes, where, inRam };
}

async function fetchAndRun(stage: Stage, sampledBecause: string | null): Promise<ExperimentsResult> {
  const { request } = stage;
  const session = stage.own(request.runnerTemp);
  const memAvailableBytes = availableMemory().bytes;
  const ram = ramPlaces(stage, session, memAvailableBytes);
  const placed = placeArchive(stage, session, ram, memAvailableBytes);
  if ('skip' in placed) return stage.result('skipped', placed.skip);
  mkdirSync(placed.archiveDir);
  const archivePath = path.join(placed.archiveDir, cacheUtils.getCacheFileName(request.compressionMethod as Parameters<typeof cacheUtils.getCacheFileName>[0]));

  let refetch: Refetch;
  try {
    refetch = await fetchAgain(stage, archivePath, placed.archiveDir, placed.inRam, ram);
  } catch (error) {
    return stage.result('failed', `fetching the archive again failed: ${errorMessage(error)}`);
  }
  const tarPath = which('tar');
  const onSamples = (why: string, listing: Listing, census: ClusterCensus, source: SampleSource) =>
    runOnSamples(stage, { why, session, ram, placed, tarPath, archivePath, listing, census, source, refetch });
  const tree = sampledBecause && samplesFromTree(request.restoreBottleneck ?? null) ? treeCensus(stage) : null;
  if (sampledBecause && tree) return onSamples(sampledBecause, tree.listing, tree.census, { from: 'restored-tree', walkMs: tree.walkMs });
  const listing: Listing = emptyListing();
  // The clusters a sample is drawn from, counted only where one will be.
  const census = sampledBecause ? new ClusterCensus() : null;
  const listingStarted = monotonicMs();
  try {
    await runLines(listCommand(tarPath, archivePath, request.compressionMethod), stage.registry, (line) => {
      addListingLine(listing, line);
      const member = census ? parseVerboseLine(line) : null;
      if (member) census?.add(member.name, member.type === 'd', member.sizeBytes);
    });
  } catch (error) {
    return stage.result('failed', `listing the archive failed: ${errorMessage(error)}`, { refetch });
  }
  if (listing.absolute.length > 0)
    return stage.result('skipped', `the archive holds absolute paths (${listing.absolute.join(', ')}); extracted elsewhere they would still land there`, {
      refetch,
    });

  const listingMs = monotonicMs() - listingStarted;
  if (sampledBecause && census) return onSamples(sampledBecause, listing, census, { from: 'archive', listingMs });

  const facts = readMachineFacts({
    privileges: stage.privileges,
    restorePath: request.restorePath,
    extractedBytes: listing.extractedBytes,
    archiveInRamBytes: placed.inRam ? refetch.bytes : 0,
    ...(request.extraOtherDisks ? { extraOtherDisks: request.extraOtherDisks } : {}),
  });
  const avail = availability(request.experiments, facts, request.patternPaths);
  const context = runContext(stage, { session, ram, avail, tarPath, archivePath, listing });
  const runs = await runTargets(stage, context, avail.targets, request.measured, request.fullRunRounds ?? RUNS_WANTED);
  const skipped: Skip[] = [...avail.skipped, ...skipsAfterRuns(stage, avail.targets, runs, context.cleanupsMs)];
  // The network's fix, measured last so it never takes budget from the disk's.
  if (!stage.hooks.signal?.aborted) refetch = await withParallelRefetch(stage, refetch, archivePath, context.cleanupsMs);
  const all = outcomes(runs, { paths: request.pathsAsGiven, extractedBytes: listing.extractedBytes, dirtyBudget: facts.dirtyBudget, ramVia: avail.ramVia });
  const ran = runs.some((r) => !r.error);
  return stage.result(ran ? 'ran' : runs.length === 0 ? 'skipped' : 'failed', ran ? undefined : (skipped[0]?.detail ?? runs[0]?.error ?? 'nothing could run'), {
    refetch,
    outcomes: all,
    runs,
    skipped,
    fixBest: fixBest(all),
  });
}

/**
 * Where the samples are made from first. A CPU-bound restore was held by the processes that decompress:
 * making samples from the archive decompresses it twice more (listing, filter), its own time twice, which
 * left no budget for a single run at 1.2 % of a core (BENCHMARKS.md, sampled fixes); from the restored tree
 * nothing is decompressed. For the rest the archive: its decompression is a small part of a disk- or
 * network-bound restore, and it is the path the slow disk restores were measured on, 6 of 6 runs within 5 %
 * of full runs (from the tree: disk-bandwidth within 4 %, disk-iops once with a small sample's first run
 * slower than the large sample's, not yet explained).
 */
export const SAMPLES_FROM_TREE_FOR: readonly Bottleneck[] = ['cpu'];

export function samplesFromTree(restoreBottleneck: Bottleneck | null): boolean {
  return restoreBottleneck !== null && SAMPLES_FROM_TREE_FOR.includes(restoreBottleneck);
}

/** The census from the restored tree, or null (logged) where the tree does not stand for the archive. */
function treeCensus(stage: Stage): TreeCensus | null {
  const { request } = stage;
  try {
    return censusFromTree(request.workspace, request.restorePaths, request.reportedExtraction ?? null);
  } catch (error) {
    // A mismatch, or a walk that could not read the tree (a directory this user cannot list): the archive holds it all.
    const why = error instanceof TreeMismatch ? error.message : `the restored tree could not be read: ${errorMessage(error)}`;
    stage.hooks.log(`Experiments: the samples are made from the archive (${why}).`);
    return null;
  }
}

/**
 * The experiments on two nested samples of the archive (sample-select.ts), sized so that the
 * baseline and each planned alternative fit the time left, RUNS_WANTED each where possible; each
 * outcome extrapolated to the whole restore (sampled-outcomes.ts).
 */
async function runOnSamples(
  stage: Stage,
  s: {
    why: string;
    session: string;
    ram: RamPlaces;
    placed: { archiveDir: string; inRam: boolean };
    tarPath: string;
    archivePath: string;
    listing: Listing;
    census: ClusterCensus;
    source: SampleSource;
    refetch: Refetch;
  },
): Promise<ExperimentsResult> {
  const { request } = stage;
  const build = sampleBuildCost(s.source);
  const reading = sampleReading(request.restoreBottleneck ?? null, request.restoreUntilOnDiskMs ?? null);
  const read: ReadingPlan = SAMPLE_READING_PLANS[reading];
  const targetsPerRound = 1 + request.experiments.length;
  const { minSmallClusters } = read;
  const planned = read.runsPlanned(targetsPerRound);
  const availableMs = request.budgetMs - stage.elapsed() - build.fixedMs - cleanupReserveMs(request.budgetMs, []);
  const stepFor = (fixedShare: number) =>
    sampleStep({
      fullRunMs: estimateRunMs('baseline', request.measured),
      runsOnLarge: planned.large + build.runsPerSample,
      runsOnSmall: planned.small + build.runsPerSample,
      // Whole subtrees are sampled, so the directories scale with the sample; what every run pays whatever its
      // size is the take-all stratum (sample-select.ts), known once a plan is made.
      directoryShare: fixedShare,
      sampledEntries: s.listing.entries,
      availableMs,
      smallFactor: SMALL_FACTOR,
      minSmallEntries: minSmallClusters,
    });
  let every = stepFor(0);
  const planOf = (step: number, maxEverySampleShare = read.draw.maxEverySampleShare) =>
    planClusters(s.census, step, minSmallClusters, { ...read.draw, maxEverySampleShare });
  let plan = every === null ? null : planOf(every);
  // The stratum shrinks as the step grows (it is capped by the large sample's size): a few rounds settle it.
  // Where its cost alone does not fit, the samples go without it (their shares then differ more: sample-select.ts).
  for (let round = 0; plan !== null && every !== null && round < STEP_ROUNDS; round++) {
    const needed = stepFor(Math.max(plan.everySampleShare.entries, plan.everySampleShare.bytes));
    if (needed !== null && needed <= every) break;
    if (needed === null || round === STEP_ROUNDS - 1) {
      plan = planOf(every, 0);
      break;
    }
    every = needed;
    plan = planOf(every);
  }
  if (plan === null)
    return stage.result(
      'skipped',
      `${s.why}; nor do samples of it: ${seconds(Math.max(0, availableMs))} of the budget would be left for ${targetsPerRound} alternatives ${read.words.planned}${every === null ? '' : ` of one subtree in ${read.words.steps(every)}, and the archive has ${mostClusters(s.census)} subtrees at most at any depth (${minSmallClusters * every * SMALL_FACTOR} needed for ${MIN_SMALL_SAMPLE_CLUSTERS} in the ${read.words.smallest})`}`,
      { refetch: s.refetch },
    );
  const ext = path.extname(s.archivePath);
  const outPaths: [string, string] = [path.join(s.placed.archiveDir, `sample-large${ext}`), path.join(s.placed.archiveDir, `sample-small${ext}`)];
  let built: Awaited<ReturnType<typeof buildSampleArchives>>;
  let madeFrom: SampleMadeFrom = s.source.from;
  const fromArchive = () =>
    buildSampleArchives({ archivePath: s.archivePath, compressionMethod: request.compressionMethod, plan, outPaths, registry: stage.registry });
  try {
    if (s.source.from === 'restored-tree') {
      const tree = { workspace: request.workspace, roots: request.restorePaths, listDir: s.session, tarPath: s.tarPath };
      built = await buildSamplesFromTree({ ...tree, compressionMethod: request.compressionMethod, plan, outPaths, registry: stage.registry }).catch(
        async (error: unknown) => {
          // The plan holds for the archive too (the tree held its members): only the making changes.
          stage.hooks.log(`Experiments: making the samples from the restored tree failed (${errorMessage(error)}); made from the archive instead.`);
          for (const out of outPaths) rmSync(out, { force: true });
          madeFrom = 'archive';
          return fromArchive();
        },
      );
    } else built = await fromArchive();
  } catch (error) {
    return stage.result('failed', `making samples of the archive failed: ${errorMessage(error)}`, { refetch: s.refetch });
  }
  const sizes = SAMPLE_SIZE_NAMES.map((name, i) => {
    const c = built.counts[i] as SampleCounts;
    const shares = sampleShares(c);
    const size: ArchiveSampleSize = {
      name,
      every: built.steps[i] as number,
      entries: c.entries,
      keptEntries: c.keptEntries,
      entryShare: shares.entryShare,
      bytes: c.bytes,
      keptBytes: c.keptBytes,
      byteShare: shares.byteShare,
      everySampleEntries: c.everySampleEntries,
      everySampleBytes: c.everySampleBytes,
      directories: c.directories,
      droppedHardLinks: c.droppedHardLinks,
      archiveBytes: statSync(outPaths[i] as string).size,
    };
    return size;
  });
  stage.hooks.log(
    `Experiments: full runs do not fit the budget; made samples ${madeFrom === 'restored-tree' ? 'from the restored tree' : 'of the archive'} in ${seconds(built.durationMs)}, whole subtrees at depth ${plan.depth} of ${plan.clusters}: ${sizes.map((z) => `${z.name} ${(z.entryShare * 100).toFixed(1)}% of the entries (${(z.byteShare * 100).toFixed(1)}% of bytes)`).join(', ')}${read.words.made}.`,
  );
  const [large, small] = sizes as [ArchiveSampleSize, ArchiveSampleSize];
  const sizeOf: Record<SampleSizeName, ArchiveSampleSize> = { large, small };
  const facts = readMachineFacts({
    privileges: stage.privileges,
    restorePath: request.restorePath,
    extractedBytes: s.listing.extractedBytes,
    runBytes: large.keptBytes,
    archiveInRamBytes: s.placed.inRam ? s.refetch.bytes + large.archiveBytes + small.archiveBytes : 0,
    ...(request.extraOtherDisks ? { extraOtherDisks: request.extraOtherDisks } : {}),
  });
  const avail = availability(request.experiments, facts, request.patternPaths);
  const cleanupsMs: number[] = [];
  // What others left to write on the restore's file system (a probe's file, an earlier step) is flushed
  // before the first run, untimed: a sample's runs are short, and that backlog would land in the first.
  await syncFs(request.restorePath, stage.registry).catch(() => undefined);
  const runsOf: Record<SampleSizeName, RunRecord[]> = { large: [], small: [] };
  const skipped: Skip[] = [...avail.skipped];
  for (const { size: name, rounds } of read.order) {
    if (stage.hooks.signal?.aborted) break;
    const size = sizeOf[name];
    const listing: Listing = { ...s.listing, entries: size.keptEntries, extractedBytes: size.keptBytes };
    const context = {
      ...runContext(stage, { session: s.session, ram: s.ram, avail, tarPath: s.tarPath, archivePath: outPaths[size === large ? 0 : 1], listing }),
      cleanupsMs,
    };
    const measured = sampleEstimates(request.measured, (size.entryShare + size.byteShare) / 2);
    // The large sample's runs are estimated from the small one's where an alternative ran there (plan.ts correctedEstimateMs).
    const prior = size === large ? runsOf.small : [];
    const runs = await runTargets(stage, context, avail.targets, measured, rounds, prior, {
      live: liveTargets(stage, read, avail.targets),
      capMs: read.capMs,
      lead: read.lead,
    });
    runsOf[size.name] = runs.map((r) => ({ ...r, sample: size.name }));
    if (size === large) skipped.push(...skipsAfterRuns(stage, avail.targets, runs, cleanupsMs, measured, prior));
  }
  const apply = { paths: request.pathsAsGiven, extractedBytes: s.listing.extractedBytes, dirtyBudget: facts.dirtyBudget, ramVia: avail.ramVia };
  const all = read.outcomes(runsOf, sizeOf, apply, request.restoreUntilOnDiskMs ?? null);
  const runs = [...runsOf.small, ...runsOf.large];
  const sample: ExperimentsSample = { why: s.why, buildMs: built.durationMs, madeFrom, reading, sizes };
  // A baseline that took longer on the small sample than on the large one draws no line to extrapolate along.
  const base = all.find((o) => o.alternative === 'baseline')?.sampled;
  if (base?.smallSampleTimeMs && base.smallSampleTimeMs.median >= base.largeSampleTimeMs.median)
    return stage.result(
      'failed',
      `the baseline took ${seconds(base.smallSampleTimeMs.median)} on the small sample and ${seconds(base.largeSampleTimeMs.median)} on the large one: its time did not grow with the sample, so nothing is extrapolated`,
      { refetch: s.refetch, runs, skipped, sample },
    );
  const ran = all.some((o) => o.alternative === 'baseline');
  return stage.result(
    ran ? 'ran' : runs.length === 0 ? 'skipped' : 'failed',
    ran ? undefined : (skipped[0]?.detail ?? runs.find((r) => r.error)?.error ?? `nothing could run on ${read.words.ranOn}`),
    {
      refetch: s.refetch,
      outcomes: all,
      runs,
      skipped,
      fixBest: fixBest(all),
      sample,
    },
  );
}

/** A target as the log names it: "ram", "other-disk on /mnt/x". */
const targetWords = (t: Pick<Target, 'alternative' | 'mountPoint'>) => `${t.alternative}${t.mountPoint ? ` on ${t.mountPoint}` : ''}`;

/** The targets still to run as the reading decides (sample-readings.ts), each one retired said once in the log. */
function liveTargets(stage: Stage, read: ReadingPlan, targets: readonly Target[]): (runs: readonly RunRecord[]) => readonly Target[] {
  const said = new Set<Target>();
  return (runs) => {
    const { live, retired } = read.live(targets, runs);
    for (const r of retired.filter((x) => !said.has(x.target))) {
      said.add(r.target);
      stage.hooks.log(
        `Experiments: ${targetWords(r.target)} took ${seconds(r.ms)} in round ${r.round}, the baseline ${seconds(r.baselineMs)}: no fix, so it runs no more rounds.`,
      );
    }
    return live;
  };
}

/** What one run on a sample should take, before any ran: the whole restore's share (runTargets corrects it by the baseline's run). */
function sampleEstimates(m: MeasuredRestore, share: number): MeasuredRestore {
  return { downloadMs: 0, extractMs: m.extractMs * share, writebackMs: m.writebackMs * share };
}

/** What every run shares: one directory of ours per target file system, made on first use (the post step hears of each before it is written). */
function runContext(
  stage: Stage,
  s: { session: string; ram: RamPlaces; avail: Availability; tarPath: string; archivePath: string; listing: Listing },
): RunContext {
  const { request, hooks } = stage;
  const baselineParent = sameFileSystemParent(request.restorePath);
  const dirOf = new Map<string, string>();
  const once = (key: string, make: () => string): string => {
    const known = dirOf.get(key);
    if (known) return known;
    const dir = make();
    dirOf.set(key, dir);
    return dir;
  };
  const targetDir = (t: Target): string =>
    runSetupOf(t.alternative).place(s.avail.ramVia) === 'restore-fs' ? once('base', () => stage.own(baselineParent)) : once(`shm:${t.alternative}`, s.ram.shm);
  // Where each restore path lands below an extraction directory: the archive names members relative to the workspace.
  const mounted = mountedPaths(request.pathsAsGiven).map((given) => path.relative(request.workspace, expandPath(given, request.workspace)));
  return {
    budgetMs: request.budgetMs,
    elapsed: stage.elapsed,
    registry: stage.registry,
    privileges: stage.privileges,
    tarPath: s.tarPath,
    archivePath: s.archivePath,
    compressionMethod: request.compressionMethod,
    listing: s.listing,
    mounted,
    ramVia: s.avail.ramVia,
    targetDir,
    bindRootOf: (mountPoint) => once(`bind:${mountPoint}`, () => stage.own(mountPoint)),
    cleanupsMs: [],
    log: hooks.log,
    warn: hooks.warn,
    ...(hooks.onDirtySettings ? { onDirtySettings: hooks.onDirtySettings } : {}),
    ...(hooks.whoSetDirty ? { whoSetDirty: hooks.whoSetDirty } : {}),
    ...(request.duringRun ? { duringRun: request.duringRun } : {}),
  };
}

/**
 * The runs, decided one by one: each estimate is corrected by what the runs before it really took,
 * and must fit before the reserve its cleanup needs (a run started past it would be stopped at once).
 */
async function runTargets(
  stage: Stage,
  context: RunContext,
  targets: readonly Target[],
  measured = stage.request.measured,
  runsWanted = RUNS_WANTED,
  prior: readonly RunRecord[] = [],
  pace: {
    /** The targets still to run, given the runs so far (all of them unless told). */
    live?: (runs: readonly RunRecord[]) => readonly Target[];
    /** The most a target's next run may take, given the runs so far (no cap unless told). */
    capMs?: (target: Target, runs: readonly RunRecord[]) => number | null;
    /** Of the targets, the one to run right after each round's baseline (plan.ts nextRun; none unless told). */
    lead?: (targets: readonly Target[], runs: readonly RunRecord[]) => Target | null;
  } = {},
): Promise<RunRecord[]> {
  const live = pace.live ?? (() => targets);
  const { request, hooks } = stage;
  const runs: RunRecord[] = [];
  const spentMs = () => stage.elapsed() + cleanupReserveMs(request.budgetMs, context.cleanupsMs);
  const next = () => nextRun(live(runs), runs, measured, spentMs(), request.budgetMs, runsWanted, prior, pace.lead?.(targets, runs) ?? null);
  for (let t = next(), n = 1; t && !hooks.signal?.aborted; n++) {
    let record: RunRecord;
    try {
      record = await oneRun(context, t, n, pace.capMs?.(t, runs) ?? null);
    } catch (error) {
      record = { alternative: t.alternative, mountPoint: t.mountPoint, stepMs: 0, syncMs: 0, untilOnDiskMs: 0, error: errorMessage(error) };
      if (error instanceof RunStopped) record.stoppedAfterMs = error.afterMs;
      // A capped run was read as no fix: said in the log, not warned of as a failure.
      if (error instanceof RunCapped) hooks.log(`Experiments: ${targetWords(t)} ${record.error}.`);
      else hooks.warn(`Experiment ${targetWords(t)} failed: ${record.error}`);
    }
    runs.push(record);
    // A baseline that cannot run leaves nothing to compare with.
    if (t.alternative === 'baseline' && record.error && !runs.some((r) => r.alternative === 'baseline' && !r.error)) break;
    t = next();
  }
  return runs;
}

/** What did not run, and why: nothing to compare with after a failed baseline, else what the budget left out. */
function skipsAfterRuns(
  stage: Stage,
  targets: readonly Target[],
  runs: readonly RunRecord[],
  cleanupsMs: readonly number[],
  measured = stage.request.measured,
  prior: readonly RunRecord[] = [],
): Skip[] {
  const { request } = stage;
  const baselineError = runs.some((r) => r.alternative === 'baseline' && !r.error) ? null : runs.find((r) => r.alternative === 'baseline')?.error;
  if (!baselineError) return budgetSkips(targets, runs, measured, stage.elapsed() + cleanupReserveMs(request.budgetMs, cleanupsMs), request.budgetMs, prior);
  return targets
    .filter((x) => x.alternative !== 'baseline')
    .map((t) => ({
      alternative: t.alternative,
      mountPoint: t.mountPoint,
      reason: 'no-baseline' as const,
      detail: `nothing to compare with: the baseline run failed (${baselineError})`,
    }));
}

/** The same archive fetched again with more parallel requests, in what is left of the budget. */
async function withParallelRefetch(stage: Stage, refetch: Refetch, archivePath: string, cleanupsMs: readonly number[]): Promise<Refetch> {
  const { request } = stage;
  try {
    const parallel = await refetchInParallel({
      downloadUrl: request.downloadUrl,
      archivePath,
      serviceVersion: request.serviceVersion,
      baselineDurationMs: refetch.durationMs,
      remainingMs: runDeadlineMs(request.budgetMs, stage.elapsed(), cleanupsMs),
    });
    if ('ran' in parallel)
      stage.hooks.log(
        `Experiments: fetched the archive again with ${parallel.ran.concurrency} parallel requests in ${(parallel.ran.durationMs / 1000).toFixed(2)} s (${parallel.ran.baselineConcurrency}: ${(parallel.ran.baselineDurationMs / 1000).toFixed(2)} s).`,
      );
    return { ...refetch, parallel: 'ran' in parallel ? parallel.ran : parallel };
  } catch (error) {
    return { ...refetch, parallel: { skipped: `the fetch with more parallel requests failed: ${errorMessage(error)}` } };
  }
}

/** A directory beside the restore path on its file system (inside it only when it is a mount point of its own). */
function sameFileSystemParent(restorePath: string): string {
  const parent = path.dirname(restorePath);
  try {
    if (statSync(parent).dev === statSync(restorePath).dev) return parent;
    return restorePath;
  } catch {
    return parent;
  }
}
