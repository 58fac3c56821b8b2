/**
 * The restored tree's anatomy remembered per cache entry (issue 40, item 3): what tar reported extracting
 * an archive, stored once under the entry's identity (its matched key and cache version), so a later
 * restore of the same entry has the counts without asking tar for its per-member report (`-vv
 * --index-file`: 0.5-1 s of a 100k-file extraction on 2 vCPUs, BENCHMARKS.md, tar formatting and this process
 * parsing a line per member beside zstd and tar). An entry is immutable, so its anatomy does not change;
 * the archive's size is checked as well, as an entry evicted and saved again under the same key is another archive.
 */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { SizeBucket } from '../profile/schema.js';
import type { RestoredTree } from '../restore/restored-tree.js';
import { emptyHistogram } from '../restore/size-histogram.js';
import type { CacheEntryIdentity, KnownTree, TreeLearned, TreeLookup } from '../restore/timed-restore.js';
import { loadNewest, runIdentity, storeDocument, type StoreResult } from './cache-store.js';

export interface AnatomyDocument extends TreeLearned {
  matchedKey: string;
  cacheVersion: string;
  archiveBytes: number;
  anatomy: RestoredTree['anatomy'];
  /** File bytes under each restore root, the root relative to the working directory tar extracted in. */
  bytesByRoot: [string, number][];
}

/** One key per entry (immutable, so saved once): a hash of the cache version and the key that matched. */
export function anatomyKey(entry: CacheEntryIdentity): string {
  const digest = createHash('sha256').update(`${entry.cacheVersion}\n${entry.matchedKey}`).digest('hex');
  return `disk-profiler-anatomy-${digest.slice(0, 40)}`;
}

const COUNTS = ['extractedBytes', 'entries', 'files', 'directories', 'symlinks', 'hardlinks', 'other'] as const;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The histogram's buckets as this version draws them; another version's buckets are not these counts. */
function sameBuckets(h: unknown): h is SizeBucket[] {
  const want = emptyHistogram();
  return (
    Array.isArray(h) &&
    h.length === want.length &&
    h.every(
      (b: SizeBucket, i) =>
        typeof b === 'object' && b !== null && b.label === want[i]?.label && b.maxBytes === want[i]?.maxBytes && count(b.files) && count(b.bytes),
    )
  );
}

/** The document read back (from the cache, or handed to the post step), checked; a reason where it is not usable. */
export function parseAnatomyDocument(v: unknown, entry?: CacheEntryIdentity): AnatomyDocument | string {
  const d = v as AnatomyDocument;
  if (typeof d !== 'object' || d === null) return 'the entry is not a JSON object';
  if (typeof d.matchedKey !== 'string' || typeof d.cacheVersion !== 'string') return 'the entry names no cache entry';
  if (entry && (d.matchedKey !== entry.matchedKey || d.cacheVersion !== entry.cacheVersion)) return 'the entry is for another cache entry';
  if (typeof d.runId !== 'string' || typeof d.runAttempt !== 'string' || typeof d.learnedAt !== 'string') return 'the entry lacks its run or date';
  if (!count(d.archiveBytes)) return 'the entry lacks the archive size';
  const a = d.anatomy;
  if (typeof a !== 'object' || a === null || !COUNTS.every((k) => count(a[k])) || !sameBuckets(a.sizeHistogram))
    return 'the entry holds an anatomy this version cannot read';
  if (!Array.isArray(d.bytesByRoot) || !d.bytesByRoot.every((r) => Array.isArray(r) && typeof r[0] === 'string' && count(r[1])))
    return 'the entry lacks the bytes per restore root';
  return d;
}

/** The document for an anatomy tar reported: roots relative to where tar extracted, so another workspace path reads it. */
export function anatomyDocument(
  entry: CacheEntryIdentity,
  archiveBytes: number,
  tree: RestoredTree,
  workingDirectory: string,
  nowIso: string,
): AnatomyDocument {
  const { runId, runAttempt } = runIdentity();
  return {
    ...entry,
    archiveBytes,
    runId,
    runAttempt,
    learnedAt: nowIso,
    anatomy: tree.anatomy,
    bytesByRoot: [...tree.bytesByRoot].map(([root, bytes]) => [path.relative(workingDirectory, root) || '.', bytes]),
  };
}

/**
 * The tree the document describes, for this restore's roots; a reason where they are not the roots it was
 * learned for (the paths input is part of the cache version, so this is a workspace laid out otherwise).
 */
export function knownTreeOf(d: AnatomyDocument, workingDirectory: string, roots: readonly string[]): KnownTree | string {
  const bytesByRoot = new Map(d.bytesByRoot.map(([root, bytes]) => [path.resolve(workingDirectory, root), bytes] as const));
  const unknown = [...new Set(roots)].filter((r) => !bytesByRoot.has(r));
  if (unknown.length > 0 || bytesByRoot.size !== new Set(roots).size) return `its restore roots are not ${unknown.join(', ') || 'these'}`;
  const tree: RestoredTree = { anatomy: { ...d.anatomy, sizeHistogram: d.anatomy.sizeHistogram.map((b) => ({ ...b })) }, truncated: false, bytesByRoot };
  return { tree, archiveBytes: d.archiveBytes, learned: { runId: d.runId, runAttempt: d.runAttempt, learnedAt: d.learnedAt } };
}

/** Reads the anatomy remembered for the entry; never rejects (a failed read is a lookup that found nothing usable). */
export async function lookUpAnatomy(entry: CacheEntryIdentity, workingDirectory: string, roots: readonly string[]): Promise<TreeLookup> {
  const key = anatomyKey(entry);
  const loaded = await loadNewest('anatomy', key);
  if (!loaded.found) return { known: null, absent: loaded.missing === true, reason: loaded.reason };
  const parsed = parseAnatomyDocument(loaded.document, entry);
  const known = typeof parsed === 'string' ? parsed : knownTreeOf(parsed, workingDirectory, roots);
  return typeof known === 'string' ? { known: null, absent: false, reason: `${key} was not usable: ${known}` } : { known };
}

export async function storeAnatomy(d: AnatomyDocument): Promise<StoreResult & { key: string }> {
  const key = anatomyKey(d);
  return { ...(await storeDocument('anatomy', key, d)), key };
}
