import { describe, expect, it } from 'vitest';
import { parseCpuLine, parseProcStat, parseProcStatTotal } from '../../src/sample/parse-stat.js';
import { procFixture } from './fixture.js';

describe('parseProcStat on this machine (2 CPUs)', () => {
  const text = procFixture('stat.txt');

  it('reads the total line in kernel column order', () => {
    // cpu  6040 0 3784 50118 464 0 85 59 0 0
    expect(parseProcStat(text).total).toEqual({
      user: 6040,
      nice: 0,
      system: 3784,
      idle: 50118,
      iowait: 464,
      irq: 0,
      softirq: 85,
      steal: 59,
    });
  });

  it('reads one entry per CPU, in order, ignoring intr/ctxt/... lines', () => {
    const { perCpu } = parseProcStat(text);
    expect(perCpu).toHaveLength(2);
    // cpu1 3705 0 2276 23722 423 0 72 44 0 0
    expect(perCpu[1]).toMatchObject({ user: 3705, system: 2276, idle: 23722, iowait: 423, softirq: 72, steal: 44 });
  });

  it('parseProcStatTotal agrees with the full parse', () => {
    expect(parseProcStatTotal(text)).toEqual(parseProcStat(text).total);
  });
});

describe('parseCpuLine', () => {
  it('fills columns an old kernel did not print with 0 and rejects non-cpu lines', () => {
    expect(parseCpuLine('cpu 1 2 3 4')).toEqual({ user: 1, nice: 2, system: 3, idle: 4, iowait: 0, irq: 0, softirq: 0, steal: 0 });
    expect(parseCpuLine('intr 1 2 3 4')).toBeNull();
    expect(parseProcStatTotal('intr 1 2\n')).toBeNull();
  });
});
