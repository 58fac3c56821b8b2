/**
 * How far the adaptive (steady-state, budgeted) suite lands from reference probes (a fixed 60 s each,
 * same jobs), per ceiling, and how much wall time it saves. Pure; the benchmark prints it.
 *
 * A shared host's disk wanders by 10-30 % from one minute to the next (measured on this project's VM:
 * rand-write 104k and 112k IOPS in two 60 s runs, 70k in a 25 s run a few minutes later). Compared
 * run against run, that wander swamps the method, so both sides may be repeated runs, compared by
 * median, and each reference is compared with the adaptive runs on either side of it in time.
 */
import type { ProbeName, ProbeResult, ProbeSuiteResult } from '../../src/profile/schema.js';
import { spread, type Spread } from '../../src/util/spread.js';
import { PROBE_NAMES } from '../../src/profile/schema.js';

export type ComparedMetric = 'bytesPerSecond' | 'iops' | 'meanLatencyNs' | 'p99LatencyNs';

export interface CeilingComparison {
  probe: ProbeName;
  /**
   * The figure compared: MiB/s for sequential, IOPS for random and fsync, mean latency for QD1 (the
   * rate a one-at-a-time reader gets). QD1's p99 comes as a second, informative entry: over a few
   * seconds a tail percentile says how many rare stalls the window happened to catch.
   */
  metric: ComparedMetric;
  /** True for figures shown without a target (QD1's p99). */
  informative: boolean;
  adaptive: Spread | null;
  reference: Spread | null;
  /** (median adaptive - median reference) / median reference * 100; null when either side is missing. */
  differencePercent: number | null;
  /** The single adaptive run furthest from the reference median, in percent (what one unlucky run shows). */
  worstRunDifferencePercent: number | null;
  /** median adaptive wall / median reference wall for this probe. */
  wallTimeRatio: number | null;
}

export interface SuiteComparison {
  ceilings: CeilingComparison[];
  /** Largest |differencePercent| over the compared ceilings (informative entries left out). */
  maxAbsDifferencePercent: number | null;
  adaptiveWallMs: Spread | null;
  referenceWallMs: Spread | null;
  /** Whole-suite wall time ratio (median adaptive / median reference). */
  wallTimeRatio: number | null;
}

/** The metrics compared for a probe; the first is its ceiling, the rest are informative. */
function metricsOf(probe: ProbeName): ComparedMetric[] {
  if (probe === 'seq-read' || probe === 'seq-write') return ['bytesPerSecond'];
  if (probe === 'rand-read-qd1') return ['meanLatencyNs', 'p99LatencyNs'];
  return ['iops'];
}

function metricOf(result: ProbeResult | undefined, metric: ComparedMetric): number | null {
  if (!result || result.error) return null;
  if (metric === 'p99LatencyNs') return result.latencyNs.p99;
  if (metric === 'meanLatencyNs') return result.latencyNs.mean;
  return result[metric];
}

/** One suite's compared figures, probe by probe (for logging a run; errored probes give null). */
export function suiteFigures(suite: ProbeSuiteResult): { probe: ProbeName; metric: ComparedMetric; value: number | null }[] {
  return suite.probes.flatMap((result) => metricsOf(result.name).map((metric) => ({ probe: result.name, metric, value: metricOf(result, metric) })));
}

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a != null && b != null && b > 0 ? a / b : null;
}

function percentFrom(value: number | null | undefined, base: number | null | undefined): number | null {
  const rel = ratio(value, base);
  return rel === null ? null : (rel - 1) * 100;
}

function probeOf(suite: ProbeSuiteResult, probe: ProbeName): ProbeResult | undefined {
  return suite.probes.find((p) => p.name === probe);
}

function compareCeilings(probe: ProbeName, a: readonly (ProbeResult | undefined)[], r: readonly (ProbeResult | undefined)[]): CeilingComparison[] {
  if (a.every((p) => !p) && r.every((p) => !p)) return [];
  return metricsOf(probe).map((metric, index) => compareMetric(probe, metric, index > 0, a, r));
}

function compareMetric(
  probe: ProbeName,
  metric: ComparedMetric,
  informative: boolean,
  a: readonly (ProbeResult | undefined)[],
  r: readonly (ProbeResult | undefined)[],
): CeilingComparison {
  const av = spread(a.map((p) => metricOf(p, metric)));
  const rv = spread(r.map((p) => metricOf(p, metric)));
  const worst = av && rv ? [av.min, av.max].map((v) => percentFrom(v, rv.median) as number).sort((x, y) => Math.abs(y) - Math.abs(x))[0] : null;
  return {
    probe,
    metric,
    informative,
    adaptive: av,
    reference: rv,
    differencePercent: percentFrom(av?.median, rv?.median),
    worstRunDifferencePercent: worst ?? null,
    wallTimeRatio: ratio(spread(a.map((p) => p?.wallMs))?.median, spread(r.map((p) => p?.wallMs))?.median),
  };
}

function summarise(ceilings: CeilingComparison[], adaptiveWallMs: Spread | null, referenceWallMs: Spread | null): SuiteComparison {
  const diffs = ceilings
    .filter((c) => !c.informative)
    .map((c) => c.differencePercent)
    .filter((d): d is number => d !== null);
  return {
    ceilings,
    maxAbsDifferencePercent: diffs.length ? Math.max(...diffs.map(Math.abs)) : null,
    adaptiveWallMs,
    referenceWallMs,
    wallTimeRatio: ratio(adaptiveWallMs?.median, referenceWallMs?.median),
  };
}

export type BenchRun = { kind: 'adaptive'; suite: ProbeSuiteResult } | { kind: 'reference'; suite: ProbeSuiteResult };

/**
 * A bench timeline: whole adaptive suites with reference runs between them, either one reference
 * suite of all probes (A R A) or single-probe references (A R1 A R2 A ...). Each reference is compared
 * with the adaptive suites right before and after it, each suite counted once per probe. The
 * reference suite's wall time is the sum over probes of each probe's median reference wall time.
 */
export function compareInterleaved(timeline: readonly BenchRun[]): SuiteComparison {
  const ceilings: CeilingComparison[] = [];
  let referenceWallMs = 0;
  for (const probe of PROBE_NAMES) {
    const neighbours = new Set<number>();
    const reference: (ProbeResult | undefined)[] = [];
    timeline.forEach((run, index) => {
      if (run.kind !== 'reference' || !probeOf(run.suite, probe)) return;
      reference.push(probeOf(run.suite, probe));
      for (const at of [index - 1, index + 1]) if (timeline[at]?.kind === 'adaptive') neighbours.add(at);
    });
    const adaptive = [...neighbours].sort((x, y) => x - y).map((at) => probeOf((timeline[at] as BenchRun).suite, probe));
    if (reference.length === 0) continue;
    ceilings.push(...compareCeilings(probe, adaptive, reference));
    referenceWallMs += spread(reference.map((p) => p?.wallMs))?.median ?? 0;
  }
  const adaptiveSuites = timeline.filter((run) => run.kind === 'adaptive').map((run) => run.suite.wallMs);
  return summarise(ceilings, spread(adaptiveSuites), referenceWallMs > 0 ? spread([referenceWallMs]) : null);
}
