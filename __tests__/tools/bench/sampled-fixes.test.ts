// The sampled-fixes bench's pure parts: which alternative is compared, the sampled saving against the
// full runs', the BENCHMARKS.md rows, and the slow restores' specs.
import { describe, expect, it } from 'vitest';
import { comparedAlternative, sampledAgainstFull, sampledFixesRows, SAMPLED_AGREEMENT, type SampledFixRun } from '../../../tools/bench/sampled-fixes.js';
import { SCENARIOS } from '../../../tools/lab/scenario-specs.js';
import { SLOW_RESTORE_SPECS, slowRestoreList } from '../../../tools/lab/slow-restore-specs.js';
import type { AlternativeOutcome, ExperimentsResult } from '../../../src/experiment/types.js';
import type { ArchiveSampleSize } from '../../../src/profile/schema.js';

const spreadOf = (ms: number) => ({ median: ms, min: ms, max: ms, runs: 2, spreadPercent: 0 });
function outcome(alternative: AlternativeOutcome['alternative'], timeMs: number, savingMs: number | null, sampled?: [number, number]): AlternativeOutcome {
  return {
    alternative,
    mountPoint: null,
    timeMs: spreadOf(timeMs),
    writebackLeftMs: null,
    savingMs,
    savingShare: savingMs === null ? null : savingMs / 90_000,
    apply: '',
    failedRuns: 0,
    ...(sampled ? { sampled: { savingLowMs: sampled[0], savingHighMs: sampled[1], largeSampleTimeMs: spreadOf(1), smallSampleTimeMs: spreadOf(1) } } : {}),
  };
}
const size: ArchiveSampleSize = {
  name: 'large',
  every: 8,
  entries: 13_000,
  keptEntries: 1600,
  entryShare: 0.123,
  bytes: 125e6,
  keptBytes: 15e6,
  byteShare: 0.12,
  directories: 200,
  droppedHardLinks: 0,
  archiveBytes: 1e6,
};
function result(outcomes: AlternativeOutcome[], sampled: boolean): ExperimentsResult {
  return {
    status: 'ran',
    budgetMs: 60_000,
    wallMs: 55_000,
    refetch: null,
    outcomes,
    runs: [],
    skipped: [],
    fixBest: { alternative: 'none', mountPoint: null, savingMs: null },
    ...(sampled ? { sample: { why: 'x', buildMs: 1000, sizes: [size, { ...size, name: 'small' as const, every: 32 }] } } : {}),
  };
}

describe('sampled fixes bench', () => {
  const sampled = result(
    [outcome('baseline', 90_000, null), outcome('ram', 4_000, 86_000, [80_000, 91_000]), outcome('decompress', 2_000, 88_000, [1, 2])],
    true,
  );
  it("compares the box's fix, else the alternative whose sampled saving was largest", () => {
    expect(comparedAlternative(sampled)).toBe('decompress');
    expect(comparedAlternative({ ...sampled, fixBest: { alternative: 'ram', mountPoint: null, savingMs: 86_000 } })).toBe('ram');
    expect(comparedAlternative(result([outcome('baseline', 1, null)], true))).toBeNull();
  });
  it('holds the sampled saving against the full runs’ saving of the same alternative', () => {
    const run: SampledFixRun = {
      restoreMs: 90_000,
      sampled,
      alternative: 'ram',
      full: result([outcome('baseline', 95_000, null), outcome('ram', 5_000, 90_000)], false),
    };
    const c = sampledAgainstFull(run);
    expect(c?.ratio).toBeCloseTo(86 / 90, 6);
    expect(c?.apart).toBeCloseTo(4 / 90, 6);
    expect(c?.uncertaintyMs).toBe(6000);
    // Each saving's share of its own baseline, as the outcomes carry it.
    expect(c?.sampledShare).toBeCloseTo(86 / 90, 6);
    expect(c?.fullShare).toBeCloseTo(90 / 90, 6);
    // Not sampled: nothing to compare.
    expect(sampledAgainstFull({ ...run, sampled: result(sampled.outcomes, false) })).toBeNull();
  });
  it('rows: the restore held to 60–180 s, and each run within the agreement', () => {
    const good: SampledFixRun = {
      restoreMs: 90_000,
      sampled,
      alternative: 'ram',
      full: result([outcome('baseline', 95_000, null), outcome('ram', 5_000, 90_000)], false),
    };
    const off: SampledFixRun = {
      ...good,
      full: result([outcome('baseline', 95_000, null), outcome('ram', 5_000, 86_000 / (1 + SAMPLED_AGREEMENT + 0.05))], false),
    };
    const [restore, agree] = sampledFixesRows([{ scenario: 'disk-bandwidth', runs: [good] }]);
    expect(restore).toMatchObject({ result: '90.0 s (90.0 s)', target: '60–180 s', met: true });
    expect(agree?.result).toContain('ram 86.0 s ± 6.0 s on 12% of the files (12% of bytes) vs 90.0 s: ×0.96');
    expect(agree?.met).toBe(true);
    expect(sampledFixesRows([{ scenario: 'disk-bandwidth', runs: [good, off] }])[1]?.met).toBe(false);
    expect(sampledFixesRows([{ scenario: 'cpu', runs: [{ ...good, restoreMs: 30_000 }] }])[0]?.met).toBe(false);
  });
  it('the slow restores are the lab’s scenarios with tighter caps, same names and verdicts', () => {
    for (const [name, spec] of Object.entries(SLOW_RESTORE_SPECS)) {
      const base = SCENARIOS[name as keyof typeof SCENARIOS];
      expect(spec.name).toBe(base.name);
      expect(spec.intended).toBe(base.intended);
      const [control, value] = Object.entries(spec.controls)[0] as [keyof typeof base.controls, number];
      expect(value).toBeLessThan(base.controls[control] as number);
    }
    expect(slowRestoreList(undefined)).toEqual(['disk-iops', 'disk-bandwidth', 'cpu']);
    expect(() => slowRestoreList('cpu,disk')).toThrow(/--slow-restores: disk given; known: disk-iops, disk-bandwidth, cpu/);
  });
});
