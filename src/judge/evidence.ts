/**
 * Evidence items are measured before the verdict is known; each says which bottlenecks its value
 * argues for, and `supports` is settled once the phase's verdict is chosen. An item carries its
 * figures (`facts`), no words: report/say/evidence.ts says them.
 */
import type { Bottleneck, Evidence } from '../profile/schema.js';
import type { EvidenceFacts } from '../profile/phase-decision.js';

export interface Candidate {
  evidence: Omit<Evidence, 'supports'>;
  /** The bottlenecks this measurement, at its value, argues for. */
  favours: Bottleneck[];
}

export function candidate(id: string, facts: EvidenceFacts, value: number | null, unit: string, favours: Bottleneck[], threshold?: number): Candidate {
  const evidence: Omit<Evidence, 'supports'> = { id, facts, value: value === null ? null : round(value), unit };
  if (threshold !== undefined) evidence.threshold = threshold;
  return { evidence, favours };
}

export function settle(candidates: readonly Candidate[], verdict: Bottleneck): Evidence[] {
  return candidates.map((c) => ({ ...c.evidence, supports: c.favours.includes(verdict) }));
}

/** Evidence values are kept to 4 significant digits: enough to re-check a threshold, short in JSON. */
function round(n: number): number {
  return Number.isFinite(n) ? Number(n.toPrecision(4)) : n;
}
