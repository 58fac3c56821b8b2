// Where the profiles of one machine meet, on real directories: the shared one is used only when no
// other user can steer it (a real directory, owned by root or this user, sticky where others may
// write); otherwise this user's own, and the profile says that other users' profiles are out of sight.
import { chownSync, chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MACHINE_DIR_ENV, machineDir, machinePlace } from '../../src/machine/place.js';
import { isRoot, prerequisite } from '../helpers/prerequisites.js';

const NOBODY = 65534;
const ready = prerequisite('root (directories of another owner, made with chown)', isRoot);
const top = mkdtempSync(path.join(os.tmpdir(), 'dp-place-'));
chmodSync(top, 0o1777);
afterAll(() => rmSync(top, { recursive: true, force: true }));

const before = process.env[MACHINE_DIR_ENV];
afterEach(() => {
  if (before === undefined) delete process.env[MACHINE_DIR_ENV];
  else process.env[MACHINE_DIR_ENV] = before;
});

/** A candidate machine directory of the given make, named in the environment as the test hook does. */
function candidate(name: string, make: (dir: string) => void): string {
  const dir = path.join(top, name);
  make(dir);
  process.env[MACHINE_DIR_ENV] = dir;
  return dir;
}

const ownPrivate = (dir: string) => {
  const s = lstatSync(dir);
  return s.isDirectory() && s.uid === process.getuid?.() && (s.mode & 0o7777) === 0o700;
};

describe.runIf(ready)('the machine directory', () => {
  it('is made shared (sticky, world-writable) when it is not there yet, and used', () => {
    const dir = candidate('fresh', () => {});
    expect(machinePlace()).toEqual({ dir, shared: true });
    expect(lstatSync(dir).mode & 0o7777).toBe(0o1777);
  });

  it('is used when root owns it and it is sticky', () => {
    const dir = candidate('root-sticky', (d) => {
      mkdirSync(d);
      chmodSync(d, 0o1777);
    });
    expect(machineDir()).toBe(dir);
  });

  it("is not used when another user made it: this user's own 0700 directory instead, and why", () => {
    const dir = candidate('theirs', (d) => {
      mkdirSync(d);
      chmodSync(d, 0o1777);
      chownSync(d, NOBODY, NOBODY);
    });
    const place = machinePlace();
    expect(place.dir).not.toBe(dir);
    expect(place.shared).toBe(false);
    expect(place.notSharedReason).toBe(`${dir} is owned by uid ${NOBODY}, not by root or this user (uid 0)`);
    expect(ownPrivate(place.dir)).toBe(true);
    // Steady: the next profile of this user meets there.
    expect(machinePlace().dir).toBe(place.dir);
  });

  it('is not used when it is a symbolic link, even to a good directory', () => {
    const good = path.join(top, 'good');
    mkdirSync(good);
    chmodSync(good, 0o1777);
    const dir = candidate('link', (d) => symlinkSync(good, d));
    const place = machinePlace();
    expect(place.dir).not.toBe(dir);
    expect(place.dir).not.toBe(good);
    expect(place.notSharedReason).toBe(`${dir} is a symbolic link, not a directory`);
  });

  it('is not used when others may write to it without the sticky bit (they could replace our files)', () => {
    const dir = candidate('open', (d) => {
      mkdirSync(d);
      chmodSync(d, 0o777);
    });
    const place = machinePlace();
    expect(place.dir).not.toBe(dir);
    expect(place.notSharedReason).toBe(`${dir} is writable by other users without the sticky bit (mode 0777)`);
    // Left as found: not ours to change.
    expect(lstatSync(dir).mode & 0o7777).toBe(0o777);
  });

  it("a fallback another user squatted is not used either: a fresh one of this user's own", () => {
    const dir = candidate('squatted', (d) => {
      mkdirSync(d);
      chownSync(d, NOBODY, NOBODY);
    });
    mkdirSync(`${dir}-0`);
    chownSync(`${dir}-0`, NOBODY, NOBODY);
    const place = machinePlace();
    expect([dir, `${dir}-0`]).not.toContain(place.dir);
    expect(ownPrivate(place.dir)).toBe(true);
    rmSync(place.dir, { recursive: true, force: true });
  });
});
