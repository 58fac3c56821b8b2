// Run by interrupt.test.ts under vite-node: a lab session that sets up a disk-iops runner (loop
// device, blkio throttle, nomerges, vm.dirty_*) and then waits, until the test interrupts it.
import { startLab, runScenario } from '../../src/lab/lab.js';
import { repoRoot } from '../helpers/tree.js';

const lab = await startLab({ projectRoot: repoRoot });
await runScenario(lab, 'disk-iops', {
  onDevices: (devs) => {
    process.stdout.write(`READY ${devs.join(',')}\n`);
  },
  // Hold the scenario open after setup so the signal lands mid-scenario.
  beforeProfile: () => new Promise(() => {}),
});
