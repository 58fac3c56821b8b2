// What another user can plant in the shared machine directory, on real files (root makes them and
// hands them to uid 65534 with chown, as that user would have made them): a symlinked lock or ledger
// temp file is never followed, a lock file of theirs never chmodded, and their ledger records are read
// for the report only, never acted on. Our own records are acted on only within what is valid.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  chownSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOwnedDir } from '../../src/experiment/owned-dirs.js';
import { putBackDirtySettings, raiseDirtyLimits, readDirtySettings } from '../../src/experiment/dirty.js';
import { Ledger, type LedgerRecord, LEDGER_KEEP_MS, pruneRecords, readRecords, writeRecord } from '../../src/machine/ledger.js';
import { acquireMachineLock, LOCK_FILE_NAME } from '../../src/machine/lock.js';
import { recoverDeadProfiles } from '../../src/machine/recover.js';
import { MACHINE_DIR_ENV } from '../../src/machine/place.js';
import { MachineSession } from '../../src/machine/session.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { ROOT_PRIVILEGES } from '../helpers/privileges.js';

const NOBODY = 65534;
const ready = prerequisite('root with flock (files of another owner, made with chown)', isRoot && commandExists('flock'));
const top = mkdtempSync(path.join(os.tmpdir(), 'dp-neighbour-'));
chmodSync(top, 0o755);
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** Runs `body`, then puts vm.dirty_* back should a recovery that trusted a record have changed them (as b9ada1a's did). */
function keepingDirty(body: () => void): void {
  const found = readDirtySettings();
  try {
    body();
  } finally {
    if (JSON.stringify(readDirtySettings()) !== JSON.stringify(found)) putBackDirtySettings(ROOT_PRIVILEGES, found);
  }
}

/** A shared machine directory as root makes it: root's, sticky, world-writable. */
function sharedDir(name: string): string {
  const dir = path.join(top, name);
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  return dir;
}

/** A root-owned 0600 file: what a symlink of theirs would aim at (/etc/shadow). */
function decoyFile(name: string): { file: string; unchanged: () => boolean } {
  const file = path.join(top, name);
  writeFileSync(file, 'secret\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return { file, unchanged: () => (lstatSync(file).mode & 0o7777) === 0o600 && readFileSync(file, 'utf8') === 'secret\n' };
}

function theirs(p: string): void {
  lchownSync(p, NOBODY, NOBODY);
}

const gonePid = () => spawnSync('true').pid as number;

function owingRecord(id: string, over: Partial<LedgerRecord> = {}): LedgerRecord {
  return {
    version: 1,
    id,
    owner: { pid: gonePid(), startTicks: 1, label: 'neighbour' },
    createdEpochMs: Date.now() - 2000,
    updatedEpochMs: Date.now() - 1000,
    endedEpochMs: null,
    phases: [{ phase: 'experiments', startEpochMs: Date.now() - 2000, endEpochMs: null }],
    experimentDirs: [],
    probeDirs: [],
    dirty: null,
    ...over,
  };
}

describe.runIf(ready)('the lock file', () => {
  it('a symlink planted as the lock is not followed: its target keeps its mode', async () => {
    const dir = sharedDir('lock-link');
    const decoy = decoyFile('lock-target');
    symlinkSync(decoy.file, path.join(dir, LOCK_FILE_NAME));
    theirs(path.join(dir, LOCK_FILE_NAME));
    const got = await acquireMachineLock({ waitMs: 200, dir });
    if (got.acquired) got.lock.release();
    expect(decoy.unchanged()).toBe(true);
    expect(got.acquired && got.lock.unlockedReason).toMatch(/is a symbolic link|not a regular file/);
  });

  it('a lock file another user made is locked as it is, never chmodded', async () => {
    const dir = sharedDir('lock-theirs');
    const lock = path.join(dir, LOCK_FILE_NAME);
    writeFileSync(lock, '', { mode: 0o644 });
    chmodSync(lock, 0o644);
    theirs(lock);
    const got = await acquireMachineLock({ waitMs: 1000, dir });
    expect(got.acquired && got.lock.unlockedReason).toBeUndefined();
    expect(lstatSync(lock).mode & 0o7777).toBe(0o644);
    // The lock holds through that file: a second taker waits.
    expect((await acquireMachineLock({ waitMs: 0, dir })).acquired).toBe(false);
    if (got.acquired) got.lock.release();
  });

  it('one we create is open to every user (0666 whatever the umask)', async () => {
    const dir = sharedDir('lock-ours');
    const mask = process.umask(0o077);
    try {
      const got = await acquireMachineLock({ waitMs: 1000, dir });
      if (got.acquired) got.lock.release();
    } finally {
      process.umask(mask);
    }
    expect(lstatSync(path.join(dir, LOCK_FILE_NAME)).mode & 0o7777).toBe(0o666);
  });
});

describe.runIf(ready)('the ledger temp file', () => {
  it('a symlink planted where our next write would go is not followed', () => {
    const dir = sharedDir('tmp-link');
    const decoy = decoyFile('tmp-target');
    const ledger = new Ledger(dir, 'me');
    // Today's name and any other a neighbour can guess from the record's name.
    for (const name of [`${ledger.file}.${process.pid}.tmp`, `${ledger.file}.tmp`]) {
      symlinkSync(decoy.file, name);
      theirs(name);
    }
    ledger.enter('restore');
    ledger.end();
    expect(decoy.unchanged()).toBe(true);
    expect(readRecords(dir).find((r) => r.id === ledger.record.id)?.endedEpochMs).not.toBeNull();
  });
});

describe.runIf(ready)("another user's records", () => {
  it('are read for the report, never acted on: no sysctl, no directory removed, the record left as it is', () =>
    keepingDirty(() => {
      const dir = sharedDir('records-theirs');
      const decoyParent = mkdtempSync(path.join(top, 'decoys-'));
      const expDir = createOwnedDir(decoyParent, ROOT_PRIVILEGES);
      const probeDir = path.join(decoyParent, '.disk-profiler-fio-abcdef');
      mkdirSync(probeDir);
      writeFileSync(path.join(probeDir, '.disk-profiler-probe'), '{}\n');
      const current = JSON.parse(readFileSync('/proc/sys/vm/dirty_bytes', 'utf8')) as number;
      const currentBg = JSON.parse(readFileSync('/proc/sys/vm/dirty_background_bytes', 'utf8')) as number;
      const record = owingRecord('neighbour-1', {
        owner: { pid: 1, startTicks: 1, label: 'neighbour', pidNamespace: 'pid:[1]' },
        experimentDirs: [expDir],
        probeDirs: [probeDir],
        dirty: {
          saved: { dirty_bytes: 4194304, dirty_background_bytes: 2097152, dirty_ratio: 0, dirty_background_ratio: 0 },
          set: { dirty_bytes: current, dirty_background_bytes: currentBg },
        },
      });
      writeRecord(dir, record);
      const file = path.join(dir, 'profile-neighbour-1.json');
      theirs(file);
      const text = readFileSync(file, 'utf8');
      const dirtyBefore = ['dirty_bytes', 'dirty_background_bytes', 'dirty_ratio', 'dirty_background_ratio'].map((n) =>
        readFileSync(`/proc/sys/vm/${n}`, 'utf8'),
      );
      const report = recoverDeadProfiles(dir, ROOT_PRIVILEGES);
      expect(report).toEqual({ done: [], warnings: [] });
      expect(existsSync(expDir) && existsSync(probeDir)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(['dirty_bytes', 'dirty_background_bytes', 'dirty_ratio', 'dirty_background_ratio'].map((n) => readFileSync(`/proc/sys/vm/${n}`, 'utf8'))).toEqual(
        dirtyBefore,
      );
      // Still seen: who ran beside us is the report's to say.
      expect(readRecords(dir).map((r) => r.id)).toContain('neighbour-1');
    }));

  it('an old one that cannot be pruned is skipped, ours are pruned, and stray temp files of ours too', () => {
    const dir = sharedDir('prune');
    const old = Date.now() - LEDGER_KEEP_MS - 60_000;
    writeRecord(dir, owingRecord('old-theirs', { endedEpochMs: old }));
    theirs(path.join(dir, 'profile-old-theirs.json'));
    writeRecord(dir, owingRecord('old-ours', { endedEpochMs: old }));
    const strayOurs = path.join(dir, 'profile-x.json.123.tmp');
    const strayTheirs = path.join(dir, 'profile-y.json.456.tmp');
    for (const f of [strayOurs, strayTheirs]) {
      writeFileSync(f, '{');
      const then = new Date(old);
      utimesSync(f, then, then);
    }
    theirs(strayTheirs);
    pruneRecords(dir);
    expect(readdirSync(dir).sort()).toEqual(['profile-old-theirs.json', 'profile-y.json.456.tmp']);
  });
});

describe.runIf(ready)('our own records', () => {
  it('are acted on only within what is valid: dirty values in range, directories of our naming, ours, with their marker, no symlink on the way', () =>
    keepingDirty(() => {
      const dir = sharedDir('records-ours');
      const parent = mkdtempSync(path.join(top, 'parent-'));
      const good = createOwnedDir(parent, ROOT_PRIVILEGES);
      const notOurName = path.join(parent, 'work');
      mkdirSync(notOurName);
      writeFileSync(path.join(notOurName, '.disk-profiler-experiment'), '{}\n');
      const notOurUid = createOwnedDir(parent, ROOT_PRIVILEGES);
      chownSync(notOurUid, NOBODY, NOBODY);
      const linkedParent = path.join(top, 'linked-parent');
      symlinkSync(parent, linkedParent);
      const behindLink = createOwnedDir(parent, ROOT_PRIVILEGES);
      const viaLink = path.join(linkedParent, path.basename(behindLink));
      const record = owingRecord('ours-1', {
        experimentDirs: [good, notOurName, notOurUid, viaLink],
        dirty: {
          saved: { dirty_bytes: 1, dirty_background_bytes: 0, dirty_ratio: 20, dirty_background_ratio: 10 },
          set: { dirty_bytes: 2 ** 40, dirty_background_bytes: 0 },
        },
      });
      writeRecord(dir, record);
      const report = recoverDeadProfiles(dir, ROOT_PRIVILEGES);
      expect(existsSync(good)).toBe(false);
      expect([notOurName, notOurUid, behindLink].map(existsSync)).toEqual([true, true, true]);
      const said = report.warnings.join('\n');
      expect(said).toContain(`${notOurName} `);
      expect(said).toMatch(/not named \.disk-profiler-exp-/);
      expect(said).toContain(`owned by uid ${NOBODY}`);
      expect(said).toContain(`${viaLink} `);
      expect(said).toMatch(/symbolic link/);
      expect(said).toMatch(/vm\.dirty_bytes.*1.*allowed/);
    }));

  it('one that is valid is put right: vm.dirty_* put back while still what it set, its directory removed, the record closed', () =>
    keepingDirty(() => {
      const dir = sharedDir('records-valid');
      const parent = mkdtempSync(path.join(top, 'valid-'));
      const left = createOwnedDir(parent, ROOT_PRIVILEGES);
      const before = readDirtySettings();
      // What a page-cache experiment sets: above what is there, so put-back has something to do.
      const set = { dirty_bytes: before.dirty_bytes + 64 * 1024 * 1024, dirty_background_bytes: before.dirty_background_bytes + 32 * 1024 * 1024 };
      raiseDirtyLimits(ROOT_PRIVILEGES, { dirtyBytes: set.dirty_bytes, backgroundBytes: set.dirty_background_bytes });
      writeRecord(dir, owingRecord('valid-1', { experimentDirs: [left], dirty: { saved: before, set } }));
      const report = recoverDeadProfiles(dir, ROOT_PRIVILEGES);
      expect(report.warnings).toEqual([]);
      expect(report.done.join(' ')).toMatch(/Put vm\.dirty_background_bytes and vm\.dirty_bytes back/);
      expect(readDirtySettings()).toEqual(before);
      expect(existsSync(left)).toBe(false);
      expect(readRecords(dir).find((r) => r.id === 'valid-1')?.endedEpochMs).not.toBeNull();
    }));

  it.each([
    ['probe', '.disk-profiler-fio-', '.disk-profiler-probe'],
    ['experiment', '.disk-profiler-exp-', '.disk-profiler-experiment'],
  ] as const)(
    'a %s directory killed between being made and its marker (empty, of the name recorded before it was made) is removed; one holding anything, or of the older naming, is not',
    (kind, prefix, marker) => {
      // The window the suite and the experiments leave (record, mkdir, marker): a profile SIGKILLed in it, as CI caught on 90d4eb4.
      const dir = sharedDir(`records-unmarked-${kind}`);
      const parent = mkdtempSync(path.join(top, 'unmarked-'));
      const empty = path.join(parent, `${prefix}0123456789ab`);
      const holding = path.join(parent, `${prefix}ba9876543210`);
      const olderNaming = path.join(parent, `${prefix}AbC123`);
      for (const d of [empty, holding, olderNaming]) mkdirSync(d);
      writeFileSync(path.join(holding, 'data'), 'x');
      const dirs = [empty, holding, olderNaming];
      writeRecord(dir, owingRecord(`unmarked-${kind}`, kind === 'probe' ? { probeDirs: dirs } : { experimentDirs: dirs }));
      const report = recoverDeadProfiles(dir, ROOT_PRIVILEGES);
      expect(dirs.map(existsSync)).toEqual([false, true, true]);
      expect(report.done.join(' ')).toContain(empty);
      const said = report.warnings.join('\n');
      expect(said).toContain(`${holding} `);
      expect(said).toContain(`${olderNaming} `);
      expect(said).toContain(`has no ${marker} marker`);
    },
  );

  it("a label or a path with a newline and '::' reaches no log line as a workflow command", async () => {
    const dir = sharedDir('label');
    const before = process.env[MACHINE_DIR_ENV];
    process.env[MACHINE_DIR_ENV] = dir;
    const lines: string[] = [];
    try {
      const out = { log: (l: string) => lines.push(l), warn: (l: string) => lines.push(l) };
      const evil = 'x\n::error::owned\r\n::add-mask::y';
      const holder = MachineSession.open(evil, out);
      expect(await holder.acquire(1000)).toBeNull();
      holder.enter('probes');
      const waiter = MachineSession.open('waiter', out);
      await waiter.acquire(100);
      writeRecord(dir, owingRecord('evil-dead', { owner: { pid: gonePid(), startTicks: 1, label: evil }, experimentDirs: [`/tmp/a\n::error::b`] }));
      holder.end();
      expect(await waiter.acquire(1000)).toBeNull();
      waiter.end();
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) {
        expect(line).not.toMatch(/[\r\n]/);
        expect(line).not.toContain('::');
      }
      expect(lines.join('\n')).toContain('x\\n:%3Aerror:%3Aowned\\r\\n:%3Aadd-mask:%3Ay');
    } finally {
      if (before === undefined) delete process.env[MACHINE_DIR_ENV];
      else process.env[MACHINE_DIR_ENV] = before;
    }
  });
});
