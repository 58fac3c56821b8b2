// /proc/net/dev parsing and the per-interface receive deltas the download verdict reads, on this machine's file.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { netDevDeltas, parseNetDev, readNetDev } from '../../src/sample/net-dev.js';
import { repoRoot } from '../helpers/tree.js';

const fixture = (name: string) => readFileSync(path.join(repoRoot, 'fixtures/procfs', name), 'utf8');

describe('/proc/net/dev', () => {
  it('parses every interface with its receive bytes, packets and transmit bytes, skipping the two header lines', () => {
    const counters = parseNetDev(fixture('net-dev.before.txt'));
    expect(counters.map((c) => c.name)).toEqual(['lo', 'ifb0', 'ifb1', 'eth0']);
    const lo = counters[0];
    expect(lo?.rxBytes).toBeGreaterThan(0);
    expect(lo?.txBytes).toBe(lo?.rxBytes); // loopback: what is sent is received
  });

  it('keeps only the interfaces that received bytes, largest first', () => {
    const before = [
      { name: 'lo', rxBytes: 100, rxPackets: 1, txBytes: 100 },
      { name: 'eth0', rxBytes: 1000, rxPackets: 10, txBytes: 5 },
      { name: 'ifb0', rxBytes: 0, rxPackets: 0, txBytes: 0 },
    ];
    const after = [
      { name: 'lo', rxBytes: 150, rxPackets: 2, txBytes: 150 },
      { name: 'eth0', rxBytes: 9000, rxPackets: 20, txBytes: 9 },
      { name: 'ifb0', rxBytes: 0, rxPackets: 0, txBytes: 0 },
    ];
    expect(netDevDeltas(before, after)).toEqual([
      { name: 'eth0', rxBytes: 8000, rxPackets: 10, txBytes: 4 },
      { name: 'lo', rxBytes: 50, rxPackets: 1, txBytes: 50 },
    ]);
    expect(netDevDeltas(parseNetDev(fixture('net-dev.before.txt')), parseNetDev(fixture('net-dev.after.txt'))).every((d) => d.rxBytes > 0)).toBe(true);
  });

  it('reads null where there is no /proc/net/dev', () => {
    expect(readNetDev('/nonexistent')).toBeNull();
    expect(readNetDev('/proc')?.some((c) => c.name === 'lo')).toBe(true);
  });
});
