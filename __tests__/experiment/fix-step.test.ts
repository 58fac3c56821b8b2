// Each alternative as the step a user pastes: one restore path and several, each kind of fix.
import { describe, expect, it } from 'vitest';
import { mountedPaths, shellPath, workflowFix } from '../../src/experiment/fix-step.js';
import { availability, type MachineFacts } from '../../src/experiment/availability.js';
import { MiB } from '../../src/util/units.js';
import { ROOT_PRIVILEGES } from '../helpers/privileges.js';

const one = { paths: ['node_modules'], mountPoint: null, extractedBytes: 130 * MiB };
const two = { paths: ['node_modules/@azure', 'node_modules/typescript'], mountPoint: null, extractedBytes: 130 * MiB };

/** The step's `run:` lines. */
const script = (yaml: string | null) =>
  (yaml ?? '')
    .split('\n')
    .filter((l) => l.startsWith('    '))
    .map((l) => l.trim());

describe('the fix as a step to paste', () => {
  it('ram, one path: a tmpfs on it, owned by the user who restores, placed before the restore step, saying what it hides after', () => {
    const f = workflowFix('ram', one);
    expect(f.kind).toBe('step');
    expect(f.yaml?.split('\n').slice(0, 2)).toEqual(['- name: RAM disks for the cache paths', '  run: |']);
    expect(script(f.yaml)).toEqual(['mkdir -p node_modules', 'sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs node_modules']);
    expect(f.placement).toBe('Add this step before the restore step (this action, or actions/cache).');
    expect(f.misplaced).toMatch(/^Placed after the restore step, the mounts would hide the files it just restored/);
    expect(f.paths).toEqual(['node_modules']);
  });

  it('ram, several paths: one tmpfs per path, every path', () => {
    const f = workflowFix('ram', two);
    expect(script(f.yaml)).toEqual([
      'mkdir -p node_modules/@azure node_modules/typescript',
      'sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs node_modules/@azure',
      'sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs node_modules/typescript',
    ]);
    expect(f.paths).toEqual(two.paths);
  });

  it('ram measured in /dev/shm (no root, no sudo): nothing to paste, and says why', () => {
    const f = workflowFix('ram', { ...two, ramVia: 'shm' });
    expect(f).toMatchObject({ kind: 'none', yaml: null, placement: null, paths: [] });
    expect(f.note).toMatch(/no step here can mount one/);
  });

  it('other-disk, one path and several: bind mounts from a directory per path on that disk (a symlink tar would replace)', () => {
    expect(script(workflowFix('other-disk', { ...one, mountPoint: '/mnt' }).yaml)).toEqual([
      'sudo mkdir -p /mnt/cache-restore',
      'sudo chown $(id -u):$(id -g) /mnt/cache-restore',
      'mkdir -p /mnt/cache-restore/1 node_modules',
      'sudo mount --bind /mnt/cache-restore/1 node_modules',
    ]);
    const f = workflowFix('other-disk', { ...two, mountPoint: '/' });
    expect(script(f.yaml)).toEqual([
      'sudo mkdir -p /cache-restore',
      'sudo chown $(id -u):$(id -g) /cache-restore',
      'mkdir -p /cache-restore/1 /cache-restore/2 node_modules/@azure node_modules/typescript',
      'sudo mount --bind /cache-restore/1 node_modules/@azure',
      'sudo mount --bind /cache-restore/2 node_modules/typescript',
    ]);
    expect(f.yaml).not.toContain('ln -s');
    expect(f.misplaced).toMatch(/^Placed after the restore step/);
    expect(f.paths).toEqual(two.paths);
  });

  it('page-cache: one machine-wide setting whatever the paths, before the restore step; nothing when already raised', () => {
    for (const c of [one, two]) {
      const f = workflowFix('page-cache', { ...c, dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB } });
      expect(script(f.yaml)).toEqual([`sudo sysctl -w vm.dirty_bytes=${320 * MiB} vm.dirty_background_bytes=${160 * MiB}`]);
      expect(f.placement).toMatch(/before the restore step/);
      expect(f.misplaced).toBe('Placed after the restore step it changes nothing for the restore.');
      expect(f.paths).toEqual([]);
    }
    expect(workflowFix('page-cache', { ...one, dirtyBudget: { dirtyBytes: 4096 * MiB, backgroundBytes: 2048 * MiB } }).kind).toBe('none');
  });

  it('baseline and decompress are not fixes', () => {
    expect(workflowFix('baseline', one).kind).toBe('none');
    expect(workflowFix('decompress', two).note).toMatch(/^A floor, not a fix/);
  });

  it('a path inside another is covered by its mount; ~ is the home directory, odd characters quoted', () => {
    expect(mountedPaths(['deps', 'deps/.cache', './other/', 'deps'])).toEqual(['deps', 'other']);
    expect(shellPath('~/.npm')).toBe('"$HOME/.npm"');
    expect(shellPath('my dir')).toBe(`'my dir'`);
    expect(script(workflowFix('ram', { ...one, paths: ['~/.npm', '~/.npm/_cacache'] }).yaml)).toEqual([
      'mkdir -p "$HOME/.npm"',
      'sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs "$HOME/.npm"',
    ]);
  });
});

describe('a restore path that is a pattern', () => {
  const facts: MachineFacts = {
    privileges: ROOT_PRIVILEGES,
    memAvailableBytes: 8192 * MiB,
    extractedBytes: 130 * MiB,
    runBytes: 130 * MiB,
    archiveInRamBytes: 0,
    restoreFs: { mountPoint: '/', fsType: 'ext4', freeBytes: 100_000 * MiB },
    shm: null,
    otherDisks: [{ mountPoint: '/mnt', fsType: 'ext4', freeBytes: 100_000 * MiB }],
    dirtySysctlsReadable: true,
    dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB },
    otherMountsSeen: 3,
  };

  it('ram and other-disk do not run: no step can mount what a pattern will match', () => {
    const a = availability(['ram', 'other-disk', 'page-cache'], facts, ['**/node_modules']);
    expect(a.targets.map((t) => t.alternative)).toEqual(['baseline', 'page-cache']);
    expect(a.skipped.map((s) => [s.alternative, s.reason])).toEqual([
      ['ram', 'pattern-path'],
      ['other-disk', 'pattern-path'],
    ]);
    expect(a.skipped[0]?.detail).toBe('`**/node_modules` is a pattern: a step can mount each restore path before the restore, not what a pattern will match');
    expect(availability(['ram', 'other-disk'], facts).targets.map((t) => t.alternative)).toEqual(['baseline', 'ram', 'other-disk']);
  });
});
