/**
 * The experiments stage as the profile pipeline calls it: the request made from the config and the
 * profiled restore, or the reason none can run (a miss, a failed restore, experiments: none).
 */
import type { PhaseName, PhaseRecord } from '../profile/schema.js';
import type { ProfileConfig } from '../config/config.js';
import type { TimedRestore } from '../restore/timed-restore.js';
import type { ExperimentsHooks, ExperimentsRequest } from './run-experiments.js';
import type { ExperimentsResult } from './types.js';
import { errorMessage } from '../util/errors.js';
import { expandPath, isPattern } from '../config/restore-roots.js';

/** What the experiments take of the config: which to run, their budget, and the paths to extract under. */
export type ExperimentsConfig = Pick<ProfileConfig, 'experiments' | 'experimentsBudgetMs' | 'paths' | 'workspace' | 'runnerTemp'>;

function durationMs(phases: readonly PhaseRecord[], name: PhaseName): number {
  const p = phases.find((x) => x.name === name);
  return p ? p.endMs - p.startMs : 0;
}

/** The experiments' result when none ran, with the reason. */
export function skippedExperiments(config: Pick<ProfileConfig, 'experimentsBudgetMs'>, reason: string): ExperimentsResult {
  return {
    status: 'skipped',
    reason,
    budgetMs: config.experimentsBudgetMs,
    wallMs: 0,
    refetch: null,
    outcomes: [],
    runs: [],
    skipped: [],
    fixBest: { alternative: 'none', mountPoint: null, savingMs: null },
  };
}

/** The request, or why the experiments cannot run after this restore. */
export function experimentsRequestFor(config: ExperimentsConfig, timed: TimedRestore, phases: readonly PhaseRecord[]): ExperimentsRequest | string {
  const r = timed.restore;
  if (!r.cacheHit || r.error)
    return r.error
      ? `the restore failed during ${r.error.phase}, so there is no archive to experiment on`
      : 'no cache entry matched, so there is no archive to experiment on';
  if (!timed.downloadUrl) return 'the restore did not say where its archive came from';
  const given = config.paths.find((p) => !isPattern(p));
  if (!given) return 'every restore path is a pattern, so there is no one path whose file system to compare with';
  return {
    experiments: config.experiments,
    budgetMs: config.experimentsBudgetMs,
    restorePath: expandPath(given, config.workspace),
    pathsAsGiven: config.paths.filter((p) => !isPattern(p)),
    patternPaths: config.paths.filter((p) => isPattern(p) && !p.startsWith('!')),
    workspace: config.workspace,
    restorePaths: config.paths.filter((p) => !isPattern(p)).map((p) => expandPath(p, config.workspace)),
    runnerTemp: config.runnerTemp,
    downloadUrl: timed.downloadUrl,
    serviceVersion: r.serviceVersion,
    compressionMethod: r.compressionMethod,
    archiveBytes: r.archiveBytes ?? 0,
    measured: { downloadMs: durationMs(phases, 'download'), extractMs: durationMs(phases, 'extract'), writebackMs: durationMs(phases, 'writeback') },
    restoreUntilOnDiskMs: phases.some((p) => p.name === 'writeback') ? durationMs(phases, 'extract') + durationMs(phases, 'writeback') : null,
    reportedExtraction: timed.reportedTree ? { files: timed.reportedTree.anatomy.files, extractedBytes: timed.reportedTree.anatomy.extractedBytes } : null,
  };
}

/** Null when none were asked for (experiments: none); a skipped result with its reason when none can run. */
export async function experimentsAfterProfile(
  config: ExperimentsConfig,
  timed: TimedRestore,
  phases: readonly PhaseRecord[],
  hooks: ExperimentsHooks,
  extra: Partial<ExperimentsRequest> = {},
): Promise<ExperimentsResult | null> {
  if (config.experiments.length === 0) return null;
  const request = experimentsRequestFor(config, timed, phases);
  if (typeof request === 'string') return skippedExperiments(config, request);
  try {
    // Loaded only where experiments run: a post step that reports a run (skippedExperiments) loads none of it, nor the transfers' modules it brings.
    const { runExperiments } = await import('./run-experiments.js');
    const result = await runExperiments({ ...request, ...extra }, hooks);
    if (result.status !== 'ran' && result.reason) hooks.warn(`Experiments ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    hooks.warn(`Experiments failed: ${errorMessage(error)}`);
    return { ...skippedExperiments(config, errorMessage(error)), status: 'failed' };
  }
}
