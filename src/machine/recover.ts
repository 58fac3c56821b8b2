/**
 * Putting right what killed profiles left on this machine: for each ledger record whose process is
 * gone before it ended, put vm.dirty_* back (only while still what it set), unmount and remove its
 * experiment directories and remove its probe directories, then close the record. Run by a profile
 * under the machine lock (at its start and when it takes the lock) and by a post step for its own main.
 */
import { cleanUpExperiments } from '../experiment/post-cleanup.js';
import { detectPrivileges, type Privileges } from '../system/privilege.js';
import { isDead, owes, pruneRecords, readRecords, writeRecord, type LedgerRecord } from './ledger.js';
import { leftInPlace, putBackSentence, removedLeftBehind } from '../util/cleanup-words.js';
import { capitalised } from '../util/format.js';

export interface RecoveryReport {
  /** Info lines: what was put back or removed, and for whom. */
  done: string[];
  /** Warnings: settings someone else had changed meanwhile (left alone), things that could not be removed. */
  warnings: string[];
}

/** Puts right what one record still owes, and closes it. */
export function recoverRecord(dir: string, record: LedgerRecord, whose: string, privileges: Privileges): RecoveryReport {
  const out: RecoveryReport = { done: [], warnings: [] };
  if (owes(record)) {
    const r = cleanUpExperiments({ experimentDirs: record.experimentDirs, probeDirs: record.probeDirs, dirty: record.dirty, whose }, privileges);
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

export const describeOwner = (r: LedgerRecord): string => `profile "${r.owner.label}" (pid ${r.owner.pid}, killed before its cleanup)`;

/** Every dead profile's leftovers. Call it holding the machine lock: nobody else changes these settings meanwhile. */
export function recoverDeadProfiles(dir: string, privileges: Privileges | null = null): RecoveryReport {
  const out: RecoveryReport = { done: [], warnings: [] };
  pruneRecords(dir);
  const dead = readRecords(dir).filter((r) => isDead(r, true));
  if (dead.length === 0) return out;
  const p = privileges ?? detectPrivileges();
  for (const record of dead) {
    const r = recoverRecord(dir, record, describeOwner(record), p);
    out.done.push(...r.done);
    out.warnings.push(...r.warnings);
  }
  return out;
}
