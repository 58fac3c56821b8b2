/**
 * Each rule of the restore's verdict (profile/restore-rules.ts RESTORE_RULES, in its order) with its
 * test, and the phases that carry a verdict. The first rule whose test holds decides; a Record keyed by
 * the table makes the compiler ask for a test for every rule named there. Pure.
 */
import type { Bottleneck, PhaseName, Profile, WhatIf } from '../profile/schema.js';
import { RESTORE_RULES, type RestoreRule } from '../profile/restore-rules.js';
import { MIN_SAVING_SHARE, MINOR_PHASE_SHARE } from './thresholds.js';

/** A judged phase as the rules read it. */
export interface RulePhase {
  phase: PhaseName;
  bottleneck: Bottleneck;
  durationMs: number;
}

/** What the rules read; `judged` and `choice` are computed only once a rule asks (no phase is judged for a miss). */
export interface RestoreRuleInput {
  profile: Profile;
  judged: () => readonly RulePhase[];
  choice: () => VerdictChoice;
}

/** The measured choice among the phases: the best what-if a phase's verdict names, and the unpinned phase's reach. */
export interface VerdictChoice {
  totalMs: number;
  best: WhatIf | null;
  /** The longest phase judged inconclusive, and what it could hide relaxed by the best what-if's speed-up. */
  blind: RulePhase | null;
  hiddenMs: number;
}

const TESTS: Record<RestoreRule, (x: RestoreRuleInput) => boolean> = {
  'no-restore': (x) => !x.profile.restore,
  'restore-failed': (x) => !x.profile.restore?.cacheHit && x.profile.restore?.error != null,
  'restore-skipped': (x) => x.profile.restore?.skipped != null,
  'cache-miss': (x) => x.profile.restore?.cacheHit === false,
  'no-phase': (x) => x.judged().length === 0,
  'unpinned-phase': (x) => {
    const c = x.choice();
    return c.blind !== null && c.hiddenMs > (c.best?.savingAtMostMs ?? 0) && c.hiddenMs >= MIN_SAVING_SHARE * c.totalMs;
  },
  'best-what-if': (x) => {
    const c = x.choice();
    return c.best !== null && (c.best.savingAtMostMs ?? 0) >= MIN_SAVING_SHARE * c.totalMs;
  },
  'longest-phase': () => true,
};

/** The rule that decides the restore's verdict: the first in RESTORE_RULES whose test holds. */
export function restoreRule(x: RestoreRuleInput): RestoreRule {
  const rule = RESTORE_RULES.find((r) => TESTS[r](x));
  // 'longest-phase' always holds: the table ends with it.
  return rule ?? 'longest-phase';
}

/**
 * The phases a verdict puts on its bottleneck, the first screen's "extraction and the tail took N%":
 * those judged the bottleneck, less any under MINOR_PHASE_SHARE of the restore where a longer one
 * carries it (the lookup's round trip, a burst of a download); for none or inconclusive, the longest.
 */
export function verdictCarriers(phases: readonly RulePhase[], bottleneck: Bottleneck): { phase: PhaseName; share: number }[] {
  if (phases.length === 0) return [];
  const totalMs = phases.reduce((s, p) => s + p.durationMs, 0);
  const onIt = phases.filter((p) => p.bottleneck === bottleneck);
  const major = onIt.filter((p) => totalMs > 0 && p.durationMs >= MINOR_PHASE_SHARE * totalMs);
  const longest = phases.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
  const carriers = major.length > 0 ? major : onIt.length > 0 ? onIt : [longest];
  return carriers.map((p) => ({ phase: p.phase, share: totalMs > 0 ? p.durationMs / totalMs : 0 }));
}
