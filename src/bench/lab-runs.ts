/** Verdicts per lab scenario over several runs (right/wrong per run). */
import type { Lab } from '../lab/lab.js';
import { runScenario } from '../lab/lab.js';
import type { LabScenarioName } from '../lab/scenarios.js';
import type { BenchRow } from './table.js';
import { fixed, median } from './stats.js';

export interface ScenarioRuns {
  scenario: LabScenarioName;
  expected: string;
  verdicts: string[];
  right: boolean[];
  restoreSeconds: number[];
  wallSeconds: number[];
}

export async function benchLab(lab: Lab, scenarios: readonly LabScenarioName[], runs: number): Promise<ScenarioRuns[]> {
  const out: ScenarioRuns[] = [];
  for (const scenario of scenarios) {
    const r: ScenarioRuns = { scenario, expected: '', verdicts: [], right: [], restoreSeconds: [], wallSeconds: [] };
    for (let i = 0; i < runs; i++) {
      const result = await runScenario(lab, scenario);
      r.expected = result.expected;
      r.verdicts.push(result.profile.verdict?.bottleneck ?? 'none');
      r.right.push(result.right);
      r.restoreSeconds.push((result.profile.restore?.restoreMs ?? 0) / 1000);
      r.wallSeconds.push(result.wallMs / 1000);
    }
    out.push(r);
  }
  return out;
}

export function labRows(results: readonly ScenarioRuns[]): BenchRow[] {
  return results.map((r) => ({
    section: 'Lab verdicts',
    measure: r.scenario,
    result: `${r.right.filter(Boolean).length}/${r.right.length} right (${r.verdicts.map((v, i) => `${v} ${r.right[i] ? '✓' : '✗'}`).join(', ')}); restore ${fixed(median(r.restoreSeconds), 1, ' s')}`,
    target: r.expected,
    met: r.right.every(Boolean),
  }));
}
