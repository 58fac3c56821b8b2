/**
 * How a saving measured on samples of the archive is said, in the box and the measured-fixes table
 * alike (one place, so the two never disagree). Pure.
 */
import type { AlternativeOutcome, ExperimentsResult } from './types.js';
import type { ArchiveSampleSize, SampleSizeName } from '../profile/schema.js';
import { percent, seconds } from '../util/format.js';

/** A share with one decimal under 10% (a sample of 0.4% is not "0%"). */
const shareText = (x: number): string => (x < 0.1 ? `${(x * 100).toFixed(1)}%` : percent(x));

/** One sample's shares, e.g. "12% of the files (11% of bytes)". */
export function sizeShareWords(size: Pick<ArchiveSampleSize, 'entryShare' | 'byteShare'>): string {
  return `${shareText(size.entryShare)} of the files (${shareText(size.byteShare)} of bytes)`;
}

/** A sample's shares (the larger one unless named); null for full runs. */
export function sampleShareWords(e: Pick<ExperimentsResult, 'sample'>, name: SampleSizeName = 'large'): string | null {
  const size = e.sample?.sizes.find((z) => z.name === name);
  return size ? sizeShareWords(size) : null;
}

/** The saving's half range, from the extrapolation's far ends (sample-extrapolate.ts). */
export function savingUncertaintyMs(o: AlternativeOutcome): number | null {
  if (!o.sampled || o.savingMs === null) return null;
  return Math.max(o.savingMs - o.sampled.savingLowMs, o.sampled.savingHighMs - o.savingMs, 0);
}

/**
 * "measured on a sample of 12% of the files (11% of bytes), ± 3.1 s", read in pairs "… in 6 rounds beside
 * the baseline, ± 3.1 s"; null for a saving from full runs.
 */
export function sampledSavingWords(e: Pick<ExperimentsResult, 'sample'>, o: AlternativeOutcome): string | null {
  const shares = sampleShareWords(e);
  const half = savingUncertaintyMs(o);
  if (!shares || half === null || !o.sampled) return null;
  const rounds = e.sample?.reading === 'pairs' ? ` in ${o.sampled.largeSampleTimeMs.runs} rounds beside the baseline` : '';
  return `measured on a sample of ${shares}${rounds}, ± ${seconds(half)}`;
}

/** How the runs on the samples became the whole restore's figures, for the measured-fixes table's note. */
export function sampleReadingWords(e: Pick<ExperimentsResult, 'sample'>): string {
  if (e.sample?.reading === 'pairs')
    return "The CPU held the restore, so each alternative ran in rounds beside the baseline on this sample; its time is the median over the rounds of its run's time over the baseline's in the same round, times the restore's own; the range is that of the rounds and of the baseline's runs.";
  return `A second sample of ${sampleShareWords(e, 'small')} gave the line each time is extrapolated along to the whole restore. The times are the whole restore's, extrapolated; the range is that of the runs and of scaling by files or by bytes.`;
}
