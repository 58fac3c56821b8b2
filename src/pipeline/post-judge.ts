/**
 * A repeat run's report, made in the post step (issue 40, item 4): main left the restore's writeback
 * tail to the follower and wrote no verdict, so the post step completes the profile with the tail,
 * judges it with the entry main uses (stages/judge.ts judgeOnce), with the fixes remembered for this
 * hardware and cache when the time until on disk passes auto's gate, and renders it with main's
 * renderer, and adds the run to its label's history as judged here. It never runs an experiment.
 * Loaded by the post step only on such a run.
 */
import type { ProfileConfig } from '../config/config.js';
import { skippedExperiments } from '../experiment/from-profile.js';
import type { ExperimentsResult } from '../experiment/types.js';
import type { Profile } from '../profile/schema.js';
import { rememberedExperiments, type RememberedFixes } from '../remember/fixes.js';
import { renderJudged, type RenderedProfile } from '../report/render.js';
import { startFixesLoad, startHistoryLoad, untilDurableMs } from './always-on.js';
import type { HistoryKeyConfig, HistoryReservation, LoadedHistory } from '../history/store.js';
import { addToHistory } from './stages/history.js';
import type { PipelineHooks } from './stages/hooks.js';
import { followedTail, type FollowResult } from './follower.js';
import { judgeOnce } from './stages/judge.js';
import { recordExperiments } from './stages/experiments.js';
import { fixesEntryFor, rememberFixes, toMeasureHeld } from './stages/remembered.js';
import { notOnDiskSentence } from '../report/say/tail.js';

export interface PostJudged {
  rendered: RenderedProfile;
  /** The log's line on the tail. */
  line: string;
}

/** The profile completed with the tail, judged once, its remembered fixes looked up where they apply; rendered. */
export async function judgeWithTail(
  profile: Profile,
  followed: FollowResult | null,
  config: Pick<ProfileConfig, 'writebackTimeoutMs' | 'experimentsAuto' | 'experiments' | 'experimentsBudgetMs'> & HistoryKeyConfig,
  handed: { history: LoadedHistory | null; fixes: RememberedFixes | null; historyEntry?: HistoryReservation | null },
  hooks: Pick<PipelineHooks, 'log' | 'onPhase'>,
  /** What goes on beside the history's save (stages/history.ts addToHistory); not called without one. */
  besideHistorySave?: () => void,
): Promise<PostJudged> {
  const { log } = hooks;
  const line = completeTail(profile, followed, config.writebackTimeoutMs);
  // auto's gate (AUTO_EXPERIMENTS_MIN_RESTORE_MS until on disk) on the time with the tail, as on a run that waited for it.
  // Main's read where it made one (its gate passed without the tail, so it passes with it): not read again.
  const fixes = profile.fingerprint
    ? await startFixesLoad(config, profile.fingerprint, profile.restore, profile.phases, handed.fixes ? Promise.resolve(handed.fixes) : null)
    : null;
  const { judgement, experimentPlan } = judgeOnce(profile, config, profile.auto?.probes, log, fixes ?? null);
  const main = profile.experiments;
  const experiments = experimentsAfterJudging(main, experimentPlan, fixes ?? null, config);
  delete profile.experiments;
  recordExperiments(profile, { experiments, startMs: main?.startMs ?? 0 }, {});
  // auto would measure, judged with the tail, and this step cannot: the next run is told to wait for its tail and measure.
  const entry = fixesEntryFor(experimentPlan, null, {
    restoreMs: null,
    judgedWithTail: followed !== null,
    nothingToMeasureHeld: false,
    inPostStep: true,
    toMeasureHeld: !!profile.fingerprint && toMeasureHeld(fixes ?? null, profile.fingerprint, profile.restore),
  });
  await rememberFixes(entry, experimentPlan, profile, new Date().toISOString(), hooks, (line) => profile.warnings.push(line));
  // The run added to its history as judged here, with its tail (main left it to this step); main's read of the history when handed over.
  if (profile.fingerprint) {
    const loading = handed.history ? Promise.resolve(handed.history) : startHistoryLoad(config, profile.restore);
    await addToHistory(config, profile, profile.fingerprint, loading, hooks, besideHistorySave, handed.historyEntry ?? null);
  }
  return { rendered: renderJudged(profile, judgement), line };
}

/**
 * The profile's experiments under the post step's judgement: the remembered fixes where they stand;
 * where auto would measure, not measured (that needs a run that waits for its tail); else main's own,
 * except remembered ones main showed under its judgement without the tail.
 */
function experimentsAfterJudging(
  main: ExperimentsResult | undefined,
  plan: ReturnType<typeof judgeOnce>['experimentPlan'],
  fixes: Awaited<ReturnType<typeof startFixesLoad>>,
  config: Pick<ProfileConfig, 'experimentsBudgetMs'>,
): ExperimentsResult | null {
  if (plan?.memory?.reason === 'fresh' && fixes?.found) return rememberedExperiments(fixes);
  if (plan?.run)
    return skippedExperiments(
      config,
      'not run: the time until on disk was known only in the post step (main followed the tail in the background), and the post step runs no experiments; a run that probes or asks for experiments measures them',
    );
  return main && !main.measuredOn ? main : null;
}

/** The writeback phase, the tail and its samples from what the follower saw; the log's sentence that says so. */
function completeTail(profile: Profile, followed: FollowResult | null, timeoutMs: number): string {
  const extract = profile.phases.find((p) => p.name === 'extract');
  if (!followed || !extract) {
    const why = 'the writeback follower left no result (ended early or killed), so the time until on disk was not measured';
    profile.warnings.push(`The restore's files were followed in the background, but ${why}.`);
    return `Until on disk: not measured: ${why}.`;
  }
  const { phase, tail, snapshots } = followedTail(extract, followed);
  profile.phases.push(phase);
  profile.writebackTail = tail;
  profile.samples.snapshots = [...profile.samples.snapshots, ...snapshots].sort((a, b) => a.tMs - b.tMs);
  if (!tail.complete) profile.warnings.push(notOnDiskSentence(timeoutMs, tail));
  const onDiskMs = untilDurableMs(profile);
  const tailS = ((phase.endMs - phase.startMs) / 1000).toFixed(2);
  return tail.complete
    ? `Until on disk: ${onDiskMs === null ? '–' : (onDiskMs / 1000).toFixed(2)} s (the writeback tail ${tailS} s after extraction, followed in the background; the main step did not wait for it).`
    : `Until on disk: more than ${tailS} s after extraction (followed in the background): ${notOnDiskSentence(timeoutMs, tail)}`;
}
