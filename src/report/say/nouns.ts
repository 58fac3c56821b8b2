/**
 * How the report's sentences and the headline name each phase and each resource, defined once. Where
 * the two say it differently, the difference is written here as an override, with why. Pure.
 */
import type { Bottleneck, PhaseName, Resource } from '../../profile/schema.js';
import type { PhaseRuleId } from '../../profile/phase-decision.js';

/** A phase as the headline names it in "... took 80% of the 12 s restore". */
export const PHASE_NOUN: Record<PhaseName, string> = {
  lookup: 'the lookup',
  download: 'the download',
  extract: 'extraction',
  writeback: 'the writeback tail',
};

/** A phase as a chart's axis and legend label it: the noun without its article. */
export const PHASE_LABEL = Object.fromEntries(Object.entries(PHASE_NOUN).map(([phase, noun]) => [phase, noun.replace(/^the /, '')])) as Record<
  PhaseName,
  string
>;

/** A phase in the verdict's sentence and the phase clauses, which name the lookup in full. */
export const VERDICT_PHASE_NOUN: Record<PhaseName, string> = { ...PHASE_NOUN, lookup: 'the cache lookup' };

/** A resource in the verdict's what-if sentences ("Twice the disk's bandwidth would save ..."). */
export const RESOURCE_NOUN: Record<Resource, string> = {
  network: 'network rate',
  'disk-bandwidth': "disk's bandwidth",
  'disk-iops': "disk's IOPS",
  cpu: 'CPU',
};

/** A verdict in the phase table's "Limited by" cell and the evidence's phase headings, in plain words. */
const LIMITED_BY: Record<Bottleneck, string> = {
  network: 'network',
  'disk-bandwidth': 'disk bandwidth',
  'disk-iops': 'disk IOPS',
  cpu: 'CPU',
  none: 'nothing near a limit',
  inconclusive: 'unclear',
};

/**
 * Rules whose verdict the plain label would overstate. The lookup is one round trip, which a faster
 * network (the what-if's) does not shorten; a short tail is judged none without its disk figures being
 * read, so it may well have run at a ceiling: "nothing near a limit" would contradict them.
 */
const LIMITED_BY_RULE: Partial<Record<PhaseRuleId, string>> = {
  'lookup-round-trip': 'one network round trip',
  'tail-short': 'short, not judged',
};

/** The label of a phase's verdict, from the rule that made it; older recordings' bottlenecks (schema 1's 'writeback') as recorded. */
export function limitedBy(bottleneck: string, rule?: PhaseRuleId): string {
  return (rule !== undefined ? LIMITED_BY_RULE[rule] : undefined) ?? LIMITED_BY[bottleneck as Bottleneck] ?? bottleneck;
}

/** A verdict's label, as the headline and the verdict sentence open. */
export const BOTTLENECK_LABEL: Record<Bottleneck, string> = {
  network: 'Network-bound',
  'disk-bandwidth': 'Disk-bound (bandwidth)',
  'disk-iops': 'Disk-bound (IOPS)',
  cpu: 'CPU-bound',
  none: 'No bottleneck',
  inconclusive: 'Inconclusive',
};
