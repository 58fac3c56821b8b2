/**
 * What the profile predicts `page-cache` saves, before and apart from the experiment: with
 * vm.dirty_bytes raised to fit the restore, tar no longer waits for the disk, so the step (until tar
 * exits) takes about the CPU time the extraction's busiest process needed (tar or its decompressor, a
 * pipeline runs at its slower stage), never more than the extraction took. The basis is the judge's
 * own phase facts (busiest process × extraction duration, as the what-ifs' CPU floor). An
 * extraction the judge found CPU-bound (a CPU quota, a starved runner) keeps its time: the busiest
 * process's cores say nothing there, since tar and unzstd shared what the quota gave. Pure.
 */
import { cgroupDirtyScale } from '../judge/cgroup-cpu.js';
import { phaseFacts, type BusiestProcess } from '../judge/phase-facts.js';
import { dirtyBytesFor } from './apply.js';
import type { ExperimentsResult, PageCachePrediction, Profile } from '../profile/schema.js';

export type { PageCachePrediction };

/** From the extraction's facts; null without a busiest process (no per-process CPU) or an extraction. */
export function predictPageCacheStep(extract: { durationMs: number; busiestProcess: BusiestProcess | null }, cpuBound = false): PageCachePrediction | null {
  const busiest = extract.busiestProcess;
  if (!busiest || busiest.cores <= 0 || extract.durationMs <= 0) return null;
  return {
    stepMs: cpuBound ? extract.durationMs : Math.min(extract.durationMs, busiest.cores * extract.durationMs),
    basis: { comm: busiest.comm, cores: busiest.cores, extractMs: extract.durationMs },
  };
}

/** The prediction for a profile's extract phase, from the judge's facts of it and its verdict (set before this is called). */
export function pageCachePredictionOf(profile: Profile): PageCachePrediction | null {
  // The budget in force already held the restore: the profiled extraction ran as raised, nothing to predict.
  if (profile.experiments?.skipped.some((s) => s.alternative === 'page-cache' && s.reason === 'already-fits')) return null;
  const extract = profile.phases.find((p) => p.name === 'extract');
  const cpuBound = profile.verdict?.phases.find((p) => p.phase === 'extract')?.bottleneck === 'cpu';
  return extract ? predictPageCacheStep(phaseFacts(profile, extract), cpuBound || outgrowsCgroupBudget(profile)) : null;
}

/**
 * Under a cgroup v2 memory limit the group's writers are throttled against its own dirty domain too:
 * the host's budget scaled by the group's share of memory (judge/cgroup-cpu.ts, cgroupDirtyScale).
 * When even the raised budget (dirtyBytesFor), so scaled, cannot hold the restore, tar keeps waiting
 * for the disk and the extraction keeps its time.
 */
function outgrowsCgroupBudget(profile: Profile): boolean {
  const extracted = profile.restore?.anatomy?.extractedBytes;
  if (extracted === undefined) return false;
  return dirtyBytesFor(extracted).dirtyBytes * cgroupDirtyScale(profile.context) < extracted;
}

/** The saving the prediction means against the experiments' baseline (until on disk): baseline median − predicted step. */
export function predictedSavingMs(e: Pick<ExperimentsResult, 'outcomes' | 'pageCachePrediction'>): number | null {
  const baseline = e.outcomes.find((o) => o.alternative === 'baseline');
  if (!baseline || !e.pageCachePrediction) return null;
  return baseline.timeMs.median - e.pageCachePrediction.stepMs;
}
