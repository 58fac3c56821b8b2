// The lab sets every queue setting a scenario depends on, whatever the loop device was left at: loop
// devices keep nomerges and max_sectors_kb across detach, and a clean-clone CI run once found
// nomerges=2 left by another job on the device bio-iops-cap got (expected 0, got 2). Here the next
// free loop device is primed with odd values first; each scenario must see its own, and find the odd
// ones put back after teardown (the machine as found); the device's own values are restored last.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOP_MAX_SECTORS_KB } from '../../../tools/lab/loop-disk.js';
import { BLKIO_ROOT } from '../../../tools/lab/paths.js';
import type { LabScenarioName } from '../../../tools/lab/scenario-specs.js';
import { readText, run, writeText } from '../../../src/system/sys.js';
import { commandExists, isRoot, prerequisite } from '../../helpers/prerequisites.js';
import { setUpScenarioAndTearDown, useLocalServices } from '../../helpers/scenario-setup.js';

const ready = prerequisite(
  'root with losetup, mkfs.ext4 and cgroup v1 blkio (lab loop devices)',
  isRoot && ['losetup', 'mkfs.ext4'].every(commandExists) && existsSync(path.join(BLKIO_ROOT, 'blkio.throttle.write_bps_device')),
);

const queueFile = (device: string, name: string) => `/sys/block/${path.basename(device)}/queue/${name}`;

describe.runIf(ready)('loop queue settings left changed by another job', () => {
  const services = useLocalServices();

  const cases: { scenario: LabScenarioName; nomerges: string; maxSectorsKb: (hw: number) => string }[] = [
    { scenario: 'bio-iops-cap', nomerges: '0', maxSectorsKb: (hw) => String(Math.min(hw, LOOP_MAX_SECTORS_KB)) },
    { scenario: 'disk-iops', nomerges: '2', maxSectorsKb: (hw) => String(Math.min(hw, LOOP_MAX_SECTORS_KB)) },
    { scenario: 'probe-iops-cap', nomerges: '0', maxSectorsKb: () => '4' },
  ];
  for (const c of cases) {
    it(`${c.scenario}: nomerges ${c.nomerges} and its max_sectors_kb on a device left at nomerges 1 / max_sectors_kb 8; both put back`, async () => {
      const device = run('losetup', ['-f']);
      const found = { nomerges: readText(queueFile(device, 'nomerges')), max: readText(queueFile(device, 'max_sectors_kb')) };
      const hw = Number(readText(queueFile(device, 'max_hw_sectors_kb')));
      try {
        writeText(queueFile(device, 'nomerges'), '1');
        writeText(queueFile(device, 'max_sectors_kb'), '8');
        await setUpScenarioAndTearDown(services(), c.scenario, (runner) => {
          const dev = runner.devNumbers[0] as string;
          // Another job may take the primed device first; then this run proves nothing and says so.
          expect(readText(`/sys/dev/block/${dev}/uevent`)).toContain(`DEVNAME=${path.basename(device)}`);
          expect(readText(`/sys/dev/block/${dev}/queue/nomerges`)).toBe(c.nomerges);
          expect(readText(`/sys/dev/block/${dev}/queue/max_sectors_kb`)).toBe(c.maxSectorsKb(hw));
        });
        expect(readText(queueFile(device, 'nomerges'))).toBe('1');
        expect(readText(queueFile(device, 'max_sectors_kb'))).toBe('8');
      } finally {
        writeText(queueFile(device, 'nomerges'), found.nomerges);
        writeText(queueFile(device, 'max_sectors_kb'), found.max);
      }
    }, 120_000);
  }
});
