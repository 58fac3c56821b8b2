// The headline and the "What to do" box on recordings where the experiments agree with the verdict and
// where they contradict it (fixtures/experiments: real lab runs with the default experiments), and on
// recordings without experiments (fixtures/profiles), where the what-if is all there is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { HEADLINE_MAX_WORDS, type HeadlineInput, headline, headlineInputOf, NOT_CONFIRMED, wordCount } from '../../src/report/headline.js';
import { judgeProfile } from '../../src/judge/judge.js';
import type { Profile } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';
import { fixtureNames, loadFixture, loadFixtureWithDownload } from '../judge/fixture-tools.js';

function loadExperiment(name: string): Profile {
  return validateProfile(JSON.parse(readFileSync(new URL(`../../fixtures/experiments/${name}`, import.meta.url), 'utf8')));
}

function inputOf(profile: Profile): HeadlineInput {
  const verdict = judgeProfile(profile);
  const e = profile.experiments;
  const download = profile.phases.find((p) => p.name === 'download');
  const check = e ? checkExperiments(verdict, profile.phases, e, download ? download.endMs - download.startMs : null) : null;
  return headlineInputOf(profile, verdict, check);
}

type Outcome = NonNullable<Profile['experiments']>['outcomes'][number];
function outcome(profile: Profile, alternative: Outcome['alternative']): Outcome {
  const o = profile.experiments?.outcomes.find((x) => x.alternative === alternative);
  if (!o) throw new Error(`no ${alternative} outcome`);
  return o;
}

describe('headline and What to do', () => {
  it('experiments agree (40 MiB/s disk, RAM saved 91%): the verdict, confirmed by the measurement; the best fix with its line', () => {
    const recorded = loadExperiment('lab-disk-bandwidth.json');
    const input = inputOf(recorded);
    expect(input.verdict.bottleneck).toBe('disk-bandwidth');
    expect(input.check?.agrees).toBe(true);
    const h = headline(input);
    expect(h.basis).toBe('verdict-measured');
    expect(h.text).toMatch(
      /^Disk-bound \(bandwidth\): extraction and the writeback tail took \d+% of the 3\.48 s until the files were on disk; RAM saved 91%, measured\.$/,
    );
    expect(h.todo.kind).toBe('measured-fix');
    expect(h.todo.text).toMatch(
      /^Restore into a RAM disk: measured [\d.]+ s \(\d+%\) off the extraction until the files were on disk, median of 2 runs on this runner\.$/,
    );
    // Its fixes re-derived with today's code (fixtures/experiments/rederive-fixes.ts): the step the ram outcome carries.
    expect(h.todo.pastes.map((p) => p.yaml)).toEqual([outcome(recorded, 'ram').fix?.yaml]);
  });

  it('a recording made before fixes were written as steps (no outcome.fix): no command, rather than a guess at it', () => {
    const profile = loadExperiment('lab-disk-bandwidth.json');
    for (const o of profile.experiments?.outcomes ?? []) delete o.fix;
    const h = headline(inputOf(profile));
    expect(h.todo.pastes).toEqual([]);
    expect(h.todo.note).toBe('This profile was recorded before fixes were written as workflow steps: profile again for the step to paste.');
  });

  it('experiments contradict a CPU verdict without tar CPU times: the headline says so and why the measurement cannot overrule it', () => {
    // The lab's 0.3-core quota; RAM took 1.2 s against baseline runs of 3.1 s and 33 s.
    const input = inputOf(loadExperiment('lab-cpu.json'));
    expect(input.verdict.bottleneck).toBe('cpu');
    expect(input.check?.agrees).toBe(false);
    const h = headline(input);
    expect(h.basis).toBe('verdict-unchecked-cpu');
    // A noisy baseline (166% spread) gives the saving as a range: against the fastest baseline run, and the median.
    expect(h.text).toBe("CPU-bound by its counters, yet extracting into RAM saved 60–93%: file-system CPU work or the disk; tar's CPU time was not recorded.");
    expect(h.todo.kind).toBe('measured-fix');
    expect(h.todo.text).toMatch(/^Restore into a RAM disk: measured 1\.85–16\.8 s \(60–93%\)/);
  });

  it('experiments contradict a CPU verdict and tar needed as much CPU on RAM: the measurement overrules it (disk)', () => {
    const profile = loadExperiment('lab-cpu.json');
    const spread = { median: 3000, min: 3000, max: 3000, runs: 1, spreadPercent: 0 };
    outcome(profile, 'baseline').cpuMs = spread;
    outcome(profile, 'ram').cpuMs = spread;
    const input = inputOf(profile);
    expect(input.check?.agrees).toBe(false);
    const h = headline(input);
    expect(h.basis).toBe('measured-over-verdict');
    expect(h.names).toBe('disk');
    expect(h.text).toBe('Disk-bound, measured: extracting into RAM saved 60–93% (1.85–16.8 s), though the counters pointed at the CPU.');
  });

  it('experiments bear a CPU verdict out when RAM saved CPU work (tar needed far less CPU on RAM): the verdict stands', () => {
    const profile = loadExperiment('lab-cpu.json');
    outcome(profile, 'baseline').cpuMs = { median: 16000, min: 3000, max: 30000, runs: 2, spreadPercent: 170 };
    outcome(profile, 'ram').cpuMs = { median: 1000, min: 1000, max: 1000, runs: 1, spreadPercent: 0 };
    const input = inputOf(profile);
    expect(input.check?.agrees).toBe(true);
    const h = headline(input);
    expect(h.basis).toBe('verdict-measured');
    expect(h.text).toMatch(/^CPU-bound: extraction took \d+% of the 41\.7 s until the files were on disk\.$/);
  });

  it('experiments contradict a disk verdict (RAM saved 5%): the headline says the disk did not limit it; no fix, so the what-if', () => {
    const profile = loadExperiment('lab-disk-bandwidth.json');
    const e = profile.experiments!;
    const base = outcome(profile, 'baseline').timeMs.median;
    const ram = outcome(profile, 'ram');
    ram.timeMs = { median: base * 0.95, min: base * 0.95, max: base * 0.95, runs: 2, spreadPercent: 0 };
    ram.savingMs = base * 0.05;
    ram.savingShare = 0.05;
    e.outcomes = e.outcomes.filter((o) => o.alternative === 'baseline' || o.alternative === 'ram');
    e.fixBest = { alternative: 'none', mountPoint: null, savingMs: ram.savingMs };
    const input = inputOf(profile);
    expect(input.check?.agrees).toBe(false);
    const h = headline(input);
    expect(h.basis).toBe('measured-over-verdict');
    expect(h.names).toBe('not-disk');
    expect(h.text).toMatch(
      /^Disk-bound \(bandwidth\) by its counters, but RAM saved only 0\.\d+ s of the experiments' [\d.]+ s extraction: the disk is not confirmed\.$/,
    );
    expect(wordCount(h.text)).toBeLessThanOrEqual(HEADLINE_MAX_WORDS);
    expect(h.todo.text).toContain(NOT_CONFIRMED);
    expect(h.todo.kind).toBe('what-if');
    expect(h.todo.text).toMatch(/^No measured fix saved 10% of the extraction here\. Twice the disk's write bandwidth would save at most [\d.]+ s/);
  });

  it('without experiments: the what-if as an upper bound on the saving, and the input that measures the fixes', () => {
    const input = inputOf(loadFixture('lab-disk-iops.json'));
    const h = headline(input);
    expect(h.basis).toBe('verdict');
    expect(h.text).toBe('Disk-bound (IOPS): extraction took 98% of the 17.9 s until the files were on disk.');
    expect(h.todo.kind).toBe('what-if');
    const w = input.verdict.whatIf.find((x) => x.resource === 'disk-iops')!;
    const total = input.verdict.phases.reduce((s, p) => s + (p.durationMs ?? 0), 0);
    expect(h.todo.text).toContain(`would save at most ${((total - w.restoreLowerBoundMs) / 1000).toPrecision(3)} s`);
    // The estimated fix as a step covering both restore paths, and the input that measures it.
    expect(h.todo.pastes.map((p) => [p.kind, p.paths])).toEqual([
      ['step', ['node_modules/@azure', 'node_modules/typescript']],
      ['input', []],
    ]);
    expect(h.todo.pastes[1]?.yaml).toBe('experiments: ram, other-disk, page-cache');
  });

  it('uses the judge’s structured saving bound where it gives one (savingAtMostMs), not the sentence', () => {
    const input = inputOf(loadFixture('lab-disk-iops.json'));
    input.verdict.whatIf = input.verdict.whatIf.map((w) => ({ ...w, sentence: 'ignored', savingAtMostMs: 4200 }));
    expect(headline(input).todo.text).toContain('would save at most 4.2 s');
  });

  it('no resource near a limit: the longest phase and its share; a note, with the input that measures fixes', () => {
    const input = inputOf(loadFixture('lab-disk-iops.json'));
    input.verdict = { ...input.verdict, bottleneck: 'none', phases: input.verdict.phases.map((p) => ({ ...p, bottleneck: 'none' })) };
    const h = headline(input);
    expect(h.text).toBe('No bottleneck: extraction took 98% of the 17.9 s until the files were on disk.');
    expect(h.todo.kind).toBe('nothing');
    expect(h.todo.text).toBe('No resource was near its limit: nothing to relax.');
    expect(h.todo.pastes.map((p) => p.yaml)).toEqual(['experiments: default']);
  });

  it('a what-if the judge did not measure claims no figure; a two-sided one gives both bounds', () => {
    const input = inputOf(loadFixture('lab-disk-iops.json'));
    const unmeasured = { ...input, verdict: { ...input.verdict, whatIf: input.verdict.whatIf.map((w) => ({ ...w, measured: false })) } };
    expect(headline(unmeasured).todo.text).toMatch(/^How much twice the disk's write IOPS would save is not measured/);
    expect(headline(unmeasured).todo.text).not.toMatch(/\d s/);
    const twoSided = {
      ...input,
      verdict: { ...input.verdict, whatIf: input.verdict.whatIf.map((w) => ({ ...w, savingAtMostMs: 9000, savingAtLeastMs: 7000 })) },
    };
    expect(headline(twoSided).todo.text).toContain('would save 7 s to 9 s of the time until the files are on disk');
  });

  it('a download stall that took less time than the network it sat in does not lead, nor offer a setting (a timeline recorded against the real services)', () => {
    const profile = loadFixtureWithDownload('lab-network.json', 'sdk-hold');
    const input = inputOf(profile);
    expect(input.verdict.download?.limit).toBe('stall');
    expect(input.verdict.leads).toBeUndefined();
    const h = headline(input);
    expect(h.text).toMatch(/^Network-bound: /);
    expect(h.todo.pastes.map((p) => p.kind)).not.toContain('env');
  });

  it('a stall the judge puts first: how long and what share; the setting only where a normal segment finishes under it', () => {
    const profile = loadFixtureWithDownload('lab-network.json', 'sdk-hold');
    const input = inputOf(profile);
    const download = input.verdict.download;
    const stall = download?.stalls[0];
    if (!download || !stall) throw new Error('no stall');
    const leading = (normalSegmentMs: number): HeadlineInput => ({
      ...input,
      verdict: { ...input.verdict, leads: 'download-stall', download: { ...download, stalls: [{ ...stall, normalSegmentMs }] } },
    });
    // As recorded: the whole archive is one segment, 5.5 s at this rate; a ~3 s timeout would abort it.
    const harmful = headline(leading(stall.normalSegmentMs ?? 0));
    expect(harmful.text).toMatch(/^The download stalled for [\d.]+ s \(request #\d+\): \d+% of the [\d.]+ s until the files were on disk\.$/);
    expect(wordCount(harmful.text)).toBeLessThanOrEqual(HEADLINE_MAX_WORDS);
    expect(harmful.todo.pastes).toEqual([]);
    expect(harmful.todo.text).toMatch(/^No setting cuts this stall short safely/);
    // Segments a hundred times faster: the setting lets them finish with the margin, and is offered.
    const safe = headline(leading((stall.normalSegmentMs ?? 0) / 100));
    expect(safe.todo.text).toMatch(/^SEGMENT_DOWNLOAD_TIMEOUT_MINS=[\d.]+ or less \(10 in force\) would have cut this stall short/);
    expect(safe.todo.pastes.map((p) => p.kind)).toEqual(['env']);
    expect(safe.todo.pastes[0]?.yaml).toMatch(/^SEGMENT_DOWNLOAD_TIMEOUT_MINS: '[\d.]+'$/);
  });

  it("a stall the judge put first: the box says the judge's cut (RestoreDecision.stall), not one worked out again", () => {
    const profile = loadFixtureWithDownload('cpu-tar-zstd-vda.json', 'sdk-hold');
    const input = inputOf(profile);
    const decision = input.verdict.decision;
    expect(input.verdict.leads).toBe('download-stall');
    expect(decision?.stall?.cut).toBe('no-safe-segment-timeout');
    expect(headline(input).todo.text).toMatch(/^No setting cuts this stall short safely\. SEGMENT_DOWNLOAD_TIMEOUT_MINS=0\.052 \(10 in force\)/);
    // The same stall, the judge's cut said as safe with its own figures: the box follows the decision.
    const stall = { cut: 'segment-timeout', archiveBytes: null, requestTimeoutMs: 30_000, segmentTimeout: { cutMs: 120_000, inForceMs: 600_000 } } as const;
    const safe = headline({ ...input, verdict: { ...input.verdict, decision: decision && { ...decision, stall } } });
    expect(safe.todo.text).toMatch(/^SEGMENT_DOWNLOAD_TIMEOUT_MINS=2 or less \(10 in force\) would have cut this stall short/);
    expect(safe.todo.pastes[0]?.yaml).toBe("SEGMENT_DOWNLOAD_TIMEOUT_MINS: '2'");
  });

  it('a cache miss: nothing to judge, nothing to apply', () => {
    const profile = loadFixture('lab-disk-iops.json');
    profile.restore = { ...profile.restore!, cacheHit: false, matchedKey: null };
    profile.phases = [];
    const h = headline({ ...inputOf(profile), verdict: { bottleneck: 'inconclusive', sentence: 'x', phases: [], whatIf: [] } });
    expect(h.basis).toBe('no-restore');
    expect(h.text).toMatch(/^Cache miss/);
    expect(h.todo.kind).toBe('nothing');
  });

  for (const file of fixtureNames()) {
    it(`${file}: at most ${HEADLINE_MAX_WORDS} words, naming the verdict's share of the time`, () => {
      const h = headline(inputOf(loadFixture(file)));
      expect(wordCount(h.text)).toBeLessThanOrEqual(HEADLINE_MAX_WORDS);
      expect(h.text).toMatch(/ took \d+% of the [\d.]+ s (until the files were on disk|restore)/);
    });
  }
});
