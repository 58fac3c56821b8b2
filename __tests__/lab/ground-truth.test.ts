import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstIntervention, checkVerdict, interventionAnswer, profileFacts, type ProfileFacts } from '../../src/lab/ground-truth.js';
import { meanTiming, type Intervention, type PlainTiming } from '../../src/lab/intervention.js';
import type { Resource } from '../../src/lab/scenario-specs.js';
import { repoRoot } from '../helpers/tree.js';

const t = (onDiskMs: number): PlainTiming => ({ restoreMs: onDiskMs * 0.8, onDiskMs, preFlushMs: 0 });
const intervention = (baseMs: number, relaxed: [Resource, number][]): Intervention => ({
  scenario: 'x',
  base: t(baseMs),
  baseRuns: [t(baseMs)],
  relaxed: relaxed.map(([resource, ms]) => ({ resource, timing: t(ms), runs: [t(ms), t(ms)] })),
});
const facts = (bottleneck: string, whatIf: [string, number][], totalMs: number): ProfileFacts => ({
  bottleneck,
  whatIf: whatIf.map(([resource, restoreLowerBoundMs]) => ({ resource, restoreLowerBoundMs })),
  totalMs,
});

describe('interventionAnswer / checkVerdict', () => {
  it('names the relaxation that saved the most once it saved at least 10 %', () => {
    const a = interventionAnswer(
      intervention(10_000, [
        ['disk-bandwidth', 7_000],
        ['disk-iops', 9_500],
      ]),
    );
    expect(a.best).toBe('disk-bandwidth');
    expect(a.accepted).toEqual(['disk-bandwidth']);
    expect(checkVerdict('disk-bandwidth', a).right).toBe(true);
    expect(checkVerdict('disk-iops', a)).toEqual({ right: false, expected: 'disk-bandwidth' });
    expect(checkVerdict('none', a).right).toBe(false);
    expect(checkVerdict('inconclusive', a).right).toBe(false);
    // A resource the lab did not control cannot be the answer when a controlled one saved ≥ 10 %.
    expect(checkVerdict('cpu', a).right).toBe(false);
  });

  it('accepts either of two relaxations whose savings lie within the 5 % noise of each other', () => {
    const a = interventionAnswer(
      intervention(10_000, [
        ['disk-bandwidth', 7_400],
        ['disk-iops', 7_000],
      ]),
    );
    expect(a.best).toBe('disk-iops');
    expect(a.accepted).toEqual(['disk-bandwidth', 'disk-iops']);
    expect(checkVerdict('disk-bandwidth', a).right).toBe(true);
  });

  it('accepts any verdict when no relaxation saved 10 %, and says which saved most', () => {
    const a = interventionAnswer(intervention(10_000, [['disk-bandwidth', 9_200]]));
    expect(a.best).toBeNull();
    for (const v of ['none', 'inconclusive', 'cpu', 'disk-bandwidth']) expect(checkVerdict(v, a).right).toBe(true);
    expect(checkVerdict('none', a).expected).toBe('any: no 2× relaxation saved ≥ 10% (best: disk-bandwidth 8%)');
    expect(checkVerdict('none', interventionAnswer(intervention(10_000, []))).expected).toMatch(/nothing controlled/);
  });
});

describe('checkAgainstIntervention', () => {
  const i = intervention(10_000, [
    ['disk-bandwidth', 6_000],
    ['disk-iops', 9_800],
  ]);

  it('passes a what-if that is a lower bound within 5 % and at least 80 % tight', () => {
    const c = checkAgainstIntervention(
      facts(
        'disk-bandwidth',
        [
          ['disk-bandwidth', 5_500],
          ['disk-iops', 9_000],
        ],
        10_400,
      ),
      i,
    );
    expect(c.verdict).toMatchObject({ right: true, got: 'disk-bandwidth' });
    expect(c.whatIfs.map((w) => [w.resource, w.isLowerBound, w.tight])).toEqual([
      ['disk-bandwidth', true, true],
      ['disk-iops', true, true],
    ]);
    expect(c.total).toMatchObject({ profileMs: 10_400, plainMs: 10_000, within: true });
    expect(c.total.difference).toBeCloseTo(0.04);
  });

  it('fails a what-if above the measured time (beyond noise), one too loose, one missing, and a total off by more than 10 %', () => {
    const c = checkAgainstIntervention(facts('disk-bandwidth', [['disk-bandwidth', 6_400]], 11_200), i);
    expect(c.whatIfs[0]).toMatchObject({ resource: 'disk-bandwidth', isLowerBound: false, tight: true });
    expect(c.whatIfs[1]).toMatchObject({ resource: 'disk-iops', lowerBoundMs: null, isLowerBound: false, tight: false });
    expect(c.total.within).toBe(false);
    const loose = checkAgainstIntervention(facts('disk-bandwidth', [['disk-bandwidth', 4_000]], 10_000), i);
    expect(loose.whatIfs[0]).toMatchObject({ isLowerBound: true, tight: false });
  });

  it("reads each disk resource's own what-if", () => {
    const c = checkAgainstIntervention(
      facts(
        'disk-bandwidth',
        [
          ['disk-bandwidth', 5_900],
          ['disk-iops', 9_800],
        ],
        10_000,
      ),
      i,
    );
    expect(c.whatIfs.map((w) => w.lowerBoundMs)).toEqual([5_900, 9_800]);
  });
});

describe('meanTiming', () => {
  it('averages the base runs timed before and after the relaxed ones', () => {
    expect(meanTiming([t(1_000), t(3_000)])).toEqual({ restoreMs: 1_600, onDiskMs: 2_000, preFlushMs: 0 });
  });
});

describe('profileFacts', () => {
  it('sums every phase of a recorded lab profile (restore + writeback)', () => {
    // fixtures/profiles/lab-disk-bandwidth.json: recorded by `disk-profiler lab disk-bandwidth --record` (see its README).
    const profile = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/profiles/lab-disk-bandwidth.json'), 'utf8'));
    const f = profileFacts(profile);
    const phases = profile.phases as { name: string; startMs: number; endMs: number }[];
    expect(phases.map((p) => p.name)).toContain('writeback');
    expect(f.totalMs).toBeCloseTo(
      phases.reduce((s, p) => s + p.endMs - p.startMs, 0),
      6,
    );
    expect(f.totalMs).toBeGreaterThan(profile.restore.restoreMs);
    expect(f.bottleneck).toBe(profile.verdict.bottleneck);
  });
});
