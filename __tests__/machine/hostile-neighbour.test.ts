// Issue 38: another user of the machine (uid 65534, through setpriv) plants, before a root profile
// runs, what would steer it: a symlinked machine.lock aimed at a root-owned 0600 file, symlinked
// ledger temp files, and records of a "killed" profile that "owes" vm.dirty_* values of its choosing
// and experiment and probe directories of its choosing (root-owned decoys that look like ours). The
// bundled action then runs as root with its defaults; nothing outside the profile's own files changes.
// Twice: the neighbour made the machine directory itself (as before any profile since boot), and
// root made it (sticky, shared) and the neighbour only added its files.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServices } from '../../tools/services/index.js';
import { EXPERIMENT_DIR_PREFIX, EXPERIMENT_MARKER } from '../../src/experiment/owned-dirs.js';
import { MARKER_FILE_NAME, PROBE_DIR_PREFIX } from '../../src/probe/cleanup.js';
import { readDirtySettings } from '../../src/system/dirty-limits.js';
import { putBackDirtySettings } from '../../src/experiment/dirty.js';
import { MACHINE_DIR_ENV } from '../../src/machine/place.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { ROOT_PRIVILEGES } from '../helpers/privileges.js';
import { removeDirs } from '../helpers/tree.js';

const NOBODY = '65534';
const ready = prerequisite(
  'root with setpriv, tar and unzstd (a neighbour of uid 65534, a root profile)',
  isRoot && ['setpriv', 'tar', 'unzstd'].every(commandExists),
);
const KEY = 'hostile-neighbour-1';
let services: LocalServices;
let root: string;

beforeAll(async () => {
  if (!ready) return;
  ({ services, root } = await seededServices('hostile-neighbour', KEY, ['@actions/core']));
  // The neighbour reaches the machine directories under it, as it reaches /run/lock.
  chmodSync(root, 0o755);
}, 180_000);

afterAll(async () => {
  await services?.stop();
  if (root) await removeDirs(root);
});

/** Runs a shell script as the neighbour: uid and gid 65534, no supplementary groups. */
function asNeighbour(script: string, ...args: string[]): void {
  execFileSync('setpriv', ['--reuid', NOBODY, '--regid', NOBODY, '--clear-groups', 'sh', '-ec', script, 'sh', ...args], { stdio: 'pipe' });
}

interface Decoys {
  file: string;
  dirs: string[];
  /** Each decoy's mode and contents, to hold against after the run. */
  snapshot: () => unknown;
}

/** Root-owned things that look like the profiler's own: a 0600 file, an experiment and a probe directory with their markers. */
function makeDecoys(where: string): Decoys {
  mkdirSync(where, { mode: 0o755 });
  const file = path.join(where, 'secret');
  writeFileSync(file, 'root only\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  const exp = path.join(where, `${EXPERIMENT_DIR_PREFIX}decoy1`);
  const probe = path.join(where, `${PROBE_DIR_PREFIX}decoy2`);
  mkdirSync(exp);
  writeFileSync(path.join(exp, EXPERIMENT_MARKER), '{}\n');
  writeFileSync(path.join(exp, 'precious'), 'keep\n');
  mkdirSync(probe);
  writeFileSync(path.join(probe, MARKER_FILE_NAME), '{}\n');
  const dirs = [exp, probe];
  const snapshot = () => ({
    file: [lstatSync(file).mode & 0o7777, lstatSync(file).uid, readFileSync(file, 'utf8')],
    dirs: dirs.map((d) => (existsSync(d) ? readdirSync(d).sort() : 'removed')),
  });
  return { file, dirs, snapshot };
}

/** The neighbour's record of a "killed" profile of another pid namespace, owing what it chose. */
function owingRecord(decoys: Decoys): string {
  const now = Date.now();
  const current = readDirtySettings();
  return JSON.stringify({
    version: 1,
    id: 'neighbour',
    owner: { pid: 1, startTicks: 1, label: 'neighbour', pidNamespace: 'pid:[4026531999]' },
    createdEpochMs: now - 5000,
    updatedEpochMs: now - 4000,
    endedEpochMs: null,
    phases: [{ phase: 'experiments', startEpochMs: now - 5000, endEpochMs: null }],
    experimentDirs: [decoys.dirs[0]],
    probeDirs: [decoys.dirs[1]],
    // "Set" is what is there now, so a recovery that trusted it would write "saved" back.
    dirty: {
      saved: { dirty_bytes: 4194304, dirty_background_bytes: 2097152, dirty_ratio: 0, dirty_background_ratio: 0 },
      set: { dirty_bytes: current.dirty_bytes, dirty_background_bytes: current.dirty_background_bytes },
    },
  });
}

/** The neighbour's plants: the lock and temp-file symlinks at the decoy file, the owing record. */
const PLANT = [
  'cd "$1"',
  'ln -s "$2" machine.lock',
  'for n in profile-neighbour.json.tmp profile-neighbour.json.1.tmp machine.lock.tmp; do ln -s "$2" "$n"; done',
  'printf "%s\\n" "$3" > profile-neighbour.json',
].join('\n');

async function profileBesideNeighbour(name: string, machineDir: string, decoys: Decoys) {
  const dirtyBefore = readDirtySettings();
  const before = decoys.snapshot();
  try {
    const run = await runFault({
      services,
      root,
      name,
      inputs: { key: KEY, path: 'node_modules', label: name, save: 'false', 'upload-artifact': 'false', probes: 'none', experiments: 'none' },
      env: { [MACHINE_DIR_ENV]: machineDir },
    });
    expect(run.mainExitCode, run.log).toBe(0);
    expect(decoys.snapshot()).toEqual(before);
    expect(readDirtySettings()).toEqual(dirtyBefore);
    // The neighbour's plants are its own: left as they were.
    expect(readFileSync(path.join(machineDir, 'profile-neighbour.json'), 'utf8')).toContain('"endedEpochMs":null');
    for (const n of ['machine.lock', 'profile-neighbour.json.tmp', 'profile-neighbour.json.1.tmp', 'machine.lock.tmp'])
      expect(lstatSync(path.join(machineDir, n)).isSymbolicLink()).toBe(true);
    return run;
  } finally {
    // Whatever happened, the machine is put back.
    putBackDirtySettings(ROOT_PRIVILEGES, dirtyBefore);
  }
}

describe.runIf(ready)('a hostile neighbour', () => {
  it('made the machine directory itself: the root profile uses its own, changes nothing of the neighbour’s choosing, and says other users are out of sight', async () => {
    const parent = path.join(root, 'run-lock');
    mkdirSync(parent);
    chmodSync(parent, 0o1777);
    const decoys = makeDecoys(path.join(root, 'decoys-a'));
    const machineDir = path.join(parent, 'disk-profiler');
    asNeighbour('mkdir -m 1777 "$1"', machineDir);
    asNeighbour(PLANT, machineDir, decoys.file, owingRecord(decoys));
    const run = await profileBesideNeighbour('hostile-own-dir', machineDir, decoys);
    expect(run.profile?.context.machineDirectory?.sharedWithOtherUsers).toBe(false);
    expect(run.summary).toContain('Profiles of other users on this machine can be neither seen nor waited for');
    // Nothing of ours in the neighbour's directory: its own plants only.
    expect(readdirSync(machineDir).sort()).toEqual([
      'machine.lock',
      'machine.lock.tmp',
      'profile-neighbour.json',
      'profile-neighbour.json.1.tmp',
      'profile-neighbour.json.tmp',
    ]);
  }, 180_000);

  it('added its files to a shared directory root made: they are not followed, not acted on', async () => {
    const machineDir = path.join(root, 'shared-machine');
    mkdirSync(machineDir);
    chmodSync(machineDir, 0o1777);
    const decoys = makeDecoys(path.join(root, 'decoys-b'));
    asNeighbour(PLANT, machineDir, decoys.file, owingRecord(decoys));
    const run = await profileBesideNeighbour('hostile-shared-dir', machineDir, decoys);
    expect(run.profile?.context.machineDirectory?.sharedWithOtherUsers ?? true).toBe(true);
    // Our own record is there, closed.
    const ours = readdirSync(machineDir).filter((n) => n.startsWith('profile-') && n.endsWith('.json') && n !== 'profile-neighbour.json');
    expect(ours.length).toBe(1);
  }, 180_000);
});
