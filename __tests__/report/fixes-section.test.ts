import { describe, expect, it } from 'vitest';
import { experimentsAccount } from '../../src/experiment/account.js';
import { fixesSection } from '../../src/report/fixes-section.js';
import { renderProfile } from '../../src/report/render.js';
import { experimentOutputs } from '../../src/experiment/outputs.js';
import { fixBest, outcomes } from '../../src/experiment/outcomes.js';
import type { ExperimentsResult, RunRecord } from '../../src/experiment/types.js';
import { judgeProfile } from '../../src/judge/judge.js';
import { pageCachePredictionOf } from '../../src/experiment/page-cache-prediction.js';
import { loadFixture } from '../judge/fixture-tools.js';

const run = (alternative: RunRecord['alternative'], mountPoint: string | null, stepMs: number, syncMs: number): RunRecord => ({
  alternative,
  mountPoint,
  stepMs,
  syncMs,
  untilOnDiskMs: stepMs + syncMs,
});

function experiments(runs: RunRecord[]): ExperimentsResult {
  const all = outcomes(runs, { paths: ['node_modules'], extractedBytes: 130 * 1024 * 1024 });
  return {
    status: 'ran',
    budgetMs: 60_000,
    wallMs: 21_000,
    refetch: { durationMs: 1_200, bytes: 12_000_000, where: 'RAM (tmpfs)', inRam: true },
    outcomes: all,
    runs,
    skipped: [
      {
        alternative: 'other-disk',
        mountPoint: null,
        reason: 'no-such-file-system',
        detail: 'no other local, block-backed, writable file system is mounted (of 12 other mounts)',
      },
    ],
    fixBest: fixBest(all),
  };
}

describe('Measured fixes section', () => {
  // The lab's throttled-disk recording, with experiments as a 40 MiB/s disk would give them.
  const profile = loadFixture('lab-disk-bandwidth.json');
  profile.experiments = experiments([
    run('baseline', '/lab', 3000, 1200),
    run('ram', null, 900, 5),
    run('decompress', null, 400, 0),
    run('page-cache', '/lab', 1000, 3100),
    run('baseline', '/lab', 3200, 1100),
    run('ram', null, 950, 5),
    run('decompress', null, 420, 0),
    run('page-cache', '/lab', 1050, 3000),
  ]);
  const verdict = judgeProfile(profile);
  const section = fixesSection(profile, verdict);

  it('a row per alternative: median, spread, runs, saving, how to apply it', () => {
    expect(section).toContain('### Measured fixes');
    expect(section).toMatch(/\| baseline: the extraction as the restore ran it \| 4.25 s ±1% \| 2 \| – \| The restore as it is\. \|/);
    expect(section).toMatch(
      /\| ram: into a tmpfs \(the disk taken out\) \| 0.93 s ±3% \| 2 \| 3.32 s \(78%\) \| a tmpfs on each restore path, in a step before the restore step: `mkdir -p node_modules && sudo mount/,
    );
    expect(section).toContain('1.02 s ±2% step, + 3.05 s of writeback left to later steps');
    expect(section).toContain('sudo sysctl -w vm.dirty_bytes=');
    expect(section).toContain('Best fix: **ram**, 3.32 s saved.');
    // What was skipped is said once, in the experiments line at the top, not again here.
    expect(section).not.toContain('Skipped');
    expect(renderProfile(profile).markdown).toContain(
      'Experiments: ran baseline ×2, ram ×2, decompress ×2, page-cache ×2. Skipped other-disk (no-such-file-system: no other local',
    );
  });

  it('holds the experiments against the verdict in one line', () => {
    expect(section.split('\n\n')[1]).toMatch(
      /^\*\*(Taking the disk out saved 3.32 s(,| of) (all of )?the [\d.]+ s the verdict put on it\.|The verdict said disk, but .*)\*\*$/,
    );
  });

  it('gives the best fix in the What to do box, and the table behind <details>', () => {
    const md = renderProfile(profile).markdown;
    const box = md.indexOf('> **What to do:** Restore into a RAM disk: measured 3.32 s (78%)');
    expect(box).toBeGreaterThan(0);
    expect(md).toContain(
      '> - name: RAM disks for the cache paths\n>   run: |\n>     mkdir -p node_modules\n>     sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs node_modules\n',
    );
    expect(md.indexOf('<details><summary>Measured fixes')).toBeGreaterThan(box);
  });

  it('outputs', () => {
    expect(experimentOutputs(profile.experiments)).toEqual({
      'experiment-baseline-seconds': '4.250',
      'experiment-ram-seconds': '0.930',
      'experiment-decompress-seconds': '0.410',
      'experiment-page-cache-seconds': '1.025',
      'experiment-other-disk-seconds': '',
      'experiment-other-disk-path': '',
      'fix-best': 'ram',
      'fix-best-saving-seconds': '3.320',
    });
  });

  it('a CPU time column where the runs recorded it', () => {
    const p = loadFixture('lab-disk-bandwidth.json');
    const withCpu = (r: RunRecord, cpuMs: number | null): RunRecord => ({ ...r, cpuMs });
    p.experiments = experiments([
      withCpu(run('baseline', '/lab', 3000, 1200), 2100),
      withCpu(run('ram', null, 900, 5), 1320),
      withCpu(run('decompress', null, 400, 0), null),
    ]);
    const s = fixesSection(p, judgeProfile(p));
    expect(s).toContain('| Alternative | Until on disk (median) | CPU time (median) | Runs | Saving vs baseline | How to apply it |');
    expect(s).toMatch(/\| baseline: the extraction as the restore ran it \| 4.2 s \| 2.1 s \| 1 \| – \|/);
    expect(s).toMatch(/\| ram: into a tmpfs \(the disk taken out\) \| 0.905 s \| 1.32 s \| 1 \|/);
    expect(s).toMatch(/\| decompress: to \/dev\/null \(the floor\) \| 0.4 s \| – \| 1 \|/);
    expect(s).toContain('(CPU time: tar and its decompressor, user + system)');
    // Without CPU times (older profiles) the table is as it was.
    expect(section).not.toContain('CPU time');
  });

  it('the page-cache row says the step the profile predicted', () => {
    const p = loadFixture('lab-disk-bandwidth.json');
    p.experiments = {
      ...experiments([run('baseline', '/lab', 3000, 1200), run('page-cache', '/lab', 1000, 3100)]),
      pageCachePrediction: { stepMs: 410, basis: { comm: 'unzstd', cores: 0.128, extractMs: 3200 } },
    };
    expect(fixesSection(p, judgeProfile(p))).toContain('| 1 s step, + 3.1 s of writeback left to later steps; the profile predicted 0.41 s |');
  });

  it('a page-cache skipped because the budget in force already holds the restore: said, no prediction', () => {
    const p = loadFixture('lab-disk-bandwidth.json');
    const detail =
      'the page cache already holds the restore: vm.dirty_* allow 4.6 GiB (background writeback from 2.3 GiB), the restore is 130 MiB; raising them changes nothing here';
    const e = experiments([run('baseline', '/lab', 3000, 1200), run('ram', null, 900, 5)]);
    p.experiments = { ...e, skipped: [...e.skipped, { alternative: 'page-cache', mountPoint: null, reason: 'already-fits', detail }] };
    p.experiments.pageCachePrediction = pageCachePredictionOf(p);
    expect(p.experiments.pageCachePrediction).toBeNull();
    const s = fixesSection(p, judgeProfile(p));
    expect(experimentsAccount(p)?.sentence).toContain(`page-cache (already-fits: ${detail})`);
    expect(s).not.toContain('the profile predicted');
  });

  it('says why nothing ran', () => {
    const p = loadFixture('lab-disk-bandwidth.json');
    p.experiments = { ...experiments([]), status: 'skipped', reason: 'no cache entry matched, so there is no archive to experiment on', refetch: null };
    expect(fixesSection(p, judgeProfile(p))).toBe('');
    expect(experimentsAccount(p)?.sentence).toBe('Experiments: none ran: no cache entry matched, so there is no archive to experiment on.');
  });
});
