// The history main read, handed to the post step in a file of the profile's directory (src/pipeline/history-handoff.ts):
// read back as written, the file removed once taken, and anything else taken as no history (the post step then reads it).
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadedHistory } from '../../src/history/store.js';
import { handHistoryToPost, takeHandedHistory } from '../../src/pipeline/history-handoff.js';
import { historyRunOf } from '../../src/history/history.js';
import { removeDirs } from '../helpers/tree.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-handoff-'));
afterAll(() => removeDirs(dir));

const run = historyRunOf({
  createdAt: new Date(0).toISOString(),
  runId: '7',
  runAttempt: '1',
  fingerprintId: 'abcdef012345',
  hardware: 'a test machine',
  phasesMs: { lookup: 10, download: 20, extract: 30, writeback: 40 },
  restoreOk: true,
  archiveBytes: 1000,
  bottleneck: 'disk-iops',
  ceilings: { seqWriteMiBps: null, randWriteIops: null },
});

describe('the history handed to the post step', () => {
  it('is read back as main read it, from an owner-only file the post step removes', () => {
    const loaded: LoadedHistory = { earlier: [run], restoredKey: 'disk-profiler-history-x-1', notes: ['a note'] };
    const file = handHistoryToPost(path.join(dir, 'state'), loaded);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(takeHandedHistory(file)).toEqual(loaded);
    expect(existsSync(file)).toBe(false);
  });

  it('is none when there is no file, or it holds something else (removed all the same)', () => {
    expect(takeHandedHistory('')).toBeNull();
    expect(takeHandedHistory(path.join(dir, 'missing.json'))).toBeNull();
    const others: [string, string][] = [
      ['not-json', '{'],
      ['no-runs', '{"restoredKey":null,"notes":[]}'],
      ['bad-key', '{"earlier":[],"restoredKey":3,"notes":[]}'],
    ];
    for (const [name, text] of others) {
      const file = path.join(dir, `${name}.json`);
      writeFileSync(file, text);
      expect(takeHandedHistory(file), name).toBeNull();
      expect(existsSync(file), name).toBe(false);
    }
  });

  it('drops runs without their identity, as the history store does', () => {
    const file = path.join(dir, 'partial.json');
    writeFileSync(file, JSON.stringify({ earlier: [run, { runId: 8 }, null], restoredKey: null, notes: ['kept', 3] }));
    expect(takeHandedHistory(file)).toEqual({ earlier: [run], restoredKey: null, notes: ['kept'] });
  });
});
