// The machine lock for real (flock(1) on a file of a test directory): one holder at a time, a waiter
// that gives up at its budget, and a holder killed with SIGKILL frees it at once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireMachineLock, lockWaitMs } from '../../src/machine/lock.js';
import { MACHINE_DIR_ENV } from '../../src/machine/place.js';
import { leftAloneSentence } from '../../src/experiment/dirty.js';
import { MachineSession } from '../../src/machine/session.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';
import { repoRoot } from '../helpers/tree.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-machine-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const viteNode = path.join(repoRoot, 'node_modules/.bin/vite-node');

describe('the wait budget', () => {
  it('is what another profile with the same budgets can hold the machine, plus a slack', () => {
    expect(lockWaitMs({ probesMs: 30_000, experimentsMs: 60_000 })).toBe(100_000);
    expect(lockWaitMs({ probesMs: null, experimentsMs: 60_000 })).toBe(70_000);
  });
});

describe.runIf(prerequisite('flock (util-linux)', commandExists('flock')))('the machine lock', () => {
  it('one holder at a time; a waiter gives up at its budget; release frees it', async () => {
    const first = await acquireMachineLock({ waitMs: 1000, dir });
    expect(first.acquired).toBe(true);
    if (!first.acquired) return;
    expect(first.lock.unlockedReason).toBeUndefined();
    const second = await acquireMachineLock({ waitMs: 400, dir });
    expect(second.acquired).toBe(false);
    if (!second.acquired) expect(second.waitedMs).toBeGreaterThanOrEqual(350);
    expect((await acquireMachineLock({ waitMs: 0, dir })).acquired).toBe(false);
    // A waiter is served when the holder lets go: acquired (a wait that runs out is not), after the
    // release. How soon is not timed here: flock(2) wakes the waiter in the kernel, and a loaded
    // machine only delays the shell that reports it.
    const third = acquireMachineLock({ waitMs: 60_000, dir });
    setTimeout(() => first.lock.release(), 300);
    const got = await third;
    expect(got.acquired).toBe(true);
    if (got.acquired) {
      expect(got.lock.waitedMs).toBeGreaterThanOrEqual(290);
      got.lock.release();
    }
  });

  it('a cancelled wait stops at once', async () => {
    const holder = await acquireMachineLock({ waitMs: 1000, dir });
    const controller = new AbortController();
    const waiting = acquireMachineLock({ waitMs: 60_000, dir, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const got = await waiting;
    expect(got.acquired).toBe(false);
    if (!got.acquired) expect(got.reason).toMatch(/cancelled/);
    if (holder.acquired) holder.lock.release();
  });

  it('a holder killed with SIGKILL frees the lock: it never outlives its process', async () => {
    const child = spawn(viteNode, [path.join(repoRoot, '__tests__/machine/lock-holder.ts'), dir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    const said = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        if (/LOCKED|FAILED/.test(out)) resolve(out.trim());
      });
      child.on('exit', (code) => reject(new Error(`holder exited (${code}) before taking the lock`)));
    });
    expect(said).toBe('LOCKED');
    expect((await acquireMachineLock({ waitMs: 300, dir })).acquired).toBe(false);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // Freed once the holder's shell sees its pipe close, a moment after the kill (later on a loaded
    // machine): acquired inside the wait, which no stale lock would allow.
    const got = await acquireMachineLock({ waitMs: 30_000, dir });
    expect(got.acquired).toBe(true);
    if (got.acquired) got.lock.release();
  }, 60_000);
});

describe.runIf(commandExists('flock'))('a profile waiting for the machine', () => {
  it('waits within its budget, then skips saying who held the machine; gets it once the holder ends', async () => {
    const before = process.env[MACHINE_DIR_ENV];
    process.env[MACHINE_DIR_ENV] = mkdtempSync(path.join(dir, 'session-'));
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), warn: (l: string) => lines.push(`warning: ${l}`) };
    try {
      const holder = MachineSession.open('holder', out);
      expect(await holder.acquire(1000)).toBeNull();
      holder.enter('probes');
      const waiter = MachineSession.open('waiter', out);
      const busy = await waiter.acquire(300);
      // The whole wait as it was, which a loaded machine makes longer than the 0.3 s asked (starting sh, flock's own timer).
      expect(busy).toMatch(
        /^another profile held the machine lock for the whole \d+(\.\d+)? s wait \("holder" \(pid \d+, in its probes\); the wait is this profile's probe \+ experiments budgets \+ 10 s\), so this part was skipped/,
      );
      expect(lines.join('\n')).toMatch(/Waiting up to 0\.3\d* s for the machine: "holder" \(pid \d+, in its probes\) is probing or experimenting on it/);
      holder.end();
      // The holder's shell is killed, not awaited: the wait covers it dying however late a loaded machine lets it.
      expect(await waiter.acquire(30_000)).toBeNull();
      waiter.end();
    } finally {
      if (before === undefined) delete process.env[MACHINE_DIR_ENV];
      else process.env[MACHINE_DIR_ENV] = before;
    }
  });
});

describe('who set a vm.dirty_* found changed', () => {
  it('names another live profile whose experiment set that value, else nobody', () => {
    const before = process.env[MACHINE_DIR_ENV];
    process.env[MACHINE_DIR_ENV] = mkdtempSync(path.join(dir, 'who-'));
    try {
      const out = { log: () => {}, warn: () => {} };
      const other = MachineSession.open('neighbour', out);
      const saved = { dirty_bytes: 0, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 };
      other.setDirty({ saved, set: { dirty_bytes: 640 * 1024 * 1024, dirty_background_bytes: 640 * 1024 * 1024 } });
      const me = MachineSession.open('me', out);
      expect(me.whoSetDirty('vm.dirty_bytes', 640 * 1024 * 1024)).toBe(`another profile, "neighbour" (pid ${process.pid}),`);
      expect(me.whoSetDirty('vm.dirty_bytes', 300 * 1024 * 1024)).toBeNull();
      // A setting the neighbour left as it was (its budget already held the target) is not theirs.
      other.setDirty({ saved: { ...saved, dirty_bytes: 4 * 1024 ** 3 }, set: { dirty_bytes: 4 * 1024 ** 3, dirty_background_bytes: 640 * 1024 * 1024 } });
      expect(me.whoSetDirty('vm.dirty_bytes', 4 * 1024 ** 3)).toBeNull();
      other.setDirty({ saved, set: { dirty_bytes: 640 * 1024 * 1024, dirty_background_bytes: 640 * 1024 * 1024 } });
      const sentence = leftAloneSentence(
        {
          name: 'vm.dirty_bytes',
          ourValue: 512 * 1024 * 1024,
          foundValue: 640 * 1024 * 1024,
          found: 'vm.dirty_bytes=671088640 (640 MiB)',
          before: 'vm.dirty_ratio=20 (vm.dirty_bytes unset)',
        },
        'this profile',
        me.whoSetDirty('vm.dirty_bytes', 640 * 1024 * 1024) ?? undefined,
      );
      expect(sentence).toBe(
        `vm.dirty_bytes was changed by another profile, "neighbour" (pid ${process.pid}), while this profile had it at 536870912 (512 MiB) for the page-cache experiment: it is now vm.dirty_bytes=671088640 (640 MiB), so it is left as they set it, not put back to vm.dirty_ratio=20 (vm.dirty_bytes unset).`,
      );
      other.setDirty(null);
      other.end();
      me.end();
    } finally {
      if (before === undefined) delete process.env[MACHINE_DIR_ENV];
      else process.env[MACHINE_DIR_ENV] = before;
    }
  });
});
