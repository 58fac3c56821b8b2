// The tree both samplers are tested on (sample-archive.test.ts, sample-tree.test.ts), and its archive as
// @actions/cache makes it (createTar: GNU tar --posix, zstdmt, names relative to GITHUB_WORKSPACE): nested
// directories of files of many sizes, a long name, hard links (one inside a package, one across) and a symlink.
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTar } from '../../src/restore/cache-internals.js';

export const SAMPLE_METHOD = 'zstd-without-long';

/** Makes root/ws/tree and root/archive/cache.tzst of it (GITHUB_WORKSPACE is set to root/ws: the caller puts it back); returns the archive's path. */
export async function makeSampledArchive(root: string): Promise<string> {
  const ws = path.join(root, 'ws');
  const tree = path.join(ws, 'tree');
  for (let d = 0; d < 40; d++) {
    const dir = path.join(tree, `pkg-${d}`, 'lib');
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 10; f++) writeFileSync(path.join(dir, `f${f}.js`), 'x'.repeat((d * 37 + f * 911) % 20_000));
  }
  const longDir = path.join(tree, 'l'.repeat(90), 'm'.repeat(60));
  mkdirSync(longDir, { recursive: true });
  writeFileSync(path.join(longDir, 'long-name-file.txt'), 'long');
  linkSync(path.join(tree, 'pkg-0', 'lib', 'f0.js'), path.join(tree, 'pkg-0', 'hard-to-f0'));
  linkSync(path.join(tree, 'pkg-3', 'lib', 'f1.js'), path.join(tree, 'hard-to-f1'));
  symlinkSync('pkg-1/lib/f1.js', path.join(tree, 'sym'));
  const folder = path.join(root, 'archive');
  mkdirSync(folder);
  process.env.GITHUB_WORKSPACE = ws;
  // Member names relative to the workspace, as restoreCache's resolvePaths hands them over.
  await createTar(folder, ['tree'], SAMPLE_METHOD as Parameters<typeof createTar>[2]);
  return path.join(folder, 'cache.tzst');
}
