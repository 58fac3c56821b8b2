/**
 * Which runner label to use for this cache, decided once (render-comparison.ts only says it). Pure.
 *
 * - The measure: the time until on disk (the restore step plus the writeback tail), p50 over a label's runs.
 * - A label's spread: the range of its runs' times until on disk, from its fastest run to its slowest.
 * - The tie rule: two labels tie when their spreads overlap (the slower label's fastest run was no
 *   slower than the faster label's slowest run): the difference is within the runs' spread, and neither
 *   is called faster. A label with one run has no measured spread: its range is that one run.
 * - Hardware kinds: of a label's kinds, the one with the highest p50 until on disk is the slow one when
 *   that p50 is beyond the fastest kind's p90 (a kind's history keeps p50 and p90, not each run);
 *   otherwise the kinds are alike within their spread.
 * - Cost: where every label tied with the fastest has a price, the cheapest per restore among them is
 *   the pick (a cheaper label as fast as a dearer one wins); the cheapest label of all is named beside
 *   the pick when it is slower, with what it saves per 1,000 runs.
 */
import type { HistoryGroup } from '../profile/always-on.js';
import type { LabelCost, RunTimes } from './run-times.js';
import type { LabelKinds } from './hardware-kinds.js';

/** What the recommendation reads of a label: its times until on disk and its cost. */
export interface RankedLabel {
  label: string;
  untilOnDiskMs: RunTimes | null;
  cost: LabelCost | null;
}

export interface Recommendation {
  /** pick: one label; tie: several as fast and no price tells them apart; none: no label restored a cache. */
  kind: 'pick' | 'tie' | 'none';
  /** The label to use (for a tie, the one with the lowest p50, listed first); null for none. */
  pick: string | null;
  /** Labels tied with the pick by the tie rule. */
  asFast: string[];
  /** fastest: the lowest p50 beyond the others' spread; cheaper-as-fast: the cheapest of the labels tied with the fastest. */
  by: 'fastest' | 'cheaper-as-fast' | null;
  /** Every label beyond the tie, with how much later than the pick's its restores were on disk (p50 and p90), in ranking order. */
  slower: { label: string; p50LaterMs: number; p90LaterMs: number }[];
  /** The cheapest label per restore when it is slower than the pick: what choosing it trades. */
  cheaper: { label: string; p50LaterMs: number; savedPer1000RunsUsd: number } | null;
  /** Labels without a restore to rank (a miss, a failed restore, no phases). */
  notRestored: string[];
  /** Ranked labels with one run: no spread measured, so a difference from them is not checked against noise. */
  oneRun: string[];
}

/** The tie rule above. */
export function tied(a: RunTimes, b: RunTimes): boolean {
  return a.min <= b.max && b.min <= a.max;
}

export function recommend(runners: readonly RankedLabel[]): Recommendation {
  const ranked = runners
    .filter((r): r is RankedLabel & { untilOnDiskMs: RunTimes } => r.untilOnDiskMs !== null)
    .sort((a, b) => a.untilOnDiskMs.p50 - b.untilOnDiskMs.p50 || a.label.localeCompare(b.label));
  const notRestored = runners.filter((r) => r.untilOnDiskMs === null).map((r) => r.label);
  const fastest = ranked[0];
  if (!fastest) return { kind: 'none', pick: null, asFast: [], by: null, slower: [], cheaper: null, notRestored, oneRun: [] };
  const tier = ranked.filter((r) => tied(fastest.untilOnDiskMs, r.untilOnDiskMs));
  const priced = tier.length > 1 && tier.every((r) => r.cost !== null);
  const pick = priced ? tier.reduce((a, b) => ((b.cost?.perRestoreUsd ?? Infinity) < (a.cost?.perRestoreUsd ?? Infinity) ? b : a)) : fastest;
  const later = (r: (typeof ranked)[number]) => ({
    label: r.label,
    p50LaterMs: r.untilOnDiskMs.p50 - pick.untilOnDiskMs.p50,
    p90LaterMs: r.untilOnDiskMs.p90 - pick.untilOnDiskMs.p90,
  });
  const cheapest = ranked
    .filter((r) => r.cost !== null)
    .reduce<(typeof ranked)[number] | null>((a, b) => (a === null || (b.cost?.perRestoreUsd ?? 0) < (a.cost?.perRestoreUsd ?? 0) ? b : a), null);
  const saved = cheapest && pick.cost && cheapest.cost ? pick.cost.per1000RunsUsd - cheapest.cost.per1000RunsUsd : 0;
  return {
    kind: tier.length > 1 && !priced ? 'tie' : 'pick',
    pick: pick.label,
    asFast: tier.filter((r) => r !== pick).map((r) => r.label),
    by: priced ? 'cheaper-as-fast' : 'fastest',
    slower: ranked.filter((r) => !tier.includes(r)).map(later),
    cheaper:
      cheapest && !tier.includes(cheapest) && saved > 0 ? { label: cheapest.label, p50LaterMs: later(cheapest).p50LaterMs, savedPer1000RunsUsd: saved } : null,
    notRestored,
    oneRun: ranked.filter((r) => r.untilOnDiskMs.runs === 1).map((r) => r.label),
  };
}

export interface KindsVerdict {
  label: string;
  kinds: LabelKinds;
  /** The slow kind and the fast one, with how much later the slow one's p50 was; null when the kinds are alike within their spread. */
  slow: { slow: HistoryGroup; fast: HistoryGroup; p50LaterMs: number } | null;
}

/** Each label whose runs landed on several hardware kinds, and which of them is slow (the rule above). */
export function slowKinds(labels: readonly LabelKinds[]): KindsVerdict[] {
  return labels
    .filter((k) => k.kinds.length > 1)
    .map((k) => {
      const timed = k.kinds.filter((g) => g.untilDurableMs !== null).sort((a, b) => (a.untilDurableMs?.p50 ?? 0) - (b.untilDurableMs?.p50 ?? 0));
      const fast = timed[0];
      const slow = timed[timed.length - 1];
      const beyond = fast?.untilDurableMs && slow?.untilDurableMs && slow !== fast && slow.untilDurableMs.p50 > fast.untilDurableMs.p90;
      return {
        label: k.label,
        kinds: k,
        slow: beyond && fast?.untilDurableMs && slow?.untilDurableMs ? { slow, fast, p50LaterMs: slow.untilDurableMs.p50 - fast.untilDurableMs.p50 } : null,
      };
    });
}
