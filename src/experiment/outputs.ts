/** The experiments' action outputs. Pure; '' where an experiment did not run. */
import type { AlternativeName } from './alternatives.js';
import type { AlternativeOutcome, ExperimentsResult } from './types.js';

const secondsText = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : (ms / 1000).toFixed(3));

/** Of the other disks, the one the files were on soonest. */
export function bestOtherDisk(outcomes: readonly AlternativeOutcome[]): AlternativeOutcome | null {
  return outcomes.filter((o) => o.alternative === 'other-disk').sort((a, b) => a.timeMs.median - b.timeMs.median)[0] ?? null;
}

export function experimentOutputs(e: ExperimentsResult | undefined): Record<string, string> {
  const outcomes = e?.outcomes ?? [];
  const median = (a: AlternativeName) => outcomes.find((o) => o.alternative === a)?.timeMs.median;
  const other = bestOtherDisk(outcomes);
  return {
    'experiment-baseline-seconds': secondsText(median('baseline')),
    'experiment-ram-seconds': secondsText(median('ram')),
    'experiment-decompress-seconds': secondsText(median('decompress')),
    'experiment-page-cache-seconds': secondsText(median('page-cache')),
    'experiment-other-disk-seconds': secondsText(other?.timeMs.median),
    'experiment-other-disk-path': other?.mountPoint ?? '',
    'fix-best': e && e.outcomes.length > 0 ? e.fixBest.alternative : '',
    'fix-best-saving-seconds': e && e.outcomes.length > 0 ? secondsText(e.fixBest.savingMs) : '',
  };
}
