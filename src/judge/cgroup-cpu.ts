/**
 * The runner's cgroup as the judge reads it. os.cpus() and /proc/stat show the host: in a container
 * job or a Kubernetes runner pod the step runs under a CFS quota, so the CPU one process can reach is
 * min(1 core, quota, cpuset), and the group's throttled time (Δ cpu.stat over a phase) is direct
 * evidence of the quota holding it back, with or without PSI. Under cgroup v2 the dirty-page budget
 * is the memory limit's share of it. Pure.
 */
import type { CgroupLimits, RunnerContext, Snapshot } from '../profile/schema.js';

/** What one single-threaded process can get, and why. */
export interface CpuReach {
  /** Cores: 1, or less under a quota below one core. */
  cores: number;
  /** The quota that set it, when one did. */
  quotaCores: number | null;
}

export function cpuReach(cgroup: CgroupLimits | undefined): CpuReach {
  const quota = cgroup?.cpuQuotaCores ?? null;
  const cpuset = cgroup?.cpusetCpus ?? null;
  const cores = Math.min(1, quota ?? Infinity, cpuset ?? Infinity);
  return { cores, quotaCores: quota !== null && quota < 1 ? quota : null };
}

/** The cgroup's CFS counters over one phase. */
export interface CgroupCpuFacts {
  /** The tightest quota, cores; null for none. */
  quotaCores: number | null;
  /** CPU the group that holds the quota used over the phase, in cores; null where usage was not readable. */
  usageCores: number | null;
  /** Time the quota held the group back over the phase (Δ throttled time), ms. */
  throttledMs: number;
  periods: number;
  throttledPeriods: number;
  /** Share of the phase's CFS periods in which the group ran out of quota; null without periods. */
  throttledShare: number | null;
}

export function cgroupCpuFacts(start: Snapshot, end: Snapshot, cgroup: CgroupLimits | undefined): CgroupCpuFacts | null {
  const a = start.cgroupCpu;
  const b = end.cgroupCpu;
  const durationMs = end.tMs - start.tMs;
  if (!a || !b || durationMs <= 0) return null;
  const periods = Math.max(0, b.periods - a.periods);
  const throttledPeriods = Math.max(0, b.throttledPeriods - a.throttledPeriods);
  return {
    quotaCores: cgroup?.cpuQuotaCores ?? null,
    usageCores: a.usageUs !== null && b.usageUs !== null ? Math.max(0, b.usageUs - a.usageUs) / 1000 / durationMs : null,
    throttledMs: Math.max(0, b.throttledUs - a.throttledUs) / 1000,
    periods,
    throttledPeriods,
    throttledShare: periods > 0 ? throttledPeriods / periods : null,
  };
}

/**
 * The share of the host's dirty limit this cgroup may hold: under cgroup v2 the kernel throttles a
 * memory cgroup's writers against its own domain too (mm/page-writeback.c, domain_dirty_limits: the
 * same ratio, or vm.dirty_bytes scaled by the cgroup's share of dirtyable memory), so a pod with a
 * 4 GiB limit on a 64 GiB host gets about a sixteenth of the host's budget. v1 has no such domain.
 */
export function cgroupDirtyScale(context: Pick<RunnerContext, 'cgroup' | 'memoryBytes'>): number {
  const limit = context.cgroup?.version === 2 ? context.cgroup.memoryLimitBytes : null;
  if (limit === null || limit === undefined || !(context.memoryBytes > 0)) return 1;
  return Math.min(1, limit / context.memoryBytes);
}

/**
 * Under a quota, the CPU what-if is the quota raised `speedup` times (what the lab's intervention
 * does): the extraction then takes at least its group's CPU work over the raised quota, and its busiest
 * process's CPU time at what one process can then reach. 0 without a quota or without the counters.
 */
export function quotaFloorMs(
  facts: { durationMs: number; cgroupCpu: CgroupCpuFacts | null; busiestProcess: { cores: number } | null },
  speedup: number,
): number {
  const g = facts.cgroupCpu;
  if (!g || g.quotaCores === null) return 0;
  const raised = g.quotaCores * speedup;
  const group = g.usageCores === null ? 0 : (g.usageCores * facts.durationMs) / raised;
  const busiest = facts.busiestProcess ? (facts.busiestProcess.cores * facts.durationMs) / Math.min(1, raised) : 0;
  return Math.max(group, busiest);
}

/** The quota a CPU what-if raises, cores; null when the step ran under none. */
export function quotaOf(phases: readonly { facts: { cgroupCpu: CgroupCpuFacts | null } }[]): number | null {
  return phases.find((p) => p.facts.cgroupCpu?.quotaCores != null)?.facts.cgroupCpu?.quotaCores ?? null;
}
