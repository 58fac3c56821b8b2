/**
 * A generated cache of many files for the repeat-run bench (issue 40: a 100k-file 1.5 GB cache): 1000
 * directories of 100 files, nine in ten small (0.5 to 8.5 KiB) and one in ten large enough that the
 * total is the size asked. Content is slices of a random pool, so zstd packs it as it packs real
 * dependencies with repeated content, not as incompressible noise. Deterministic: the same tree each time.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const FILES_PER_DIR = 100;
const POOL_BYTES = 64 * 1024 * 1024;

export interface GeneratedTree {
  files: number;
  bytes: number;
}

export function generateTree(dir: string, files: number, totalBytes: number): GeneratedTree {
  const pool = randomBytes(POOL_BYTES);
  const small = (i: number) => 512 + ((i * 7919) % 8192);
  let smallBytes = 0;
  let largeCount = 0;
  for (let i = 0; i < files; i++) {
    if (i % 10 === 0) largeCount++;
    else smallBytes += small(i);
  }
  const largeBytes = Math.max(0, Math.floor((totalBytes - smallBytes) / Math.max(1, largeCount)));
  if (largeBytes >= POOL_BYTES) throw new RangeError(`generateTree: ${files} files cannot hold ${totalBytes} bytes with files under ${POOL_BYTES} bytes`);
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const sub = path.join(dir, `d${Math.floor(i / FILES_PER_DIR)}`);
    if (i % FILES_PER_DIR === 0) mkdirSync(sub, { recursive: true });
    const size = i % 10 === 0 ? largeBytes : small(i);
    const offset = (i * 104_729) % (POOL_BYTES - size);
    writeFileSync(path.join(sub, `f${i}.bin`), pool.subarray(offset, offset + size));
    bytes += size;
  }
  return { files, bytes };
}
