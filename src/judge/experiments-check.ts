/**
 * The experiments held against the verdict: if the verdict blames the disk, taking the disk out
 * (`ram`) must save about what the verdict put on it. A decision with its figures, no words
 * (report/say/experiments-check.ts says it). The judge judges once, before the experiments run, and
 * reads neither them nor what follows: this check is its own decision, taken where the experiments
 * and the verdict are both known (the report). Pure.
 *
 * The seconds the verdict puts on a resource are the sum of the durations of its phases whose
 * bottleneck is that resource. Written against both verdict shapes: phases carrying `durationMs`
 * (issue 13), or, without it, the duration of the profile's phase record of the same name; and the
 * disk bottlenecks 'disk-bandwidth' and 'disk-iops', plus 'writeback' where an older profile has it.
 * A CPU verdict holds when ram saves little, or when what it saves is CPU work (the runs' CPU times).
 */
import type { AlternativeOutcome, ExperimentsResult, PhaseRecord, Verdict } from '../profile/schema.js';
import { WORTH_CHANGING } from './thresholds.js';

export type CheckedResource = 'disk' | 'cpu' | 'network' | 'other';

export function resourceOf(bottleneck: string): CheckedResource {
  if (bottleneck === 'disk-bandwidth' || bottleneck === 'disk-iops' || bottleneck === 'writeback') return 'disk';
  if (bottleneck === 'cpu') return 'cpu';
  if (bottleneck === 'network') return 'network';
  return 'other';
}

export function secondsOnResourceMs(verdict: Verdict, phases: readonly PhaseRecord[], resource: CheckedResource): number {
  let total = 0;
  for (const p of verdict.phases) {
    if (resourceOf(p.bottleneck) !== resource) continue;
    const given = (p as { durationMs?: unknown }).durationMs;
    if (typeof given === 'number' && Number.isFinite(given)) total += given;
    else {
      const record = phases.find((r) => r.name === p.phase);
      if (record) total += record.endMs - record.startMs;
    }
  }
  return total;
}

/** A disk verdict holds when taking the disk out saves at least this share of what it put on the disk. */
export const DISK_AGREEMENT_SHARE = 0.5;

/**
 * Under a CPU verdict, a ram saving is still CPU when the extraction's own CPU time fell on RAM by at
 * least this share of the saving's share: the file system's work (ext4 creating files, in tar's
 * system time) is gone, and under a CPU limit less work is less time.
 */
export const CPU_WORK_SHARE_OF_SAVING = 0.5;

/** Under a CPU verdict, ram saving less than this share of the baseline bears the verdict out: a measured fix's least saving (experiment/alternatives.ts FIX_MIN_SAVING_SHARE). */
const CPU_LITTLE_SAVED_SHARE = WORTH_CHANGING.savingShare;

export interface CpuDrop {
  baselineMs: number;
  ramMs: number;
  share: number;
}

/** How much less CPU tar and its decompressor needed on RAM than in the baseline (medians); null without CPU times. */
export function cpuDrop(baseline: AlternativeOutcome, ram: AlternativeOutcome): CpuDrop | null {
  const b = baseline.cpuMs?.median;
  const r = ram.cpuMs?.median;
  if (b === undefined || r === undefined || b <= 0) return null;
  return { baselineMs: b, ramMs: r, share: (b - r) / b };
}

/**
 * How the experiments bear on the verdict, in the order checked:
 * - network-no-refetch, network-refetched: a network verdict, which no experiment changes (the
 *   second download is shown beside the first where there was one);
 * - ram-not-run: taking the disk out did not run, so nothing can be checked;
 * - disk-all, disk-most: a disk verdict borne out (ram saved all, or DISK_AGREEMENT_SHARE or more, of what it put on the disk);
 * - disk-contradicted: ram saved less than that;
 * - cpu-little-saved: a CPU verdict borne out, ram saving under a measured fix's least share;
 * - cpu-work: a CPU verdict borne out, what ram saved being CPU work the file system no longer needed;
 * - cpu-contradicted: ram saved more than that explains;
 * - no-resource: the verdict named no resource to check.
 */
export const EXPERIMENTS_CHECK_KINDS = [
  'network-no-refetch',
  'network-refetched',
  'ram-not-run',
  'disk-all',
  'disk-most',
  'disk-contradicted',
  'cpu-little-saved',
  'cpu-work',
  'cpu-contradicted',
  'no-resource',
] as const;
export type ExperimentsCheckKind = (typeof EXPERIMENTS_CHECK_KINDS)[number];

/** True where the kind bears the verdict out, false where it contradicts it, null where the experiments cannot say. */
export const CHECK_AGREES: Record<ExperimentsCheckKind, boolean | null> = {
  'network-no-refetch': null,
  'network-refetched': null,
  'ram-not-run': null,
  'disk-all': true,
  'disk-most': true,
  'disk-contradicted': false,
  'cpu-little-saved': true,
  'cpu-work': true,
  'cpu-contradicted': false,
  'no-resource': null,
};

/** What decompression alone takes against the baseline (medians), where both ran: the floor no disk change lowers. */
export interface DecompressFloor {
  decompressMs: number;
  baselineMs: number;
}

/** What ram saved: ms (at least 0) and its share of the baseline, as the kind says it (at least 0 where the kind says so). */
interface RamSaved {
  savedMs: number;
  savingShare: number;
  decompress: DecompressFloor | null;
}

export type ExperimentsCheckFacts =
  | { kind: 'network-no-refetch' }
  | { kind: 'network-refetched'; refetchMs: number; firstDownloadMs: number | null }
  | { kind: 'ram-not-run' }
  | ({ kind: 'disk-all' | 'disk-most' | 'disk-contradicted'; onDiskMs: number } & RamSaved)
  | ({ kind: 'cpu-little-saved' | 'cpu-contradicted' | 'no-resource' } & RamSaved)
  | ({ kind: 'cpu-work'; cpu: CpuDrop } & RamSaved);

export type ExperimentsCheck = ExperimentsCheckFacts & { agrees: boolean | null };

const decided = (facts: ExperimentsCheckFacts): ExperimentsCheck => ({ ...facts, agrees: CHECK_AGREES[facts.kind] });

export function checkExperiments(
  verdict: Verdict,
  phases: readonly PhaseRecord[],
  experiments: ExperimentsResult,
  firstDownloadMs: number | null,
): ExperimentsCheck {
  const baseline = experiments.outcomes.find((o) => o.alternative === 'baseline');
  const ram = experiments.outcomes.find((o) => o.alternative === 'ram');
  const decompressRun = experiments.outcomes.find((o) => o.alternative === 'decompress');
  const resource = resourceOf(verdict.bottleneck);
  const decompress = decompressRun && baseline ? { decompressMs: decompressRun.timeMs.median, baselineMs: baseline.timeMs.median } : null;

  if (resource === 'network') {
    const again = experiments.refetch;
    return decided(again ? { kind: 'network-refetched', refetchMs: again.durationMs, firstDownloadMs } : { kind: 'network-no-refetch' });
  }
  if (!baseline || !ram || ram.savingMs === null || ram.savingShare === null) return decided({ kind: 'ram-not-run' });
  const savedMs = Math.max(0, ram.savingMs);
  const saved = { savedMs, savingShare: ram.savingShare, decompress };
  // Where the verdict is borne out by a small saving (or names nothing), a negative share is said as none.
  const atLeastNone = { ...saved, savingShare: Math.max(0, ram.savingShare) };
  if (resource === 'disk') {
    const onDiskMs = secondsOnResourceMs(verdict, phases, 'disk');
    if (onDiskMs > 0 && savedMs >= onDiskMs) return decided({ kind: 'disk-all', onDiskMs, ...saved });
    if (onDiskMs > 0 && savedMs >= onDiskMs * DISK_AGREEMENT_SHARE) return decided({ kind: 'disk-most', onDiskMs, ...saved });
    return decided({ kind: 'disk-contradicted', onDiskMs, ...saved });
  }
  if (resource === 'cpu') {
    if (ram.savingShare < CPU_LITTLE_SAVED_SHARE) return decided({ kind: 'cpu-little-saved', ...atLeastNone });
    const cpu = cpuDrop(baseline, ram);
    if (cpu && cpu.share >= ram.savingShare * CPU_WORK_SHARE_OF_SAVING) return decided({ kind: 'cpu-work', cpu, ...saved });
    return decided({ kind: 'cpu-contradicted', ...saved });
  }
  return decided({ kind: 'no-resource', ...atLeastNone });
}
