// /proc/<pid>/schedstat of a real tar + unzstd extraction (fixtures/procfs/schedstat-tar-unzstd, provenance
// in fixtures/procfs/README.md): copied every ~100 ms while they lived, on a VM other jobs kept busy.
import { describe, expect, it } from 'vitest';
import { parsePidSchedstat, schedstatCounts } from '../../src/sample/parse-pid-schedstat.js';
import { procFixture } from './fixture.js';

interface Copy {
  i: number;
  seconds: number;
  pid: number;
  comm: string;
  line: string;
}

const copies: Copy[] = procFixture('schedstat-tar-unzstd/samples.txt')
  .trim()
  .split('\n')
  .filter((l) => /^\d+ /.test(l))
  .map((l) => {
    const [i, seconds, pid, comm, ...rest] = l.split(' ');
    return { i: Number(i), seconds: Number(seconds), pid: Number(pid), comm: comm ?? '', line: rest.join(' ') };
  });

describe('parsePidSchedstat', () => {
  it('reads run time, run-queue wait and timeslices from the raw files', () => {
    for (const comm of ['tar', 'unzstd']) {
      const last = copies.filter((c) => c.comm === comm).at(-1);
      const [runNs, runDelayNs, timeslices] = (last?.line ?? '').split(' ').map(Number);
      expect(parsePidSchedstat(procFixture(`schedstat-tar-unzstd/${comm}.schedstat`))).toEqual({ runNs, runDelayNs, timeslices });
    }
  });

  it("run time and run-queue wait only grow over a task's life (a wait is added when it ends)", () => {
    for (const pid of new Set(copies.map((c) => c.pid))) {
      let before = { runNs: 0, runDelayNs: 0 };
      for (const c of copies.filter((x) => x.pid === pid)) {
        const s = parsePidSchedstat(c.line);
        if (!s) throw new Error(`unparsed copy of ${pid}`);
        expect(s.runDelayNs).toBeGreaterThanOrEqual(before.runDelayNs);
        expect(s.runNs).toBeGreaterThanOrEqual(before.runNs);
        before = s;
      }
    }
    // On that busy VM tar waited for a CPU far longer than it ran.
    const tar = parsePidSchedstat(procFixture('schedstat-tar-unzstd/tar.schedstat'));
    expect(tar?.runDelayNs ?? 0).toBeGreaterThan(tar?.runNs ?? Infinity);
  });

  it('"0 0 0" counts only from a task that has not run yet: a kernel with sched_info off prints it for every task', () => {
    const zero = parsePidSchedstat('0 0 0\n');
    expect(zero).toEqual({ runNs: 0, runDelayNs: 0, timeslices: 0 });
    if (!zero) return;
    expect(schedstatCounts(zero, 0)).toBe(true);
    expect(schedstatCounts(zero, 12)).toBe(false);
    const tar = parsePidSchedstat(procFixture('schedstat-tar-unzstd/tar.schedstat'));
    expect(tar && schedstatCounts(tar, 170)).toBe(true);
  });

  it('returns null for anything but three numbers', () => {
    expect(parsePidSchedstat('')).toBeNull();
    expect(parsePidSchedstat('12 34\n')).toBeNull();
    expect(parsePidSchedstat('a b c\n')).toBeNull();
  });
});
