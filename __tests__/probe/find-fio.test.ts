// Issue 38 item 5: fio installed without hanging. The command line as pure logic; for real: an
// installed fio never reaches apt; the real apt-get, through the real sudo, run with our exact command
// line (fio already installed, so it changes nothing); stdin closed; the bound.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APT_INSTALL_FIO, APT_UPDATE, aptCommand, DPKG_LOCK_TIMEOUT_SECONDS, FIO_INSTALL_BOUND_MS, findFio, installWithin } from '../../src/probe/find-fio.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { NO_PRIVILEGES } from '../helpers/privileges.js';
import { repoRoot } from '../helpers/tree.js';

describe('the install command line (pure)', () => {
  it('through sudo: -n, DEBIAN_FRONTEND on the command line (env_reset drops it from the environment), the dpkg lock timeout, no prompts', () => {
    expect(aptCommand('sudo', APT_INSTALL_FIO)).toEqual({
      method: 'sudo apt-get',
      command: 'sudo',
      args: [
        '-n',
        'env',
        'DEBIAN_FRONTEND=noninteractive',
        'apt-get',
        '-q',
        '-o',
        `DPkg::Lock::Timeout=${DPKG_LOCK_TIMEOUT_SECONDS}`,
        'install',
        '-y',
        '--no-install-recommends',
        '-o',
        'Dpkg::Options::=--force-confdef',
        '-o',
        'Dpkg::Options::=--force-confold',
        'fio',
      ],
    });
  });

  it('as root: the same line without sudo; the refresh alike', () => {
    expect(aptCommand('root', APT_UPDATE)).toEqual({
      method: 'apt-get',
      command: 'env',
      args: ['DEBIAN_FRONTEND=noninteractive', 'apt-get', '-q', '-o', `DPkg::Lock::Timeout=${DPKG_LOCK_TIMEOUT_SECONDS}`, 'update'],
    });
  });

  it('the bounds are stated where users read them, and the lock wait fits in the whole bound', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`DPkg::Lock::Timeout=${DPKG_LOCK_TIMEOUT_SECONDS}`);
    expect(readme).toContain(`at most ${FIO_INSTALL_BOUND_MS / 1000} s in all`);
    expect(DPKG_LOCK_TIMEOUT_SECONDS * 1000).toBeLessThan(FIO_INSTALL_BOUND_MS);
  });
});

const hasFio = prerequisite('fio', commandExists('fio'));

describe('installing for real', () => {
  it.runIf(hasFio)('an installed fio is used as it is: no install is planned, whatever the privileges', async () => {
    const logs: string[] = [];
    // A grant that could not install anything: never consulted when fio is there.
    const found = await findFio({ allowInstall: true, install: NO_PRIVILEGES.install, log: (m) => logs.push(m) });
    expect(found).toMatchObject({ ok: true, command: 'fio' });
    expect(found.install).toBeUndefined();
    expect(logs.filter((l) => l.includes('installing'))).toEqual([]);
  });

  it('stdin is closed: a command that reads it gets end-of-file at once, never waits for a prompt', async () => {
    const r = await installWithin(
      { install: { method: 'sh', command: 'sh', args: ['-c', 'read answer; echo "read:$?"'] }, refresh: null },
      process.env,
      10_000,
    );
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('read:1');
  });

  it('the whole install is bounded: a command that would hang is stopped at the bound, and a failed install is not refreshed past it', async () => {
    const started = Date.now();
    const r = await installWithin(
      { install: { method: 'sleep', command: 'sleep', args: ['30'] }, refresh: { method: 'sleep', command: 'sleep', args: ['30'] } },
      process.env,
      300,
    );
    expect(r.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  const aptReady = prerequisite(
    'root with apt-get, sudo and fio installed (apt-get then changes nothing)',
    isRoot && hasFio && ['apt-get', 'sudo'].every(commandExists),
  );
  it.runIf(aptReady)(
    'the real apt-get through the real sudo accepts our exact command line (fio is already installed: it says so and changes nothing)',
    async () => {
      const r = await installWithin({ install: aptCommand('sudo', APT_INSTALL_FIO), refresh: null }, process.env, FIO_INSTALL_BOUND_MS);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/fio is already the newest version/);
    },
    FIO_INSTALL_BOUND_MS + 10_000,
  );
});
