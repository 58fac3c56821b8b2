/**
 * The words for what a step put right or left behind, said alike by the post step, the next profile's
 * recovery, the probes and the experiments; and for a profile that could not meet the others on the
 * machine, said alike in the log and in the report. Pure.
 */

/** "Put vm.dirty_background_bytes and vm.dirty_bytes back as they were before the page-cache experiment." (or "before X's ..."). */
export function putBackSentence(names: readonly string[], whose?: string): string {
  return `Put ${names.join(' and ')} back as they were before ${whose ? `${whose}'s` : 'the'} page-cache experiment.`;
}

/** "Removed fio temp directories left behind: /a, /b" (no stop: some callers add more). */
export function removedLeftBehind(what: string, dirs: readonly string[]): string {
  return `Removed ${what} left behind: ${dirs.join(', ')}`;
}

/** "left /x in place: reason." */
export function leftInPlace(what: string, reason: string): string {
  return `left ${what} in place: ${reason}.`;
}

/** "Profiles of other users on this machine can be neither seen nor waited for: <why>; this one met only this user's, in <dir>." */
export function privateMachineSentence(d: { path: string; reason: string }): string {
  return `Profiles of other users on this machine can be neither seen nor waited for: the shared directory was not safe to use (${d.reason}), so this profile met only this user's profiles, in ${d.path}.`;
}
