// The gp3-like disk the benchmark compares probes on, for real: a throttled loop device whose
// throttles, mount and image are all gone again after cleanup.
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { throttlesOf } from '../../../tools/lab/blkio.js';
import { CleanupStack } from '../../../src/system/cleanup.js';
import { labView, readMachineState } from '../../../tools/lab/machine-state.js';
import { BLKIO_ROOT, LAB_PREFIX, THROTTLE_FILES } from '../../../tools/lab/paths.js';
import { createProvisionedDisk, describeLimits, GP3_BASELINE } from '../../../tools/lab/provisioned-disk.js';
import { commandExists, isRoot, prerequisite } from '../../helpers/prerequisites.js';

const EXT4_SUPER_MAGIC = 0xef53;

describe('describeLimits', () => {
  it('names every limit in its unit', () => {
    expect(describeLimits()).toBe('read 125 MiB/s and 3,000 IOPS, write 125 MiB/s and 3,000 IOPS');
  });
});

const ready = prerequisite(
  'root with losetup, mkfs.ext4 and cgroup v1 blkio throttling (the gp3-like disk)',
  isRoot && ['losetup', 'mkfs.ext4'].every(commandExists) && existsSync(path.join(BLKIO_ROOT, 'blkio.throttle.write_bps_device')),
);

describe.runIf(ready)('createProvisionedDisk', () => {
  it('mounts ext4 on a loop device throttled to the gp3 baseline, and cleanup leaves the machine as found', async () => {
    const before = readMachineState();
    const cleanup = new CleanupStack();
    let devNumber = '';
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}gp3-test-`));
      cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
      const disk = createProvisionedDisk(cleanup, dir);
      devNumber = disk.devNumber;
      expect(statfsSync(disk.mountPoint).type).toBe(EXT4_SUPER_MAGIC);
      for (const file of THROTTLE_FILES) expect(throttlesOf(devNumber, file)).toEqual([`${devNumber} ${GP3_BASELINE[file]}`]);
    } finally {
      await cleanup.runAll();
    }
    for (const file of THROTTLE_FILES) expect(throttlesOf(devNumber, file)).toEqual([]);
    expect(labView(readMachineState(), [devNumber])).toEqual(labView(before, [devNumber]));
  }, 120_000);
});
