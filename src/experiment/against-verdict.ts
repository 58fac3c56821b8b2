/**
 * The experiments held against the verdict: if the verdict blames the disk, taking the disk out
 * (`ram`) must save about what the verdict put on it. Pure.
 *
 * The seconds the verdict puts on a resource are the sum of the durations of its phases whose
 * bottleneck is that resource. Written against both verdict shapes: phases carrying `durationMs`
 * (issue 13), or, without it, the duration of the profile's phase record of the same name; and the
 * disk bottlenecks 'disk-bandwidth' and 'disk-iops', plus 'writeback' where an older profile has it.
 * A CPU verdict holds when ram saves little, or when what it saves is CPU work (the runs' CPU times).
 */
import type { PhaseRecord, Verdict } from '../profile/schema.js';
import { percent, seconds } from '../util/format.js';
import { FIX_MIN_SAVING_SHARE } from './alternatives.js';
import type { AlternativeOutcome, ExperimentsResult } from './types.js';

export type Resource = 'disk' | 'cpu' | 'network' | 'other';

export function resourceOf(bottleneck: string): Resource {
  if (bottleneck === 'disk-bandwidth' || bottleneck === 'disk-iops' || bottleneck === 'writeback') return 'disk';
  if (bottleneck === 'cpu') return 'cpu';
  if (bottleneck === 'network') return 'network';
  return 'other';
}

export function secondsOnResourceMs(verdict: Verdict, phases: readonly PhaseRecord[], resource: Resource): number {
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

export interface VerdictCheck {
  /** True when the experiments bear the verdict out, false when they contradict it, null when they cannot say. */
  agrees: boolean | null;
  sentence: string;
}

/** A disk verdict holds when taking the disk out saves at least this share of what it put on the disk. */
export const DISK_AGREEMENT_SHARE = 0.5;

/**
 * Under a CPU verdict, a ram saving is still CPU when the extraction's own CPU time fell on RAM by at
 * least this share of the saving's share: the file system's work (ext4 creating files, in tar's
 * system time) is gone, and under a CPU limit less work is less time.
 */
export const CPU_WORK_SHARE_OF_SAVING = 0.5;

/** How much less CPU tar and its decompressor needed on RAM than in the baseline (medians); null without CPU times. */
export function cpuDrop(baseline: AlternativeOutcome, ram: AlternativeOutcome): { baselineMs: number; ramMs: number; share: number } | null {
  const b = baseline.cpuMs?.median;
  const r = ram.cpuMs?.median;
  if (b === undefined || r === undefined || b <= 0) return null;
  return { baselineMs: b, ramMs: r, share: (b - r) / b };
}

const cpuSeconds = (ms: number): string => (ms / 1000).toFixed(2);

export function checkAgainstVerdict(
  verdict: Verdict,
  phases: readonly PhaseRecord[],
  experiments: ExperimentsResult,
  firstDownloadMs: number | null,
): VerdictCheck {
  const baseline = experiments.outcomes.find((o) => o.alternative === 'baseline');
  const ram = experiments.outcomes.find((o) => o.alternative === 'ram');
  const decompress = experiments.outcomes.find((o) => o.alternative === 'decompress');
  const resource = resourceOf(verdict.bottleneck);
  const floor =
    decompress && baseline ? `; decompression alone takes ${seconds(decompress.timeMs.median)} of the baseline's ${seconds(baseline.timeMs.median)}` : '';

  if (resource === 'network') {
    const again = experiments.refetch;
    if (!again) return { agrees: null, sentence: 'The verdict said network; the archive could not be fetched again to check.' };
    const first = firstDownloadMs === null ? '' : ` (the profiled download: ${seconds(firstDownloadMs)})`;
    return {
      agrees: null,
      sentence: `The verdict said network: the second download of the same archive took ${seconds(again.durationMs)}${first}; no experiment here changes the network.`,
    };
  }
  if (!baseline || !ram || ram.savingMs === null || ram.savingShare === null) {
    return { agrees: null, sentence: 'Taking the disk out (ram) did not run here, so the experiments cannot check the verdict.' };
  }
  const saved = Math.max(0, ram.savingMs);
  if (resource === 'disk') {
    const onDiskMs = secondsOnResourceMs(verdict, phases, 'disk');
    if (onDiskMs > 0 && saved >= onDiskMs) {
      return { agrees: true, sentence: `Taking the disk out saved ${seconds(saved)}, all of the ${seconds(onDiskMs)} the verdict put on it.` };
    }
    if (onDiskMs > 0 && saved >= onDiskMs * DISK_AGREEMENT_SHARE) {
      return { agrees: true, sentence: `Taking the disk out saved ${seconds(saved)} of the ${seconds(onDiskMs)} the verdict put on it.` };
    }
    return {
      agrees: false,
      sentence: `The verdict said disk, but taking the disk out saved ${percent(ram.savingShare)}: ${seconds(saved)} of the ${seconds(onDiskMs)} the verdict put on it${floor}.`,
    };
  }
  if (resource === 'cpu') {
    if (ram.savingShare < FIX_MIN_SAVING_SHARE) {
      return {
        agrees: true,
        sentence: `The verdict said CPU, and taking the disk out saved only ${percent(Math.max(0, ram.savingShare))} (${seconds(saved)})${floor}.`,
      };
    }
    const cpu = cpuDrop(baseline, ram);
    if (cpu && cpu.share >= ram.savingShare * CPU_WORK_SHARE_OF_SAVING) {
      return {
        agrees: true,
        sentence: `The verdict said CPU: taking the disk out saved ${percent(ram.savingShare)} (${seconds(saved)}) because the extraction needed ${percent(cpu.share)} less CPU on RAM (tar and its decompressor: ${cpuSeconds(cpu.baselineMs)} → ${cpuSeconds(cpu.ramMs)} s of CPU), work the file system did, not waiting on the disk${floor}.`,
      };
    }
    return { agrees: false, sentence: `The verdict said CPU, but taking the disk out saved ${percent(ram.savingShare)} (${seconds(saved)})${floor}.` };
  }
  return {
    agrees: null,
    sentence: `The verdict named no resource; taking the disk out saved ${percent(Math.max(0, ram.savingShare))} (${seconds(saved)})${floor}.`,
  };
}
