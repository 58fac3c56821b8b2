// A remembered fix and this run's facts, the same on both sides (fixMemory reuses it): tests change
// one figure at a time. The figures are those of the issue 40 report (a ~600 MB, 19k-file cache, 80 s until on disk).
import type { FixMeasuredAgainst, FixRunFacts } from '../../src/judge/auto-rules.js';

const MiB = 1024 * 1024;

export function rememberedFix(over: { runAttempt?: string; nowMs: number }): {
  measuredOn: FixMeasuredAgainst['measuredOn'];
  against: FixMeasuredAgainst;
  facts: FixRunFacts;
} {
  const measuredOn = { runId: '4711', runAttempt: over.runAttempt ?? '1', measuredAt: '2026-11-20T10:00:00Z', fingerprintId: 'aaaaaaaaaaaa', cacheKey: 'k' };
  const shape = {
    archiveBytes: 600 * MiB,
    files: 19_000,
    bottleneck: 'disk-iops',
    untilDurableMs: 80_000,
    experiments: ['ram', 'other-disk', 'page-cache'],
  } as const;
  return {
    measuredOn,
    against: { measuredOn, ...shape },
    facts: { fingerprintId: measuredOn.fingerprintId, nowMs: over.nowMs, ...shape },
  };
}
