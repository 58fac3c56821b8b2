/**
 * One account of the experiments per run, from one record: what `experiments: auto` chose (or the
 * input's list), what ran (the outcomes, as the action's outputs report them), and what was skipped
 * and why (the stage's own skips, or why none ran). The summary prints it once. Pure.
 */
import type { AutoDecision } from '../profile/always-on.js';
import type { Profile } from '../profile/schema.js';
import { sameTarget } from './same-target.js';

export interface ExperimentsAccount {
  /** `experiments: auto`'s decision, where it decided. */
  auto: AutoDecision | null;
  /** Alternatives that ran, with their runs (the outcomes: what the experiment-* outputs report) and why a run failed. */
  ran: { name: string; runs: number; failedRuns: number; failure: string | null }[];
  /** Alternatives that did not run, each with why. */
  skipped: { name: string; reason: string; detail: string }[];
  /** Why nothing ran, where nothing did. */
  noneRan: string | null;
  sentence: string;
}

function nameOf(s: { alternative: string; mountPoint: string | null }): string {
  return s.alternative === 'other-disk' && s.mountPoint ? `other-disk (${s.mountPoint})` : s.alternative;
}

const bare = (s: string) => s.replace(/[.]\s*$/, '');

/** Null when experiments were neither asked for nor decided on (`experiments: none`). */
export function experimentsAccount(profile: Pick<Profile, 'auto' | 'experiments'>): ExperimentsAccount | null {
  const auto = profile.auto?.experiments ?? null;
  const e = profile.experiments;
  if (!auto && !e) return null;
  const failureOf = (o: { alternative: string; mountPoint: string | null }) => e?.runs.find((r) => sameTarget(r, o) && r.error)?.error ?? null;
  const ran = (e?.outcomes ?? []).map((o) => ({ name: nameOf(o), runs: o.timeMs.runs, failedRuns: o.failedRuns, failure: o.failedRuns ? failureOf(o) : null }));
  const skipped = (e?.skipped ?? []).map((s) => ({ name: nameOf(s), reason: s.reason, detail: bare(s.detail) }));
  const noneRan =
    ran.length > 0 ? null : auto && !auto.run ? bare(auto.reason.replace(/^experiments: /, '')) : e?.reason ? bare(e.reason) : 'no experiment could run';
  const chose = auto?.run ? `${bare(auto.reason.replace(/^experiments: /, ''))}. ` : '';
  let sentence: string;
  if (ran.length === 0) {
    // experiments: auto's own reason already says it skipped them.
    sentence = auto && !auto.run ? `Experiments: ${noneRan}.` : `Experiments: ${chose}${chose ? 'None' : 'none'} ran: ${noneRan}.`;
  } else {
    const ranText = ran
      .map((r) => `${r.name} ×${r.runs}${r.failedRuns ? ` (+${r.failedRuns} failed${r.failure ? `: ${bare(r.failure)}` : ''})` : ''}`)
      .join(', ');
    // A skip whose detail repeats (no-baseline for each) is said once, naming all it applies to.
    const byDetail = new Map<string, string[]>();
    for (const s of skipped) byDetail.set(`${s.reason}: ${s.detail}`, [...(byDetail.get(`${s.reason}: ${s.detail}`) ?? []), s.name]);
    const skippedText = [...byDetail].map(([why, names]) => `${names.join(', ')} (${why})`).join('; ');
    // Remembered fixes: auto's reason says which run measured them; the counts are that run's.
    const reused = e?.measuredOn && auto && !auto.run ? `${bare(auto.reason.replace(/^experiments: /, ''))}. That run ran` : null;
    sentence = `Experiments: ${reused ?? `${chose}${chose ? 'Ran' : 'ran'}`} ${ranText}${skippedText ? `. Skipped ${skippedText}` : ''}.`;
  }
  return { auto, ran, skipped, noneRan, sentence };
}
