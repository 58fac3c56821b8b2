/**
 * What the extraction wrote, read from the restored tree rather than the archive (IO edge): every
 * entry under the restore paths whose inode changed since extraction began. tar restores mtimes from
 * the archive, but ctime is always the time of writing, so files that were there before and that tar
 * left alone are not counted. The archive itself is gone by then (deleted right after extraction, as
 * restoreCache does), and reading the tree puts no dirty page into the measurement.
 */
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import type { ArchiveAnatomy } from '../profile/schema.js';
import { addToHistogram, emptyHistogram } from './size-histogram.js';

/** ctime has coarse granularity on some file systems: allow a little slack before the start. */
const CTIME_SLACK_MS = 50;

export interface RestoredTree {
  anatomy: Omit<ArchiveAnatomy, 'compressedBytes' | 'compression'>;
  /** The walk stopped at its entry limit: the counts are lower bounds. */
  truncated: boolean;
  /** File bytes written under each root (roots as given): which file system got most of the restore. */
  bytesByRoot: Map<string, number>;
}

/** Nothing counted yet: the start of a walk or of tar's report (reported-tree.ts). */
export function emptyAnatomy(): RestoredTree['anatomy'] {
  return { extractedBytes: 0, entries: 0, files: 0, directories: 0, symlinks: 0, hardlinks: 0, other: 0, sizeHistogram: emptyHistogram() };
}

export function walkRestoredTree(roots: readonly string[], sinceEpochMs: number, maxEntries = Number.POSITIVE_INFINITY): RestoredTree {
  const anatomy = emptyAnatomy();
  const since = sinceEpochMs - CTIME_SLACK_MS;
  const linkedInodes = new Set<bigint | number>();
  const bytesByRoot = new Map<string, number>();
  // Each entry carries the root it was reached from, so its bytes are counted to that root.
  const stack: [string, string][] = [...new Set(roots)].map((r) => [r, r]);
  let visited = 0;
  let truncated = false;

  const count = (stat: Stats, root: string) => {
    if (stat.ctimeMs < since) return;
    anatomy.entries++;
    if (stat.isDirectory()) anatomy.directories++;
    else if (stat.isSymbolicLink()) anatomy.symlinks++;
    else if (stat.isFile()) {
      // A second name of an inode is what tar stores as a hard link: no data of its own.
      if (stat.nlink > 1 && linkedInodes.has(stat.ino)) {
        anatomy.hardlinks++;
        return;
      }
      if (stat.nlink > 1) linkedInodes.add(stat.ino);
      anatomy.files++;
      anatomy.extractedBytes += stat.size;
      bytesByRoot.set(root, (bytesByRoot.get(root) ?? 0) + stat.size);
      addToHistogram(anatomy.sizeHistogram, stat.size);
    } else anatomy.other++;
  };

  while (stack.length > 0) {
    const [current, root] = stack.pop() as [string, string];
    if (++visited > maxEntries) {
      truncated = true;
      break;
    }
    let stat: Stats;
    try {
      stat = lstatSync(current);
    } catch {
      continue;
    }
    count(stat, root);
    if (!stat.isDirectory()) continue;
    try {
      for (const name of readdirSync(current)) stack.push([path.join(current, name), root]);
    } catch {
      // Unreadable directory: nothing countable below it.
    }
  }
  return { anatomy, truncated, bytesByRoot };
}
