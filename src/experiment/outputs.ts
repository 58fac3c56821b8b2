/** The experiments' action outputs. Pure; '' where an experiment did not run. */
import { ALTERNATIVES, type AlternativeName } from './alternatives.js';
import type { AlternativeOutcome, ExperimentsResult } from './types.js';

const secondsText = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : (ms / 1000).toFixed(3));

/** Each alternative's output (action.yml declares one per alternative; a test checks). */
export const experimentOutputName = (alternative: AlternativeName) => `experiment-${alternative}-seconds`;

/** Of an alternative's outcomes (other-disk has one per disk), the one whose files were on disk soonest. */
function fastest(outcomes: readonly AlternativeOutcome[], alternative: AlternativeName): AlternativeOutcome | null {
  return outcomes.filter((o) => o.alternative === alternative).sort((a, b) => a.timeMs.median - b.timeMs.median)[0] ?? null;
}

/** Of the other disks, the one the files were on soonest. */
export function bestOtherDisk(outcomes: readonly AlternativeOutcome[]): AlternativeOutcome | null {
  return fastest(outcomes, 'other-disk');
}

export function experimentOutputs(e: ExperimentsResult | undefined): Record<string, string> {
  const outcomes = e?.outcomes ?? [];
  const medians = Object.fromEntries(ALTERNATIVES.map((a) => [experimentOutputName(a), secondsText(fastest(outcomes, a)?.timeMs.median)]));
  return {
    ...medians,
    'experiment-other-disk-path': bestOtherDisk(outcomes)?.mountPoint ?? '',
    'fix-best': e && e.outcomes.length > 0 ? e.fixBest.alternative : '',
    'fix-best-saving-seconds': e && e.outcomes.length > 0 ? secondsText(e.fixBest.savingMs) : '',
  };
}
