// The bundled action on every run (issue 24): with the new defaults (probes: auto, experiments: auto,
// history), the first run probes and remembers its ceilings, the next run of the same label on the
// same machine uses them, names the run they came from, and shows its history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServices } from '../tools/services/index.js';
import { runFault, seededServices } from './helpers/action-harness.js';
import { removeDirs } from './helpers/tree.js';
import { commandExists, prerequisite } from './helpers/prerequisites.js';

const hasFio = prerequisite('fio', commandExists('fio'));

describe.runIf(hasFio)('the bundled action, always on', () => {
  let services: LocalServices;
  let root: string;
  beforeAll(async () => {
    ({ services, root } = await seededServices('always-action', 'deps-always', ['tar']));
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  it('probes once, then remembers; the summary shows the hardware, whose ceilings, and the history', async () => {
    // The defaults, as a workflow that only swapped actions/cache for this action gets them.
    const inputs = { path: 'node_modules', key: 'deps-always', probes: '', 'probe-budget-seconds': '6', label: 'always-on', 'upload-artifact': 'false' };
    const first = await runFault({ services, root, name: 'first', inputs, env: { GITHUB_RUN_ID: '301', GITHUB_RUN_ATTEMPT: '1' } });
    expect(first.mainExitCode).toBe(0);
    expect(first.profile?.probes?.status).toBe('ran');
    expect(first.profile?.ceilingsSource?.kind).toBe('this-run');
    expect(first.summary).toMatch(/Hardware `[0-9a-f]{12}`: /);
    expect(first.summary).toContain('starts a new one');
    expect(first.log).toContain('probes: auto probed because no ceilings are remembered');

    const second = await runFault({ services, root, name: 'second', inputs, env: { GITHUB_RUN_ID: '302', GITHUB_RUN_ATTEMPT: '1' } });
    expect(second.mainExitCode).toBe(0);
    expect(second.profile?.probes?.status).toBe('skipped');
    expect(second.profile?.ceilingsSource).toMatchObject({ kind: 'remembered', runId: '301' });
    // A repeat run: the verdict is the post step's, judged with the tail (main's verdict output is empty).
    expect(second.profile?.verdict?.sentence).toContain('Ceilings remembered from run 301');
    expect(second.summary).toContain('Ceilings remembered from run 301');
    expect(second.summary).toContain('over 2 runs');
    expect(second.log).not.toMatch(/▸ fio probes/);
    expect(second.profile?.auto?.experiments?.run).toBe(false);
  }, 180_000);
});
