/**
 * The verdict on a whole profile: one per phase, then the restore's as the verdict of the phase
 * that took the most time, in one sentence for the first line of the summary. Pure.
 */
import type { Bottleneck, PhaseName, Profile, Verdict } from '../profile/schema.js';
import { ceilingsOf, hasCeilings, type Ceilings } from './ceilings.js';
import { iops, mibPerSecond, percent, seconds } from './format.js';
import { phaseFacts, type PhaseFacts } from './phase-facts.js';
import { judgeDownload, judgeExtract, judgeLookup, judgeWriteback, type PhaseInput, type PhaseJudgement } from './phase-rules.js';
import { whatIfs } from './what-if.js';

const LABEL: Record<Bottleneck, string> = {
  network: 'Network-bound',
  'disk-bandwidth': 'Disk-bound',
  'disk-iops': 'Disk-bound (IOPS)',
  cpu: 'CPU-bound',
  writeback: 'Writeback-bound',
  none: 'No bottleneck',
  inconclusive: 'Inconclusive',
};

const RULES: Record<PhaseName, (input: PhaseInput) => PhaseJudgement> = {
  lookup: judgeLookup,
  download: judgeDownload,
  extract: judgeExtract,
  writeback: judgeWriteback,
};

export interface JudgedPhase {
  judgement: PhaseJudgement;
  facts: PhaseFacts;
}

/** Phase judgements with the facts they were drawn from (the report shows both). */
export function judgePhases(profile: Profile, ceilings: Ceilings = ceilingsOf(profile)): JudgedPhase[] {
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  const facts = phases.map((p) => phaseFacts(profile, p));
  const totalMs = facts.reduce((s, f) => s + f.durationMs, 0);
  return phases.map((p, i) => {
    const f = facts[i] as PhaseFacts;
    const networkBytes = p.name === 'download' ? (p.networkBytes ?? profile.restore?.archiveBytes ?? null) : null;
    return { judgement: RULES[p.name]({ profile, name: p.name, facts: f, ceilings, totalMs, networkBytes }), facts: f };
  });
}

function probeSummary(c: Ceilings): string {
  const parts: string[] = [];
  if (c.seqWriteBytesPerSecond) parts.push(`${mibPerSecond(c.seqWriteBytesPerSecond)} sequential writes`);
  if (c.randWriteIops) parts.push(`${iops(c.randWriteIops)} random writes`);
  if (c.seqReadBytesPerSecond) parts.push(`${mibPerSecond(c.seqReadBytesPerSecond)} sequential reads`);
  if (c.randReadIops) parts.push(`${iops(c.randReadIops)} random reads`);
  return parts.join(', ');
}

function withoutRestore(profile: Profile, ceilings: Ceilings, why: string): Verdict {
  const probes = hasCeilings(ceilings)
    ? `only the fio probes speak: this disk reached ${probeSummary(ceilings)}.`
    : 'and no fio probes ran either, so there is nothing to judge.';
  return { bottleneck: 'inconclusive', sentence: `Inconclusive: ${why}, ${probes}`, phases: [], whatIf: [] };
}

export function judgeProfile(profile: Profile): Verdict {
  const ceilings = ceilingsOf(profile);
  const restore = profile.restore;
  if (!restore) return withoutRestore(profile, ceilings, 'no cache restore was profiled');
  if (!restore.cacheHit && restore.error) {
    // Not a miss: the service or the archive failed; say where, so nobody reads it as "no cache yet".
    return withoutRestore(profile, ceilings, `the restore failed during ${restore.error.phase} (${restore.error.message.split('\n')[0]})`);
  }
  if (!restore.cacheHit) {
    return withoutRestore(profile, ceilings, `cache miss (keys tried: ${restore.keysTried.join(', ') || 'none'}), nothing was downloaded or extracted`);
  }
  const judged = judgePhases(profile, ceilings);
  if (judged.length === 0) return withoutRestore(profile, ceilings, 'the profile recorded no phase');
  const totalMs = judged.reduce((s, j) => s + j.facts.durationMs, 0);
  const dominant = judged.reduce((a, b) => (b.facts.durationMs > a.facts.durationMs ? b : a));
  const j = dominant.judgement;
  const tail = judged.some((x) => x.judgement.phase === 'writeback') ? ' (writeback included)' : '';
  const share = percent(totalMs > 0 ? j.durationMs / totalMs : 0);
  const failed = restore.error ? ` The restore failed during ${restore.error.phase}: ${restore.error.message}` : '';
  // Without counters for the restore path's device, a disk verdict cannot be made: say so in the verdict itself.
  const blind = profile.context.noBlockDeviceReason ? ` No disk counters for the restore path: ${profile.context.noBlockDeviceReason}.` : '';
  const sentence = `${LABEL[j.bottleneck]}: ${j.clause}; ${phaseNoun(j.phase)} took ${share} of the ${seconds(totalMs)} restore${tail}.${failed}${blind}`;
  return {
    bottleneck: j.bottleneck,
    sentence,
    phases: judged.map((x) => ({ phase: x.judgement.phase, bottleneck: x.judgement.bottleneck, sentence: x.judgement.sentence, evidence: x.judgement.evidence })),
    whatIf: whatIfs(judged.map((x) => ({ name: x.judgement.phase, bottleneck: x.judgement.bottleneck, facts: x.facts })), ceilings, profile.context.cpuCount),
  };
}

function phaseNoun(p: PhaseName): string {
  return { lookup: 'the lookup', download: 'the download', extract: 'extraction', writeback: 'the writeback tail' }[p];
}

/** Alias the pipeline calls. */
export const judge = judgeProfile;
