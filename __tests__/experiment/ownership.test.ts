// vm.dirty_* put back only while still ours (root): a user (or another tool) that sets vm.dirty_bytes
// during the page-cache experiment keeps what they set, the setting we still own is put back, and
// the report says who changed what.
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putBackDirtySettings } from '../../src/experiment/dirty.js';
import { runExperiments } from '../../src/experiment/run-experiments.js';
import { readDirtySettings } from '../../src/system/dirty-limits.js';
import { MiB } from '../../src/util/units.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { experimentsRequest, type RestoreFixture, restoreFixture } from './fixture.js';
import { setDirtyBudget, TIGHT_DIRTY_BUDGET } from '../helpers/dirty-budget.js';
import { ROOT_PRIVILEGES } from '../helpers/privileges.js';

const ready = prerequisite('root with tar and unzstd (vm.dirty_*)', isRoot && ['tar', 'unzstd'].every(commandExists));
let f: RestoreFixture;

// page-cache must raise vm.dirty_* (at a fresh kernel's ratios this restore already fits): a tight budget, put back after.
let putBackDirty = () => {};
beforeAll(async () => {
  if (!ready) return;
  putBackDirty = setDirtyBudget(TIGHT_DIRTY_BUDGET);
  f = await restoreFixture('experiments-ownership');
}, 120_000);
afterAll(async () => {
  putBackDirty();
  await f?.services.stop();
  if (f) rmSync(f.root, { recursive: true, force: true });
});

describe.runIf(ready)('a sysctl changed by someone else during the experiment', () => {
  it('is left as they set it and reported; what is still ours is put back', async () => {
    const found = readDirtySettings();
    // Not a value the experiment would pick (those are whole multiples of 64 MiB).
    const theirs = 300 * MiB + 4096;
    const warnings: string[] = [];
    try {
      const result = await runExperiments(
        experimentsRequest(f, {
          experiments: ['page-cache'],
          duringRun: async (alternative) => {
            if (alternative === 'page-cache') writeFileSync('/proc/sys/vm/dirty_bytes', `${theirs}\n`);
          },
        }),
        { log: () => {}, warn: (w) => warnings.push(w) },
      );
      expect(result.runs.find((r) => r.alternative === 'page-cache')?.error).toBeUndefined();
      const now = readDirtySettings();
      expect(now.dirty_bytes).toBe(theirs);
      // The background pair was still ours: back to what was found.
      expect(found.dirty_background_bytes > 0 ? now.dirty_background_bytes : now.dirty_background_ratio).toBe(
        found.dirty_background_bytes > 0 ? found.dirty_background_bytes : found.dirty_background_ratio,
      );
      const said = warnings.join('\n');
      expect(said).toMatch(
        new RegExp(`vm\\.dirty_bytes was changed by someone else while this profile had it at \\d+ .*: it is now vm\\.dirty_bytes=${theirs}`),
      );
      expect(said).toMatch(/left as they set it, not put back to vm\.dirty_/);
      expect(said).not.toMatch(/vm\.dirty_background_bytes was changed/);
    } finally {
      putBackDirtySettings(ROOT_PRIVILEGES, found);
    }
    expect(readDirtySettings()).toEqual(found);
  }, 120_000);
});
