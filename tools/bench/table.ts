/** The benchmark's one table: a row per measure, its median result, the target and whether it was met. Pure. */
export interface BenchRow {
  section: string;
  measure: string;
  result: string;
  target: string;
  /** null when there is no pass/fail target. */
  met: boolean | null;
}

export function renderTable(rows: readonly BenchRow[]): string {
  const head = ['Section', 'Measure', 'Result (medians)', 'Target', 'Met'];
  const cells = rows.map((r) => [r.section, r.measure, r.result, r.target, r.met === null ? '–' : r.met ? 'yes' : 'NO']);
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...cells.map((c) => `| ${c.map(esc).join(' | ')} |`)].join('\n');
}
