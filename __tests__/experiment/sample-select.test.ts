import { describe, expect, it } from 'vitest';
import { extrapolate, extrapolatedSaving, lineAtOne, sampleStep } from '../../src/experiment/sample-extrapolate.js';
import { TarSampleFilter } from '../../src/experiment/sample-filter.js';
import {
  BLOCK_BYTES,
  numericField,
  parseHeader,
  paxRecords,
  SampleSelector,
  sampleShares,
  sizeClass,
  SMALL_FACTOR,
} from '../../src/experiment/sample-select.js';
import { spread } from '../../src/util/spread.js';

/** A ustar header as GNU tar writes one (name, size in octal, type, link name, checksum). */
function header(name: string, type: string, size = 0, linkName = ''): Buffer {
  const b = Buffer.alloc(BLOCK_BYTES);
  b.write(name.slice(0, 100), 0);
  b.write('0000644\0', 100);
  b.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  b.write(type, 156);
  b.write(linkName, 157);
  b.write('ustar\0', 257);
  b.write('00', 263);
  b.fill(' ', 148, 156);
  let sum = 0;
  for (const x of b) sum += x;
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return b;
}
const content = (size: number, byte = 0x61) => Buffer.alloc(Math.ceil(size / BLOCK_BYTES) * BLOCK_BYTES).fill(byte, 0, size);

describe('tar headers', () => {
  it('reads octal and GNU base-256 sizes', () => {
    expect(parseHeader(header('a/b', '0', 1234))).toMatchObject({ name: 'a/b', type: '0', sizeBytes: 1234 });
    const big = Buffer.alloc(12);
    big[0] = 0x80;
    big.writeUIntBE(9 * 1024 ** 3, 6, 6);
    expect(numericField(big, 0, 12)).toBe(9 * 1024 ** 3);
  });
  it('a field that is not octal is an error naming it', () => {
    const b = header('x', '0', 1);
    b.write('12z4', 124);
    expect(() => parseHeader(b)).toThrow(/"12z4\d*", not octal/);
  });
  it('pax records: path and linkpath, multibyte lengths counted in bytes', () => {
    const rec = (k: string, v: string) => {
      const body = ` ${k}=${v}\n`;
      let len = Buffer.byteLength(body) + 2;
      if (String(len).length + Buffer.byteLength(body) !== len) len++;
      return `${len}${body}`;
    };
    const data = Buffer.from(rec('path', 'dir/é/long') + rec('linkpath', 'x'));
    expect(Object.fromEntries(paxRecords(data))).toEqual({ path: 'dir/é/long', linkpath: 'x' });
  });
});

describe('selection', () => {
  it('size classes are log2 buckets', () => {
    expect([0, 1, 2, 3, 4, 1023, 1024].map(sizeClass)).toEqual([0, 1, 2, 2, 3, 10, 11]);
  });
  it('keeps every directory, every k-th member of each size class, and nests the small sample in the large', () => {
    const s = new SampleSelector(2);
    const kept: boolean[][] = [];
    kept.push(s.decide({ name: 'd', type: '5', linkName: '', sizeBytes: 0 }));
    for (let i = 0; i < 16; i++) kept.push(s.decide({ name: `d/small${i}`, type: '0', linkName: '', sizeBytes: 10 }));
    for (let i = 0; i < 8; i++) kept.push(s.decide({ name: `d/big${i}`, type: '0', linkName: '', sizeBytes: 100_000 }));
    expect(kept[0]).toEqual([true, true]);
    const large = s.counts[0];
    const small = s.counts[1];
    expect(large).toMatchObject({ entries: 25, directories: 1, sampledEntries: 24, keptSampledEntries: 12, keptBytes: 8 * 10 + 4 * 100_000 });
    expect(small).toMatchObject({ keptSampledEntries: 24 / (2 * SMALL_FACTOR), keptBytes: 2 * 10 + 100_000 * 1 });
    // Nested: whatever the small sample keeps, the large one keeps.
    for (const [l, sm] of kept) if (sm) expect(l).toBe(true);
    // Stratified: the byte share follows the entry share (both halves here).
    expect(sampleShares(large as NonNullable<typeof large>)).toEqual({ entryShare: 0.5, byteShare: 0.5 });
  });
  it('keeps a hard link only where its target was kept, and counts the dropped', () => {
    const s = new SampleSelector(2);
    s.decide({ name: 'a', type: '0', linkName: '', sizeBytes: 5 }); // kept (first of its class)
    s.decide({ name: 'b', type: '0', linkName: '', sizeBytes: 5 }); // dropped
    expect(s.decide({ name: 'ha', type: '1', linkName: 'a', sizeBytes: 0 })).toEqual([true, true]);
    expect(s.decide({ name: 'hb', type: '1', linkName: 'b', sizeBytes: 0 })).toEqual([false, false]);
    expect(s.counts[0]?.droppedHardLinks).toBe(1);
  });
  it('a step below 1 is refused, naming what is allowed', () => {
    expect(() => new SampleSelector(0)).toThrow(/0 given, a whole number of at least 1 allowed/);
  });
});

describe('the stream filter', () => {
  it('carries a GNU long name with its member, global headers to every sample, content split across chunks', () => {
    const long = `${'x'.repeat(120)}/file`;
    const stream = Buffer.concat([
      header('pax_global_header', 'g', 20),
      content(20),
      header('././@LongLink', 'L', long.length + 1),
      content(long.length + 1),
      header(long.slice(0, 100), '0', 700),
      content(700, 0x62),
      header('other', '0', 700),
      content(700, 0x63),
      Buffer.alloc(2 * BLOCK_BYTES),
    ]);
    const filter = new TarSampleFilter(new SampleSelector(2));
    const outs: Buffer[][] = [[], []];
    const take = (pieces: Buffer[][]) => {
      for (const [i, l] of pieces.entries()) outs[i]?.push(...l);
    };
    for (let at = 0; at < stream.length; at += 333) take(filter.push(stream.subarray(at, at + 333)));
    take(filter.end());
    const large = Buffer.concat(outs[0] as Buffer[]);
    // The global header, the long name's header and content, the member and its content: 'other' (second of its class) dropped.
    expect(large.length).toBe(BLOCK_BYTES * (2 + 2 + 1 + 2 + 2));
    expect(large.subarray(2 * BLOCK_BYTES, 3 * BLOCK_BYTES).toString('latin1', 156, 157)).toBe('L');
    expect(large.includes(Buffer.from('ccc'))).toBe(false);
    expect(large.includes(Buffer.from('bbb'))).toBe(true);
  });
  it('an archive cut inside a member is an error', () => {
    const filter = new TarSampleFilter(new SampleSelector(1));
    filter.push(Buffer.concat([header('a', '0', 1000), content(100)]));
    expect(() => filter.end()).toThrow(/ends inside a member/);
  });
});

describe('extrapolation', () => {
  it('a line through two sample sizes: the fixed cost is not scaled', () => {
    // T(x) = 4000 + 60000·x: measured at 0.05 and 0.2, the whole restore is 64000.
    expect(lineAtOne(0.05, 7000, 0.2, 16000)).toBeCloseTo(64000, 6);
    // Never less than the larger sample took.
    expect(lineAtOne(0.05, 9000, 0.2, 8000)).toBe(8000);
  });
  it('the range comes from the runs and from the count and byte shares', () => {
    const size = (x: number, y: number) => ({ entryShare: x, byteShare: y });
    const one = (v: number) => spread([v]) as NonNullable<ReturnType<typeof spread>>;
    const exact = extrapolate({ size: size(0.05, 0.05), timeMs: one(7000) }, { size: size(0.2, 0.2), timeMs: one(16000) });
    expect(exact).toEqual({ ms: expect.closeTo(64000, 6), lowMs: expect.closeTo(64000, 6), highMs: expect.closeTo(64000, 6) });
    const noisy = extrapolate(
      { size: size(0.05, 0.06), timeMs: spread([6800, 7200]) as NonNullable<ReturnType<typeof spread>> },
      { size: size(0.2, 0.21), timeMs: spread([15500, 16500]) as NonNullable<ReturnType<typeof spread>> },
    );
    expect(noisy.lowMs).toBeLessThan(noisy.ms);
    expect(noisy.highMs).toBeGreaterThan(noisy.ms);
    const saving = extrapolatedSaving(noisy, exact);
    expect(saving.lowMs).toBeLessThan(saving.savingMs);
    expect(saving.highMs).toBeGreaterThan(saving.savingMs);
  });
  it('sizes the sample to the time left, or says none fits', () => {
    const base = { fullRunMs: 90_000, runsPerSample: 8, directoryShare: 0.02, sampledEntries: 20_000, smallFactor: SMALL_FACTOR, minSmallEntries: 50 };
    const every = sampleStep({ ...base, availableMs: 45_000 }) as number;
    expect(every).toBeGreaterThan(1);
    const x = 1 / every;
    // What the plan assumes fits: runs × both samples.
    expect(base.runsPerSample * (2 * 1800 + x * 88_200 * (1 + 1 / SMALL_FACTOR))).toBeLessThanOrEqual(45_000);
    expect(sampleStep({ ...base, availableMs: 5_000 })).toBeNull();
  });
});
