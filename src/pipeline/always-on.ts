/**
 * The always-on stages of the profile pipeline (issue 24), kept out of run-profile.ts: the
 * fingerprint, whether to probe or use remembered ceilings, storing fresh ones, which experiments
 * `auto` runs, and the label's history. Each cache call failing costs a note, never the profile.
 */
import type { ProfileConfig } from '../config/config.js';
import type { AutoDecision, CeilingsSource, HardwareFingerprint, HistoryView } from '../profile/always-on.js';
import type { PhaseName, PhaseRecord, Profile, ProbeSuiteResult } from '../profile/schema.js';
import type { DeviceResolution } from '../sample/devices.js';
import { nearestExisting } from '../sample/devices.js';
import { describeFingerprint, fingerprintFrom } from '../sample/fingerprint.js';
import type { HostFacts } from '../sample/context.js';
import type { ExtractStart } from '../restore/timed-restore.js';
import {
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  decideExperiments,
  decideProbes,
  judgedInRegime,
  restoreRates,
  type ExperimentDecision,
  type RegimeFacts,
} from '../judge/auto-rules.js';
import { loadCeilings, rememberedSource, rememberedSuite, storeCeilings } from '../remember/ceilings.js';
import { runIdentity } from '../remember/cache-store.js';
import { fixesCacheId, loadFixes, type RememberedFixes } from '../remember/fixes.js';
import { autoExperimentsReason } from '../report/fix-memory.js';
import { sayProbeDecision } from '../report/say/auto.js';
import { historyRunOf } from '../history/history.js';
import {
  historyKeyPrefix,
  historyLabelOf,
  loadHistory,
  updateHistory,
  type HistoryKeyConfig,
  type HistoryReservation,
  type LoadedHistory,
} from '../history/store.js';

import { MiB } from '../util/units.js';

/** The log groups of the always-on cache calls, so their client lines are not read as the restore's. */
export const REMEMBERED_GROUP = 'Always on: remembered ceilings and history (Actions cache)';
export const HISTORY_GROUP = 'Always on: this run added to the history (Actions cache)';
export const STORE_GROUP = 'Always on: remembering the ceilings (Actions cache)';
export const FIXES_STORE_GROUP = 'Always on: remembering the measured fixes (Actions cache)';

/** The fingerprint from what the context and the device resolution read (no file read again). */
export function fingerprintOf(where: DeviceResolution, host: HostFacts, context: Profile['context'], restorePath: string): HardwareFingerprint {
  let existing: string | null = null;
  try {
    existing = nearestExisting(restorePath);
  } catch {
    // No such path at all: the fingerprint goes without its file system.
  }
  const cgroup = context.cgroup;
  return fingerprintFrom({
    host,
    mounts: where.mounts ?? [],
    disks: where.devices
      .filter((d) => d.roles.includes('restore-path'))
      .map((d) => ({ name: d.name, facts: where.diskFacts?.get(d.name) ?? { queue: {}, slaves: [] } })),
    restorePath: existing,
    fallback: {
      vcpus: context.cpuCount,
      memoryBytes: context.memoryBytes,
      ...(context.cpuModel ? { cpuModel: context.cpuModel } : {}),
      ...(context.kernel ? { kernel: context.kernel } : {}),
    },
    ...(cgroup !== undefined ? { cgroup } : {}),
  });
}

/**
 * When the restore's own lookup or download failed, the cache service or its blob store is in
 * trouble: another call would add its retries (up to ~25 s each) to the step, so the always-on
 * entries are left alone this run.
 */
function cacheTrouble(restore: Profile['restore']): string | null {
  const phase = restore?.error?.phase;
  return phase === 'lookup' || phase === 'download' ? `the Actions cache failed during the restore's ${phase}` : null;
}

/** experiments: auto's decision with its reason said, as the profile stores it (AutoDecision.reason). */
export type ExperimentPlan = ExperimentDecision & AutoDecision;

export interface ProbePlan {
  /** Set when auto decided; absent when probes are not auto. */
  decision?: AutoDecision;
  /** The remembered suite and its source, when the probes are skipped for it. */
  remembered?: { suite: ProbeSuiteResult; source: CeilingsSource };
}

/** Whether auto reads remembered ceilings at all (probes: auto, some probe configured, remember-ceilings on). */
function readsCeilings(config: Pick<ProfileConfig, 'probesAuto' | 'probes' | 'rememberCeilings'>): boolean {
  return config.probesAuto && config.probes.length > 0 && config.rememberCeilings;
}

/** Whether auto reads remembered fixes at all (experiments: auto, some experiment configured); the restore's time decides the rest. */
function readsFixes(config: Pick<ProfileConfig, 'experimentsAuto' | 'experiments'>): boolean {
  return config.experimentsAuto && config.experiments.length > 0;
}

/** probes: auto: restore the ceilings remembered for this fingerprint and decide (judge/auto-rules.ts). */
export async function planProbes(
  config: Pick<ProfileConfig, 'probesAuto' | 'probes' | 'rememberCeilings' | 'ceilingsMaxAgeMs'>,
  fingerprint: HardwareFingerprint,
  restore: Profile['restore'],
  phases: readonly PhaseRecord[],
  log: (l: string) => void,
  /** The ceilings' read, when it was started early (earlyReads): used rather than read again. */
  ceilingsRead: ReturnType<typeof loadCeilings> | null = null,
): Promise<ProbePlan> {
  if (!config.probesAuto || config.probes.length === 0) return {};
  const trouble = cacheTrouble(restore);
  if (trouble) return { decision: { run: true, reason: `probes: auto probed because ${trouble}, so remembered ceilings were not looked up` } };
  if (!config.rememberCeilings)
    return { decision: { run: true, reason: 'probes: auto probed because remember-ceilings is false, so no ceilings are remembered' } };
  const remembered = await (ceilingsRead ?? loadCeilings(fingerprint.id));
  const decided = decideProbes({
    remembered: remembered.found ? remembered.document : { missing: remembered.reason },
    nowMs: Date.now(),
    maxAgeMs: config.ceilingsMaxAgeMs,
    rates: restoreRates(phases),
  });
  const decision: AutoDecision = { run: decided.run, reason: sayProbeDecision(decided.why) };
  log(decision.reason);
  if (decision.run || !remembered.found) return { decision };
  return {
    decision,
    remembered: { suite: rememberedSuite(remembered.document, decision.reason), source: rememberedSource(remembered.document, remembered.key) },
  };
}

/** Where the ceilings came from; fresh ones are stored under the fingerprint for later runs. */
export async function ceilingsSourceAfter(
  config: Pick<ProfileConfig, 'rememberCeilings' | 'label'>,
  fingerprint: HardwareFingerprint,
  probes: ProbeSuiteResult,
  plan: ProbePlan,
  probedAt: string,
  profileRestore: Profile['restore'],
  warn: (m: string) => void,
): Promise<CeilingsSource> {
  if (plan.remembered) return plan.remembered.source;
  const usable = probes.status === 'ran' && probes.probes.some((p) => !p.error);
  if (!usable) return { kind: 'none', sentence: `No fio ceilings: ${probes.reason ?? `the probes ${probes.status}`}.` };
  const { runId } = runIdentity();
  const source: CeilingsSource = { kind: 'this-run', runId, probedAt, fingerprintId: fingerprint.id, sentence: 'Ceilings probed by this run.' };
  if (!config.rememberCeilings) return source;
  const trouble = cacheTrouble(profileRestore);
  if (trouble) return { ...source, sentence: `Ceilings probed by this run (not remembered: ${trouble}).` };
  const stored = await storeCeilings(fingerprint, describeFingerprint(fingerprint), config.label, probes, probedAt);
  if (!stored.ok) {
    warn(`The ceilings were not remembered for later runs: ${stored.reason}`);
    return { ...source, sentence: 'Ceilings probed by this run (not remembered: see the warning).' };
  }
  return {
    ...source,
    cacheKey: stored.key,
    sentence: `Ceilings probed by this run, remembered for later runs on this hardware (fingerprint ${fingerprint.id}).`,
  };
}

function phaseMs(phases: readonly PhaseRecord[], name: PhaseName): number | null {
  const p = phases.find((x) => x.name === name);
  return p ? p.endMs - p.startMs : null;
}

export function untilDurableMs(profile: Pick<Profile, 'restore' | 'phases'>): number | null {
  const r = profile.restore;
  if (!r?.cacheHit || r.error || r.skipped) return null;
  return r.restoreMs + (phaseMs(profile.phases, 'writeback') ?? 0);
}

/**
 * experiments: auto remembers its fixes: the fixes for this hardware and cache being read. Null (no
 * lookup) when not auto, without a hit, with the cache in trouble, or when the restore was too short
 * for auto to choose experiments at all: the repeat run of a fast restore pays no extra round trip.
 */
export function startFixesLoad(
  config: Pick<ProfileConfig, 'experimentsAuto' | 'experiments'>,
  fingerprint: HardwareFingerprint,
  restore: Profile['restore'],
  phases: readonly PhaseRecord[],
  early: Promise<RememberedFixes> | null = null,
): Promise<RememberedFixes> | null {
  if (!restore || cacheTrouble(restore) || !fixesLookedUp(config, untilDurableMs({ restore, phases: [...phases] }))) return null;
  return early ?? loadFixes(fixesCacheId(restore), fingerprint.id);
}

/** Whether auto looks remembered fixes up for a restore of this time (at least its gate, AUTO_EXPERIMENTS_MIN_RESTORE_MS). */
function fixesLookedUp(config: Pick<ProfileConfig, 'experimentsAuto' | 'experiments'>, restoreMs: number | null): boolean {
  return readsFixes(config) && restoreMs !== null && restoreMs >= AUTO_EXPERIMENTS_MIN_RESTORE_MS;
}

/** This run's side of a remembered entry's regime (judge/auto-rules.ts): its hardware, now, and its cache's shape. */
export function regimeFactsOf(fingerprint: HardwareFingerprint, restore: Profile['restore']): RegimeFacts {
  return { fingerprintId: fingerprint.id, nowMs: Date.now(), archiveBytes: restore?.archiveBytes ?? null, files: restore?.anatomy?.files ?? null };
}

/**
 * experiments: auto: those of config.experiments that change what the verdict names, when the restore
 * was long enough, and only when no remembered fix stands for this run (judge/auto-rules.ts fixMemory).
 */
export function autoExperiments(
  config: Pick<ProfileConfig, 'experimentsAuto' | 'experiments'>,
  judged: Profile,
  fixes: RememberedFixes | null = null,
  /** Judged before the writeback tail was on disk (left to the follower): the restore's time is a lower bound. */
  tailLeft = false,
): ExperimentPlan | null {
  if (!config.experimentsAuto || config.experiments.length === 0) return null;
  const r = judged.restore;
  const run = fixes && judged.fingerprint ? regimeFactsOf(judged.fingerprint, r) : null;
  const toMeasure = fixes && !fixes.found ? fixes.toMeasure : undefined;
  const decision = decideExperiments({
    bottleneck: judged.verdict?.bottleneck ?? null,
    untilDurableMs: untilDurableMs(judged),
    ...(tailLeft ? { untilDurableIsLowerBound: true } : {}),
    allowed: config.experiments,
    ...(fixes && run
      ? {
          remembered: fixes.found ? fixes.against : { missing: fixes.reason },
          run,
          ...(toMeasure && judgedInRegime(toMeasure, run) ? { toMeasure } : {}),
        }
      : {}),
  });
  return { ...decision, reason: autoExperimentsReason(decision) };
}

/**
 * The verdict says where its ceilings came from: remembered ones always (the run and date); this
 * run's when probes: auto chose to probe, since on most runs it would not have.
 */
export function withCeilingsSource(profile: Profile): void {
  const source = profile.ceilingsSource;
  const decision = profile.verdict?.decision;
  if (!decision || !source) return;
  // In place: the run's Judgement holds the same decision (report/say/verdict.ts says the source's words).
  if (source.kind === 'remembered' || (source.kind === 'this-run' && profile.auto?.probes?.run)) decision.citesCeilingsSource = true;
}

/** The label's history, read while the ceilings are looked up (null: history off, or the cache in trouble); an early read where one was started. */
export function startHistoryLoad(
  config: HistoryKeyConfig,
  restore: Profile['restore'],
  early: Promise<LoadedHistory> | null = null,
): Promise<LoadedHistory> | null {
  return config.history && !cacheTrouble(restore) ? (early ?? loadHistory(historyLabelOf(config))) : null;
}

/** The always-on reads, started before the restore's own figures are known (earlyReads); null where not started. */
export interface EarlyReads {
  ceilings: ReturnType<typeof loadCeilings> | null;
  history: Promise<LoadedHistory> | null;
  fixes: Promise<RememberedFixes> | null;
}

/**
 * Started as tar begins extracting (run-profile.ts): by then the lookup and the download are done, so the
 * cache service is not in trouble. The ceilings and the history depend only on the hardware and the label.
 * The fixes are read under experiments: auto whatever the restore's time so far: a restore under auto's gate
 * may pass it with its tail, and main must know, before it decides who waits for the tail, whether a post
 * step found fixes to measure for this cache ("to measure", tail-decision.ts); main hands what it read to
 * the post step, which then reads nothing itself. Each read is a GET into memory (remember/cache-store.ts):
 * no disk write joins the extraction's figures, and tar's CPU is its own; the reads wait beside tar instead
 * of after it (~50 ms of a repeat run's main). The ceilings and the history are used only where the read
 * after the restore would be made (planProbes, startHistoryLoad decide as before); no promise rejects.
 */
export function earlyReads(
  config: Pick<ProfileConfig, 'probesAuto' | 'probes' | 'rememberCeilings' | 'experimentsAuto' | 'experiments'> & HistoryKeyConfig,
  fingerprint: HardwareFingerprint,
  soFar: ExtractStart,
): EarlyReads {
  return {
    ceilings: readsCeilings(config) ? loadCeilings(fingerprint.id) : null,
    history: config.history ? loadHistory(historyLabelOf(config)) : null,
    fixes: readsFixes(config) ? loadFixes(fixesCacheId(soFar), fingerprint.id) : null,
  };
}

export async function historyOf(
  config: HistoryKeyConfig,
  profile: Profile,
  fingerprint: HardwareFingerprint,
  loading: Promise<LoadedHistory> | null,
  /** Told the view as its save begins (history/store.ts updateHistory). */
  onUnsaved?: (view: HistoryView) => void,
  /** The entry reserved ahead for this run, where one was (reserveHistoryFor). */
  reservation: HistoryReservation | null = null,
): Promise<HistoryView | null> {
  if (!config.history) return null;
  const trouble = cacheTrouble(profile.restore);
  if (trouble || !loading) {
    return {
      label: historyLabelOf(config),
      keyPrefix: historyKeyPrefix(historyLabelOf(config)),
      restoredKey: null,
      startedNew: false,
      earlierRuns: 0,
      groups: [],
      regressions: [],
      saved: null,
      notes: [`The history was not read or added to this run: ${trouble ?? 'it was not loaded'}.`],
    };
  }
  const { runId, runAttempt } = runIdentity();
  const probe = (name: string) => profile.probes?.probes.find((p) => p.name === name && !p.error);
  const r = profile.restore;
  const current = historyRunOf({
    createdAt: profile.createdAt,
    runId,
    runAttempt,
    fingerprintId: fingerprint.id,
    hardware: describeFingerprint(fingerprint),
    phasesMs: {
      lookup: phaseMs(profile.phases, 'lookup'),
      download: phaseMs(profile.phases, 'download'),
      extract: phaseMs(profile.phases, 'extract'),
      writeback: phaseMs(profile.phases, 'writeback'),
    },
    restoreOk: !!r?.cacheHit && !r.error && !r.skipped,
    archiveBytes: r?.archiveBytes ?? null,
    bottleneck: profile.verdict?.bottleneck ?? 'inconclusive',
    ceilings: {
      seqWriteMiBps: probe('seq-write') ? (probe('seq-write')?.bytesPerSecond ?? 0) / MiB : null,
      randWriteIops: probe('rand-write')?.iops ?? null,
    },
  });
  return updateHistory({
    label: historyLabelOf(config),
    loaded: await loading,
    current,
    save: true,
    nowMs: Date.now(),
    reservation,
    ...(onUnsaved ? { onUnsaved } : {}),
  });
}
