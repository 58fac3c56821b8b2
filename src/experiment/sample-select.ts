/**
 * Which members of the archive a sample keeps, decided from each tar header as the archive streams
 * by. Pure.
 *
 * The design (issue 40, item 1): whole subtrees, not single files. A file-level sample would make
 * tar create each kept file's missing parents implicitly: far more directories per file than the
 * full restore (node_modules holds a few files per directory), which an IOPS-bound disk pays for.
 * So the unit is a cluster: the subtree below one directory at a chosen depth (a package directory),
 * or a file above that depth on its own. Directories above the depth are kept in every sample, or only
 * those above a kept cluster (SKELETONS: the line needs the one, a ratio the other); every member of a kept cluster is kept,
 * its parents with it, so the sample makes directories and files in the restore's own proportion.
 * Clusters are ordered by their bytes and one of each run of k neighbours is kept, the one that keeps
 * the sample's shares of the members and of the bytes closest to 1/k (balancedPicks), so that small and
 * large packages are each represented in proportion and a sample's time scales with neither files nor
 * bytes alone. Samples are nested: the large one (one in k) holds
 * the small one (one in SMALL_FACTOR of the large one's), so two sizes from one pass give the fixed cost (process
 * start, the kept directories, the sync's latency) and the per-member slope (sample-extrapolate.ts).
 * A hard link is kept only where its target was kept (else tar fails to link it); dropped links are
 * counted.
 */

export const BLOCK_BYTES = 512;

/** The small sample keeps one member in this many of the large sample's, per size class. */
export const SMALL_FACTOR = 4;

/** A tar header's fields that the sampler needs. */
export interface TarHeader {
  name: string;
  linkName: string;
  /** The typeflag character ('0', '5', 'x', 'L', ...); '\0' is a regular file. */
  type: string;
  sizeBytes: number;
}

export class SampleFormatError extends Error {
  constructor(detail: string) {
    super(`cannot sample the archive: ${detail}; the experiments can only sample ustar/GNU/pax archives as @actions/cache writes them`);
    this.name = 'SampleFormatError';
  }
}

function text(block: Uint8Array, start: number, length: number): string {
  const end = block.indexOf(0, start);
  return Buffer.from(block.subarray(start, end === -1 || end > start + length ? start + length : end)).toString('utf8');
}

/** A numeric field: octal ASCII, or GNU base-256 when its first byte has the high bit set. */
export function numericField(block: Uint8Array, start: number, length: number): number {
  if ((block[start] as number) & 0x80) {
    let value = (block[start] as number) & 0x7f;
    for (let i = start + 1; i < start + length; i++) value = value * 256 + (block[i] as number);
    return value;
  }
  const digits = text(block, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits)) throw new SampleFormatError(`a header's numeric field is ${JSON.stringify(digits)}, not octal`);
  return Number.parseInt(digits, 8);
}

export function isZeroBlock(block: Uint8Array): boolean {
  for (const b of block) if (b !== 0) return false;
  return true;
}

/** Parses one 512-byte header block (ustar prefix joined to the name). */
export function parseHeader(block: Uint8Array): TarHeader {
  if (block.length !== BLOCK_BYTES) throw new SampleFormatError(`a header block has ${block.length} bytes, not ${BLOCK_BYTES}`);
  const magic = text(block, 257, 6);
  const name = text(block, 0, 100);
  const prefix = magic === 'ustar' ? text(block, 345, 155) : '';
  return {
    name: prefix ? `${prefix}/${name}` : name,
    linkName: text(block, 157, 100),
    type: String.fromCharCode(block[156] as number),
    sizeBytes: numericField(block, 124, 12),
  };
}

/** The data blocks that follow a header of this size. */
export const dataBlocks = (sizeBytes: number): number => Math.ceil(sizeBytes / BLOCK_BYTES);

/** pax records (`len key=value\n`) as a map: the sampler reads path and linkpath from them. */
export function paxRecords(data: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let i = 0;
  while (i < bytes.length) {
    const space = bytes.indexOf(0x20, i);
    if (space === -1) break;
    // The length counts bytes, its own digits and the newline included.
    const len = Number.parseInt(bytes.toString('latin1', i, space), 10);
    if (!Number.isFinite(len) || len <= space - i) break;
    const record = bytes.toString('utf8', space + 1, i + len).replace(/\n$/, '');
    const eq = record.indexOf('=');
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    i += len;
  }
  return out;
}

/** Header types that describe the next member rather than being one. */
export const EXTENSION_TYPES = new Set(['x', 'L', 'K']);
/** Types the sampler cannot stream member by member (GNU sparse and multi-volume headers carry extra blocks). */
const UNSUPPORTED_TYPES = new Set(['S', 'M', 'V']);

/** log2 size class: 0 for empty, else floor(log2(size)) + 1. */
export function sizeClass(sizeBytes: number): number {
  return sizeBytes <= 0 ? 0 : Math.floor(Math.log2(sizeBytes)) + 1;
}

/** A member name's components (no empty or '.' parts; '..' counts: names outside the workspace climb). */
export function nameParts(name: string): string[] {
  return name.split('/').filter((p) => p !== '' && p !== '.');
}

/**
 * The cluster a member belongs to at this depth, or null for a directory above it (the skeleton:
 * SKELETONS). A cluster that was split (planClusters: too large to be one unit) hands its members to
 * its children one level deeper, and is itself kept like a directory above the depth.
 */
export function clusterKey(name: string, isDirectory: boolean, depth: number, split: ReadonlySet<string> = NO_SPLIT): string | null {
  const parts = nameParts(name);
  for (let d = depth; ; d++) {
    if (isDirectory && parts.length < d) return null;
    const key = parts.slice(0, d).join('/');
    if (!split.has(key)) return key;
    if (parts.length <= d) return null;
  }
}
const NO_SPLIT: ReadonlySet<string> = new Set();

/** The deepest cluster depth considered. */
export const MAX_CLUSTER_DEPTH = 8;
/**
 * Clusters enough for any sample: once a depth has this many, deeper depths are no longer counted
 * (never chosen: the shallowest depth with enough is), so the census's memory stays bounded.
 */
export const CLUSTERS_ENOUGH = 20_000;

interface ClusterTally {
  entries: number;
  bytes: number;
}

/** The archive's clusters at every depth up to MAX_CLUSTER_DEPTH, counted from its listing (tar -tv) line by line. */
export class ClusterCensus {
  readonly perDepth: (Map<string, ClusterTally> | null)[] = Array.from({ length: MAX_CLUSTER_DEPTH + 1 }, () => new Map());
  entries = 0;
  bytes = 0;

  add(name: string, isDirectory: boolean, sizeBytes: number): void {
    this.entries++;
    this.bytes += sizeBytes;
    for (let depth = 1; depth <= MAX_CLUSTER_DEPTH; depth++) {
      const map = this.perDepth[depth];
      if (!map) continue;
      const key = clusterKey(name, isDirectory, depth);
      if (key === null) continue;
      const t = map.get(key);
      if (t) {
        t.entries++;
        t.bytes += sizeBytes;
      } else {
        map.set(key, { entries: 1, bytes: sizeBytes });
        if (map.size === CLUSTERS_ENOUGH) this.perDepth.fill(null, depth + 1);
      }
    }
  }
}

/** The most clusters any counted depth has (what a sample could be drawn from at best). */
export function mostClusters(census: ClusterCensus): number {
  return Math.max(0, ...census.perDepth.map((m) => m?.size ?? 0));
}

/** Which clusters each nested sample keeps, at which depth. */
export interface ClusterPlan {
  depth: number;
  /** Clusters too large to be one unit, replaced by their children one level deeper (clusterKey). */
  split: ReadonlySet<string>;
  /** Index 0 the large sample (one cluster in k), 1 the small one (one in k·SMALL_FACTOR). */
  steps: readonly number[];
  kept: readonly Set<string>[];
  /** Clusters at that depth. */
  clusters: number;
  /**
   * Clusters kept in every sample, not sampled: those still too large after splitting (single large
   * files) — a take-all stratum. They cost both samples the same, so the line holds them in its
   * fixed part, and the shares count only what is sampled (sampleShares).
   */
  everySample: ReadonlySet<string>;
  /** The take-all stratum's share of the archive's members and of its bytes: a fixed cost of every run (sampleStep). */
  everySampleShare: { entries: number; bytes: number };
  /** Which directories above the cluster depth each sample keeps (SKELETONS). */
  skeleton: Skeleton;
}

/**
 * The directories above the cluster depth (and the split clusters' own) a sample keeps:
 * - every: all of them, in every sample, a fixed part of every run that the line (sample-extrapolate.ts) holds in
 *   its intercept, so that the two samples differ only by what they sample;
 * - ancestors: only those a kept member lies below, the ones tar would make for it anyway. What pairs read is a
 *   ratio (sample-pairs.ts), and a skeleton weighs 1/share times more in a sample than in the restore: in the
 *   lab's monorepo tree at one subtree in 56 (808 clusters split), with every directory 1,214 of the large
 *   sample's 2,749 members were directories, and its runs cost 2.18 % of the whole's time (onto ext4, under the
 *   slow cpu scenario's quota) at 1.79 % of the members and 1.58 % of the bytes; with the ancestors only, 403 of
 *   1,938 members, 1.72 % (tools/bench/diagnostics/cpu-make-up.py, 2026-12-03).
 */
export const SKELETONS = ['every', 'ancestors'] as const;
export type Skeleton = (typeof SKELETONS)[number];

/** How planClusters draws: the take-all stratum's cap (MAX_EVERY_SAMPLE_SHARE) and the skeleton (SKELETONS). */
export interface DrawOptions {
  maxEverySampleShare: number;
  skeleton: Skeleton;
}

/**
 * The shallowest depth whose clusters are enough for the small sample to hold at least
 * `minSmallClusters`, and each sample's clusters: the clusters ordered by their bytes (largest first,
 * stream order among equals), one of each run of `every` (balancedPicks), and one of each run of
 * SMALL_FACTOR of those for the small sample, which so holds only the large one's members. Clusters
 * too large for that (one would swing a sample's byte share) are split, and what cannot be split goes
 * to the take-all stratum. On the lab's deps cache (issue 40's bench: 12k members, 97 MB) ordering by
 * log2 size class left the large sample at 12.9 % of the members and 20.3 % of the bytes for a step of
 * 8, which read a bandwidth-bound restore at 0.75 of its time; every k-th by bytes, 11.9 % and 12.0 %
 * for that step but 9.3 % and 18.2 % for a step of 12; balanced, members within 1 % and bytes within 8 % of
 * 1/k for steps 4 to 30, with the stratum or without; the small one within 10 % and 30 % (sample-select.test.ts).
 * Null when no depth has enough.
 */
export function planClusters(census: ClusterCensus, every: number, minSmallClusters: number, draw: Partial<DrawOptions> = {}): ClusterPlan | null {
  const { maxEverySampleShare, skeleton } = { ...LINE_DRAW, ...draw };
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`sample step: ${every} given, a whole number of at least 1 allowed`);
  const steps = [every, every * SMALL_FACTOR];
  const smallStep = steps[1] as number;
  for (let depth = 1; depth <= MAX_CLUSTER_DEPTH; depth++) {
    const map = census.perDepth[depth];
    if (!map || map.size < minSmallClusters * smallStep) continue;
    const { clusters, split } = splitLarge(census, depth, every);
    const everySample = takeAll(census, clusters, every, maxEverySampleShare);
    for (const key of everySample.keys()) clusters.delete(key);
    // Largest first, so that a last, shorter run holds the smallest clusters, not the largest.
    const ordered = [...clusters].map(([key, t], order) => ({ key, ...t, order })).sort((a, b) => b.bytes - a.bytes || a.order - b.order);
    const large = balancedPicks(ordered, every);
    const small = balancedPicks(large, SMALL_FACTOR);
    const kept = [large, small].map((picks) => new Set(picks.map((c) => c.key)));
    for (const set of kept) for (const key of everySample.keys()) set.add(key);
    return {
      depth,
      split,
      steps,
      kept,
      clusters: clusters.size,
      everySample: new Set(everySample.keys()),
      everySampleShare: shareOf(census, everySample),
      skeleton,
    };
  }
  return null;
}

/**
 * One cluster of each run of `step` consecutive ones (ordered by size, so a run's clusters are alike in
 * bytes): the one that brings what is kept so far closest to 1/step of what was passed, in members and
 * in bytes alike (each as a share of the whole). Picking a run's first or middle instead kept too few
 * bytes wherever sizes grow fast along the order: on the lab's trees the large sample held 11.2 % of the
 * members and 7.4 % of the bytes (step 9), 6.8 % and 5.0 % (the monorepo cache). A last, shorter run
 * gets a pick when it holds at least half a step. Picking from the picks again nests a smaller sample.
 */
export function balancedPicks<T extends ClusterTally>(ordered: readonly T[], step: number): T[] {
  const total = ordered.reduce((t, c) => ({ entries: t.entries + c.entries, bytes: t.bytes + c.bytes }), { entries: 0, bytes: 0 });
  const picks: T[] = [];
  const passed = { entries: 0, bytes: 0 };
  const kept = { entries: 0, bytes: 0 };
  const off = (entries: number, bytes: number) =>
    Math.hypot(total.entries > 0 ? (entries - passed.entries / step) / total.entries : 0, total.bytes > 0 ? (bytes - passed.bytes / step) / total.bytes : 0);
  for (let start = 0; start < ordered.length; start += step) {
    const run = ordered.slice(start, start + step);
    for (const c of run) {
      passed.entries += c.entries;
      passed.bytes += c.bytes;
    }
    if (run.length * 2 < step) break;
    let best = run[0] as T;
    let bestOff = Number.POSITIVE_INFINITY;
    for (const c of run) {
      const o = off(kept.entries + c.entries, kept.bytes + c.bytes);
      if (o < bestOff) [best, bestOff] = [c, o];
    }
    picks.push(best);
    kept.entries += best.entries;
    kept.bytes += best.bytes;
  }
  return picks;
}

/**
 * A cluster may hold at most this share of the large sample's expected entries or bytes (1/every of
 * the archive's): a larger one (typescript/lib beside a thousand small packages) would swing the
 * sample's share of bytes far from its share of files, so it is split into its children, level by
 * level while the census has them. A single file cannot be split: it goes to the take-all stratum.
 * 2 %: on the lab's deps cache, 25 % and 5 % left the large sample's byte and member shares up to
 * 1.5x apart for some steps (/work/sim, every step 4 to 30); 2 % kept them within 1.25x.
 */
export const MAX_CLUSTER_SHARE_OF_SAMPLE = 0.02;

/** The largest a cluster may be and still be sampled as one unit: MAX_CLUSTER_SHARE_OF_SAMPLE of the large sample's expected size. */
export function clusterLimits(census: ClusterCensus, every: number): { maxEntries: number; maxBytes: number } {
  return { maxEntries: (census.entries / every) * MAX_CLUSTER_SHARE_OF_SAMPLE, maxBytes: (census.bytes / every) * MAX_CLUSTER_SHARE_OF_SAMPLE };
}

/**
 * The take-all stratum may hold at most as many bytes, and as many members, as the large sample is
 * expected to sample (this share of it): beyond that the small sample would be mostly the stratum and the line's slope
 * a small difference of two long runs. The largest clusters go first; those left over are sampled
 * with the rest.
 */
export const MAX_EVERY_SAMPLE_SHARE = 1;

/** The line's draw (sample-readings.ts): the stratum up to its cap, every directory above the depth. */
export const LINE_DRAW: DrawOptions = { maxEverySampleShare: MAX_EVERY_SAMPLE_SHARE, skeleton: 'every' };

function takeAll(census: ClusterCensus, clusters: ReadonlyMap<string, ClusterTally>, every: number, maxShare: number): Map<string, ClusterTally> {
  const { maxEntries, maxBytes } = clusterLimits(census, every);
  const over = [...clusters].filter(([, t]) => t.entries > maxEntries || t.bytes > maxBytes).sort(([, a], [, b]) => b.bytes - a.bytes);
  const out = new Map<string, ClusterTally>();
  const taken = { entries: 0, bytes: 0 };
  for (const [key, t] of over) {
    if (taken.bytes + t.bytes > (census.bytes / every) * maxShare) continue;
    if (taken.entries + t.entries > (census.entries / every) * maxShare) continue;
    taken.bytes += t.bytes;
    taken.entries += t.entries;
    out.set(key, t);
  }
  return out;
}

function shareOf(census: ClusterCensus, clusters: ReadonlyMap<string, ClusterTally>): { entries: number; bytes: number } {
  let entries = 0;
  let bytes = 0;
  for (const t of clusters.values()) {
    entries += t.entries;
    bytes += t.bytes;
  }
  return { entries: census.entries > 0 ? entries / census.entries : 0, bytes: census.bytes > 0 ? bytes / census.bytes : 0 };
}

function splitLarge(census: ClusterCensus, depth: number, every: number): { clusters: Map<string, ClusterTally>; split: Set<string> } {
  const clusters = new Map(census.perDepth[depth] ?? []);
  const split = new Set<string>();
  const { maxEntries, maxBytes } = clusterLimits(census, every);
  for (let d = depth; d < MAX_CLUSTER_DEPTH; d++) {
    const next = census.perDepth[d + 1];
    if (!next) break;
    const large = [...clusters].filter(([key, t]) => t.entries > 1 && nameParts(key).length === d && (t.entries > maxEntries || t.bytes > maxBytes));
    if (large.length === 0) break;
    for (const [key] of large) {
      clusters.delete(key);
      split.add(key);
      const prefix = `${key}/`;
      for (const [child, t] of next) if (child.startsWith(prefix)) clusters.set(child, t);
    }
  }
  return { clusters, split };
}

/** What one sample kept, against the whole archive. */
export interface SampleCounts {
  /** Members of the archive. */
  entries: number;
  keptEntries: number;
  /** Members that are sampled (all but the directories above the cluster depth and the take-all stratum) and of those kept. */
  sampledEntries: number;
  keptSampledEntries: number;
  /** Bytes of member content. */
  bytes: number;
  keptBytes: number;
  /** Bytes of the sampled members' content, and of those kept. */
  sampledBytes: number;
  keptSampledBytes: number;
  /** Members and bytes of the take-all stratum (ClusterPlan.everySample), in every sample. */
  everySampleEntries: number;
  everySampleBytes: number;
  /** Directories kept in the sample (above the cluster depth, and inside kept clusters). */
  directories: number;
  /** Hard links dropped because their target was not kept. */
  droppedHardLinks: number;
}

export const emptyCounts = (): SampleCounts => ({
  entries: 0,
  keptEntries: 0,
  sampledEntries: 0,
  keptSampledEntries: 0,
  bytes: 0,
  keptBytes: 0,
  sampledBytes: 0,
  keptSampledBytes: 0,
  everySampleEntries: 0,
  everySampleBytes: 0,
  directories: 0,
  droppedHardLinks: 0,
});

/** Decides, member by member in stream order, which of the nested samples keep it (one boolean per sample, as plan.steps). */
export class SampleSelector {
  readonly steps: readonly number[];
  readonly counts: SampleCounts[];
  private readonly keptNames: Set<string>[];
  /** Per sample, the directories above the depth it keeps; null: every one (plan.skeleton). */
  private readonly skeletons: (Set<string> | null)[];

  constructor(private readonly plan: ClusterPlan) {
    this.steps = plan.steps;
    this.counts = plan.steps.map(emptyCounts);
    this.keptNames = plan.steps.map(() => new Set<string>());
    this.skeletons = plan.kept.map((kept) => (plan.skeleton === 'ancestors' ? ancestorsOf(kept) : null));
  }

  decide(member: TarHeader): boolean[] {
    if (UNSUPPORTED_TYPES.has(member.type)) throw new SampleFormatError(`member ${member.name} has header type '${member.type}'`);
    const isDir = member.type === '5';
    const bytes = member.type === '0' || member.type === '\0' || member.type === '7' ? member.sizeBytes : 0;
    const key = clusterKey(member.name, isDir, this.plan.depth, this.plan.split);
    const keep =
      key === null
        ? this.skeletons.map((skeleton) => skeleton === null || skeleton.has(nameParts(member.name).join('/')))
        : member.type === '1'
          ? this.keptNames.map((names, i) => (this.plan.kept[i] as Set<string>).has(key) && names.has(nameParts(member.linkName).join('/')))
          : this.plan.kept.map((set) => set.has(key));
    const sampled = key !== null && !this.plan.everySample.has(key);
    keep.forEach((kept, i) => {
      const c = this.counts[i] as SampleCounts;
      c.entries++;
      c.bytes += bytes;
      if (sampled) {
        c.sampledEntries++;
        c.sampledBytes += bytes;
      } else if (key !== null) {
        c.everySampleEntries++;
        c.everySampleBytes += bytes;
      }
      if (!kept) {
        if (member.type === '1' && (this.plan.kept[i] as Set<string>).has(key ?? '')) c.droppedHardLinks++;
        return;
      }
      c.keptEntries++;
      c.keptBytes += bytes;
      if (isDir) c.directories++;
      if (sampled) {
        c.keptSampledEntries++;
        c.keptSampledBytes += bytes;
      }
      if (!isDir && member.type !== '1') (this.keptNames[i] as Set<string>).add(nameParts(member.name).join('/'));
    });
    return keep;
  }
}

/** Every directory above these clusters' roots (their own roots are the clusters'). */
export function ancestorsOf(clusters: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const key of clusters) {
    const parts = nameParts(key);
    for (let d = 1; d < parts.length; d++) out.add(parts.slice(0, d).join('/'));
  }
  return out;
}

/** The sample's shares of what it samples (the members below the cluster depth, the take-all stratum left out): of the members and of their bytes. */
export function sampleShares(c: SampleCounts): { entryShare: number; byteShare: number } {
  return {
    entryShare: c.sampledEntries > 0 ? c.keptSampledEntries / c.sampledEntries : 1,
    byteShare: c.sampledBytes > 0 ? c.keptSampledBytes / c.sampledBytes : 1,
  };
}
