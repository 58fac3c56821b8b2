// Samples made from the restored tree against samples made from the archive, on a real @actions/cache
// archive (createTar: GNU tar --posix, zstdmt) of a tree with nested directories, a long name, hard links
// and a symlink, restored with the experiments' own extractCommand: the census, the counts and what each
// sample extracts to must be the same, and a tree that is not the archive's is refused.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleArchives } from '../../src/experiment/sample-archive.js';
import { buildSamplesFromTree, censusFromTree, TreeMismatch, treeTarArgs, walkMembers } from '../../src/experiment/sample-tree.js';
import { ClusterCensus, planClusters } from '../../src/experiment/sample-select.js';
import { parseVerboseLine } from '../../src/restore/tar-verbose-line.js';
import { extractCommand, listCommand } from '../../src/experiment/tar-command.js';
import { ChildRegistry } from '../../src/experiment/processes.js';
import { tempDir } from '../helpers/tree.js';
import { makeSampledArchive, SAMPLE_METHOD } from './sample-tree-fixture.js';

const METHOD = SAMPLE_METHOD;

/** Every entry below dir: its path, kind, size and link target (a hard link is told by its shared inode). */
function contents(dir: string): string[] {
  const out: string[] = [];
  const inodes = new Map<number, string>();
  const visit = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const full = path.join(d, e);
      const rel = path.relative(dir, full);
      const st = lstatSync(full);
      if (st.isDirectory()) {
        out.push(`d ${rel}`);
        visit(full);
      } else if (st.isSymbolicLink()) out.push(`l ${rel} -> ${readlinkSync(full)}`);
      else {
        const first = inodes.get(st.ino);
        if (first === undefined) inodes.set(st.ino, rel);
        out.push(`f ${rel} ${st.size}${first !== undefined && first !== rel ? ` = ${first}` : ''}`);
      }
    }
  };
  visit(dir);
  return out;
}

/** The census from the archive's own listing, as the experiments make it when they sample the archive. */
function censusFromListing(archive: string): { census: ClusterCensus; files: number; bytes: number } {
  const census = new ClusterCensus();
  let files = 0;
  let bytes = 0;
  const l = listCommand('tar', archive, METHOD);
  for (const line of execFileSync(l.program, l.args, { encoding: 'utf8' }).split('\n')) {
    const m = parseVerboseLine(line);
    if (!m) continue;
    census.add(m.name, m.type === 'd', m.sizeBytes);
    if (m.type === '-') {
      files++;
      bytes += m.sizeBytes;
    }
  }
  return { census, files, bytes };
}

function extract(archive: string, into: string): void {
  mkdirSync(into, { recursive: true });
  const x = extractCommand('tar', archive, into, METHOD);
  execFileSync(x.program, x.args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

describe('samples of the restored tree, against samples of the archive', () => {
  let root: string;
  let archive: string;
  /** Where the archive was restored, as the action's restore leaves it: the workspace, its tree below. */
  let restored: string;
  const saved = process.env.GITHUB_WORKSPACE;
  beforeAll(async () => {
    root = await tempDir('sample-tree');
    archive = await makeSampledArchive(root);
    restored = path.join(root, 'restored');
    extract(archive, restored);
  }, 60_000);
  afterAll(() => {
    if (saved === undefined) delete process.env.GITHUB_WORKSPACE;
    else process.env.GITHUB_WORKSPACE = saved;
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("the tree's census is the archive's, cluster by cluster at every depth", () => {
    const fromArchive = censusFromListing(archive);
    const fromTree = censusFromTree(restored, [path.join(restored, 'tree')], { files: fromArchive.files, extractedBytes: fromArchive.bytes });
    expect(fromTree.census.entries).toBe(fromArchive.census.entries);
    expect(fromTree.census.bytes).toBe(fromArchive.census.bytes);
    fromArchive.census.perDepth.forEach((map, depth) => {
      expect(map === null ? null : Object.fromEntries([...map].sort())).toEqual(
        fromTree.census.perDepth[depth] === null ? null : Object.fromEntries([...(fromTree.census.perDepth[depth] ?? [])].sort()),
      );
    });
    expect(fromTree.listing).toMatchObject({ entries: fromArchive.census.entries, extractedBytes: fromArchive.bytes, climbLevels: 0, absolute: [] });
  });

  it('each sample holds the same members whether made from the tree or from the archive, and the same counts', async () => {
    const listed = censusFromListing(archive);
    const plan = planClusters(listed.census, 3, 2);
    if (!plan) throw new Error('no cluster plan for the test archive');
    const fromArchive = await buildSampleArchives({
      archivePath: archive,
      compressionMethod: METHOD,
      plan,
      outPaths: [path.join(root, 'a-large.tzst'), path.join(root, 'a-small.tzst')],
      registry: new ChildRegistry(),
    });
    const lists = path.join(root, 'lists');
    mkdirSync(lists);
    const fromTree = await buildSamplesFromTree({
      workspace: restored,
      roots: [path.join(restored, 'tree')],
      compressionMethod: METHOD,
      plan,
      tarPath: 'tar',
      listDir: lists,
      outPaths: [path.join(root, 't-large.tzst'), path.join(root, 't-small.tzst')],
      registry: new ChildRegistry(),
    });
    expect(fromTree.counts).toEqual(fromArchive.counts);
    expect(fromTree.steps).toEqual(fromArchive.steps);
    for (const i of [0, 1]) {
      extract(fromArchive.paths[i] as string, path.join(root, `xa${i}`));
      extract(fromTree.paths[i] as string, path.join(root, `xt${i}`));
      const got = contents(path.join(root, `xt${i}`));
      expect(got).toEqual(contents(path.join(root, `xa${i}`)));
      expect(got.length).toBeLessThan(contents(restored).length);
    }
  }, 60_000);

  it('a tree holding more than tar extracted (a file there before the restore) is refused, saying what it holds', () => {
    const listed = censusFromListing(archive);
    const extra = path.join(restored, 'tree', 'pkg-5', 'left-by-an-earlier-step.txt');
    writeFileSync(extra, 'not from the archive');
    try {
      expect(() => censusFromTree(restored, [path.join(restored, 'tree')], { files: listed.files, extractedBytes: listed.bytes })).toThrow(TreeMismatch);
      expect(() => censusFromTree(restored, [path.join(restored, 'tree')], { files: listed.files, extractedBytes: listed.bytes })).toThrow(
        new RegExp(`holds ${listed.files + 1} files of ${listed.bytes + 20} bytes where tar extracted ${listed.files} of ${listed.bytes}`),
      );
    } finally {
      rmSync(extra);
    }
  });

  it("without tar's report nothing says what the archive held: refused", () => {
    expect(() => censusFromTree(restored, [path.join(restored, 'tree')], null)).toThrow(/tar's report of the restore was not read/);
  });

  it('members are named as the archive names them: relative to the workspace, `..` for a path outside it', () => {
    const names: string[] = [];
    walkMembers(path.join(restored, 'tree', 'pkg-2'), [path.join(restored, 'tree', 'pkg-1', 'lib')], (m) => names.push(`${m.type} ${m.name}`));
    expect(names[0]).toBe('5 ../pkg-1/lib');
    expect(names).toContain('0 ../pkg-1/lib/f3.js');
    expect(names).toHaveLength(11);
  });

  it("a file's second name is a hard link to the first, as tar -c writes it; a symlink keeps its target", () => {
    const members: string[] = [];
    walkMembers(restored, [path.join(restored, 'tree')], (m) => {
      if (m.type === '1' || m.type === '2') members.push(`${m.type} ${m.name} -> ${m.linkName}`);
    });
    const links = members.filter((m) => m.startsWith('1 '));
    expect(links).toHaveLength(2);
    // Whichever name the walk meets first is the file; the other links to it.
    expect(links.some((l) => /tree\/pkg-0\/(hard-to-f0 -> tree\/pkg-0\/lib\/f0\.js|lib\/f0\.js -> tree\/pkg-0\/hard-to-f0)$/.test(l))).toBe(true);
    expect(members).toContain('2 tree/sym -> pkg-1/lib/f1.js');
  });

  it("tar -c reads the list verbatim, NUL-separated, without recursion, from the workspace as createTar's -P -C does", () => {
    expect(treeTarArgs('/ws', '/t/list')).toEqual([
      '--posix',
      '-cf',
      '-',
      '-P',
      '-C',
      '/ws',
      '--no-recursion',
      '--null',
      '--verbatim-files-from',
      '--files-from',
      '/t/list',
    ]);
  });
});
