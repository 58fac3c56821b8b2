// diskMetrics on two real /proc/diskstats captures of vda taken 431.575 ms apart around
// 256 MiB of O_DIRECT writes and 256 MiB of O_DIRECT reads (fixtures/procfs/README.md).
// Expected numbers were worked out by hand from the two vda lines:
//   before: 47702 8239 2268786 11183 10824 94102 2372928 28233 0 7396 39763 3623 75 204904 311 791 34
//   after:  47970 8266 2793770 11322 11336 94102 2897216 28532 0 7696 40201 3623 75 204904 311 791 34
//   deltas: reads 268, rmerges 27, rsect 524984, rms 139, writes 512, wmerges 0, wsect 524288,
//           wms 299, io_ms 300, weighted 438, discards 0 (0 sectors, 0 ms), flushes 0 (0 ms)
import { describe, expect, it } from 'vitest';
import type { DiskCounters } from '../../src/profile/schema.js';
import { counterDelta, diskMetrics } from '../../src/sample/iostat.js';
import { parseDiskstats } from '../../src/sample/parse-diskstats.js';
import { procFixture } from './fixture.js';

const WINDOW_MS = 431.575;

function vda(file: string): DiskCounters {
  const counters = parseDiskstats(procFixture(file)).byName.get('vda')?.counters;
  if (!counters) throw new Error(`no vda line in ${file}`);
  return counters;
}

const before = vda('diskstats.before.txt');
const after = vda('diskstats.after.txt');

describe('diskMetrics on real vda captures', () => {
  const m = diskMetrics(before, after, WINDOW_MS);

  it('counts requests and bytes: 512 writes of 256 MiB total, 268 reads of 524984 sectors', () => {
    expect(m.writes).toBe(512);
    expect(m.writtenBytes).toBe(268435456); // 524288 sectors × 512 = dd's 268435456 bytes
    expect(m.reads).toBe(268);
    expect(m.readBytes).toBe(268791808); // 524984 × 512
  });

  it('rates per second over the 0.431575 s window', () => {
    expect(m.writesPerSecond).toBeCloseTo(1186.3523, 3); // 512 / 0.431575
    expect(m.readsPerSecond).toBeCloseTo(620.9813, 3); // 268 / 0.431575
    expect(m.writeKiBPerSecond).toBeCloseTo(607412.3849, 3); // 524288 / 2 / 0.431575
    expect(m.readKiBPerSecond).toBeCloseTo(608218.7337, 3); // 524984 / 2 / 0.431575
    expect(m.readMergesPerSecond).toBeCloseTo(62.5615, 3); // 27 / 0.431575
    expect(m.writeMergesPerSecond).toBe(0);
  });

  it('merge share, await, request size, queue size and utilisation as iostat -x computes them', () => {
    expect(m.readMergePercent).toBeCloseTo(9.1525, 3); // 27 / (27 + 268) × 100
    expect(m.writeMergePercent).toBe(0);
    expect(m.readAwaitMs).toBeCloseTo(0.5187, 3); // 139 / 268
    expect(m.writeAwaitMs).toBeCloseTo(0.584, 3); // 299 / 512
    expect(m.readRequestKiB).toBeCloseTo(979.4478, 3); // 524984 / 268 / 2
    expect(m.writeRequestKiB).toBe(512); // 524288 / 512 / 2: dd's 1 MiB writes split in two
    expect(m.averageQueueSize).toBeCloseTo(1.0149, 3); // 438 / 431.575
    expect(m.utilizationPercent).toBeCloseTo(69.5128, 3); // 300 / 431.575 × 100
  });

  it('discard and flush metrics are 0 (present on this kernel) rather than null', () => {
    expect(m.discardsPerSecond).toBe(0);
    expect(m.discardKiBPerSecond).toBe(0);
    expect(m.discardAwaitMs).toBe(0);
    expect(m.flushesPerSecond).toBe(0);
    expect(m.flushAwaitMs).toBe(0);
  });

  it('discard and flush metrics are null when the kernel printed no such fields (14-field line)', () => {
    const old = parseDiskstats(procFixture('diskstats.node-exporter.txt')).byName.get('sda')?.counters;
    if (!old) throw new Error('no sda');
    const n = diskMetrics(old, old, 1000);
    expect(n.discardsPerSecond).toBeNull();
    expect(n.flushAwaitMs).toBeNull();
    expect(n.writes).toBe(0);
  });
});

describe('32-bit wrap of the *_ms fields', () => {
  // The same real window, with each ms counter shifted so that it sits 100 ms below 2^32 at the
  // start and so wraps inside the window (every real delta here exceeds 100 ms); the kernel's
  // arithmetic is mod 2^32, so the shift keeps the real deltas.
  const U32 = 2 ** 32;
  const msFields = ['readMs', 'writeMs', 'ioMs', 'weightedIoMs', 'discardMs', 'flushMs'] as const;
  const shifted = (c: DiskCounters): DiskCounters => {
    const copy = { ...c };
    for (const k of msFields) copy[k] = ((c[k] ?? 0) + U32 - 100 - (before[k] ?? 0)) % U32;
    return copy;
  };
  const wrappedBefore = shifted(before);
  const wrappedAfter = shifted(after);

  it('the shifted counters really do wrap inside the window', () => {
    expect(wrappedBefore.writeMs).toBe(U32 - 100);
    expect(wrappedAfter.writeMs).toBe(199); // 299 ms of writing
    expect(wrappedAfter.readMs).toBe(39); // 139 ms of reading
    expect(wrappedAfter.ioMs).toBe(200);
    expect(wrappedAfter.weightedIoMs).toBe(338);
  });

  it('gives the same metrics as the unwrapped window', () => {
    const m = diskMetrics(wrappedBefore, wrappedAfter, WINDOW_MS);
    expect(m.writeAwaitMs).toBeCloseTo(299 / 512, 9);
    expect(m.readAwaitMs).toBeCloseTo(139 / 268, 9);
    expect(m.averageQueueSize).toBeCloseTo(438 / WINDOW_MS, 9);
    expect(m.utilizationPercent).toBeCloseTo((300 / WINDOW_MS) * 100, 9);
    expect(m).toEqual(diskMetrics(before, after, WINDOW_MS));
  });

  it('counterDelta: wrap below 2^32, reset (re-created device) above it', () => {
    expect(counterDelta(U32 - 1, 5)).toBe(6);
    expect(counterDelta(U32 + 10, 5)).toBe(5); // a 64-bit counter cannot have wrapped: reset
    expect(counterDelta(7, 7)).toBe(0);
  });
});
