// The line under the verdict: the step's time, the time until the files were on disk, and which
// of the two the verdict and the what-ifs are about.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { renderSummary } from '../../src/report/summary.js';
import { restoreSpansLine } from '../../src/report/restore-spans.js';
import { loadFixture } from '../judge/fixture-tools.js';

describe('restoreSpansLine', () => {
  it('says both times and which one the verdict is about', () => {
    const line = restoreSpansLine({ stepMs: 540, untilOnDiskMs: 3690, about: 'until-on-disk' });
    expect(line).toBe(
      'The step took 0.54 s (lookup + download + extraction: what the job waits for); the files were on disk after 3.69 s (3.15 s of writeback after tar exited, paid by the steps after it). The verdict and the what-ifs are about the time until the files were on disk.',
    );
  });

  it('without a tail the files were on disk when the step ended', () => {
    expect(restoreSpansLine({ stepMs: 1000, untilOnDiskMs: 1000, about: 'until-on-disk' })).toMatch(/the files were on disk when it ended/);
  });

  it('is empty for a verdict without the figures (one read back from an older profile)', () => {
    expect(restoreSpansLine({})).toBe('');
  });

  it('stands right under the phases table in the summary of a recording, on the first screen', () => {
    const p = loadFixture('lab-runner-16gib.json');
    const j = judgeInDetail(p);
    const md = renderSummary(p, j);
    const blocks = md.split('\n\n');
    const at = blocks.findIndex((b) => b.startsWith('<sub>The step took'));
    expect(blocks[at]).toMatch(/^<sub>The step took 0\.\d+ s .* on disk after 3\.69 s/);
    expect(blocks[at - 1]).toMatch(/^\| Phase \| Time \|/);
    expect(md.indexOf('<details>')).toBeGreaterThan(md.indexOf('<sub>The step took'));
  });
});
