import { describe, expect, it } from 'vitest';
import { runsOfTarget, sameTarget } from '../../src/experiment/same-target.js';

describe('one target', () => {
  const ram = { alternative: 'ram', mountPoint: null };
  const otherMnt = { alternative: 'other-disk', mountPoint: '/mnt' };
  const otherData = { alternative: 'other-disk', mountPoint: '/data' };

  it('is one alternative on one mount point: other-disk on two file systems is two targets', () => {
    expect(sameTarget(ram, { alternative: 'ram', mountPoint: null })).toBe(true);
    expect(sameTarget(otherMnt, otherData)).toBe(false);
    expect(sameTarget(ram, { alternative: 'decompress', mountPoint: null })).toBe(false);
    expect(sameTarget({ alternative: 'baseline', mountPoint: '/' }, { alternative: 'baseline', mountPoint: null })).toBe(false);
  });

  it('its runs are picked in the order given, the records themselves', () => {
    const runs = [
      { ...otherMnt, ms: 1 },
      { ...ram, ms: 2 },
      { ...otherData, ms: 3 },
      { ...otherMnt, ms: 4 },
    ];
    expect(runsOfTarget(runs, otherMnt)).toEqual([runs[0], runs[3]]);
    expect(runsOfTarget(runs, { alternative: 'page-cache', mountPoint: '/' })).toEqual([]);
  });
});
