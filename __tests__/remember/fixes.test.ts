// Remembered fixes (issue 40, item 2) against the local Actions cache services: stored under the
// hardware fingerprint and the cache, this fingerprint's found first, another's found when this one
// has none (so the hardware change is seen), damaged entries refused; then reused by experiments: auto
// and shown in the box as measured on that run. Experiments from a real lab recording (fixtures/experiments).
import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { decideExperiments, type FixMeasuredAgainst } from '../../src/judge/auto-rules.js';
import { judgeProfile } from '../../src/judge/judge.js';
import { storeDocument } from '../../src/remember/cache-store.js';
import { fixesCacheId, fixesKeyPrefix, loadFixes, rememberedExperiments, storeFixes } from '../../src/remember/fixes.js';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { headline, headlineInputOf } from '../../src/report/headline.js';
import { fixesSection } from '../../src/report/fixes-section.js';
import type { Profile } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';
import { removeDirs, tempDir } from '../helpers/tree.js';

const recorded: Profile = validateProfile(JSON.parse(readFileSync(new URL('../../fixtures/experiments/lab-disk-iops-steps.json', import.meta.url), 'utf8')));
const experiments = recorded.experiments as NonNullable<Profile['experiments']>;
const restore = recorded.restore as NonNullable<Profile['restore']>;
const against: Omit<FixMeasuredAgainst, 'measuredOn'> = {
  archiveBytes: restore.archiveBytes ?? 0,
  files: restore.anatomy?.files ?? null,
  bottleneck: 'disk-bandwidth',
  // As a slow restore would have it: experiments: auto measures only restores of 10 s or more.
  untilDurableMs: 30_000,
  experiments: ['ram', 'other-disk', 'page-cache'],
};

describe('remembered fixes', () => {
  let services: LocalServices;
  let root: string;
  beforeAll(async () => {
    services = await startLocalServices();
    root = await tempDir('fixes-store');
    await mkdir(path.join(root, 'temp'));
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });
  const inCache = <T>(env: Record<string, string>, fn: () => Promise<T>) =>
    withEnv({ ...cacheClientEnv(services, { workspace: root, tempDir: path.join(root, 'temp') }, 'v2'), ...env }, fn);

  it('the cache id follows the paths and compression, not their spelling elsewhere', () => {
    expect(fixesCacheId(restore)).toMatch(/^[0-9a-f]{12}$/);
    expect(fixesCacheId({ ...restore, paths: [...restore.paths, 'more'] })).not.toBe(fixesCacheId(restore));
    expect(fixesCacheId({ ...restore, compressionMethod: 'gzip' })).not.toBe(fixesCacheId(restore));
  });

  it('stores under the fingerprint; loads this fingerprint first, else another (the hardware changed), else says none', async () => {
    const cache = fixesCacheId({ paths: ['a'], compressionMethod: 'zstd' });
    await inCache({ GITHUB_RUN_ID: '4711', GITHUB_RUN_ATTEMPT: '1' }, async () => {
      expect(await loadFixes(cache, 'aaaaaaaaaaaa')).toEqual({ found: false, reason: expect.stringMatching(/no entry under/), missing: true });
      const a = await storeFixes(
        cache,
        against,
        'aaaaaaaaaaaa',
        { kind: 'measured', experiments: { ...experiments, startMs: 123 } },
        '2026-11-20T10:00:00.000Z',
        1000,
      );
      expect(a).toMatchObject({ ok: true, key: `${fixesKeyPrefix(cache, 'aaaaaaaaaaaa')}4711-1-rs` });
    });
    await inCache({ GITHUB_RUN_ID: '4800', GITHUB_RUN_ATTEMPT: '2' }, async () => {
      // A newer entry for other hardware: the fingerprint's own entry still comes first.
      expect((await storeFixes(cache, against, 'bbbbbbbbbbbb', { kind: 'measured', experiments }, '2026-11-21T10:00:00.000Z', 2000)).ok).toBe(true);
      const own = await loadFixes(cache, 'aaaaaaaaaaaa');
      if (!own.found) throw new Error(own.reason);
      expect(own.against).toEqual({
        ...against,
        measuredOn: {
          runId: '4711',
          runAttempt: '1',
          measuredAt: '2026-11-20T10:00:00.000Z',
          fingerprintId: 'aaaaaaaaaaaa',
          cacheKey: `${fixesKeyPrefix(cache, 'aaaaaaaaaaaa')}4711-1-rs`,
        },
      });
      // What this run's clock said is not stored, nor read back as this run's.
      expect(own.experiments.startMs).toBeUndefined();
      expect(own.experiments.outcomes).toEqual(experiments.outcomes);
      // Hardware with no entry of its own finds another's: fixMemory then names the change.
      const other = await loadFixes(cache, 'cccccccccccc');
      if (!other.found) throw new Error(other.reason);
      expect(other.against.measuredOn).toMatchObject({ runId: '4800', runAttempt: '2', fingerprintId: 'bbbbbbbbbbbb' });
    });
  });

  it('a damaged or foreign entry is no fix, and says why', async () => {
    const cache = fixesCacheId({ paths: ['damaged'], compressionMethod: 'zstd' });
    await inCache({}, async () => {
      await storeDocument('fixes', `${fixesKeyPrefix(cache, 'dddddddddddd')}1`, {
        cacheId: cache,
        against: { ...against, measuredOn: { runId: '1', runAttempt: '1', measuredAt: 'x', fingerprintId: 'dddddddddddd' } },
        experiments: { status: 'ran' },
      });
      const loaded = await loadFixes(cache, 'dddddddddddd');
      expect(loaded).toEqual({
        found: false,
        reason: expect.stringMatching(/was not usable: the entry's experiments are not readable here \(experiments\.budgetMs: missing/),
      });
    });
  });

  it('reused by experiments: auto, the box and the fixes say the run it was measured on', async () => {
    const cache = fixesCacheId(restore);
    const fingerprintId = 'eeeeeeeeeeee';
    await inCache({ GITHUB_RUN_ID: '5151', GITHUB_RUN_ATTEMPT: '1' }, () =>
      storeFixes(cache, against, fingerprintId, { kind: 'measured', experiments }, new Date().toISOString()),
    );
    const loaded = await inCache({ GITHUB_RUN_ID: '5152' }, () => loadFixes(cache, fingerprintId));
    if (!loaded.found) throw new Error(loaded.reason);
    const d = decideExperiments({
      bottleneck: 'disk-bandwidth',
      untilDurableMs: against.untilDurableMs * 1.1,
      allowed: ['ram', 'other-disk', 'page-cache'],
      remembered: loaded.against,
      run: { fingerprintId, nowMs: Date.now(), archiveBytes: against.archiveBytes, files: against.files },
    });
    expect(d).toMatchObject({ run: false, experiments: [], memory: { reason: 'fresh', remembered: { runId: '5151' } } });

    const profile: Profile = { ...recorded, experiments: rememberedExperiments(loaded) };
    const verdict = judgeProfile(profile);
    const e = profile.experiments as NonNullable<Profile['experiments']>;
    const download = profile.phases.find((p) => p.name === 'download');
    const box = headline(
      headlineInputOf(profile, verdict, checkExperiments(verdict, profile.phases, e, download ? download.endMs - download.startMs : null)),
    ).todo;
    expect(box.kind).toBe('measured-fix');
    expect(box.text).toMatch(/runs on run 5151 \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\), on this hardware and a cache of this shape\.$/);
    expect(fixesSection(profile, verdict)).toMatch(/Measured on run 5151 .*remembered for this hardware \(fingerprint eeeeeeeeeeee\)/);
  });
});
