import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reapedChildrenCpuMs } from '../../src/sample/reaped-cpu.js';

describe('CPU time of reaped children', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reaped-cpu-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is cutime + cstime (fields 16 and 17) of /proc/self/stat, in ms at USER_HZ 100', () => {
    mkdirSync(path.join(dir, 'self'));
    // comm with a space and a parenthesis: the fields are counted from the last ')'.
    writeFileSync(path.join(dir, 'self', 'stat'), '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 40 130 27 20 0 11 0 1 1 1\n');
    expect(reapedChildrenCpuMs(dir)).toBe(1570);
    expect(reapedChildrenCpuMs(path.join(dir, 'missing'))).toBeNull();
  });
});
