// The post step's cleanup after a hard-killed main step: an experiment directory with a tmpfs still
// mounted inside and vm.dirty_* still raised are put back; a directory that is not ours is left alone.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanUpExperiments, parseDirtyChange } from '../../src/experiment/post-cleanup.js';
import { createOwnedDir } from '../../src/experiment/owned-dirs.js';
import { putBackDirtySettings, raiseDirtyLimits, readDirtySettings } from '../../src/experiment/dirty.js';
import { isRoot, prerequisite } from '../helpers/prerequisites.js';
import { execFileSync } from 'node:child_process';
import { NO_PRIVILEGES, ROOT_PRIVILEGES } from '../helpers/privileges.js';

describe('saved vm.dirty_* from the state', () => {
  it('reads back what main saved, and nothing else', () => {
    const change = {
      saved: { dirty_bytes: 0, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 },
      set: { dirty_bytes: 512 * 1024 * 1024, dirty_background_bytes: 512 * 1024 * 1024 },
    };
    expect(parseDirtyChange(JSON.stringify(change))).toEqual(change);
    expect(parseDirtyChange('')).toBeNull();
    // The values main wrote are needed to tell whether they are still ours.
    expect(parseDirtyChange(JSON.stringify({ saved: change.saved }))).toBeNull();
    expect(parseDirtyChange('{"saved":{"dirty_bytes":"1"}}')).toBeNull();
  });
});

describe('a directory recorded before it was made', () => {
  it('createOwnedDir hands its name to record before it exists, then makes it 0700 with its marker', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-owned-'));
    try {
      const seen: { dir: string; existed: boolean }[] = [];
      const dir = createOwnedDir(parent, NO_PRIVILEGES, (d) => seen.push({ dir: d, existed: existsSync(d) }));
      expect(seen).toEqual([{ dir, existed: false }]);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(existsSync(path.join(dir, '.disk-profiler-experiment'))).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('killed before its marker (empty) is removed by the cleanup; one holding anything without it is left', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-owned-'));
    try {
      const empty = path.join(parent, '.disk-profiler-exp-0123456789ab');
      const holding = path.join(parent, '.disk-profiler-exp-ba9876543210');
      mkdirSync(empty);
      mkdirSync(holding);
      writeFileSync(path.join(holding, 'f'), 'x');
      const report = cleanUpExperiments({ experimentDirs: [empty, holding], dirty: null }, NO_PRIVILEGES);
      expect(report.removed).toEqual([empty]);
      expect(report.refused).toEqual([{ dir: holding, reason: 'has no .disk-profiler-experiment marker' }]);
      expect([empty, holding].map(existsSync)).toEqual([false, true]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

const ready = prerequisite('root (tmpfs mount, vm.dirty_*)', isRoot);

describe.runIf(ready)('post-step cleanup after a hard kill', () => {
  it('unmounts, removes ours, puts the sysctls back, leaves the rest', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-post-'));
    const before = readDirtySettings();
    try {
      const ours = createOwnedDir(parent, ROOT_PRIVILEGES);
      const mnt = path.join(ours, 'tmpfs');
      mkdirSync(mnt);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'disk-profiler-exp', mnt]);
      writeFileSync(path.join(mnt, 'f'), 'x');
      const set = 512 * 1024 * 1024;
      raiseDirtyLimits(ROOT_PRIVILEGES, { dirtyBytes: set, backgroundBytes: set });
      expect(readDirtySettings()).not.toEqual(before);
      const notOurs = path.join(parent, '.disk-profiler-exp-foreign');
      mkdirSync(notOurs);
      const report = cleanUpExperiments({ experimentDirs: [ours, notOurs], dirty: { saved: before, set: { dirty_bytes: set, dirty_background_bytes: set } } });
      expect(report.dirtyPutBack).toEqual(['vm.dirty_background_bytes', 'vm.dirty_bytes']);
      expect(report.dirtyLeftAlone).toEqual([]);
      expect(readDirtySettings()).toEqual(before);
      expect(report.removed).toEqual([ours]);
      expect(report.refused).toEqual([{ dir: notOurs, reason: 'has no .disk-profiler-experiment marker' }]);
      expect(existsSync(ours)).toBe(false);
      expect(existsSync(notOurs)).toBe(true);
      expect(readFileSync('/proc/mounts', 'utf8')).not.toContain(mnt);
    } finally {
      // Should the test fail half-way, the machine is still put back.
      putBackDirtySettings(ROOT_PRIVILEGES, before);
      for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
        const at = line.split(' ')[1];
        if (at?.startsWith(parent)) execFileSync('umount', ['-l', at]);
      }
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
