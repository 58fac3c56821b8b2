/**
 * A profile → its verdict, step-summary Markdown and outputs. What the action's main step and
 * `disk-profiler render PROFILE.json` call. Pure.
 */
import type { Profile, Verdict } from '../profile/schema.js';
import { judgeInDetail } from '../judge/judge.js';
import { profileOutputs } from './outputs.js';
import { renderSummary } from './summary.js';

export interface RenderedProfile {
  verdict: Verdict;
  markdown: string;
  outputs: Record<string, string>;
}

/**
 * Uses the profile's recorded verdict unless `rejudge` is set (or there is none): re-judging applies
 * this version's rules to the recorded counters.
 */
export function renderProfile(profile: Profile, opts: { rejudge?: boolean } = {}): RenderedProfile {
  const judgement = judgeInDetail(profile);
  // The phases' facts always come from the judge; the verdict is the recorded one unless asked otherwise.
  if (!opts.rejudge && profile.verdict) judgement.verdict = profile.verdict;
  const verdict = judgement.verdict;
  return { verdict, markdown: renderSummary(profile, judgement), outputs: profileOutputs(profile, verdict) };
}
