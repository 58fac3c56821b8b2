// The repeat-run bench's generated cache: the number of files and the total size asked for, in
// directories of 100, nine in ten files small, packed by zstd at @actions/cache's level as dependencies are.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../../tools/bench/generated-cache.js';
import { removeDirs, tempDir } from '../../helpers/tree.js';

let root = '';
beforeAll(async () => {
  root = await tempDir('generated-cache');
});
afterAll(() => removeDirs(root));

describe('generateTree', () => {
  it('writes the files and bytes asked for', async () => {
    const dir = path.join(root, 'counted');
    const made = generateTree(dir, 1000, 20_000_000);
    const sizes = readdirSync(dir).flatMap((d) => readdirSync(path.join(dir, d)).map((f) => statSync(path.join(dir, d, f)).size));
    expect(readdirSync(dir)).toHaveLength(10);
    expect(sizes).toHaveLength(1000);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBe(made.bytes);
    expect(Math.abs(total - 20_000_000)).toBeLessThan(1000);
    expect(sizes.filter((s) => s < 9 * 1024).length).toBe(900);
  });

  it('packs about 3 to 1 under tar and zstdmt, as @actions/cache compresses it, and is the same tree each time', () => {
    const a = path.join(root, 'a');
    const b = path.join(root, 'b');
    const made = generateTree(a, 2000, 40_000_000);
    generateTree(b, 2000, 40_000_000);
    const packedBytes = execFileSync('sh', ['-c', `tar -cf - -C '${a}' . | zstdmt | wc -c`], { encoding: 'utf8' });
    const ratio = made.bytes / Number(packedBytes.trim());
    expect(ratio).toBeGreaterThan(2.5);
    expect(ratio).toBeLessThan(5);
    expect(execFileSync('diff', ['-r', a, b], { encoding: 'utf8' })).toBe('');
  });

  it('refuses a size its files cannot hold', () => {
    expect(() => generateTree('/nonexistent', 10, 1e12)).toThrow(/cannot hold/);
  });
});
