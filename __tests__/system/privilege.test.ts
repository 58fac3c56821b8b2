// Privilege as it is (issue 38): the decider on fixture facts, and for real in the conditions of each
// runner: root; uid 0 without CAP_SYS_ADMIN (setpriv drops it from the bounding and inheritable sets,
// as a container's runtime does); /proc/sys read-only (a private mount namespace remounts it, as a
// container's runtime does); both at once, as a container job is; GitHub's `runner` with passwordless
// sudo; a service user without it. Each real case runs a small bundled script under those conditions
// and reads what the module decided there.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidePrivileges, directLacks, parseStatus, runPrivileged, sudoProbeCommand, SYSCTL_FILES, type Privileges } from '../../src/system/privilege.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { CONTAINER_PRIVILEGES, CONTAINER_ROOT, FULL_ROOT, NO_PRIVILEGES, PLAIN_USER, ROOT_PRIVILEGES, SUDO_PRIVILEGES } from '../helpers/privileges.js';
import { type Bundled, bundleScript, withReadOnlyProcSys } from '../helpers/bundle.js';

const vias = (p: Privileges) => Object.fromEntries(Object.entries(p).map(([op, g]) => [op, g.via]));

describe('parseStatus', () => {
  it('reads the effective uid and CapEff of /proc/<pid>/status', () => {
    // Lines as the kernel prints them (fs/proc/array.c): real, effective, saved, filesystem uid.
    const text = 'Name:\tnode\nUid:\t1001\t0\t0\t0\nGid:\t1001\t1001\t1001\t1001\nCapInh:\t0000000000000000\nCapEff:\t000001ffffdfffff\n';
    expect(parseStatus(text)).toEqual({ uid: 0, capEff: 0x1ffffdfffffn });
    expect(parseStatus('Name:\tx\n')).toEqual({ uid: null, capEff: null });
  });

  it("reads this process's own status", () => {
    const own = parseStatus(readFileSync('/proc/self/status', 'utf8'));
    expect(own.uid).toBe(process.getuid?.());
    expect(own.capEff).not.toBeNull();
  });
});

describe('decidePrivileges (pure, fixture facts)', () => {
  it('root with every capability and a writable /proc/sys: everything directly, sudo never asked', () => {
    expect(vias(ROOT_PRIVILEGES)).toEqual({ mount: 'root', sysctl: 'root', files: 'root', install: 'root' });
  });

  it("GitHub's runner (uid 1001, passwordless sudo): everything through sudo", () => {
    expect(vias(SUDO_PRIVILEGES)).toEqual({ mount: 'sudo', sysctl: 'sudo', files: 'sudo', install: 'sudo' });
    expect(SUDO_PRIVILEGES.mount).toEqual({ via: 'sudo', lacks: ['not-root'], reason: null });
  });

  it('a service user without sudo: nothing, each with its reason', () => {
    expect(vias(NO_PRIVILEGES)).toEqual({ mount: 'none', sysctl: 'none', files: 'none', install: 'none' });
    expect(NO_PRIVILEGES.mount.lacks).toEqual(['not-root', 'no-sudo']);
    expect(NO_PRIVILEGES.mount.reason).toBe(
      'mounting (a tmpfs, a bind mount) needs CAP_SYS_ADMIN: this process runs as uid 1002, not root, and there is no passwordless sudo (sudo: a password is required)',
    );
  });

  it('a container job (uid 0, no CAP_SYS_ADMIN, /proc/sys read-only): files and installs directly, no mounts, no sysctls', () => {
    expect(vias(CONTAINER_PRIVILEGES)).toEqual({ mount: 'none', sysctl: 'none', files: 'root', install: 'root' });
    expect(CONTAINER_PRIVILEGES.mount.lacks).toEqual(['cap-sys-admin', 'no-sudo']);
    expect(CONTAINER_PRIVILEGES.sysctl.lacks).toEqual(['sysctl-read-only', 'no-sudo']);
  });

  it('sudo in a container adds nothing: its process is held the same way', () => {
    const p = decidePrivileges({ self: CONTAINER_ROOT, sudo: CONTAINER_ROOT });
    expect(vias(p)).toEqual({ mount: 'none', sysctl: 'none', files: 'root', install: 'root' });
    expect(p.mount.reason).toMatch(/sudo does not lift it/);
    // A user in that container with sudo: what sudo's process lacks is said, not the user's alone.
    const user = decidePrivileges({ self: PLAIN_USER(1001), sudo: CONTAINER_ROOT });
    expect(user.mount).toMatchObject({ via: 'none', lacks: ['not-root', 'cap-sys-admin'] });
    expect(user.install.via).toBe('sudo');
  });

  it('uid 0 without the file capabilities, and a sysctl refused for another reason than a read-only mount', () => {
    const noFileCaps = { ...FULL_ROOT, capEff: 0x1ffffffffffn & ~0b1011n };
    expect(directLacks('files', noFileCaps)).toEqual(['cap-files']);
    expect(directLacks('mount', noFileCaps)).toEqual([]);
    const denied = { ...FULL_ROOT, sysctlAccess: Object.fromEntries(SYSCTL_FILES.map((f) => [f, 'EACCES'])) };
    expect(directLacks('sysctl', denied)).toEqual(['sysctl-not-writable']);
    // No /proc at all (capEff unknown): uid 0 is taken at its word.
    expect(directLacks('mount', { ...FULL_ROOT, capEff: null })).toEqual([]);
  });

  it('runPrivileged refuses with the reason when the grant is none, and runs directly as root', () => {
    expect(() => runPrivileged(NO_PRIVILEGES.mount, 'mount', ['-t', 'tmpfs'])).toThrow(/not root, and there is no passwordless sudo/);
    expect(runPrivileged({ via: 'root', lacks: [], reason: null }, 'echo', ['direct'])).toBe('direct');
  });

  it('the sudo probe runs this node binary without a shell and names each sysctl file', () => {
    const c = sudoProbeCommand('/opt/node/bin/node');
    expect(c.command).toBe('sudo');
    expect(c.args.slice(0, 3)).toEqual(['-n', '/opt/node/bin/node', '-e']);
    expect(c.args.slice(4)).toEqual(SYSCTL_FILES);
  });
});

// ---- For real: the bundled script under each runner's conditions. ----

const tools = ['setpriv', 'unshare', 'mount', 'sudo'];
const ready = prerequisite(`root with ${tools.join(', ')} (capabilities and mount namespaces)`, isRoot && tools.every(commandExists));

interface Decided {
  facts: { self: { uid: number; capEff: string | null; sysctlAccess: Record<string, string | null> }; sudo: unknown };
  privileges: Privileges;
}

describe.runIf(ready)('detectPrivileges on this machine, as each runner', () => {
  let bundled: Bundled;
  let script: string;
  beforeAll(() => {
    bundled = bundleScript('__tests__/system/privilege-target.ts');
    script = bundled.script;
  });
  afterAll(() => bundled.remove());

  const decide = (command: string, args: string[]): Decided => {
    const r = spawnSync(command, args, { encoding: 'utf8', cwd: os.tmpdir(), timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    return JSON.parse(r.stdout) as Decided;
  };
  const node = process.execPath;
  const dropSysAdmin = ['--inh-caps=-sys_admin', '--bounding-set=-sys_admin', '--'];
  const readOnlyProcSys = withReadOnlyProcSys;

  it('as root (this machine, CI): everything directly', () => {
    const d = decide(node, [script]);
    expect(vias(d.privileges)).toEqual({ mount: 'root', sysctl: 'root', files: 'root', install: 'root' });
    expect(d.facts.sudo).toBeNull();
  });

  it('uid 0 without CAP_SYS_ADMIN: no mounts, directly or through sudo; sysctls still directly', () => {
    const d = decide('setpriv', [...dropSysAdmin, node, script]);
    expect(d.facts.self.uid).toBe(0);
    expect(d.privileges.mount).toMatchObject({ via: 'none', lacks: ['cap-sys-admin'] });
    expect(d.privileges.mount.reason).toMatch(/needs CAP_SYS_ADMIN: this process is uid 0 without CAP_SYS_ADMIN .*sudo does not lift it/);
    expect(d.privileges.sysctl.via).toBe('root');
  });

  it('/proc/sys mounted read-only: no sysctl writes, and the reason names EROFS', () => {
    const d = decide(...readOnlyProcSys([node, script]));
    expect(Object.values(d.facts.self.sysctlAccess)).toEqual(SYSCTL_FILES.map(() => 'EROFS'));
    expect(d.privileges.sysctl).toMatchObject({ via: 'none', lacks: ['sysctl-read-only'] });
    expect(d.privileges.sysctl.reason).toMatch(/\/proc\/sys is mounted read-only for this process \(\/proc\/sys\/vm\/dirty_bytes: EROFS/);
    expect(d.privileges.mount.via).toBe('root');
  });

  it('as a container job is (both): none for mount and sysctl, with reasons; files and installs directly', () => {
    const d = decide(...readOnlyProcSys(['setpriv', ...dropSysAdmin, node, script]));
    expect(vias(d.privileges)).toEqual({ mount: 'none', sysctl: 'none', files: 'root', install: 'root' });
    expect(d.privileges.mount.lacks).toContain('cap-sys-admin');
    expect(d.privileges.sysctl.lacks).toContain('sysctl-read-only');
  });

  const hasUser = (name: string) => spawnSync('id', ['-u', name]).status === 0;
  const runnerReady = prerequisite('the `runner` user with passwordless sudo (.ci/users.sh)', hasUser('runner'));
  const serviceReady = prerequisite('the `svcrunner` user without sudo (.ci/users.sh)', hasUser('svcrunner'));

  it.runIf(runnerReady)("as GitHub's `runner` (uid 1001-like, passwordless sudo): everything through sudo", () => {
    const d = decide('setpriv', ['--reuid=runner', '--regid=runner', '--init-groups', '--reset-env', node, script]);
    expect(d.facts.self.uid).toBe(Number(execFileSync('id', ['-u', 'runner'], { encoding: 'utf8' })));
    expect(vias(d.privileges)).toEqual({ mount: 'sudo', sysctl: 'sudo', files: 'sudo', install: 'sudo' });
  });

  it.runIf(serviceReady)('as a service user without sudo: nothing, each saying so', () => {
    const d = decide('setpriv', ['--reuid=svcrunner', '--regid=svcrunner', '--init-groups', '--reset-env', node, script]);
    expect(vias(d.privileges)).toEqual({ mount: 'none', sysctl: 'none', files: 'none', install: 'none' });
    expect(d.privileges.sysctl.lacks).toEqual(['not-root', 'no-sudo']);
    expect(d.privileges.sysctl.reason).toMatch(/runs as uid \d+, not root, and there is no passwordless sudo \(sudo: a password is required\)/);
  });
});
