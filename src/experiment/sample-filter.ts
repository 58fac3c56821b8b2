/**
 * The decompressed tar stream split into the nested samples, block by block, never holding a
 * member's content: each member's header (with the GNU long-name 'L'/'K' and pax 'x' headers before
 * it) and content go to the samples that keep it (sample-select.ts); pax global 'g' headers go to
 * every sample; each sample ends with the two zero blocks tar expects. Pure (chunks in, chunks out).
 */
import {
  BLOCK_BYTES,
  EXTENSION_TYPES,
  dataBlocks,
  isZeroBlock,
  parseHeader,
  paxRecords,
  SampleFormatError,
  type SampleSelector,
  type TarHeader,
} from './sample-select.js';

type State =
  | { kind: 'header' }
  | { kind: 'data'; leftBytes: number; to: boolean[]; capture: Buffer[] | null; onCaptured?: (data: Buffer) => void }
  | { kind: 'end' };

export class TarSampleFilter {
  private state: State = { kind: 'header' };
  private carry: Buffer = Buffer.alloc(0);
  /** Extension headers (and their content) waiting for the member they describe. */
  private pendingExt: Buffer[] = [];
  private override: { name?: string; linkName?: string } = {};
  private out: Buffer[][] = [];

  constructor(private readonly selector: SampleSelector) {}

  private get outputs(): number {
    return this.selector.steps.length;
  }

  /** The chunks each sample gets from this piece of the stream (index as selector.steps). */
  push(chunk: Buffer): Buffer[][] {
    this.out = Array.from({ length: this.outputs }, () => []);
    let buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let at = 0;
    while (at < buf.length && this.state.kind !== 'end') {
      if (this.state.kind === 'data') {
        const take = Math.min(this.state.leftBytes, buf.length - at);
        const piece = buf.subarray(at, at + take);
        this.emit(this.state.to, piece);
        this.state.capture?.push(Buffer.from(piece));
        this.state.leftBytes -= take;
        at += take;
        if (this.state.leftBytes === 0) {
          const done = this.state;
          this.state = { kind: 'header' };
          if (done.capture && done.onCaptured) done.onCaptured(Buffer.concat(done.capture));
        }
        continue;
      }
      if (buf.length - at < BLOCK_BYTES) break;
      const block = buf.subarray(at, at + BLOCK_BYTES);
      at += BLOCK_BYTES;
      this.header(block);
    }
    this.carry = this.state.kind === 'end' ? Buffer.alloc(0) : Buffer.from(buf.subarray(at));
    buf = Buffer.alloc(0);
    return this.out;
  }

  /** The end of the stream: each sample's end-of-archive blocks; an archive cut short is an error. */
  end(): Buffer[][] {
    if (this.state.kind === 'data' || this.carry.length > 0 || this.pendingExt.length > 0) throw new SampleFormatError('the archive ends inside a member');
    return Array.from({ length: this.outputs }, () => [Buffer.alloc(2 * BLOCK_BYTES)]);
  }

  private emit(to: readonly boolean[], piece: Buffer): void {
    to.forEach((keep, i) => {
      if (keep) (this.out[i] as Buffer[]).push(piece);
    });
  }

  private header(block: Buffer): void {
    if (isZeroBlock(block)) {
      if (this.pendingExt.length > 0) throw new SampleFormatError('the archive ends after an extension header');
      this.state = { kind: 'end' };
      return;
    }
    const h = parseHeader(block);
    const all = Array.from({ length: this.outputs }, () => true);
    const contentBytes = dataBlocks(h.sizeBytes) * BLOCK_BYTES;
    if (h.type === 'g') {
      this.emit(all, Buffer.from(block));
      this.toData(contentBytes, all, null);
      return;
    }
    if (EXTENSION_TYPES.has(h.type)) {
      this.pendingExt.push(Buffer.from(block));
      const none = all.map(() => false);
      this.toData(contentBytes, none, (data) => {
        this.pendingExt.push(data);
        this.readExtension(h, data.subarray(0, h.sizeBytes));
      });
      return;
    }
    const member: TarHeader = { ...h, name: this.override.name ?? h.name, linkName: this.override.linkName ?? h.linkName };
    const keep = this.selector.decide(member);
    for (const ext of this.pendingExt) this.emit(keep, ext);
    this.pendingExt = [];
    this.override = {};
    this.emit(keep, Buffer.from(block));
    // Directories, links and devices carry no content; a regular file its size in blocks.
    this.toData(member.type === '5' || member.type === '1' || member.type === '2' ? 0 : contentBytes, keep, null);
  }

  private toData(bytes: number, to: boolean[], onCaptured: ((data: Buffer) => void) | null): void {
    if (bytes === 0) {
      onCaptured?.(Buffer.alloc(0));
      return;
    }
    this.state = onCaptured ? { kind: 'data', leftBytes: bytes, to, capture: [], onCaptured } : { kind: 'data', leftBytes: bytes, to, capture: null };
  }

  private readExtension(h: TarHeader, data: Buffer): void {
    if (h.type === 'L') this.override.name = data.toString('utf8').replace(/\0.*$/s, '');
    else if (h.type === 'K') this.override.linkName = data.toString('utf8').replace(/\0.*$/s, '');
    else {
      const records = paxRecords(data);
      const p = records.get('path');
      const l = records.get('linkpath');
      if (p !== undefined) this.override.name = p;
      if (l !== undefined) this.override.linkName = l;
    }
  }
}
