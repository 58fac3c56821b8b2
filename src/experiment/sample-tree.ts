/**
 * Samples made from the restored tree instead of the archive (issue 40, item 1). Making them from the
 * archive decompresses the whole archive twice (a listing for the census, then the filter), and where the
 * restore was CPU-bound that is the restore's own cost twice over: at 1.2 % of a core the lab's cache took
 * 78 s to restore and its listing alone left nothing of a 60 s budget. The restore has just written every
 * member to disk, and the page cache still holds most of it, so the census comes from a walk of the
 * restored paths and each sample from `tar -c` of the members it keeps, compressed by the program
 * @actions/cache's createTar uses: no decompression at all.
 *
 * The tree stands for the archive only when it holds what tar reported extracting: the same files and the
 * same bytes (the restore's anatomy, from tar's own report). A restore into a directory that held files
 * already, a tree a step changed, or no report: the archive is sampled instead (`TreeMismatch`).
 * Member names are the archive's: relative to the workspace (GITHUB_WORKSPACE), with `..` for a path
 * outside it, as @actions/cache's createTar names them with -P -C workspace. IO edge.
 */
import { spawn } from 'node:child_process';
import { closeSync, lstatSync, openSync, readdirSync, readlinkSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { climbOf, emptyListing, type Listing } from './listing.js';
import { compressFromStdin, exited } from './sample-archive.js';
import { ClusterCensus, SampleSelector, type ClusterPlan, type SampleCounts, type TarHeader } from './sample-select.js';
import type { ChildRegistry } from './processes.js';
import { monotonicMs } from '../util/clock.js';

/** What tar reported extracting (the restore's anatomy): the tree must hold exactly this to stand for the archive. */
export interface ReportedExtraction {
  files: number;
  extractedBytes: number;
}

/** The tree is not the archive's members, or holds a member tar -c cannot make as the archive had it. */
export class TreeMismatch extends Error {
  constructor(detail: string) {
    super(`the restored tree does not stand for the archive: ${detail}`);
    this.name = 'TreeMismatch';
  }
}

/** tar's typeflag for what lstat found; null for what a cache archive does not hold (a socket, a device). */
function typeFlag(stat: Stats): string | null {
  if (stat.isDirectory()) return '5';
  if (stat.isFile()) return '0';
  if (stat.isSymbolicLink()) return '2';
  if (stat.isFIFO()) return '6';
  return null;
}

/**
 * Every member below the roots as tar -c would archive it, in the order it would (a directory, then
 * its entries as readdir gives them): a second name of a multiply linked file is a hard link ('1') to
 * the first, as tar writes it. Each root that does not exist is left out, as the archive left it out.
 */
export function walkMembers(workspace: string, roots: readonly string[], visit: (member: TarHeader) => void): void {
  const firstNameOfInode = new Map<string, string>();
  const visitPath = (full: string, stat: Stats) => {
    const name = path.relative(workspace, full) || '.';
    const type = typeFlag(stat);
    if (type === null) throw new TreeMismatch(`${name} is neither a file, a directory, a symbolic link nor a FIFO`);
    if (type === '0' && stat.nlink > 1) {
      const inode = `${stat.dev}:${stat.ino}`;
      const first = firstNameOfInode.get(inode);
      if (first !== undefined) return visit({ name, linkName: first, type: '1', sizeBytes: 0 });
      firstNameOfInode.set(inode, name);
    }
    visit({ name, linkName: type === '2' ? readlinkSync(full) : '', type, sizeBytes: type === '0' ? stat.size : 0 });
    if (type !== '5') return;
    for (const entry of readdirSync(full)) {
      const child = path.join(full, entry);
      visitPath(child, lstatSync(child));
    }
  };
  for (const root of new Set(roots)) {
    let stat: Stats;
    try {
      stat = lstatSync(root);
    } catch {
      continue;
    }
    visitPath(root, stat);
  }
}

export interface TreeCensus {
  listing: Listing;
  census: ClusterCensus;
  walkMs: number;
}

/** The census and listing from the restored tree; throws TreeMismatch when the tree does not hold what tar reported. */
export function censusFromTree(workspace: string, roots: readonly string[], reported: ReportedExtraction | null): TreeCensus {
  if (!reported) throw new TreeMismatch("tar's report of the restore was not read, so nothing says what the archive held");
  const started = monotonicMs();
  const listing = emptyListing();
  const census = new ClusterCensus();
  let files = 0;
  walkMembers(workspace, roots, (m) => {
    listing.entries++;
    listing.extractedBytes += m.sizeBytes;
    listing.climbLevels = Math.max(listing.climbLevels, climbOf(m.name));
    if (m.type === '0') files++;
    census.add(m.name, m.type === '5', m.sizeBytes);
  });
  if (files !== reported.files || listing.extractedBytes !== reported.extractedBytes)
    throw new TreeMismatch(
      `it holds ${files} files of ${listing.extractedBytes} bytes where tar extracted ${reported.files} of ${reported.extractedBytes} (files there before the restore, or changed since)`,
    );
  return { listing, census, walkMs: monotonicMs() - started };
}

/** `tar -c` of the listed members, as @actions/cache's createTar writes the archive (--posix, -P -C workspace), one name per NUL, no recursion: the list is the sample. */
export function treeTarArgs(workspace: string, listPath: string): string[] {
  return ['--posix', '-cf', '-', '-P', '-C', workspace, '--no-recursion', '--null', '--verbatim-files-from', '--files-from', listPath];
}

/** Buffers NUL-terminated names into a file in pieces: a list of 500k names is never held whole. */
class NameList {
  private pending: string[] = [];
  private pendingBytes = 0;
  constructor(private readonly fd: number) {}
  add(name: string): void {
    this.pending.push(name, '\0');
    this.pendingBytes += name.length + 1;
    if (this.pendingBytes > 1 << 20) this.flush();
  }
  flush(): void {
    if (this.pending.length > 0) writeSync(this.fd, this.pending.join(''));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

/**
 * Writes the nested samples the cluster plan chose (large, small) from the restored tree: one walk
 * decides every member with the same selector the archive's filter uses (so the counts are the same),
 * then each sample is `tar -c` of its list through the compressor. Timed, as the archive's build is.
 */
export async function buildSamplesFromTree(p: {
  workspace: string;
  roots: readonly string[];
  compressionMethod: string;
  plan: ClusterPlan;
  tarPath: string;
  /** A directory of the experiments' own for the two name lists. */
  listDir: string;
  outPaths: readonly [string, string];
  registry: ChildRegistry;
}): Promise<{ paths: string[]; counts: SampleCounts[]; steps: readonly number[]; durationMs: number }> {
  const started = monotonicMs();
  const selector = new SampleSelector(p.plan);
  const listPaths = p.outPaths.map((_, i) => path.join(p.listDir, `sample-${i}.names`));
  const listFds = listPaths.map((file) => openSync(file, 'wx', 0o600));
  try {
    const lists = listFds.map((fd) => new NameList(fd));
    walkMembers(p.workspace, p.roots, (m) => {
      selector.decide(m).forEach((keep, i) => {
        if (keep) lists[i]?.add(m.name);
      });
    });
    for (const list of lists) list.flush();
  } finally {
    for (const fd of listFds) closeSync(fd);
  }
  const comp = compressFromStdin(p.compressionMethod);
  const outFds = p.outPaths.map((out) => openSync(out, 'wx', 0o600));
  try {
    const done = p.outPaths.map((_, i) => {
      const tar = spawn(p.tarPath, treeTarArgs(p.workspace, listPaths[i] as string), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      p.registry.add(tar);
      const writer = spawn(comp.program, comp.args, { stdio: [tar.stdout, outFds[i] as number, 'pipe'], detached: true });
      p.registry.add(writer);
      // The writer has its own copy of the pipe's read end: ours would hold tar's 'close' back forever, unread.
      tar.stdout?.destroy();
      return Promise.all([exited(tar, 'tar -c'), exited(writer, comp.program)]);
    });
    await Promise.all(done).catch((error: unknown) => {
      p.registry.killAll();
      throw error;
    });
  } finally {
    for (const fd of outFds) closeSync(fd);
  }
  return { paths: [...p.outPaths], counts: selector.counts, steps: selector.steps, durationMs: monotonicMs() - started };
}
