// The repeat run's writeback follower (issue 40, item 4), with the bundled action run as the runner runs
// it (main and post as processes) against the local services: main does not wait for the disk, the post
// step completes the profile with the tail and leaves nothing running or behind; with no post step (a
// cancelled job) the follower still ends by its deadline.
import { closeSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServices } from '../../tools/services/index.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { removeDirs } from '../helpers/tree.js';
import { isAlive, parseBackgroundTail } from '../../src/pipeline/follower.js';
import { STATE } from '../../src/pipeline/state.js';

let services: LocalServices;
let root: string;

beforeAll(async () => {
  ({ services, root } = await seededServices('follower', 'deps-linux-follower', ['tar', '@actions/core']));
}, 240_000);

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

/** Dirty data on the restore's file system, so its syncfs takes a while after extraction (the test's own file). */
function dirty(dir: string, bytes: number): void {
  const fd = openSync(path.join(dir, 'dirty.bin'), 'w');
  const chunk = Buffer.alloc(4 * 1024 * 1024, 7);
  for (let written = 0; written < bytes; written += chunk.length) writeSync(fd, chunk);
  closeSync(fd);
}

// probes: none and a short restore: nothing to learn, a repeat run.
const REPEAT = { path: 'node_modules', key: 'deps-linux-follower', probes: 'none', 'writeback-timeout-seconds': '20' };

describe('the writeback follower of a repeat run', () => {
  it('main exits before the restore is on disk; the post step completes the profile and leaves nothing behind', async () => {
    const r = await runFault({ services, root, name: 'full', inputs: { ...REPEAT, label: 'follower-full' } });
    expect(r.mainExitCode, r.log.slice(-1500)).toBe(0);
    const tail = parseBackgroundTail(r.state[STATE.writebackFollower] ?? '');
    expect(tail, 'main left the tail to the follower').not.toBeNull();
    expect(r.summary).toContain('followed until on disk in the background');
    // Main never opened the writeback group: it did not wait for the disk.
    expect(r.log).not.toContain('Restore: writeback tail');
    expect(r.summary).toMatch(/Until on disk: \d+\.\d\d s/);
    const writeback = r.profile?.phases.find((p) => p.name === 'writeback');
    expect(writeback, 'the post step added the writeback phase').toBeDefined();
    expect(r.profile?.writebackTail?.syncs.length).toBeGreaterThan(0);
    expect(r.profile?.writebackTail?.complete).toBe(true);
    expect(isAlive(tail?.pid ?? -1), 'the follower is gone after the post step').toBe(false);
    const left = readdirSync(path.join(r.runnerTemp, 'disk-profiler'));
    expect(
      left.every((f) => /^profile-.*\.json$/.test(f)),
      `left in the state directory: ${left.join(', ')}`,
    ).toBe(true);
  }, 120_000);

  it('with no post step (a cancelled job), the follower ends on its own after main, by its deadline', async () => {
    const workspace = path.join(root, 'cancel', 'workspace');
    mkdirSync(workspace, { recursive: true });
    // Written before the step: syncfs of the workspace's file system has it to flush after extraction.
    dirty(workspace, 1024 ** 3);
    const r = await runFault({ services, root, name: 'cancel', inputs: { ...REPEAT, label: 'follower-cancel' }, workspace, extra: { skipPost: true } });
    const mainExitedEpochMs = Date.now();
    const tail = parseBackgroundTail(r.state[STATE.writebackFollower] ?? '');
    expect(tail).not.toBeNull();
    if (!tail) return;
    while (isAlive(tail.pid) && Date.now() < tail.endsByEpochMs) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isAlive(tail.pid), 'the follower ended by its deadline').toBe(false);
    // Its result was written when syncfs returned: after main had exited, so main did not wait for it.
    expect(statSync(tail.resultFile).mtimeMs).toBeGreaterThan(mainExitedEpochMs - 50);
    expect(statSync(tail.resultFile).mode & 0o777).toBe(0o600);
  }, 120_000);
});
