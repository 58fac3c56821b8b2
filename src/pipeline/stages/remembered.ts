/**
 * Stages 5 and 7, the always-on cache calls around the probes: before them, the ceilings remembered
 * for this hardware (probes: auto) and the label's history, read together (one round trip less on
 * every run), with the fixes for this cache where auto's gate passes, each started as extraction starts
 * where it can be (always-on.ts earlyReads: GETs into memory, no disk write in the restore's phases);
 * after them, where the ceilings came from, fresh ones stored for later runs.
 */
import type { ProfileConfig } from '../../config/config.js';
import type { EarlyReads } from '../always-on.js';
import type { HistoryKeyConfig } from '../../history/store.js';
import type { CeilingsSource, HardwareFingerprint } from '../../profile/always-on.js';
import type { PhaseRecord, Profile, ProbeSuiteResult } from '../../profile/schema.js';
import type { LoadedHistory } from '../../history/store.js';
import type { ExperimentPlan } from '../always-on.js';
import type { ExperimentsResult } from '../../experiment/types.js';
import { fixesCacheId, storeFixes, type FixesEntry, type RememberedFixes } from '../../remember/fixes.js';
import type { FixMeasuredAgainst } from '../../judge/auto-rules.js';
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS, NOTHING_TO_MEASURE_KINDS, judgedInRegime } from '../../judge/auto-rules.js';
import {
  ceilingsSourceAfter,
  planProbes,
  regimeFactsOf,
  REMEMBERED_GROUP,
  startFixesLoad,
  startHistoryLoad,
  FIXES_STORE_GROUP,
  STORE_GROUP,
  untilDurableMs,
  type ProbePlan,
} from '../always-on.js';
import type { PipelineHooks, Warn } from './hooks.js';

export interface Remembered {
  probePlan: ProbePlan;
  /** The history being read (null: history off, or the cache in trouble); added to after the experiments, or by the post step where it judges. */
  historyLoad: Promise<LoadedHistory> | null;
  /** The fixes remembered for this hardware and cache (null: experiments not auto, or nothing to look up). */
  fixes: RememberedFixes | null;
}

export async function readRemembered(
  config: Pick<ProfileConfig, 'probesAuto' | 'probes' | 'rememberCeilings' | 'ceilingsMaxAgeMs' | 'experimentsAuto' | 'experiments'> & HistoryKeyConfig,
  fingerprint: HardwareFingerprint,
  restore: Profile['restore'],
  phases: readonly PhaseRecord[],
  hooks: Pick<PipelineHooks, 'onPhase' | 'log'>,
  early: EarlyReads | null = null,
): Promise<Remembered> {
  // Main's early read is used whatever the restore's time: a "to measure" entry matters under the gate too (always-on.ts earlyReads).
  const fixesLoad = early?.fixes ?? startFixesLoad(config, fingerprint, restore, phases);
  if (config.probesAuto || config.history || fixesLoad) hooks.onPhase?.(REMEMBERED_GROUP);
  const historyLoad = startHistoryLoad(config, restore, early?.history ?? null);
  // One round trip's wait for all three: the fixes are read beside the ceilings and the history (those two started early where they could be).
  const [probePlan, , fixes] = await Promise.all([
    planProbes(config, fingerprint, restore, phases, hooks.log, early?.ceilings ?? null),
    historyLoad,
    fixesLoad,
  ]);
  hooks.onPhase?.(null);
  return { probePlan, historyLoad, fixes: fixes ?? null };
}

export async function rememberCeilings(
  config: Pick<ProfileConfig, 'rememberCeilings' | 'label'>,
  fingerprint: HardwareFingerprint,
  probes: ProbeSuiteResult,
  plan: ProbePlan,
  restore: Profile['restore'],
  hooks: Pick<PipelineHooks, 'onPhase'>,
  warn: Warn,
): Promise<CeilingsSource> {
  if (config.rememberCeilings && probes.status === 'ran') hooks.onPhase?.(STORE_GROUP);
  const source = await ceilingsSourceAfter(config, fingerprint, probes, plan, new Date().toISOString(), restore, warn);
  hooks.onPhase?.(null);
  return source;
}

/** A remembered "nothing to measure" that holds for this run (same hardware, fresh, a cache of the same shape). */
export function nothingToMeasureHeld(fixes: RememberedFixes | null, fingerprint: HardwareFingerprint, restore: Profile['restore']): boolean {
  return heldFor(fixes && !fixes.found ? fixes.nothingToMeasure : undefined, fingerprint, restore);
}

/** A remembered "to measure" (a post step found fixes to measure and could not) that holds for this run. */
export function toMeasureHeld(fixes: RememberedFixes | null, fingerprint: HardwareFingerprint, restore: Profile['restore']): boolean {
  return heldFor(fixes && !fixes.found ? fixes.toMeasure : undefined, fingerprint, restore);
}

function heldFor(entry: FixMeasuredAgainst | undefined, fingerprint: HardwareFingerprint, restore: Profile['restore']): boolean {
  return !!entry && !!restore && judgedInRegime(entry, regimeFactsOf(fingerprint, restore));
}

/**
 * What this run leaves for later runs' experiments: auto on this hardware and cache (remember/fixes.ts):
 * - measured: auto measured because no remembered fix stood, and the experiments ran;
 * - nothing-to-measure: judged with its tail, the verdict named nothing an experiment changes, on a
 *   restore long enough for auto to ask (a later run's main then leaves its tail to the follower), unless
 *   such an entry holds already (stored once, not on every run);
 * - to-measure: the post step judged with the tail that auto would measure, which it cannot: the next
 *   run's main waits for its tail and measures (tail-decision.ts); not stored again while one holds.
 * Null: nothing to store. Pure.
 */
export function fixesEntryFor(
  plan: ExperimentPlan | null,
  experiments: ExperimentsResult | null,
  run: { restoreMs: number | null; judgedWithTail: boolean; nothingToMeasureHeld: boolean; inPostStep?: boolean; toMeasureHeld?: boolean },
): FixesEntry | null {
  if (!plan || !run.judgedWithTail) return null;
  if (run.inPostStep) return plan.run && !run.toMeasureHeld ? { kind: 'to-measure' } : null;
  if (plan.memory && plan.run && experiments?.status === 'ran' && experiments.outcomes.length > 0 && !experiments.measuredOn)
    return { kind: 'measured', experiments };
  const nothing = !plan.run && NOTHING_TO_MEASURE_KINDS.includes(plan.why.kind);
  const longEnough = run.restoreMs !== null && run.restoreMs >= AUTO_EXPERIMENTS_MIN_RESTORE_MS;
  return nothing && longEnough && !run.nothingToMeasureHeld ? { kind: 'nothing-to-measure' } : null;
}

/** How the log's line on a stored entry begins (the repeat-steps bench reads what each run stored by it). */
export const REMEMBERED_LINE_START = 'Remembered for later runs';

/** What each kind of entry remembers, in the log's words. */
const ENTRY_WORDS: Record<FixesEntry['kind'], string> = {
  measured: 'the measured fixes',
  'nothing-to-measure': 'that the experiments have nothing to measure for this verdict',
  'to-measure': 'that the experiments have fixes to measure (the next run waits for its tail and measures them)',
};

export async function rememberFixes(
  entry: FixesEntry | null,
  plan: ExperimentPlan | null,
  profile: Pick<Profile, 'restore' | 'phases' | 'verdict' | 'fingerprint'>,
  measuredAt: string,
  hooks: Pick<PipelineHooks, 'onPhase' | 'log'>,
  warn: Warn,
): Promise<void> {
  const r = profile.restore;
  const onDiskMs = untilDurableMs(profile);
  if (!entry || !plan || !r || !profile.fingerprint || !profile.verdict || onDiskMs === null || r.archiveBytes === null) return;
  hooks.onPhase?.(FIXES_STORE_GROUP);
  const stored = await storeFixes(
    fixesCacheId(r),
    {
      archiveBytes: r.archiveBytes,
      files: r.anatomy?.files ?? null,
      bottleneck: profile.verdict.bottleneck,
      untilDurableMs: onDiskMs,
      experiments: entry.kind === 'measured' ? plan.experiments : [],
    },
    profile.fingerprint.id,
    entry,
    measuredAt,
  );
  hooks.onPhase?.(null);
  if (stored.ok) hooks.log(`${REMEMBERED_LINE_START} on this hardware and cache (${stored.key}): ${ENTRY_WORDS[entry.kind]}.`);
  else warn(`Not remembered for later runs (${stored.reason}): ${ENTRY_WORDS[entry.kind]}.`);
}
