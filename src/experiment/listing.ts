/**
 * What the archive's listing (`tar -tv --numeric-owner --full-time`) tells before any extraction:
 * the bytes it will write, and how far its member names climb with `..`. @actions/cache stores paths
 * relative to the workspace, so a restore path outside it (~/.cache) is stored as ../../home/...;
 * with -P tar follows those, so the experiment extracts that many levels below its own directory to
 * keep every file inside it. An absolute member name could not be kept inside: such an archive is
 * not extracted. Pure.
 */
import { parseVerboseLine } from '../restore/tar-verbose-line.js';

export interface Listing {
  entries: number;
  /** Bytes of regular file content. */
  extractedBytes: number;
  /** The most `..` levels any member name climbs above the extraction directory. */
  climbLevels: number;
  /** Member names that are absolute (first few). */
  absolute: string[];
}

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
  const member = parseVerboseLine(line);
  if (!member) return;
  const { name } = member;
  out.entries++;
  out.extractedBytes += member.sizeBytes;
  if (name.startsWith('/')) {
    if (out.absolute.length < 3) out.absolute.push(name);
    return;
  }
  out.climbLevels = Math.max(out.climbLevels, climbOf(name));
}
