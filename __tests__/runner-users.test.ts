// The bundled action run as the runners users have (issue 38, item 7), each restoring a cache whose
// directories are read-only (a Go module cache: directories 0555, files 0444), with probes and every
// experiment asked for: (a) GitHub's `runner`, unprivileged with passwordless sudo; (b) a self-hosted
// runner's service user without sudo; (c) a container job: uid 0 without CAP_SYS_ADMIN, /proc/sys
// read-only. Each must succeed in main and post, say why a capability it lacks left something out,
// and leave the machine as found. The restore lands on a loop disk of its own, so / is "another disk"
// only root may write to, as /mnt is on a hosted runner.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCache, startLocalServices, type LocalServices } from '../tools/services/index.js';
import { pathWithout } from '../tools/lab/no-fio.js';
import { buildDist, leftoverProbeDirs, makeLoopFs, runFault, unmount, type FaultRun, type LoopFs } from './helpers/action-harness.js';
import { setDirtyBudget, TIGHT_DIRTY_BUDGET } from './helpers/dirty-budget.js';
import { commandExists, isRoot, prerequisite } from './helpers/prerequisites.js';
import { removeDirs, repoRoot, tempDir } from './helpers/tree.js';
import { EXPERIMENT_DIR_PREFIX } from '../src/experiment/owned-dirs.js';
import { PROBE_DIR_PREFIX } from '../src/probe/cleanup.js';
import { readDirtySettings } from '../src/system/dirty-limits.js';
import { MACHINE_DIR_ENV } from '../src/machine/place.js';
import type { Profile } from '../src/profile/schema.js';

interface User {
  name: string;
  uid: number;
  gid: number;
}

function lookUpUser(name: string): User | null {
  try {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })));
    return { name, uid: uid as number, gid: gid as number };
  } catch {
    return null;
  }
}

/** Whether `user` may run anything through sudo without a password (what the action's own checks ask). */
function hasPasswordlessSudo(user: string): boolean {
  try {
    execFileSync('sudo', ['-n', '-u', user, 'sudo', '-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

const commands = ['sudo', 'setpriv', 'unshare', 'fio', 'losetup', 'mkfs.ext4'];
const ready =
  prerequisite('root (the tests set up users, a loop disk and mount namespaces)', isRoot) &&
  commands.every((c) => prerequisite(c, commandExists(c))) &&
  prerequisite('user `runner` with passwordless sudo (.ci/users.sh)', lookUpUser('runner') !== null && hasPasswordlessSudo('runner')) &&
  prerequisite('user `svcrunner` without sudo (.ci/users.sh)', lookUpUser('svcrunner') !== null && !hasPasswordlessSudo('svcrunner'));

/** The capabilities Docker leaves a container's root by default (no CAP_SYS_ADMIN among them). */
const CONTAINER_CAPS = 'chown,dac_override,fowner,fsetid,kill,setgid,setuid,setpcap,net_bind_service,net_raw,sys_chroot,mknod,audit_write,setfcap';
/**
 * A container job's step: a mount namespace of its own with /proc/sys read-only (as Docker mounts it),
 * then node as uid 0 with Docker's default capabilities only.
 */
const CONTAINER_LAUNCHER = [
  'unshare',
  '--mount',
  '--propagation',
  'private',
  // bash, not sh: dash drops environment variables whose names are not identifiers (INPUT_RESTORE-KEYS).
  'bash',
  '-c',
  `mount --bind /proc/sys /proc/sys && mount -o remount,bind,ro /proc/sys && exec setpriv --inh-caps=-all --bounding-set=-all,${CONTAINER_CAPS.split(',')
    .map((c) => `+${c}`)
    .join(',')} "$@"`,
  'container',
];

/** A runner's PATH (not this root process's, which holds directories under /root no other user may read). */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const PACKAGES = ['tar', '@actions/core', 'typescript'];
const MOD = 'go/pkg/mod';

/** A Go module cache's shape: modules under example.com/<name>@v1.0.0 with real files, then read-only as `go` leaves them. */
async function goModuleCache(workspace: string): Promise<void> {
  for (const name of PACKAGES) {
    await cp(path.join(repoRoot, 'node_modules', name), path.join(workspace, MOD, 'example.com', `${name.replace('/', '-')}@v1.0.0`), { recursive: true });
  }
  execFileSync('chmod', ['-R', 'a-w', path.join(workspace, MOD, 'example.com')]);
}

interface MachineState {
  mountPoints: string[];
  scratch: string[];
  dirty: ReturnType<typeof readDirtySettings>;
}

const SCRATCH_PARENTS = ['/', '/dev/shm', '/tmp'];

function machineState(): MachineState {
  const mountPoints = readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((l) => l.split(' ')[4])
    .filter((m): m is string => Boolean(m));
  const scratch = SCRATCH_PARENTS.flatMap((d) =>
    readdirSync(d)
      .filter((n) => n.startsWith(EXPERIMENT_DIR_PREFIX) || n.startsWith(PROBE_DIR_PREFIX))
      .map((n) => path.join(d, n)),
  );
  return { mountPoints, scratch, dirty: readDirtySettings() };
}

/** What a run left that was not there before: this test's mounts and scratch directories (another helper's are not ours to judge). */
function leftBehind(before: MachineState, root: string, uid: number): { mounts: string[]; scratch: string[] } {
  const after = machineState();
  const scratch = after.scratch.filter((d) => !before.scratch.includes(d) && ownerOf(d) === uid);
  const mounts = after.mountPoints.filter((m) => !before.mountPoints.includes(m) && (m.startsWith(`${root}/`) || scratch.some((d) => m.startsWith(`${d}/`))));
  return { mounts, scratch };
}

function ownerOf(file: string): number | null {
  try {
    return lstatSync(file).uid;
  } catch {
    return null;
  }
}

/** Undo what a failed run left (deepest mount first), so one failing case does not leave the machine changed. */
function putRight(left: { mounts: string[]; scratch: string[] }): void {
  for (const m of [...left.mounts].sort((a, b) => b.length - a.length)) unmount(m);
  for (const d of left.scratch) rmSync(d, { recursive: true, force: true });
}

/** Every ledger record in the machine directory ended and owes nothing (no raised vm.dirty_*, no directory to remove); no temp file. */
function machineDirProblems(dir: string): string[] {
  const problems: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.tmp')) problems.push(`${name}: a temp file left`);
    if (!name.endsWith('.json')) continue;
    const r = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    if (r.endedEpochMs === null) problems.push(`${name}: not ended`);
    if (r.dirty) problems.push(`${name}: owes vm.dirty_*`);
    if (r.experimentDirs?.length || r.probeDirs?.length) problems.push(`${name}: owes ${[...r.experimentDirs, ...r.probeDirs].join(', ')}`);
  }
  return problems;
}

describe.runIf(ready)('the bundled action as each kind of runner user, restoring read-only directories', () => {
  let services: LocalServices;
  let root: string;
  let disk: LoopFs;
  let putBackDirty: () => void;
  const machineDir = () => path.join(root, 'machine');

  beforeAll(async () => {
    buildDist();
    services = await startLocalServices();
    root = await tempDir('runner-users');
    // Every user walks through it to its own directories.
    chmodSync(root, 0o755);
    // The bundle where every user can read it (a clean clone may live under root's home).
    await cp(path.join(repoRoot, 'dist'), path.join(root, 'dist'), { recursive: true });
    const source = path.join(root, 'source');
    await goModuleCache(source);
    await mkdir(path.join(root, 'seed-temp'));
    await seedCache({ services, paths: [MOD], key: 'gomod-seed', workspace: source, tempDir: path.join(root, 'seed-temp') });
    disk = makeLoopFs(path.join(root, 'disk.img'), path.join(root, 'disk'), 1024);
    // The machine directory as /run/lock's: root's, world-writable and sticky.
    mkdirSync(machineDir());
    chmodSync(machineDir(), 0o1777);
    // Below what the page-cache experiment targets, so it is planned (a fresh kernel's ratios already hold a small restore).
    putBackDirty = setDirtyBudget(TIGHT_DIRTY_BUDGET);
  }, 180_000);

  afterAll(async () => {
    putBackDirty?.();
    await services?.stop();
    disk?.dispose();
    await removeDirs(root);
  });

  /** Runs main and post as `user` (through `launcher` where given), in directories it owns, and checks what holds for every kind. */
  async function runAs(name: string, user: User, opts: { launcher?: string[]; env?: Record<string, string> } = {}): Promise<FaultRun> {
    const home = path.join(root, name, 'home');
    const workspace = path.join(disk.mountPoint, name, 'workspace');
    for (const d of [path.join(root, name), home, path.join(root, name, 'temp'), path.join(disk.mountPoint, name), workspace]) {
      mkdirSync(d, { recursive: true });
      chownSync(d, user.uid, user.gid);
    }
    const before = machineState();
    let r: FaultRun;
    let left: { mounts: string[]; scratch: string[] };
    try {
      r = await runFault({
        services,
        root,
        name,
        workspace,
        distDir: path.join(root, 'dist'),
        inputs: {
          path: MOD,
          key: `gomod-${name}`,
          'restore-keys': 'gomod-seed',
          label: `users-${name}`,
          // One probe in a budget that holds it on a loaded machine (two in 6 s: see shared-machine.test.ts).
          probes: 'seq-write',
          'probe-budget-seconds': '10',
          experiments: 'default',
          'experiments-budget-seconds': '120',
          'writeback-timeout-seconds': '30',
        },
        env: { HOME: home, USER: user.name, LOGNAME: user.name, PATH: SYSTEM_PATH, [MACHINE_DIR_ENV]: machineDir(), ...opts.env },
        extra: { ...(user.uid === 0 ? {} : { user }), ...(opts.launcher ? { launcher: opts.launcher } : {}), cwd: workspace },
      });
    } finally {
      left = leftBehind(before, root, user.uid);
      putRight(left);
    }
    expect(r.mainExitCode, `main failed:\n${r.log}`).toBe(0);
    expect(r.profile, 'a profile').not.toBeNull();
    // The restore: read-only directories as the archive holds them, owned by whoever ran the step.
    const module = path.join(workspace, MOD, 'example.com', 'tar@v1.0.0');
    expect(existsSync(path.join(module, 'package.json'))).toBe(true);
    expect(lstatSync(module).mode & 0o777).toBe(0o555);
    expect(lstatSync(module).uid).toBe(user.uid);
    // The post step saved the restore under the new key (a restore-key matched), as actions/cache does.
    expect(r.log).toContain(`Cache saved with key: gomod-${name}`);
    // Nothing failed along the way, and nothing nobody changed is blamed on "someone else".
    for (const o of r.profile?.experiments?.outcomes ?? []) expect(o.failedRuns, `${o.alternative} failed runs`).toBe(0);
    expect(r.log).not.toContain('someone else');
    expect(r.summary).not.toContain('someone else');
    // The machine as found.
    expect(left, 'mounts and scratch directories left behind').toEqual({ mounts: [], scratch: [] });
    expect(leftoverProbeDirs(workspace)).toEqual([]);
    expect(readDirtySettings(), 'vm.dirty_*').toEqual(before.dirty);
    expect(machineDirProblems(machineDir())).toEqual([]);
    return r;
  }

  const ranAlternatives = (p: Profile | null) => (p?.experiments?.outcomes ?? []).map((o) => o.alternative).sort();
  const skipOf = (p: Profile | null, alternative: string) => p?.experiments?.skipped.find((s) => s.alternative === alternative);

  it("(a) as GitHub's `runner` with passwordless sudo: probes and every experiment run, through sudo where root is needed", async () => {
    const r = await runAs('sudo-runner', lookUpUser('runner') as User);
    expect(r.profile?.probes?.status).toBe('ran');
    expect(r.profile?.experiments?.status).toBe('ran');
    // ram on tmpfs mounts, other-disk on / (only root may write there: a directory made through sudo, handed over),
    // page-cache with vm.dirty_* raised and put back through sudo.
    expect(ranAlternatives(r.profile)).toEqual(['baseline', 'decompress', 'other-disk', 'page-cache', 'ram']);
    expect(r.profile?.experiments?.outcomes.find((o) => o.alternative === 'other-disk')?.mountPoint).toBe('/');
    expect(r.profile?.experiments?.refetch?.where).toBe('RAM (a tmpfs of its own)');
  }, 420_000);

  it('(b) as a service user without sudo: no fio install, no mounts, no sysctls, each said with its reason', async () => {
    const user = lookUpUser('svcrunner') as User;
    // fio not installed (every command on PATH but fio), as on a self-hosted runner nobody prepared.
    const bin = path.join(root, 'no-fio');
    mkdirSync(bin);
    const r = await runAs('no-sudo', user, { env: { PATH: pathWithout(bin, ['fio'], SYSTEM_PATH) } });
    expect(r.profile?.probes?.status).toBe('skipped');
    expect(r.profile?.probes?.reason).toMatch(/sudo/);
    expect(r.summary).toContain(r.profile?.probes?.reason?.slice(0, 40));
    expectNoPermissionFallbacks(r);
  }, 420_000);

  it('(c) as a container job, uid 0 without CAP_SYS_ADMIN and with /proc/sys read-only: no mounts, no sysctls, each said with its reason', async () => {
    const r = await runAs('container', { name: 'root', uid: 0, gid: 0 }, { launcher: CONTAINER_LAUNCHER });
    expect(r.profile?.probes?.status).toBe('ran');
    expectNoPermissionFallbacks(r);
  }, 420_000);

  /** ram runs on /dev/shm; other-disk (bind mounts) and page-cache (a sysctl) are not planned, each with its reason in the summary. */
  function expectNoPermissionFallbacks(r: FaultRun): void {
    expect(r.profile?.experiments?.status).toBe('ran');
    expect(ranAlternatives(r.profile)).toEqual(['baseline', 'decompress', 'ram']);
    expect(r.profile?.experiments?.refetch?.where).toBe('RAM (/dev/shm)');
    for (const alternative of ['other-disk', 'page-cache']) {
      const skip = skipOf(r.profile, alternative);
      expect(skip?.reason, `${alternative} skipped for want of permission`).toBe('no-permission');
      expect(r.summary).toContain(skip?.detail.replace(/[.]\s*$/, '').slice(0, 40));
    }
  }
});
