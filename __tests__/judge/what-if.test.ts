import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../src/judge/judge.js';
import { fixtureNames, loadFixture, phaseOf } from './fixture-tools.js';

const durationMs = (p: ReturnType<typeof loadFixture>, n: Parameters<typeof phaseOf>[1]) => {
  const x = phaseOf(p, n);
  return x.endMs - x.startMs;
};

describe('what-if lower bounds', () => {
  for (const file of fixtureNames()) {
    it(`${file}: every bound lies between (total - extraction) / speed-up and the measured total`, () => {
      const p = loadFixture(file);
      const total = p.phases.reduce((s, x) => s + x.endMs - x.startMs, 0);
      // A faster disk may drain the writeback tail while tar still runs, so extraction can overlap
      // entirely; every other phase shrinks at most by the speed-up.
      const overlappable = durationMs(p, 'extract');
      const v = judgeProfile(p);
      expect(v.whatIf.map((w) => w.resource)).toEqual(['disk', 'network', 'cpu']);
      for (const w of v.whatIf) {
        expect(w.restoreLowerBoundMs).toBeLessThanOrEqual(Math.round(total));
        expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(Math.floor((total - overlappable) / w.speedup));
        expect(w.sentence).toMatch(/twice as fast this restore would (take at least|still take about) [\d.]+ s/);
      }
    });
  }

  it('disk-bound extraction: a twice-as-fast disk halves extraction and nothing else', () => {
    const p = loadFixture('disk-bandwidth-dd-direct.json');
    const v = judgeProfile(p);
    const disk = v.whatIf.find((w) => w.resource === 'disk')!;
    const others = durationMs(p, 'lookup') + durationMs(p, 'download');
    // extraction and the (short) tail share the disk: bounded together by their disk time / 2.
    const expected = others + (durationMs(p, 'extract') + durationMs(p, 'writeback')) / 2;
    expect(disk.restoreLowerBoundMs).toBe(Math.round(expected));
    expect(v.whatIf.find((w) => w.resource === 'network')!.sentence).toMatch(/network did not limit it/);
  });

  it('writeback tail: a faster CPU cannot shorten the tail, a faster disk can', () => {
    const p = loadFixture('writeback-tail-throttled-loop.json');
    const v = judgeProfile(p);
    const tail = durationMs(p, 'writeback');
    expect(v.whatIf.find((w) => w.resource === 'cpu')!.restoreLowerBoundMs).toBeGreaterThanOrEqual(Math.floor(tail));
    expect(v.whatIf.find((w) => w.resource === 'disk')!.restoreLowerBoundMs).toBeLessThan(tail);
  });
});
