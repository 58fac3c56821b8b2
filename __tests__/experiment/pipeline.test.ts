// The experiments as the profile pipeline runs them: runProfile against the local Actions services
// with experiments on, the profile carrying them (valid against the schema), and rendered.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProfile } from '../../src/pipeline/run-profile.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { profileErrors } from '../../src/profile/validate.js';
import { renderProfile } from '../../src/report/render.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';
import { profileConfig } from '../helpers/profile-config.js';
import { experimentTraces } from './fixture.js';
import { pageCachePredictionOf } from '../../src/experiment/page-cache-prediction.js';

const ready = prerequisite('tar and unzstd', ['tar', 'unzstd', 'sync'].every(commandExists));

describe.runIf(ready)('experiments in the profile pipeline', () => {
  let services: LocalServices;
  let root: string;
  beforeAll(async () => {
    services = await startLocalServices();
    root = await tempDir('experiments-pipeline');
    await copyPackages(path.join(root, 'source', 'deps'), ['typescript']);
    await mkdir(path.join(root, 'runner-temp'));
    await seedCache({ services, paths: ['deps'], key: 'pipe-1', workspace: path.join(root, 'source'), tempDir: path.join(root, 'runner-temp') });
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  it('runProfile runs them after the probes; the profile carries them and the report shows them', async () => {
    const workspace = path.join(root, 'ws');
    await mkdir(workspace);
    const runnerTemp = path.join(root, 'runner-temp');
    const before = await experimentTraces([runnerTemp, root]);
    const config = profileConfig({ label: 'pipeline', workspace, runnerTemp, paths: ['deps'], primaryKey: 'pipe-1', experiments: ['ram', 'decompress'] });
    const dirs: string[] = [];
    const profile = await withEnv(cacheClientEnv(services, { workspace, tempDir: runnerTemp }), () =>
      runProfile(config, { log: () => {}, warn: () => {}, onExperimentDirectory: (d) => dirs.push(d) }),
    );
    expect(profile.experiments?.status, profile.experiments?.reason).toBe('ran');
    expect(profile.experiments?.outcomes.map((o) => o.alternative)).toEqual(['baseline', 'ram', 'decompress']);
    expect(dirs.length).toBeGreaterThan(0);
    // The page-cache prediction is made from the profiled extraction, whether page-cache ran or not.
    expect(profile.experiments?.pageCachePrediction).toEqual(pageCachePredictionOf(profile));
    expect(profileErrors(JSON.parse(JSON.stringify(profile)))).toEqual([]);
    const { markdown, outputs } = renderProfile(profile);
    expect(markdown).toContain('<details><summary>Measured fixes');
    expect(markdown).toContain('> **What to do:** ');
    expect(Number(outputs['experiment-baseline-seconds'])).toBeGreaterThan(0);
    expect(Number(outputs['experiment-ram-seconds'])).toBeGreaterThan(0);
    expect(outputs['fix-best']).toMatch(/^(ram|none)$/);
    expect(await experimentTraces([runnerTemp, root])).toEqual(before);
  }, 180_000);

  it('experiments: none leaves the profile without them', async () => {
    const workspace = path.join(root, 'ws-none');
    await mkdir(workspace);
    const runnerTemp = path.join(root, 'runner-temp');
    const config = profileConfig({ label: 'pipeline', workspace, runnerTemp, paths: ['deps'], primaryKey: 'pipe-1', experiments: [] });
    const profile = await withEnv(cacheClientEnv(services, { workspace, tempDir: runnerTemp }), () => runProfile(config, { log: () => {}, warn: () => {} }));
    expect(profile.experiments).toBeUndefined();
    expect(renderProfile(profile).markdown).not.toContain('Measured fixes');
  }, 120_000);
});
