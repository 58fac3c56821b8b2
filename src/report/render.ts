/**
 * A profile → its verdict, step-summary Markdown and outputs. What the action's main step and
 * `disk-profiler render PROFILE.json` call. Pure.
 */
import type { Profile, Verdict } from '../profile/schema.js';
import { judgeInDetail, type Judgement } from '../judge/judge.js';
import { profileOutputs } from './outputs.js';
import { renderSummary } from './summary.js';

export interface RenderedProfile {
  verdict: Verdict;
  markdown: string;
  outputs: Record<string, string>;
}

/** The run's own judgement, rendered as it was given (the action's main step): nothing is judged here. */
export function renderJudged(profile: Profile, judgement: Judgement): RenderedProfile {
  const verdict = judgement.verdict;
  return { verdict, markdown: renderSummary(profile, judgement), outputs: profileOutputs(profile, verdict) };
}

/**
 * A saved profile (`disk-profiler render`, compare, the benches): its phases' facts come from this
 * version's judge, since a profile records counters, not facts; the verdict is the recorded one unless
 * `rejudge` asks this version's rules for theirs.
 */
export function renderProfile(profile: Profile, opts: { rejudge?: boolean } = {}): RenderedProfile {
  const judgement = judgeSaved(profile);
  if (!opts.rejudge && profile.verdict) judgement.verdict = profile.verdict;
  return renderJudged(profile, judgement);
}

/**
 * A saved profile judged by this version's rules: what `disk-profiler render` shows and what compare
 * ranks, the one entry both take so that they never give one recording two verdicts.
 */
export function judgeSaved(profile: Profile): Judgement {
  return judgeInDetail(profile);
}
