// Remembered fixes through the pipeline's stages (issue 40, item 2) against the local Actions cache
// services: a run whose experiments: auto measured stores its fixes; the next run on the same hardware
// and cache looks them up beside the ceilings, reuses them without extracting anything, and its
// report says which run measured them; a run with another file count measures again and says why.
// The profile is a real lab recording with measured fixes (fixtures/experiments): its restore took
// ~15 s, so auto would choose the experiments for it.
//
// The post step's report of a repeat run whose tail main followed in the background (issue 40, item 4,
// src/pipeline/post-judge.ts), against the local Actions cache services: a restore whose step took
// under 10 s but whose files were on disk only after more than 10 s. Main reads the remembered fixes
// beside tar but cannot judge with them (auto's 10 s gate needs the tail); the post step, with the tail,
// applies the same gate, finds the fix measured on an earlier run for this hardware and cache shape, and
// shows it in its report. Where none is remembered, the post step stores "to measure" once, and the next
// run's main waits for its tail and measures, though its restore came in under the gate.
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
import { judgeProfile } from '../../src/judge/judge.js';
import type { MachineSession } from '../../src/machine/session.js';
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS } from '../../src/judge/auto-rules.js';
import { autoExperiments, earlyReads, startFixesLoad, untilDurableMs } from '../../src/pipeline/always-on.js';
import type { FollowResult } from '../../src/pipeline/follower.js';
import { judgeWithTail } from '../../src/pipeline/post-judge.js';
import { judgeOnce } from '../../src/pipeline/stages/judge.js';
import { recordExperiments, runExperimentStage } from '../../src/pipeline/stages/experiments.js';
import { fixesEntryFor, nothingToMeasureHeld, rememberFixes, toMeasureHeld } from '../../src/pipeline/stages/remembered.js';
import { whoWaitsForTail, type TailFacts } from '../../src/pipeline/tail-decision.js';
import type { Placement } from '../../src/pipeline/stages/placement.js';
import type { Profile } from '../../src/profile/schema.js';
import { EXPERIMENT_NAMES } from '../../src/profile/schema.js';
import { profileErrors, validateProfile } from '../../src/profile/validate.js';
import { fixesCacheId, fixesKeyPrefix, loadFixes, type RememberedFixes } from '../../src/remember/fixes.js';
import { renderJudged, renderProfile } from '../../src/report/render.js';
import type { TimedRestore } from '../../src/restore/timed-restore.js';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { removeDirs, tempDir } from '../helpers/tree.js';

const text = readFileSync(new URL('../../fixtures/experiments/lab-disk-iops-steps.json', import.meta.url), 'utf8');
const recording = (): Profile => validateProfile(JSON.parse(text));
/** The recording as run `runId` would have profiled it, judged, before its experiments. */
function judgedRun(): Profile {
  const profile = validateProfile(JSON.parse(text));
  profile.verdict = judgeProfile(profile);
  return profile;
}

/** What the reuse path must not touch: the machine, the restore's archive, the placement. */
const untouchable = <T extends object>(what: string): T =>
  new Proxy({} as T, {
    get: (_t, key) => {
      throw new Error(`${what}.${String(key)} was used, but remembered fixes extract nothing`);
    },
  });

/** Where tar is taken to have exited: under auto's gate, so main alone cannot apply it. */
const TAR_EXIT_MS = 6_000;

/** As main stores what it learned: the entry for a run judged with its tail, then stored. */
const remember = (
  plan: Parameters<typeof fixesEntryFor>[0],
  experiments: Parameters<typeof fixesEntryFor>[1],
  profile: Profile,
  ...rest: [string, Parameters<typeof rememberFixes>[4], Parameters<typeof rememberFixes>[5]]
) =>
  rememberFixes(
    fixesEntryFor(plan, experiments, { restoreMs: profile.restore?.restoreMs ?? null, judgedWithTail: true, nothingToMeasureHeld: false }),
    plan,
    profile,
    ...rest,
  );

/** The recording as a cache of its own (another path): the test above remembers nothing for it. */
function ofOwnCache(p: Profile, path = 'post-step-cache'): Profile {
  const r = p.restore as NonNullable<Profile['restore']>;
  p.restore = { ...r, paths: [...r.paths, path] };
  return p;
}

/** The repeat run as main leaves it (no tail, no experiments) and what the follower hands the post step. */
function repeatRun(cachePath?: string): { main: Profile; followed: FollowResult; onDiskMs: number } {
  const p = ofOwnCache(recording(), cachePath);
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

/** A repeat run's tail facts as extraction ends (a disk left dirty, ceilings remembered, experiments: auto), with what was remembered. */
const repeatTailFacts = (
  restoreMs: number | null,
  remembered: Partial<Pick<TailFacts, 'fixesRemembered' | 'nothingToMeasureRemembered' | 'toMeasureRemembered'>>,
): TailFacts => ({
  restoreInMemory: false,
  dirtyAtExtractEndBytes: 1,
  runProbes: false,
  experimentsCanRun: true,
  experimentsAuto: true,
  restoreMs,
  fixesRemembered: false,
  nothingToMeasureRemembered: false,
  toMeasureRemembered: false,
  failOnBottleneck: false,
  ...remembered,
});

describe('remembered fixes through the stages', () => {
  let services: LocalServices;
  let root: string;
  beforeAll(async () => {
    services = await startLocalServices();
    root = await tempDir('remembered-fixes');
    await mkdir(path.join(root, 'temp'));
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });
  const asRun = <T>(runId: string, fn: () => Promise<T>) =>
    withEnv({ ...cacheClientEnv(services, { workspace: root, tempDir: path.join(root, 'temp') }), GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: '1' }, fn);
  const config = { experimentsAuto: true, experiments: [...EXPERIMENT_NAMES] } as const satisfies Pick<ProfileConfig, 'experimentsAuto' | 'experiments'>;
  const hooks = (lines: string[]) => ({ log: (l: string) => lines.push(l) });

  it('measured once and remembered; reused by the next run, which says so; measured again when the file count moved', async () => {
    // Run 301: nothing remembered, so auto measures (here: the recording's measurement) and stores it.
    const first = judgedRun();
    const fingerprint = first.fingerprint as NonNullable<Profile['fingerprint']>;
    const firstLines: string[] = [];
    // An hour ago: fresh (the age limit is judged against the real clock, as a run would).
    const measuredAt = new Date(Date.now() - 3_600_000).toISOString();
    const shown = `${measuredAt.slice(0, 16).replace('T', ' ')} UTC`;
    const firstPlan = await asRun('301', async () => {
      const plan = autoExperiments(config, first, await startFixesLoad(config, fingerprint, first.restore, first.phases));
      await remember(plan, first.experiments ?? null, first, measuredAt, hooks(firstLines), (m) => firstLines.push(`warn: ${m}`));
      return plan;
    });
    expect(firstPlan).toMatchObject({ run: true, memory: { reason: 'none-remembered' } });
    expect(firstPlan?.reason).toMatch(/^experiments: auto chose .*; measured because no measured fix is remembered for this hardware and cache/);
    expect(firstLines).toEqual([
      expect.stringContaining(
        `Remembered for later runs on this hardware and cache (${fixesKeyPrefix(fixesCacheId(first.restore as NonNullable<Profile['restore']>), fingerprint.id)}301-1-`,
      ),
    ]);

    // Run 302, same hardware and cache: the fixes are reused; nothing is extracted, nothing stored again.
    const { experiments: _measuredByRun301, ...unmeasured } = judgedRun();
    const second: Profile = unmeasured;
    const lines: string[] = [];
    await asRun('302', async () => {
      const fixes = await startFixesLoad(config, fingerprint, second.restore, second.phases);
      const plan = autoExperiments(config, second, fixes);
      expect(plan).toMatchObject({ run: false, experiments: [], memory: { reason: 'fresh', remembered: { runId: '301', measuredAt } } });
      expect(plan?.reason).toMatch(
        /^experiments: auto reused the fixes measured on run 301 \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\): the same hardware, a cache within 25% of its size and file count/,
      );
      second.auto = { experiments: { run: false, reason: plan?.reason ?? '', ...(plan?.memory ? { memory: plan.memory } : {}) } };
      const run = await runExperimentStage(
        untouchable('config'),
        {
          plan,
          canRun: true,
          restore: untouchable<{ timed: TimedRestore; phases: [] }>('restore'),
          placement: untouchable<Placement>('placement'),
          originMs: 0,
          fixes,
        },
        untouchable<MachineSession>('machine'),
        () => Promise.reject(new Error('the machine was held')),
        { log: (l) => lines.push(l) },
        (m) => lines.push(`warn: ${m}`),
      );
      recordExperiments(second, run, {});
      await remember(plan, run.experiments, second, new Date().toISOString(), hooks(lines), (m) => lines.push(`warn: ${m}`));
    });
    expect(lines).toEqual([]);
    expect(second.experiments?.measuredOn).toMatchObject({ runId: '301', fingerprintId: fingerprint.id });
    expect(second.experiments?.outcomes).toEqual(first.experiments?.outcomes);
    expect(second.experiments?.startMs).toBeUndefined();
    expect(profileErrors(JSON.parse(JSON.stringify(second)))).toEqual([]);
    const { markdown } = renderProfile(second);
    if (process.env.SHOW_MARKDOWN) console.log(markdown);
    expect(markdown).toContain(`on run 301 (${shown}), on this hardware and a cache of this shape.`);
    expect(markdown).toContain('Experiments: auto reused the fixes measured on run 301');
    expect(markdown).toContain(`Measured on run 301 (${shown}), remembered for this hardware`);

    // Run 303: the cache now holds half again as many files: outside the band, so measured again.
    const third = judgedRun();
    const anatomy = third.restore?.anatomy as NonNullable<NonNullable<Profile['restore']>['anatomy']>;
    anatomy.files = Math.round(anatomy.files * 1.5);
    const plan = await asRun('303', async () => autoExperiments(config, third, await startFixesLoad(config, fingerprint, third.restore, third.phases)));
    expect(plan).toMatchObject({ run: true, memory: { reason: 'files-changed', remembered: { runId: '301' } } });
    expect(plan?.reason).toMatch(/measured because the cache holds .* files, more than 25% from the .* run 301 measured the fixes with/);

    // A restore too short for auto to choose experiments: no lookup after it (the post step's, too).
    const fast = judgedRun();
    fast.restore = { ...(fast.restore as NonNullable<Profile['restore']>), restoreMs: 2000 };
    const fastPhases = fast.phases.filter((p) => p.name !== 'writeback');
    expect(startFixesLoad(config, fingerprint, fast.restore, fastPhases)).toBeNull();

    // Read early, beside tar (always-on.ts earlyReads), under auto whatever the restore's time: the same
    // entry; not read where experiments are not auto. The gate then decides where the fixes are judged with.
    const r = second.restore as NonNullable<Profile['restore']>;
    const soFar = { paths: r.paths, compressionMethod: r.compressionMethod };
    const earlyConfig: Parameters<typeof earlyReads>[0] = { ...config, probesAuto: false, probes: [], rememberCeilings: false, history: false, label: 'early' };
    await asRun('304', async () => {
      expect(earlyReads({ ...earlyConfig, experimentsAuto: false }, fingerprint, soFar)).toEqual({ ceilings: null, history: null, fixes: null });
      const early = earlyReads(earlyConfig, fingerprint, soFar);
      expect(early.fixes).not.toBeNull();
      expect(await early.fixes).toEqual(await startFixesLoad(config, fingerprint, second.restore, second.phases));
      expect(await early.fixes).toMatchObject({ found: true, against: { measuredOn: { runId: '301' } } });
      expect(startFixesLoad(config, fingerprint, second.restore, second.phases, early.fixes)).toBe(early.fixes);
      expect(startFixesLoad(config, fingerprint, fast.restore, fastPhases, early.fixes)).toBeNull();
      // Under the gate the read fix changes nothing: auto skips the experiments as too short.
      expect(autoExperiments(config, { ...fast, phases: fastPhases }, await early.fixes)).toMatchObject({ run: false, why: { kind: 'too-short' } });
    });
  }, 60_000);

  /** What the post step reads of the inputs (post-judge.ts). */
  // History off: the post step's history row is __tests__/pipeline/writeback-follower.test.ts's.
  const postConfig = { ...config, experimentsBudgetMs: 60_000, writebackTimeoutMs: 120_000, history: false, label: 'remembered-fixes' } as const satisfies Pick<
    ProfileConfig,
    'experimentsAuto' | 'experiments' | 'experimentsBudgetMs' | 'writebackTimeoutMs' | 'history' | 'label'
  >;

  it('a step under 10 s, on disk after more than 10 s: main cannot judge with the fix; the post step shows it as measured on run 401', async () => {
    // Run 401 measured the fixes (the recording's) and remembered them for this hardware and cache.
    const first = ofOwnCache(recording());
    first.verdict = judgeProfile(first);
    const fingerprint = first.fingerprint as NonNullable<Profile['fingerprint']>;
    const measuredAt = new Date(Date.now() - 3_600_000).toISOString();
    const stored: string[] = [];
    await asRun('401', async () => {
      const plan = autoExperiments(config, first, await startFixesLoad(config, fingerprint, first.restore, first.phases));
      await remember(plan, first.experiments ?? null, first, measuredAt, { log: (l) => stored.push(l) }, (m) => stored.push(`warn: ${m}`));
    });
    expect(stored).toEqual([expect.stringContaining('Remembered for later runs on this hardware and cache')]);

    // Run 402, the repeat run: main judges without the tail, under the gate: the fix it read beside tar changes nothing there.
    const { main, followed, onDiskMs } = repeatRun();
    expect(main.restore?.restoreMs).toBeLessThan(AUTO_EXPERIMENTS_MIN_RESTORE_MS);
    expect(onDiskMs).toBeGreaterThan(AUTO_EXPERIMENTS_MIN_RESTORE_MS);
    expect(startFixesLoad(config, fingerprint, main.restore, main.phases), 'no lookup after a restore under the gate').toBeNull();
    const readBesideTar = await asRun('402', () => loadFixes(fixesCacheId(main.restore as NonNullable<Profile['restore']>), fingerprint.id));
    const mainJudged = judgeOnce(main, config, undefined, () => {}, readBesideTar);
    expect(mainJudged.experimentPlan).toMatchObject({ run: false, why: { kind: 'too-short' } });
    expect(renderJudged(main, mainJudged.judgement).markdown).not.toContain('on run 401');

    // The post step: the tail completes the profile, the gate passes, the fix is found and shown; nothing is measured.
    const lines: string[] = [];
    const posted = structuredClone(main);
    const { rendered } = await asRun('402', () => judgeWithTail(posted, followed, postConfig, { history: null, fixes: null }, { log: (l) => lines.push(l) }));
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

    // Fixes main read and handed over (pipeline/handoff.ts) are judged with, not read again: handed as
    // run 499's, the post step shows run 499 where the cache holds run 401's.
    const read = await asRun('403', async () => startFixesLoad(config, fingerprint, posted.restore, posted.phases));
    expect(read).toMatchObject({ found: true });
    const handedFixes = structuredClone(read) as Extract<RememberedFixes, { found: true }>;
    handedFixes.against.measuredOn.runId = '499';
    const again = structuredClone(main);
    const handedRun = await asRun('403', () => judgeWithTail(again, followed, postConfig, { history: null, fixes: handedFixes }, { log: () => {} }));
    expect(again.experiments?.measuredOn).toMatchObject({ runId: '499' });
    expect(handedRun.rendered.markdown).toContain('Measured on run 499');
  }, 60_000);

  it('nothing to measure, remembered once: the next run of this shape leaves its tail to the follower; another shape, or a post step that found fixes to measure, makes main wait again', async () => {
    // A 32 s network-bound restore (recorded): auto skips the experiments, which change no network.
    const networkText = readFileSync(new URL('../../fixtures/profiles/slow-segments-capped-disk.json', import.meta.url), 'utf8');
    const networkRun = (): Profile => {
      const p = validateProfile(JSON.parse(networkText));
      p.verdict = judgeProfile(p);
      return p;
    };
    const first = networkRun();
    const fingerprint = first.fingerprint as NonNullable<Profile['fingerprint']>;
    expect(first.verdict?.bottleneck).toBe('network');
    const tailFacts = (nothingToMeasureRemembered: boolean) => repeatTailFacts(first.restore?.restoreMs ?? null, { nothingToMeasureRemembered });

    // Run 601: nothing remembered, so main waited (fixes-to-measure); judged with its tail: nothing to measure, stored.
    const lines: string[] = [];
    await asRun('601', async () => {
      const fixes = await startFixesLoad(config, fingerprint, first.restore, first.phases);
      const held = nothingToMeasureHeld(fixes, fingerprint, first.restore);
      expect(held).toBe(false);
      expect(whoWaitsForTail(tailFacts(held))).toMatchObject({ who: 'main', rule: 'fixes-to-measure' });
      const plan = autoExperiments(config, first, fixes);
      expect(plan).toMatchObject({ run: false, why: { kind: 'network' } });
      const entry = fixesEntryFor(plan, null, { restoreMs: first.restore?.restoreMs ?? null, judgedWithTail: true, nothingToMeasureHeld: held });
      expect(entry).toEqual({ kind: 'nothing-to-measure' });
      await rememberFixes(entry, plan, first, new Date().toISOString(), hooks(lines), (m) => lines.push(`warn: ${m}`));
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^Remembered for later runs on this hardware and cache \(.*-601-1-.*\): that the experiments have nothing to measure for this verdict\.$/,
      ),
    ]);

    // Run 602, the same shape: the entry holds, main leaves its tail to the follower and stores nothing again.
    const second = networkRun();
    await asRun('602', async () => {
      const fixes = await startFixesLoad(config, fingerprint, second.restore, second.phases);
      expect(fixes).toMatchObject({ found: false, reason: expect.stringMatching(/^run 601 \(.*\) judged this cache network, which no experiment changes$/) });
      const held = nothingToMeasureHeld(fixes, fingerprint, second.restore);
      expect(held).toBe(true);
      expect(whoWaitsForTail(tailFacts(held))).toMatchObject({ who: 'follower', rule: 'nothing-to-measure' });
      const plan = autoExperiments(config, second, fixes);
      expect(fixesEntryFor(plan, null, { restoreMs: second.restore?.restoreMs ?? null, judgedWithTail: false, nothingToMeasureHeld: held })).toBeNull();
      // Other hardware, or a cache half again as large: out of the regime it was judged in.
      expect(nothingToMeasureHeld(fixes, { ...fingerprint, id: 'ffffffffffff' }, second.restore)).toBe(false);
      const grown = { ...(second.restore as NonNullable<Profile['restore']>), archiveBytes: Math.round((second.restore?.archiveBytes ?? 0) * 1.5) };
      expect(nothingToMeasureHeld(fixes, fingerprint, grown)).toBe(false);
    });

    // Run 603's post step judged, with the tail, that auto would measure (a disk-bound tail), and cannot: it stores "to measure".
    const third = networkRun();
    const postLines: string[] = [];
    await asRun('603', async () => {
      const plan = {
        ...autoExperiments(config, { ...third, verdict: { ...(third.verdict as NonNullable<Profile['verdict']>), bottleneck: 'disk-iops' } }),
        run: true,
      } as NonNullable<ReturnType<typeof autoExperiments>>;
      const entry = fixesEntryFor(plan, null, { restoreMs: null, judgedWithTail: true, nothingToMeasureHeld: true, inPostStep: true });
      expect(entry).toEqual({ kind: 'to-measure' });
      await rememberFixes(entry, plan, third, new Date().toISOString(), hooks(postLines), (m) => postLines.push(`warn: ${m}`));
    });
    expect(postLines).toEqual([expect.stringContaining('that the experiments have fixes to measure (the next run waits for its tail and measures them)')]);
    // Run 604: the newest entry says to measure: no "nothing to measure" holds; "to measure" does, so main waits for its tail.
    await asRun('604', async () => {
      const fixes = await startFixesLoad(config, fingerprint, third.restore, third.phases);
      expect(fixes).toMatchObject({
        found: false,
        reason: expect.stringMatching(/^run 603 .* had no fixes measured$/),
        toMeasure: { measuredOn: { runId: '603' } },
      });
      expect(nothingToMeasureHeld(fixes, fingerprint, third.restore)).toBe(false);
      expect(whoWaitsForTail({ ...tailFacts(false), toMeasureRemembered: toMeasureHeld(fixes, fingerprint, third.restore) })).toMatchObject({
        who: 'main',
        rule: 'to-measure-remembered',
      });
    });
  }, 60_000);

  it('fixes to measure found by a post step: stored once; the next run waits for its tail and measures, though its restore came in under the gate', async () => {
    const cachePath = 'to-measure-cache';
    const fingerprint = recording().fingerprint as NonNullable<Profile['fingerprint']>;
    const r = ofOwnCache(recording(), cachePath).restore as NonNullable<Profile['restore']>;
    const readFixes = () => loadFixes(fixesCacheId(r), fingerprint.id);

    // Run 701's post step: nothing remembered for this cache; judged with its tail over the gate, disk-bound: "to measure" stored.
    const first = repeatRun(cachePath);
    const lines: string[] = [];
    const posted = structuredClone(first.main);
    await asRun('701', () => judgeWithTail(posted, first.followed, postConfig, { history: null, fixes: null }, hooks(lines)));
    expect(posted.auto?.experiments).toMatchObject({ run: true });
    expect(posted.experiments).toMatchObject({ status: 'skipped' });
    expect(lines).toContainEqual(expect.stringContaining('that the experiments have fixes to measure'));

    // Run 702's post step, handed that entry by its main: it holds, so nothing is stored again.
    const handed = await asRun('702', readFixes);
    expect(handed).toMatchObject({ found: false, toMeasure: { measuredOn: { runId: '701' } } });
    const again: string[] = [];
    await asRun('702', () => judgeWithTail(structuredClone(first.main), first.followed, postConfig, { history: null, fixes: handed }, hooks(again)));
    expect(again.filter((l) => l.startsWith('Remembered for later runs'))).toEqual([]);
    expect(await asRun('702', readFixes)).toMatchObject({ toMeasure: { measuredOn: { runId: '701' } } });

    // Run 703's main: the entry holds, so it waits for its tail (tail-decision.ts); its restore without the tail is under the gate.
    const mainRun = repeatRun(cachePath);
    const fixes = await asRun('703', readFixes);
    expect(toMeasureHeld(fixes, fingerprint, mainRun.main.restore)).toBe(true);
    expect(whoWaitsForTail(repeatTailFacts(mainRun.main.restore?.restoreMs ?? null, { toMeasureRemembered: true }))).toMatchObject({
      who: 'main',
      rule: 'to-measure-remembered',
    });
    // Judged under the gate (had its tail come in short), auto still measures, and says whose time passed the gate.
    const short = judgeOnce(mainRun.main, config, undefined, () => {}, fixes);
    expect(short.experimentPlan).toMatchObject({ run: true, why: { kind: 'chose', gateFrom: { runId: '701' } }, memory: { reason: 'none-remembered' } });
    expect(short.experimentPlan?.reason).toContain("but run 701's took");
    // Judged with its tail (the recording's), it measures; what it measured is stored, and the next run reuses it.
    const withTail = ofOwnCache(judgedRun(), cachePath);
    const { experimentPlan } = judgeOnce(withTail, config, undefined, () => {}, fixes);
    expect(experimentPlan).toMatchObject({ run: true, memory: { reason: 'none-remembered' } });
    const entry = fixesEntryFor(experimentPlan, withTail.experiments ?? null, {
      restoreMs: withTail.restore?.restoreMs ?? null,
      judgedWithTail: true,
      nothingToMeasureHeld: false,
    });
    expect(entry).toMatchObject({ kind: 'measured' });
    const stored: string[] = [];
    await asRun('703', () => rememberFixes(entry, experimentPlan, withTail, new Date().toISOString(), hooks(stored), (m) => stored.push(`warn: ${m}`)));
    expect(stored).toEqual([expect.stringContaining('the measured fixes')]);
    expect(await asRun('704', readFixes)).toMatchObject({ found: true, against: { measuredOn: { runId: '703' } } });
  }, 60_000);
});
