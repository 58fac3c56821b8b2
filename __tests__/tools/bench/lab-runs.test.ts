import { describe, expect, it } from 'vitest';
import { estimateLabSeconds, labRows, type ScenarioRuns } from '../../../tools/bench/lab-runs.js';
import { labScenarios } from '../../../tools/cli/bench.js';
import { checkAgainstIntervention, type ProfileFacts } from '../../../tools/lab/ground-truth.js';
import type { Intervention } from '../../../tools/lab/intervention.js';
import { CI_LAB_SCENARIOS, LAB_SCENARIOS } from '../../../tools/lab/scenario-specs.js';

const timing = (onDiskMs: number) => ({ restoreMs: onDiskMs, onDiskMs, preFlushMs: 0 });
const cloud: Intervention = {
  scenario: 'cloud-volume',
  base: timing(10_000),
  baseRuns: [timing(9_500), timing(10_500)],
  relaxed: [
    { resource: 'disk-bandwidth', timing: timing(9_000), runs: [timing(8_800), timing(9_200)] },
    { resource: 'disk-iops', timing: timing(7_000), runs: [timing(7_100), timing(6_900)] },
  ],
};
const facts = (bottleneck: string, totalMs: number): ProfileFacts => ({
  bottleneck,
  whatIf: [
    { resource: 'disk-bandwidth', restoreLowerBoundMs: 8_000 },
    { resource: 'disk-iops', restoreLowerBoundMs: 6_500 },
  ],
  totalMs,
});

describe('labRows', () => {
  const runs: ScenarioRuns = {
    scenario: 'cloud-volume',
    resources: ['disk-bandwidth', 'disk-iops'],
    runs: [
      { check: checkAgainstIntervention(facts('disk-iops', 10_300), cloud), baseRuns: cloud.baseRuns, relaxed: cloud.relaxed, wallMs: 1 },
      { check: checkAgainstIntervention(facts('disk-bandwidth', 12_000), cloud), baseRuns: cloud.baseRuns, wallMs: 1 },
      { error: 'restore missed', wallMs: 1 },
    ],
  };
  const rows = labRows([runs]);

  it('gives one verdict row, one row per controlled resource and one total row per scenario', () => {
    expect(rows.map((r) => r.measure)).toEqual([
      'cloud-volume',
      'cloud-volume: disk-bandwidth ×2',
      'cloud-volume: disk-iops ×2',
      'cloud-volume: restore + writeback',
    ]);
  });

  it("counts right verdicts over all runs, a failed run included, and shows the intervention's answer", () => {
    expect(rows[0]?.result).toBe(
      '1/3 right (disk-iops ✓, disk-bandwidth ✗); intervention: disk-iops [disk-bandwidth ×2 -10%, disk-iops ×2 -30%; plain base 9.50/10.50, 9.50/10.50 s]; 1 run(s) failed: restore missed',
    );
    expect(rows[0]?.met).toBe(false);
  });

  it('compares each what-if with the measured doubled time, and the totals', () => {
    expect(rows[1]?.result).toBe('2/3 ok; lower bound 8.00 s vs measured 9.00 s (per run: 89%, 89%; measured runs 8.80/9.20 s)');
    expect(rows[2]?.result).toBe('2/3 ok; lower bound 6.50 s vs measured 7.00 s (per run: 93%, 93%; measured runs 7.10/6.90 s)');
    expect(rows[3]?.result).toBe('1/3 within; profile 11.15 s vs plain 10.00 s (per run: +3%, +20%)');
    expect(rows.every((r) => r.met === false)).toBe(true);
  });
});

describe('estimateLabSeconds', () => {
  it('grows with runs and with the relaxed variants a scenario needs', () => {
    const one = estimateLabSeconds(['disk-bandwidth'], 1);
    expect(estimateLabSeconds(['disk-bandwidth'], 3)).toBeCloseTo(3 * one);
    // The cloud volume has two controlled resources, baseline none.
    expect(estimateLabSeconds(['cloud-volume'], 1)).toBeGreaterThan(estimateLabSeconds(['baseline'], 1));
    // The earlier step's 1 GiB is flushed through the 40 MiB/s cap before each restore.
    expect(estimateLabSeconds(['earlier-dirty'], 1) - estimateLabSeconds(['runner-16gib'], 1)).toBeGreaterThan(3 * 25);
  });
});

describe('bench --scenarios', () => {
  it('defaults to every scenario and rejects unknown names, listing the known ones', () => {
    expect(labScenarios(undefined)).toEqual([...LAB_SCENARIOS]);
    expect(labScenarios('disk-bandwidth, cloud-volume')).toEqual(['disk-bandwidth', 'cloud-volume']);
    expect(() => labScenarios('disk-bandwith')).toThrow(/got 'disk-bandwith'; known: disk-bandwidth, disk-iops/);
    expect(() => labScenarios(',')).toThrow(/--scenarios/);
    expect(CI_LAB_SCENARIOS.length).toBe(5);
  });
});

describe('the CPU rows (median rule)', () => {
  const metered = (onDiskMs: number, cpuSeconds: number) => ({ ...timing(onDiskMs), cpuSeconds });
  const cpuRun = (lowerBoundMs: number, doubledMs: number, doubledCpu: number) => {
    const i: Intervention = {
      scenario: 'cpu',
      base: metered(3_000, 0.9),
      baseRuns: [metered(3_000, 0.9), metered(3_000, 0.9)],
      baseCpuCores: 0.3,
      relaxed: [
        {
          resource: 'cpu',
          timing: metered(doubledMs, doubledCpu),
          runs: [metered(doubledMs, doubledCpu), metered(doubledMs, doubledCpu)],
          factor: 2,
          cpuCores: 0.6,
        },
      ],
    };
    const f: ProfileFacts = { bottleneck: 'cpu', whatIf: [{ resource: 'cpu', restoreLowerBoundMs: lowerBoundMs }], totalMs: 3_000, cpuSeconds: 0.9 };
    return { check: checkAgainstIntervention(f, i), baseRuns: i.baseRuns, relaxed: i.relaxed, wallMs: 1 };
  };

  it('judges the scenario by the median on CPU-seconds and names the basis and each run', () => {
    // Run 2's doubled run needed 0.12 CPU-s less than the profile's: 1.30 s wall becomes 1.50 s at the profile's CPU work.
    const rows = labRows([{ scenario: 'cpu', resources: ['cpu'], runs: [cpuRun(1_450, 1_500, 0.9), cpuRun(1_450, 1_300, 0.78), cpuRun(1_400, 1_500, 0.9)] }]);
    expect(rows.map((r) => r.measure)).toEqual(['cpu', 'cpu: cpu ×2 (median rule)', 'cpu: restore + writeback']);
    expect(rows[1]?.result).toMatch(
      /^ok; median 97%, worst run 97%; lower bound 1\.45 s vs doubled 1\.50 s \(per run: 97%, 97%, 93%; doubled runs 1\.50\/1\.50, 1\.30\/1\.30, 1\.50\/1\.50 s; basis CPU-seconds/,
    );
    expect(rows[1]?.result).toContain('tar + unzstd CPU-s (base/relaxed runs) 0.90/0.90/0.90/0.90, 0.90/0.90/0.78/0.78');
    expect(rows[1]?.target).toBe('median a lower bound (≤ 105%) and tight (≥ 80%); no run over 115%');
    expect(rows[1]?.met).toBe(true);
  });

  it('fails the row when one run is over by more than 15 % or a run failed', () => {
    const over = labRows([{ scenario: 'cpu', resources: ['cpu'], runs: [cpuRun(1_450, 1_500, 0.9), cpuRun(1_800, 1_500, 0.9), cpuRun(1_400, 1_500, 0.9)] }]);
    expect(over[1]?.result).toMatch(/^not met; median 97%, worst run 120%/);
    expect(over[1]?.met).toBe(false);
    const failed = labRows([{ scenario: 'cpu', resources: ['cpu'], runs: [cpuRun(1_450, 1_500, 0.9), { error: 'boom', wallMs: 1 }] }]);
    expect(failed[1]?.met).toBe(false);
  });
});
