// A table of a compare summary as a reader reads it: one record per body row, keyed by the header's cells.
import { expect } from 'vitest';

/** The table whose header line starts with `opening`. */
export function tableOf(md: string, opening: string): Record<string, string>[] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith(opening));
  expect(start, opening).toBeGreaterThan(0);
  const cells = (l: string) => l.slice(2, -2).split(' | ');
  const header = cells(lines[start] as string);
  const rows: Record<string, string>[] = [];
  for (const l of lines.slice(start + 2)) {
    if (!l.startsWith('|')) break;
    rows.push(Object.fromEntries(cells(l).map((c, i) => [header[i] as string, c])));
  }
  return rows;
}
