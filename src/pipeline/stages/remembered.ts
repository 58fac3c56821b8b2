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
import { ceilingsSourceAfter, planProbes, REMEMBERED_GROUP, startHistoryLoad, STORE_GROUP, type ProbePlan } from '../always-on.js';
import type { PipelineHooks, Warn } from './hooks.js';

export interface Remembered {
  probePlan: ProbePlan;
  /** The history being read (null: history off, or the cache in trouble); added to after the experiments. */
  historyLoad: Promise<LoadedHistory> | null;
}

export async function readRemembered(
  config: Pick<ProfileConfig, 'probesAuto' | 'probes' | 'rememberCeilings' | 'ceilingsMaxAgeMs'> & HistoryKeyConfig,
  fingerprint: HardwareFingerprint,
  restore: Profile['restore'],
  phases: readonly PhaseRecord[],
  hooks: Pick<PipelineHooks, 'onPhase' | 'log'>,
): Promise<Remembered> {
  if (config.probesAuto || config.history) hooks.onPhase?.(REMEMBERED_GROUP);
  const historyLoad = startHistoryLoad(config, restore);
  const [probePlan] = await Promise.all([planProbes(config, fingerprint, restore, phases, hooks.log), historyLoad]);
  hooks.onPhase?.(null);
  return { probePlan, historyLoad };
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
