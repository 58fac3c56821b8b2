import { describe, expect, it } from 'vitest';
import { parsePidStat } from '../../src/sample/parse-pid-stat.js';
import { procFixture } from './fixture.js';

describe('parsePidStat', () => {
  it('finds fields after the last ")" when comm holds spaces and parentheses', () => {
    // 4715 (x) (y z)) S 4704 ... utime 0 stime 0 cutime 85 cstime 0
    expect(parsePidStat(procFixture('pid-stat.comm-parens.txt'))).toEqual({
      pid: 4715,
      comm: 'x) (y z)',
      state: 'S',
      ppid: 4704,
      utimeTicks: 0,
      stimeTicks: 0,
      cutimeTicks: 85,
      cstimeTicks: 0,
    });
  });

  it('reads a plain comm', () => {
    expect(parsePidStat(procFixture('pid-stat.cat.txt'))).toMatchObject({ pid: 4720, comm: 'cat', state: 'R', ppid: 4704 });
  });

  it('returns null for a truncated line', () => {
    expect(parsePidStat('12 (x) S 1')).toBeNull();
    expect(parsePidStat('')).toBeNull();
  });
});
