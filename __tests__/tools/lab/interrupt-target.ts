// Run by interrupt.test.ts under vite-node: a lab session that sets up a scenario (disk-iops by
// default: loop device, blkio throttle, nomerges, vm.dirty_*; LAB_INTERRUPT_SCENARIO picks another)
// and then waits, until the test interrupts it.
import { startLab, runScenario } from '../../../tools/lab/lab.js';
import { LAB_SCENARIOS, type LabScenarioName } from '../../../tools/lab/scenario-specs.js';
import { repoRoot } from '../../helpers/tree.js';

const scenario = (process.env.LAB_INTERRUPT_SCENARIO ?? 'disk-iops') as LabScenarioName;
if (!LAB_SCENARIOS.includes(scenario)) throw new Error(`unknown scenario ${scenario}`);
const lab = await startLab({ projectRoot: repoRoot });
await runScenario(lab, scenario, {
  onDevices: (devs) => {
    process.stdout.write(`READY ${devs.join(',')}\n`);
  },
  // Hold the scenario open after setup so the signal lands mid-scenario.
  beforeProfile: () => new Promise(() => {}),
});
