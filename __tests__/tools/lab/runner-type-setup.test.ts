// The runner-type scenarios' setups for real (issue 22): a whole step in a cpu cgroup with
// /proc/pressure hidden, an overlay on a loop device, a bio-counting IOPS cap, a burst-credit
// controller, two disks, a PATH without fio, and LVM's dm-linear layout where the kernel has
// device-mapper. Each is set up and torn down without a restore: really in place while set up, and
// the machine left as found after, also when a step fails right after setup.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { throttlesOf } from '../../../tools/lab/blkio.js';
import { CleanupStack } from '../../../src/system/cleanup.js';
import { readDirtySettings } from '../../../src/system/dirty-limits.js';
import { deviceMapperMissing } from '../../../tools/lab/dm-linear.js';
import { readMachineState } from '../../../tools/lab/machine-state.js';
import { BLKIO_ROOT, CPU_CGROUP_ROOT, LAB_PREFIX } from '../../../tools/lab/paths.js';
import { LAB_SETTINGS, SCENARIOS, type LabScenarioName } from '../../../tools/lab/scenario-specs.js';
import { setupScenario, type LabRunner } from '../../../tools/lab/scenarios.js';
import { runIsolated } from '../../../tools/lab/step-isolation.js';
import { readLines } from '../../../src/system/sys.js';
import { commandExists, isRoot, prerequisite } from '../../helpers/prerequisites.js';
import { setUpScenarioAndTearDown, useLocalServices } from '../../helpers/scenario-setup.js';

const ready = prerequisite(
  'root with losetup, mkfs.ext4, unshare, overlayfs and cgroup v1 blkio, cpu and cpuacct (the runner-type scenarios)',
  isRoot &&
    ['losetup', 'mkfs.ext4', 'unshare', 'dd'].every(commandExists) &&
    existsSync(path.join(BLKIO_ROOT, 'blkio.throttle.write_bps_device')) &&
    existsSync(path.join(CPU_CGROUP_ROOT, 'cpu.cfs_quota_us')) &&
    existsSync('/sys/fs/cgroup/cpuacct/cpuacct.usage'),
);

const MiB = 1024 * 1024;
const mountOf = (p: string) =>
  readLines('/proc/mounts')
    .map((l) => l.split(' '))
    .filter((f) => f[1] === p);

describe.runIf(ready)('runner-type scenario setups', () => {
  const services = useLocalServices();

  function setUp(name: LabScenarioName, check: (runner: LabRunner) => void | Promise<void>, opts: { fail?: boolean } = {}): Promise<string[]> {
    return setUpScenarioAndTearDown(services(), name, check, opts);
  }

  it('container-job: the step runs in the 0.5-core group without /proc/pressure, on an overlay over the loop device; torn down on failure', async () => {
    const devs = await setUp(
      'container-job',
      async (runner) => {
        const iso = runner.isolation;
        expect(iso).toBeDefined();
        if (!iso) return;
        expect(readLines(path.join(iso.group, 'cpu.cfs_quota_us'))).toEqual(['50000']);
        // The workspace is on the overlay; its upper layer and the bind-mounted RUNNER_TEMP on the loop device.
        const merged = path.dirname(runner.workspace);
        expect(mountOf(merged)[0]?.[2]).toBe('overlay');
        expect(mountOf(path.dirname(runner.runnerTemp))[0]?.[0]).toMatch(/^\/dev\/loop/);
        const out = path.join(iso.dir, 'inside.txt');
        await runIsolated(iso, ['sh', '-c', `{ ls -A /proc/pressure | wc -l; grep -E '^[0-9]+:cpu(,cpuacct)?:' /proc/self/cgroup; } > ${out}`], {});
        const [entries, cgroup] = readFileSync(out, 'utf8').trim().split('\n');
        expect(entries).toBe('0');
        expect(cgroup).toContain(path.basename(iso.group));
        // Outside the step, PSI is untouched.
        expect(existsSync('/proc/pressure/cpu')).toBe(true);
        // tar is metered (not moved out of the step's quota).
        const shim = readLines(path.join((runner.env.PATH ?? '').split(':')[0] as string, 'tar')).join('\n');
        expect(shim).toContain('/sys/fs/cgroup/cpuacct/');
        expect(shim).not.toContain(`${CPU_CGROUP_ROOT}/`);
      },
      { fail: true },
    );
    expect(devs).toHaveLength(1);
  }, 120_000);

  it("hosted-page-cache: a 16 GiB runner's thresholds, tar held to one core and metered in CPU-seconds, no cap", async () => {
    await setUp('hosted-page-cache', (runner) => {
      expect(readDirtySettings()).toMatchObject({ dirty_bytes: LAB_SETTINGS.runner16GiB.dirtyBytes });
      const shimDir = (runner.env.PATH ?? '').split(':')[0] as string;
      const group = /> '(\/sys\/fs\/cgroup\/cpu\/[^']+)\/cgroup\.procs'/.exec(readLines(path.join(shimDir, 'tar')).join('\n'))?.[1] as string;
      expect(readLines(path.join(group, 'cpu.cfs_quota_us'))).toEqual(['100000']);
      const before = runner.cpuSeconds?.() ?? Number.NaN;
      execFileSync(path.join(shimDir, 'tar'), ['-cf', '/dev/null', path.resolve('node_modules/typescript')]);
      expect((runner.cpuSeconds?.() ?? Number.NaN) - before).toBeGreaterThan(0);
      expect(throttlesOf(runner.devNumbers[0] as string, 'blkio.throttle.write_bps_device')).toEqual([]);
    });
  }, 120_000);

  it('bio-iops-cap: both caps on a loop device that merges', async () => {
    await setUp('bio-iops-cap', (runner) => {
      const dev = runner.devNumbers[0] as string;
      expect(readLines(`/sys/dev/block/${dev}/queue/nomerges`)).toEqual(['0']);
      expect(throttlesOf(dev, 'blkio.throttle.write_iops_device')).toEqual([`${dev} 2000`]);
      expect(throttlesOf(dev, 'blkio.throttle.write_bps_device')).toEqual([`${dev} ${40 * MiB}`]);
    });
  }, 120_000);

  it('burst-credit: 160 MiB/s until 48 MiB were written, then 40 MiB/s; the controller is stopped (also on failure)', async () => {
    await setUp(
      'burst-credit',
      (runner) => {
        const dev = runner.devNumbers[0] as string;
        expect(throttlesOf(dev, 'blkio.throttle.write_bps_device')).toEqual([`${dev} ${160 * MiB}`]);
        expect(readMachineState().processes.some((p) => p.includes('burst-controller.sh'))).toBe(true);
        execFileSync('dd', ['if=/dev/zero', `of=${path.join(runner.workspace, 'spend')}`, 'bs=1M', 'count=64', 'oflag=direct', 'status=none']);
        execFileSync('sleep', ['0.3']);
        expect(throttlesOf(dev, 'blkio.throttle.write_bps_device')).toEqual([`${dev} ${40 * MiB}`]);
      },
      { fail: true },
    );
    expect(readMachineState().processes.filter((p) => p.includes('burst-controller'))).toEqual([]);
  }, 120_000);

  it('two-disks: the second restore path on its own capped disk, the first uncapped', async () => {
    await setUp('two-disks', (runner) => {
      const [first, second] = runner.devNumbers as [string, string];
      const secondPath = path.join(runner.workspace, 'node_modules/typescript');
      expect(statSync(secondPath).dev).not.toBe(statSync(runner.workspace).dev);
      expect(throttlesOf(second, 'blkio.throttle.write_bps_device')).toEqual([`${second} ${8 * MiB}`]);
      expect(throttlesOf(first, 'blkio.throttle.write_bps_device')).toEqual([]);
    });
  }, 120_000);

  it('no-fio: the step finds tar, unzstd and sync, never fio', async () => {
    await setUp('no-fio', (runner) => {
      const look = (cmd: string) => {
        try {
          return execFileSync('sh', ['-c', `command -v ${cmd}`], { env: { PATH: runner.env.PATH ?? '' }, encoding: 'utf8' }).trim();
        } catch {
          return null;
        }
      };
      expect(look('fio')).toBeNull();
      for (const cmd of ['tar', 'unzstd', 'sync', 'sh']) expect(look(cmd), cmd).not.toBeNull();
    });
  }, 120_000);

  it('two-vcpu-shared: the whole step under 0.6 cores, PSI visible', async () => {
    await setUp('two-vcpu-shared', async (runner) => {
      const iso = runner.isolation;
      expect(iso?.pressureMask).toBeNull();
      if (!iso) return;
      expect(readLines(path.join(iso.group, 'cpu.cfs_quota_us'))).toEqual(['60000']);
      const out = path.join(iso.dir, 'inside.txt');
      await runIsolated(iso, ['sh', '-c', `ls /proc/pressure > ${out}`], {});
      expect(readFileSync(out, 'utf8')).toContain('cpu');
    });
  }, 120_000);

  it("cpu-beside-load: another job's busy loops run in a 0.5-core group of their own, outside tar's quota; stopped on teardown", async () => {
    await setUp('cpu-beside-load', (runner) => {
      // This process's children named for the load (a worker thread spawned them: found by ppid, not by the main thread's children).
      const loops = readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
            return (
              Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid &&
              readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`${LAB_PREFIX}other-cpu-load`)
            );
          } catch {
            return false;
          }
        });
      const groups = loops.flatMap((pid) => readLines(`/proc/${pid}/cgroup`).filter((l) => /^\d+:cpu(,cpuacct)?:/.test(l)));
      expect(groups).toHaveLength(LAB_SETTINGS.otherCpuLoad.processes);
      const group = path.join(CPU_CGROUP_ROOT, (groups[0] ?? '').split(':')[2] ?? '');
      expect(readLines(path.join(group, 'cpu.cfs_quota_us'))).toEqual([String(LAB_SETTINGS.otherCpuLoad.cores * 100_000)]);
      // tar's shim joins its own 0.3-core group, not the load's.
      expect(runner.env.PATH?.split(':')[0]).toMatch(/cpu-shim$/);
    });
  }, 120_000);

  it('lvm-capped: ext4 on dm-linear over the capped loop device, or a clear error where the kernel has no device-mapper', async () => {
    const missing = deviceMapperMissing();
    if (missing) {
      const before = readMachineState();
      const cleanup = new CleanupStack();
      const dir = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}setup-test-`));
      cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
      try {
        expect(() => setupScenario(SCENARIOS['lvm-capped'], { cleanup, dir, services: services() })).toThrow(/needs a device-mapper device/);
      } finally {
        await cleanup.runAll();
      }
      expect(readMachineState()).toEqual(before);
      return;
    }
    await setUp('lvm-capped', (runner) => {
      const [top, below] = runner.devNumbers as [string, string];
      expect(readLines(`/sys/dev/block/${top}/dm/name`)[0]).toMatch(new RegExp(`^${LAB_PREFIX}`));
      expect(throttlesOf(below, 'blkio.throttle.write_bps_device')).toEqual([`${below} ${40 * MiB}`]);
    });
  }, 120_000);
});
