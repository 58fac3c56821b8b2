/**
 * After a main step that died before its own cleanup (a hard kill): removes the experiments' and the
 * probes' directories (unmounting the tmpfs inside) and puts vm.dirty_* back to the values recorded
 * before the raise, each only while it is still what the dead step set. Used by the post step and by
 * the next profile on the machine. Synchronous, narrow: only directories that are ours.
 */
import { leftAloneSentence, putBackIfOurs, type DirtyChange } from './dirty.js';
import { removeOwnedDir } from './owned-dirs.js';
import { removeProbeDirectoriesSync } from '../probe/cleanup.js';
import { detectPrivileges, type Privileges } from '../system/privilege.js';
import { errorMessage } from '../util/errors.js';

export { parseDirtyChange } from './dirty.js';

export interface PostCleanupReport {
  removed: string[];
  refused: { dir: string; reason: string }[];
  /** The vm.dirty_* put back, and the warnings for those someone else had changed meanwhile (left as they are). */
  dirtyPutBack: string[];
  dirtyLeftAlone: string[];
}

export interface LeftBehind {
  experimentDirs: readonly string[];
  probeDirs?: readonly string[];
  dirty: DirtyChange | null;
  /** Whose change it was, for the warnings ("this profile's main step", "profile X (pid N)"). */
  whose?: string;
}

export function cleanUpExperiments(left: LeftBehind, privileges: Privileges = detectPrivileges()): PostCleanupReport {
  const report: PostCleanupReport = { removed: [], refused: [], dirtyPutBack: [], dirtyLeftAlone: [] };
  if (left.dirty) {
    try {
      const outcome = putBackIfOurs(privileges, left.dirty);
      report.dirtyPutBack = outcome.putBack;
      report.dirtyLeftAlone = outcome.leftAlone.map((l) => leftAloneSentence(l, left.whose));
    } catch (error) {
      report.refused.push({ dir: 'vm.dirty_*', reason: errorMessage(error) });
    }
  }
  for (const dir of [...left.experimentDirs].reverse()) {
    const r = removeOwnedDir(dir, privileges);
    if (r.removed) report.removed.push(dir);
    else if (r.reason !== 'does not exist') report.refused.push({ dir, reason: r.reason ?? 'unknown' });
  }
  const probes = removeProbeDirectoriesSync(left.probeDirs ?? []);
  report.removed.push(...probes.removed);
  report.refused.push(...probes.refused);
  return report;
}
