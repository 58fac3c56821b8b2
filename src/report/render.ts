/**
 * A profile → its verdict, step-summary Markdown and outputs. What the action's main step and
 * `disk-profiler render PROFILE.json` call. Pure.
 */
import type { Profile, Verdict } from '../profile/schema.js';
import { judgeProfile } from '../judge/judge.js';
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
  const verdict = opts.rejudge || !profile.verdict ? judgeProfile(profile) : profile.verdict;
  return { verdict, markdown: renderSummary(profile, verdict), outputs: profileOutputs(profile, verdict) };
}
