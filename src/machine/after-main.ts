/**
 * The post step's share of leaving the machine as found: what its main step still owes (it was
 * killed before its cleanup) is put right, each setting only while still what main set. The ledger
 * record is the truth (the next profile on the machine may have put it right already, and closed
 * it); the action's state is the fallback where the ledger could not be written.
 */
import path from 'node:path';
import { cleanUpExperiments } from '../experiment/post-cleanup.js';
import type { DirtyChange } from '../experiment/dirty.js';
import { detectPrivileges } from '../system/privilege.js';
import { isOurs, readRecord } from './ledger.js';
import { acquireMachineLock } from './lock.js';
import { recoverRecord } from './recover.js';
import { leftInPlace, putBackSentence, removedLeftBehind } from '../util/cleanup-words.js';

/** How long the post step waits for the machine: a holder puts our leftovers right itself when it takes the lock. */
export const POST_LOCK_WAIT_MS = 10_000;
const WHOSE = "this job's main step";

export interface AfterMain {
  ledgerFile: string;
  experimentDirs: string[];
  dirty: DirtyChange | null;
  log: (line: string) => void;
  warn: (line: string) => void;
}

/** Main's record, when it is still a file of this uid (nothing else is acted on); null otherwise. */
function ownRecord(file: string) {
  const r = file ? readRecord(file) : null;
  return r && isOurs(r) ? r : null;
}

export async function putRightAfterMain(x: AfterMain): Promise<void> {
  const record = ownRecord(x.ledgerFile);
  if (!record) {
    if (x.experimentDirs.length === 0 && !x.dirty) return;
    const r = cleanUpExperiments({ experimentDirs: x.experimentDirs, dirty: x.dirty, whose: WHOSE });
    report(r.dirtyPutBack, r.removed, [...r.dirtyLeftAlone, ...r.refused.map((f) => leftInPlace(f.dir, f.reason))], x);
    return;
  }
  if (record.endedEpochMs !== null) return;
  const dir = path.dirname(x.ledgerFile);
  const got = await acquireMachineLock({ waitMs: POST_LOCK_WAIT_MS, dir });
  try {
    // Read again under the lock: the profile that held it may have put it right meanwhile.
    const now = ownRecord(x.ledgerFile);
    if (!now || now.endedEpochMs !== null) {
      x.log('What the main step left on the machine was put right by the next profile here.');
      return;
    }
    if (!got.acquired) {
      x.warn(
        `another profile held the machine lock for ${POST_LOCK_WAIT_MS / 1000} s; what the main step left (${describeOwed(now)}) is put right by the next profile that takes it.`,
      );
      return;
    }
    const r = recoverRecord(dir, now, WHOSE, detectPrivileges());
    for (const line of r.done) x.log(line);
    for (const line of r.warnings) x.warn(line);
  } finally {
    if (got.acquired) got.lock.release();
  }
}

function describeOwed(r: { dirty: unknown; experimentDirs: string[]; probeDirs: string[] }): string {
  return [r.dirty ? 'raised vm.dirty_*' : '', ...r.experimentDirs, ...r.probeDirs].filter(Boolean).join(', ');
}

function report(putBack: string[], removed: string[], warnings: string[], x: AfterMain): void {
  if (putBack.length > 0) x.log(putBackSentence(putBack));
  if (removed.length > 0) x.log(removedLeftBehind('experiment directories', removed));
  for (const w of warnings) x.warn(w);
}
