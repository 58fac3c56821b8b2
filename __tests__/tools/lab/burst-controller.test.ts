// The burst-credit controller's logic (tools/lab/burst-credit.ts) on stand-in files: a stat line whose
// sectors-written field the test advances, and a throttle file the controller writes the baseline
// into once the credit is spent. The real one reads /sys/block/<dev>/stat and writes the root blkio
// group's write_bps_device (the lab's runner-type setup test covers that as root).
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnBurstController } from '../../../tools/lab/burst-credit.js';
import { CleanupStack } from '../../../src/system/cleanup.js';

const MiB = 1024 * 1024;
let dir: string;
let cleanup: CleanupStack;

/** A /sys/block/<dev>/stat line with `sectors` written (field 7), replaced atomically. */
function writeStat(sectors: number): void {
  const tmp = path.join(dir, 'stat.tmp');
  writeFileSync(
    tmp,
    `     100        0     2000      50 ${sectors}        0 ${sectors}     900        0     700     950        0        0        0        0\n`,
  );
  renameSync(tmp, path.join(dir, 'stat'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(5);
  }
  return check();
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'burst-controller-'));
  cleanup = new CleanupStack();
});

afterEach(async () => {
  await cleanup.runAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('the burst-credit controller', () => {
  it('counts from its start and lowers the cap once the credit is spent, not before', async () => {
    writeStat(5000);
    const throttle = path.join(dir, 'write_bps_device');
    const c = spawnBurstController(cleanup, {
      dir,
      statFile: path.join(dir, 'stat'),
      devNumber: '7:9',
      budgetBytes: 1 * MiB,
      burstBytesPerSecond: 160 * MiB,
      baselineBytesPerSecond: 40 * MiB,
      throttleFile: throttle,
    });
    await sleep(150);
    // 1 MiB is 2,048 sectors: 2,047 past its start is still within the credit.
    writeStat(5000 + 2047);
    await sleep(150);
    expect(existsSync(throttle)).toBe(false);
    expect(c.spent()).toBe(false);
    writeStat(5000 + 2048);
    expect(await until(() => c.spent(), 5000)).toBe(true);
    expect(readFileSync(throttle, 'utf8')).toBe(`7:9 ${40 * MiB}\n`);
  });

  it('is stopped by the cleanup stack while the credit lasts', async () => {
    writeStat(0);
    const c = spawnBurstController(cleanup, {
      dir,
      statFile: path.join(dir, 'stat'),
      devNumber: '7:9',
      budgetBytes: 48 * MiB,
      burstBytesPerSecond: 160 * MiB,
      baselineBytesPerSecond: 40 * MiB,
      throttleFile: path.join(dir, 'write_bps_device'),
    });
    await sleep(100);
    expect(c.spent()).toBe(false);
    await cleanup.runAll();
    expect(c.spent()).toBe(true);
    expect(existsSync(path.join(dir, 'write_bps_device'))).toBe(false);
  });
});
