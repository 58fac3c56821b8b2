import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyText, dirtyBytesFor } from '../../src/experiment/apply.js';
import { dirtyableBytes, effectiveDirtyBudget, raisedDirtyLimits } from '../../src/experiment/dirty-budget.js';
import { dirtyChangeFor, putBackIfOurs } from '../../src/experiment/dirty.js';
import { readDirtyBudget } from '../../src/experiment/machine-facts.js';
import { repoRoot } from '../helpers/tree.js';
import { GiB, MiB } from '../../src/util/units.js';
import { NO_PRIVILEGES } from '../helpers/privileges.js';

// fixtures/procfs/meminfo.txt: this 24 GiB build VM, captured with `cat /proc/meminfo` (fixtures/procfs/README.md).
const meminfo = readFileSync(path.join(repoRoot, 'fixtures/procfs/meminfo.txt'), 'utf8');
const kernelDefaults = { dirty_bytes: 0, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 };
const bytesSet = (dirty: number, background: number) => ({ dirty_bytes: dirty, dirty_background_bytes: background, dirty_ratio: 0, dirty_background_ratio: 0 });

describe('the dirty budget in force', () => {
  it('ratios are shares of the dirtyable memory: the smaller of MemAvailable and free + file pages', () => {
    // MemAvailable 24310876 kB is below MemFree + Active(file) + Inactive(file) = 24401628 kB.
    expect(dirtyableBytes(meminfo)).toBe(24310876 * 1024);
    const busy = 'MemFree: 1000 kB\nMemAvailable: 9000 kB\nActive(file): 2000 kB\nInactive(file): 3000 kB\n';
    expect(dirtyableBytes(busy)).toBe(6000 * 1024);
    expect(dirtyableBytes('MemTotal: 1 kB\n')).toBeNull();
    expect(effectiveDirtyBudget(kernelDefaults, 10 * GiB)).toEqual({ dirtyBytes: 2 * GiB, backgroundBytes: 1 * GiB });
  });

  it('*_bytes win over the ratios; a background not below the limit is halved, as the kernel does', () => {
    expect(effectiveDirtyBudget(bytesSet(192 * MiB, 64 * MiB), null)).toEqual({ dirtyBytes: 192 * MiB, backgroundBytes: 64 * MiB });
    expect(effectiveDirtyBudget(bytesSet(256 * MiB, 256 * MiB), null)).toEqual({ dirtyBytes: 256 * MiB, backgroundBytes: 128 * MiB });
    // A ratio without the memory it is a share of: unknown.
    expect(effectiveDirtyBudget(kernelDefaults, null)).toBeNull();
  });

  it('read from a /proc tree: the sysctls and meminfo; null when a sysctl is missing', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dp-dirty-budget-'));
    try {
      mkdirSync(path.join(root, 'sys/vm'), { recursive: true });
      writeFileSync(path.join(root, 'meminfo'), meminfo);
      for (const [name, value] of Object.entries(kernelDefaults)) writeFileSync(path.join(root, 'sys/vm', name), `${value}\n`);
      const available = 24310876 * 1024;
      expect(readDirtyBudget(root)).toEqual({ dirtyBytes: Math.floor(available * 0.2), backgroundBytes: Math.floor(available * 0.1) });
      rmSync(path.join(root, 'sys/vm/dirty_ratio'));
      expect(readDirtyBudget(root)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the raise', () => {
  const target = dirtyBytesFor(150 * MiB); // 300 MiB with headroom: 320 MiB, background from 160 MiB

  it('targets 2 × the restore in 64 MiB steps, background writeback from half of it', () => {
    expect(target).toEqual({ dirtyBytes: 320 * MiB, backgroundBytes: 160 * MiB });
  });

  it('raises each setting below the target to it, and leaves one that holds it as it is', () => {
    expect(raisedDirtyLimits(target, { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB })).toEqual({ dirtyBytes: 320 * MiB, backgroundBytes: 160 * MiB });
    // The limit is ample, background writeback starts early: only the background figure is raised.
    expect(raisedDirtyLimits(target, { dirtyBytes: 4 * GiB, backgroundBytes: 64 * MiB })).toEqual({ dirtyBytes: null, backgroundBytes: 160 * MiB });
    expect(raisedDirtyLimits(target, { dirtyBytes: 256 * MiB, backgroundBytes: 200 * MiB })).toEqual({ dirtyBytes: 320 * MiB, backgroundBytes: null });
    // Limits that cannot be worked out: the target.
    expect(raisedDirtyLimits(target, null)).toEqual({ dirtyBytes: 320 * MiB, backgroundBytes: 160 * MiB });
  });

  it('never lowers: each setting written is above what was in force, and background stays below the limit', () => {
    for (const dirty of [16, 100, 319, 320, 321, 1024, 4800].map((m) => m * MiB))
      for (const background of [8, 50, 159, 160, 161, 300].map((m) => m * MiB)) {
        const current = effectiveDirtyBudget(bytesSet(dirty, background), null)!;
        const r = raisedDirtyLimits(target, current);
        const after = { dirtyBytes: r.dirtyBytes ?? current.dirtyBytes, backgroundBytes: r.backgroundBytes ?? current.backgroundBytes };
        expect(after.dirtyBytes).toBeGreaterThanOrEqual(Math.max(current.dirtyBytes, target.dirtyBytes));
        expect(after.backgroundBytes).toBeGreaterThanOrEqual(Math.max(current.backgroundBytes, target.backgroundBytes));
        expect(after.backgroundBytes).toBeLessThan(after.dirtyBytes);
      }
  });

  it('the apply line names only what is raised, never a lower figure', () => {
    const ctx = { paths: ['node_modules'], mountPoint: '/', extractedBytes: 150 * MiB };
    expect(applyText('page-cache', { ...ctx, dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB } })).toContain(
      `sudo sysctl -w vm.dirty_bytes=${320 * MiB} vm.dirty_background_bytes=${160 * MiB}\``,
    );
    const partly = applyText('page-cache', { ...ctx, dirtyBudget: { dirtyBytes: 4 * GiB, backgroundBytes: 64 * MiB } });
    expect(partly).toContain(`sudo sysctl -w vm.dirty_background_bytes=${160 * MiB}\``);
    expect(partly).not.toContain('vm.dirty_bytes=');
    expect(applyText('page-cache', { ...ctx, dirtyBudget: { dirtyBytes: 4 * GiB, backgroundBytes: 2 * GiB } })).toBe(
      'Nothing to paste: the page cache already holds the restore.',
    );
  });

  it('a setting left as it is has nothing to put back (no write, no warning)', () => {
    const saved = { ...kernelDefaults };
    const change = dirtyChangeFor(saved, { dirtyBytes: null, backgroundBytes: null });
    expect(change.set).toEqual({ dirty_bytes: 0, dirty_background_bytes: 0 });
    // Even with the sysctls since changed by someone else: none of it was ours.
    expect(putBackIfOurs(NO_PRIVILEGES, change, bytesSet(300 * MiB, 100 * MiB))).toEqual({ putBack: [], leftAlone: [] });
  });
});
