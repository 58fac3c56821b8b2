/** Small Markdown builders for the step summary (GitHub-flavoured). Pure. */

/** A table cell: pipes and newlines would break the row. */
export function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function table(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly ('l' | 'r')[]): string {
  const sep = header.map((_, i) => (align?.[i] === 'r' ? '---:' : '---'));
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), `| ${sep.join(' | ')} |`, ...rows.map(line)].join('\n');
}

export function details(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${body}\n\n</details>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function fenced(language: string, body: string): string {
  return `\`\`\`${language}\n${body}\n\`\`\``;
}

/** Fixed decimals like iostat prints them, without "-0.00". */
export function fixed(n: number | null | undefined, decimals = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  const s = n.toFixed(decimals);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/** A cell with nothing to say. */
export function isEmptyCell(text: string): boolean {
  const t = text.replace(/\*\*/g, '').trim();
  return t === '' || t === '–';
}

/** A table without the columns no row has anything in (the header alone is no content). */
export function denseTable(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly ('l' | 'r')[]): string {
  const keep = header.map((_, i) => rows.some((r) => !isEmptyCell(r[i] ?? '')));
  const pick = <T>(xs: readonly T[]) => xs.filter((_, i) => keep[i]);
  return table(
    pick(header),
    rows.map((r) => pick(r)),
    align ? pick(align) : undefined,
  );
}
