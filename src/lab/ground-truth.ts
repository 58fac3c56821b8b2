/**
 * Checks a profile against the intervention (src/lab/intervention.ts). Pure.
 *
 * What "right" means:
 * - The intervention's answer is the controlled resource whose 2× relaxation saved the most time
 *   until the files were on disk, provided it saved at least SIGNIFICANT_SAVING of the plain time.
 *   Resources whose saving is within NOISE of the best one's (as shares of the plain time) tie with
 *   it: two runs cannot tell them apart, so naming either is right.
 * - When one saved ≥ 10 %, the verdict must name it (or a tied one): 'none', 'inconclusive' and
 *   resources the lab did not control are wrong, since a relaxation the profile missed saved time.
 * - When none saved ≥ 10 %, any verdict is right: 'none' and 'inconclusive' are what we hope for,
 *   and a verdict naming a resource the lab did not control (the CPU of a disk-only scenario) cannot
 *   be refuted by an intervention that did not touch it. The report still shows each saving.
 * - Each what-if (restore + writeback with that resource 2× faster) must be a lower bound of the
 *   time measured with it doubled, within NOISE, and tight: at least TIGHTNESS of it.
 * - The profile's restore + writeback (sum of its phases) must match the plain time until the files
 *   are on disk within TOTAL_TOLERANCE.
 */
import type { Resource } from './scenario-specs.js';
import type { Intervention } from './intervention.js';

export const SIGNIFICANT_SAVING = 0.1;
export const NOISE = 0.05;
export const TIGHTNESS = 0.8;
export const TOTAL_TOLERANCE = 0.1;

/** The parts of a profile the checks read. Local stand-in for the lead's v2 types (Bottleneck, WhatIf with a Resource). */
export interface ProfileFacts {
  bottleneck: string;
  whatIf: readonly { resource: string; restoreLowerBoundMs: number; measured?: boolean }[];
  /** Sum of (endMs − startMs) over the profile's phases: lookup, download, extract, writeback. */
  totalMs: number;
}

export function profileFacts(profile: {
  verdict: { bottleneck: string; whatIf: readonly { resource: string; restoreLowerBoundMs: number; measured?: boolean }[] } | null;
  phases: readonly { startMs: number; endMs: number }[];
}): ProfileFacts {
  return {
    bottleneck: profile.verdict?.bottleneck ?? 'inconclusive',
    whatIf: profile.verdict?.whatIf ?? [],
    totalMs: profile.phases.reduce((sum, p) => sum + (p.endMs - p.startMs), 0),
  };
}

export interface Saving {
  resource: Resource;
  baseMs: number;
  relaxedMs: number;
  /** (base − relaxed) / base. */
  share: number;
}

export interface InterventionAnswer {
  savings: Saving[];
  /** The resource that saved the most, when that was ≥ SIGNIFICANT_SAVING; else null. */
  best: Resource | null;
  /** best and any resource within NOISE of it (each also ≥ SIGNIFICANT_SAVING). */
  accepted: Resource[];
}

export function interventionAnswer(i: Intervention): InterventionAnswer {
  const baseMs = i.base.onDiskMs;
  const savings = i.relaxed.map(({ resource, timing }) => ({ resource, baseMs, relaxedMs: timing.onDiskMs, share: (baseMs - timing.onDiskMs) / baseMs }));
  const top = [...savings].sort((a, b) => b.share - a.share)[0];
  if (!top || top.share < SIGNIFICANT_SAVING) return { savings, best: null, accepted: [] };
  const accepted = savings.filter((s) => s.share >= SIGNIFICANT_SAVING && top.share - s.share <= NOISE).map((s) => s.resource);
  return { savings, best: top.resource, accepted };
}

export interface VerdictCheck {
  right: boolean;
  /** The intervention's answer in words, for the table. */
  expected: string;
}

export function checkVerdict(bottleneck: string, answer: InterventionAnswer): VerdictCheck {
  if (answer.best === null) {
    const best = [...answer.savings].sort((a, b) => b.share - a.share)[0];
    const why = best ? ` (best: ${best.resource} ${percent(best.share)})` : ' (nothing controlled)';
    return { right: true, expected: `any: no 2× relaxation saved ≥ ${percent(SIGNIFICANT_SAVING)}${why}` };
  }
  return { right: (answer.accepted as string[]).includes(bottleneck), expected: answer.accepted.join(' or ') };
}

export interface WhatIfCheck {
  resource: Resource;
  lowerBoundMs: number | null;
  measuredMs: number;
  /** lowerBound ≤ measured × (1 + NOISE). */
  isLowerBound: boolean;
  /** lowerBound ≥ measured × TIGHTNESS. */
  tight: boolean;
}

/** A what-if the judge said was not measured claims no bound: none to check. */
function whatIfFor(facts: ProfileFacts, resource: Resource): number | null {
  const w = facts.whatIf.find((x) => x.resource === resource);
  return w && w.measured !== false ? w.restoreLowerBoundMs : null;
}

export function checkWhatIfs(facts: ProfileFacts, i: Intervention): WhatIfCheck[] {
  return i.relaxed.map(({ resource, timing }) => {
    const lowerBoundMs = whatIfFor(facts, resource);
    const measuredMs = timing.onDiskMs;
    return {
      resource,
      lowerBoundMs,
      measuredMs,
      isLowerBound: lowerBoundMs !== null && lowerBoundMs <= measuredMs * (1 + NOISE),
      tight: lowerBoundMs !== null && lowerBoundMs >= measuredMs * TIGHTNESS,
    };
  });
}

export interface TotalCheck {
  profileMs: number;
  plainMs: number;
  /** (profile − plain) / plain. */
  difference: number;
  within: boolean;
}

export function checkTotal(facts: ProfileFacts, i: Intervention): TotalCheck {
  const plainMs = i.base.onDiskMs;
  const difference = (facts.totalMs - plainMs) / plainMs;
  return { profileMs: facts.totalMs, plainMs, difference, within: Math.abs(difference) <= TOTAL_TOLERANCE };
}

export interface GroundTruthCheck {
  answer: InterventionAnswer;
  verdict: VerdictCheck & { got: string };
  whatIfs: WhatIfCheck[];
  total: TotalCheck;
}

export function checkAgainstIntervention(facts: ProfileFacts, i: Intervention): GroundTruthCheck {
  const answer = interventionAnswer(i);
  return {
    answer,
    verdict: { ...checkVerdict(facts.bottleneck, answer), got: facts.bottleneck },
    whatIfs: checkWhatIfs(facts, i),
    total: checkTotal(facts, i),
  };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0)}%`;
}
