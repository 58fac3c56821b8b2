// Runs on a sample and a sample's size, as the experiments record them: the building blocks of the sampled-outcome tests.
import type { RunRecord } from '../../src/experiment/types.js';
import type { ArchiveSampleSize } from '../../src/profile/schema.js';

export const sampleRun = (alternative: RunRecord['alternative'], ms: number, sample: 'large' | 'small'): RunRecord => ({
  alternative,
  mountPoint: alternative === 'baseline' ? '/' : null,
  stepMs: ms,
  syncMs: 0,
  untilOnDiskMs: ms,
  sample,
});

/** A sample keeping these shares of the whole archive's members and bytes. */
export const sampleSize = (
  name: 'large' | 'small',
  every: number,
  entryShare: number,
  byteShare: number,
  whole: { entries: number; bytes: number; archiveBytes: number },
): ArchiveSampleSize => ({
  name,
  every,
  entries: whole.entries,
  keptEntries: Math.round(whole.entries * entryShare),
  entryShare,
  bytes: whole.bytes,
  keptBytes: Math.round(whole.bytes * byteShare),
  byteShare,
  directories: 900,
  droppedHardLinks: 0,
  archiveBytes: whole.archiveBytes,
});
