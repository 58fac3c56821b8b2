import { describe, expect, it } from 'vitest';
import { compareProfiles } from '../../src/compare/compare.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import type { ExperimentsResult } from '../../src/experiment/types.js';
import { loadFixture } from '../judge/fixture-tools.js';

function withFix(name: string, label: string, fix: ExperimentsResult['fixBest'] | null) {
  const profile = loadFixture(name);
  profile.label = label;
  if (fix) {
    profile.experiments = {
      status: 'ran',
      budgetMs: 60_000,
      wallMs: 20_000,
      refetch: null,
      runs: [],
      skipped: [],
      fixBest: fix,
      outcomes: [
        {
          alternative: 'baseline',
          mountPoint: '/',
          timeMs: { median: 5000, min: 5000, max: 5000, runs: 1, spreadPercent: 0 },
          writebackLeftMs: null,
          savingMs: null,
          savingShare: null,
          apply: '',
          failedRuns: 0,
        },
      ],
    };
  }
  return { source: `${label}.json`, profile };
}

describe("compare: each runner's best measured fix", () => {
  const comparison = compareProfiles([
    withFix('lab-disk-bandwidth.json', 'slow-disk', { alternative: 'other-disk', mountPoint: '/mnt', savingMs: 3000 }),
    withFix('lab-disk-bandwidth.json', 'slow-disk', { alternative: 'other-disk', mountPoint: '/mnt', savingMs: 3400 }),
    withFix('lab-disk-bandwidth.json', 'slow-disk', { alternative: 'ram', mountPoint: null, savingMs: 3600 }),
    withFix('lab-cpu.json', 'slow-cpu', { alternative: 'none', mountPoint: null, savingMs: 100 }),
    withFix('lab-baseline.json', 'old', null),
  ]);
  const by = (label: string) => comparison.runners.find((r) => r.label === label)!;

  it('takes the most frequent fix and its median saving', () => {
    expect(by('slow-disk').bestFix).toEqual({
      fix: 'other-disk /mnt',
      savingMs: { median: 3200, min: 3000, max: 3400, runs: 2, spreadPercent: 12.5 },
      runs: 2,
      of: 3,
    });
    expect(by('slow-cpu').bestFix).toEqual({ fix: 'none', savingMs: null, runs: 1, of: 1 });
    expect(by('old').bestFix).toBeNull();
  });

  it('shows it in the table', () => {
    const md = renderComparison(comparison);
    expect(md).toContain('Best fix (measured) |');
    expect(md).toContain('| other-disk /mnt (−3.20 s) <sub>2/3 runs</sub> |');
    expect(md).toMatch(/\| none \|\n/);
  });
});
