// What the probed device counted over one probe, from two /proc/diskstats readings. The lines are real:
// loop1 read before and after fio's 1 MiB sequential-write probe job (libaio, direct, 2 x 8 deep) on
// ext4 on a loop device with queue/max_sectors_kb 4 under blkio caps of 48 MiB/s and 900 write IOPS
// (this project's VM, Linux 6.18, 2026-11-25, fixtures/profiles/probe-caps/fio-under-caps.sh 0 50331648 900 4).
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countsBetween, deviceReader } from '../../src/probe/device-counts.js';
import { splitDevT } from '../../src/sample/devices.js';
import { parseDiskstatsLine } from '../../src/sample/parse-diskstats.js';

const BEFORE = '   7       1 loop1 343 0 4436 614 69430 277 1728512 372263 0 6084 372961 4 0 8388624 0 24 83';
const AFTER = '   7       1 loop1 343 0 4436 614 77637 277 1794168 383947 0 6172 384649 4 0 8388624 0 28 87';

const reading = (line: string, atMs: number) => {
  const e = parseDiskstatsLine(line);
  if (!e) throw new Error('not a diskstats line');
  return { device: e.name, atMs, counters: e.counters };
};

describe('countsBetween', () => {
  it("counts the probe's direction only: requests, merges and sectors written between the readings", () => {
    const c = countsBetween(reading(BEFORE, 1000), reading(AFTER, 9600), 'write');
    expect(c).toEqual({ device: 'loop1', durationMs: 8600, requests: 77637 - 69430, merges: 0, sectors: 1794168 - 1728512 });
    // 1 MiB writes reached the device as 4 KiB requests: what a cap on bios would count 256 of per write.
    expect(((c?.sectors ?? 0) * 512) / (c?.requests ?? 1)).toBe(4096);
  });

  it('reads nothing written when the probe read', () => {
    expect(countsBetween(reading(BEFORE, 0), reading(AFTER, 1), 'read')).toMatchObject({ requests: 0, merges: 0, sectors: 0 });
  });

  it('refuses two readings of different devices', () => {
    expect(countsBetween(reading(BEFORE, 0), reading(AFTER.replace('loop1', 'loop2'), 1), 'write')).toBeNull();
  });
});

describe('deviceReader', () => {
  it("reads the line of the device the directory's file system is on, from the given procfs", () => {
    const proc = mkdtempSync(path.join(os.tmpdir(), 'dp-device-counts-'));
    try {
      // The temp dir's own device, whatever it is, written as the only diskstats line.
      const { major, minor } = splitDevT(statSync(proc, { bigint: true }).dev);
      writeFileSync(path.join(proc, 'diskstats'), `${BEFORE.replace('7       1 loop1', `${major} ${minor} probed`)}\n`);
      const read = deviceReader(proc, proc, () => 5);
      expect(read?.()).toMatchObject({ device: 'probed', atMs: 5, counters: { writesCompleted: 69430 } });
      writeFileSync(path.join(proc, 'diskstats'), BEFORE);
      expect(deviceReader(proc, proc)).toBeNull();
    } finally {
      rmSync(proc, { recursive: true, force: true });
    }
  });
});
