// The post step's report of a repeat run whose tail main followed in the background (issue 40, item 4,
// src/pipeline/post-judge.ts), against the local Actions cache services: a restore whose step took
// under 10 s but whose files were on disk only after more than 10 s. Main cannot look its remembered
// fixes up (auto's 10 s gate needs the tail); the post step, with the tail, applies the same gate, finds
// the fix measured on an earlier run for this hardware and cache shape, and shows it in its report.
//
// The profile is a real lab recording (fixtures/experiments/lab-disk-iops-steps.json: disk-IOPS-bound,
// 14.8 s until on disk, with measured fixes). The repeat run is derived from it: tar is taken to have
// exited at the recorded sample nearest 6 s into the restore, the rest of the recording being the tail
// the follower saw (a restore that leaves most of its bytes to writeback looks like this), so the
// time until on disk, the counters and the archive's shape are the recording's own.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileConfig } from '../../src/config/config.js';
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS } from '../../src/judge/auto-rules.js';
import { judgeProfile } from '../../src/judge/judge.js';
import { autoExperiments, startFixesLoad, untilDurableMs } from '../../src/pipeline/always-on.js';
import type { FollowResult } from '../../src/pipeline/follower.js';
import { judgeWithTail } from '../../src/pipeline/post-judge.js';
import { judgeOnce } from '../../src/pipeline/stages/judge.js';
import { rememberFixes } from '../../src/pipeline/stages/remembered.js';
import { EXPERIMENT_NAMES, type Profile } from '../../src/profile/schema.js';
import { profileErrors, validateProfile } from '../../src/profile/validate.js';
import { renderJudged } from '../../src/report/render.js';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { removeDirs, tempDir } from '../helpers/tree.js';

const text = readFileSync(new URL('../../fixtures/experiments/lab-disk-iops-steps.json', import.meta.url), 'utf8');
const recording = (): Profile => validateProfile(JSON.parse(text));
/** Where tar is taken to have exited: under auto's gate, so main alone cannot apply it. */
const TAR_EXIT_MS = 6_000;

/** The repeat run as main leaves it (no tail, no experiments) and what the follower hands the post step. */
function repeatRun(): { main: Profile; followed: FollowResult; onDiskMs: number } {
  const p = recording();
  const onDiskMs = untilDurableMs(p) as number;
  const extract = p.phases.find((x) => x.name === 'extract') as Profile['phases'][number];
  const writeback = p.phases.find((x) => x.name === 'writeback') as Profile['phases'][number];
  const lookup = p.phases[0] as Profile['phases'][number];
  const all = p.samples.snapshots;
  const cut = all.reduce((a, b) => (Math.abs(b.tMs - lookup.startMs - TAR_EXIT_MS) < Math.abs(a.tMs - lookup.startMs - TAR_EXIT_MS) ? b : a));
  const { experiments: _measuredByTheRecordedRun, auto: _, ...rest } = p;
  const main: Profile = {
    ...rest,
    phases: [...p.phases.filter((x) => x.name !== 'extract' && x.name !== 'writeback'), { ...extract, endMs: cut.tMs, end: cut }],
    restore: { ...(p.restore as NonNullable<Profile['restore']>), restoreMs: (p.restore?.restoreMs ?? 0) - (extract.endMs - cut.tMs) },
    samples: { ...p.samples, snapshots: all.filter((s) => s.tMs <= cut.tMs) },
    writebackTail: null,
    verdict: null,
  };
  const syncs = (p.writebackTail?.syncs ?? []).map((s) => ({ ...s, durationMs: writeback.endMs - cut.tMs }));
  const followed: FollowResult = { syncs, end: writeback.end, snapshots: all.filter((s) => s.tMs > cut.tMs && s.tMs < writeback.endMs) };
  return { main, followed, onDiskMs };
}

describe('the post step judges a background-tail run and applies its remembered fixes', () => {
  let services: LocalServices;
  let root: string;
  beforeAll(async () => {
    services = await startLocalServices();
    root = await tempDir('post-judge');
    await mkdir(path.join(root, 'temp'));
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });
  const asRun = <T>(runId: string, fn: () => Promise<T>) =>
    withEnv({ ...cacheClientEnv(services, { workspace: root, tempDir: path.join(root, 'temp') }), GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: '1' }, fn);
  const config = {
    experimentsAuto: true,
    experiments: [...EXPERIMENT_NAMES],
    experimentsBudgetMs: 60_000,
    writebackTimeoutMs: 120_000,
  } as const satisfies Pick<ProfileConfig, 'experimentsAuto' | 'experiments' | 'experimentsBudgetMs' | 'writebackTimeoutMs'>;

  it('a step under 10 s, on disk after more than 10 s: main cannot look the fix up; the post step shows it as measured on run 401', async () => {
    // Run 401 measured the fixes (the recording's) and remembered them for this hardware and cache.
    const first = recording();
    first.verdict = judgeProfile(first);
    const fingerprint = first.fingerprint as NonNullable<Profile['fingerprint']>;
    const measuredAt = new Date(Date.now() - 3_600_000).toISOString();
    const stored: string[] = [];
    await asRun('401', async () => {
      const plan = autoExperiments(config, first, await startFixesLoad(config, fingerprint, first.restore, first.phases));
      await rememberFixes(plan, first.experiments ?? null, first, measuredAt, { log: (l) => stored.push(l) }, (m) => stored.push(`warn: ${m}`));
    });
    expect(stored).toEqual([expect.stringContaining('remembered for later runs on this hardware and cache')]);

    // Run 402, the repeat run: main judges without the tail, under the gate, so it looks nothing up.
    const { main, followed, onDiskMs } = repeatRun();
    expect(main.restore?.restoreMs).toBeLessThan(AUTO_EXPERIMENTS_MIN_RESTORE_MS);
    expect(onDiskMs).toBeGreaterThan(AUTO_EXPERIMENTS_MIN_RESTORE_MS);
    expect(startFixesLoad(config, fingerprint, main.restore, main.phases), 'main looks no fix up').toBeNull();
    const mainJudged = judgeOnce(main, config, undefined, () => {}, null);
    expect(renderJudged(main, mainJudged.judgement).markdown).not.toContain('on run 401');

    // The post step: the tail completes the profile, the gate passes, the fix is found and shown; nothing is measured.
    const lines: string[] = [];
    const posted = structuredClone(main);
    const { rendered } = await asRun('402', () => judgeWithTail(posted, followed, config, (l) => lines.push(l)));
    if (process.env.SHOW_MARKDOWN) console.log(rendered.markdown);
    expect(untilDurableMs(posted)).toBeCloseTo(onDiskMs, 3);
    expect(posted.auto?.experiments).toMatchObject({ run: false, memory: { reason: 'fresh', remembered: { runId: '401', measuredAt } } });
    expect(posted.experiments?.measuredOn).toMatchObject({ runId: '401', fingerprintId: fingerprint.id });
    expect(posted.experiments?.outcomes).toEqual(first.experiments?.outcomes);
    expect(posted.verdict).toEqual(rendered.verdict);
    expect(rendered.markdown).toContain('Experiments: auto reused the fixes measured on run 401');
    expect(rendered.markdown).toContain('Measured on run 401');
    expect(rendered.outputs['fix-best']).toBe(first.experiments?.fixBest.alternative);
    expect(lines.some((l) => l.startsWith('experiments: auto reused the fixes measured on run 401'))).toBe(true);
    expect(profileErrors(JSON.parse(JSON.stringify(posted)))).toEqual([]);
  }, 60_000);
});
