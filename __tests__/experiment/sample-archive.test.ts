// The sampler on a real archive: made by @actions/cache's own createTar (GNU tar --posix, zstdmt) from
// a tree with nested directories, a long name, a hard link and a symlink; each sample must extract
// cleanly with the experiments' own extractCommand, and hold exactly what the selector says it kept.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleArchives } from '../../src/experiment/sample-archive.js';
import { ClusterCensus, planClusters } from '../../src/experiment/sample-select.js';
import { parseVerboseLine } from '../../src/restore/tar-verbose-line.js';
import { listCommand } from '../../src/experiment/tar-command.js';
import { ChildRegistry } from '../../src/experiment/processes.js';
import { extractCommand } from '../../src/experiment/tar-command.js';
import { tempDir } from '../helpers/tree.js';
import { makeSampledArchive } from './sample-tree-fixture.js';

/** Entries and content bytes below dir, each inode's bytes once (a hard link is one file's content, as tar stores it). */
function walk(dir: string, seen = new Set<number>()): { files: number; dirs: number; bytes: number } {
  const out = { files: 0, dirs: 0, bytes: 0 };
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      out.dirs++;
      const sub = walk(full, seen);
      out.files += sub.files;
      out.dirs += sub.dirs;
      out.bytes += sub.bytes;
    } else {
      out.files++;
      const st = lstatSync(full);
      if (e.isFile() && !seen.has(st.ino)) {
        seen.add(st.ino);
        out.bytes += st.size;
      }
    }
  }
  return out;
}

/** The cluster plan from the archive's own listing, as the experiments make it. */
function planFromListing(archive: string, every: number) {
  const census = new ClusterCensus();
  const l = listCommand('tar', archive, 'zstd-without-long');
  for (const line of execFileSync(l.program, l.args, { encoding: 'utf8' }).split('\n')) {
    const m = parseVerboseLine(line);
    if (m) census.add(m.name, m.type === 'd', m.sizeBytes);
  }
  const plan = planClusters(census, every, 2);
  if (!plan) throw new Error('no cluster plan for the test archive');
  return plan;
}

describe('sample archives of a real @actions/cache archive', () => {
  let root: string;
  let archive: string;
  const saved = process.env.GITHUB_WORKSPACE;
  beforeAll(async () => {
    root = await tempDir('sample-archive');
    archive = await makeSampledArchive(root);
  }, 60_000);
  afterAll(() => {
    if (saved === undefined) delete process.env.GITHUB_WORKSPACE;
    else process.env.GITHUB_WORKSPACE = saved;
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('each sample extracts with extractCommand and holds what the selector counted, every directory included', async () => {
    const outPaths: [string, string] = [path.join(root, 'large.tzst'), path.join(root, 'small.tzst')];
    const built = await buildSampleArchives({
      archivePath: archive,
      compressionMethod: 'zstd-without-long',
      plan: planFromListing(archive, 3),
      outPaths,
      registry: new ChildRegistry(),
    });
    const full = path.join(root, 'full');
    mkdirSync(full);
    const x = extractCommand('tar', archive, full, 'zstd-without-long');
    execFileSync(x.program, x.args);
    const whole = walk(full);
    built.paths.forEach((p, i) => {
      const into = path.join(root, `x${i}`);
      mkdirSync(into);
      const c = extractCommand('tar', p, into, 'zstd-without-long');
      execFileSync(c.program, c.args, { stdio: ['ignore', 'ignore', 'pipe'] });
      const got = walk(into);
      const counts = built.counts[i];
      // Whole subtrees: every directory the sample makes is one it holds (no parent made implicitly), fewer than the whole.
      expect(got.dirs).toBe(counts?.directories);
      expect(got.dirs).toBeLessThan(whole.dirs);
      expect(got.files).toBe((counts?.keptEntries ?? 0) - (counts?.directories ?? 0));
      expect(got.bytes).toBe(counts?.keptBytes);
      expect(got.files).toBeLessThan(whole.files);
      expect(counts?.bytes).toBe(whole.bytes);
    });
    expect(built.counts[0]?.keptSampledEntries).toBeGreaterThan(built.counts[1]?.keptSampledEntries ?? Infinity);
  }, 60_000);

  it('a compression method it does not know is refused, naming what is allowed', async () => {
    await expect(
      buildSampleArchives({
        archivePath: archive,
        compressionMethod: 'lz4',
        plan: planFromListing(archive, 2),
        outPaths: [path.join(root, 'a'), path.join(root, 'b')],
        registry: new ChildRegistry(),
      }),
    ).rejects.toThrow(/"lz4" given, zstd, zstd-without-long or gzip allowed/);
  });
});
