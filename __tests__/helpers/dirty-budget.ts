// For tests whose outcome depends on how much the machine's page cache may hold dirty (vm.dirty_*):
// they set the budget they need and put back what they found, so they pass on a machine another job
// left changed (issue 25: a runner left at vm.dirty_bytes=192 MiB failed three of them).
import { putBackDirtySettings, raiseDirtyLimits } from '../../src/experiment/dirty.js';
import { readDirtySettings, type DirtySettings } from '../../src/system/dirty-limits.js';
import { GiB, MiB } from '../../src/util/units.js';
import { ROOT_PRIVILEGES } from './privileges.js';

/**
 * Enough for the 1 GiB an "earlier step" leaves dirty to stay dirty until the profile flushes it:
 * background writeback starts above 4 GiB machine-wide (and above the loop device's share of it,
 * which is what a smaller figure trips), writers are throttled only near 8 GiB.
 */
export const AMPLE_DIRTY_BUDGET = { dirtyBytes: 8 * GiB, backgroundBytes: 4 * GiB } as const;

/**
 * Sets vm.dirty_bytes / vm.dirty_background_bytes (needs root) and returns the function that puts the
 * found settings back (the member of each bytes/ratio pair that was in force). For beforeAll/afterAll.
 */
export function setDirtyBudget(budget: { dirtyBytes: number; backgroundBytes: number } = AMPLE_DIRTY_BUDGET): () => void {
  const found: DirtySettings = readDirtySettings();
  raiseDirtyLimits(ROOT_PRIVILEGES, budget);
  return () => putBackDirtySettings(ROOT_PRIVILEGES, found);
}

/**
 * A budget below what the page-cache experiment targets for any restore (at least 64 MiB, background
 * from 32 MiB): tests that must see the experiment raise vm.dirty_* set it, since at a fresh kernel's
 * ratios a small restore already fits and page-cache is skipped (already-fits).
 */
export const TIGHT_DIRTY_BUDGET = { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB } as const;

/**
 * A fresh kernel's dirty thresholds (vm.dirty_ratio 20, vm.dirty_background_ratio 10), for tests of
 * what the experiments do on a machine as shipped (a small restore's page-cache skipped as already-fits).
 * Returns the put-back.
 */
export function setKernelDefaultDirtyRatios(): () => void {
  const found: DirtySettings = readDirtySettings();
  putBackDirtySettings(ROOT_PRIVILEGES, { dirty_bytes: 0, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 });
  return () => putBackDirtySettings(ROOT_PRIVILEGES, found);
}
