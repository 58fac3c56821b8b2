/**
 * The adaptive fio suite against reference probes of a fixed runtime each (60 s by default, the same
 * jobs) on one disk. Two timelines:
 * - interleaved (a shared host's disk, which drifts): a whole adaptive suite, one probe's reference,
 *   the next adaptive suite, the next probe's reference... (A R1 A R2 ... R6 A per round), so each
 *   reference is compared with adaptive runs a minute away rather than several;
 * - whole (a disk whose ceilings hold still): A R A, the reference being one suite of all probes.
 */
import os from 'node:os';
import { ALL_PROBES } from '../../src/config/config.js';
import type { ProbeSuiteResult } from '../../src/profile/schema.js';
import { PROBE_NAMES } from '../../src/probe/jobs.js';
import { referenceSchedule } from './reference-schedule.js';
import { compareInterleaved, suiteFigures, type BenchRun, type CeilingComparison, type SuiteComparison } from './reference-compare.js';
import { runProbeSuite } from '../../src/probe/suite.js';
import type { Spread } from '../../src/util/spread.js';
import type { BenchRow } from './table.js';
import { fixed, signedPercent } from './stats.js';

export interface ProbeAccuracy {
  /** Which disk, for the table. */
  disk: string;
  timeline: BenchRun[];
  comparison: SuiteComparison;
  referenceRuntimeMs: number;
  budgetMs: number;
}

export interface ProbeBenchOptions {
  disk: string;
  /** A directory on the disk; the suites make (and remove) their own temp dirs inside it. */
  targetPath: string;
  interleave: boolean;
  budgetMs: number;
  referenceRuntimeMs: number;
  /** Reference runs per probe. */
  rounds: number;
  log: (line: string) => void;
}

export async function benchProbes(opts: ProbeBenchOptions): Promise<ProbeAccuracy> {
  const common = { targetPath: opts.targetPath, cpuCount: os.cpus().length, log: () => {}, budgetMs: opts.budgetMs };
  const timeline: BenchRun[] = [];
  const adaptive = async () => {
    const suite = await runProbeSuite({ ...common, probes: [...ALL_PROBES] });
    timeline.push({ kind: 'adaptive', suite });
    opts.log(`${opts.disk}: adaptive: ${figuresLine(suite)}`);
  };
  const reference = async (probes: typeof ALL_PROBES, round: number) => {
    const suite = await runProbeSuite({ ...common, probes: [...probes], schedule: referenceSchedule(opts.referenceRuntimeMs) });
    timeline.push({ kind: 'reference', suite });
    opts.log(`${opts.disk}: reference ${round}/${opts.rounds}: ${figuresLine(suite)}`);
  };
  for (let round = 1; round <= opts.rounds; round++) {
    for (const probes of opts.interleave ? PROBE_NAMES.map((p) => [p]) : [ALL_PROBES]) {
      await adaptive();
      await reference(probes, round);
    }
  }
  await adaptive();
  return { disk: opts.disk, timeline, comparison: compareInterleaved(timeline), referenceRuntimeMs: opts.referenceRuntimeMs, budgetMs: opts.budgetMs };
}

/** One run's figures, for the log: the table shows only medians. */
function figuresLine(suite: ProbeSuiteResult): string {
  const figures = suiteFigures(suite).map((f) => `${f.probe} ${metricText(f.metric, f.value)}`);
  return `${figures.join(', ')}; ${(suite.wallMs / 1000).toFixed(1)} s${suite.reason ? ` (${suite.reason})` : ''}`;
}

function metricText(metric: CeilingComparison['metric'], value: number | null): string {
  if (value === null) return 'n/a';
  if (metric === 'bytesPerSecond') return `${(value / 1048576).toFixed(0)} MiB/s`;
  if (metric === 'p99LatencyNs') return `${(value / 1000).toFixed(0)} µs p99`;
  if (metric === 'meanLatencyNs') return `${(value / 1000).toFixed(0)} µs mean`;
  return `${(value / 1000).toFixed(1)}k IOPS`;
}

function spreadText(metric: CeilingComparison['metric'], value: Spread | null): string {
  if (!value) return 'n/a';
  if (value.runs === 1) return metricText(metric, value.median);
  return `${metricText(metric, value.median)} (${value.runs} runs, spread ${fixed(value.spreadPercent, 0, '%')})`;
}

export function probeRows(p: ProbeAccuracy): BenchRow[] {
  const section = `fio adaptive vs reference, ${p.disk}`;
  const rows: BenchRow[] = p.comparison.ceilings.map((c) => ({
    section,
    measure: c.informative ? `${c.probe} (tail, no target)` : c.probe,
    result:
      `${spreadText(c.metric, c.adaptive)} vs ${spreadText(c.metric, c.reference)}: ${signedPercent(c.differencePercent)}` +
      `; worst single run ${signedPercent(c.worstRunDifferencePercent)}; wall ×${fixed(c.wallTimeRatio, 2)}`,
    target: c.informative ? '–' : 'median within ±10%',
    met: c.informative ? null : c.differencePercent === null ? false : Math.abs(c.differencePercent) <= 10,
  }));
  const slowest = p.comparison.adaptiveWallMs?.max ?? null;
  rows.push({
    section,
    measure: 'whole suite wall time',
    result:
      `${fixed((p.comparison.adaptiveWallMs?.median ?? NaN) / 1000, 1, ' s')} adaptive (slowest of ${p.comparison.adaptiveWallMs?.runs ?? 0}: ${fixed((slowest ?? NaN) / 1000, 1, ' s')}) vs ` +
      `${fixed((p.comparison.referenceWallMs?.median ?? NaN) / 1000, 0, ' s')} of reference probes (${p.referenceRuntimeMs / 1000} s each), ×${fixed(p.comparison.wallTimeRatio, 3)}`,
    target: `every adaptive run ≤ ${p.budgetMs / 1000} s`,
    met: slowest !== null && slowest <= p.budgetMs,
  });
  return rows;
}
