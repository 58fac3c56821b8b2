import { describe, expect, it } from 'vitest';
import { spread } from '../../src/util/spread.js';

describe('spread', () => {
  it('takes the median of odd and even counts, ignoring missing values', () => {
    expect(spread([3, null, 1, 2])).toEqual({ median: 2, min: 1, max: 3, runs: 3, spreadPercent: 100 });
    expect(spread([1, 2, 3, 4])?.median).toBe(2.5);
    expect(spread([])).toBeNull();
  });

  it('a single run has no spread; a zero median gives 0 rather than dividing by it', () => {
    expect(spread([5])).toEqual({ median: 5, min: 5, max: 5, runs: 1, spreadPercent: 0 });
    expect(spread([0, 0])?.spreadPercent).toBe(0);
  });
});
