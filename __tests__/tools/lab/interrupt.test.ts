// SIGINT / SIGTERM in the middle of a lab scenario: the process puts everything back before it dies.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labView, readMachineState } from '../../../tools/lab/machine-state.js';
import { BLKIO_ROOT } from '../../../tools/lab/paths.js';
import { commandExists, isRoot, prerequisite } from '../../helpers/prerequisites.js';
import { repoRoot } from '../../helpers/tree.js';

const viteNode = path.join(repoRoot, 'node_modules/.bin/vite-node');
const ready = prerequisite(
  'root with losetup and mkfs.ext4, cgroup v1 blkio (the bottleneck lab)',
  isRoot && ['losetup', 'mkfs.ext4'].every(commandExists) && existsSync(path.join(BLKIO_ROOT, 'blkio.throttle.write_iops_device')) && existsSync(viteNode),
);

describe.runIf(ready)('lab interrupted mid-scenario', () => {
  const cases = [
    { signal: 'SIGINT', scenario: 'disk-iops', devices: 1, what: 'loop device, throttle, nomerges, vm.dirty_*, mounts and temp dirs are put back' },
    { signal: 'SIGTERM', scenario: 'disk-iops', devices: 1, what: 'loop device, throttle, nomerges, vm.dirty_*, mounts and temp dirs are put back' },
    { signal: 'SIGTERM', scenario: 'second-writer', devices: 1, what: 'the second writer is stopped and its file removed, with everything else' },
    { signal: 'SIGINT', scenario: 'cloud-volume', devices: 2, what: 'both stacked loop devices, the caps and max_sectors_kb are put back' },
    { signal: 'SIGTERM', scenario: 'burst-credit', devices: 1, what: 'the burst-credit controller is stopped and its cap lifted, with everything else' },
    {
      signal: 'SIGTERM',
      scenario: 'container-job',
      devices: 1,
      what: 'the step and tar cgroups, the overlay, the bind mount and the RAM-backed image are removed',
    },
    { signal: 'SIGINT', scenario: 'two-disks', devices: 2, what: "both disks, the second one's bind mount into the workspace and its cap are put back" },
  ] as const;
  for (const { signal, scenario, devices, what } of cases) {
    it(`${signal} during ${scenario}: ${what}`, async () => {
      const before = readMachineState();
      const child = spawn(viteNode, [path.join(repoRoot, '__tests__/tools/lab/interrupt-target.ts')], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, LAB_INTERRUPT_SCENARIO: scenario },
      });
      const devs = await new Promise<string[]>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const m = /READY (\S*)/.exec(out);
          if (m) resolve((m[1] ?? '').split(',').filter(Boolean));
        });
        child.on('exit', (code) => reject(new Error(`target exited (${code}) before it was ready`)));
      });
      expect(devs.length).toBe(devices);
      // Mid-scenario the throttles are really on (and the second writer really runs).
      const during = labView(readMachineState(), devs);
      if (scenario === 'container-job') {
        // No cap there: its cgroups and mounts are what is in place.
        expect(during.cpuCgroups.length).toBeGreaterThan(before.cpuCgroups.length);
        expect(during.mounts.some((m) => m.startsWith('overlay '))).toBe(true);
      } else {
        expect(during.throttles.length).toBeGreaterThan(0);
      }
      if (scenario === 'burst-credit') expect(during.processes.some((p) => p.includes('burst-controller.sh'))).toBe(true);
      if (scenario === 'second-writer') {
        // Let fio start its job first: a job forked off fio once outlived the kill of its parent.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(during.processes.some((p) => p.startsWith('fio --name=second-writer'))).toBe(true);
      }
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, sig) => resolve(sig ?? code)));
      child.kill(signal);
      await exited;
      expect(labView(readMachineState(), devs)).toEqual(labView(before, devs));
    }, 90_000);
  }
});
