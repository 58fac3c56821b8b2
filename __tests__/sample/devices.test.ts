// Device resolution against this machine's real /sys and mounts: / on vda, a file-backed loop
// device with ext4 (and one with a partition table), and tmpfs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeScheduler, nearestExisting, resolveDevices, splitDevT } from '../../src/sample/devices.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';

const onLinux = process.platform === 'linux';

describe('pure helpers', () => {
  it('activeScheduler takes the bracketed entry', () => {
    expect(activeScheduler('none [mq-deadline] kyber bfq')).toBe('mq-deadline');
    expect(activeScheduler('[none] mq-deadline')).toBe('none');
    expect(activeScheduler('noop')).toBe('noop');
    expect(activeScheduler(undefined)).toBeUndefined();
  });

  it('splitDevT decodes glibc dev_t, including minors above 255', () => {
    expect(splitDevT(0xfe00n)).toEqual({ major: 254, minor: 0 });
    // makedev(259, 300) = (minor & 0xff) | (major << 8) | ((minor & ~0xff) << 12)
    expect(splitDevT(BigInt((300 & 0xff) | (259 << 8) | ((300 & ~0xff) << 12)))).toEqual({ major: 259, minor: 300 });
  });

  it('nearestExisting walks up from a path that does not exist yet', () => {
    expect(nearestExisting('/var/tmp/dp-does-not-exist/a/b')).toBe('/var/tmp');
  });
});

describe.runIf(onLinux)('this machine', () => {
  it("a not-yet-existing restore path under / resolves to the root filesystem's disk, primary", () => {
    const rootDev = splitDevT(statSync('/', { bigint: true }).dev);
    const { devices, fileSystems, noBlockDeviceReason } = resolveDevices({ restorePath: '/var/tmp/dp-not-there/yet' });
    expect(noBlockDeviceReason).toBeUndefined();
    const primary = devices[0];
    expect(primary?.primary).toBe(true);
    expect(primary?.roles).toEqual(['restore-path']);
    // The root filesystem's st_dev leads here (directly, or via a partition's parent).
    const sysDev = execFileSync('cat', [`/sys/block/${primary?.name}/dev`])
      .toString()
      .trim();
    expect(primary?.devNumber).toBe(sysDev);
    if (rootDev.major !== 0 && primary?.chain.length === 1) expect(primary.devNumber).toBe(`${rootDev.major}:${rootDev.minor}`);
    expect(primary?.sizeBytes).toBeGreaterThan(0);
    expect(primary?.queueDepth).toBeGreaterThan(0);
    expect(typeof primary?.rotational).toBe('boolean');
    expect(primary?.scheduler).toMatch(/^[a-z-]+$/);
    expect(fileSystems[0]).toMatchObject({ path: '/var/tmp/dp-not-there/yet', mountPoint: '/' });
    expect(fileSystems[0]?.freeBytes).toBeGreaterThan(0);
    expect(fileSystems[0]?.totalBytes).toBeGreaterThanOrEqual(fileSystems[0]?.freeBytes ?? Infinity);
  });

  it('tmpfs: no block device, and it says so', () => {
    const { devices, fileSystems, noBlockDeviceReason } = resolveDevices({ restorePath: '/dev/shm/dp-cache' });
    expect(devices).toEqual([]);
    expect(fileSystems[0]?.fsType).toBe('tmpfs');
    expect(noBlockDeviceReason).toMatch(/tmpfs/);
  });

  it("a tmpfs archive temp dir does not hide the restore path's disk", () => {
    const where = resolveDevices({ restorePath: '/var/tmp', archiveTemp: '/dev/shm' });
    expect(where.noBlockDeviceReason).toBeUndefined();
    expect(where.devices.filter((d) => d.primary)).toHaveLength(1);
    expect(where.fileSystems.map((f) => f.fsType)).toEqual([expect.any(String), 'tmpfs']);
  });

  it('without /proc and /sys it reports why instead of throwing', () => {
    const where = resolveDevices({ restorePath: '/var/tmp' }, { procRoot: '/nonexistent-proc', sysRoot: '/nonexistent-sys' });
    expect(where.devices).toEqual([]);
    expect(where.noBlockDeviceReason).toMatch(/mountinfo/);
  });
});

const loopUsable = onLinux && isRoot && existsSync('/dev/loop-control') && commandExists('losetup') && commandExists('mkfs.ext4');

describe.runIf(prerequisite('root with losetup and mkfs.ext4 (loop devices)', loopUsable))('loop devices', () => {
  const dir = mkdtempSync('/var/tmp/dp-devices-');
  const loops: string[] = [];
  const mounts: string[] = [];

  function attach(image: string, partitions: boolean): string {
    const args = partitions ? ['-P', '-f', '--show', image] : ['-f', '--show', image];
    const device = execFileSync('losetup', args).toString().trim();
    loops.push(device);
    return device;
  }

  function mountExt4(device: string, mountPoint: string): void {
    execFileSync('mkfs.ext4', ['-q', '-F', device]);
    mkdirSync(mountPoint);
    execFileSync('mount', [device, mountPoint]);
    mounts.push(mountPoint);
  }

  let plain = '';
  beforeAll(() => {
    execFileSync('truncate', ['-s', '64M', join(dir, 'plain.img')]);
    plain = attach(join(dir, 'plain.img'), false);
    mountExt4(plain, join(dir, 'plain'));
  });

  afterAll(() => {
    for (const m of mounts.reverse()) execFileSync('umount', [m], { stdio: 'ignore' });
    for (const l of loops) execFileSync('losetup', ['-d', l], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  });

  it("ext4 on a loop device: the loop device is primary, the backing file's disk is listed too", () => {
    const name = plain.replace('/dev/', '');
    const backingDisk = resolveDevices({ restorePath: dir }).devices[0];
    const where = resolveDevices({ restorePath: join(dir, 'plain', 'node_modules'), archiveTemp: dir });
    expect(where.noBlockDeviceReason).toBeUndefined();
    expect(where.devices[0]).toMatchObject({ name, primary: true, chain: [name], roles: ['restore-path'], sizeBytes: 64 * 1024 * 1024 });
    expect(where.devices[1]).toMatchObject({
      name: backingDisk?.name,
      primary: false,
      chain: [name, `backing file ${join(dir, 'plain.img')}`, ...(backingDisk?.chain ?? [])],
      roles: ['restore-path', 'archive-temp'],
    });
    expect(where.devices).toHaveLength(2);
    expect(where.fileSystems[0]).toMatchObject({ mountPoint: join(dir, 'plain'), fsType: 'ext4', source: plain });
    expect(where.fileSystems[0]?.totalBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
  // Partition → whole disk and dm/md → member disks are not tested here: this machine's kernel has no
  // partition-table support (CONFIG_MSDOS_PARTITION) nor device-mapper or md, so no such device can be made.
});
