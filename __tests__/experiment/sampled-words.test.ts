// A saving measured on samples of the archive, as the profile records it and the report says it: the
// box and the measured-fixes table name the sample's share and the saving's range, the same words in both.
import { describe, expect, it } from 'vitest';
import { checkAgainstVerdict } from '../../src/experiment/against-verdict.js';
import { fixBest } from '../../src/experiment/outcomes.js';
import { sampledOutcomes } from '../../src/experiment/sampled-outcomes.js';
import type { ExperimentsResult, RunRecord } from '../../src/experiment/types.js';
import { judgeProfile } from '../../src/judge/judge.js';
import type { ArchiveSampleSize, Profile } from '../../src/profile/schema.js';
import { experimentsErrors, profileErrors, validateProfile } from '../../src/profile/validate.js';
import { rememberedExperiments } from '../../src/remember/fixes.js';
import { fixesSection } from '../../src/report/fixes-section.js';
import { headline, headlineInputOf } from '../../src/report/headline.js';
import { MiB } from '../../src/util/units.js';
import { loadFixture } from '../judge/fixture-tools.js';

const run = (alternative: RunRecord['alternative'], ms: number, sample: 'large' | 'small'): RunRecord => ({
  alternative,
  mountPoint: alternative === 'baseline' ? '/' : null,
  stepMs: ms,
  syncMs: 0,
  untilOnDiskMs: ms,
  sample,
});
const size = (name: 'large' | 'small', every: number, entryShare: number, byteShare: number): ArchiveSampleSize => ({
  name,
  every,
  entries: 20_000,
  keptEntries: Math.round(20_000 * entryShare),
  entryShare,
  bytes: 600 * MiB,
  keptBytes: Math.round(600 * MiB * byteShare),
  byteShare,
  directories: 900,
  droppedHardLinks: 0,
  archiveBytes: 10 * MiB,
});

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
    const check = checkAgainstVerdict(verdict, profile.phases, e, download ? download.endMs - download.startMs : null);
    const todo = headline(headlineInputOf(profile, verdict, check)).todo;
    const words = /measured on a sample of 13% of the files \(12% of bytes\), ± \d+(\.\d+)? s/;
    expect(todo.kind).toBe('measured-fix');
    expect(todo.text).toMatch(words);
    const section = fixesSection(profile, verdict);
    expect(section).toMatch(words);
    expect(section).toContain('Full runs did not fit the budget (fetching the archive again (~3 s) and one baseline run (~85 s) do not fit the 60 s budget)');
    expect(section).toContain('a second sample of 3.1% of the files (3.3% of bytes)');
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
