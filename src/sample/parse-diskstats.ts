/**
 * /proc/diskstats → DiskCounters (kernel Documentation/admin-guide/iostats.rst). Pure.
 * Lines have 14 fields (before 4.18), 18 (4.18+: discards) or 20 (5.5+: flushes); the optional
 * groups are present only when the kernel printed them, so callers can tell "zero" from "absent".
 */
import type { DiskCounters } from '../profile/schema.js';

export interface DiskstatsEntry {
  name: string;
  /** "major:minor". */
  devNumber: string;
  counters: DiskCounters;
}

export interface Diskstats {
  byName: Map<string, DiskstatsEntry>;
  /** First line wins when a "major:minor" repeats (it should not, but captures show it can). */
  byDevNumber: Map<string, DiskstatsEntry>;
}

/** Parses one line; null for anything that is not a diskstats line of a known length. */
export function parseDiskstatsLine(line: string): DiskstatsEntry | null {
  const f = line.trim().split(/\s+/);
  if (f.length !== 14 && f.length !== 18 && f.length !== 20) return null;
  const [major, minor, name] = f;
  if (major === undefined || minor === undefined || name === undefined) return null;
  const n = f.slice(3).map(Number);
  if (n.some((v) => !Number.isFinite(v))) return null;
  const at = (i: number): number => n[i] ?? 0;
  const counters: DiskCounters = {
    readsCompleted: at(0),
    readsMerged: at(1),
    sectorsRead: at(2),
    readMs: at(3),
    writesCompleted: at(4),
    writesMerged: at(5),
    sectorsWritten: at(6),
    writeMs: at(7),
    inFlight: at(8),
    ioMs: at(9),
    weightedIoMs: at(10),
  };
  if (n.length >= 15) {
    counters.discardsCompleted = at(11);
    counters.discardsMerged = at(12);
    counters.sectorsDiscarded = at(13);
    counters.discardMs = at(14);
  }
  if (n.length >= 17) {
    counters.flushesCompleted = at(15);
    counters.flushMs = at(16);
  }
  return { name, devNumber: `${major}:${minor}`, counters };
}

export function parseDiskstats(text: string): Diskstats {
  const byName = new Map<string, DiskstatsEntry>();
  const byDevNumber = new Map<string, DiskstatsEntry>();
  for (const line of text.split('\n')) {
    const entry = parseDiskstatsLine(line);
    if (!entry) continue;
    byName.set(entry.name, entry);
    if (!byDevNumber.has(entry.devNumber)) byDevNumber.set(entry.devNumber, entry);
  }
  return { byName, byDevNumber };
}

/**
 * Counters of the named devices only, in the given order (null where a device has no line).
 * The sampler's hot path: finds each name with indexOf and parses only those lines.
 */
export function pickDiskCounters(text: string, names: readonly string[]): (DiskCounters | null)[] {
  return names.map((name) => {
    const needle = ` ${name} `;
    let at = text.indexOf(needle);
    while (at >= 0) {
      const start = text.lastIndexOf('\n', at) + 1;
      // The name is the third field: only "major minor" may precede it on its line.
      if (/^\s*\d+\s+\d+$/.test(text.slice(start, at))) {
        const end = text.indexOf('\n', at);
        return parseDiskstatsLine(text.slice(start, end < 0 ? text.length : end))?.counters ?? null;
      }
      at = text.indexOf(needle, at + 1);
    }
    return null;
  });
}
