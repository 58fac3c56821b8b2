/**
 * Which members of the archive a sample keeps, decided from each tar header as the archive streams
 * by. Pure.
 *
 * The design (issue 40, item 1): every directory is kept, in every sample, so that a sample makes the
 * same directories as the full restore (tar would otherwise create a kept file's parents implicitly:
 * far more directories per file than the restore, which an IOPS-bound disk pays for). Every other
 * member (files, symlinks, devices) is sampled: stratified by size class (log2 buckets, so that
 * small and large files are each represented in proportion), every k-th member of its class in
 * stream order (spread over the whole tree). Samples are nested: the larger sample (every k-th)
 * holds the smaller (every (k·SMALL_FACTOR)-th), so two sizes from one pass give the fixed cost (the
 * directories, process start, sync latency) and the per-member slope (sample-extrapolate.ts).
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

/** log2 size class: 0 for empty members, else floor(log2(size)) + 1. */
export function sizeClass(sizeBytes: number): number {
  return sizeBytes <= 0 ? 0 : Math.floor(Math.log2(sizeBytes)) + 1;
}

/** What one sample kept, against the whole archive. */
export interface SampleCounts {
  /** Members of the archive (directories included). */
  entries: number;
  keptEntries: number;
  /** Members that are sampled (not directories) and of those kept. */
  sampledEntries: number;
  keptSampledEntries: number;
  /** Bytes of member content. */
  bytes: number;
  keptBytes: number;
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
  directories: 0,
  droppedHardLinks: 0,
});

/**
 * Decides, member by member, which of the nested samples keep it: index 0 the large sample (every
 * `every`-th of a size class), index 1 the small one (every every·SMALL_FACTOR-th).
 */
export class SampleSelector {
  readonly steps: readonly number[];
  readonly counts: SampleCounts[];
  private readonly seenPerClass = new Map<number, number>();
  private readonly keptNames: Set<string>[];

  constructor(every: number) {
    if (!Number.isInteger(every) || every < 1) throw new RangeError(`sample step: ${every} given, a whole number of at least 1 allowed`);
    this.steps = [every, every * SMALL_FACTOR];
    this.counts = this.steps.map(emptyCounts);
    this.keptNames = this.steps.map(() => new Set<string>());
  }

  /** Which samples keep this member (one boolean per sample). Call once per member, in stream order. */
  decide(member: TarHeader): boolean[] {
    if (UNSUPPORTED_TYPES.has(member.type)) throw new SampleFormatError(`member ${member.name} has header type '${member.type}'`);
    const isDir = member.type === '5';
    const bytes = member.type === '0' || member.type === '\0' || member.type === '7' ? member.sizeBytes : 0;
    let keep: boolean[];
    if (isDir) keep = this.steps.map(() => true);
    else if (member.type === '1') keep = this.keptNames.map((names) => names.has(stripSlash(member.linkName)));
    else {
      const cls = sizeClass(bytes);
      const seen = this.seenPerClass.get(cls) ?? 0;
      this.seenPerClass.set(cls, seen + 1);
      keep = this.steps.map((k) => seen % k === 0);
    }
    keep.forEach((kept, i) => {
      const c = this.counts[i] as SampleCounts;
      c.entries++;
      c.bytes += bytes;
      if (isDir) c.directories++;
      else c.sampledEntries++;
      if (!kept) {
        if (member.type === '1') c.droppedHardLinks++;
        return;
      }
      c.keptEntries++;
      c.keptBytes += bytes;
      if (!isDir) c.keptSampledEntries++;
      if (!isDir && member.type !== '1') (this.keptNames[i] as Set<string>).add(stripSlash(member.name));
    });
    return keep;
  }
}

const stripSlash = (name: string): string => name.replace(/^\.\//, '').replace(/\/+$/, '');

/** The sample's shares of what it samples: of the non-directory members and of their bytes. */
export function sampleShares(c: SampleCounts): { entryShare: number; byteShare: number } {
  return {
    entryShare: c.sampledEntries > 0 ? c.keptSampledEntries / c.sampledEntries : 1,
    byteShare: c.bytes > 0 ? c.keptBytes / c.bytes : 1,
  };
}
