/**
 * How far the adaptive (steady-state, budgeted) suite lands from the reference (fixed 60 s per probe)
 * suite, per ceiling, and how much wall time it saves. Pure; the benchmark prints it.
 */
import type { ProbeName, ProbeResult, ProbeSuiteResult } from '../profile/schema.js';
import { PROBE_NAMES } from './jobs.js';

export interface CeilingComparison {
  probe: ProbeName;
  /** The figure the probe is judged by: MiB/s for sequential, IOPS for random and fsync, p99 µs for QD1. */
  metric: 'bytesPerSecond' | 'iops' | 'p99LatencyNs';
  adaptive: number | null;
  reference: number | null;
  /** (adaptive - reference) / reference * 100; null when either side is missing or reference is 0. */
  differencePercent: number | null;
  /** adaptive wall / reference wall for this probe. */
  wallTimeRatio: number | null;
}

export interface SuiteComparison {
  ceilings: CeilingComparison[];
  /** Largest |differencePercent| over the compared ceilings. */
  maxAbsDifferencePercent: number | null;
  /** Whole-suite wall time ratio (adaptive / reference). */
  wallTimeRatio: number | null;
}

function metricOf(probe: ProbeName): CeilingComparison['metric'] {
  if (probe === 'seq-read' || probe === 'seq-write') return 'bytesPerSecond';
  if (probe === 'rand-read-qd1') return 'p99LatencyNs';
  return 'iops';
}

function valueOf(result: ProbeResult | undefined, metric: CeilingComparison['metric']): number | null {
  if (!result || result.error) return null;
  if (metric === 'p99LatencyNs') return result.latencyNs.p99;
  return result[metric];
}

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a != null && b != null && b > 0 ? a / b : null;
}

export function compareWithReference(adaptive: ProbeSuiteResult, reference: ProbeSuiteResult): SuiteComparison {
  const ceilings: CeilingComparison[] = [];
  for (const probe of PROBE_NAMES) {
    const a = adaptive.probes.find((p) => p.name === probe);
    const r = reference.probes.find((p) => p.name === probe);
    if (!a && !r) continue;
    const metric = metricOf(probe);
    const av = valueOf(a, metric);
    const rv = valueOf(r, metric);
    const rel = ratio(av, rv);
    ceilings.push({
      probe,
      metric,
      adaptive: av,
      reference: rv,
      differencePercent: rel === null ? null : (rel - 1) * 100,
      wallTimeRatio: ratio(a?.wallMs, r?.wallMs),
    });
  }
  const diffs = ceilings.map((c) => c.differencePercent).filter((d): d is number => d !== null);
  return {
    ceilings,
    maxAbsDifferencePercent: diffs.length ? Math.max(...diffs.map(Math.abs)) : null,
    wallTimeRatio: ratio(adaptive.wallMs, reference.wallMs),
  };
}
