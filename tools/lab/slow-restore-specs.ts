/**
 * Restores of 60 to 180 s for the sampled experiments (issue 40, item 1): the lab's own scenarios
 * with tighter caps on the same workload (the `deps` cache, ~87 MB of JavaScript in ~12k files; for the CPU the
 * `monorepo` cache, eight copies of it: cache-entry.ts), so
 * that the lab stays quick to set up and full runs of the experiments do not fit their default 60 s
 * budget. Each keeps its scenario's name, so the lab's expectation (the verdict it was built to get)
 * holds for it. Pure.
 *
 * The caps are scaled from the lab's own figures, not from timings seen on a loaded machine: the
 * bench prints each restore's time and holds it to 60–180 s (a row), so a cap that misses is seen.
 */
import { SCENARIOS, type ScenarioSpec } from './scenario-specs.js';
import { MiB } from '../../src/util/units.js';

/** The resources whose slow restores the bench measures, one scenario each. */
export const SLOW_RESTORES = ['disk-iops', 'disk-bandwidth', 'cpu'] as const;
export type SlowRestore = (typeof SLOW_RESTORES)[number];

/** The restore time the scenarios are built for: longer than one baseline run within the default budget, at most three minutes. */
export const SLOW_RESTORE_RANGE_MS = { min: 60_000, max: 180_000 } as const;

export const SLOW_RESTORE_SETTINGS = {
  /** ~125 MB at 1.5 MiB/s: ~80 s of writes (the lab's 40 MiB/s restore takes ~3 s). */
  writeBytesPerSecond: 1.5 * MiB,
  /** The deps cache's ~17k unmerged bios (scenario-specs.ts, bioWriteIops) at 200 IOPS: ~85 s; the lab's 1000 IOPS takes ~17 s. */
  writeIops: 200,
  /**
   * tar + unzstd at 6 % of one core (a 6 ms quota a 100 ms period), restoring the monorepo cache (eight
   * copies of the deps trees, ~95k members: ~3.5 CPU-seconds of extraction here, unthrottled): 87–103 s in
   * the bench. Not the deps cache under 1.2 % (its ~0.5 CPU-second made 60–80 s restores there), because a
   * quota below the kernel's tick
   * (CONFIG_HZ=250: 4 ms) is not enforced as set: each runnable CPU overruns it to the next tick, so the
   * group got 3.1 % of a core (2.16 CPU-s in 68.9 s, cpuacct) and a run's time followed how often tar and
   * unzstd met the scheduler more than their work (BENCHMARKS.md, sampled fixes). At 6 % the group got
   * 7 % (5.1 CPU-s in 72.9 s). A container's CPU limit is tenths of a core, far above the tick.
   */
  cpuCores: 0.06,
  /** The monorepo cache's ~95k inodes on the restore disk, and again during a full run beside them: a 2 GiB image has ~131k. */
  cpuLoopImageBytes: 4096 * MiB,
} as const;

export const SLOW_RESTORE_SPECS: Record<SlowRestore, ScenarioSpec> = {
  'disk-iops': {
    ...SCENARIOS['disk-iops'],
    about: `the disk-iops scenario capped at ${SLOW_RESTORE_SETTINGS.writeIops} write IOPS: a restore of 60–180 s`,
    controls: { writeIops: SLOW_RESTORE_SETTINGS.writeIops },
  },
  'disk-bandwidth': {
    ...SCENARIOS['disk-bandwidth'],
    about: `the disk-bandwidth scenario capped at ${SLOW_RESTORE_SETTINGS.writeBytesPerSecond / MiB} MiB/s of writes: a restore of 60–180 s`,
    controls: { writeBytesPerSecond: SLOW_RESTORE_SETTINGS.writeBytesPerSecond },
  },
  cpu: {
    ...SCENARIOS.cpu,
    about: `the cpu scenario restoring the monorepo cache (~95k members) with tar + unzstd under ${SLOW_RESTORE_SETTINGS.cpuCores * 100}% of one core: a restore of 60–180 s`,
    controls: { cpuCores: SLOW_RESTORE_SETTINGS.cpuCores },
    cache: 'monorepo',
    loopImageBytes: SLOW_RESTORE_SETTINGS.cpuLoopImageBytes,
  },
};

/** --slow-restores a,b: every one by default; an unknown name is an error naming the known. */
export function slowRestoreList(value: string | undefined): SlowRestore[] {
  if (value === undefined || value === '') return [...SLOW_RESTORES];
  const names = value.split(',').map((x) => x.trim());
  const bad = names.filter((n) => !(SLOW_RESTORES as readonly string[]).includes(n));
  if (bad.length > 0) throw new Error(`--slow-restores: ${bad.join(', ')} given; known: ${SLOW_RESTORES.join(', ')}`);
  return names as SlowRestore[];
}
