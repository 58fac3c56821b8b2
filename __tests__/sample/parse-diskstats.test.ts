import { describe, expect, it } from 'vitest';
import { parseDiskstats, parseDiskstatsLine, pickDiskCounters } from '../../src/sample/parse-diskstats.js';
import { procFixture } from './fixture.js';

describe('parseDiskstats on this machine (Linux 6.18, 20-field lines)', () => {
  const stats = parseDiskstats(procFixture('diskstats.after.txt'));

  it('keys vda by name and by major:minor, with every field in kernel order', () => {
    // 254 0 vda 47970 8266 2793770 11322 11336 94102 2897216 28532 0 7696 40201 3623 75 204904 311 791 34
    const vda = stats.byName.get('vda');
    expect(vda?.devNumber).toBe('254:0');
    expect(stats.byDevNumber.get('254:0')).toBe(vda);
    expect(vda?.counters).toEqual({
      readsCompleted: 47970,
      readsMerged: 8266,
      sectorsRead: 2793770,
      readMs: 11322,
      writesCompleted: 11336,
      writesMerged: 94102,
      sectorsWritten: 2897216,
      writeMs: 28532,
      inFlight: 0,
      ioMs: 7696,
      weightedIoMs: 40201,
      discardsCompleted: 3623,
      discardsMerged: 75,
      sectorsDiscarded: 204904,
      discardMs: 311,
      flushesCompleted: 791,
      flushMs: 34,
    });
  });

  it('lists every device line', () => {
    expect([...stats.byName.keys()].sort()).toEqual(['loop0', 'loop1', 'loop2', 'loop3', 'loop4', 'loop5', 'loop6', 'loop7', 'vda', 'zram0'].sort());
  });
});

describe('parseDiskstats on a public capture mixing 14-, 18- and 20-field lines', () => {
  const stats = parseDiskstats(procFixture('diskstats.node-exporter.txt'));

  it('14 fields: no discard or flush fields at all (absent, not zero)', () => {
    const sda = stats.byName.get('sda')?.counters;
    expect(sda?.sectorsWritten).toBe(505697032);
    expect(sda?.weightedIoMs).toBe(82621804);
    expect(sda).not.toHaveProperty('discardsCompleted');
    expect(sda).not.toHaveProperty('flushesCompleted');
  });

  it('18 fields: discards, no flushes', () => {
    // 8 0 sdb 326552 841 9657779 84 41822 2895 1972905 5007 0 60730 67070 68851 0 1925173784 11130
    const sdb = stats.byName.get('sdb')?.counters;
    expect(sdb?.discardsCompleted).toBe(68851);
    expect(sdb?.discardsMerged).toBe(0);
    expect(sdb?.sectorsDiscarded).toBe(1925173784);
    expect(sdb?.discardMs).toBe(11130);
    expect(sdb).not.toHaveProperty('flushesCompleted');
  });

  it('20 fields: discards and flushes', () => {
    const sdc = stats.byName.get('sdc')?.counters;
    expect(sdc?.sectorsDiscarded).toBe(125173784);
    expect(sdc?.flushesCompleted).toBe(1555);
    expect(sdc?.flushMs).toBe(1944);
  });

  it('a repeated major:minor keeps its first line; names stay distinct', () => {
    expect(stats.byDevNumber.get('8:0')?.name).toBe('sda');
    expect(stats.byName.get('nvme0n1p2')?.devNumber).toBe('259:2');
    expect(stats.byName.size).toBe(51);
  });
});

describe('parseDiskstatsLine', () => {
  it('rejects lines of other lengths and non-numeric fields', () => {
    expect(parseDiskstatsLine('')).toBeNull();
    expect(parseDiskstatsLine('8 0 sda 1 2 3')).toBeNull();
    expect(parseDiskstatsLine('8 0 sda 1 2 3 4 5 6 7 8 9 x 11')).toBeNull();
  });
});

describe('pickDiskCounters', () => {
  it('returns the tracked devices in the order asked, null for unknown names', () => {
    const text = procFixture('diskstats.after.txt');
    const picked = pickDiskCounters(text, ['zram0', 'vda', 'sdz']);
    expect(picked[0]?.readsCompleted).toBe(0);
    expect(picked[1]).toEqual(parseDiskstats(text).byName.get('vda')?.counters);
    expect(picked[2]).toBeNull();
  });
});
