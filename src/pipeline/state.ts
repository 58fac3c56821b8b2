/** Names of the values main hands to the post step (core.saveState / core.getState). */
export const STATE = {
  probeDirectories: 'probe-directories',
  profilePath: 'profile-path',
  summaryWritten: 'summary-written',
  mainStarted: 'main-started',
} as const;
