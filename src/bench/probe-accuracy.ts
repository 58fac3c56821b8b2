/**
 * The adaptive fio suite against reference probes of a fixed runtime each (60 s by default, the
 * same jobs), on this machine's disk, one after the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_PROBES } from '../config/config.js';
import type { ProbeSuiteResult } from '../profile/schema.js';
import { compareWithReference, type SuiteComparison } from '../probe/reference-compare.js';
import { runProbeSuite } from '../probe/suite.js';
import { LAB_PREFIX } from '../lab/paths.js';
import type { BenchRow } from './table.js';
import { fixed, signedPercent } from './stats.js';

export interface ProbeAccuracy {
  adaptive: ProbeSuiteResult;
  reference: ProbeSuiteResult;
  comparison: SuiteComparison;
  referenceRuntimeMs: number;
}

export async function benchProbes(opts: { budgetMs: number; referenceRuntimeMs: number; log: (l: string) => void }): Promise<ProbeAccuracy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}probes-`));
  try {
    const common = { targetPath: dir, probes: [...ALL_PROBES], cpuCount: os.cpus().length, log: opts.log };
    const adaptive = await runProbeSuite({ ...common, budgetMs: opts.budgetMs });
    const reference = await runProbeSuite({ ...common, budgetMs: opts.budgetMs, mode: 'reference', referenceRuntimeMs: opts.referenceRuntimeMs });
    return { adaptive, reference, comparison: compareWithReference(adaptive, reference), referenceRuntimeMs: opts.referenceRuntimeMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function metricText(metric: string, value: number | null): string {
  if (value === null) return 'n/a';
  if (metric === 'bytesPerSecond') return `${(value / 1048576).toFixed(0)} MiB/s`;
  if (metric === 'p99LatencyNs') return `${(value / 1000).toFixed(0)} µs p99`;
  return `${(value / 1000).toFixed(1)}k IOPS`;
}

export function probeRows(p: ProbeAccuracy): BenchRow[] {
  const rows: BenchRow[] = p.comparison.ceilings.map((c) => ({
    section: 'fio adaptive vs reference',
    measure: c.probe,
    result: `${metricText(c.metric, c.adaptive)} vs ${metricText(c.metric, c.reference)}: ${signedPercent(c.differencePercent)}, wall ×${fixed(c.wallTimeRatio, 2)}`,
    target: 'within ±10%',
    met: c.differencePercent === null ? false : Math.abs(c.differencePercent) <= 10,
  }));
  rows.push({
    section: 'fio adaptive vs reference',
    measure: 'whole suite wall time',
    result: `${fixed(p.adaptive.wallMs / 1000, 1, ' s')} adaptive vs ${fixed(p.reference.wallMs / 1000, 0, ' s')} reference (${p.referenceRuntimeMs / 1000} s per probe), ×${fixed(p.comparison.wallTimeRatio, 3)}`,
    target: 'adaptive ≤ 30 s',
    met: p.adaptive.wallMs <= 30_000,
  });
  return rows;
}
