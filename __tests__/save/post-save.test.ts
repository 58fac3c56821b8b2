// The save in the post step, through the bundled action run as the runner runs it (main, then post with
// job.status in its job-status input), against the local services: as actions/cache's post step, a miss is
// saved (and plain restoreCache restores it), an exact hit is not, a failed job is not, `save: false` is not;
// the save is in the profile JSON, the summary's Save section and the uploaded artifact.
import { restoreCache } from '@actions/cache';
import { DefaultArtifactClient } from '@actions/artifact';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, clientEnv, withEnv, type LocalServices } from '../../tools/services/index.js';
import { runFault, seededServices, type FaultRun } from '../helpers/action-harness.js';
import { validateProfile } from '../../src/profile/validate.js';
import { copyPackages, removeDirs, treeFingerprint } from '../helpers/tree.js';

let services: LocalServices;
let root: string;
const SEEDED = 'deps-post-seeded';

beforeAll(async () => {
  ({ services, root } = await seededServices('post-save', SEEDED, ['tar', '@actions/core']));
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

/** A workspace holding node_modules already (what a job's install step leaves) and the action run on it. */
async function run(name: string, inputs: Record<string, string>, jobStatusAtPost?: 'success' | 'failure' | 'cancelled'): Promise<FaultRun> {
  const workspace = path.join(root, name, 'workspace');
  await copyPackages(path.join(workspace, 'node_modules'), ['tar', 'semver']);
  return runFault({ services, root, name, workspace, inputs: { path: 'node_modules', 'upload-artifact': 'false', ...inputs }, extra: { jobStatusAtPost } });
}

async function plainRestore(name: string, key: string): Promise<string | undefined> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  return withEnv(cacheClientEnv(services, { workspace: dir, tempDir: path.join(root, 'seed-temp') }), () => restoreCache(['node_modules'], key));
}

describe('the save in the post step', () => {
  it('saves on a miss, through saveCache: plain restoreCache restores it; the save is in the profile, summary and artifact', async () => {
    const r = await run('miss', { key: 'deps-post-miss', 'upload-artifact': 'true', label: 'post-miss' });
    expect(r.mainExitCode).toBe(0);
    expect(r.profile?.restore?.cacheHit).toBe(false);
    // The profile was re-read after the post step wrote the save into it.
    const profile = validateProfile(JSON.parse(await readFile(r.outputs['profile-path'] as string, 'utf8')));
    const save = profile.save;
    expect(save?.status).toBe('saved');
    expect(save?.key).toBe('deps-post-miss');
    expect(save?.phases.map((p) => p.name)).toEqual(['list', 'archive', 'reserve', 'upload', 'commit']);
    expect(save?.verdict?.sentence).toMatch(/^Save: /);
    expect(r.summary).toContain('### Save');
    expect(r.summary).toContain('Saved `deps-post-miss`');
    expect(r.log).toContain('Cache saved with key: deps-post-miss');
    const groups = r.log
      .split('\n')
      .filter((l) => l.startsWith('▸ Save: '))
      .map((l) => l.slice(2));
    expect(groups).toEqual(['Save: listing the paths', 'Save: creating the archive (tar + zstd)', 'Save: reserving the entry', 'Save: upload', 'Save: commit']);

    expect(await plainRestore('miss-plain', 'deps-post-miss')).toBe('deps-post-miss');
    expect(await treeFingerprint(path.join(root, 'miss-plain', 'node_modules'))).toEqual(await treeFingerprint(path.join(r.workspace, 'node_modules')));

    // One artifact, uploaded by the post step, holding the profile with the save.
    const downloaded = path.join(root, 'miss-artifact');
    await withEnv(clientEnv(services.env), async () => {
      const client = new DefaultArtifactClient();
      const { artifact } = await client.getArtifact('disk-profile-post-miss');
      await client.downloadArtifact(artifact.id, { path: downloaded });
    });
    const [file] = (await readdir(downloaded)).filter((f) => f.endsWith('.json'));
    const uploaded = validateProfile(JSON.parse(await readFile(path.join(downloaded, file as string), 'utf8')));
    expect(uploaded.save?.status).toBe('saved');
    expect(uploaded.save?.cacheId).toBe(save?.cacheId);
  });

  it('does not save after an exact hit, as actions/cache', async () => {
    const r = await run('exact', { key: SEEDED });
    expect(r.outputs['cache-hit']).toBe('true');
    const profile = validateProfile(JSON.parse(await readFile(r.outputs['profile-path'] as string, 'utf8')));
    expect(profile.save?.status).toBe('skipped');
    expect(profile.save?.reason).toBe(`Cache hit occurred on the primary key ${SEEDED}, not saving cache.`);
    expect(r.summary).toContain(`Cache hit occurred on the primary key ${SEEDED}`);
  });

  it('saves under the primary key after a restore-key hit, as actions/cache', async () => {
    const r = await run('partial', { key: 'deps-post-seeded-2', 'restore-keys': 'deps-post-' });
    expect(r.outputs['cache-hit']).toBe('false');
    const profile = validateProfile(JSON.parse(await readFile(r.outputs['profile-path'] as string, 'utf8')));
    expect(profile.save?.status).toBe('saved');
    expect(await plainRestore('partial-plain', 'deps-post-seeded-2')).toBe('deps-post-seeded-2');
  });

  it('does not save when the job has failed (a later step), nor when cancelled', async () => {
    for (const status of ['failure', 'cancelled'] as const) {
      const key = `deps-post-${status}`;
      const r = await run(`job-${status}`, { key }, status);
      expect(r.mainExitCode).toBe(0);
      const profile = validateProfile(JSON.parse(await readFile(r.outputs['profile-path'] as string, 'utf8')));
      expect(profile.save?.status).toBe('skipped');
      expect(profile.save?.reason).toContain(`the job's status is ${status}`);
      expect(await plainRestore(`job-${status}-plain`, key)).toBeUndefined();
    }
  });

  it('does not save when main failed (fail-on-cache-miss)', async () => {
    const r = await run('main-failed', { key: 'deps-post-main-failed', 'fail-on-cache-miss': 'true' });
    expect(r.mainExitCode).toBe(1);
    expect(await plainRestore('main-failed-plain', 'deps-post-main-failed')).toBeUndefined();
  });

  it('save: false turns it off', async () => {
    const r = await run('save-false', { key: 'deps-post-off', save: 'false' });
    const profile = validateProfile(JSON.parse(await readFile(r.outputs['profile-path'] as string, 'utf8')));
    expect(profile.save?.status).toBe('skipped');
    expect(profile.save?.reason).toContain('save input is false');
    expect(await plainRestore('save-false-plain', 'deps-post-off')).toBeUndefined();
  });
});
