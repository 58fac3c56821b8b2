// A saving measured on samples of the archive, as the profile records it and the report says it: the
// box and the measured-fixes table name the sample's share and the saving's range, the same words in both.
import { describe, expect, it } from 'vitest';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { fixBest } from '../../src/experiment/outcomes.js';
import { sampledOutcomes } from '../../src/experiment/sampled-outcomes.js';
import { pairedOutcomes } from '../../src/experiment/sample-pairs.js';
import { sampledSavingWords } from '../../src/experiment/sample-words.js';
import type { ExperimentsResult } from '../../src/experiment/types.js';
import { judgeProfile } from '../../src/judge/judge.js';
import type { Profile } from '../../src/profile/schema.js';
import { experimentsErrors, profileErrors, validateProfile } from '../../src/profile/validate.js';
import { rememberedExperiments } from '../../src/remember/fixes.js';
import { fixesSection } from '../../src/report/fixes-section.js';
import { headline, headlineInputOf } from '../../src/report/headline.js';
import { MiB } from '../../src/util/units.js';
import { sampleRun, sampleSize } from './sample-runs.js';
import { loadFixture } from '../judge/fixture-tools.js';

const run = sampleRun;
const size = (name: 'large' | 'small', every: number, entryShare: number, byteShare: number) =>
  sampleSize(name, every, entryShare, byteShare, { entries: 20_000, bytes: 600 * MiB, archiveBytes: 10 * MiB });

function sampledProfile(): Profile {
  const profile = loadFixture('lab-disk-bandwidth.json');
  profile.config = { ...profile.config, paths: ['node_modules'] };
  const large = size('large', 8, 0.125, 0.12);
  const small = size('small', 32, 0.031, 0.033);
  // A disk-bound restore: the baseline grows with the sample, RAM barely does.
  const small_ = [run('baseline', 3000, 'small'), run('baseline', 3200, 'small'), run('ram', 400, 'small'), run('ram', 420, 'small')];
  const large_ = [run('baseline', 11_000, 'large'), run('baseline', 11_600, 'large'), run('ram', 900, 'large'), run('ram', 950, 'large')];
  const all = sampledOutcomes(
    { small: { size: small, runs: small_ }, large: { size: large, runs: large_ } },
    { paths: ['node_modules'], extractedBytes: 600 * MiB, dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB }, ramVia: 'own-tmpfs' },
  );
  const e: ExperimentsResult = {
    status: 'ran',
    budgetMs: 60_000,
    wallMs: 55_000,
    refetch: { durationMs: 3000, bytes: 200 * MiB, where: 'RAM', inRam: true },
    outcomes: all,
    runs: [...small_, ...large_],
    skipped: [],
    fixBest: fixBest(all),
    sample: { why: 'fetching the archive again (~3 s) and one baseline run (~85 s) do not fit the 60 s budget', buildMs: 4000, sizes: [large, small] },
  };
  profile.experiments = e;
  return profile;
}

describe('a saving measured on a sample', () => {
  const profile = sampledProfile();
  const e = profile.experiments as ExperimentsResult;
  const ram = e.outcomes.find((o) => o.alternative === 'ram');

  it('the outcomes are the whole restore’s, extrapolated, with the range', () => {
    const base = e.outcomes.find((o) => o.alternative === 'baseline');
    // Far more than the larger sample took: extrapolated to the whole restore.
    expect(base?.timeMs.median).toBeGreaterThan(60_000);
    expect(ram?.savingMs).toBeGreaterThan(50_000);
    expect(ram?.sampled?.savingLowMs).toBeLessThan(ram?.savingMs as number);
    expect(ram?.sampled?.savingHighMs).toBeGreaterThan(ram?.savingMs as number);
    expect(e.fixBest.alternative).toBe('ram');
  });

  it('the profile records the sample and stays valid', () => {
    expect(profileErrors(JSON.parse(JSON.stringify(profile)))).toEqual([]);
    expect(validateProfile(JSON.parse(JSON.stringify(profile))).experiments?.sample?.sizes[0]?.entryShare).toBe(0.125);
  });

  it('the box and the table say it was measured on a sample, how big, and ± the range', () => {
    const verdict = judgeProfile(profile);
    const download = profile.phases.find((p) => p.name === 'download');
    const check = checkExperiments(verdict, profile.phases, e, download ? download.endMs - download.startMs : null);
    const todo = headline(headlineInputOf(profile, verdict, check)).todo;
    const words = /measured on a sample of 13% of the files \(12% of bytes\), ± \d+(\.\d+)? s/;
    expect(todo.kind).toBe('measured-fix');
    expect(todo.text).toMatch(words);
    const section = fixesSection(profile, verdict);
    expect(section).toMatch(words);
    expect(section).toContain('Full runs did not fit the budget (fetching the archive again (~3 s) and one baseline run (~85 s) do not fit the 60 s budget)');
    expect(section).toContain('A second sample of 3.1% of the files (3.3% of bytes)');
  });

  it('a remembered fix keeps that it was sampled, and the box of a later run still says so', () => {
    const measuredOn = { runId: '5151', runAttempt: '1', measuredAt: '2026-11-27T10:00:00Z', fingerprintId: 'eeeeeeeeeeee', cacheKey: 'k' };
    const against = {
      measuredOn,
      archiveBytes: 200 * MiB,
      files: 20_000,
      bottleneck: 'disk-bandwidth' as const,
      untilDurableMs: 85_000,
      experiments: ['ram' as const],
    };
    // As stored: the entry's experiments are read back through the same validation.
    expect(experimentsErrors(JSON.parse(JSON.stringify(e)))).toEqual([]);
    const later = rememberedExperiments({ against, experiments: JSON.parse(JSON.stringify(e)) });
    expect(later.sample).toEqual(e.sample);
    expect(later.outcomes.find((o) => o.alternative === 'ram')?.sampled).toEqual(ram?.sampled);
    const p = { ...profile, experiments: later };
    expect(fixesSection(p, judgeProfile(p))).toMatch(/measured on a sample of 13% of the files \(12% of bytes\), ± /);
  });
});

describe('scaled to the restore’s own time', () => {
  // The lab's slow disk-iops restore, bench run 1 at 8d1a390: the samples' line read the baseline at 62.6 s, full runs
  // measured 78.8 s (the restore itself 80.5 s until on disk); ram's share of the baseline saved held on both.
  const large = size('large', 13, 0.066, 0.064);
  const small = size('small', 52, 0.018, 0.016);
  const runs = {
    small: { size: small, runs: [run('baseline', 3900, 'small'), run('ram', 130, 'small')] },
    large: { size: large, runs: [run('baseline', 6870, 'large'), run('baseline', 6680, 'large'), run('ram', 110, 'large'), run('ram', 140, 'large')] },
  };
  const apply = {
    paths: ['node_modules'],
    extractedBytes: 600 * MiB,
    dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 8 * MiB },
    ramVia: 'own-tmpfs' as const,
  };

  it('the baseline is the restore’s extraction and tail, and a saving its share of it', () => {
    const line = sampledOutcomes(runs, apply);
    const scaled = sampledOutcomes(runs, apply, 79_000);
    const lineRam = line.find((o) => o.alternative === 'ram');
    const ram = scaled.find((o) => o.alternative === 'ram');
    expect(scaled.find((o) => o.alternative === 'baseline')?.timeMs.median).toBe(79_000);
    expect(ram?.sampled?.baselineFrom).toBe('restore');
    expect(lineRam?.sampled?.baselineFrom).toBeUndefined();
    // The same share saved, of the restore's time rather than of the line's.
    expect(ram?.savingShare).toBeCloseTo(lineRam?.savingShare as number, 6);
    expect(ram?.savingMs).toBeCloseTo(79_000 * (lineRam?.savingShare as number), 0);
    expect(ram?.sampled?.savingLowMs).toBeLessThanOrEqual(ram?.savingMs as number);
    expect(ram?.sampled?.savingHighMs).toBeGreaterThanOrEqual(ram?.savingMs as number);
    // Within 15 % of the full runs' 78.8 s, where the line's 62.5 s was not.
    expect(Math.abs((ram?.savingMs as number) - 78_780) / 78_780).toBeLessThan(0.15);
    expect(Math.abs((lineRam?.savingMs as number) - 78_780) / 78_780).toBeGreaterThan(0.15);
  });

  it('without the restore’s tail timed, both are extrapolated', () => {
    expect(sampledOutcomes(runs, apply, null).find((o) => o.alternative === 'baseline')?.timeMs.median).toBeLessThan(70_000);
  });
});

describe('read in pairs (a CPU-bound restore)', () => {
  // The 4.5 % sample's rounds of cpu-pairs.py (sample-pairs.test.ts), the restore 89.5 s until on disk.
  const base = [4295, 4637, 4040, 4325, 4444, 4639, 4146, 4132];
  const ramMs = [2657, 2854, 2779, 2956, 2982, 2793, 2861, 2995];
  const runs = base.flatMap((b, i) => [run('baseline', b, 'large'), run('ram', ramMs[i] as number, 'large')]);
  const apply = {
    paths: ['node_modules'],
    extractedBytes: 600 * MiB,
    dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB },
    ramVia: 'own-tmpfs' as const,
  };
  const profile = sampledProfile();
  const all = pairedOutcomes(runs, apply, 89_500);
  const e: ExperimentsResult = {
    ...(profile.experiments as ExperimentsResult),
    outcomes: all,
    runs,
    fixBest: fixBest(all),
    sample: { ...(profile.experiments?.sample as NonNullable<ExperimentsResult['sample']>), reading: 'pairs' },
  };
  profile.experiments = e;
  const ram = all.find((o) => o.alternative === 'ram') as NonNullable<(typeof all)[0]>;

  it('the profile records the reading, without a small sample’s times, and stays valid', () => {
    expect(profileErrors(JSON.parse(JSON.stringify(profile)))).toEqual([]);
    expect(validateProfile(JSON.parse(JSON.stringify(profile))).experiments?.sample?.reading).toBe('pairs');
    expect(ram.sampled?.smallSampleTimeMs).toBeUndefined();
  });

  it('the saving says how many rounds beside the baseline, and the table how the pairs were read', () => {
    expect(sampledSavingWords(e, ram)).toMatch(/^measured on a sample of 13% of the files \(12% of bytes\) in 8 rounds beside the baseline, ± \d+(\.\d+)? s$/);
    const section = fixesSection(profile, judgeProfile(profile));
    expect(section).toContain('in 8 rounds beside the baseline');
    expect(section).toContain('The CPU held the restore, so each alternative ran in rounds beside the baseline on this sample');
    expect(section).not.toContain('A second sample of');
  });
});
