import { describe, expect, it } from 'vitest';
import { availability, neededBytes, type MachineFacts } from '../../src/experiment/availability.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
// A GitHub-hosted ubuntu-24.04 runner: / on sda1 with ~20 GiB free, /mnt on sdb1, 16 GiB RAM.
const runner: MachineFacts = {
  privilege: 'sudo',
  memAvailableBytes: 14 * GiB,
  extractedBytes: 400 * MiB,
  archiveInRamBytes: 100 * MiB,
  restoreFs: { mountPoint: '/', fsType: 'ext4', freeBytes: 20 * GiB },
  shm: { mountPoint: '/dev/shm', fsType: 'tmpfs', freeBytes: 8 * GiB },
  otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 70 * GiB }],
  dirtySysctlsReadable: true,
  // vm.dirty_bytes=192 MiB as issue 25's runner was left: below what a 400 MiB restore needs.
  dirtyBudget: { dirtyBytes: 192 * MiB, backgroundBytes: 96 * MiB },
  otherMountsSeen: 30,
};
// The kernel's default ratios (20 / 10) of this runner's 14 GiB available.
const defaultRatios = { dirtyBytes: Math.floor(14 * GiB * 0.2), backgroundBytes: Math.floor(14 * GiB * 0.1) };

const names = (a: ReturnType<typeof availability>) => a.targets.map((t) => `${t.alternative}${t.mountPoint ? ` ${t.mountPoint}` : ''}`);

describe('which alternatives can run here', () => {
  it('on a hosted runner with sudo: all of them, ram on a tmpfs of its own', () => {
    const a = availability(['ram', 'decompress', 'other-disk', 'page-cache'], runner);
    expect(names(a)).toEqual(['baseline /', 'ram', 'decompress', 'other-disk /mnt', 'page-cache /']);
    expect(a.ramVia).toBe('own-tmpfs');
    expect(a.skipped).toEqual([]);
  });

  it('without root or sudo: page-cache has no permission, ram falls back to /dev/shm', () => {
    const a = availability(['ram', 'page-cache'], { ...runner, privilege: 'none' });
    expect(names(a)).toEqual(['baseline /', 'ram /dev/shm']);
    expect(a.ramVia).toBe('shm');
    expect(a.skipped.map((s) => [s.alternative, s.reason])).toEqual([['page-cache', 'no-permission']]);
  });

  it('no room: a full other disk, a full /dev/shm without privileges, a restore too big for RAM', () => {
    const a = availability(['ram', 'other-disk', 'page-cache'], {
      ...runner,
      privilege: 'none',
      shm: { mountPoint: '/dev/shm', fsType: 'tmpfs', freeBytes: 64 * MiB },
      otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 100 * MiB }],
    });
    expect(a.skipped.map((s) => [s.alternative, s.reason, s.mountPoint])).toEqual([
      ['ram', 'no-room', '/dev/shm'],
      ['other-disk', 'no-room', '/mnt'],
      ['page-cache', 'no-permission', null],
    ]);
    expect(a.skipped[1]?.detail).toContain(`needs ${Math.round(neededBytes(400 * MiB) / MiB)} MiB`);
    const big = availability(['ram', 'page-cache'], { ...runner, memAvailableBytes: 600 * MiB });
    expect(big.skipped.map((s) => [s.alternative, s.reason])).toEqual([
      ['ram', 'no-room'],
      ['page-cache', 'no-room'],
    ]);
  });

  it('page-cache is skipped when the budget in force already holds the restore with the same headroom', () => {
    const a = availability(['ram', 'page-cache'], { ...runner, dirtyBudget: defaultRatios });
    expect(names(a)).toEqual(['baseline /', 'ram']);
    expect(a.skipped.map((s) => [s.alternative, s.reason])).toEqual([['page-cache', 'already-fits']]);
    expect(a.skipped[0]?.detail).toBe(
      'the page cache already holds the restore: vm.dirty_* allow 2.8 GiB (background writeback from 1.4 GiB), the restore is 400 MiB; raising them changes nothing here',
    );
    // The limit holds 2 × the restore (832 MiB) but background writeback starts before the restore is in (416 MiB): it runs.
    const early = availability(['page-cache'], { ...runner, dirtyBudget: { dirtyBytes: 2 * GiB, backgroundBytes: 256 * MiB } });
    expect(names(early)).toEqual(['baseline /', 'page-cache /']);
    // Exactly the target: nothing to raise.
    const exact = availability(['page-cache'], { ...runner, dirtyBudget: { dirtyBytes: 832 * MiB, backgroundBytes: 416 * MiB } });
    expect(exact.skipped.map((s) => s.reason)).toEqual(['already-fits']);
    // Limits that cannot be worked out: it runs (and raises nothing it cannot compare).
    expect(names(availability(['page-cache'], { ...runner, dirtyBudget: null }))).toEqual(['baseline /', 'page-cache /']);
  });

  it('no such file system: no other disk, no dirty sysctls', () => {
    const a = availability(['other-disk', 'page-cache'], { ...runner, otherDisks: [], dirtySysctlsReadable: false });
    expect(a.skipped.map((s) => [s.alternative, s.reason])).toEqual([
      ['other-disk', 'no-such-file-system'],
      ['page-cache', 'no-such-file-system'],
    ]);
  });

  it('no room for a second copy on the restore path: nothing runs, each says why', () => {
    const a = availability(['ram', 'decompress'], { ...runner, restoreFs: { mountPoint: '/', fsType: 'ext4', freeBytes: 300 * MiB } });
    expect(a.targets).toEqual([]);
    expect(a.skipped.map((s) => [s.alternative, s.reason])).toEqual([
      ['baseline', 'no-room'],
      ['ram', 'no-baseline'],
      ['decompress', 'no-baseline'],
    ]);
  });
});
