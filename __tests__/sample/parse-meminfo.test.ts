import { describe, expect, it } from 'vitest';
import { parseMeminfo } from '../../src/sample/parse-meminfo.js';
import { procFixture } from './fixture.js';

describe('parseMeminfo', () => {
  it('converts MemTotal, Dirty and Writeback from KiB to bytes, not confusing WritebackTmp', () => {
    // MemTotal: 24684084 kB, Dirty: 672 kB, Writeback: 0 kB, WritebackTmp: 0 kB
    expect(parseMeminfo(procFixture('meminfo.txt'))).toEqual({
      memTotalBytes: 24684084 * 1024,
      dirtyBytes: 672 * 1024,
      writebackBytes: 0,
    });
  });

  it('returns null when Dirty or Writeback is missing', () => {
    expect(parseMeminfo('MemTotal: 1 kB\nDirty: 2 kB\n')).toBeNull();
  });
});
