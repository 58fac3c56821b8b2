import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../src/judge/judge.js';
import { actionsCacheOutputs, profileOutputs } from '../../src/report/outputs.js';
import type { RestoreResult } from '../../src/profile/schema.js';
import { loadFixture } from '../judge/fixture-tools.js';
import { sayVerdict } from '../../src/report/say/verdict.js';

describe('profileOutputs', () => {
  it('maps a recorded profile to the action outputs', () => {
    const p = loadFixture('network-slow-download.json');
    const v = judgeProfile(p);
    const out = profileOutputs(p, v);
    const seconds = (n: string) => {
      const x = p.phases.find((q) => q.name === n)!;
      return ((x.endMs - x.startMs) / 1000).toFixed(3);
    };
    expect(out).toEqual({
      verdict: sayVerdict(v, p),
      bottleneck: 'network',
      'cache-hit': 'true',
      'cache-primary-key': p.restore!.keysTried[0],
      'cache-matched-key': p.restore!.matchedKey,
      'matched-key': p.restore!.matchedKey,
      'lookup-seconds': seconds('lookup'),
      'download-seconds': seconds('download'),
      'extract-seconds': seconds('extract'),
      'writeback-seconds': seconds('writeback'),
      'restore-seconds': (p.restore!.restoreMs / 1000).toFixed(3),
      'archive-bytes': String(p.restore!.archiveBytes),
      'extracted-bytes': String(p.restore!.anatomy!.extractedBytes),
      'file-count': String(p.restore!.anatomy!.files),
      // This recording ran without probes: every ceiling output is present and empty.
      'seq-write-mibps': '',
      'seq-read-mibps': '',
      'rand-write-iops': '',
      'rand-read-iops': '',
      'rand-read-qd1-mean-us': '',
      'rand-read-qd1-p99-us': '',
      'fsync-write-iops': '',
      // Nor experiments: present and empty.
      'experiment-baseline-seconds': '',
      'experiment-ram-seconds': '',
      'experiment-decompress-seconds': '',
      'experiment-page-cache-seconds': '',
      'experiment-other-disk-seconds': '',
      'experiment-other-disk-path': '',
      'fix-best': '',
      'fix-best-saving-seconds': '',
      // A profile from before the always-on fields: present and empty.
      'hardware-fingerprint': '',
      'ceilings-source': '',
      regression: '',
    });
  });

  it('gives empty strings where a miss has no figures', () => {
    const p = loadFixture('network-slow-download.json');
    p.restore = { ...p.restore!, cacheHit: false, matchedKey: null, archiveBytes: null, anatomy: undefined };
    p.phases = p.phases.filter((x) => x.name === 'lookup');
    const out = profileOutputs(p, judgeProfile(p));
    expect(out['cache-hit']).toBeUndefined();
    expect(out['cache-matched-key']).toBeUndefined();
    expect(out['cache-primary-key']).toBe(p.restore!.keysTried[0]);
    expect(out['matched-key']).toBe('');
    expect(out['download-seconds']).toBe('');
    expect(out['archive-bytes']).toBe('');
    expect(out.bottleneck).toBe('inconclusive');
  });
});

// actions/cache restoreImpl.ts: cache-primary-key always, cache-hit only when restoreCache returned a key, 'true'
// only for an exact (case-insensitive, isExactKeyMatch) match of `key`; the matched key as cache-matched-key.
describe('actionsCacheOutputs', () => {
  const base = loadFixture('network-slow-download.json').restore!;
  const restore = (over: Partial<RestoreResult>): RestoreResult => ({ ...base, keysTried: ['deps-linux-xyz', 'deps-linux-'], ...over });

  it.each([
    ['exact hit', { cacheHit: true, matchedKey: 'deps-linux-xyz' }, { 'cache-hit': 'true', 'cache-matched-key': 'deps-linux-xyz' }],
    ['exact hit, other case', { cacheHit: true, matchedKey: 'DEPS-linux-xyz' }, { 'cache-hit': 'true', 'cache-matched-key': 'DEPS-linux-xyz' }],
    ['restore-key hit', { cacheHit: true, matchedKey: 'deps-linux-abc' }, { 'cache-hit': 'false', 'cache-matched-key': 'deps-linux-abc' }],
    ['miss', { cacheHit: false, matchedKey: null }, {}],
    ['failed download', { cacheHit: false, matchedKey: 'deps-linux-xyz', error: { phase: 'download' as const, message: 'x' } }, {}],
    ['cache mode', { cacheHit: false, matchedKey: null, skipped: { reason: 'cache-mode' as const, message: 'm' } }, {}],
    [
      'lookup-only, exact',
      { cacheHit: false, matchedKey: 'deps-linux-xyz', skipped: { reason: 'lookup-only' as const, message: 'm' } },
      { 'cache-hit': 'true', 'cache-matched-key': 'deps-linux-xyz' },
    ],
    [
      'lookup-only, restore key',
      { cacheHit: false, matchedKey: 'deps-linux-a', skipped: { reason: 'lookup-only' as const, message: 'm' } },
      { 'cache-hit': 'false', 'cache-matched-key': 'deps-linux-a' },
    ],
  ])('%s', (_name, over, expected) => {
    expect(actionsCacheOutputs(restore(over))).toEqual({ 'cache-primary-key': 'deps-linux-xyz', ...expected });
  });

  it('accents count, as in isExactKeyMatch', () => {
    expect(actionsCacheOutputs(restore({ cacheHit: true, matchedKey: 'déps-linux-xyz' }))['cache-hit']).toBe('false');
  });
});
