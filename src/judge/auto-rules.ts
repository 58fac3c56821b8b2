/**
 * The `auto` rules (issue 24): whether this run probes the disk or uses remembered ceilings, and
 * whether the experiments are worth their minute. Pure: the pipeline hands in what it measured.
 */
import type { AutoDecision } from '../profile/always-on.js';
import type { Bottleneck, ExperimentName, PhaseRecord, ProbeResult } from '../profile/schema.js';
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

export interface ExperimentDecision extends AutoDecision {
  experiments: ExperimentName[];
}

export function decideExperiments(input: {
  bottleneck: Bottleneck | null;
  untilDurableMs: number | null;
  allowed: readonly ExperimentName[];
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
  return {
    run: true,
    reason: `experiments: auto chose ${wanted.join(', ')}: the verdict names ${b} and the restore took ${seconds(input.untilDurableMs)} until on disk`,
    experiments: wanted,
  };
}
