/**
 * The `auto` rules (issue 24): whether this run probes the disk or uses remembered ceilings, and
 * whether the experiments are worth their minute. Pure: the pipeline hands in what it measured. Each
 * decision comes with why, typed (its kind and figures); report/say/auto.ts says it.
 */
import type { Bottleneck, ExperimentName, FixesMeasuredOn, FixMemory, PhaseRecord, ProbeResult } from '../profile/schema.js';

/**
 * A phase average this far above a remembered ceiling means the ceiling no longer holds. Not 1.1:
 * a cloud disk's own figures wander far more than fio's repeatability (FIELD-NOTES: the same 60 s
 * job minutes apart gave 55.8k and 111.6k IOPS on this machine), and a smaller factor would re-probe
 * on noise; a real change (another disk behind the same model name, burst credits back) is larger.
 */
export const ABOVE_CEILING_FACTOR = 1.5;
/** Phases shorter than this average too few requests for their rate to contradict a ceiling. */
export const MIN_RATE_PHASE_MS = 500;

/** The restore's highest phase-average rates on the disk it wrote (device index 0: the primary). */
export interface RestoreRates {
  writeBytesPerSecond: number;
  writeIops: number;
  readBytesPerSecond: number;
  readIops: number;
}

export function restoreRates(phases: readonly PhaseRecord[]): RestoreRates | null {
  let rates: RestoreRates | null = null;
  for (const p of phases) {
    const a = p.start.disks[0];
    const b = p.end.disks[0];
    const seconds = (p.endMs - p.startMs) / 1000;
    if (!a || !b || p.endMs - p.startMs < MIN_RATE_PHASE_MS) continue;
    const r: RestoreRates = {
      writeBytesPerSecond: ((b.sectorsWritten - a.sectorsWritten) * 512) / seconds,
      writeIops: (b.writesCompleted - a.writesCompleted) / seconds,
      readBytesPerSecond: ((b.sectorsRead - a.sectorsRead) * 512) / seconds,
      readIops: (b.readsCompleted - a.readsCompleted) / seconds,
    };
    rates = rates
      ? {
          writeBytesPerSecond: Math.max(rates.writeBytesPerSecond, r.writeBytesPerSecond),
          writeIops: Math.max(rates.writeIops, r.writeIops),
          readBytesPerSecond: Math.max(rates.readBytesPerSecond, r.readBytesPerSecond),
          readIops: Math.max(rates.readIops, r.readIops),
        }
      : r;
  }
  return rates;
}

/** The rates a restore is held against remembered ceilings on, in the order checked: bytes/s, then requests/s. */
export const RATE_KINDS = ['write-bandwidth', 'read-bandwidth', 'write-iops', 'read-iops'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** A remembered ceiling the restore ran above: which rate, what it ran at and the ceiling (bytes/s or requests/s). */
export interface RanAbove {
  rate: RateKind;
  measured: number;
  remembered: number;
}

/** The first ceiling the restore ran above; null when it stayed under all of them. */
export function ranAboveCeilings(rates: RestoreRates | null, probes: readonly ProbeResult[]): RanAbove | null {
  if (!rates) return null;
  const ceiling = (name: ProbeResult['name']) => probes.find((p) => p.name === name && !p.error && p.iops > 0);
  const checks: Record<RateKind, [number, number | undefined]> = {
    'write-bandwidth': [rates.writeBytesPerSecond, ceiling('seq-write')?.bytesPerSecond],
    'read-bandwidth': [rates.readBytesPerSecond, ceiling('seq-read')?.bytesPerSecond],
    'write-iops': [rates.writeIops, ceiling('rand-write')?.iops],
    'read-iops': [rates.readIops, ceiling('rand-read')?.iops],
  };
  for (const rate of RATE_KINDS) {
    const [measured, remembered] = checks[rate];
    if (remembered !== undefined && measured > remembered * ABOVE_CEILING_FACTOR) return { rate, measured, remembered };
  }
  return null;
}

export interface ProbeDecisionInput {
  /** The remembered entry for this fingerprint, or why there is none. */
  remembered: { runId: string; probedAt: string; probes: readonly ProbeResult[] } | { missing: string };
  nowMs: number;
  maxAgeMs: number;
  rates: RestoreRates | null;
}

/**
 * Why probes: auto probed or used the remembered ceilings, in the order decideProbes tests them:
 * - none-remembered: no ceilings are remembered for this hardware (`missing`: why, as the store said);
 * - no-usable-ceiling: the remembered entry holds none;
 * - stale: they are older than ceilings-max-age-days (`ageMs` null: of unknown age);
 * - ran-above: the restore ran above one of them by ABOVE_CEILING_FACTOR;
 * - fresh: they hold, and this run does not probe.
 */
export const PROBE_DECISION_KINDS = ['none-remembered', 'no-usable-ceiling', 'stale', 'ran-above', 'fresh'] as const;
export type ProbeDecisionKind = (typeof PROBE_DECISION_KINDS)[number];
export type ProbeDecisionWhy =
  | { kind: 'none-remembered'; missing: string }
  | { kind: 'no-usable-ceiling'; runId: string }
  | { kind: 'stale'; runId: string; ageMs: number | null; maxAgeMs: number }
  | { kind: 'ran-above'; runId: string; above: RanAbove }
  | { kind: 'fresh'; runId: string; probedAt: string };

/** Whether this run probes, and why. */
export interface ProbeDecision {
  run: boolean;
  why: ProbeDecisionWhy;
}

const probed = (why: ProbeDecisionWhy): ProbeDecision => ({ run: why.kind !== 'fresh', why });

/** probes: auto: probe unless fresh remembered ceilings for this fingerprint hold. */
export function decideProbes(input: ProbeDecisionInput): ProbeDecision {
  const r = input.remembered;
  if ('missing' in r) return probed({ kind: 'none-remembered', missing: r.missing });
  if (!r.probes.some((p) => !p.error && p.iops > 0)) return probed({ kind: 'no-usable-ceiling', runId: r.runId });
  const ageMs = input.nowMs - Date.parse(r.probedAt);
  if (!Number.isFinite(ageMs) || ageMs > input.maxAgeMs)
    return probed({ kind: 'stale', runId: r.runId, ageMs: Number.isFinite(ageMs) ? ageMs : null, maxAgeMs: input.maxAgeMs });
  const above = ranAboveCeilings(input.rates, r.probes);
  if (above) return probed({ kind: 'ran-above', runId: r.runId, above });
  return probed({ kind: 'fresh', runId: r.runId, probedAt: r.probedAt });
}

/** What each experiment changes: only these resources can a measured fix be found for. */
export const EXPERIMENTS_FOR: Record<Exclude<Bottleneck, 'none' | 'inconclusive'>, readonly ExperimentName[]> = {
  'disk-bandwidth': ['ram', 'other-disk', 'page-cache'],
  'disk-iops': ['ram', 'other-disk', 'page-cache'],
  cpu: ['decompress', 'ram'],
  network: [],
};

/**
 * The experiments take about a minute (a second download and several extractions): below this much
 * until the files are on disk, the best fix saves a few seconds a run and is not worth measuring on
 * every run. `experiments: default` still runs them whenever asked.
 */
export const AUTO_EXPERIMENTS_MIN_RESTORE_MS = 10_000;

/**
 * A remembered fix stands for a cache of the same shape: its archive size and its file count each
 * within this share of the measured run's. The extraction's time, and so a fix's saving, scales with
 * bytes and files; a lockfile bump moves them by a few percent, while a quarter is another cache
 * (a toolchain added, a dependency tree replaced) whose saving has to be measured again.
 */
export const FIX_SHAPE_BAND = 0.25;
/**
 * The time until on disk may be this factor above or below the measured run's before the fix is
 * measured again: the same allowance as ABOVE_CEILING_FACTOR, since a cloud disk's own wandering
 * moves a restore's time by that much with nothing changed; beyond it the restore ran in a regime
 * the fix was not measured in (burst credits gone, a neighbour, another disk).
 */
export const FIX_TIME_FACTOR = ABOVE_CEILING_FACTOR;
/**
 * Remembered fixes older than this are measured again: the hosted runner images (tar, zstd, the
 * kernel's writeback) are rebuilt about weekly, and a fix's saving rests on them; an always-on job
 * pays the experiments' minute about once a week instead of on every run.
 */
export const FIX_MAX_AGE_MS = 7 * 86_400_000;

/** What a remembered fix was measured against (remember/fixes.ts stores it beside the fix). */
export interface FixMeasuredAgainst {
  measuredOn: FixesMeasuredOn;
  archiveBytes: number;
  /** Files in the restored tree; null when that run could not count them. */
  files: number | null;
  bottleneck: Bottleneck;
  untilDurableMs: number;
  /** The alternatives it measured. */
  experiments: readonly ExperimentName[];
}

/** This run's side of the comparison. */
export interface FixRunFacts {
  fingerprintId: string;
  nowMs: number;
  archiveBytes: number | null;
  files: number | null;
  bottleneck: Bottleneck;
  untilDurableMs: number;
  /**
   * untilDurableMs leaves out the writeback tail, left to the follower: a lower bound (main judges before
   * the tail is on disk on a repeat run). Absent: the tail is counted.
   */
  untilDurableIsLowerBound?: boolean;
  /** The alternatives this run would measure. */
  experiments: readonly ExperimentName[];
}

/** then and now further apart than the band: |now - then| > band * then. */
const outsideBand = (then: number, now: number, band: number): boolean => Math.abs(now - then) > band * then;

/**
 * Whether a remembered fix stands for this run (reason 'fresh') or is measured again, and why: the
 * one place this is decided. A figure this run does not know (file count, size) is not held against.
 */
export function fixMemory(remembered: FixMeasuredAgainst | { missing: string }, now: FixRunFacts): FixMemory {
  if ('missing' in remembered) return { reason: 'none-remembered', remembered: null, compared: null, missing: remembered.missing };
  const on = remembered.measuredOn;
  const measure = (reason: FixMemory['reason'], measured: number | string, nowValue: number | string, limit: number): FixMemory => ({
    reason,
    remembered: on,
    compared: { measured, now: nowValue, limit },
  });
  const moved = outOfRegime(remembered, now);
  if (moved) return measure(moved.reason, moved.measured, moved.now, moved.limit);
  if (remembered.bottleneck !== now.bottleneck) return measure('verdict-changed', remembered.bottleneck, now.bottleneck, 0);
  const ratio = now.untilDurableMs / remembered.untilDurableMs;
  // A time without its tail says the restore ran outside only above the band: under it, the tail may
  // bring it in (the lab's 100k-file cache: 11.4 s without its tail against 20.9 s remembered, 14.7 s with
  // it), and main waited for nothing. The post step judges it with the tail, and leaves "to measure"
  // where it is still outside (remember/fixes.ts).
  const under = ratio < 1 / FIX_TIME_FACTOR && !now.untilDurableIsLowerBound;
  if (!(ratio <= FIX_TIME_FACTOR) || under) return measure('time-outside', remembered.untilDurableMs, now.untilDurableMs, FIX_TIME_FACTOR);
  const unmeasured = now.experiments.filter((e) => !remembered.experiments.includes(e));
  if (unmeasured.length > 0) return measure('not-measured', remembered.experiments.join(', '), unmeasured.join(', '), 0);
  return { reason: 'fresh', remembered: on, compared: null };
}

/** What a remembered entry and this run are compared on before the verdict is known: the hardware, the age, the cache's shape. */
export type RegimeFacts = Pick<FixRunFacts, 'fingerprintId' | 'nowMs' | 'archiveBytes' | 'files'>;

/** The first way this run left the regime an entry was measured in (other hardware, too old, another shape); null while in it. */
function outOfRegime(
  remembered: FixMeasuredAgainst,
  now: RegimeFacts,
): { reason: FixMemory['reason']; measured: number | string; now: number | string; limit: number } | null {
  const on = remembered.measuredOn;
  if (on.fingerprintId !== now.fingerprintId) return { reason: 'hardware-changed', measured: on.fingerprintId, now: now.fingerprintId, limit: 0 };
  const measuredAtMs = Date.parse(on.measuredAt);
  if (!Number.isFinite(measuredAtMs) || now.nowMs - measuredAtMs > FIX_MAX_AGE_MS)
    return { reason: 'stale', measured: measuredAtMs, now: now.nowMs, limit: FIX_MAX_AGE_MS };
  if (now.archiveBytes !== null && outsideBand(remembered.archiveBytes, now.archiveBytes, FIX_SHAPE_BAND))
    return { reason: 'size-changed', measured: remembered.archiveBytes, now: now.archiveBytes, limit: FIX_SHAPE_BAND };
  if (now.files !== null && remembered.files !== null && outsideBand(remembered.files, now.files, FIX_SHAPE_BAND))
    return { reason: 'files-changed', measured: remembered.files, now: now.files, limit: FIX_SHAPE_BAND };
  return null;
}

/**
 * A remembered "nothing to measure" or "to measure" (remember/fixes.ts) holds for this run while it is in
 * the regime the entry was judged in: the same hardware, within FIX_MAX_AGE_MS, a cache of the same shape
 * (FIX_SHAPE_BAND). The verdict is not compared here: it is known only with the tail, and main judges
 * without it first (a verdict that asks for experiments then makes main wait after all: pipeline/run-profile.ts).
 */
export function judgedInRegime(remembered: FixMeasuredAgainst, now: RegimeFacts): boolean {
  return outOfRegime(remembered, now) === null;
}

/** The skips that mean no experiment changes what the verdict names: what a "nothing to measure" entry remembers. */
export const NOTHING_TO_MEASURE_KINDS: readonly ExperimentsDecisionKind[] = ['no-resource', 'no-bottleneck', 'network', 'none-allowed'];

/**
 * Why experiments: auto chose experiments or skipped them, in the order decideExperiments tests them:
 * - no-resource: the verdict names no resource (an inconclusive verdict, or none);
 * - no-bottleneck: the verdict names no bottleneck;
 * - network: the verdict names the network, which no experiment changes;
 * - none-allowed: none of the allowed experiments changes what the verdict names;
 * - not-completed: the restore did not complete;
 * - too-short: the restore took under AUTO_EXPERIMENTS_MIN_RESTORE_MS until on disk, and no "to measure"
 *   entry holds for this run;
 * - chose: the experiments that change what the verdict names (a remembered fix may still stand: `memory`);
 *   `gateFrom` when this restore came in under the gate, but a post step judged one of this cache's, on this
 *   hardware and of this shape, with its tail at or over it (the entry that made this run wait for its tail).
 */
export const EXPERIMENTS_DECISION_KINDS = ['no-resource', 'no-bottleneck', 'network', 'none-allowed', 'not-completed', 'too-short', 'chose'] as const;
export type ExperimentsDecisionKind = (typeof EXPERIMENTS_DECISION_KINDS)[number];
export type ExperimentsDecisionWhy =
  | { kind: 'no-resource' | 'no-bottleneck' | 'network' | 'not-completed' }
  | { kind: 'none-allowed'; bottleneck: Bottleneck }
  | { kind: 'too-short'; untilDurableMs: number; minMs: number }
  | { kind: 'chose'; experiments: ExperimentName[]; bottleneck: Bottleneck; untilDurableMs: number; gateFrom?: { runId: string; untilDurableMs: number } };

export interface ExperimentDecision {
  run: boolean;
  why: ExperimentsDecisionWhy;
  experiments: ExperimentName[];
  /** Whether remembered fixes stand for this run, where auto chose experiments and fixes are remembered; run is false when they do. */
  memory?: FixMemory;
}

export function decideExperiments(input: {
  bottleneck: Bottleneck | null;
  untilDurableMs: number | null;
  allowed: readonly ExperimentName[];
  /** The fix remembered for this hardware and cache, or why none is; absent when fixes are not remembered. */
  remembered?: FixMeasuredAgainst | { missing: string };
  /** fixMemory's other side: this run's (the verdict, time and experiments are filled in here). */
  run?: Omit<FixRunFacts, 'bottleneck' | 'untilDurableMs' | 'experiments'>;
  /**
   * A "to measure" entry that holds for this run (judgedInRegime): a restore of this cache passed the gate
   * with its tail, so this one is measured even when it comes in a little under (it waited for its tail to be).
   */
  toMeasure?: FixMeasuredAgainst;
  /** untilDurableMs leaves out the tail, left to the follower (FixRunFacts.untilDurableIsLowerBound). */
  untilDurableIsLowerBound?: boolean;
}): ExperimentDecision {
  const b = input.bottleneck;
  const skip = (why: ExperimentsDecisionWhy): ExperimentDecision => ({ run: false, why, experiments: [] });
  if (b === null || b === 'inconclusive') return skip({ kind: 'no-resource' });
  if (b === 'none') return skip({ kind: 'no-bottleneck' });
  const wanted = EXPERIMENTS_FOR[b].filter((e) => input.allowed.includes(e));
  if (wanted.length === 0) return skip(b === 'network' ? { kind: 'network' } : { kind: 'none-allowed', bottleneck: b });
  if (input.untilDurableMs === null) return skip({ kind: 'not-completed' });
  const underGate = input.untilDurableMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS;
  const gateFrom = underGate && input.toMeasure ? { runId: input.toMeasure.measuredOn.runId, untilDurableMs: input.toMeasure.untilDurableMs } : null;
  if (underGate && !gateFrom) return skip({ kind: 'too-short', untilDurableMs: input.untilDurableMs, minMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS });
  const chose: ExperimentDecision = {
    run: true,
    why: { kind: 'chose', experiments: wanted, bottleneck: b, untilDurableMs: input.untilDurableMs, ...(gateFrom ? { gateFrom } : {}) },
    experiments: wanted,
  };
  if (!input.remembered || !input.run) return chose;
  const memory = fixMemory(input.remembered, {
    ...input.run,
    bottleneck: b,
    untilDurableMs: input.untilDurableMs,
    ...(input.untilDurableIsLowerBound ? { untilDurableIsLowerBound: true } : {}),
    experiments: wanted,
  });
  // The words for the memory come from the report (report/fix-memory.ts); `why` stays the choice's.
  return memory.reason === 'fresh' ? { ...chose, run: false, experiments: [], memory } : { ...chose, memory };
}
