/**
 * The restored tree's anatomy from tar's own report of what it extracted (one verbose line per
 * member, see tar-report.ts), in place of a walk of the tree after the restore: the same counts at
 * no cost after the extraction, whatever the number of files. Pure: lines in, anatomy out.
 */
import * as path from 'node:path';
import { emptyAnatomy, type RestoredTree } from './restored-tree.js';
import { addToHistogram } from './size-histogram.js';
import { parseVerboseLine } from './tar-verbose-line.js';

interface Root {
  /** The root as given (bytesByRoot's key). */
  root: string;
  /** The root relative to tar's working directory, as @actions/cache names the archive's members. */
  member: string;
}

export class ReportedTree {
  private readonly anatomy = emptyAnatomy();
  private readonly bytesByRoot = new Map<string, number>();
  private readonly roots: Root[];

  /** workingDirectory: where tar extracts (-C), which member names are relative to; roots: absolute. */
  constructor(
    private readonly workingDirectory: string,
    roots: readonly string[],
  ) {
    this.roots = [...new Set(roots)].map((root) => ({ root, member: toMemberName(path.relative(workingDirectory, root)) }));
  }

  /** One line of tar's report; lines that are no member (a warning, a blank) count for nothing. */
  addLine(line: string): void {
    const member = parseVerboseLine(line);
    if (!member) return;
    const a = this.anatomy;
    a.entries++;
    switch (member.type) {
      case 'd':
        a.directories++;
        return;
      case 'l':
        a.symlinks++;
        return;
      case 'h':
        a.hardlinks++;
        return;
      case '-':
        a.files++;
        a.extractedBytes += member.sizeBytes;
        addToHistogram(a.sizeHistogram, member.sizeBytes);
        this.countToRoot(member.name, member.sizeBytes);
        return;
      default:
        a.other++;
    }
  }

  /** Whether tar reported anything at all (an archive @actions/cache made holds at least its paths). */
  get empty(): boolean {
    return this.anatomy.entries === 0;
  }

  result(): RestoredTree {
    return {
      anatomy: { ...this.anatomy, sizeHistogram: this.anatomy.sizeHistogram.map((b) => ({ ...b })) },
      truncated: false,
      bytesByRoot: new Map(this.bytesByRoot),
    };
  }

  private countToRoot(name: string, sizeBytes: number): void {
    const member = toMemberName(name);
    let hit = this.roots.find((r) => isUnder(member, r.member));
    // A name the relative forms do not match (an absolute member, an odd spelling): resolved in full.
    if (!hit) {
      const full = path.resolve(this.workingDirectory, name);
      hit = this.roots.find((r) => full === r.root || full.startsWith(r.root.endsWith(path.sep) ? r.root : r.root + path.sep));
    }
    if (hit) this.bytesByRoot.set(hit.root, (this.bytesByRoot.get(hit.root) ?? 0) + sizeBytes);
  }
}

/** Without a leading "./" or a trailing "/", and "" for the working directory itself. */
function toMemberName(name: string): string {
  let n = name;
  while (n.startsWith('./')) n = n.slice(2);
  if (n === '.') return '';
  return n.endsWith('/') ? n.slice(0, -1) : n;
}

function isUnder(member: string, rootMember: string): boolean {
  return rootMember === '' || member === rootMember || (member.startsWith(rootMember) && member.charCodeAt(rootMember.length) === 47);
}
