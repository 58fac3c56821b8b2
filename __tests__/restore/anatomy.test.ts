// The anatomy is read from a real tar + zstd archive of a real package tree and checked against
// GNU tar's own listing of the same archive.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchiveAnatomy } from '../../src/restore/anatomy.js';
import { emptyHistogram, addToHistogram } from '../../src/restore/size-histogram.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';

const dir = mkdtempSync(path.join(tmpdir(), 'anatomy-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasZstd = prerequisite('zstd', commandExists('zstd'));

/** Counts from `tar -tv` (GNU tar verbose listing: type letter first, size in column 3). */
function gnuListing(archive: string, decompressor: string) {
  const out = execFileSync('tar', ['-tv', '--use-compress-program', decompressor, '-f', archive], { encoding: 'utf8', maxBuffer: 256 << 20 });
  const counts = { files: 0, directories: 0, symlinks: 0, bytes: 0 };
  for (const line of out.split('\n').filter(Boolean)) {
    const type = line[0];
    const size = Number(line.split(/\s+/)[2]);
    if (type === '-') {
      counts.files++;
      counts.bytes += size;
    } else if (type === 'd') counts.directories++;
    else if (type === 'l') counts.symlinks++;
  }
  return counts;
}

describe.skipIf(!hasZstd)('readArchiveAnatomy', () => {
  it('matches GNU tar listing of a zstd archive of a real package tree', async () => {
    const archive = path.join(dir, 'cache.tzst');
    // The same command shape @actions/cache uses to create archives (lib/internal/tar.js).
    execFileSync('tar', ['--posix', '-cf', archive, '--use-compress-program', 'zstdmt --long=30', '-C', 'node_modules', 'tar', '@actions/core', '.bin']);
    const anatomy = await readArchiveAnatomy(archive, 'zstd');
    const gnu = gnuListing(archive, 'unzstd --long=30');
    expect(anatomy.error).toBeUndefined();
    expect(anatomy.files).toBe(gnu.files);
    expect(anatomy.directories).toBe(gnu.directories);
    expect(anatomy.symlinks).toBe(gnu.symlinks);
    expect(anatomy.symlinks).toBeGreaterThan(0); // node_modules/.bin holds symlinks
    expect(anatomy.extractedBytes).toBe(gnu.bytes);
    expect(anatomy.sizeHistogram.reduce((n, b) => n + b.files, 0)).toBe(anatomy.files);
  });

  it('reports a truncated archive instead of throwing', async () => {
    const archive = path.join(dir, 'whole.tzst');
    execFileSync('tar', ['--posix', '-cf', archive, '--use-compress-program', 'zstdmt --long=30', '-C', 'node_modules', 'tar']);
    const truncated = path.join(dir, 'truncated.tzst');
    execFileSync('sh', ['-c', 'head -c 20000 "$1" > "$2"', 'sh', archive, truncated]);
    const anatomy = await readArchiveAnatomy(truncated, 'zstd');
    expect(anatomy.error).toMatch(/could not be read completely/);
  });
});

describe('size histogram', () => {
  it('puts sizes into half-open buckets', () => {
    const h = emptyHistogram();
    for (const size of [0, 1023, 1024, 4096, 16 * 1024 * 1024, 5e9]) addToHistogram(h, size);
    expect(h.map((b) => b.files)).toEqual([2, 1, 1, 0, 0, 0, 0, 2]);
    expect(h[7]?.bytes).toBe(16 * 1024 * 1024 + 5e9);
  });
});
