/**
 * The ledger of profiles on this machine: one JSON file per profile in the shared directory, naming
 * the process (pid + start time), its label, the phases it went through with their times, and what
 * machine-wide it has changed and not yet put back (raised vm.dirty_*, experiment and probe
 * directories). Others read it to see who ran beside them and, under the machine lock, to put right
 * what a killed profile left. Each profile writes only its own file (atomically, synchronously, so a
 * signal handler can); a dead profile's file is rewritten only by whoever recovers it, under the lock.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SharedPhase } from '../profile/schema.js';
import type { DirtyChange } from '../experiment/dirty.js';
import { errorMessage } from '../util/errors.js';
import { isAlive, ownIdentity, type ProcessIdentity, sameNamespace } from './identity.js';
import { machineDir } from './place.js';

export const LEDGER_PREFIX = 'profile-';
/** Finished profiles stay this long, so a later reader still sees who overlapped it. */
export const LEDGER_KEEP_MS = 60 * 60 * 1000;

export interface LedgerPhase {
  phase: SharedPhase;
  startEpochMs: number;
  endEpochMs: number | null;
}

export interface LedgerRecord {
  version: 1;
  id: string;
  owner: ProcessIdentity & { label: string };
  createdEpochMs: number;
  updatedEpochMs: number;
  /** Set when the profile ended (or was found dead and put right). */
  endedEpochMs: number | null;
  phases: LedgerPhase[];
  experimentDirs: string[];
  probeDirs: string[];
  /** vm.dirty_* raised by the page-cache experiment and not yet put back. */
  dirty: DirtyChange | null;
}

export function ledgerFile(dir: string, id: string): string {
  return path.join(dir, `${LEDGER_PREFIX}${id}.json`);
}

export function writeRecord(dir: string, record: LedgerRecord): void {
  const file = ledgerFile(dir, record.id);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record)}\n`, { mode: 0o644 });
  renameSync(tmp, file);
}

function parseRecord(text: string): LedgerRecord | null {
  try {
    const r = JSON.parse(text) as LedgerRecord;
    return r && r.version === 1 && typeof r.id === 'string' && typeof r.owner?.pid === 'number' && Array.isArray(r.phases) ? r : null;
  } catch {
    return null;
  }
}

export function readRecords(dir: string): LedgerRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: LedgerRecord[] = [];
  for (const name of names) {
    if (!name.startsWith(LEDGER_PREFIX) || !name.endsWith('.json')) continue;
    try {
      const r = parseRecord(readFileSync(path.join(dir, name), 'utf8'));
      if (r) out.push(r);
    } catch {
      // Removed meanwhile.
    }
  }
  return out;
}

export function readRecord(file: string): LedgerRecord | null {
  try {
    return parseRecord(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** What a record still owes the machine. */
export function owes(r: LedgerRecord): boolean {
  return r.dirty !== null || r.experimentDirs.length > 0 || r.probeDirs.length > 0;
}

/**
 * A record whose profile has not ended, but whose process is gone: killed before it could put things
 * back. A profile owes the machine something only inside its locked section, so, asked by the lock's
 * holder, a record of another pid namespace (whose pid cannot be checked) that still owes is dead too.
 */
export function isDead(r: LedgerRecord, holdingLock = false): boolean {
  if (r.endedEpochMs !== null) return false;
  if (!sameNamespace(r.owner)) return holdingLock && owes(r);
  return !isAlive(r.owner);
}

/** Removes records of profiles that ended long ago (best effort: another user's may stay). */
export function pruneRecords(dir: string, nowEpochMs = Date.now()): void {
  for (const r of readRecords(dir)) {
    if (r.endedEpochMs !== null && nowEpochMs - r.endedEpochMs > LEDGER_KEEP_MS) rmSync(ledgerFile(dir, r.id), { force: true });
  }
}

/** This profile's own record, kept current as it goes. Never throws: a ledger that cannot be written is reported once. */
export class Ledger {
  readonly record: LedgerRecord;
  readonly file: string;
  private failed = false;

  constructor(
    readonly dir: string,
    label: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    const now = Date.now();
    const me = ownIdentity();
    const id = `${me.pid}-${me.startTicks ?? 0}-${randomBytes(3).toString('hex')}`;
    this.record = {
      version: 1,
      id,
      owner: { ...me, label },
      createdEpochMs: now,
      updatedEpochMs: now,
      endedEpochMs: null,
      phases: [],
      experimentDirs: [],
      probeDirs: [],
      dirty: null,
    };
    this.file = ledgerFile(dir, id);
    this.save();
  }

  static open(label: string, warn?: (message: string) => void): Ledger {
    return new Ledger(machineDir(), label, warn);
  }

  enter(phase: SharedPhase): void {
    this.closeOpen();
    this.record.phases.push({ phase, startEpochMs: Date.now(), endEpochMs: null });
    this.save();
  }

  leave(): void {
    this.closeOpen();
    this.save();
  }

  addExperimentDir(dir: string): void {
    this.record.experimentDirs.push(dir);
    this.save();
  }

  addProbeDir(dir: string): void {
    this.record.probeDirs.push(dir);
    this.save();
  }

  setDirty(change: DirtyChange | null): void {
    this.record.dirty = change;
    this.save();
  }

  /** The profile is over: what it changed was put back by its own cleanup, or is left to its post step (which reads this file) or the next profile. */
  end(): void {
    this.closeOpen();
    this.record.experimentDirs = this.record.experimentDirs.filter((d) => existsSync(d));
    this.record.probeDirs = this.record.probeDirs.filter((d) => existsSync(d));
    // While something is still owed, the record stays open so the post step or the next profile puts it right.
    if (this.record.dirty === null && this.record.experimentDirs.length === 0 && this.record.probeDirs.length === 0) this.record.endedEpochMs = Date.now();
    this.save();
  }

  private closeOpen(): void {
    const open = this.record.phases.at(-1);
    if (open && open.endEpochMs === null) open.endEpochMs = Date.now();
  }

  private save(): void {
    this.record.updatedEpochMs = Date.now();
    try {
      writeRecord(this.dir, this.record);
    } catch (error) {
      if (!this.failed)
        this.warn(
          `The machine's ledger of profiles (${this.file}) cannot be written: ${errorMessage(error)}. Another profile on this machine will not see this one.`,
        );
      this.failed = true;
    }
  }
}
