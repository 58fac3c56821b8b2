// The shared machine directory, when a non-root user's profile is the first since boot: made through
// passwordless sudo it is root's, so a later root profile (a root job, the lab) meets the same one;
// without sudo it is that user's, and root uses its own (the existing rule). Real users from
// .ci/users.sh (`runner` with passwordless sudo, `svcrunner` without), switched to with setpriv.
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_DIR_ENV, type MachinePlace, machinePlace } from '../../src/machine/place.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { type Bundled, bundleScript } from '../helpers/bundle.js';

function uidOf(name: string): number | null {
  try {
    return Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return null;
  }
}

const runnerUid = uidOf('runner');
const svcUid = uidOf('svcrunner');
const ready =
  prerequisite('root with setpriv and sudo (the test switches users)', isRoot && commandExists('setpriv') && commandExists('sudo')) &&
  prerequisite('users `runner` and `svcrunner` (.ci/users.sh)', runnerUid !== null && svcUid !== null);

const top = mkdtempSync(path.join(os.tmpdir(), 'dp-place-sudo-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

let bundled: Bundled | null = null;
beforeAll(() => {
  if (!ready) return;
  // Root's and sticky, as /run/lock is: every user may make the directory in it.
  chmodSync(top, 0o1777);
  bundled = bundleScript('__tests__/machine/place-entry.ts');
});
afterAll(() => bundled?.remove());

function placeAs(user: string, uid: number, dir: string): MachinePlace {
  const out = execFileSync('setpriv', ['--reuid', String(uid), '--regid', String(uid), '--init-groups', process.execPath, (bundled as Bundled).script], {
    encoding: 'utf8',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME: top, USER: user, [MACHINE_DIR_ENV]: dir },
    cwd: top,
  });
  return JSON.parse(out) as MachinePlace;
}

function rootPlace(dir: string): MachinePlace {
  const before = process.env[MACHINE_DIR_ENV];
  process.env[MACHINE_DIR_ENV] = dir;
  try {
    return machinePlace();
  } finally {
    if (before === undefined) delete process.env[MACHINE_DIR_ENV];
    else process.env[MACHINE_DIR_ENV] = before;
  }
}

describe.runIf(ready)('the shared machine directory made first by a non-root user', () => {
  it('with passwordless sudo: root makes it, and a root profile after shares it', () => {
    const dir = path.join(top, 'with-sudo');
    const first = placeAs('runner', runnerUid as number, dir);
    expect(first).toEqual({ dir, shared: true });
    const s = lstatSync(dir);
    expect(s.uid).toBe(0);
    expect(s.mode & 0o7777).toBe(0o1777);
    expect(rootPlace(dir)).toEqual({ dir, shared: true });
  });

  it('without sudo: the user makes it, and root uses a directory of its own, saying why', () => {
    const dir = path.join(top, 'without-sudo');
    expect(placeAs('svcrunner', svcUid as number, dir)).toEqual({ dir, shared: true });
    expect(lstatSync(dir).uid).toBe(svcUid);
    const root = rootPlace(dir);
    expect(root.shared).toBe(false);
    expect(root.dir).toBe(`${dir}-0`);
    expect(root.notSharedReason).toContain(`owned by uid ${svcUid}`);
  });

  it('never through a symlink planted in its place: sudo mkdir refuses it, nothing behind it changes', () => {
    const target = mkdtempSync(path.join(top, 'target-'));
    chmodSync(target, 0o755);
    const dir = path.join(top, 'planted');
    execFileSync('setpriv', ['--reuid', String(svcUid), '--regid', String(svcUid), '--init-groups', 'ln', '-s', target, dir]);
    const place = placeAs('runner', runnerUid as number, dir);
    expect(place.shared).toBe(false);
    expect(lstatSync(target).mode & 0o7777).toBe(0o755);
  });
});
