/**
 * For the post step, after a main step that died before its own cleanup (a hard kill): removes the
 * experiments' directories (unmounting the tmpfs inside) and puts vm.dirty_* back to the values the
 * main step recorded before raising them. Synchronous, narrow: only directories that are ours.
 */
import type { DirtySettings } from './dirty.js';
import { putBackDirtySettings } from './dirty.js';
import { removeOwnedDir } from './owned-dirs.js';
import { detectPrivilege } from './privileged.js';
import { errorMessage } from '../util/errors.js';

export interface PostCleanupReport {
  removed: string[];
  refused: { dir: string; reason: string }[];
  dirtyPutBack: boolean;
}

export function cleanUpExperiments(dirs: readonly string[], savedDirty: DirtySettings | null): PostCleanupReport {
  const privilege = detectPrivilege();
  const report: PostCleanupReport = { removed: [], refused: [], dirtyPutBack: false };
  if (savedDirty) {
    try {
      putBackDirtySettings(privilege, savedDirty);
      report.dirtyPutBack = true;
    } catch (error) {
      report.refused.push({ dir: 'vm.dirty_*', reason: errorMessage(error) });
    }
  }
  for (const dir of [...dirs].reverse()) {
    const r = removeOwnedDir(dir, privilege);
    if (r.removed) report.removed.push(dir);
    else if (r.reason !== 'does not exist') report.refused.push({ dir, reason: r.reason ?? 'unknown' });
  }
  return report;
}

export function parseSavedDirty(value: string): DirtySettings | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const keys = ['dirty_bytes', 'dirty_background_bytes', 'dirty_ratio', 'dirty_background_ratio'] as const;
    if (!keys.every((k) => typeof parsed[k] === 'number')) return null;
    return parsed as unknown as DirtySettings;
  } catch {
    return null;
  }
}
