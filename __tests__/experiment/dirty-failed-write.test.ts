// Issue 38: a vm.dirty_* write that failed (EROFS in a container job) is never reported as "changed by
// someone else": the put-back knows our write did not happen. For real, in a private mount namespace
// with /proc/sys read-only; and the pure rule on fixture values.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirtyChangeFor, putBackIfOurs } from '../../src/experiment/dirty.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { NO_PRIVILEGES } from '../helpers/privileges.js';
import { type Bundled, bundleScript, withReadOnlyProcSys } from '../helpers/bundle.js';

const MiB = 1024 * 1024;
const ratios = { dirty_bytes: 0, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 };

describe('putBackIfOurs when nothing of ours was written', () => {
  it('a setting still as it was before us needs nothing: no write, no warning', () => {
    const change = dirtyChangeFor(ratios, { dirtyBytes: 512 * MiB, backgroundBytes: 256 * MiB });
    // NO_PRIVILEGES: any write would throw, so none is attempted.
    expect(putBackIfOurs(NO_PRIVILEGES, change, { ...ratios })).toEqual({ putBack: [], leftAlone: [] });
    // Someone else did change it: that is still said.
    const changed = putBackIfOurs(NO_PRIVILEGES, change, { ...ratios, dirty_bytes: 300 * MiB, dirty_ratio: 0 });
    expect(changed.leftAlone.map((l) => l.name)).toEqual(['vm.dirty_bytes']);
  });
});

const ready = prerequisite('root with unshare and mount (a read-only /proc/sys in a mount namespace)', isRoot && ['unshare', 'mount'].every(commandExists));

describe.runIf(ready)('a raise that fails on a read-only /proc/sys', () => {
  let bundled: Bundled;
  beforeAll(() => {
    bundled = bundleScript('__tests__/experiment/failed-raise-target.ts');
  });
  afterAll(() => bundled.remove());

  it('says the write failed, records nothing as ours, and warns of no one else', () => {
    const r = spawnSync(...withReadOnlyProcSys([process.execPath, bundled.script]), { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.error).toMatch(/^raising vm\.dirty_\* failed: EROFS/);
    expect(out.written).toEqual({ dirtyBytes: null, backgroundBytes: null });
    expect(out.putBack).toEqual({ putBack: [], leftAlone: [] });
    // The record made before the write (what a kill in between leaves) finds the values as they were: nothing to say either.
    expect(out.putBackOfRecord).toEqual({ putBack: [], leftAlone: [] });
    expect(out.unchanged).toBe(true);
  });
});
