import { describe, expect, it } from 'vitest';
import { findMount, parseMountinfo, unescapeMountField } from '../../src/sample/parse-mountinfo.js';
import { procFixture } from './fixture.js';

describe('parseMountinfo on this machine', () => {
  const mounts = parseMountinfo(procFixture('mountinfo.txt'));

  it('reads every line, fs type and source after the "-" separator', () => {
    expect(mounts).toHaveLength(20);
    // 27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,...
    expect(mounts.find((m) => m.mountPoint === '/')).toMatchObject({
      mountId: 27,
      devNumber: '254:0',
      fsType: 'ext4',
      source: '/dev/vda',
      mountOptions: 'rw,relatime',
    });
  });

  it('picks the longest mount point prefix, and the top of a stack', () => {
    expect(findMount(mounts, '/var/tmp/x')?.mountPoint).toBe('/');
    expect(findMount(mounts, '/sys/fs/cgroup/blkio/a')?.fsType).toBe('cgroup');
    expect(findMount(mounts, '/sys/fsx')?.fsType).toBe('sysfs');
    // /dev/shm is mounted twice (ids 25 and 30); the later one is on top.
    expect(findMount(mounts, '/dev/shm/f')?.mountId).toBe(30);
  });
});

describe('unescapeMountField', () => {
  it('decodes octal escapes of space, tab and backslash', () => {
    expect(unescapeMountField('/mnt/a\\040b\\011c\\134d')).toBe('/mnt/a b\tc\\d');
  });
});
