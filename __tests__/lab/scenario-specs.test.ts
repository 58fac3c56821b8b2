import { describe, expect, it } from 'vitest';
import {
  CI_LAB_SCENARIOS,
  CONTROLLED_RESOURCES,
  controlledResources,
  LAB_SCENARIOS,
  LAB_SETTINGS,
  relaxed,
  SCENARIOS,
  settingsOf,
} from '../../src/lab/scenario-specs.js';
import { runnerDirtyLimits } from '../../src/lab/runner-dirty.js';
import { GiB } from '../../src/util/units.js';

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
