// The sampled outcomes scaled to the restore's own time, with the range one restore differs from the next.
// Figures: the bench's slow cpu restore (`bench --only sampled-fixes --slow-restores cpu --runs 1`,
// 2026-11-29 08:28, samples made from the restored tree): the restore took 73.5 s until on disk; the large
// sample's baseline ran 6.64 s and 5.97 s, decompress 3.03 s and 2.94 s; the small sample's 2.46 s and 0.81 s.
import { describe, expect, it } from 'vitest';
import { sampledOutcomes } from '../../src/experiment/sampled-outcomes.js';
import { MiB } from '../../src/util/units.js';
import { sampleRun, sampleSize } from './sample-runs.js';

const run = sampleRun;
const size = (name: 'large' | 'small', every: number, entryShare: number, byteShare: number) =>
  sampleSize(name, every, entryShare, byteShare, { entries: 13_000, bytes: 125 * MiB, archiveBytes: MiB });
const apply = { paths: ['deps'], extractedBytes: 125 * MiB, dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB }, ramVia: 'own-tmpfs' as const };
const RESTORE_MS = 73_500;

function outcomesOf(largeBaselines: number[]) {
  const small = [run('baseline', 2460, 'small'), run('decompress', 810, 'small')];
  const large = [...largeBaselines.map((ms) => run('baseline', ms, 'large')), run('decompress', 3030, 'large'), run('decompress', 2940, 'large')];
  return sampledOutcomes(
    { small: { size: size('small', 56, 0.019, 0.017), runs: small }, large: { size: size('large', 14, 0.075, 0.066), runs: large } },
    apply,
    RESTORE_MS,
  );
}

describe('sampled outcomes scaled to the restore', () => {
  it("the baseline is the restore's own time, its range the large sample's baseline runs' spread both ways", () => {
    const base = outcomesOf([6640, 5970]).find((o) => o.alternative === 'baseline');
    const share = (6640 - 5970) / 6305;
    expect(base?.timeMs.median).toBe(RESTORE_MS);
    expect(base?.timeMs.min).toBeCloseTo(RESTORE_MS * (1 - share), 6);
    expect(base?.timeMs.max).toBeCloseTo(RESTORE_MS * (1 + share), 6);
  });

  it("a saving's range holds the restore-to-restore spread: wider than the samples' alone, around the same saving", () => {
    const spread = outcomesOf([6640, 5970]).find((o) => o.alternative === 'decompress');
    const steady = outcomesOf([6305, 6305]).find((o) => o.alternative === 'decompress');
    if (!spread?.sampled || !steady?.sampled || spread.savingMs === null) throw new Error('no sampled saving');
    expect(spread.savingMs).toBeCloseTo(steady.savingMs as number, 6);
    expect(spread.sampled.savingLowMs).toBeLessThan(steady.sampled.savingLowMs);
    expect(spread.sampled.savingHighMs).toBeGreaterThan(steady.sampled.savingHighMs);
    // The 10.6 % spread of the baseline's runs moves each end by that share of the restore, at least.
    expect(steady.sampled.savingLowMs - spread.sampled.savingLowMs).toBeGreaterThanOrEqual(RESTORE_MS * (670 / 6305) - 1e-6);
    expect(spread.sampled.savingLowMs).toBeLessThanOrEqual(spread.savingMs);
    expect(spread.sampled.savingHighMs).toBeGreaterThanOrEqual(spread.savingMs);
  });

  it("one baseline run on the large sample shows no spread: the range is the samples' alone, the baseline the restore's time", () => {
    const base = outcomesOf([6305]).find((o) => o.alternative === 'baseline');
    expect([base?.timeMs.min, base?.timeMs.median, base?.timeMs.max]).toEqual([RESTORE_MS, RESTORE_MS, RESTORE_MS]);
  });
});
