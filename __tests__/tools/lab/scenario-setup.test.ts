// The new lab scenarios' setups for real (loop devices, a stacked cloud-like volume, blkio caps,
// runner dirty thresholds, an earlier step's dirty pages, a second writer), set up and torn down
// without a restore: each is really in place while set up, and the machine is left as found after,
// also when a step fails right after setup.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { throttlesOf } from '../../../tools/lab/blkio.js';
import { readDirtySettings } from '../../../src/system/dirty-limits.js';
import { readMachineState } from '../../../tools/lab/machine-state.js';
import { BLKIO_ROOT } from '../../../tools/lab/paths.js';
import { LAB_SETTINGS, SCENARIOS, type LabScenarioName } from '../../../tools/lab/scenario-specs.js';
import type { LabRunner } from '../../../tools/lab/scenarios.js';
import { readLines } from '../../../src/system/sys.js';
import { commandExists, isRoot, prerequisite } from '../../helpers/prerequisites.js';
import { setUpScenarioAndTearDown, useLocalServices } from '../../helpers/scenario-setup.js';

const ready = prerequisite(
  "root with losetup, mkfs.ext4, fio and cgroup v1 blkio (the lab scenarios' setups)",
  isRoot && ['losetup', 'mkfs.ext4', 'fio', 'dd'].every(commandExists) && existsSync(path.join(BLKIO_ROOT, 'blkio.throttle.write_bps_device')),
);

const NEW_SCENARIOS = [
  'runner-7gib',
  'runner-16gib',
  'earlier-dirty',
  'second-writer',
  'temp-other-disk',
  'cloud-volume',
  'cpu-large-files',
] as const satisfies readonly LabScenarioName[];

/**
 * Dirty + Writeback: pages not yet on disk. The loop device's share of the background threshold is
 * small (its writeout history is short), so the flusher submits the earlier step's pages at once;
 * the throttle then holds them "under writeback" (seen here: Dirty 52 MB, Writeback 996 MB after
 * dd of 1 GiB onto the 40 MiB/s device), still owed to the disk.
 */
function owedBytes(): number {
  const kb = (name: string) => Number((readLines('/proc/meminfo').find((l) => l.startsWith(`${name}:`)) ?? '').split(/\s+/)[1] ?? 0);
  return (kb('Dirty') + kb('Writeback')) * 1024;
}

describe.runIf(ready)('lab scenario setups', () => {
  const services = useLocalServices();

  async function setUp(name: LabScenarioName, check: (runner: LabRunner) => void, opts: { fail?: boolean } = {}): Promise<void> {
    const devNumbers = await setUpScenarioAndTearDown(services(), name, check, opts);
    expect(devNumbers.length).toBeGreaterThan(0);
  }

  for (const name of ['runner-7gib', 'runner-16gib'] as const) {
    it(`${name}: the runner's dirty thresholds and the 40 MiB/s cap are in force while set up`, async () => {
      await setUp(name, (runner) => {
        const want = SCENARIOS[name].dirty;
        expect(readDirtySettings()).toMatchObject({ dirty_bytes: want?.dirtyBytes, dirty_background_bytes: want?.backgroundBytes });
        expect(throttlesOf(runner.devNumbers[0] as string, 'blkio.throttle.write_bps_device')).toEqual([
          `${runner.devNumbers[0]} ${LAB_SETTINGS.writeBytesPerSecond}`,
        ]);
      });
    }, 120_000);
  }

  it('earlier-dirty: the earlier step leaves ~1 GiB not on disk right before the restore; teardown drops it', async () => {
    await setUp('earlier-dirty', (runner) => {
      const owedBefore = owedBytes();
      runner.beforeRestore();
      // Machine-wide, so others' writeback can lower it a little; 1 GiB is far above that noise.
      expect(owedBytes() - owedBefore).toBeGreaterThan(0.8 * LAB_SETTINGS.earlierDirtyBytes);
    });
  }, 120_000);

  it("second-writer: fio writes on the restore's disk while set up, and is stopped (also on failure)", async () => {
    await setUp(
      'second-writer',
      () => {
        // Long enough for fio to start its job (a forked job once outlived the kill of its parent).
        execFileSync('sleep', ['1.5']);
        expect(readMachineState().processes.some((p) => p.startsWith('fio --name=second-writer'))).toBe(true);
      },
      { fail: true },
    );
    expect(readMachineState().processes.filter((p) => p.includes('second-writer'))).toEqual([]);
  }, 120_000);

  it('temp-other-disk: RUNNER_TEMP sits on another file system than the restore path', async () => {
    await setUp('temp-other-disk', (runner) => {
      expect(statSync(runner.runnerTemp).dev).not.toBe(statSync(runner.workspace).dev);
      expect(statSync(runner.runnerTemp).dev).toBe(statSync(os.tmpdir()).dev);
    });
  }, 120_000);

  it('cloud-volume: an upper device in direct-io mode (max 256 KiB requests, merging on) over a lower one carrying both caps', async () => {
    await setUp(
      'cloud-volume',
      (runner) => {
        const [upper, lower] = runner.devNumbers as [string, string];
        expect(readLines(`/sys/dev/block/${upper}/loop/dio`)).toEqual(['1']);
        expect(readLines(`/sys/dev/block/${upper}/queue/max_sectors_kb`)).toEqual(['256']);
        expect(readLines(`/sys/dev/block/${upper}/queue/nomerges`)).toEqual(['0']);
        expect(throttlesOf(lower, 'blkio.throttle.write_bps_device')).toEqual([`${lower} ${125 * 1024 * 1024}`]);
        expect(throttlesOf(lower, 'blkio.throttle.write_iops_device')).toEqual([`${lower} 3000`]);
        expect(throttlesOf(upper, 'blkio.throttle.write_iops_device')).toEqual([]);
      },
      { fail: true },
    );
  }, 120_000);

  it('cpu-large-files: tar runs through the 30 % quota shim, under the tight dirty limit, on a fresh loop device', async () => {
    await setUp('cpu-large-files', (runner) => {
      const want = SCENARIOS['cpu-large-files'].dirty;
      expect(readDirtySettings()).toMatchObject({ dirty_bytes: want?.dirtyBytes, dirty_background_bytes: want?.backgroundBytes });
      const shimDir = (runner.env.PATH ?? '').split(':')[0] as string;
      const shim = readLines(path.join(shimDir, 'tar')).join('\n');
      const group = /> '([^']+)\/cgroup\.procs'/.exec(shim)?.[1] as string;
      expect(readLines(path.join(group, 'cpu.cfs_quota_us'))).toEqual([String(Math.round(LAB_SETTINGS.cpuCores * 100_000))]);
      expect(throttlesOf(runner.devNumbers[0] as string, 'blkio.throttle.write_bps_device')).toEqual([]);
    });
  }, 120_000);

  it('covers every scenario beyond the CI five', () => {
    expect(NEW_SCENARIOS.length).toBe(7);
  });
});
