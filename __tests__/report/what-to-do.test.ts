// The "What to do" box for each kind of fix, with one restore path and with several, on recordings
// (fixtures/profiles) given the experiments' outcomes as the stage computes them (outcomes.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateProfile } from '../../src/profile/validate.js';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { fixBest, outcomes } from '../../src/experiment/outcomes.js';
import type { ExperimentsResult, RunRecord } from '../../src/experiment/types.js';
import { WORTH_CHANGING, worthChanging } from '../../src/report/advice.js';
import { headline, headlineInputOf, NOT_CONFIRMED, type WhatToDo } from '../../src/report/headline.js';
import { judgeProfile } from '../../src/judge/judge.js';
import type { Profile } from '../../src/profile/schema.js';
import { renderProfile } from '../../src/report/render.js';
import { stepsInBox } from '../../tools/bench/box-step.js';
import { MiB } from '../../src/util/units.js';
import { loadFixture } from '../judge/fixture-tools.js';

const run = (alternative: RunRecord['alternative'], mountPoint: string | null, ms: number, syncMs = 0): RunRecord => ({
  alternative,
  mountPoint,
  stepMs: ms,
  syncMs,
  untilOnDiskMs: ms + syncMs,
});

function withExperiments(profile: Profile, paths: string[], runs: RunRecord[]): Profile {
  profile.config = { ...profile.config, paths };
  const all = outcomes(runs, { paths, extractedBytes: 85 * MiB, dirtyBudget: { dirtyBytes: 32 * MiB, backgroundBytes: 16 * MiB }, ramVia: 'own-tmpfs' });
  const e: ExperimentsResult = { status: 'ran', budgetMs: 60_000, wallMs: 20_000, refetch: null, outcomes: all, runs, skipped: [], fixBest: fixBest(all) };
  profile.experiments = e;
  return profile;
}

function todoOf(profile: Profile): WhatToDo {
  const verdict = judgeProfile(profile);
  const e = profile.experiments;
  const download = profile.phases.find((p) => p.name === 'download');
  const check = e && e.outcomes.length > 0 ? checkExperiments(verdict, profile.phases, e, download ? download.endMs - download.startMs : null) : null;
  return headline(headlineInputOf(profile, verdict, check)).todo;
}

const mountTargets = (yaml: string) => [...yaml.matchAll(/sudo mount .* (\S+)$/gm)].map((m) => m[1]);
const ONE = ['node_modules'];
const TWO = ['node_modules/@azure', 'node_modules/typescript'];

describe('What to do: a measured fix as the step to paste', () => {
  for (const paths of [ONE, TWO]) {
    it(`ram, ${paths.length} path(s): a tmpfs on every restore path, before the restore step`, () => {
      const todo = todoOf(withExperiments(loadFixture('lab-disk-bandwidth.json'), paths, [run('baseline', '/', 3000, 400), run('ram', null, 300)]));
      expect(todo.kind).toBe('measured-fix');
      expect(todo.text).toMatch(/^Restore into a RAM disk: measured 3\.1 s \(91%\)/);
      expect(todo.pastes).toHaveLength(1);
      const [step] = todo.pastes;
      expect(step?.kind).toBe('step');
      expect(step?.paths).toEqual(paths);
      expect(mountTargets(step?.yaml ?? '')).toEqual(paths);
      expect(step?.placement).toMatch(/before the restore step/);
      expect(step?.misplaced).toMatch(/hide the files it just restored/);
    });

    it(`other-disk, ${paths.length} path(s): a bind mount on every restore path from the other disk`, () => {
      const todo = todoOf(
        withExperiments(loadFixture('lab-disk-bandwidth.json'), paths, [run('baseline', '/', 3000, 400), run('other-disk', '/mnt', 900, 100)]),
      );
      expect(todo.text).toMatch(/^Restore onto another disk \(\/mnt\): measured/);
      expect(mountTargets(todo.pastes[0]?.yaml ?? '')).toEqual(paths);
      expect(todo.pastes[0]?.yaml).toContain('sudo mount --bind /mnt/cache-restore/1 ');
    });

    it(`page-cache, ${paths.length} path(s): one sysctl step, before the restore step`, () => {
      const todo = todoOf(withExperiments(loadFixture('lab-disk-bandwidth.json'), paths, [run('baseline', '/', 3000, 400), run('page-cache', '/', 500, 2900)]));
      expect(todo.text).toMatch(/^Let the page cache absorb the restore: measured/);
      expect(todo.pastes[0]?.yaml).toMatch(
        /^- name: Let the page cache hold the restore\n {2}run: \|\n {4}sudo sysctl -w vm\.dirty_bytes=\d+ vm\.dirty_background_bytes=\d+$/,
      );
      expect(todo.pastes[0]?.placement).toMatch(/before the restore step/);
    });
  }

  it('the rendered box: where it goes, then the YAML, then what goes wrong elsewhere; read back as a reader copies it', () => {
    const md = renderProfile(withExperiments(loadFixture('lab-disk-bandwidth.json'), TWO, [run('baseline', '/', 3000, 400), run('ram', null, 300)])).markdown;
    const steps = stepsInBox(md);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.placement).toBe('Add this step before the restore step (this action, or actions/cache).');
    expect(steps[0]?.script.split('\n')).toEqual([
      'mkdir -p node_modules/@azure node_modules/typescript',
      'sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs node_modules/@azure',
      'sudo mount -t tmpfs -o size=1G,uid=$(id -u),gid=$(id -g) tmpfs node_modules/typescript',
    ]);
    expect(md).toContain('> <sub>Placed after the restore step, the mounts would hide the files it just restored');
  });

  it('a measured saving under the threshold: fast, nothing to change, no step', () => {
    // 0.6 s saved of 3.4 s: 18%, but under a second.
    const todo = todoOf(withExperiments(loadFixture('lab-disk-bandwidth.json'), TWO, [run('baseline', '/', 3000, 400), run('ram', null, 2800)]));
    expect(todo.kind).toBe('fast');
    expect(todo.pastes).toEqual([]);
    expect(todo.text).toBe(
      // RAM saved under half of what the counters put on the disk: the box says what the headline says (issue 39).
      `Restore into a RAM disk saved 0.6 s (18%), measured: less than the ${WORTH_CHANGING.savingMs / 1000} s worth changing a workflow for. This restore is fast enough: nothing needs changing. Under half of what the counters put on the disk: ${NOT_CONFIRMED}.`,
    );
  });
});

describe('What to do on recordings made with the step (fixtures/experiments/*-steps.json)', () => {
  for (const name of ['lab-disk-bandwidth-steps.json', 'lab-cpu-steps.json']) {
    it(`${name}: the box pastes the very step the ram experiment ran under, a tmpfs on each of the two paths`, () => {
      const file = new URL(`../../fixtures/experiments/${name}`, import.meta.url);
      const profile = validateProfile(JSON.parse(readFileSync(file, 'utf8')));
      const ram = profile.experiments?.outcomes.find((o) => o.alternative === 'ram');
      expect(ram?.fix?.paths).toEqual(TWO);
      const todo = todoOf(profile);
      const baseline = profile.experiments?.outcomes.find((o) => o.alternative === 'baseline');
      // Re-recorded for issue 39: where RAM saved less than the threshold, the box says nothing needs changing and pastes nothing.
      if (profile.experiments?.fixBest.alternative !== 'ram' || !worthChanging(ram?.savingMs ?? 0, baseline?.timeMs.median ?? 0)) {
        expect(todo.kind).toBe('fast');
        expect(todo.pastes).toEqual([]);
        return;
      }
      expect(todo.kind).toBe('measured-fix');
      expect(todo.pastes[0]?.yaml).toBe(ram?.fix?.yaml);
      expect(mountTargets(todo.pastes[0]?.yaml ?? '')).toEqual(TWO);
    });
  }
});

describe('What to do without a measured fix', () => {
  it('disk-bound, several paths: the estimated fix as a step on every path, and the input that measures it', () => {
    const todo = todoOf(loadFixture('lab-disk-iops.json'));
    expect(todo.kind).toBe('what-if');
    expect(todo.pastes.map((p) => p.kind)).toEqual(['step', 'input']);
    expect(mountTargets(todo.pastes[0]?.yaml ?? '')).toEqual(TWO);
    expect(todo.text).toContain('(the step below, not measured here');
    expect(todo.pastes[1]).toMatchObject({ yaml: 'experiments: ram, other-disk, page-cache' });
  });

  it('disk-bound, one path: the same, on that path', () => {
    const p = loadFixture('lab-disk-iops.json');
    p.config = { ...p.config, paths: ONE };
    expect(mountTargets(todoOf(p).pastes[0]?.yaml ?? '')).toEqual(ONE);
  });

  it('disk-bound with a pattern among the paths: no step (none can cover a pattern), the input only', () => {
    const p = loadFixture('lab-disk-iops.json');
    p.config = { ...p.config, paths: ['**/node_modules'] };
    const todo = todoOf(p);
    expect(todo.pastes.map((x) => x.kind)).toEqual(['input']);
    expect(todo.text).not.toContain('step below');
  });

  it('network-bound: network fixes only, no disk step, no experiments', () => {
    const todo = todoOf(loadFixture('lab-network.json'));
    expect(todo.kind).toBe('what-if');
    expect(todo.pastes).toEqual([]);
    expect(todo.text).toContain('a runner nearer the cache service');
    expect(todo.text).toContain('download concurrency is not an input of actions/cache');
  });

  it('CPU-bound: no compression level offered; under the threshold, fast', () => {
    const todo = todoOf(loadFixture('lab-cpu.json'));
    expect(todo.text).not.toMatch(/cheaper compression/);
    // 2.07 s until on disk, twice the CPU at most ~0.9 s.
    expect(todo.kind).toBe('fast');
    expect(todo.pastes).toEqual([]);
    expect(todo.text).toMatch(
      /^The files were on disk in 2\.07 s; twice the CPU would save at most 0\.\d+ s, less than the 1 s worth changing a workflow for\. Nothing needs changing\.$/,
    );
  });

  it('a restore on disk in under a second with no resource named: fast, no experiments asked for', () => {
    const p = loadFixture('lab-hosted-page-cache.json');
    const verdict = judgeProfile(p);
    const input = { ...headlineInputOf(p, verdict, null), verdict: { ...verdict, bottleneck: 'inconclusive' as const } };
    const todo = headline(input).todo;
    expect(todo.kind).toBe('fast');
    expect(todo.pastes).toEqual([]);
    expect(todo.text).toBe('The files were on disk in 0.751 s: less than the 1 s worth changing a workflow for. Nothing needs changing.');
  });

  it('experiments that did not run: the input, with the reason said once for the run', () => {
    const p = loadFixture('lab-disk-iops.json');
    p.auto = { experiments: { run: false, reason: 'experiments: auto skipped them: the restore took 9 s until its files were on disk, under 10 s' } };
    const input = todoOf(p).pastes.find((x) => x.kind === 'input');
    expect(input?.placement).toContain('They did not run here: auto skipped them: the restore took 9 s');
  });
});
