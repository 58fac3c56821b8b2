/**
 * The `auto` rules (issue 24): whether this run probes the disk or uses remembered ceilings, and
 * whether the experiments are worth their minute. Pure: the pipeline hands in what it measured.
 */
import type { AutoDecision } from '../profile/always-on.js';
import type { Bottleneck, ExperimentName, FixesMeasuredOn, FixMemory, PhaseRecord, ProbeResult } from '../profile/schema.js';
import { MiB } from '../util/units.js';

/** "12.3 s": the judge's sentences are its own (the report's formatters sit further down the pipeline). */
const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

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

/** The first ceiling the restore ran above, in words; null when it stayed under all of them. */
export function ranAboveCeilings(rates: RestoreRates | null, probes: readonly ProbeResult[]): string | null {
  if (!rates) return null;
  const ceiling = (name: ProbeResult['name']) => probes.find((p) => p.name === name && !p.error && p.iops > 0);
  const checks: [number, number | undefined, string][] = [
    [rates.writeBytesPerSecond, ceiling('seq-write')?.bytesPerSecond, 'MiB/s written'],
    [rates.readBytesPerSecond, ceiling('seq-read')?.bytesPerSecond, 'MiB/s read'],
    [rates.writeIops, ceiling('rand-write')?.iops, 'writes/s'],
    [rates.readIops, ceiling('rand-read')?.iops, 'reads/s'],
  ];
  for (const [measured, remembered, unit] of checks) {
    if (remembered === undefined || measured <= remembered * ABOVE_CEILING_FACTOR) continue;
    const bytes = unit.startsWith('MiB');
    const fmt = (v: number) => (bytes ? (v / MiB).toFixed(0) : v.toFixed(0));
    return `the restore ran at ${fmt(measured)} ${unit}, above the remembered ceiling of ${fmt(remembered)}`;
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

/** probes: auto: probe unless fresh remembered ceilings for this fingerprint hold. */
export function decideProbes(input: ProbeDecisionInput): AutoDecision {
  const r = input.remembered;
  if ('missing' in r) return { run: true, reason: `probes: auto probed because no ceilings are remembered for this hardware (${r.missing})` };
  if (!r.probes.some((p) => !p.error && p.iops > 0))
    return { run: true, reason: `probes: auto probed because the remembered entry of run ${r.runId} holds no usable ceiling` };
  const ageMs = input.nowMs - Date.parse(r.probedAt);
  const days = (ms: number) => `${(ms / 86_400_000).toFixed(ms < 86_400_000 ? 1 : 0)} days`;
  if (!Number.isFinite(ageMs) || ageMs > input.maxAgeMs) {
    return {
      run: true,
      reason: `probes: auto probed because the remembered ceilings (run ${r.runId}) are ${Number.isFinite(ageMs) ? days(ageMs) : 'of unknown age'} old, over ceilings-max-age-days (${days(input.maxAgeMs)})`,
    };
  }
  const above = ranAboveCeilings(input.rates, r.probes);
  if (above) return { run: true, reason: `probes: auto probed because ${above} (run ${r.runId})` };
  return {
    run: false,
    reason: `probes: auto used the ceilings remembered from run ${r.runId} (probed ${r.probedAt.slice(0, 10)}, same hardware fingerprint); the restore stayed under them`,
  };
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
  if (on.fingerprintId !== now.fingerprintId) return measure('hardware-changed', on.fingerprintId, now.fingerprintId, 0);
  const measuredAtMs = Date.parse(on.measuredAt);
  if (!Number.isFinite(measuredAtMs) || now.nowMs - measuredAtMs > FIX_MAX_AGE_MS) return measure('stale', measuredAtMs, now.nowMs, FIX_MAX_AGE_MS);
  if (now.archiveBytes !== null && outsideBand(remembered.archiveBytes, now.archiveBytes, FIX_SHAPE_BAND))
    return measure('size-changed', remembered.archiveBytes, now.archiveBytes, FIX_SHAPE_BAND);
  if (now.files !== null && remembered.files !== null && outsideBand(remembered.files, now.files, FIX_SHAPE_BAND))
    return measure('files-changed', remembered.files, now.files, FIX_SHAPE_BAND);
  if (remembered.bottleneck !== now.bottleneck) return measure('verdict-changed', remembered.bottleneck, now.bottleneck, 0);
  const ratio = now.untilDurableMs / remembered.untilDurableMs;
  if (!(ratio <= FIX_TIME_FACTOR && ratio >= 1 / FIX_TIME_FACTOR))
    return measure('time-outside', remembered.untilDurableMs, now.untilDurableMs, FIX_TIME_FACTOR);
  const unmeasured = now.experiments.filter((e) => !remembered.experiments.includes(e));
  if (unmeasured.length > 0) return measure('not-measured', remembered.experiments.join(', '), unmeasured.join(', '), 0);
  return { reason: 'fresh', remembered: on, compared: null };
}

export interface ExperimentDecision extends AutoDecision {
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
}): ExperimentDecision {
  const b = input.bottleneck;
  const skip = (reason: string): ExperimentDecision => ({ run: false, reason: `experiments: auto skipped them: ${reason}`, experiments: [] });
  if (b === null || b === 'inconclusive') return skip('the verdict names no resource, so no fix can be aimed at one');
  if (b === 'none') return skip('the verdict names no bottleneck, so there is nothing to fix');
  const wanted = EXPERIMENTS_FOR[b].filter((e) => input.allowed.includes(e));
  if (wanted.length === 0) {
    return skip(
      b === 'network'
        ? 'the verdict names the network, which none of them changes (they extract the same archive again)'
        : `none of the allowed experiments changes ${b}`,
    );
  }
  if (input.untilDurableMs === null) return skip('the restore did not complete, so there is no time a fix could save');
  if (input.untilDurableMs < AUTO_EXPERIMENTS_MIN_RESTORE_MS) {
    return skip(
      `the restore took ${seconds(input.untilDurableMs)} until its files were on disk, under ${seconds(AUTO_EXPERIMENTS_MIN_RESTORE_MS)}: a fix would save less than the experiments cost`,
    );
  }
  const chose = {
    run: true,
    reason: `experiments: auto chose ${wanted.join(', ')}: the verdict names ${b} and the restore took ${seconds(input.untilDurableMs)} until on disk`,
    experiments: wanted,
  };
  if (!input.remembered || !input.run) return chose;
  const memory = fixMemory(input.remembered, { ...input.run, bottleneck: b, untilDurableMs: input.untilDurableMs, experiments: wanted });
  // The words for the memory come from the report (report/fix-memory.ts); the reason stays the choice's.
  return memory.reason === 'fresh' ? { ...chose, run: false, experiments: [], memory } : { ...chose, memory };
}
