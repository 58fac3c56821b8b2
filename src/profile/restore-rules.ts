/**
 * The rules that decide the restore's verdict, in the order they are tried: the first that applies
 * decides (judge/restore-rules.ts holds each rule's test; the compiler makes it hold one per name).
 * - no-restore: no cache restore was profiled;
 * - restore-failed: not a miss: the cache service or the archive failed (what failed is said);
 * - restore-skipped: lookup-only, or a cache mode without reads: nothing downloaded, by request;
 * - cache-miss: no key matched, nothing downloaded or extracted;
 * - no-phase: the profile recorded no phase;
 * - unpinned-phase: a phase no resource could be pinned on (inconclusive) could hide more, relaxed,
 *   than the best what-if saves, and at least MIN_SAVING_SHARE of the restore: the verdict is that phase's;
 * - best-what-if: the resource some phase was judged bound by whose doubling saves the most, at least
 *   MIN_SAVING_SHARE of the restore;
 * - longest-phase: else the longest phase's verdict.
 * The download's worst stall may then lead the verdict (Verdict.leads, judge/download-in-verdict.ts):
 * it is said first, the verdict stays the resource's.
 */
export const RESTORE_RULES = [
  'no-restore',
  'restore-failed',
  'restore-skipped',
  'cache-miss',
  'no-phase',
  'unpinned-phase',
  'best-what-if',
  'longest-phase',
] as const;
export type RestoreRule = (typeof RESTORE_RULES)[number];

/** The rules that leave nothing to judge phase by phase: the verdict is inconclusive and names no phase. */
export const NOTHING_JUDGED_RULES = ['no-restore', 'restore-failed', 'restore-skipped', 'cache-miss', 'no-phase'] as const satisfies readonly RestoreRule[];
