/**
 * Ground truth by intervention: the same restore timed WITHOUT the profiler (plain restoreCache
 * from @actions/cache, then `sync -f` on each file system the restore wrote), on the scenario and
 * on the scenario with each controlled resource relaxed 2×. The bottleneck is the resource whose
 * relaxation saves the most measured time (the checks are pure: tools/lab/ground-truth.ts).
 *
 * Both sides start alike: before the timer starts, what earlier steps left dirty on the restore's
 * and the archive temp's file systems is flushed with `sync -f`, untimed, as runProfile does
 * before its lookup.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { restoreCache } from '@actions/cache';
import { withEnv } from '../services/index.js';
import { distinctFileSystems, syncFileSystems } from '../../src/sample/syncfs.js';
import type { LabCacheEntry } from './cache-entry.js';
import type { Lab } from './lab.js';
import { cacheFor, withScenario } from './lab.js';
import { withoutStdout } from './quiet.js';
import { controlledResources, relaxed, relaxFactorOf, type Resource, type ScenarioSpec } from './scenario-specs.js';
import { runStepRequest } from './step-isolation.js';

export interface PlainTiming {
  /** Until restoreCache returned (lookup + download + extraction + deleting the archive). */
  restoreMs: number;
  /** Until every file system the restore wrote had synced: the files are on disk. */
  onDiskMs: number;
  /** The untimed pre-flush of earlier dirty pages. */
  preFlushMs: number;
  /** CPU-seconds tar + unzstd used (cpuacct), on scenarios with a CPU control. */
  cpuSeconds?: number;
}

export interface Intervention {
  scenario: string;
  /** The scenario as built: the mean of baseRuns. */
  base: PlainTiming;
  /** Timed first and last, around the relaxed variants, so a trend in the shared machine's load cancels out of the mean. */
  baseRuns: PlainTiming[];
  /** Each relaxed variant timed twice, in mirrored order around the base runs (B R1 R2 R2 R1 B): the mean of its runs. */
  relaxed: {
    resource: Resource;
    timing: PlainTiming;
    runs: PlainTiming[];
    /** 2 (doubled), or 0.5 where the scenario halves the resource instead (ground-truth.ts says how that is checked). */
    factor?: number;
    /** The relaxed variant's CPU quota in cores, where the scenario has one. */
    cpuCores?: number;
  }[];
  /** The scenario's CPU quota in cores, where it has one (to bring CPU-seconds to time). */
  baseCpuCores?: number;
}

export function meanTiming(runs: readonly PlainTiming[]): PlainTiming {
  const mean = (f: (t: PlainTiming) => number) => runs.reduce((sum, t) => sum + f(t), 0) / runs.length;
  const out: PlainTiming = { restoreMs: mean((t) => t.restoreMs), onDiskMs: mean((t) => t.onDiskMs), preFlushMs: mean((t) => t.preFlushMs) };
  if (runs.length > 0 && runs.every((t) => typeof t.cpuSeconds === 'number')) out.cpuSeconds = mean((t) => t.cpuSeconds as number);
  return out;
}

/** syncfs may take as long as the slowest lab disk needs for a whole restore. */
const SYNC_LIMIT_MS = 10 * 60_000;

/**
 * The plain restore into `workspace`, timed until every file system it wrote has synced: first an
 * untimed syncfs of those file systems (what earlier steps left, as runProfile's pre-flush), then
 * restoreCache and syncfs again, timed. `env` is the cache client's environment for that workspace.
 */
export async function plainRestoreUntilOnDisk(
  entry: LabCacheEntry,
  where: { workspace: string; runnerTemp: string },
  env: Record<string, string | undefined>,
): Promise<PlainTiming> {
  // The restore writes the workspace, its restore paths (which may be other file systems mounted
  // inside it) and RUNNER_TEMP (the archive).
  const fileSystems = distinctFileSystems([where.workspace, ...entry.paths.map((p) => path.resolve(where.workspace, p)), where.runnerTemp]);
  const flushStarted = performance.now();
  await syncOrThrow(fileSystems);
  const preFlushMs = performance.now() - flushStarted;
  // The env sets GITHUB_WORKSPACE: restoreCache extracts there (tar -C), as on a runner.
  return withoutStdout(() =>
    withEnv(env, async () => {
      const started = performance.now();
      const key = await restoreCache([...entry.paths], entry.key);
      const restoreMs = performance.now() - started;
      await syncOrThrow(fileSystems);
      const onDiskMs = performance.now() - started;
      if (!key) throw new Error(`plain restore into ${where.workspace} missed the lab cache`);
      return { restoreMs, onDiskMs, preFlushMs };
    }),
  );
}

async function syncOrThrow(fileSystems: readonly string[]): Promise<void> {
  const stuck = (await syncFileSystems(fileSystems, SYNC_LIMIT_MS)).filter((s) => !s.returned);
  if (stuck.length > 0) throw new Error(`syncfs did not return on ${stuck.map((s) => s.mountPoint).join(', ')}: no plain time to compare with`);
}

/** The plain restore on one (possibly relaxed) scenario, set up and torn down like a profiled run. */
export async function timePlainRestore(lab: Lab, spec: ScenarioSpec): Promise<PlainTiming> {
  const entry = await cacheFor(lab, spec);
  return withScenario(lab, spec, async (runner, env) => {
    runner.beforeRestore();
    const where = { workspace: runner.workspace, runnerTemp: runner.runnerTemp };
    // A whole-step scenario: the plain restore in the same container limits as the profiled one.
    const timing = runner.isolation
      ? await runStepRequest<PlainTiming>(runner.isolation, { kind: 'plain', entry, where }, env)
      : await plainRestoreUntilOnDisk(entry, where, env);
    const cpuSeconds = runner.cpuSeconds?.();
    return cpuSeconds === undefined ? timing : { ...timing, cpuSeconds };
  });
}

/**
 * The scenario plain, then each controlled resource relaxed 2× (halved where the spec says so), then the relaxed variants again in
 * reverse order, then plain again: B R1 R2 R2 R1 B. Every side's mean then sits at the same point in
 * time, so a trend in the shared machine's load cancels, and one slow run of a variant (a repeat of
 * the same CPU-bound extraction here took 0.81 to 1.23 CPU-seconds) does not decide alone. One base
 * run when nothing is relaxed: there is nothing to compare.
 */
export async function intervene(lab: Lab, spec: ScenarioSpec): Promise<Intervention> {
  const resources = controlledResources(spec);
  const baseRuns = [await timePlainRestore(lab, spec)];
  const runsOf = new Map<Resource, PlainTiming[]>(resources.map((r) => [r, []]));
  for (const resource of [...resources, ...[...resources].reverse()]) {
    runsOf.get(resource)?.push(await timePlainRestore(lab, relaxed(spec, resource)));
  }
  if (resources.length > 0) baseRuns.push(await timePlainRestore(lab, spec));
  const relaxedRuns = resources.map((resource) => {
    const runs = runsOf.get(resource) ?? [];
    const cpuCores = relaxed(spec, resource).controls.cpuCores;
    return { resource, timing: meanTiming(runs), runs, factor: relaxFactorOf(spec, resource), ...(cpuCores !== undefined ? { cpuCores } : {}) };
  });
  const baseCpuCores = spec.controls.cpuCores;
  return { scenario: spec.name, base: meanTiming(baseRuns), baseRuns, relaxed: relaxedRuns, ...(baseCpuCores !== undefined ? { baseCpuCores } : {}) };
}
