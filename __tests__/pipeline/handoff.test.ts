// What main read (the history, the fixes), handed to the post step in a file of the profile's directory
// (src/pipeline/handoff.ts): read back as written, the file removed once taken, and anything else taken as
// nothing handed (the post step then reads the document itself).
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadedHistory } from '../../src/history/store.js';
import { handToPost, takeHanded } from '../../src/pipeline/handoff.js';
import { historyRunOf } from '../../src/history/history.js';
import { removeDirs } from '../helpers/tree.js';
import type { FixMeasuredAgainst } from '../../src/judge/auto-rules.js';
import type { Profile } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';
import type { RememberedFixes } from '../../src/remember/fixes.js';

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
    const file = handToPost(path.join(dir, 'state'), 'history', loaded);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(takeHanded('history', file)).toEqual(loaded);
    expect(existsSync(file)).toBe(false);
  });

  it('is none when there is no file, or it holds something else (removed all the same)', () => {
    expect(takeHanded('history', '')).toBeNull();
    expect(takeHanded('history', path.join(dir, 'missing.json'))).toBeNull();
    const others: [string, string][] = [
      ['not-json', '{'],
      ['no-runs', '{"restoredKey":null,"notes":[]}'],
      ['bad-key', '{"earlier":[],"restoredKey":3,"notes":[]}'],
    ];
    for (const [name, text] of others) {
      const file = path.join(dir, `${name}.json`);
      writeFileSync(file, text);
      expect(takeHanded('history', file), name).toBeNull();
      expect(existsSync(file), name).toBe(false);
    }
  });

  it('drops runs without their identity, as the history store does', () => {
    const file = path.join(dir, 'partial.json');
    writeFileSync(file, JSON.stringify({ earlier: [run, { runId: 8 }, null], restoredKey: null, notes: ['kept', 3] }));
    expect(takeHanded('history', file)).toEqual({ earlier: [run], restoredKey: null, notes: ['kept'] });
  });
});

describe('the fixes handed to the post step', () => {
  const recorded = validateProfile(JSON.parse(readFileSync(new URL('../../fixtures/experiments/lab-disk-iops-steps.json', import.meta.url), 'utf8')));
  const against: FixMeasuredAgainst = {
    measuredOn: { runId: '301', runAttempt: '1', measuredAt: new Date(0).toISOString(), fingerprintId: 'abcdef012345', cacheKey: 'disk-profiler-fixes-x-301' },
    archiveBytes: 1_000_000,
    files: 1000,
    untilDurableMs: 15_000,
    bottleneck: 'disk-iops',
    experiments: ['ram'],
  };
  const measured: RememberedFixes = { found: true, against, experiments: recorded.experiments as NonNullable<Profile['experiments']> };
  const nothing: RememberedFixes = { found: false, reason: 'run 301 judged this cache network', nothingToMeasure: against };

  it('are read back as main read them, measured or not', () => {
    for (const fixes of [measured, nothing, { found: false, reason: 'no entry under x' } as const]) {
      const file = handToPost(path.join(dir, 'state'), 'fixes', fixes);
      expect(takeHanded('fixes', file)).toEqual(fixes);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('are none when damaged: an experiment this version does not know, or what they were measured against lost', () => {
    const unknownExperiment = structuredClone(measured) as Extract<RememberedFixes, { found: true }>;
    unknownExperiment.against.experiments = ['tmpfs' as never];
    const noKey = structuredClone(nothing) as Extract<RememberedFixes, { found: false }>;
    delete ((noKey.nothingToMeasure as FixMeasuredAgainst).measuredOn as Partial<FixMeasuredAgainst['measuredOn']>).cacheKey;
    const badOutcomes = { ...measured, experiments: { ...measured.experiments, outcomes: 'none' } };
    for (const [name, value] of [
      ['unknown experiment', unknownExperiment],
      ['no cache key', noKey],
      ['outcomes not a list', badOutcomes],
      ['no reason', { found: false }],
    ] as const) {
      const file = path.join(dir, `fixes-${name.replace(/ /g, '-')}.json`);
      writeFileSync(file, JSON.stringify(value));
      expect(takeHanded('fixes', file), name).toBeNull();
    }
  });
});
