/**
 * The cache service's entry table, shared by the v1 and v2 protocols (they differ on the wire, not in
 * what a cache entry is). Pure bookkeeping: blobs live in Azurite.
 */

export interface CacheEntry {
  id: number;
  key: string;
  version: string;
  blobName: string;
  createdAtMs: number;
  /** Set when the upload was committed; only finalized entries can be restored. */
  finalized: boolean;
  sizeBytes?: number;
  /** Orders "newest" exactly even when two entries finalize within the same millisecond. */
  finalizedSeq?: number;
  /** Cache v1 chunks staged so far: start offset -> end offset (inclusive). */
  stagedChunks: Map<number, number>;
}

export type ReserveResult = { entry: CacheEntry } | { conflict: CacheEntry };

export class CacheIndex {
  private readonly entries = new Map<number, CacheEntry>();
  private nextId = 1;
  private nextSeq = 1;

  /**
   * Reserves key+version for an upload. A finalized entry with the same key and version is immutable,
   * as on GitHub; an unfinished reservation is replaced (its uploader gave up or failed).
   */
  reserve(key: string, version: string, nowMs: number): ReserveResult {
    for (const entry of this.entries.values()) {
      if (entry.key !== key || entry.version !== version) continue;
      if (entry.finalized) return { conflict: entry };
      this.entries.delete(entry.id);
    }
    const id = this.nextId++;
    const entry: CacheEntry = { id, key, version, blobName: `entries/${id}.cache`, createdAtMs: nowMs, finalized: false, stagedChunks: new Map() };
    this.entries.set(id, entry);
    return { entry };
  }

  byId(id: number): CacheEntry | undefined {
    return this.entries.get(id);
  }

  /** The entry whose blob this is (entries/N.cache), if any. */
  byBlobName(blobName: string): CacheEntry | undefined {
    const id = /^entries\/(\d+)\.cache$/.exec(blobName)?.[1];
    return id === undefined ? undefined : this.entries.get(Number(id));
  }

  pending(key: string, version: string): CacheEntry | undefined {
    for (const entry of this.entries.values()) {
      if (entry.key === key && entry.version === version && !entry.finalized) return entry;
    }
    return undefined;
  }

  finalize(entry: CacheEntry, sizeBytes: number): void {
    entry.finalized = true;
    entry.sizeBytes = sizeBytes;
    entry.finalizedSeq = this.nextSeq++;
  }

  /**
   * GitHub's documented matching: an exact hit on the primary key first; otherwise prefix matches for
   * the primary key and then each restore key in order, the newest entry winning within each key.
   * Only entries of the same version (paths + compression) qualify.
   */
  lookup(primaryKey: string, restoreKeys: readonly string[], version: string): CacheEntry | undefined {
    const candidates = [...this.entries.values()]
      .filter((e) => e.finalized && e.version === version)
      .sort((a, b) => (b.finalizedSeq ?? 0) - (a.finalizedSeq ?? 0));
    const exact = candidates.find((e) => e.key === primaryKey);
    if (exact) return exact;
    for (const prefix of [primaryKey, ...restoreKeys]) {
      const match = candidates.find((e) => e.key.startsWith(prefix));
      if (match) return match;
    }
    return undefined;
  }

  /** Removes the finalized entries whose key starts with keyPrefix (a deletion or an eviction); returns them. */
  remove(keyPrefix: string): CacheEntry[] {
    const removed = this.listByKeyPrefix(keyPrefix);
    for (const e of removed) this.entries.delete(e.id);
    return removed;
  }

  /** Finalized entries whose key starts with keyPrefix, newest first (the v1 diagnostics listing). */
  listByKeyPrefix(keyPrefix: string): CacheEntry[] {
    return [...this.entries.values()].filter((e) => e.finalized && e.key.startsWith(keyPrefix)).sort((a, b) => (b.finalizedSeq ?? 0) - (a.finalizedSeq ?? 0));
  }
}

/** Parses `bytes start-end/total-or-*` (what @actions/cache v1 sends with each chunk). */
export function parseContentRange(header: string | undefined): { startByte: number; endByte: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const startByte = Number(match[1]);
  const endByte = Number(match[2]);
  if (!Number.isSafeInteger(startByte) || !Number.isSafeInteger(endByte) || endByte < startByte) return undefined;
  return { startByte, endByte };
}

/** Staged chunks must tile 0..size-1 exactly; returns their start offsets in order, or a reason they do not. */
export function chunksCoveringSize(staged: Map<number, number>, sizeBytes: number): { starts: number[] } | { problem: string } {
  const starts = [...staged.keys()].sort((a, b) => a - b);
  let expectedStart = 0;
  for (const start of starts) {
    if (start !== expectedStart) return { problem: `chunks leave a gap or overlap at byte ${expectedStart} (next chunk starts at ${start})` };
    expectedStart = (staged.get(start) ?? start) + 1;
  }
  if (expectedStart !== sizeBytes) return { problem: `uploaded chunks cover ${expectedStart} bytes but the commit says ${sizeBytes}` };
  return { starts };
}
