// The machine's ledger of profiles: who overlapped whom (pure, on records), dead profiles told from
// live ones by pid + start time, and what a killed profile left put right by the next one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOwnedDir } from '../../src/experiment/owned-dirs.js';
import { isAlive, ownIdentity, processStartTicks } from '../../src/machine/identity.js';
import { isDead, Ledger, type LedgerRecord, readRecord, readRecords, writeRecord } from '../../src/machine/ledger.js';
import { otherProfilesDuring } from '../../src/machine/others.js';
import { recoverDeadProfiles } from '../../src/machine/recover.js';
import { NO_PRIVILEGES } from '../helpers/privileges.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function record(
  id: string,
  label: string,
  phases: [LedgerRecord['phases'][number]['phase'], number, number | null][],
  over: Partial<LedgerRecord> = {},
): LedgerRecord {
  return {
    version: 1,
    id,
    owner: { pid: 1000, startTicks: 1, label },
    createdEpochMs: 0,
    updatedEpochMs: 100,
    endedEpochMs: null,
    phases: phases.map(([phase, startEpochMs, endEpochMs]) => ({ phase, startEpochMs, endEpochMs })),
    experimentDirs: [],
    probeDirs: [],
    dirty: null,
    ...over,
  };
}

describe('who ran beside whom', () => {
  const mine = record('a', 'mine', [
    ['restore', 0, 10],
    ['probes', 10, 20],
    ['experiments', 20, 40],
  ]);

  it('names each overlapping profile with our phases and theirs', () => {
    const b = record('b', 'second', [
      ['restore', 5, 12],
      ['probes', 41, 50],
    ]);
    expect(otherProfilesDuring(mine, [mine, b], 60, () => true)).toEqual([
      { label: 'second', pid: 1000, during: ['restore', 'probes'], theirPhases: ['restore'] },
    ]);
  });

  it('ignores profiles before or after, and ends a dead one at its last write', () => {
    const before = record('b', 'before', [['restore', -20, -1]], { endedEpochMs: -1 });
    const after = record('c', 'after', [['restore', 45, null]]);
    const dead = record('d', 'dead', [['experiments', -5, null]], { updatedEpochMs: -2 });
    const liveOpen = record('e', 'live', [['probes', 30, null]]);
    const got = otherProfilesDuring(mine, [before, after, dead, liveOpen], 50, (r) => r.id !== 'd');
    expect(got.map((o) => o.label)).toEqual(['live']);
    expect(got[0]?.during).toEqual(['experiments']);
  });
});

describe('dead or alive', () => {
  it('a process is told by its pid and start time, so a reused pid is not mistaken for it', () => {
    const me = ownIdentity();
    expect(me.startTicks).toBe(processStartTicks(process.pid));
    expect(isAlive(me)).toBe(true);
    expect(isAlive({ pid: process.pid, startTicks: (me.startTicks ?? 0) + 1 })).toBe(false);
    const gone = spawnSync('true').pid as number;
    expect(isAlive({ pid: gone, startTicks: null })).toBe(false);
  });
});

describe('the ledger on disk', () => {
  it('keeps this profile current, and closes it once nothing is owed', () => {
    const ledger = new Ledger(dir, 'live-one');
    ledger.enter('restore');
    ledger.enter('probes');
    const on = readRecord(ledger.file);
    expect(on?.phases.map((p) => [p.phase, p.endEpochMs === null])).toEqual([
      ['restore', false],
      ['probes', true],
    ]);
    expect(on && isDead(on)).toBe(false);
    ledger.end();
    expect(readRecord(ledger.file)?.endedEpochMs).not.toBeNull();
  });

  it("a killed profile's directories are removed by the next one, and its record closed; nothing else is touched", () => {
    const parent = mkdtempSync(path.join(dir, 'parent-'));
    const left = createOwnedDir(parent, NO_PRIVILEGES);
    const notOurs = path.join(parent, '.disk-profiler-exp-foreign');
    mkdirSync(notOurs);
    const gone = spawnSync('true').pid as number;
    const r = record('dead-1', 'killed', [['experiments', Date.now() - 1000, null]], {
      owner: { pid: gone, startTicks: 12345, label: 'killed' },
      updatedEpochMs: Date.now(),
      experimentDirs: [left, notOurs],
    });
    writeRecord(dir, r);
    const report = recoverDeadProfiles(dir, NO_PRIVILEGES);
    expect(report.done.join(' ')).toContain(left);
    expect(existsSync(left)).toBe(false);
    expect(existsSync(notOurs)).toBe(true);
    expect(report.warnings).toEqual([
      `Left ${notOurs} of profile "killed" (pid ${gone}, killed before its cleanup) in place: not named .disk-profiler-exp-… as the profiler names its experiment directories.`,
    ]);
    const after = readRecords(dir).find((x) => x.id === 'dead-1');
    expect(after?.endedEpochMs).not.toBeNull();
    expect(after?.experimentDirs).toEqual([]);
    // A second pass has nothing left to do.
    expect(recoverDeadProfiles(dir, NO_PRIVILEGES)).toEqual({ done: [], warnings: [] });
    expect(readdirSync(dir).some((n) => n.endsWith('.tmp'))).toBe(false);
  });
});

describe('a record of another pid namespace (a container sharing the directory)', () => {
  it('counts as alive, unless it still owes the machine something while we hold the lock', () => {
    const foreign = record('f', 'container', [['experiments', 0, null]], { owner: { pid: 1, startTicks: 1, label: 'container', pidNamespace: 'pid:[1]' } });
    expect(isDead(foreign)).toBe(false);
    expect(isDead(foreign, true)).toBe(false);
    expect(isDead({ ...foreign, experimentDirs: ['/x/.disk-profiler-exp-1'] }, true)).toBe(true);
    expect(isDead({ ...foreign, experimentDirs: ['/x/.disk-profiler-exp-1'] }, false)).toBe(false);
  });
});
