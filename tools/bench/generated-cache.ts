/**
 * A generated cache of many files for the repeat-run bench (issue 40: a 100k-file 1.5 GB cache): 1000
 * directories of 100 files, nine in ten small (0.5 to 8.5 KiB) and one in ten large enough that the
 * total is the size asked. Each file is a quarter bytes of its own and three quarters a slice of a 256 KiB
 * random pool, so zstd at @actions/cache's level packs the tree about 3 to 1, as it packs real
 * dependencies. The pool is that small because zstd only finds what is inside its window (a few MiB at
 * that level): slices of a 64 MiB pool, as before, packed 1.50 GB into a 1.47 GB archive, whose
 * download through the local services then took two thirds of the restore on this machine's two
 * vCPUs and varied by ±1.5 s from run to run. Deterministic: the same tree each time.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const FILES_PER_DIR = 100;
const POOL_BYTES = 256 * 1024;
/** The share of each file that is its own bytes, not the pool's. */
const OWN_SHARE = 0.25;

export interface GeneratedTree {
  files: number;
  bytes: number;
}

export function generateTree(dir: string, files: number, totalBytes: number): GeneratedTree {
  const pool = seededBytes('pool', POOL_BYTES);
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
    const own = Math.floor(size * OWN_SHARE);
    const offset = (i * 104_729) % (POOL_BYTES - size);
    writeFileSync(path.join(sub, `f${i}.bin`), Buffer.concat([seededBytes(`file ${i}`, own), pool.subarray(offset, offset + size - own)]));
    bytes += size;
  }
  return { files, bytes };
}

/** Bytes that look random to a compressor, the same for the same seed: zeros under AES-256-CTR keyed by the seed. */
function seededBytes(seed: string, length: number): Buffer {
  const key = createHash('sha256').update(seed).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(length));
}
