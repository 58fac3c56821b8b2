import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addIo, parsePidIo } from '../../src/sample/parse-pid-io.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/procfs/${name}`, import.meta.url), 'latin1');

describe('parsePidIo', () => {
  it('reads the storage-level counts of a real capture (a reaped dd and rm folded into bash)', () => {
    expect(parsePidIo(fixture('pid-io.wrote-and-deleted.txt'))).toEqual({ readBytes: 0, writeBytes: 8409088, cancelledWriteBytes: 8388608 });
  });
  it('returns null without the fields (a kernel without task I/O accounting)', () => {
    expect(parsePidIo('rchar: 10\nwchar: 0\n')).toBeNull();
    expect(parsePidIo('')).toBeNull();
  });
  it('adds two readings', () => {
    const a = { readBytes: 1, writeBytes: 2, cancelledWriteBytes: 3 };
    expect(addIo(a, a)).toEqual({ readBytes: 2, writeBytes: 4, cancelledWriteBytes: 6 });
  });
});
