/**
 * The dirty-page thresholds a GitHub-hosted runner of a given RAM size runs with. The kernel's
 * defaults are shares of *dirtyable* memory (free + reclaimable), not of total RAM:
 * vm.dirty_background_ratio 10 and vm.dirty_ratio 20 (FIELD-NOTES, "Page cache and attribution").
 * A freshly booted runner has about all but ~1 GiB dirtyable (kernel, the runner agent and its
 * services hold the rest), which matches the ~1.5 GiB / ~3 GiB the notes give for a 16 GiB runner.
 * Pure.
 */
import { GiB } from '../../src/util/units.js';

/** Kernel defaults (mm/page-writeback.c): dirty_background_ratio and dirty_ratio. */
export const KERNEL_DIRTY_RATIOS = { background: 0.1, limit: 0.2 } as const;
/** Memory a fresh runner cannot dirty (kernel, runner agent, its services). */
export const RUNNER_UNAVAILABLE_BYTES = 1 * GiB;

export interface DirtyLimits {
  dirtyBytes: number;
  backgroundBytes: number;
}

/** Rounded down to whole pages, as the kernel stores them. */
export function runnerDirtyLimits(totalRamBytes: number, unavailableBytes = RUNNER_UNAVAILABLE_BYTES): DirtyLimits {
  const dirtyable = Math.max(0, totalRamBytes - unavailableBytes);
  const page = 4096;
  const pages = (share: number) => Math.floor((dirtyable * share) / page) * page;
  return { backgroundBytes: pages(KERNEL_DIRTY_RATIOS.background), dirtyBytes: pages(KERNEL_DIRTY_RATIOS.limit) };
}
