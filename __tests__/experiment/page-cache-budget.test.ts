// The page-cache experiment against the machine's real vm.dirty_*, as root: at a fresh kernel's
// ratios a small restore already fits (skipped, nothing written); under a tight budget it is raised
// to the restore's target and put back exactly; a limit already ample is left as it is, never lowered.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExperiments } from '../../src/experiment/run-experiments.js';
import { readDirtySettings, type DirtySettings } from '../../src/system/dirty-limits.js';
import { GiB, MiB } from '../../src/util/units.js';
import { setDirtyBudget, setKernelDefaultDirtyRatios, TIGHT_DIRTY_BUDGET } from '../helpers/dirty-budget.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { experimentsRequest, type RestoreFixture, restoreFixture } from './fixture.js';

const ready = prerequisite('root with tar and unzstd (vm.dirty_*)', isRoot && ['tar', 'unzstd'].every(commandExists));

describe.runIf(ready)('page-cache against the dirty budget in force', () => {
  let f: RestoreFixture;
  const log: string[] = [];
  const hooks = { log: (l: string) => log.push(l), warn: (l: string) => log.push(`warning: ${l}`) };

  beforeAll(async () => {
    f = await restoreFixture('page-cache-budget');
  }, 120_000);
  afterAll(async () => {
    await f?.services.stop();
    if (f) rmSync(f.root, { recursive: true, force: true });
  });

  /** Runs page-cache under the given budget, with what vm.dirty_* held during its runs; puts back what was found. */
  async function underBudget(set: () => () => void) {
    const putBack = set();
    try {
      const before = readDirtySettings();
      const during: DirtySettings[] = [];
      const result = await runExperiments(
        experimentsRequest(f, {
          experiments: ['page-cache'],
          duringRun: async (alternative) => {
            if (alternative === 'page-cache') during.push(readDirtySettings());
          },
        }),
        hooks,
      );
      return { before, during, result, after: readDirtySettings() };
    } finally {
      putBack();
    }
  }

  it("at a fresh kernel's ratios a small restore already fits: skipped as already-fits, nothing written", async () => {
    const found = readDirtySettings();
    const { before, during, result, after } = await underBudget(setKernelDefaultDirtyRatios);
    expect(result.status, `${result.reason} ${log.join('\n')}`).toBe('ran');
    expect(result.skipped.map((s) => [s.alternative, s.reason])).toEqual([['page-cache', 'already-fits']]);
    expect(result.skipped[0]?.detail).toMatch(
      /^the page cache already holds the restore: vm\.dirty_\* allow [\d.]+ GiB \(background writeback from [\d.]+ GiB\), the restore is [\d.]+ MiB; raising them changes nothing here$/,
    );
    expect(result.runs.map((r) => r.alternative)).toEqual(['baseline', 'baseline']);
    expect(during).toEqual([]);
    expect(after).toEqual(before);
    expect(readDirtySettings()).toEqual(found);
  }, 120_000);

  it('under a tight budget (32 MiB) both are raised to the target and put back exactly', async () => {
    const found = readDirtySettings();
    const { before, during, result, after } = await underBudget(() => setDirtyBudget(TIGHT_DIRTY_BUDGET));
    expect(before).toMatchObject({ dirty_bytes: 32 * MiB, dirty_background_bytes: 16 * MiB });
    expect(result.runs.filter((r) => r.alternative === 'page-cache' && !r.error)).toHaveLength(2);
    expect(result.skipped).toEqual([]);
    expect(during).toHaveLength(2);
    for (const d of during) {
      // 2 × the restore in 64 MiB steps, background writeback from half of it: a raise, never below what was there.
      expect(d.dirty_bytes % (64 * MiB)).toBe(0);
      expect(d.dirty_bytes).toBeGreaterThan(before.dirty_bytes);
      expect(d.dirty_background_bytes).toBe(d.dirty_bytes / 2);
    }
    const pc = result.outcomes.find((o) => o.alternative === 'page-cache');
    expect(pc?.apply).toContain(`sudo sysctl -w vm.dirty_bytes=${during[0]?.dirty_bytes} vm.dirty_background_bytes=${during[0]?.dirty_background_bytes}\``);
    expect(after).toEqual(before);
    expect(readDirtySettings()).toEqual(found);
  }, 120_000);

  it('an ample limit with early background writeback: only the background figure is raised, the limit left as it is', async () => {
    const { before, during, result, after } = await underBudget(() => setDirtyBudget({ dirtyBytes: 4 * GiB, backgroundBytes: 16 * MiB }));
    expect(during).toHaveLength(2);
    for (const d of during) {
      expect(d.dirty_bytes).toBe(4 * GiB);
      expect(d.dirty_background_bytes).toBeGreaterThan(16 * MiB);
      expect(d.dirty_background_bytes % (32 * MiB)).toBe(0);
    }
    const apply = result.outcomes.find((o) => o.alternative === 'page-cache')?.apply ?? '';
    expect(apply).toContain(`sudo sysctl -w vm.dirty_background_bytes=${during[0]?.dirty_background_bytes}\``);
    expect(apply).not.toContain('vm.dirty_bytes=');
    expect(after).toEqual(before);
  }, 120_000);
});
