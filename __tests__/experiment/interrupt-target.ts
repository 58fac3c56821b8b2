// Run by interrupt.test.ts under vite-node: experiments that stop in the middle of the page-cache
// run (vm.dirty_* raised, tmpfs mounted, tar extracting), or of the ram run (STOP_IN=ram: a tmpfs
// on each restore path), until the test sends a signal.
import { rmSync } from 'node:fs';
import { runExperiments } from '../../src/experiment/run-experiments.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { experimentsRequest, restoreFixture } from './fixture.js';

const f = await restoreFixture('experiments-interrupt');
// The fixture goes too when the signal arrives (the stack runs on signals, after the experiments' own).
const session = new CleanupStack();
session.push('remove the fixture', () => rmSync(f.root, { recursive: true, force: true }));
session.push(
  'stop the services',
  () => f.services.stop(),
  () => process.kill(f.services.azurite.pid, 'SIGKILL'),
);
const request = experimentsRequest(f, {
  experiments: ['ram', 'page-cache'],
  duringRun: async (alternative) => {
    if (alternative !== (process.env.STOP_IN ?? 'page-cache')) return;
    process.stdout.write(`READY ${f.root}\n`);
    await new Promise(() => {});
  },
});
await runExperiments(request, {
  log: () => {},
  warn: () => {},
  onDirectory: (dir) => process.stdout.write(`DIR ${dir}\n`),
}).catch(() => undefined);
