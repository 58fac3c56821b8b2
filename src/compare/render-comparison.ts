/** The compare step summary: one ranked table in the RunsOn column order, and Mermaid bar charts. Pure. */
import type { Comparison, RunnerComparison, CeilingName } from './compare.js';
import { xyChartInit } from '../report/palette.js';
import type { Spread } from '../util/spread.js';
import { cell } from '../report/markdown.js';
import { bestFixCell } from './best-fix.js';
import { renderHardwareKinds } from './hardware-kinds.js';

function spreadCell(s: Spread | null, digits: number, scale = 1): string {
  if (!s) return '–';
  const value = (s.median * scale).toFixed(digits);
  return s.runs > 1 ? `${value} <sub>±${Math.round(s.spreadPercent / 2)}% · ${s.runs} runs</sub>` : value;
}

/** Marks a runner some of whose runs shared their machine with another profile. */
function sharedMark(r: RunnerComparison): string {
  return r.sharedRuns > 0 ? ` ⚠ <sub>shared machine in ${r.sharedRuns} of ${r.sources.length} runs</sub>` : '';
}

function mermaidLabel(label: string): string {
  return `"${label.replace(/["\n\r]/g, ' ').slice(0, 40)}"`;
}

function barChart(title: string, axis: string, runners: RunnerComparison[], value: (r: RunnerComparison) => number | null): string {
  const rows = runners.map((r) => [r, value(r)] as const).filter((x): x is readonly [RunnerComparison, number] => x[1] !== null);
  if (rows.length === 0) return '';
  return [
    '```mermaid',
    xyChartInit(),
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis [${rows.map(([r]) => mermaidLabel(r.label)).join(', ')}]`,
    `  y-axis "${axis}"`,
    `  bar [${rows.map(([, v]) => Number(v.toFixed(2))).join(', ')}]`,
    '```',
  ].join('\n');
}

const ceilingValue = (name: CeilingName) => (r: RunnerComparison) => r.ceilings[name]?.median ?? null;

export function renderComparison(comparison: Comparison, problems: readonly string[] = []): string {
  const { runners, fastest } = comparison;
  const out: string[] = [];
  out.push('## Disk profiler: runners compared');
  out.push('');
  if (runners.length === 0) {
    out.push('No profiles to compare.');
    for (const p of problems) out.push(`- ${p}`);
    return out.join('\n');
  }
  out.push(
    fastest.restore
      ? `**Fastest restore: ${fastest.restore}.** Runners ranked by the median time until the restored files were on disk (lookup + download + extraction + the writeback tail after tar exited); values are medians, with the spread when a runner ran more than once.`
      : 'No runner restored a cache; the ranking follows the fio ceilings only.',
  );
  out.push('');
  out.push(
    '| # | Runner | Hardware | Seq Writes (MiB/s) | Rand Writes (IOPS) | Seq Reads (MiB/s) | Rand Reads (IOPS) | On disk after (s) | Restore step (s) | Lookup (s) | Download (s) | Extraction (s) | Writeback tail (s) | Verdict | Best fix (measured) |',
  );
  out.push('|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  runners.forEach((r, i) => {
    const verdicts = r.bottlenecks.map((b) => (r.bottlenecks.length > 1 ? `${b.bottleneck} ×${b.runs}` : b.bottleneck)).join(', ');
    out.push(
      `| ${i + 1} | ${cell(r.label)}${sharedMark(r)} | ${cell(r.hardware)} | ${spreadCell(r.ceilings.seqWriteMiBps, 0)} | ${spreadCell(r.ceilings.randWriteIops, 0)} | ${spreadCell(r.ceilings.seqReadMiBps, 0)} | ${spreadCell(r.ceilings.randReadIops, 0)} | ${spreadCell(r.untilOnDiskMs, 2, 1 / 1000)} | ${spreadCell(r.restoreMs, 2, 1 / 1000)} | ${spreadCell(r.phasesMs.lookup, 2, 1 / 1000)} | ${spreadCell(r.phasesMs.download, 2, 1 / 1000)} | ${spreadCell(r.phasesMs.extract, 2, 1 / 1000)} | ${spreadCell(r.phasesMs.writeback, 2, 1 / 1000)} | **${verdicts}** | ${cell(bestFixCell(r.bestFix))} |`,
    );
  });
  out.push('');
  const best = [
    ['Seq Writes', fastest.seqWriteMiBps],
    ['Rand Writes', fastest.randWriteIops],
    ['Seq Reads', fastest.seqReadMiBps],
    ['Rand Reads', fastest.randReadIops],
  ].filter(([, label]) => label);
  const kinds = renderHardwareKinds(comparison.kinds ?? []);
  if (kinds) out.push(kinds);
  if (best.length > 0) out.push(`Best ceilings: ${best.map(([what, label]) => `${what}: ${label}`).join(' · ')}`, '');
  for (const chart of [
    barChart('Until the restored files are on disk (s, median)', 'seconds', runners, (r) => (r.untilOnDiskMs ? r.untilOnDiskMs.median / 1000 : null)),
    barChart('Sequential write ceiling (MiB/s)', 'MiB/s', runners, ceilingValue('seqWriteMiBps')),
    barChart('4k random write ceiling (IOPS)', 'IOPS', runners, ceilingValue('randWriteIops')),
  ]) {
    if (chart) out.push(chart, '');
  }
  const shared = runners.filter((r) => r.sharedRuns > 0);
  if (shared.length > 0) {
    out.push(
      `⚠ Shared machine: ${shared.map((r) => `${cell(r.label)} (${r.sharedRuns} of ${r.sources.length} runs)`).join(', ')} ran while another disk-profiler run used the same machine; those figures include its work. Give each job a machine of its own to compare runner types.`,
      '',
    );
  }
  if (problems.length > 0) {
    out.push('### Profiles left out', '');
    for (const p of problems) out.push(`- ${p}`);
    out.push('');
  }
  out.push('<details><summary>Verdicts</summary>', '');
  for (const r of runners) out.push(`- **${cell(r.label)}**: ${r.verdict}`);
  out.push('', '</details>');
  return out.join('\n');
}
