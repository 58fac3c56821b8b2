// The measured fixes of real lab recordings (fixtures/experiments/README.md): valid against the
// schema, judged against their verdicts, rendered, and given as outputs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/profile/schema.js';
import { profileErrors } from '../../src/profile/validate.js';
import { renderProfile } from '../../src/report/render.js';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { sayExperimentsCheck } from '../../src/report/say/experiments-check.js';
import { repoRoot } from '../helpers/tree.js';

const load = (name: string) => JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/experiments', name), 'utf8')) as Profile;
const download = (p: Profile) => {
  const d = p.phases.find((x) => x.name === 'download');
  return d ? d.endMs - d.startMs : null;
};

describe('recorded: a disk throttled to 40 MiB/s', () => {
  const p = load('lab-disk-bandwidth.json');
  const e = p.experiments!;

  it('is a valid profile whose experiments all ran twice', () => {
    expect(profileErrors(p)).toEqual([]);
    expect(e.status).toBe('ran');
    expect(e.outcomes.map((o) => [o.alternative, o.timeMs.runs])).toEqual([
      ['baseline', 2],
      ['ram', 2],
      ['decompress', 2],
      ['other-disk', 2],
      ['page-cache', 2],
    ]);
    expect(e.wallMs).toBeLessThanOrEqual(e.budgetMs);
  });

  it('taking the disk out bears the disk verdict out', () => {
    expect(p.verdict?.bottleneck).toBe('disk-bandwidth');
    const check = checkExperiments(p.verdict!, p.phases, e, download(p));
    expect(check.agrees).toBe(true);
    expect(sayExperimentsCheck(check)).toMatch(/^Taking the disk out saved 2.99 s/);
  });

  it('reports ram as the best fix, the VM disk as the other disk, and the page cache with its writeback left', () => {
    const { markdown, outputs } = renderProfile(p);
    expect(outputs['fix-best']).toBe('ram');
    expect(outputs['experiment-other-disk-path']).toBe('/');
    expect(Number(outputs['experiment-page-cache-seconds'])).toBeLessThan(Number(outputs['experiment-baseline-seconds']));
    expect(markdown).toMatch(/page-cache: vm.dirty_bytes raised to fit \| [\d.]+ s ±\d+% step, \+ [\d.]+ s of writeback left to later steps/);
    expect(markdown).toContain('other-disk: onto / |');
  });
});

describe('recorded: tar and zstd under a 0.3-core quota', () => {
  const p = load('lab-cpu.json');
  const e = p.experiments!;

  it('is a valid profile; the spread of its baseline runs is shown, not hidden', () => {
    expect(profileErrors(p)).toEqual([]);
    const baseline = e.outcomes.find((o) => o.alternative === 'baseline')!;
    expect(baseline.timeMs.runs).toBe(2);
    expect(baseline.timeMs.spreadPercent).toBeGreaterThan(100);
    expect(renderProfile(p).markdown).toMatch(/baseline: the extraction as the restore ran it \| [\d.]+ s ±\d{2,}% \| 2 \|/);
  });

  it('no other disk on this VM: skipped with the reason', () => {
    expect(e.skipped.map((s) => [s.alternative, s.reason])).toEqual([['other-disk', 'no-such-file-system']]);
  });
});
