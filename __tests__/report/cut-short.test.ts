// A probe the suite stopped at its deadline (src/probe/plan.ts) is said where the probe table is: the
// row of a real run's profile (fixtures/profiles/cpu-tar-zstd-vda.json) with the field the suite sets.
import { describe, expect, it } from 'vitest';
import { renderProfile } from '../../src/report/render.js';
import { validateProfile } from '../../src/profile/validate.js';
import { loadFixture } from '../judge/fixture-tools.js';

const rowOf = (markdown: string, pattern: string) => markdown.split('\n').find((l) => l.startsWith(`| ${pattern}`)) ?? '';

describe('a probe cut short at its deadline', () => {
  it('keeps its figures and says when it was stopped and how long fio measured', () => {
    const profile = loadFixture('cpu-tar-zstd-vda.json');
    const suite = profile.probes!;
    const probe = suite.probes.find((p) => p.name === 'rand-read' && !p.error)!;
    probe.cutShortAtMs = 27_400;
    validateProfile(JSON.parse(JSON.stringify(profile)));
    const row = rowOf(renderProfile(profile, { rejudge: true }).markdown, '4 KiB random reads, queue depth');
    expect(row).toContain(`| ${Math.round(probe.iops)} |`);
    expect(row).toContain(
      `cut short: still running at its deadline, 27.4 s into the ${suite.budgetMs! / 1000} s probe budget, so fio was stopped there after measuring ${Number((probe.runtimeMs / 1000).toFixed(1))} s`,
    );
  });

  it('without figures: says it was cut short, and the failure', () => {
    const profile = loadFixture('cpu-tar-zstd-vda.json');
    const probe = profile.probes!.probes.find((p) => p.name === 'seq-read')!;
    Object.assign(probe, {
      cutShortAtMs: 9_000,
      error: 'fio was still running at its deadline, was stopped after 2100 ms and wrote no figures',
      iops: 0,
      bytesPerSecond: 0,
    });
    const row = rowOf(renderProfile(profile, { rejudge: true }).markdown, '1 MiB sequential reads');
    expect(row).toMatch(
      /\| – \| – \| – \| cut short: still running at its deadline, 9 s into the .* probe budget, so fio was stopped there; failed: fio was still running/,
    );
  });
});
