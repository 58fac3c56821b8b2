/** Names of the values main hands to the post step (core.saveState / core.getState). */
export const STATE = {
  probeDirectories: 'probe-directories',
  profilePath: 'profile-path',
  /** Which step holds the report (REPORT_STEPS), set once main's summary is written; unset when main ended before writing one. */
  reportStep: 'report-step',
  mainStarted: 'main-started',
  /** As actions/cache's CACHE_KEY and CACHE_RESULT: the key tried, and the key restoreCache returned ('' on a miss). */
  primaryKey: 'cache-primary-key',
  matchedKey: 'cache-matched-key',
  /** The profile's artifact is uploaded by the post step, so it holds the save too. */
  artifactPending: 'artifact-pending',
  experimentDirectories: 'experiment-directories',
  /** vm.dirty_* as they were before the page-cache experiment raised them and the values it wrote; empty once put back. */
  experimentDirtySettings: 'experiment-dirty-settings',
  /** This profile's record in the machine's ledger (src/machine/ledger.ts): what it still owes the machine. */
  machineLedger: 'machine-ledger',
  /** A repeat run's writeback follower (pipeline/follower.ts BackgroundTail, JSON): the post step waits for it, reads it, ends it. */
  writebackFollower: 'writeback-follower',
  /** With the report in the post step: the file holding the label's history as main read it (pipeline/handoff.ts). */
  historyForPost: 'history-for-post',
  /** With the report in the post step: the file holding the fixes main read for this hardware and cache (pipeline/handoff.ts). */
  fixesForPost: 'fixes-for-post',
} as const;

/** The state entry naming each handed file (pipeline/handoff.ts). */
export const HANDED_STATE = { history: STATE.historyForPost, fixes: STATE.fixesForPost } as const;

/**
 * Where the run's report is: main's summary, or the post step's (a repeat run whose main left the
 * writeback tail to the background: main's summary then only says so). Main decides it; the post step
 * and the tests read it.
 */
export const REPORT_STEPS = ['main', 'post'] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

/** The report step main saved; null when main wrote no summary (failed or cancelled first) or the value is not one. */
export function parseReportStep(value: string | undefined): ReportStep | null {
  return REPORT_STEPS.find((step) => step === value) ?? null;
}
