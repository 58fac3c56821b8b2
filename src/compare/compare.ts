/**
 * Compare mode's core: the profiles of a matrix of runner labels, each judged by this version's rules
 * as `render` judges it (judged-run.ts), grouped per label with p50/p90 and the range of their runs,
 * then the recommendation (recommend.ts). Pure.
 */
import type { PricesPerMinute } from '../config/prices.js';
import { pageCacheLoop } from '../judge/page-cache-probe.js';
import { type Bottleneck, PHASES, type PhaseName, type Profile, type ProbeName } from '../profile/schema.js';
import { spread, type Spread } from '../util/spread.js';
import { MiB } from '../util/units.js';
import { bestFixOf, type RunnerBestFix } from './best-fix.js';
import { hardwareKinds, type LabelKinds } from './hardware-kinds.js';
import { judgeRun, recordedElsewhere, type JudgedRun, type LabelledProfile } from './judged-run.js';
import { recommend, type Recommendation } from './recommend.js';
import { labelCost, type LabelCost, type RunTimes, runTimes } from './run-times.js';

export type { LabelCost, RunTimes } from './run-times.js';

export type { LabelledProfile } from './judged-run.js';

export const CEILING_NAMES = ['seqWriteMiBps', 'randWriteIops', 'seqReadMiBps', 'randReadIops'] as const;
export type CeilingName = (typeof CEILING_NAMES)[number];

export interface RunnerComparison {
  label: string;
  sources: string[];
  runs: JudgedRun[];
  /** Ceilings from probes that measured a disk; a probe that measured the page cache is left out (pageCache names it). */
  ceilings: Record<CeilingName, Spread | null>;
  pageCache: CeilingName[];
  phasesMs: Record<PhaseName, RunTimes | null>;
  /** The restore step: lookup + download + extraction, what the step takes before the job goes on. */
  stepMs: RunTimes | null;
  /** Until on disk: the restore step plus the writeback tail, until the restored files were on disk. Labels rank by it. */
  untilOnDiskMs: RunTimes | null;
  /** This version's verdicts of the runs, most frequent first. */
  bottlenecks: { bottleneck: Bottleneck; runs: number }[];
  /** The run whose time until on disk is nearest the label's p50: its verdict and figures speak for the label. */
  typical: JudgedRun;
  bestFix: RunnerBestFix | null;
  sharedRuns: number;
  /** Runs recorded by another release (judged by this one's rules all the same). */
  otherVersionRuns: JudgedRun[];
  cost: LabelCost | null;
}

export interface Comparison {
  /** Sorted by the recommendation's measure: p50 until on disk, labels without a restore last. */
  runners: RunnerComparison[];
  recommendation: Recommendation;
  fastest: { restore: string | null } & Record<CeilingName, string | null>;
  kinds: LabelKinds[];
  /** With a `prices` input: labels with a restore but no price (no cost shown for them). */
  unpricedLabels: string[];
  /** Labels the `prices` input names that no profile has (a typo, or a leg that uploaded nothing). */
  pricedButAbsent: string[];
}

const CEILING_PROBES: Record<CeilingName, [ProbeName, 'mibps' | 'iops']> = {
  seqWriteMiBps: ['seq-write', 'mibps'],
  randWriteIops: ['rand-write', 'iops'],
  seqReadMiBps: ['seq-read', 'mibps'],
  randReadIops: ['rand-read', 'iops'],
};

export function compareProfiles(items: readonly LabelledProfile[], prices: PricesPerMinute = new Map()): Comparison {
  const byLabel = new Map<string, JudgedRun[]>();
  for (const item of items) {
    const run = judgeRun(item);
    byLabel.set(run.label, [...(byLabel.get(run.label) ?? []), run]);
  }
  const runners = [...byLabel.entries()].map(([label, runs]) => combine(label, runs, prices.get(label)));
  runners.sort((a, b) => (a.untilOnDiskMs?.p50 ?? Infinity) - (b.untilOnDiskMs?.p50 ?? Infinity) || a.label.localeCompare(b.label));
  return {
    runners,
    recommendation: recommend(runners),
    fastest: {
      restore: runners.find((r) => r.untilOnDiskMs)?.label ?? null,
      ...(Object.fromEntries(CEILING_NAMES.map((n) => [n, best(runners, n)])) as Record<CeilingName, string | null>),
    },
    kinds: hardwareKinds(items),
    unpricedLabels: prices.size > 0 ? runners.filter((r) => r.untilOnDiskMs && !r.cost).map((r) => r.label) : [],
    pricedButAbsent: [...prices.keys()].filter((l) => !byLabel.has(l)),
  };
}

function best(runners: readonly RunnerComparison[], ceiling: CeilingName): string | null {
  let winner: RunnerComparison | null = null;
  for (const r of runners) {
    const value = r.ceilings[ceiling]?.median;
    if (value !== undefined && (winner === null || value > (winner.ceilings[ceiling]?.median ?? -1))) winner = r;
  }
  return winner?.label ?? null;
}

function combine(label: string, runs: JudgedRun[], perMinuteUsd: number | undefined): RunnerComparison {
  const profiles = runs.map((r) => r.profile);
  const pageCache = new Set<CeilingName>();
  const ceilings = Object.fromEntries(
    CEILING_NAMES.map((name) => {
      const [probe, unit] = CEILING_PROBES[name];
      const values = profiles.map((p) => {
        const v = probeValue(p, probe, unit);
        if (v === 'page-cache') pageCache.add(name);
        return v === 'page-cache' ? null : v;
      });
      return [name, spread(values)];
    }),
  ) as Record<CeilingName, Spread | null>;
  const phasesMs = Object.fromEntries(PHASES.map((n) => [n, runTimes(runs.map((r) => (r.untilOnDiskMs === null ? null : phaseMs(r.profile, n))))])) as Record<
    PhaseName,
    RunTimes | null
  >;
  const untilOnDiskMs = runTimes(runs.map((r) => r.untilOnDiskMs));
  const counts = new Map<Bottleneck, number>();
  for (const r of runs) counts.set(r.bottleneck, (counts.get(r.bottleneck) ?? 0) + 1);
  const typical = nearest(runs, untilOnDiskMs?.p50);
  const cost = labelCost(untilOnDiskMs, perMinuteUsd);
  return {
    label,
    sources: runs.map((r) => r.source),
    runs,
    ceilings,
    pageCache: [...pageCache].filter((n) => ceilings[n] === null),
    phasesMs,
    stepMs: runTimes(runs.map((r) => r.stepMs)),
    untilOnDiskMs,
    bottlenecks: [...counts.entries()].map(([bottleneck, n]) => ({ bottleneck, runs: n })).sort((a, b) => b.runs - a.runs),
    typical,
    bestFix: bestFixOf(profiles),
    sharedRuns: runs.filter((r) => r.shared).length,
    otherVersionRuns: runs.filter(recordedElsewhere),
    cost,
  };
}

/** A probe's figure; null for one that failed or did not run, 'page-cache' for one that measured the page cache (never ranked). */
function probeValue(profile: Profile, name: ProbeName, unit: 'mibps' | 'iops'): number | null | 'page-cache' {
  const probe = profile.probes?.probes.find((p) => p.name === name && !p.error);
  if (!probe) return null;
  if (pageCacheLoop(profile, probe) !== null) return 'page-cache';
  return unit === 'iops' ? probe.iops : probe.bytesPerSecond / MiB;
}

function phaseMs(profile: Profile, name: PhaseName): number | null {
  const phase = profile.phases.find((p) => p.name === name);
  return phase ? phase.endMs - phase.startMs : null;
}

function nearest(runs: readonly JudgedRun[], target: number | undefined): JudgedRun {
  let bestRun = runs[0] as JudgedRun;
  if (target === undefined) return bestRun;
  let bestDistance = Infinity;
  for (const r of runs) {
    if (r.untilOnDiskMs !== null && Math.abs(r.untilOnDiskMs - target) < bestDistance) {
      bestDistance = Math.abs(r.untilOnDiskMs - target);
      bestRun = r;
    }
  }
  return bestRun;
}

/** The comparison as the `comparison-json` output and `--json` write it: each run's figures and verdict, not its whole profile. */
export function comparisonJson(c: Comparison, indent?: number): string {
  return JSON.stringify(c, (key, value) => (key === 'profile' ? undefined : value), indent);
}
