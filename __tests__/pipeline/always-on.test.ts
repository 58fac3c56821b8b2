// Always on (issue 24) through the profile pipeline against the local Actions services: remembered
// ceilings (stored after probing, restored by the next run, probed again on other hardware), the
// auto experiments, and a label's history (built over runs, a slow run flagged, a lost entry noted).
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProfile } from '../../src/pipeline/run-profile.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import type { ProfileConfig } from '../../src/config/config.js';
import type { Profile } from '../../src/profile/schema.js';
import { profileErrors } from '../../src/profile/validate.js';
import { renderProfile } from '../../src/report/render.js';
import { historyKeyPrefix } from '../../src/history/store.js';
import { ceilingsKeyPrefix } from '../../src/remember/ceilings.js';
import { EXPERIMENT_NAMES } from '../../src/profile/schema.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';
import { profileConfig } from '../helpers/profile-config.js';
import { sayVerdict } from '../../src/report/say/verdict.js';

const ready = prerequisite('tar and unzstd', ['tar', 'unzstd', 'sync'].every(commandExists));
const hasFio = ready && prerequisite('fio', commandExists('fio'));

describe.runIf(ready)('always on, against the local services', () => {
  let services: LocalServices;
  let root: string;
  let shm: string | undefined;
  let runs = 0;

  beforeAll(async () => {
    services = await startLocalServices();
    root = await tempDir('always-on');
    await copyPackages(path.join(root, 'source', 'deps'), ['tar', '@actions/core']);
    await mkdir(path.join(root, 'runner-temp'));
    await seedCache({ services, paths: ['deps'], key: 'always-1', workspace: path.join(root, 'source'), tempDir: path.join(root, 'runner-temp') });
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root, shm);
  });

  /** One run of the pipeline as run `runId` of the workflow, in a fresh workspace under `base`. */
  async function profileRun(runId: string, over: Partial<ProfileConfig>, base = root): Promise<Profile> {
    const workspace = path.join(base, `ws-${++runs}`);
    await mkdir(workspace, { recursive: true });
    const runnerTemp = path.join(root, 'runner-temp');
    const config = profileConfig({ workspace, runnerTemp, paths: ['deps'], primaryKey: 'always-1', writebackTimeoutMs: 10_000, ...over });
    const env = { ...cacheClientEnv(services, { workspace, tempDir: runnerTemp }), GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: '1' };
    const profile = await withEnv(env, () => runProfile(config, { log: () => {}, warn: () => {} }));
    expect(profileErrors(JSON.parse(JSON.stringify(profile)))).toEqual([]);
    return profile;
  }

  it.runIf(hasFio)(
    'the first run probes and remembers; the second uses them and says whose; other hardware probes again',
    async () => {
      const auto: Partial<ProfileConfig> = {
        label: 'ceilings',
        probes: ['seq-write', 'rand-write'],
        probesAuto: true,
        rememberCeilings: true,
        probeBudgetMs: 6000,
      };
      const first = await profileRun('101', auto);
      expect(first.auto?.probes).toMatchObject({ run: true, reason: expect.stringContaining('no ceilings are remembered') });
      expect(first.probes?.status).toBe('ran');
      expect(first.verdict && sayVerdict(first.verdict, first)).toContain('(Ceilings probed by this run.)');
      const id = first.fingerprint?.id as string;
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      expect(first.ceilingsSource).toMatchObject({
        kind: 'this-run',
        runId: '101',
        cacheKey: expect.stringMatching(new RegExp(`^${ceilingsKeyPrefix(id)}101-1-`)),
      });

      const second = await profileRun('102', auto);
      expect(second.fingerprint?.id).toBe(id);
      expect(second.auto?.probes).toMatchObject({ run: false, reason: expect.stringContaining('remembered from run 101') });
      expect(second.probes?.status).toBe('skipped');
      expect(second.probes?.wallMs).toBe(0);
      // What was remembered: the first run's probes that measured (a probe cut by the budget on a busy machine is not a ceiling).
      const measured = first.probes?.probes.filter((p) => !p.error) ?? [];
      expect(measured.length).toBeGreaterThan(0);
      expect(second.probes?.probes.map((p) => [p.name, p.iops])).toEqual(measured.map((p) => [p.name, p.iops]));
      expect(second.ceilingsSource).toMatchObject({ kind: 'remembered', runId: '101', probedAt: first.ceilingsSource?.probedAt });
      expect(second.verdict && sayVerdict(second.verdict, second)).toContain('Ceilings remembered from run 101');
      const { markdown, outputs } = renderProfile(second);
      expect(markdown).toContain('Ceilings remembered from run 101');
      expect(markdown).toContain(`Hardware \`${id}\``);
      expect(outputs['seq-write-mibps']).toBeTruthy();
      expect(outputs['ceilings-source']).toBe('run 101');
      expect(outputs['hardware-fingerprint']).toBe(id);

      // Another file system under the restore path (tmpfs): another fingerprint, nothing remembered for it.
      shm = path.join('/dev/shm', `disk-profiler-always-${process.pid}`);
      const third = await profileRun('103', auto, shm);
      expect(third.fingerprint?.id).not.toBe(id);
      expect(third.auto?.probes).toMatchObject({ run: true, reason: expect.stringContaining('no ceilings are remembered') });
    },
    120_000,
  );

  it('five runs build a history; a slow run is flagged; a deleted history starts over with a note; experiments: auto says why it skipped', async () => {
    const label = 'history-label';
    const over: Partial<ProfileConfig> = { label, history: true, experiments: [...EXPERIMENT_NAMES], experimentsAuto: true };
    const first = await profileRun('201', over);
    expect(first.history).toMatchObject({ startedNew: true, earlierRuns: 0, restoredKey: null, saved: { ok: true } });
    expect(first.history?.notes.join(' ')).toMatch(/No history of 'history-label' was found .* starts a new one/);
    // A small restore: nothing worth a minute of experiments, and the profile says why.
    expect(first.auto?.experiments?.run).toBe(false);
    expect(first.auto?.experiments?.reason).toMatch(/^experiments: auto skipped them: /);
    expect(first.experiments).toBeUndefined();

    let last = first;
    for (const runId of ['202', '203', '204', '205']) last = await profileRun(runId, over);
    expect(last.history).toMatchObject({ startedNew: false, earlierRuns: 4, regressions: [] });
    expect(last.history?.groups).toHaveLength(1);
    expect(last.history?.groups[0]).toMatchObject({ fingerprintId: last.fingerprint?.id, runs: 5 });
    expect(last.history?.restoredKey?.startsWith(`${historyKeyPrefix(label)}204-1-`)).toBe(true);
    const { markdown } = renderProfile(last);
    expect(markdown).toContain('<summary>History of this runner type');
    expect(markdown).toContain('1 hardware kind over 5 runs');

    // Slow the download: this run's restore is far beyond the p90 of the five before it.
    const archiveBytes = last.restore?.archiveBytes as number;
    services.setSettings({ downloadBytesPerSecond: Math.max(1, Math.round(archiveBytes / 2)) });
    let slow: Profile;
    try {
      slow = await profileRun('206', over);
    } finally {
      services.setSettings({ downloadBytesPerSecond: null });
    }
    expect(slow.history?.regressions.map((r) => r.metric)).toContain('restore');
    expect(slow.history?.regressions[0]?.comparedRuns).toBe(5);
    expect(renderProfile(slow).markdown).toMatch(/\*\*Regression\*\*: this run is beyond p90/);
    expect(renderProfile(slow).outputs.regression).toBe('true');
    expect(renderProfile(last).outputs.regression).toBe('false');

    // The entries evicted (here: deleted): the next run starts a new history and says so.
    expect(services.deleteCacheEntries(historyKeyPrefix(label)).length).toBe(6);
    const after = await profileRun('207', over);
    expect(after.history).toMatchObject({ startedNew: true, earlierRuns: 0, regressions: [] });
    expect(after.history?.notes.join(' ')).toMatch(/evicted or deleted/);
    expect(renderProfile(after).markdown).toMatch(/evicted or deleted/);
  }, 180_000);

  it("the restored tree's anatomy: the first restore of an entry learns it from tar's report and remembers it; later ones use it, and say whose", async () => {
    await seedCache({ services, paths: ['deps'], key: 'always-anatomy', workspace: path.join(root, 'source'), tempDir: path.join(root, 'runner-temp') });
    const over: Partial<ProfileConfig> = { label: 'anatomy', primaryKey: 'always-anatomy' };
    const first = await profileRun('301', over);
    expect(first.restore?.anatomy).toMatchObject({ source: 'tar-report' });
    expect(first.restore?.anatomy?.learned).toBeUndefined();
    // A download of ~1 s: the lookup's answer is in by extraction however busy the machine (a faster one may outrun it, and then tar reports).
    services.setSettings({ downloadBytesPerSecond: Math.max(1, first.restore?.archiveBytes ?? 1) });
    let second: Profile;
    try {
      second = await profileRun('302', over);
    } finally {
      services.setSettings({ downloadBytesPerSecond: null });
    }
    const { source, learned, ...counts } = second.restore?.anatomy ?? {};
    expect(source).toBe('remembered');
    expect(learned).toMatchObject({ runId: '301', runAttempt: '1' });
    const { source: _, ...firstCounts } = first.restore?.anatomy ?? {};
    expect(counts).toEqual(firstCounts);
    expect(renderProfile(second).markdown).toMatch(
      /As tar reported it on run 301 \(.* UTC\), remembered for this cache entry: tar was asked for no report on this run\./,
    );
    // Evicted (here: deleted): the next restore learns it again from tar's report, and remembers it again.
    expect(services.deleteCacheEntries('disk-profiler-anatomy-').length).toBeGreaterThanOrEqual(1);
    expect((await profileRun('303', over)).restore?.anatomy?.source).toBe('tar-report');
    services.setSettings({ downloadBytesPerSecond: Math.max(1, first.restore?.archiveBytes ?? 1) });
    try {
      expect((await profileRun('304', over)).restore?.anatomy).toMatchObject({ source: 'remembered', learned: { runId: '303' } });
    } finally {
      services.setSettings({ downloadBytesPerSecond: null });
    }
  }, 120_000);
});
