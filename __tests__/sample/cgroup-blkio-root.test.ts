// The cgroup reader against the real kernel: a loop device throttled through the root blkio group
// (as the lab throttles its disks) shows up in the reader's ioLimits when the profiler runs in that
// group, which is the case at root on this VM (cgroup v1, blkio:/). The judge then holds the
// restore's device against it (src/judge/cgroup-io.ts). Quick: no file system, no IO.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleDevice } from '../../tools/lab/blkio.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { createLoopDevice } from '../../tools/lab/loop-disk.js';
import { BLKIO_ROOT } from '../../tools/lab/paths.js';
import { readCgroup } from '../../src/sample/cgroup.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';

const MiB = 1024 * 1024;
const inRootBlkio = (): boolean =>
  fs
    .readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .some((l) => /^\d+:([^:]*,)?blkio(,[^:]*)?:\/$/.test(l));
const canRun =
  prerequisite('root', isRoot) &&
  prerequisite('losetup', commandExists('losetup')) &&
  prerequisite('cgroup v1 blkio throttling', fs.existsSync(`${BLKIO_ROOT}/blkio.throttle.write_bps_device`)) &&
  prerequisite('this process in the root blkio group', inRootBlkio());

describe.runIf(canRun)('the root blkio group’s throttles, read as the runner’s cgroup I/O caps', () => {
  const cleanup = new CleanupStack();
  let devNumber = '';

  beforeAll(async () => {
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgroup-blkio-'));
      cleanup.push(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
      devNumber = createLoopDevice(cleanup, { dir, sizeBytes: 64 * MiB }).devNumber;
      throttleDevice(cleanup, devNumber, 'blkio.throttle.write_bps_device', 40 * MiB);
      throttleDevice(cleanup, devNumber, 'blkio.throttle.write_iops_device', 1000);
    } catch (error) {
      await cleanup.runAll();
      throw error;
    }
  });

  afterAll(async () => {
    await cleanup.runAll();
    // Lifted: the throttle files no longer name the device.
    for (const file of ['blkio.throttle.write_bps_device', 'blkio.throttle.write_iops_device']) {
      expect(fs.readFileSync(path.join(BLKIO_ROOT, file), 'utf8')).not.toMatch(new RegExp(`^${devNumber} `, 'm'));
    }
  });

  it('reports both caps for the loop device, on its major:minor', () => {
    const reading = readCgroup();
    expect(reading?.limits.version).toBe(1);
    const cap = reading?.limits.ioLimits.find((l) => l.device === devNumber);
    expect(cap).toEqual({ device: devNumber, writeBytesPerSecond: 40 * MiB, writeIops: 1000 });
  });
});
