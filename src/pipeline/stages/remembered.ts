/**
 * Stages 5 and 7, the always-on cache calls around the probes: before them, the ceilings remembered
 * for this hardware (probes: auto) and the label's history, read together (one round trip less on
 * every run) and after the restore's tail, so the lookup cannot touch what the restore measured;
 * after them, where the ceilings came from, fresh ones stored for later runs.
 */
import type { ProfileConfig } from '../../config/config.js';
import type { HistoryKeyConfig } from '../always-on.js';
import type { CeilingsSource, HardwareFingerprint } from '../../profile/always-on.js';
import type { PhaseRecord, Profile, ProbeSuiteResult } from '../../profile/schema.js';
import type { LoadedHistory } from '../../history/store.js';
import type { ExperimentPlan } from '../always-on.js';
import type { ExperimentsResult } from '../../experiment/types.js';
import { fixesCacheId, storeFixes, type RememberedFixes } from '../../remember/fixes.js';
import {
  ceilingsSourceAfter,
  planProbes,
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
): Promise<Remembered> {
  const fixesLoad = startFixesLoad(config, fingerprint, restore, phases);
  if (config.probesAuto || config.history || fixesLoad) hooks.onPhase?.(REMEMBERED_GROUP);
  const historyLoad = startHistoryLoad(config, restore);
  // One round trip's wait for all three: the fixes are read beside the ceilings and the history.
  const [probePlan, , fixes] = await Promise.all([planProbes(config, fingerprint, restore, phases, hooks.log), historyLoad, fixesLoad]);
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

/**
 * experiments: auto measured because no remembered fix stood for this run: what they found is stored
 * for later runs on this hardware and cache, with what it was measured against.
 */
export async function rememberFixes(
  plan: ExperimentPlan | null,
  experiments: ExperimentsResult | null,
  profile: Pick<Profile, 'restore' | 'phases' | 'verdict' | 'fingerprint'>,
  measuredAt: string,
  hooks: Pick<PipelineHooks, 'onPhase' | 'log'>,
  warn: Warn,
): Promise<void> {
  const r = profile.restore;
  const onDiskMs = untilDurableMs(profile);
  const measured = plan?.memory && plan.run && experiments?.status === 'ran' && experiments.outcomes.length > 0 && !experiments.measuredOn;
  if (!measured || !r || !profile.fingerprint || !profile.verdict || onDiskMs === null || r.archiveBytes === null) return;
  hooks.onPhase?.(FIXES_STORE_GROUP);
  const stored = await storeFixes(
    fixesCacheId(r),
    {
      archiveBytes: r.archiveBytes,
      files: r.anatomy?.files ?? null,
      bottleneck: profile.verdict.bottleneck,
      untilDurableMs: onDiskMs,
      experiments: plan.experiments,
    },
    profile.fingerprint.id,
    experiments,
    measuredAt,
  );
  hooks.onPhase?.(null);
  if (stored.ok) hooks.log(`The measured fixes were remembered for later runs on this hardware and cache (${stored.key}).`);
  else warn(`The measured fixes were not remembered for later runs: ${stored.reason}`);
}
