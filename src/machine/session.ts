/**
 * A profile's place among the profiles on this machine, as the pipeline uses it: its ledger record
 * (phases, what it changed), putting right what killed profiles left, the machine lock around the
 * probes and experiments, and who ran beside it.
 */
import type { MachineDirectory, OtherProfile, SharedPhase } from '../profile/schema.js';
import type { DirtyChange } from '../experiment/dirty.js';
import { seconds } from '../util/format.js';
import { isAlive } from './identity.js';
import { Ledger, pruneRecords, readRecords, type LedgerRecord } from './ledger.js';
import { acquireMachineLock, type MachineLock } from './lock.js';
import { otherProfilesDuring } from './others.js';
import { deadOfOurs, recoverDeadProfiles } from './recover.js';
import { privateMachineSentence } from '../util/cleanup-words.js';

/** How long a profile's start waits for the machine lock to put right what a dead profile left. */
export const RECOVERY_LOCK_WAIT_MS = 3000;
export interface SessionLog {
  log: (line: string) => void;
  warn: (line: string) => void;
}

export class MachineSession {
  private lock: MachineLock | null = null;

  private constructor(
    readonly ledger: Ledger,
    private readonly out: SessionLog,
  ) {}

  static open(label: string, out: SessionLog): MachineSession {
    const session = new MachineSession(Ledger.open(label, out.warn), out);
    const alone = session.machineDirectory();
    if (alone) out.log(privateMachineSentence(alone));
    return session;
  }

  /** Where this profile meets the others, when that is not the directory shared by every user (with why); null when it is. */
  machineDirectory(): MachineDirectory | null {
    const { place } = this.ledger;
    return place.shared ? null : { path: place.dir, sharedWithOtherUsers: false, reason: place.notSharedReason ?? 'unknown' };
  }

  get ledgerFile(): string {
    return this.ledger.file;
  }

  enter(phase: SharedPhase): void {
    this.ledger.enter(phase);
  }

  leave(): void {
    this.ledger.leave();
  }

  addExperimentDir(dir: string): void {
    this.ledger.addExperimentDir(dir);
  }

  addProbeDir(dir: string): void {
    this.ledger.addProbeDir(dir);
  }

  setDirty(change: DirtyChange | null): void {
    this.ledger.setDirty(change);
  }

  /**
   * At the start: a killed profile's raised vm.dirty_* would skew this restore too. Only when the
   * lock is free at once (a holder is alive and puts right what it finds when it took the lock).
   */
  async recoverAtStart(): Promise<void> {
    pruneRecords(this.ledger.dir);
    if (deadOfOurs(this.ledger.dir).length === 0) return;
    // A killed profile's lock shell exits once the pipe from its dead parent closes: a moment after
    // the kill on a loaded runner, so wait that moment rather than leave its debts to a later run.
    const got = await acquireMachineLock({ waitMs: RECOVERY_LOCK_WAIT_MS, dir: this.ledger.dir });
    if (!got.acquired) return;
    try {
      this.recover();
    } finally {
      // Reaped before the restore, whose CPU figures count reaped children.
      await got.lock.releaseAndWait();
    }
  }

  /**
   * Takes the machine lock for the probes and experiments, waiting up to `waitMs`; null when it
   * stayed held, with the sentence saying by whom and for how long (the caller skips its part).
   */
  async acquire(waitMs: number, signal?: AbortSignal): Promise<string | null> {
    const holders = () => this.busyOthers();
    const before = holders();
    if (before.length > 0) this.out.log(`Waiting up to ${seconds(waitMs)} for the machine: ${describe(before)} is probing or experimenting on it.`);
    const got = await acquireMachineLock({ waitMs, dir: this.ledger.dir, ...(signal ? { signal } : {}) });
    if (!got.acquired) {
      const who = holders();
      return `another profile held the machine lock for the whole ${seconds(got.waitedMs)} wait (${who.length > 0 ? describe(who) : 'its holder'}; the wait is this profile's probe + experiments budgets + 10 s), so this part was skipped rather than measured beside it${got.reason === 'timed out' ? '' : ` (${got.reason})`}`;
    }
    this.lock = got.lock;
    // Where flock(1) is missing by design (macOS, Windows) that is a note; on Linux, a problem.
    if (got.lock.unlockedReason && process.platform !== 'linux')
      this.out.log(`Running the probes and experiments without the machine lock: ${got.lock.unlockedReason}.`);
    else if (got.lock.unlockedReason)
      this.out.warn(
        `Running the probes and experiments without the machine lock: ${got.lock.unlockedReason}. Another profile on this machine could run its own beside them.`,
      );
    else if (got.lock.waitedMs > 1000) this.out.log(`Waited ${seconds(got.lock.waitedMs)} for the machine lock.`);
    this.recover();
    return null;
  }

  release(): void {
    this.lock?.release();
    this.lock = null;
  }

  /** Another live profile whose page-cache experiment set `name` (vm.dirty_…) to `value`, named; null when none did. */
  whoSetDirty(name: string, value: number): string | null {
    const key = name.replace(/^vm\./, '');
    // A setting another profile left as it was (set = saved: its budget already held the target) is not theirs.
    const wrote = (d: { set: object; saved: object }) => (d.set as Record<string, number>)[key] === value && (d.saved as Record<string, number>)[key] !== value;
    const by = readRecords(this.ledger.dir).find((r) => r.id !== this.ledger.record.id && r.dirty !== null && wrote(r.dirty) && isAlive(r.owner));
    return by ? `another profile, "${by.owner.label}" (pid ${by.owner.pid}),` : null;
  }

  /** Others that overlapped this profile's restore, probes or experiments so far. */
  otherProfiles(): OtherProfile[] {
    return otherProfilesDuring(this.ledger.record, readRecords(this.ledger.dir), Date.now(), (r) => isAlive(r.owner));
  }

  /** Who this profile met on the machine, and where when that was not with every user's profiles: for the profile's context. */
  met(): { otherProfiles: OtherProfile[]; machineDirectory?: MachineDirectory } {
    const alone = this.machineDirectory();
    return { otherProfiles: this.otherProfiles(), ...(alone ? { machineDirectory: alone } : {}) };
  }

  end(): void {
    this.release();
    this.ledger.end();
  }

  private recover(): void {
    const r = recoverDeadProfiles(this.ledger.dir);
    for (const line of r.done) this.out.log(line);
    for (const line of r.warnings) this.out.warn(line);
  }

  private busyOthers(): LedgerRecord[] {
    return readRecords(this.ledger.dir).filter((r) => {
      if (r.id === this.ledger.record.id || r.endedEpochMs !== null || !isAlive(r.owner)) return false;
      const open = r.phases.at(-1);
      return open !== undefined && open.endEpochMs === null && (open.phase === 'probes' || open.phase === 'experiments');
    });
  }
}

function describe(records: readonly LedgerRecord[]): string {
  return records.map((r) => `"${r.owner.label}" (pid ${r.owner.pid}, in its ${r.phases.at(-1)?.phase ?? 'start'})`).join(', ');
}
