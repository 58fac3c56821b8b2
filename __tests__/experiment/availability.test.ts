import { describe, expect, it } from 'vitest';
import { availability, neededBytes, type MachineFacts } from '../../src/experiment/availability.js';
import { CONTAINER_PRIVILEGES, NO_PRIVILEGES, SUDO_PRIVILEGES } from '../helpers/privileges.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
// A GitHub-hosted ubuntu-24.04 runner: / on sda1 with ~20 GiB free, /mnt on sdb1, 16 GiB RAM.
const runner: MachineFacts = {
  privileges: SUDO_PRIVILEGES,
  memAvailableBytes: 14 * GiB,
  extractedBytes: 400 * MiB,
  runBytes: 400 * MiB,
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
  // Runs on a sample (run-experiments.ts): the room a run needs is the sample's, what the fix would need the restore's.
  describe('where the runs extract a sample', () => {
    const sampled: MachineFacts = { ...runner, extractedBytes: 6 * GiB, runBytes: 240 * MiB, dirtyBudget: defaultRatios };
    it('page-cache is not measured on a sample of a restore the limits do not hold: a sample they hold would feel none of it', () => {
      const a = availability(['page-cache'], sampled);
      expect(names(a)).toEqual(['baseline /']);
      expect(a.skipped).toEqual([
        {
          alternative: 'page-cache',
          mountPoint: null,
          reason: 'not-on-a-sample',
          detail:
            'the restore (6 GiB) is more than vm.dirty_* hold (2.8 GiB), which a sample of 240 MiB does not feel: raising them is measured only where full runs fit the budget',
        },
      ]);
    });
    it('with the limits unknown, a sample is not said to be under them, only that it may not feel them', () => {
      const a = availability(['page-cache'], { ...sampled, dirtyBudget: null });
      expect(a.skipped[0]).toMatchObject({ reason: 'not-on-a-sample', detail: expect.stringContaining('the vm.dirty_* limits in force are unknown') });
    });
    it('a restore the limits already hold is said so with its own size, not the sample’s', () => {
      const a = availability(['page-cache'], { ...sampled, extractedBytes: 700 * MiB });
      expect(a.skipped[0]).toMatchObject({ reason: 'already-fits', detail: expect.stringContaining('the restore is 700 MiB;') });
    });
    it('ram is no fix where the restore does not fit half the memory, however small the sample', () => {
      const a = availability(['ram'], { ...sampled, extractedBytes: 12 * GiB });
      expect(names(a)).toEqual(['baseline /']);
      expect(a.skipped[0]).toMatchObject({ alternative: 'ram', reason: 'no-room' });
    });
    it("the room for a run's copy is the sample's: a disk with room for the sample, not for the restore, runs", () => {
      const tight = {
        ...sampled,
        extractedBytes: 4 * GiB,
        restoreFs: { ...runner.restoreFs, freeBytes: 1 * GiB },
        otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 1 * GiB }],
      };
      expect(names(availability(['ram', 'other-disk'], tight))).toEqual(['baseline /', 'ram', 'other-disk /mnt']);
    });
  });

  it('on a hosted runner with sudo: all of them, ram on a tmpfs of its own', () => {
    const a = availability(['ram', 'decompress', 'other-disk', 'page-cache'], runner);
    expect(names(a)).toEqual(['baseline /', 'ram', 'decompress', 'other-disk /mnt', 'page-cache /']);
    expect(a.ramVia).toBe('own-tmpfs');
    expect(a.skipped).toEqual([]);
  });

  it('without root or sudo: page-cache has no permission, ram falls back to /dev/shm', () => {
    const a = availability(['ram', 'page-cache'], { ...runner, privileges: NO_PRIVILEGES });
    expect(names(a)).toEqual(['baseline /', 'ram /dev/shm']);
    expect(a.ramVia).toBe('shm');
    expect(a.skipped.map((s) => [s.alternative, s.reason])).toEqual([['page-cache', 'no-permission']]);
  });

  it('no room: a full other disk, a full /dev/shm without privileges, a restore too big for RAM', () => {
    const a = availability(['ram', 'other-disk', 'page-cache'], {
      ...runner,
      privileges: NO_PRIVILEGES,
      shm: { mountPoint: '/dev/shm', fsType: 'tmpfs', freeBytes: 64 * MiB },
      otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 100 * MiB }],
    });
    expect(a.skipped.map((s) => [s.alternative, s.reason, s.mountPoint])).toEqual([
      ['ram', 'no-room', '/dev/shm'],
      // Bind mounts need root or sudo before any room matters (issue 38: it was planned without, and failed twice).
      ['other-disk', 'no-permission', null],
      ['page-cache', 'no-permission', null],
    ]);
    const full = availability(['other-disk'], { ...runner, otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 100 * MiB }] });
    expect(full.skipped.map((s) => [s.alternative, s.reason, s.mountPoint])).toEqual([['other-disk', 'no-room', '/mnt']]);
    expect(full.skipped[0]?.detail).toContain(`needs ${Math.round(neededBytes(400 * MiB) / MiB)} MiB`);
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

  // Issue 38: uid 0 without CAP_SYS_ADMIN and with /proc/sys read-only is not root for mounts or sysctls.
  it('in a container job: no tmpfs of its own (ram in /dev/shm), other-disk and page-cache not planned, each saying why as data', () => {
    const a = availability(['ram', 'other-disk', 'page-cache'], { ...runner, privileges: CONTAINER_PRIVILEGES });
    expect(names(a)).toEqual(['baseline /', 'ram /dev/shm']);
    expect(a.ramVia).toBe('shm');
    expect(a.skipped.map((s) => [s.alternative, s.reason, s.permission])).toEqual([
      ['other-disk', 'no-permission', { operation: 'mount', lacks: ['cap-sys-admin', 'no-sudo'] }],
      ['page-cache', 'no-permission', { operation: 'sysctl', lacks: ['sysctl-read-only', 'no-sudo'] }],
    ]);
    expect(a.skipped[0]?.detail).toMatch(
      /^each restore path is bind-mounted from the other disk \(\/mnt\), and mounting .* needs CAP_SYS_ADMIN: this process is uid 0 without CAP_SYS_ADMIN/,
    );
    expect(a.skipped[1]?.detail).toMatch(/\/proc\/sys is mounted read-only for this process \(\/proc\/sys\/vm\/dirty_bytes: EROFS and 3 more\)/);
    // Without /dev/shm either, ram says what it lacks too.
    const noShm = availability(['ram'], { ...runner, shm: null, privileges: CONTAINER_PRIVILEGES });
    expect(noShm.skipped.map((s) => [s.reason, s.permission?.operation])).toEqual([['no-permission', 'mount']]);
  });

  it('other-disk on a disk this user cannot write to, with mounts through sudo but no way to make a directory there: not planned', () => {
    const a = availability(['other-disk'], {
      ...runner,
      privileges: { ...SUDO_PRIVILEGES, files: NO_PRIVILEGES.files },
      otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 70 * GiB, writable: false }],
    });
    expect(a.skipped.map((s) => [s.alternative, s.mountPoint, s.permission?.operation])).toEqual([['other-disk', '/mnt', 'files']]);
    expect(
      names(availability(['other-disk'], { ...runner, otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 70 * GiB, writable: false }] })),
    ).toEqual(['baseline /', 'other-disk /mnt']);
  });

  it("in a cgroup with less room than MemAvailable, the RAM share is the cgroup's, and said so", () => {
    const a = availability(['ram'], { ...runner, memAvailableBytes: 600 * MiB, cgroupMemory: { limitBytes: 2 * GiB, roomBytes: 600 * MiB } });
    expect(a.skipped[0]?.detail).toBe(
      "the restore (644 MiB with slack and the archive) does not fit in 50% of the available memory (600 MiB: the room left under this job's cgroup memory limit of 2 GiB)",
    );
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

describe('a name no descriptor knows', () => {
  it('is an error naming it and the allowed ones, not passed over without a target or a skip', () => {
    // Cast: the input's parser refuses such a name; data from elsewhere can still carry one.
    expect(() => availability(['ram', 'tmpfs' as 'ram'], runner)).toThrow(/"tmpfs".*Allowed: baseline, ram, decompress, other-disk, page-cache/);
  });
});
