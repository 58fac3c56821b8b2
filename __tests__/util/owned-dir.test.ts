// The profiler's own directories on real files: a name chosen before the directory exists, and the one kind of
// directory without its marker that is still ours (recorded, made, killed before the marker: empty).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRoot, prerequisite } from '../helpers/prerequisites.js';
import { madeButUnmarked, notOwnedReason, ownedDirName, ownedSuffixes, RECORDED_BEFORE_MADE_SUFFIX } from '../../src/util/owned-dir.js';

const asRoot = prerequisite('root (a directory handed to another uid with chown)', isRoot);
const PREFIX = '.disk-profiler-test-';
const MARKER = '.disk-profiler-test-marker';
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'owned-dir-test-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a name chosen before the directory is made', () => {
  it('is the prefix and random hex in the parent, nothing there yet, a new one each time', () => {
    const a = ownedDirName(root, PREFIX);
    const b = ownedDirName(root, PREFIX);
    expect(path.dirname(a)).toBe(root);
    expect(path.basename(a).startsWith(PREFIX)).toBe(true);
    expect(path.basename(a).slice(PREFIX.length)).toMatch(RECORDED_BEFORE_MADE_SUFFIX);
    expect(a).not.toBe(b);
    expect(fs.existsSync(a)).toBe(false);
  });

  it("ownedSuffixes holds this version's suffix and the earlier patterns given, nothing else", () => {
    const suffix = ownedSuffixes('[A-Za-z0-9]{6}', '\\d+-\\d+');
    for (const ok of ['0123456789ab', 'AbC123', '123-456']) expect(ok).toMatch(suffix);
    for (const bad of ['0123456789a', '../x', 'abc', '0123456789abc', '123-']) expect(bad).not.toMatch(suffix);
  });
});

describe('made but unmarked', () => {
  it('an empty directory under a chosen name is ours without its marker; one holding anything, of an older name, or a link is not', () => {
    const empty = ownedDirName(root, PREFIX);
    fs.mkdirSync(empty);
    const holding = ownedDirName(root, PREFIX);
    fs.mkdirSync(holding);
    fs.writeFileSync(path.join(holding, 'data'), 'x');
    const older = fs.mkdtempSync(path.join(root, PREFIX));
    const link = ownedDirName(root, PREFIX);
    fs.symlinkSync(older, link);
    expect([empty, holding, older, link].map((d) => madeButUnmarked(d, PREFIX))).toEqual([true, false, false, false]);
    expect(notOwnedReason(empty, PREFIX, MARKER)).toBeNull();
    expect(notOwnedReason(holding, PREFIX, MARKER)).toBe(`has no ${MARKER} marker`);
    expect(notOwnedReason(older, PREFIX, MARKER)).toBe(`has no ${MARKER} marker`);
    expect(notOwnedReason(link, PREFIX, MARKER)).toBe('not a directory (or a symbolic link)');
    expect(notOwnedReason(path.join(root, 'other'), PREFIX, MARKER)).toBe(`name does not start with ${PREFIX}`);
  });

  it.runIf(asRoot)('an empty one of another uid (made under a name read in the ledger) is not ours', () => {
    const theirs = ownedDirName(root, PREFIX);
    fs.mkdirSync(theirs);
    fs.chownSync(theirs, 65534, 65534);
    expect(madeButUnmarked(theirs, PREFIX)).toBe(false);
    expect(notOwnedReason(theirs, PREFIX, MARKER)).toBe(`has no ${MARKER} marker`);
  });

  it('a marker that is not a file (a directory of that name) is no marker, also in an otherwise recorded name', () => {
    const dir = ownedDirName(root, PREFIX);
    fs.mkdirSync(dir);
    fs.mkdirSync(path.join(dir, MARKER));
    expect(notOwnedReason(dir, PREFIX, MARKER)).toBe(`has no ${MARKER} marker`);
  });

  it.runIf(asRoot)("with a marker uid (a ledger record's), a marker of another uid, or not a file, is refused", () => {
    const dir = ownedDirName(root, PREFIX);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, MARKER), '{}');
    const mine = process.getuid?.() as number;
    expect(notOwnedReason(dir, PREFIX, MARKER, mine)).toBeNull();
    fs.chownSync(path.join(dir, MARKER), 65534, 65534);
    expect(notOwnedReason(dir, PREFIX, MARKER)).toBeNull();
    expect(notOwnedReason(dir, PREFIX, MARKER, mine)).toBe(`its ${MARKER} marker is not a file of uid ${mine}`);
    fs.rmSync(path.join(dir, MARKER));
    fs.mkdirSync(path.join(dir, MARKER));
    expect(notOwnedReason(dir, PREFIX, MARKER, mine)).toBe(`its ${MARKER} marker is not a file of uid ${mine}`);
    // Without its marker and empty, recorded before it was made: the record's to remove, whatever uid is asked.
    fs.rmdirSync(path.join(dir, MARKER));
    expect(notOwnedReason(dir, PREFIX, MARKER, mine)).toBeNull();
  });
});
