/** Names of the values main hands to the post step (core.saveState / core.getState). */
export const STATE = {
  probeDirectories: 'probe-directories',
  profilePath: 'profile-path',
  summaryWritten: 'summary-written',
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
} as const;
