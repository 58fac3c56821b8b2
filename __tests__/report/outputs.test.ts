import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../src/judge/judge.js';
import { profileOutputs } from '../../src/report/outputs.js';
import { loadFixture } from '../judge/fixture-tools.js';

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
      verdict: v.sentence,
      bottleneck: 'network',
      'cache-hit': 'true',
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
    });
  });

  it('gives empty strings where a miss has no figures', () => {
    const p = loadFixture('network-slow-download.json');
    p.restore = { ...p.restore!, cacheHit: false, matchedKey: null, archiveBytes: null, anatomy: undefined };
    p.phases = p.phases.filter((x) => x.name === 'lookup');
    const out = profileOutputs(p, judgeProfile(p));
    expect(out['cache-hit']).toBe('false');
    expect(out['matched-key']).toBe('');
    expect(out['download-seconds']).toBe('');
    expect(out['archive-bytes']).toBe('');
    expect(out.bottleneck).toBe('inconclusive');
  });
});
