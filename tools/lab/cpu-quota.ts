/**
 * A starved CPU for the extraction only: a cgroup v1 cpu group with a CFS quota, and a `tar` shim
 * first on PATH that moves itself into the group and execs the real tar, so tar and the unzstd it
 * spawns run under the quota while the profiler (sampler, fio probes) does not. Why not the whole
 * profiler in the group: its sampler and probes would then compete for the same 25 % of a core,
 * skewing the phase boundaries and the disk ceilings the verdict is measured against.
 */
import { chmodSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { CPU_CGROUP_ROOT, CPUACCT_CGROUP_ROOT, LAB_PREFIX } from './paths.js';
import { readLines, run, writeText } from '../../src/system/sys.js';

export interface CpuQuota {
  /** The cpu group holding tar's quota; null when the whole step's group holds it. */
  group: string | null;
  /** Directory to put first on PATH. */
  shimDir: string;
  /** CPU-seconds tar and the unzstd it spawns used so far in this setup (cpuacct), exact. */
  tarCpuSeconds: () => number;
  /** The cgroup.procs files the shim writes to join its groups (a step run as another user must be let write them). */
  joins: string[];
}

const PERIOD_US = 100_000;
let groups = 0;

/** A fresh cpu cgroup with a CFS quota of `cores`, removed on cleanup (its tasks moved back to the root first). */
export function quotaGroup(cleanup: CleanupStack, cores: number, what: string): string {
  const group = path.join(CPU_CGROUP_ROOT, `${LAB_PREFIX}${process.pid}-${what}-${++groups}`);
  mkdirSync(group);
  cleanup.push(`remove cgroup ${group}`, () => removeCgroup(group, CPU_CGROUP_ROOT));
  writeText(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeText(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
  return group;
}

/** A cpuacct group that meters what is moved into it, removed on cleanup. */
function meterGroup(cleanup: CleanupStack): string {
  const group = path.join(CPUACCT_CGROUP_ROOT, `${LAB_PREFIX}${process.pid}-tar-${++groups}`);
  mkdirSync(group);
  cleanup.push(`remove cgroup ${group}`, () => removeCgroup(group, CPUACCT_CGROUP_ROOT));
  return group;
}

/**
 * The `tar` shim: moves itself into the quota group (scope 'tar'; with scope 'step' the step's group
 * already holds it, and moving out would free it of the quota) and into a cpuacct group that meters
 * tar + unzstd, then execs the real tar.
 */
export function cpuQuotaForTar(cleanup: CleanupStack, opts: { dir: string; cores: number | null }): CpuQuota {
  const group = opts.cores === null ? null : quotaGroup(cleanup, opts.cores, 'cpu');
  const meter = meterGroup(cleanup);
  const realTar = run('sh', ['-c', 'command -v tar']);
  const shimDir = path.join(opts.dir, 'cpu-shim');
  mkdirSync(shimDir);
  const shim = path.join(shimDir, 'tar');
  const joins = [group, meter].filter((g): g is string => g !== null).map((g) => path.join(g, 'cgroup.procs'));
  writeFileSync(shim, `#!/bin/sh\n${joins.map((f) => `echo $$ > '${f}'\n`).join('')}exec '${realTar}' "$@"\n`);
  chmodSync(shim, 0o755);
  const tarCpuSeconds = () => Number(readLines(path.join(meter, 'cpuacct.usage'))[0] ?? Number.NaN) / 1e9;
  return { group, shimDir, tarCpuSeconds, joins };
}

/** Moves any task still inside back to the root group, then removes the (then empty) group. */
function removeCgroup(group: string, root: string): void {
  for (const pid of readLines(path.join(group, 'cgroup.procs'))) {
    try {
      writeText(path.join(root, 'cgroup.procs'), pid);
    } catch {
      // Exited meanwhile.
    }
  }
  rmdirSync(group);
}

/** The lab's cpu and cpuacct groups (named with its prefix). */
export function labCgroups(): string[] {
  const list = (root: string) => {
    try {
      return readdirSync(root)
        .filter((n) => n.startsWith(LAB_PREFIX))
        .map((n) => `${path.basename(root)}/${n}`);
    } catch {
      return [];
    }
  };
  return [...list(CPU_CGROUP_ROOT), ...list(CPUACCT_CGROUP_ROOT)];
}
