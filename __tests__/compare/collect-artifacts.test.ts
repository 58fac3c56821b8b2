// Compare mode through the local artifact service with the real @actions/artifact: profiles of
// different disks uploaded as a matrix would, plus a malformed and a foreign artifact.
import { DefaultArtifactClient } from '@actions/artifact';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServices, clientEnv, withEnv, type LocalServices } from '../../tools/services/index.js';
import { collectProfileArtifacts } from '../../src/compare/collect-artifacts.js';
import { runAction } from '../../tools/runner/run-action.js';
import { recorded } from './recorded.js';
import { removeDirs, repoRoot, tempDir } from '../helpers/tree.js';

let services: LocalServices;
let root: string;

async function upload(name: string, fileName: string, content: string): Promise<void> {
  const dir = path.join(root, 'uploads', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, fileName), content);
  await withEnv(clientEnv(services.env, { GITHUB_WORKSPACE: root }), () => new DefaultArtifactClient().uploadArtifact(name, [path.join(dir, fileName)], dir));
}

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('compare');
  const virtio = recorded('lab-baseline.json', 'virtio');
  const throttled = recorded('lab-disk-bandwidth.json', 'throttled-40MiBps');
  await upload('disk-profile-virtio-1', 'profile-virtio.json', JSON.stringify(virtio.profile));
  await upload(
    'disk-profile-virtio-2',
    'profile-virtio.json',
    JSON.stringify({ ...virtio.profile, restore: { ...virtio.profile.restore, restoreMs: virtio.profile.restore!.restoreMs * 1.1 } }),
  );
  await upload('disk-profile-throttled', 'profile-throttled.json', JSON.stringify(throttled.profile));
  await upload('disk-profile-broken', 'profile-broken.json', '{"schemaVersion": 1, "label": ');
  await upload('disk-profile-foreign', 'profile-foreign.json', JSON.stringify({ hello: 'world' }));
  await upload('unrelated-logs', 'log.json', '{}');
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

describe('collectProfileArtifacts', () => {
  it('downloads the matching artifacts and reports the malformed ones by name', async () => {
    const dir = path.join(root, 'download');
    const collected = await withEnv(clientEnv(services.env, { GITHUB_WORKSPACE: root, RUNNER_TEMP: root }), () =>
      collectProfileArtifacts('disk-profile-*', dir),
    );
    expect(collected.matched).toBe(5);
    expect(collected.profiles.map((p) => p.profile.label).sort()).toEqual(['throttled-40MiBps', 'virtio', 'virtio']);
    expect(collected.problems).toHaveLength(2);
    expect(collected.problems.find((p) => p.includes("'disk-profile-broken'"))).toMatch(/not JSON/);
    expect(collected.problems.find((p) => p.includes("'disk-profile-foreign'"))).toMatch(/not a disk-profiler profile/);
  });
});

describe('the bundled action in compare mode', () => {
  it('writes one ranked summary and the outputs', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot });
    const runnerTemp = path.join(root, 'step-temp');
    mkdirSync(runnerTemp, { recursive: true });
    const r = await runAction({
      distDir: path.join(repoRoot, 'dist'),
      inputs: { mode: 'compare', prices: 'virtio=0.006, throttled-40MiBps=0.005' },
      env: { ...services.env, GITHUB_WORKSPACE: root, RUNNER_TEMP: runnerTemp },
      onOutput: () => {},
    });
    expect(r.mainExitCode).toBe(0);
    expect(r.summary).toContain('| $ per restore / 1,000 runs |');
    expect(r.summary).toContain('runners compared');
    expect(r.summary).toContain('Profiles left out');
    expect(r.summary).not.toContain('no report');
    expect(r.outputs['fastest-seq-write']).toBe('virtio');
    const comparison = JSON.parse(r.outputs['comparison-json'] as string) as { runners: { label: string; sources: string[] }[] };
    expect(comparison.runners.map((x) => x.label).sort()).toEqual(['throttled-40MiBps', 'virtio']);
    expect(comparison.runners.find((x) => x.label === 'virtio')?.sources).toHaveLength(2);
    expect(r.outputs['fastest-runner']).toBe(comparison.runners[0]?.label);
    expect(r.outputs['recommended-runner']).toBe((comparison as unknown as { recommendation: { pick: string } }).recommendation.pick);
    expect(r.summary).toContain(`for this cache`);
  });

  it('refuses a bad prices input, naming the input, the value and what is allowed', async () => {
    const runnerTemp = path.join(root, 'step-temp-prices');
    mkdirSync(runnerTemp, { recursive: true });
    const lines: string[] = [];
    const r = await runAction({
      distDir: path.join(repoRoot, 'dist'),
      inputs: { mode: 'compare', prices: 'virtio=cheap' },
      env: { ...services.env, GITHUB_WORKSPACE: root, RUNNER_TEMP: runnerTemp },
      onOutput: (chunk) => lines.push(chunk),
    });
    expect(r.mainExitCode).not.toBe(0);
    expect(lines.join('\n')).toMatch(/Input 'prices' is invalid: got "virtio=cheap"\. Allowed: label=price pairs/);
  });
});
