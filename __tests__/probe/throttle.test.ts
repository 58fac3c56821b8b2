// The probes against a disk of known speed: a file-backed loop device throttled through the root
// blkio cgroup. The measured ceiling must land within 10% of the throttle.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import type { ProbeName, ProbeSuiteResult } from '../../src/profile/schema.js';
import { runProbeSuite } from '../../src/probe/suite.js';

const BLKIO = '/sys/fs/cgroup/blkio';
const canRun =
  prerequisite('fio', commandExists('fio')) &&
  prerequisite('root', isRoot) &&
  prerequisite('losetup and mkfs.ext4', commandExists('losetup') && commandExists('mkfs.ext4')) &&
  prerequisite('cgroup v1 blkio throttling', fs.existsSync(`${BLKIO}/blkio.throttle.write_bps_device`));

const MiB = 1024 * 1024;

describe.runIf(canRun)('probes on a throttled loop device', () => {
  let work = '';
  let device = '';
  let devNumber = '';
  let mountPoint = '';
  const throttled = new Set<string>();

  const throttle = (file: string, value: number) => {
    fs.writeFileSync(`${BLKIO}/${file}`, `${devNumber} ${value}`);
    if (value > 0) throttled.add(file);
    else throttled.delete(file);
  };

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-throttle-'));
    const image = path.join(work, 'disk.img');
    fs.closeSync(fs.openSync(image, 'w'));
    fs.truncateSync(image, 1536 * MiB);
    // Direct IO from the loop device to its backing file: the host page cache would otherwise absorb
    // and reorder our IO, and the throttle would meet writeback instead of fio's requests.
    device = execFileSync('losetup', ['-f', '--show', '--direct-io=on', image], { encoding: 'utf8' }).trim();
    const rdev = fs.statSync(device).rdev;
    devNumber = `${Math.floor(rdev / 256) & 0xfff}:${(rdev & 0xff) | ((rdev >> 12) & 0xfff00)}`;
    // No lazy init: ext4lazyinit would write in the background and eat into the throttled budget.
    execFileSync('mkfs.ext4', ['-q', '-F', '-E', 'lazy_itable_init=0,lazy_journal_init=0', device]);
    mountPoint = path.join(work, 'mnt');
    fs.mkdirSync(mountPoint);
    execFileSync('mount', [device, mountPoint]);
  });

  afterAll(() => {
    const errors: string[] = [];
    const attempt = (what: string, fn: () => void) => {
      try {
        fn();
      } catch (error) {
        errors.push(`${what}: ${(error as Error).message}`);
      }
    };
    for (const file of [...throttled]) attempt(`lift ${file}`, () => throttle(file, 0));
    if (mountPoint) attempt('umount', () => execFileSync('umount', [mountPoint]));
    if (device) attempt('losetup -d', () => execFileSync('losetup', ['-d', device]));
    if (work) attempt('rm', () => fs.rmSync(work, { recursive: true, force: true }));
    if (errors.length) throw new Error(`cleanup failed: ${errors.join('; ')}`);
  });

  async function probeUnder(file: string, value: number, probe: ProbeName): Promise<ProbeSuiteResult> {
    throttle(file, value);
    try {
      return await runProbeSuite({ targetPath: mountPoint, probes: [probe], budgetMs: 8000, cpuCount: 2 });
    } finally {
      throttle(file, 0);
    }
  }

  it('seq-write finds a 50 MiB/s write throttle', async () => {
    const result = await probeUnder('blkio.throttle.write_bps_device', 50 * MiB, 'seq-write');
    const probe = result.probes[0]!;
    expect(probe.error, result.reason).toBeUndefined();
    expect(Math.abs(probe.bytesPerSecond / (50 * MiB) - 1)).toBeLessThan(0.1);
    expect(fs.readdirSync(mountPoint)).toEqual(['lost+found']);
  });

  it('rand-write finds a 2000 IOPS write throttle', async () => {
    const result = await probeUnder('blkio.throttle.write_iops_device', 2000, 'rand-write');
    const probe = result.probes[0]!;
    expect(probe.error, result.reason).toBeUndefined();
    expect(Math.abs(probe.iops / 2000 - 1)).toBeLessThan(0.1);
  });

  it('seq-read finds a 50 MiB/s read throttle', async () => {
    const result = await probeUnder('blkio.throttle.read_bps_device', 50 * MiB, 'seq-read');
    const probe = result.probes[0]!;
    expect(probe.error, result.reason).toBeUndefined();
    expect(Math.abs(probe.bytesPerSecond / (50 * MiB) - 1)).toBeLessThan(0.1);
    expect(fs.readdirSync(mountPoint)).toEqual(['lost+found']);
  });
});
