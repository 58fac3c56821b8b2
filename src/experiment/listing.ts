/**
 * What the archive's listing (`tar -tv --numeric-owner --full-time`) tells before any extraction:
 * the bytes it will write, and how far its member names climb with `..`. @actions/cache stores paths
 * relative to the workspace, so a restore path outside it (~/.cache) is stored as ../../home/...;
 * with -P tar follows those, so the experiment extracts that many levels below its own directory to
 * keep every file inside it. An absolute member name could not be kept inside: such an archive is
 * not extracted. Pure.
 */
export interface Listing {
  entries: number;
  /** Bytes of regular file content. */
  extractedBytes: number;
  /** The most `..` levels any member name climbs above the extraction directory. */
  climbLevels: number;
  /** Member names that are absolute (first few). */
  absolute: string[];
}

/** "-rw-r--r-- 0/0 1234 2024-01-01 00:00:00 name" (symlinks: "name -> target"; devices: "8,1" as size). */
const LINE = /^(\S)\S*\s+\S+\s+(\S+)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d(?:\.\d+)?)?\s(.*)$/;

export function climbOf(name: string): number {
  let depth = 0;
  let lowest = 0;
  for (const part of name.split('/')) {
    if (part === '' || part === '.') continue;
    depth += part === '..' ? -1 : 1;
    lowest = Math.min(lowest, depth);
  }
  return lowest === 0 ? 0 : -lowest;
}

export function parseListing(text: string): Listing {
  const out = emptyListing();
  for (const line of text.split('\n')) addListingLine(out, line);
  return out;
}

export function emptyListing(): Listing {
  return { entries: 0, extractedBytes: 0, climbLevels: 0, absolute: [] };
}

/** One line into the running totals: a listing of 500k files is read line by line, never held whole. */
export function addListingLine(out: Listing, line: string): void {
  const m = LINE.exec(line);
  if (!m) return;
  const [, type, size, rest] = m as unknown as [string, string, string, string];
  let name = rest;
  if (type === 'l') name = rest.split(' -> ')[0] ?? rest;
  else if (type === 'h') name = rest.split(' link to ')[0] ?? rest;
  out.entries++;
  if (type === '-') out.extractedBytes += Number(size) || 0;
  if (name.startsWith('/')) {
    if (out.absolute.length < 3) out.absolute.push(name);
    return;
  }
  out.climbLevels = Math.max(out.climbLevels, climbOf(name));
}
