// The experiments' check against the verdict said (report/say/experiments-check.ts): every kind the
// judge decides in its own words, with the figures it gives.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS_CHECK_KINDS, type ExperimentsCheck, type ExperimentsCheckKind } from '../../../src/judge/experiments-check.js';
import { sayExperimentsCheck } from '../../../src/report/say/experiments-check.js';

const floor = { decompressMs: 9000, baselineMs: 10_000 };

const SAID: Record<ExperimentsCheckKind, { check: ExperimentsCheck; says: string }> = {
  'network-no-refetch': {
    check: { kind: 'network-no-refetch', agrees: null },
    says: 'The verdict said network; the archive could not be fetched again to check.',
  },
  'network-refetched': {
    check: { kind: 'network-refetched', agrees: null, refetchMs: 1900, firstDownloadMs: 2000 },
    says: 'The verdict said network: the second download of the same archive took 1.9 s (the profiled download: 2 s); no experiment here changes the network.',
  },
  'ram-not-run': {
    check: { kind: 'ram-not-run', agrees: null },
    says: 'Taking the disk out (ram) did not run here, so the experiments cannot check the verdict.',
  },
  'disk-all': {
    check: { kind: 'disk-all', agrees: true, savedMs: 8100, savingShare: 0.81, onDiskMs: 7000, decompress: null },
    says: 'Taking the disk out saved 8.1 s, all of the 7 s the verdict put on it.',
  },
  'disk-most': {
    check: { kind: 'disk-most', agrees: true, savedMs: 8100, savingShare: 0.81, onDiskMs: 9000, decompress: null },
    says: 'Taking the disk out saved 8.1 s of the 9 s the verdict put on it.',
  },
  'disk-contradicted': {
    check: { kind: 'disk-contradicted', agrees: false, savedMs: 400, savingShare: 0.04, onDiskMs: 7000, decompress: floor },
    says: "The verdict said disk, but taking the disk out saved 4%: 0.4 s of the 7 s the verdict put on it; decompression alone takes 9 s of the baseline's 10 s.",
  },
  'cpu-little-saved': {
    check: { kind: 'cpu-little-saved', agrees: true, savedMs: 500, savingShare: 0.05, decompress: floor },
    says: "The verdict said CPU, and taking the disk out saved only 5% (0.5 s); decompression alone takes 9 s of the baseline's 10 s.",
  },
  'cpu-work': {
    check: {
      kind: 'cpu-work',
      agrees: true,
      savedMs: 830,
      savingShare: 830 / 2130,
      cpu: { baselineMs: 2100, ramMs: 1320, share: 780 / 2100 },
      decompress: { decompressMs: 1000, baselineMs: 2130 },
    },
    says: "The verdict said CPU: taking the disk out saved 39% (0.83 s) because the extraction needed 37% less CPU on RAM (tar and its decompressor: 2.10 → 1.32 s of CPU), work the file system did, not waiting on the disk; decompression alone takes 1 s of the baseline's 2.13 s.",
  },
  'cpu-contradicted': {
    check: { kind: 'cpu-contradicted', agrees: false, savedMs: 830, savingShare: 830 / 2130, decompress: null },
    says: 'The verdict said CPU, but taking the disk out saved 39% (0.83 s).',
  },
  'no-resource': {
    check: { kind: 'no-resource', agrees: null, savedMs: 1000, savingShare: 0.1, decompress: null },
    says: 'The verdict named no resource; taking the disk out saved 10% (1 s).',
  },
};

describe('sayExperimentsCheck', () => {
  it.each(EXPERIMENTS_CHECK_KINDS)('says the check of kind %s', (kind) => {
    expect(SAID[kind].check.kind).toBe(kind);
    expect(sayExperimentsCheck(SAID[kind].check)).toBe(SAID[kind].says);
  });

  it('says the network check without the first download where there was none', () => {
    expect(sayExperimentsCheck({ kind: 'network-refetched', agrees: null, refetchMs: 1900, firstDownloadMs: null })).toBe(
      'The verdict said network: the second download of the same archive took 1.9 s; no experiment here changes the network.',
    );
  });
});
