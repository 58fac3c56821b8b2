// Runners the kernel counters cannot see: a restore path on tmpfs (no block device under it) through the
// bundled action, and a runner without /proc (macOS, Windows) played by pointing the pipeline's procRoot
// and sysRoot at empty directories. The restore must still be timed and the rest marked unavailable.
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, withEnv, type LocalServices } from '../../tools/services/index.js';
import { parseConfig, type ProfileConfig } from '../../src/config/config.js';
import { runProfile } from '../../src/pipeline/run-profile.js';
import { renderProfile } from '../../src/report/render.js';
import { validateProfile } from '../../src/profile/validate.js';
import { removeDirs } from '../helpers/tree.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { isMounted, problemsBlock, runFault, seededServices, sh, unmount } from '../helpers/action-harness.js';

let services: LocalServices;
let root: string;
const key = 'deps-platform';

beforeAll(async () => {
  ({ services, root } = await seededServices('faults-platform', key, ['tar', '@actions/core']));
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

describe('no kernel counters', () => {
  it.runIf(prerequisite('root (to mount a tmpfs)', isRoot))('a restore path on tmpfs: timed, disk metrics unavailable and the reason shown', async () => {
    const workspace = path.join(root, 'tmpfs', 'workspace');
    await mkdir(workspace, { recursive: true });
    sh('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'disk-profiler-test', workspace]);
    try {
      expect(isMounted(workspace)).toBe(true);
      const r = await runFault({ services, root, name: 'tmpfs', workspace, inputs: { path: 'node_modules', key } });
      expect(r.mainExitCode).toBe(0);
      expect(r.outputs['cache-hit']).toBe('true');
      expect(Number(r.outputs['restore-seconds'])).toBeGreaterThan(0);
      expect(r.problems).toMatch(/Disk counters are unavailable: .*tmpfs/);
      expect(r.summary).toMatch(/\| No block metrics \| .*tmpfs/);
      // The verdict itself says why it cannot speak of the disk.
      // Nothing learned (probes none), but a tmpfs leaves no writeback tail to follow: main reports, its verdict output set.
      expect(r.reportIn).toBe('main');
      expect(r.outputs.verdict).toBe(r.profile?.verdict?.sentence);
      expect(r.profile?.verdict?.sentence).toMatch(/No disk counters for the restore path: .*tmpfs/);
      expect(r.profile?.devices.filter((d) => d.roles.includes('restore-path'))).toEqual([]);
    } finally {
      unmount(workspace);
    }
  });

  it('no /proc (as on macOS or Windows): the restore is still timed, probes run where fio exists, the rest unavailable', async () => {
    const empty = path.join(root, 'no-proc');
    const workspace = path.join(root, 'no-proc-ws');
    const runnerTemp = path.join(root, 'no-proc-temp');
    for (const d of [empty, workspace, runnerTemp]) await mkdir(d, { recursive: true });
    const hasFio = prerequisite('fio', commandExists('fio'));
    const inputs: Record<string, string> = {
      path: 'node_modules',
      key,
      probes: hasFio ? 'seq-write' : 'none',
      'probe-budget-seconds': '6',
      'install-fio': 'false',
    };
    const config = parseConfig((n) => inputs[n] ?? '', { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp, RUNNER_NAME: 'no-proc' }) as ProfileConfig;
    const warnings: string[] = [];
    const profile = await withEnv(cacheClientEnv(services, { workspace, tempDir: runnerTemp }), () =>
      runProfile(config, { log: () => {}, warn: (w) => warnings.push(w), procRoot: empty, sysRoot: empty }),
    );
    validateProfile(JSON.parse(JSON.stringify(profile)));
    expect(profile.restore?.cacheHit).toBe(true);
    expect(profile.phases.map((p) => p.name)).toEqual(['lookup', 'download', 'extract']);
    expect(profile.phases.every((p) => p.endMs > p.startMs)).toBe(true);
    expect(profile.samples.snapshots).toEqual([]);
    expect(profile.devices).toEqual([]);
    expect(profile.phases[0]?.start.cpu).toBeNull();
    expect(warnings.join('\n')).toContain(`Kernel counters are unavailable: no ${empty}`);
    if (hasFio) expect(profile.probes?.status).toBe('ran');
    const { markdown } = renderProfile(profile);
    expect(problemsBlock(markdown)).toContain('Kernel counters are unavailable');
    expect(markdown.split('\n')[0]!.length).toBeGreaterThan(20);
  });
});
