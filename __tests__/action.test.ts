// The bundled action (dist/main.js + dist/post.js, freshly built) run as the runner runs it, against
// the local services: outputs, the profile file, the step summary, and fail-on-cache-miss.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServices } from '../tools/services/index.js';
import { runAction } from '../tools/runner/run-action.js';
import { runFault, seededServices, type FaultRun } from './helpers/action-harness.js';
import { validateProfile } from '../src/profile/validate.js';
import { removeDirs, repoRoot } from './helpers/tree.js';

let services: LocalServices;
let root: string;

beforeAll(async () => {
  ({ services, root } = await seededServices('action', 'deps-linux-abc', ['tar', '@actions/core', 'typescript']));
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

/** The shared harness (token never shown, post never fails), plus what every run here must show. */
async function run(name: string, inputs: Record<string, string>): Promise<FaultRun> {
  const r = await runFault({ services, root, name, inputs: { 'writeback-timeout-seconds': '30', label: `runner-${name}`, ...inputs } });
  expect(r.log).toContain('Cache');
  expect(r.log).not.toMatch(/Warning: The profile was not uploaded/);
  return r;
}

describe('the bundled action', () => {
  it('restores, profiles and publishes outputs, summary, profile and artifact', async () => {
    const r = await run('hit', { path: 'node_modules', key: 'deps-linux-xyz', 'restore-keys': 'deps-linux-', 'upload-artifact': 'true' });
    expect(r.mainExitCode).toBe(0);
    expect(r.postExitCode).toBe(0);
    // A restore-key match: restored, but cache-hit is 'false' as actions/cache sets it (exact match of `key` only).
    expect(r.outputs['cache-hit']).toBe('false');
    expect(r.outputs['cache-primary-key']).toBe('deps-linux-xyz');
    expect(r.outputs['cache-matched-key']).toBe('deps-linux-abc');
    expect(r.outputs['matched-key']).toBe('deps-linux-abc');
    for (const name of ['lookup-seconds', 'download-seconds', 'extract-seconds', 'restore-seconds']) {
      expect(Number(r.outputs[name]), name).toBeGreaterThan(0);
    }
    const phases = ['lookup', 'download', 'extract'].reduce((s, p) => s + Number(r.outputs[`${p}-seconds`]), 0);
    expect(phases).toBeCloseTo(Number(r.outputs['restore-seconds']), 2);
    expect(Number(r.outputs['file-count'])).toBeGreaterThan(100);
    const profilePath = r.outputs['profile-path'] as string;
    expect(profilePath.startsWith(r.runnerTemp)).toBe(true);
    const profile = validateProfile(JSON.parse(readFileSync(profilePath, 'utf8')));
    // A repeat run (probes: none, nothing to learn): the verdict needs the tail, followed in the background, so
    // main leaves the verdict's outputs empty and its summary is one line; the post step's report has the verdict.
    expect(profile.verdict?.bottleneck).toMatch(/^(network|disk-bandwidth|disk-iops|cpu|writeback|none|inconclusive)$/);
    expect(r.outputs.bottleneck).toBe('');
    expect(r.outputs.verdict).toBe('');
    expect(r.jobSummary.split('\n')[0]).toMatch(/report follows in the post step's summary/);
    expect(r.reportIn).toBe('post');
    // The post step's report: the headline first, the What to do box under it; the verdict's full sentence in the evidence.
    const report = r.jobSummary.slice(r.jobSummary.indexOf('### '));
    expect(report.split('\n')[0]).toMatch(/^### \S/);
    expect(report).toContain('> **What to do:** ');
    expect(report).toContain(profile.verdict?.sentence?.slice(0, 30));
    expect(profile.label).toBe('runner-hit');
    expect(profile.restore?.matchedKey).toBe('deps-linux-abc');
    expect(JSON.stringify(profile)).not.toContain(services.env.ACTIONS_RUNTIME_TOKEN);
    expect(existsSync(path.join(root, 'hit', 'workspace', 'node_modules', 'tar', 'package.json'))).toBe(true);
    // One collapsible group per phase, in the order the profile names them. With probes: none there is
    // nothing to learn, a repeat run: main leaves the writeback tail to the follower (no group of its own),
    // and the post step adds it to the profile (__tests__/pipeline/writeback-follower.test.ts).
    expect(profile.phases.map((p) => p.name)).toEqual(['lookup', 'download', 'extract', 'writeback']);
    const groups = r.log
      .split('\n')
      .filter((l) => l.startsWith('▸ Restore: '))
      .map((l) => l.slice(2));
    expect(groups).toEqual(['Restore: lookup (cache service)', 'Restore: download', 'Restore: extraction (tar + zstd)']);
  });

  it('reports a miss with the keys tried and succeeds without fail-on-cache-miss', async () => {
    const r = await run('miss', { path: 'node_modules', key: 'other-key', 'restore-keys': 'other-' });
    expect(r.mainExitCode).toBe(0);
    // As actions/cache: on a miss cache-hit is left unset (actions/cache#1466), the primary key is still given.
    expect(r.outputs['cache-hit']).toBeUndefined();
    expect(r.outputs['cache-matched-key']).toBeUndefined();
    expect(r.outputs['cache-primary-key']).toBe('other-key');
    expect(r.summary).toContain('other-key');
  });

  it('fails the step on a miss when fail-on-cache-miss is set, and still writes the summary', async () => {
    const r = await run('miss-fail', { path: 'node_modules', key: 'other-key', 'fail-on-cache-miss': 'true' });
    expect(r.mainExitCode).toBe(1);
    expect(r.outputs['cache-hit']).toBeUndefined();
    expect(r.summary.length).toBeGreaterThan(0);
  });

  it('fails with a clear message on a bad input, and the post step says no report was written', async () => {
    let log = '';
    const result = await runAction({
      distDir: path.join(repoRoot, 'dist'),
      inputs: { path: 'node_modules', key: 'k', 'sample-interval-ms': 'fast' },
      env: { ...services.env, GITHUB_WORKSPACE: root, RUNNER_TEMP: root },
      onOutput: (chunk) => (log += chunk),
    });
    expect(result.mainExitCode).toBe(1);
    expect(log).toContain(`Input 'sample-interval-ms' is invalid: got "fast". Allowed: a whole number of milliseconds from 10 to 10000.`);
    expect(result.postExitCode).toBe(0);
    expect(result.summary).toContain('no report');
  });
});
