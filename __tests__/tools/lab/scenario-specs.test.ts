import { describe, expect, it } from 'vitest';
import {
  CI_LAB_SCENARIOS,
  CONTROLLED_RESOURCES,
  controlledResources,
  LAB_SCENARIOS,
  LAB_SETTINGS,
  relaxed,
  relaxFactorOf,
  SCENARIOS,
  settingsOf,
  specProblems,
} from '../../../tools/lab/scenario-specs.js';
import { runnerDirtyLimits } from '../../../tools/lab/runner-dirty.js';
import { GiB } from '../../../src/util/units.js';

const MiB = 1024 * 1024;

describe('runnerDirtyLimits', () => {
  it('takes 10 % / 20 % of what a runner can dirty (all but 1 GiB), in whole pages', () => {
    // 16 GiB: 15 GiB dirtyable → 1.5 GiB background, 3 GiB limit (FIELD-NOTES' figures).
    expect(runnerDirtyLimits(16 * GiB)).toEqual({ backgroundBytes: 1.5 * GiB, dirtyBytes: 3 * GiB });
    const seven = runnerDirtyLimits(7 * GiB);
    expect(seven.backgroundBytes / MiB).toBeCloseTo(614.4, 0);
    expect(seven.dirtyBytes / MiB).toBeCloseTo(1228.8, 0);
    expect(seven.dirtyBytes % 4096).toBe(0);
  });
});

describe('scenarios as data', () => {
  it('has a spec for every name, named after its key, and CI runs the first five', () => {
    for (const name of LAB_SCENARIOS) expect(SCENARIOS[name].name).toBe(name);
    expect(CI_LAB_SCENARIOS).toEqual(LAB_SCENARIOS.slice(0, 5));
  });

  it("the restore that fits a runner's dirty budget: each runner scenario's background threshold is above the lab cache (~125 MB)", () => {
    for (const name of ['runner-7gib', 'runner-16gib', 'earlier-dirty', 'temp-other-disk'] as const) {
      expect(SCENARIOS[name].dirty?.backgroundBytes).toBeGreaterThan(500 * MiB);
    }
    // The earlier step's 1 GiB stays dirty: below the background threshold.
    expect(SCENARIOS['earlier-dirty'].earlierDirtyBytes).toBeLessThan(SCENARIOS['earlier-dirty'].dirty?.backgroundBytes ?? 0);
  });

  it('lists the resources each scenario controls', () => {
    expect(controlledResources(SCENARIOS['disk-bandwidth'])).toEqual(['disk-bandwidth']);
    expect(controlledResources(SCENARIOS['cloud-volume'])).toEqual(['disk-bandwidth', 'disk-iops']);
    expect(controlledResources(SCENARIOS.network)).toEqual(['network']);
    expect(controlledResources(SCENARIOS.cpu)).toEqual(['cpu']);
    expect(controlledResources(SCENARIOS.baseline)).toEqual([]);
  });
});

describe('relaxed', () => {
  it('doubles exactly the one control of the resource, nothing else', () => {
    const cloud = SCENARIOS['cloud-volume'];
    const iops = relaxed(cloud, 'disk-iops');
    expect(iops.controls).toEqual({ writeBytesPerSecond: LAB_SETTINGS.cloudWriteBytesPerSecond, writeIops: 6000 });
    expect({ ...iops, controls: cloud.controls }).toEqual(cloud);
    expect(relaxed(cloud, 'disk-bandwidth').controls).toEqual({ writeBytesPerSecond: 250 * MiB, writeIops: 3000 });
    expect(relaxed(SCENARIOS.network, 'network').controls.downloadBytesPerSecond).toBe(3 * MiB);
    expect(relaxed(SCENARIOS.cpu, 'cpu').controls.cpuCores).toBeCloseTo(0.6);
    // The original is untouched.
    expect(cloud.controls.writeIops).toBe(3000);
  });

  it('refuses a resource the scenario does not control, naming what it does control', () => {
    expect(() => relaxed(SCENARIOS['disk-bandwidth'], 'cpu')).toThrow(/does not control cpu \(it controls disk-bandwidth\)/);
    for (const r of CONTROLLED_RESOURCES) expect(() => relaxed(SCENARIOS.baseline, r)).toThrow(/controls nothing/);
  });

  it('records the settings a scenario is built with, relaxed ones included', () => {
    expect(settingsOf(relaxed(SCENARIOS['disk-bandwidth'], 'disk-bandwidth'))).toEqual({
      writeBytesPerSecond: 80 * MiB,
      dirtyBytes: 32 * MiB,
      dirtyBackgroundBytes: 8 * MiB,
    });
    expect(settingsOf(SCENARIOS['cloud-volume'])).toMatchObject({ maxSectorsKb: 256, writeIops: 3000 });
  });
});

describe('the runner-type scenarios (issue 22)', () => {
  it('every spec can be built as written', () => {
    for (const name of LAB_SCENARIOS) expect(specProblems(SCENARIOS[name]), name).toEqual([]);
  });

  it('names what a malformed spec gets wrong', () => {
    const cpu = SCENARIOS.cpu;
    expect(specProblems({ ...cpu, hidePressure: true })).toEqual(['hidePressure needs cpuScope step (the step runs in its own mount namespace)']);
    expect(specProblems({ ...SCENARIOS.baseline, cpuScope: 'step' })).toContain('cpuScope without a cpuCores control');
    expect(specProblems({ ...SCENARIOS['two-disks'], disk: 'loop' })).toEqual(["secondDiskPath goes with disk 'two-disks' and only with it"]);
    expect(specProblems({ ...SCENARIOS['burst-credit'], burstCredit: { budgetBytes: MiB, burstBytesPerSecond: 40 * MiB } })).toEqual([
      'the burst rate must be above the baseline cap it drops to',
    ]);
    // The doubled baseline (the intervention's variant) is still below the burst.
    expect(specProblems(relaxed(SCENARIOS['burst-credit'], 'disk-bandwidth'))).toEqual([]);
    expect(specProblems({ ...SCENARIOS['disk-bandwidth'], halved: ['cpu'] })).toEqual(['halves cpu, which it does not control']);
  });

  it('container-job: the whole step under a 0.5-core quota, PSI hidden, on an overlay; the intervention doubles the quota', () => {
    const spec = SCENARIOS['container-job'];
    expect(spec).toMatchObject({ cpuScope: 'step', hidePressure: true, disk: 'overlay', intended: 'cpu' });
    expect(controlledResources(spec)).toEqual(['cpu']);
    expect(relaxed(spec, 'cpu').controls.cpuCores).toBe(1);
    expect(settingsOf(spec)).toMatchObject({ cpuCores: 0.5, cpuQuotaOnWholeStep: 1, pressureHidden: 1 });
  });

  it('hosted-page-cache: a 16 GiB runner, an uncapped disk, and the CPU halved rather than doubled', () => {
    const spec = SCENARIOS['hosted-page-cache'];
    expect(spec.dirty).toEqual(runnerDirtyLimits(16 * GiB));
    expect(spec.controls).toEqual({ cpuCores: 1 });
    expect(relaxFactorOf(spec, 'cpu')).toBe(0.5);
    expect(relaxed(spec, 'cpu').controls.cpuCores).toBe(0.5);
    // Everywhere else a relaxation doubles.
    expect(relaxFactorOf(SCENARIOS['container-job'], 'cpu')).toBe(2);
  });

  it('the disk scenarios: caps where the kind of runner puts them', () => {
    expect(SCENARIOS['lvm-capped']).toMatchObject({ disk: 'dm-linear', controls: { writeBytesPerSecond: 40 * MiB } });
    const bio = SCENARIOS['bio-iops-cap'];
    expect(bio.noMerges).toBe(false);
    expect(controlledResources(bio)).toEqual(['disk-bandwidth', 'disk-iops']);
    // Both caps again, on a queue that splits every write into 4 KiB bios: the sequential probe meets the
    // IOPS cap (5,000 x 4 KiB = 19.5 MiB/s), far under the bandwidth cap, and still does when IOPS is doubled.
    const small = SCENARIOS['probe-iops-cap'];
    expect(small).toMatchObject({ noMerges: false, maxSectorsKb: 4, intended: null });
    expect(controlledResources(small)).toEqual(['disk-bandwidth', 'disk-iops']);
    const doubled = relaxed(small, 'disk-iops').controls;
    expect((doubled.writeIops ?? 0) * 4096).toBeLessThan(small.controls.writeBytesPerSecond ?? 0);
    expect(settingsOf(small)).toMatchObject({ maxSectorsKb: 4, probeBudgetMs: 20_000 });
    const burst = SCENARIOS['burst-credit'];
    // The cap it falls to is what the intervention doubles; the burst rate stays.
    expect(relaxed(burst, 'disk-bandwidth')).toMatchObject({ controls: { writeBytesPerSecond: 80 * MiB }, burstCredit: burst.burstCredit });
    expect(settingsOf(burst)).toMatchObject({ burstBudgetBytes: 48 * MiB, burstBytesPerSecond: 160 * MiB });
    // Two disks: the capped path sorts after the uncapped one (the first after sorting is not the one that binds).
    const two = SCENARIOS['two-disks'];
    expect(two.secondDiskPath).toBe('node_modules/typescript');
    expect(['node_modules/@azure', two.secondDiskPath].sort()[0]).toBe('node_modules/@azure');
    expect(SCENARIOS['no-fio']).toMatchObject({ noFio: true, controls: { writeBytesPerSecond: 40 * MiB }, intended: 'disk-bandwidth' });
  });

  it("the beside-load scenarios: another job's CPU load, not controlled, beside the cpu and two-disks runners", () => {
    for (const name of ['cpu-beside-load', 'two-disks-beside-load'] as const) {
      const spec = SCENARIOS[name];
      expect(spec.otherCpuLoad).toEqual(LAB_SETTINGS.otherCpuLoad);
      expect(settingsOf(spec)).toMatchObject({ otherCpuLoadProcesses: 4, otherCpuLoadCores: 0.5 });
      expect(specProblems(spec)).toEqual([]);
    }
    expect(controlledResources(SCENARIOS['cpu-beside-load'])).toEqual(['cpu']);
    expect(controlledResources(SCENARIOS['two-disks-beside-load'])).toEqual(['disk-bandwidth']);
  });

  it('two-vcpu-shared: the whole step shares a quota whose double this 2-CPU VM still has', () => {
    const spec = SCENARIOS['two-vcpu-shared'];
    expect(spec).toMatchObject({ cpuScope: 'step', intended: 'cpu' });
    expect(spec.hidePressure).toBeUndefined();
    expect(relaxed(spec, 'cpu').controls.cpuCores).toBeLessThanOrEqual(2);
  });
});
