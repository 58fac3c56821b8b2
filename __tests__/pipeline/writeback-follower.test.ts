// The repeat run's writeback follower (issue 40, item 4), with the bundled action run as the runner runs
// it (main and post as processes) against the local services: main does not wait for the disk, the post
// step completes the profile with the tail and leaves nothing running or behind; with no post step (a
// cancelled job) the follower still ends by its deadline.
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, type LocalServices, withEnv } from '../../tools/services/index.js';
import { type LoadedHistory, loadHistory } from '../../src/history/store.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { removeDirs } from '../helpers/tree.js';
import { prerequisite } from '../helpers/prerequisites.js';
import { isAlive, parseBackgroundTail } from '../../src/pipeline/follower.js';
import { STATE } from '../../src/pipeline/state.js';
import { untilDurableMs } from '../../src/pipeline/always-on.js';
import { seconds } from '../../src/util/format.js';

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

/**
 * One answer (issue 40, item 4): main's summary says only that the report follows in the post step's;
 * the post step's is the full report, judged with the tail: its headline's time is the time until on
 * disk, and the outputs main could set agree with the profile, whose verdict is the post step's.
 */
function expectOneReport(r: Awaited<ReturnType<typeof runFault>>): void {
  const profile = r.profile;
  if (process.env.SHOW_MARKDOWN) console.log(r.jobSummary, JSON.stringify(r.outputs, null, 1));
  expect(profile?.verdict, 'the profile holds a verdict').toBeTruthy();
  if (!profile?.verdict) return;
  // Main recorded that the post step holds the report; the harness's report is the post step's part.
  expect(r.state[STATE.reportStep]).toBe('post');
  expect(r.reportIn).toBe('post');
  expect(r.summary.split('\n')[0]).toMatch(/^### \S/);
  expect(r.mainSummary).not.toContain('### ');
  // Main writes one short line and no heading; the post step's report starts at its headline.
  const start = r.jobSummary.indexOf('### ');
  expect(start, 'the post step wrote a report').toBeGreaterThan(0);
  const mainPart = r.jobSummary.slice(0, start);
  const postPart = r.jobSummary.slice(start);
  expect(mainPart).toMatch(/report follows in the post step's summary/);
  expect(mainPart.trim().split('\n')).toHaveLength(1);
  expect(mainPart).not.toContain(profile.verdict.sentence);
  expect(mainPart).not.toMatch(/network|disk-bandwidth|disk-iops|cpu|bound|bottleneck/i);
  // The post's report, with the tail: the headline's box gives the time until on disk.
  const onDiskMs = untilDurableMs(profile);
  expect(onDiskMs).not.toBeNull();
  const head = postPart.split('\n').slice(0, 6).join('\n');
  expect(head, postPart.slice(0, 800)).toContain(seconds(onDiskMs ?? 0));
  expect(postPart).toContain(profile.verdict.sentence);
  expect(postPart.match(/^### /gm)?.length ?? 0, 'one headline, not two reports').toBeGreaterThan(0);
  expect(r.jobSummary.split('\n').filter((l) => l === postPart.split('\n')[0])).toHaveLength(1);
  // Outputs: what main knew, as actions/cache; the verdict's and the tail's empty, never main's own judgement.
  expect(r.outputs['cache-primary-key']).toBe(profile.restore?.keysTried[0]);
  expect(r.outputs['cache-hit']).toBe('true');
  expect(r.outputs['cache-matched-key']).toBe(profile.restore?.matchedKey);
  expect(r.outputs['restore-seconds']).toBe(((profile.restore?.restoreMs ?? 0) / 1000).toFixed(3));
  for (const name of ['verdict', 'bottleneck', 'writeback-seconds']) expect(r.outputs[name] ?? '', name).toBe('');
}

/** The label's newest history entry in the local cache service, as the next run would read it. */
async function savedHistory(r: Awaited<ReturnType<typeof runFault>>, label: string): Promise<LoadedHistory> {
  return withEnv(cacheClientEnv(services, { workspace: r.workspace, tempDir: r.runnerTemp }), () => loadHistory(label));
}

/**
 * The run's history row was added by the post step, which judged it with the tail: its writeback phase, time
 * until on disk and bottleneck are the profile's; the regression flag, decided there, reaches no output.
 */
async function expectHistoryRowJudgedWithTail(r: Awaited<ReturnType<typeof runFault>>, label: string): Promise<void> {
  const profile = r.profile;
  const writeback = profile?.phases.find((p) => p.name === 'writeback');
  if (!profile?.verdict || !writeback) throw new Error('the post step left no verdict or writeback phase');
  expect(profile.history?.saved, 'the post step saved the history').toMatchObject({ ok: true });
  const row = (await savedHistory(r, label)).earlier.at(-1);
  expect(row?.phasesMs.writeback).toBe(writeback.endMs - writeback.startMs);
  expect(row?.untilDurableMs).toBe(untilDurableMs(profile));
  expect(row?.bottleneck).toBe(profile.verdict.bottleneck);
  expect(r.log.split('\n').filter((l) => l.includes('this run added to the history'))).toHaveLength(1);
  expect(r.outputs.regression ?? '', 'regression is decided in the post step, whose outputs no step reads').toBe('');
}

describe('the writeback follower of a repeat run', () => {
  it('main exits before the restore is on disk; the post step completes the profile and leaves nothing behind', async () => {
    const r = await runFault({ services, root, name: 'full', inputs: { ...REPEAT, label: 'follower-full' } });
    expect(r.mainExitCode, r.log.slice(-1500)).toBe(0);
    const tail = parseBackgroundTail(r.state[STATE.writebackFollower] ?? '');
    expect(tail, 'main left the tail to the follower').not.toBeNull();
    // Main never opened the writeback group: it did not wait for the disk.
    expect(r.log).not.toContain('Restore: writeback tail');
    const writeback = r.profile?.phases.find((p) => p.name === 'writeback');
    expect(writeback, 'the post step added the writeback phase').toBeDefined();
    expect(r.profile?.writebackTail?.syncs.length).toBeGreaterThan(0);
    expect(r.profile?.writebackTail?.complete).toBe(true);
    expectOneReport(r);
    await expectHistoryRowJudgedWithTail(r, 'follower-full');
    expect(isAlive(tail?.pid ?? -1), 'the follower is gone after the post step').toBe(false);
    const left = readdirSync(path.join(r.runnerTemp, 'disk-profiler'));
    expect(
      left.every((f) => /^profile-.*\.json$/.test(f)),
      `left in the state directory: ${left.join(', ')}`,
    ).toBe(true);
  }, 120_000);

  it.runIf(prerequisite('/dev/shm (a tmpfs, no mount needed)', existsSync('/dev/shm')))(
    'a restore into a tmpfs has no tail to follow: main times it, judges and reports, the verdict in its outputs',
    async () => {
      const workspace = mkdtempSync(path.join('/dev/shm', 'disk-profiler-follower-'));
      try {
        const r = await runFault({ services, root, name: 'in-memory', inputs: { ...REPEAT, label: 'follower-in-memory' }, workspace });
        expect(r.mainExitCode, r.log.slice(-1500)).toBe(0);
        expect(r.profile?.context.fileSystems.find((f) => f.path === path.join(workspace, 'node_modules'))?.fsType).toBe('tmpfs');
        expect(r.state[STATE.writebackFollower] ?? '', 'no follower started').toBe('');
        expect(r.state[STATE.reportStep]).toBe('main');
        expect(r.reportIn).toBe('main');
        // Main timed the (empty) tail itself and reported: the verdict's outputs are set and agree with the profile.
        expect(r.log).toContain('Restore: writeback tail');
        expect(r.profile?.writebackTail?.complete).toBe(true);
        expect(r.profile?.verdict?.bottleneck).toBeTruthy();
        expect(r.outputs.bottleneck).toBe(r.profile?.verdict?.bottleneck);
        expect(r.outputs.verdict).toBe(r.profile?.verdict?.sentence);
        expect(r.outputs['writeback-seconds']).not.toBe('');
        expect(r.summary.split('\n')[0]).toMatch(/^### \S/);
        expect(r.mainSummary).toContain(r.profile?.verdict?.sentence);
        // Main judged, so main added the run to its history and set the regression flag.
        expect(r.profile?.history?.saved).toMatchObject({ ok: true });
        expect(r.outputs.regression).toBe(String((r.profile?.history?.regressions.length ?? 0) > 0));
        expect((await savedHistory(r, 'follower-in-memory')).earlier.at(-1)?.untilDurableMs).toBe(untilDurableMs(r.profile ?? { restore: null, phases: [] }));
      } finally {
        await removeDirs(workspace);
      }
    },
    120_000,
  );

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
