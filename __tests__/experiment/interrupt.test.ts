// SIGINT / SIGTERM in the middle of an experiment (vm.dirty_* raised, a tmpfs mounted, tar writing):
// the process puts everything back before it dies.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { repoRoot } from '../helpers/tree.js';
import { experimentTraces } from './fixture.js';
import { setDirtyBudget, TIGHT_DIRTY_BUDGET } from '../helpers/dirty-budget.js';

const viteNode = path.join(repoRoot, 'node_modules/.bin/vite-node');
const ready = prerequisite('root with tar and unzstd (tmpfs mounts, vm.dirty_*)', isRoot && ['tar', 'unzstd'].every(commandExists) && existsSync(viteNode));

describe.runIf(ready)('experiments interrupted mid-run', () => {
  // Mid-run vm.dirty_* must differ from the start: begin below what page-cache raises them to, whatever another job left.
  let putBackDirty = () => {};
  beforeAll(() => {
    putBackDirty = setDirtyBudget(TIGHT_DIRTY_BUDGET);
  });
  afterAll(() => putBackDirty());
  // Stopped in page-cache (vm.dirty_* raised, the archive's tmpfs), and in ram (a tmpfs on each of the two restore paths besides).
  const cases = [
    { signal: 'SIGTERM', stopIn: 'page-cache', mounts: 1 },
    { signal: 'SIGINT', stopIn: 'page-cache', mounts: 1 },
    { signal: 'SIGTERM', stopIn: 'ram', mounts: 3 },
  ] as const;
  for (const { signal, stopIn, mounts } of cases) {
    it(`${signal} in ${stopIn}: vm.dirty_*, the tmpfs mounts, tar and the directories are put back`, async (ctx) => {
      const before = await experimentTraces([]);
      const child = spawn(viteNode, [path.join(repoRoot, '__tests__/experiment/interrupt-target.ts')], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, STOP_IN: stopIn },
      });
      // Never an orphan holding the machine when an assertion fails before the signal: SIGTERM makes it put everything back.
      ctx.onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      });
      const dirs: string[] = [];
      const root = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          for (const m of chunk.matchAll(/^DIR (\S+)$/gm)) dirs.push(m[1] as string);
          const r = /READY (\S+)/.exec(out);
          if (r) resolve(r[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`target exited (${code}) before it was ready`)));
      });
      // Mid-run the experiment really holds the machine: sysctls raised, tmpfs mounted, directories there.
      const during = await experimentTraces([]);
      if (stopIn === 'page-cache') expect(during.dirty).not.toEqual(before.dirty);
      // Its own tmpfs mounts (others' may be there on a shared machine: they are no concern here).
      expect(during.mounts.filter((m) => !before.mounts.includes(m)).length).toBe(mounts);
      expect(dirs.length).toBeGreaterThanOrEqual(2);
      expect(dirs.every((d) => existsSync(d))).toBe(true);
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, sig) => resolve(sig ?? code)));
      child.kill(signal);
      expect(await exited).toBe(signal);
      expect(await experimentTraces([])).toEqual(before);
      expect(dirs.filter((d) => existsSync(d))).toEqual([]);
      expect(existsSync(root)).toBe(false);
    }, 120_000);
  }
});
