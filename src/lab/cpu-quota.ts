/**
 * A starved CPU for the extraction only: a cgroup v1 cpu group with a CFS quota, and a `tar` shim
 * first on PATH that moves itself into the group and execs the real tar, so tar and the unzstd it
 * spawns run under the quota while the profiler (sampler, fio probes) does not. Why not the whole
 * profiler in the group: its sampler and probes would then compete for the same 25 % of a core,
 * skewing the phase boundaries and the disk ceilings the verdict is measured against.
 */
import { chmodSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from './cleanup.js';
import { CPU_CGROUP_ROOT, LAB_PREFIX } from './paths.js';
import { readLines, run, writeText } from './sys.js';

export interface CpuQuota {
  group: string;
  /** Directory to put first on PATH. */
  shimDir: string;
}

const PERIOD_US = 100_000;

export function cpuQuotaForTar(cleanup: CleanupStack, opts: { dir: string; cores: number }): CpuQuota {
  const group = path.join(CPU_CGROUP_ROOT, `${LAB_PREFIX}${process.pid}-cpu`);
  mkdirSync(group);
  cleanup.push(`remove cgroup ${group}`, () => removeCgroup(group));
  writeText(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeText(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(opts.cores * PERIOD_US)));

  const realTar = run('sh', ['-c', 'command -v tar']);
  const shimDir = path.join(opts.dir, 'cpu-shim');
  mkdirSync(shimDir);
  const shim = path.join(shimDir, 'tar');
  writeFileSync(shim, `#!/bin/sh\necho $$ > '${group}/cgroup.procs'\nexec '${realTar}' "$@"\n`);
  chmodSync(shim, 0o755);
  return { group, shimDir };
}

/** Moves any task still inside back to the root group, then removes the (then empty) group. */
export function removeCgroup(group: string): void {
  for (const pid of readLines(path.join(group, 'cgroup.procs'))) {
    try {
      writeText(path.join(CPU_CGROUP_ROOT, 'cgroup.procs'), pid);
    } catch {
      // Exited meanwhile.
    }
  }
  rmdirSync(group);
}

export function labCgroups(): string[] {
  try {
    return readdirSync(CPU_CGROUP_ROOT).filter((n) => n.startsWith(LAB_PREFIX));
  } catch {
    return [];
  }
}
