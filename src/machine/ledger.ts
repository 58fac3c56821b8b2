/**
 * The ledger of profiles on this machine: one JSON file per profile in the shared directory, naming
 * the process (pid + start time), its label, the phases it went through with their times, and what
 * machine-wide it has changed and not yet put back (raised vm.dirty_*, experiment and probe
 * directories). Others read it to see who ran beside them and, under the machine lock, to put right
 * what a killed profile left. Each profile writes only its own file (atomically, synchronously, so a
 * signal handler can); a dead profile's file is rewritten only by whoever recovers it, under the lock.
 */
import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SHARED_PHASES, type SharedPhase } from '../profile/schema.js';
import { parseDirtyChange, type DirtyChange } from '../experiment/dirty.js';
import { errorMessage } from '../util/errors.js';
import { logSafe } from '../util/log-safe.js';
import { unlinkQuietly } from '../util/unlink-quietly.js';
import { isAlive, ownIdentity, ownUid, type ProcessIdentity, sameNamespace } from './identity.js';
import { machinePlace, type MachinePlace } from './place.js';

export const LEDGER_PREFIX = 'profile-';
/** Finished profiles stay this long, so a later reader still sees who overlapped it. */
export const LEDGER_KEEP_MS = 60 * 60 * 1000;
/** A temp file of ours older than this is a write that never reached its rename (the writer was killed): a write takes microseconds. */
export const STRAY_TMP_MS = 60 * 1000;
/** No record of ours comes near this; anything bigger is not read. */
const MAX_RECORD_BYTES = 1024 * 1024;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

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

/** A record as read from the machine directory: its strings made log-safe, and who owns its file (not written back). */
export interface FoundRecord extends LedgerRecord {
  readonly fileUid: number;
}

export function ledgerFile(dir: string, id: string): string {
  return path.join(dir, `${LEDGER_PREFIX}${id}.json`);
}

/**
 * Atomically: a temp file of a random name, created with O_EXCL|O_NOFOLLOW (nothing planted under
 * that name is followed or reused) and made 0644 through its descriptor, then renamed over the record.
 */
export function writeRecord(dir: string, record: LedgerRecord | FoundRecord): void {
  const { fileUid: _, ...data } = record as FoundRecord;
  const file = ledgerFile(dir, record.id);
  const tmp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    try {
      // Readable by every user whatever the umask: others read it to see who ran beside them.
      fchmodSync(fd, 0o644);
      writeSync(fd, `${JSON.stringify(data)}\n`);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // Renamed already, or gone.
    }
    throw error;
  }
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A record's text, checked field by field; every string in it made log-safe (util/log-safe.ts). Null when it is not a record. */
function parseRecord(text: string): LedgerRecord | null {
  let r: LedgerRecord;
  try {
    r = JSON.parse(text) as LedgerRecord;
  } catch {
    return null;
  }
  if (!r || typeof r !== 'object' || r.version !== 1 || typeof r.id !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(r.id)) return null;
  const o = r.owner;
  if (!o || !isInt(o.pid) || o.pid <= 0 || !(o.startTicks === null || isInt(o.startTicks)) || typeof o.label !== 'string') return null;
  if (o.pidNamespace !== undefined && typeof o.pidNamespace !== 'string') return null;
  if (!isTime(r.createdEpochMs) || !isTime(r.updatedEpochMs) || !(r.endedEpochMs === null || isTime(r.endedEpochMs))) return null;
  const phaseOk = (p: LedgerPhase) => p && SHARED_PHASES.includes(p.phase) && isTime(p.startEpochMs) && (p.endEpochMs === null || isTime(p.endEpochMs));
  if (!Array.isArray(r.phases) || !r.phases.every(phaseOk) || !isStrings(r.experimentDirs) || !isStrings(r.probeDirs)) return null;
  const dirty = r.dirty === null ? null : parseDirtyChange(JSON.stringify(r.dirty));
  if (r.dirty !== null && dirty === null) return null;
  return {
    version: 1,
    id: r.id,
    owner: {
      pid: o.pid,
      startTicks: o.startTicks,
      label: logSafe(o.label),
      ...(o.pidNamespace !== undefined ? { pidNamespace: logSafe(o.pidNamespace) } : {}),
    },
    createdEpochMs: r.createdEpochMs,
    updatedEpochMs: r.updatedEpochMs,
    endedEpochMs: r.endedEpochMs,
    phases: r.phases.map((p) => ({ phase: p.phase, startEpochMs: p.startEpochMs, endEpochMs: p.endEpochMs })),
    experimentDirs: r.experimentDirs.map(logSafe),
    probeDirs: r.probeDirs.map(logSafe),
    dirty,
  };
}

/** One record file, opened without following a symlink (nor blocking on a FIFO); null when it is not a plain record file. */
export function readRecord(file: string): FoundRecord | null {
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch {
    return null;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile() || s.size > MAX_RECORD_BYTES) return null;
    const r = parseRecord(readFileSync(fd, 'utf8'));
    // A record names its own file: one claiming another's id is not one.
    return r && path.basename(file) === path.basename(ledgerFile('', r.id)) ? { ...r, fileUid: s.uid } : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

const isRecordName = (name: string) => name.startsWith(LEDGER_PREFIX) && name.endsWith('.json');

export function readRecords(dir: string): FoundRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter(isRecordName).flatMap((name) => readRecord(path.join(dir, name)) ?? []);
}

/**
 * Whether this process may act on a record (put its settings back, remove its directories, rewrite
 * it): only one whose file is its own uid's. Root's records for a root runner, this user's for this
 * user; another user's is read for the report, never acted on.
 */
export function isOurs(r: FoundRecord): boolean {
  return r.fileUid === ownUid();
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

/**
 * Removes our records of profiles that ended long ago, and our temp files a killed write left. Another
 * user's stay (theirs to prune: not ours to act on, and in a sticky directory not removable either).
 */
export function pruneRecords(dir: string, nowEpochMs = Date.now()): void {
  for (const r of readRecords(dir)) {
    if (isOurs(r) && r.endedEpochMs !== null && nowEpochMs - r.endedEpochMs > LEDGER_KEEP_MS) unlinkQuietly(ledgerFile(dir, r.id));
  }
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.startsWith(LEDGER_PREFIX) && n.endsWith('.tmp'))) {
    const file = path.join(dir, name);
    try {
      const s = lstatSync(file);
      if (s.isFile() && s.uid === ownUid() && nowEpochMs - s.mtimeMs > STRAY_TMP_MS) unlinkQuietly(file);
    } catch {
      // Gone meanwhile.
    }
  }
}

/** A directory as it is reached without symlinks: how it is named in the ledger, so a recovery can require no symlink on its way. */
function realPath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    // Recorded before it is made (util/owned-dir.ts ownedDirName): its parent resolved.
    try {
      return path.join(realpathSync(path.dirname(dir)), path.basename(dir));
    } catch {
      return dir;
    }
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
    readonly place: MachinePlace = { dir, shared: true },
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
    const place = machinePlace();
    return new Ledger(place.dir, label, warn, place);
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
    this.record.experimentDirs.push(realPath(dir));
    this.save();
  }

  addProbeDir(dir: string): void {
    this.record.probeDirs.push(realPath(dir));
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
