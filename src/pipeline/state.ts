/** Names of the values main hands to the post step (core.saveState / core.getState). */
export const STATE = {
  probeDirectories: 'probe-directories',
  profilePath: 'profile-path',
  summaryWritten: 'summary-written',
  mainStarted: 'main-started',
  experimentDirectories: 'experiment-directories',
  /** vm.dirty_* as they were before the page-cache experiment raised them; empty once put back. */
  experimentDirtySettings: 'experiment-dirty-settings',
} as const;
