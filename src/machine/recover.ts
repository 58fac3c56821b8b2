/**
 * Putting right what killed profiles left on this machine: for each ledger record of ours whose
 * process is gone before it ended, put vm.dirty_* back (only while still what it set), unmount and
 * remove its experiment directories and remove its probe directories, then close the record. Only
 * records whose file is this uid's are acted on, and of those only the values trust.ts allows; another
 * user's record is never acted on. Run by a profile under the machine lock (at its start and when it
 * takes the lock) and by a post step for its own main.
 */
import { cleanUpExperiments } from '../experiment/post-cleanup.js';
import { detectPrivileges, type Privileges } from '../system/privilege.js';
import { type FoundRecord, isDead, isOurs, owes, pruneRecords, readRecords, writeRecord } from './ledger.js';
import { dirtyRefusal, type OwnedDirKind, ownedDirRefusal } from './trust.js';
import { leftInPlace, putBackSentence, removedLeftBehind } from '../util/cleanup-words.js';
import { capitalised } from '../util/format.js';

export interface RecoveryReport {
  /** Info lines: what was put back or removed, and for whom. */
  done: string[];
  /** Warnings: settings someone else had changed meanwhile (left alone), things that could not be removed. */
  warnings: string[];
}

/** A record's debts that may be acted on, and those refused with why. */
function trusted(record: FoundRecord): { dirs: Record<OwnedDirKind, string[]>; dirty: FoundRecord['dirty']; refused: { what: string; reason: string }[] } {
  const refused: { what: string; reason: string }[] = [];
  const keep = (dirs: string[], kind: OwnedDirKind) =>
    dirs.filter((dir) => {
      const reason = ownedDirRefusal(dir, kind, record.fileUid);
      if (reason !== null && reason !== 'does not exist') refused.push({ what: dir, reason });
      return reason === null;
    });
  const dirtyReason = record.dirty ? dirtyRefusal(record.dirty) : null;
  if (dirtyReason) refused.push({ what: 'vm.dirty_*', reason: dirtyReason });
  return {
    dirs: { experiment: keep(record.experimentDirs, 'experiment'), probe: keep(record.probeDirs, 'probe') },
    dirty: dirtyReason ? null : record.dirty,
    refused,
  };
}

/** Puts right what one record of ours still owes, and closes it. Another user's record: nothing done. */
export function recoverRecord(dir: string, record: FoundRecord, whose: string, privileges: Privileges): RecoveryReport {
  const out: RecoveryReport = { done: [], warnings: [] };
  if (!isOurs(record)) return out;
  if (owes(record)) {
    const t = trusted(record);
    for (const x of t.refused) out.warnings.push(capitalised(leftInPlace(`${x.what} of ${whose}`, x.reason)));
    const r = cleanUpExperiments({ experimentDirs: t.dirs.experiment, probeDirs: t.dirs.probe, dirty: t.dirty, whose }, privileges);
    if (r.dirtyPutBack.length > 0) out.done.push(putBackSentence(r.dirtyPutBack, whose));
    if (r.removed.length > 0) out.done.push(`${removedLeftBehind(`what ${whose}`, r.removed)}.`);
    out.warnings.push(...r.dirtyLeftAlone);
    for (const x of r.refused) out.warnings.push(capitalised(leftInPlace(`${x.dir} of ${whose}`, x.reason)));
  }
  record.dirty = null;
  record.experimentDirs = [];
  record.probeDirs = [];
  record.endedEpochMs ??= record.updatedEpochMs;
  try {
    writeRecord(dir, record);
  } catch (error) {
    out.warnings.push(`Could not close the ledger record of ${whose}: ${(error as Error).message}.`);
  }
  return out;
}

export const describeOwner = (r: FoundRecord): string => `profile "${r.owner.label}" (pid ${r.owner.pid}, killed before its cleanup)`;

/** Records of ours whose profile died owing the machine something: the ones to put right. */
export function deadOfOurs(dir: string): FoundRecord[] {
  return readRecords(dir).filter((r) => isOurs(r) && isDead(r, true));
}

/** Every dead profile's leftovers. Call it holding the machine lock: nobody else changes these settings meanwhile. */
export function recoverDeadProfiles(dir: string, privileges: Privileges | null = null): RecoveryReport {
  const out: RecoveryReport = { done: [], warnings: [] };
  pruneRecords(dir);
  const dead = deadOfOurs(dir);
  if (dead.length === 0) return out;
  const p = privileges ?? detectPrivileges();
  for (const record of dead) {
    const r = recoverRecord(dir, record, describeOwner(record), p);
    out.done.push(...r.done);
    out.warnings.push(...r.warnings);
  }
  return out;
}
