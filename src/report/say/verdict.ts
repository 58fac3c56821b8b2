/**
 * The restore's verdict said: the judge's decision (Verdict.decision: the rule of RESTORE_RULES that
 * decided, the carrying phase's share, the chosen what-if, the unpinned phase outweighed, the stall
 * that leads) and the profile's recorded facts (the restore's error, skip or keys, no disk counters,
 * where the ceilings came from) turned into the one sentence every reader shows: the step summary, the
 * action's `verdict` output, the log, the trace. Nothing here decides: each branch is a rule or a figure
 * the judge gave. Pure.
 */
import type { PhaseVerdict, ProbedCeilings, Profile, RestoreDecision, RunnerContext, Verdict, WhatIf } from '../../profile/schema.js';
import type { RestoreRule } from '../../profile/restore-rules.js';
import { RESOURCE_NOUN, VERDICT_PHASE_NOUN } from './nouns.js';
import { cores, iops, mibPerSecond, percent, seconds } from '../../util/format.js';
import { stallHeadline } from './download.js';
import { sayPhase, sayPhaseClause } from './phase.js';
import { verdictWords } from './resources.js';

/** What of the profile the sentence says besides the verdict: its recorded facts, never figures to derive. */
export type VerdictProfile = Pick<Profile, 'restore' | 'ceilingsSource'> & { context: Pick<RunnerContext, 'noBlockDeviceReason'> };

/**
 * The carrying phase's clause ("the why in figures", lower-case, no final stop): its own decision said
 * (report/say/phase.ts); undefined where the phase was recorded before its decision (the verdict's
 * stored sentence is read then).
 */
export function clauseOf(phase: Pick<PhaseVerdict, 'decision'>): string | undefined {
  return phase.decision ? sayPhaseClause(phase.decision) : undefined;
}

/** "7.12 MiB/s sequential writes, 598 IOPS random writes": what fio measured, in the verdict's order. */
function probeSummary(c: ProbedCeilings): string {
  const parts: string[] = [];
  if (c.seqWriteBytesPerSecond) parts.push(`${mibPerSecond(c.seqWriteBytesPerSecond)} sequential writes`);
  if (c.randWriteIops) parts.push(`${iops(c.randWriteIops)} random writes`);
  if (c.seqReadBytesPerSecond) parts.push(`${mibPerSecond(c.seqReadBytesPerSecond)} sequential reads`);
  if (c.randReadIops) parts.push(`${iops(c.randReadIops)} random reads`);
  return parts.join(', ');
}

/** "Inconclusive: <why>, <what the probes say>": the rules that leave nothing to judge phase by phase. */
function inconclusive(why: string, d: RestoreDecision): string | null {
  if (d.probes === undefined) return null;
  const probes = d.probes
    ? `only the fio probes speak: this disk reached ${probeSummary(d.probes)}.`
    : 'and no fio probes ran either, so there is nothing to judge.';
  return `Inconclusive: ${why}, ${probes}`;
}

/**
 * "Twice the disk's IOPS would save at most 9.62 s." — the bound in its own direction, both where both
 * are measured. Under a CPU quota the CPU what-if raises the quota, so the sentence names it as the
 * what-if does ("Twice the cgroup's CPU quota (0.6 cores) …"); a disk other than the restore's is named.
 */
function savingSentence(w: WhatIf, diskName: string | null): string {
  const times = w.speedup === 2 ? 'Twice' : `${w.speedup} times`;
  const atMost = w.savingAtMostMs ?? 0;
  const atLeast = w.savingAtLeastMs ?? null;
  const amount =
    atLeast !== null && atLeast > 0 && seconds(atLeast) !== seconds(atMost)
      ? `${seconds(atLeast).replace(/ s$/, '')}–${seconds(atMost)}`
      : atLeast !== null && atLeast > 0
        ? `about ${seconds(atMost)}`
        : `at most ${seconds(atMost)}`;
  const quotaCores = w.facts?.cpuQuotaCores ?? null;
  const noun =
    w.resource === 'cpu' && quotaCores !== null
      ? `the cgroup's CPU quota (${cores(quotaCores * w.speedup)})`
      : diskName && w.resource !== 'network' && w.resource !== 'cpu'
        ? RESOURCE_NOUN[w.resource].replace("disk's", `${diskName}'s`)
        : `the ${RESOURCE_NOUN[w.resource]}`;
  return `${times} ${noun} would save ${amount}.`;
}

/**
 * The judged rules: "<label>[ on <disk>]: <clause>; <phase> took N% of the T restore[ until …].", then
 * the chosen what-if's saving, the unpinned phase it outweighs, the restore's failure and the missing
 * disk counters, as they apply.
 */
function judged(v: Verdict, d: RestoreDecision, profile: VerdictProfile): string | null {
  const carrier = v.phases.find((p) => p.phase === v.phase);
  const clause = carrier ? clauseOf(carrier) : undefined;
  if (!carrier || clause === undefined || d.judgedMs === undefined || d.carrierShare === undefined) return null;
  const on = d.device !== null ? ` on ${d.device}` : '';
  const tail = v.phases.some((p) => p.phase === 'writeback') ? ' until its files were on disk' : '';
  const best = d.rule === 'best-what-if' ? v.whatIf.find((w) => w.resource === d.whatIf) : undefined;
  const saving = best ? ` ${savingSentence(best, d.device)}` : '';
  const outweighed = d.outweighed !== null ? v.phases.find((p) => p.phase === d.outweighed) : undefined;
  if (outweighed && d.outweighedHiddenMs === undefined) return null;
  const unpinned = outweighed
    ? ` ${sayPhase(outweighed).replace(/[.]$/, '')}: relaxing whatever limits it could save at most ${seconds(d.outweighedHiddenMs ?? 0)}, less than that.`
    : '';
  const error = profile.restore?.error;
  const failed = error ? ` The restore failed during ${error.phase}: ${error.message}` : '';
  const reason = profile.context.noBlockDeviceReason;
  const blind = reason ? ` No disk counters for the restore path: ${reason}.` : '';
  const took = `${VERDICT_PHASE_NOUN[carrier.phase]} took ${percent(d.carrierShare)} of the ${seconds(d.judgedMs)} restore${tail}.`;
  return `${verdictWords(v.bottleneck).label}${on}: ${clause}; ${took}${saving}${unpinned}${failed}${blind}`;
}

/** Each rule's sentence, null where the decision lacks its figures (recorded before them): the compiler asks for every rule. */
const SAY_RULE: Record<RestoreRule, (v: Verdict, d: RestoreDecision, profile: VerdictProfile) => string | null> = {
  'no-restore': (_v, d) => inconclusive('no cache restore was profiled', d),
  // Not a miss: the service or the archive failed; say where, so nobody reads it as "no cache yet".
  'restore-failed': (_v, d, p) => inconclusive(`the restore failed during ${p.restore?.error?.phase} (${p.restore?.error?.message.split('\n')[0]})`, d),
  // lookup-only or a cache mode without reads: nothing was downloaded or extracted, by request.
  'restore-skipped': (_v, d, p) => inconclusive(`${p.restore?.skipped?.message.replace(/[.]$/, '')}, so nothing was downloaded or extracted`, d),
  'cache-miss': (_v, d, p) => inconclusive(`cache miss (keys tried: ${p.restore?.keysTried.join(', ') || 'none'}), nothing was downloaded or extracted`, d),
  'no-phase': (_v, d) => inconclusive('the profile recorded no phase', d),
  'unpinned-phase': judged,
  'best-what-if': judged,
  'longest-phase': judged,
};

/** The stall that leads (Verdict.leads), said first; null where the decision lacks what would cut it short. */
function leadOf(v: Verdict, d: RestoreDecision): string | null {
  switch (v.leads) {
    case undefined:
      return '';
    case 'download-stall': {
      const stall = v.download?.stalls[0];
      return stall && d.stall ? `${stallHeadline(stall, d.stall)} ` : null;
    }
  }
}

/** Where the ceilings came from, where the verdict names it (RestoreDecision.citesCeilingsSource). */
function ceilingsSourceOf(d: RestoreDecision, profile: VerdictProfile): string {
  const source = profile.ceilingsSource;
  if (!d.citesCeilingsSource || !source) return '';
  switch (source.kind) {
    case 'remembered':
      return ` (${source.sentence.replace(/\.$/, '')})`;
    case 'this-run':
      return ' (Ceilings probed by this run.)';
    case 'none':
      return '';
  }
}

/**
 * The restore's verdict in one sentence. A verdict recorded before the decision held these figures
 * keeps the sentence it recorded.
 */
export function sayVerdict(v: Verdict, profile: VerdictProfile): string {
  const d = v.decision;
  const lead = d ? leadOf(v, d) : null;
  const body = d ? SAY_RULE[d.rule](v, d, profile) : null;
  if (!d || lead === null || body === null) return v.sentence ?? '';
  return `${lead}${body}${ceilingsSourceOf(d, profile)}`;
}
