// The one write-back of vm.dirty_* (the lab's teardown and experiment/dirty.ts's put-back both use it),
// through a recording writer: no sysctl is touched.
import { describe, expect, it } from 'vitest';
import { inForce, restoreDirtySettings } from '../../src/system/dirty-limits.js';

describe('restoreDirtySettings', () => {
  it('writes back the member of each pair that was in force, background first', () => {
    const written: [string, number][] = [];
    restoreDirtySettings({ dirty_bytes: 0, dirty_background_bytes: 50_000_000, dirty_ratio: 20, dirty_background_ratio: 0 }, (n, v) => {
      written.push([n, v]);
    });
    expect(written).toEqual([
      ['dirty_background_bytes', 50_000_000],
      ['dirty_ratio', 20],
    ]);
  });

  it('inForce: the bytes knob when set, else the ratio', () => {
    const saved = { dirty_bytes: 0, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 };
    expect(inForce(saved, ['dirty_bytes', 'dirty_ratio'])).toEqual(['dirty_ratio', 20]);
    expect(inForce({ ...saved, dirty_bytes: 1 << 30 }, ['dirty_bytes', 'dirty_ratio'])).toEqual(['dirty_bytes', 1 << 30]);
  });
});
