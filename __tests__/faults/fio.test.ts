// fio faults and cancellation through the bundled action. A fake `fio` earlier on PATH injects the
// fault at the edge (exit status, output); the measurement itself is never faked: the bad-JSON case
// lets the real fio lay the file out and breaks only the probe's output.
// Cancellation: SIGTERM mid-probe must stop fio and remove its directory; a SIGKILL of the whole
// process group (no chance to clean up) leaves it to the post step.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServices, type LocalServices } from '../../tools/services/index.js';
import { removeDirs, tempDir } from '../helpers/tree.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';
import { buildDist, leftoverProbeDirs, runFault, sh } from '../helpers/action-harness.js';

let services: LocalServices;
let root: string;
const hasFio = prerequisite('fio', commandExists('fio'));
// A miss restores nothing, so the step goes straight to the probes.
const probeInputs = { path: 'node_modules', key: 'no-such-entry', probes: 'seq-write', 'probe-budget-seconds': '6', 'install-fio': 'false' };

beforeAll(async () => {
  buildDist();
  services = await startLocalServices();
  root = await tempDir('faults-fio');
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

/** A directory holding one executable `fio` script; PATH gets it first. */
async function fakeFio(name: string, body: string): Promise<string> {
  const dir = path.join(root, `bin-${name}`);
  await mkdir(dir, { recursive: true });
  writeFileSync(path.join(dir, 'fio'), `#!/bin/sh\nif [ "$1" = "--version" ]; then echo fio-3.33; exit 0; fi\n${body}\n`, { mode: 0o755 });
  return dir;
}

const realFio = hasFio ? sh('sh', ['-c', 'command -v fio']).trim() : 'fio';

/** Processes whose command line mentions `needle` (a probe directory): fio must not outlive the step. */
function processesMentioning(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

describe('fio faults', () => {
  it('fio missing and install-fio false: probes skipped with the remedy, restore still timed', async () => {
    // PATH holds nothing but an empty directory: no fio, and the restore is a miss that needs no tar.
    const empty = path.join(root, 'empty-bin');
    await mkdir(empty, { recursive: true });
    const r = await runFault({ services, root, name: 'no-fio', inputs: probeInputs, env: { PATH: empty } });
    expect(r.mainExitCode).toBe(0);
    expect(r.profile?.probes?.status).toBe('skipped');
    expect(r.problems).toMatch(/fio probes skipped: fio is not installed and installing it is turned off\. Add `sudo apt-get install -y fio`/);
    expect(Number(r.outputs['lookup-seconds'])).toBeGreaterThan(0);
  });

  it.runIf(hasFio)("fio exiting non-zero: probes failed with fio's own message; nothing left behind", async () => {
    const bin = await fakeFio('exit1', 'echo "fio: injected failure: Invalid argument" >&2\nexit 1');
    const r = await runFault({ services, root, name: 'fio-exit', inputs: probeInputs, env: { PATH: `${bin}:${process.env.PATH}` } });
    expect(r.mainExitCode).toBe(0);
    expect(r.profile?.probes?.status).toBe('failed');
    expect(r.problems).toContain('fio exited with code 1: fio: injected failure: Invalid argument');
    expect(leftoverProbeDirs(r.workspace)).toEqual([]);
  });

  it.runIf(hasFio)('fio printing bad JSON for a probe: that probe fails visibly, the layout (real fio) stands', async () => {
    const bin = await fakeFio('badjson', `case "$*" in *--name=layout*) exec ${realFio} "$@";; esac\necho '{"fio version" : "fio-3.33", "jobs" : [ {'\nexit 0`);
    const r = await runFault({ services, root, name: 'fio-json', inputs: probeInputs, env: { PATH: `${bin}:${process.env.PATH}` } });
    expect(r.mainExitCode).toBe(0);
    expect(r.profile?.probes?.status).toBe('failed');
    expect(r.profile?.probes?.probes[0]?.error).toBeTruthy();
    expect(r.problems).toMatch(/fio probes failed: No probe produced a measurement/);
    expect(r.problems).toMatch(/fio probe seq-write failed: .*JSON/i);
    expect(leftoverProbeDirs(r.workspace)).toEqual([]);
  });
});

describe('cancellation during the probes', () => {
  /** Calls `act` with main's process once fio is writing in its probe directory under `workspace`. */
  function whenProbing(workspace: string, act: (child: ChildProcess, dir: string) => void) {
    return (child: ChildProcess) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const dir = leftoverProbeDirs(workspace)[0];
        if (dir && processesMentioning(dir).length > 0) {
          clearInterval(poll);
          act(child, dir);
        } else if (Date.now() - started > 20_000 || child.exitCode !== null) clearInterval(poll);
      }, 50);
    };
  }

  it.runIf(hasFio)('SIGTERM mid-probe: fio stopped, its directory removed, post says there is no report', async () => {
    const workspace = path.join(root, 'sigterm', 'workspace');
    await mkdir(workspace, { recursive: true });
    let probeDir = '';
    const r = await runFault({
      services,
      root,
      name: 'sigterm',
      workspace,
      inputs: { ...probeInputs, 'probe-path': workspace },
      extra: {
        onMainSpawned: whenProbing(workspace, (child, dir) => {
          probeDir = dir;
          child.kill('SIGTERM');
        }),
      },
    });
    expect(probeDir).not.toBe('');
    expect(r.mainExitCode).toBe(128 + 15);
    expect(r.log).toMatch(/SIGTERM received; stopped fio and removed 1 probe directories/);
    expect(existsSync(probeDir)).toBe(false);
    expect(processesMentioning(probeDir)).toEqual([]);
    expect(r.summary).toContain('no report');
  });

  it.runIf(hasFio)('SIGKILL of the whole step mid-probe: the post step removes the directory main left', async () => {
    const workspace = path.join(root, 'sigkill', 'workspace');
    await mkdir(workspace, { recursive: true });
    let probeDir = '';
    const r = await runFault({
      services,
      root,
      name: 'sigkill',
      workspace,
      inputs: { ...probeInputs, 'probe-path': workspace },
      extra: {
        ownProcessGroup: true,
        onMainSpawned: whenProbing(workspace, (child, dir) => {
          probeDir = dir;
          // As the runner does at the end of a cancellation: the whole process tree, no grace.
          process.kill(-child.pid!, 'SIGKILL');
        }),
      },
    });
    expect(probeDir).not.toBe('');
    expect(r.mainExitCode).toBe(128 + 9);
    expect(r.log).toContain(`Removed fio temp directories left behind: ${probeDir}`);
    expect(existsSync(probeDir)).toBe(false);
    expect(r.summary).toContain('no report');
  });
});
