import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainVerdict } from '../../src/lab/explain.js';
import type { Profile } from '../../src/profile/schema.js';
import { repoRoot } from '../helpers/tree.js';

// Recorded by `disk-profiler lab disk-bandwidth --record` (fixtures/profiles/README.md).
const profile = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/profiles/lab-disk-bandwidth.json'), 'utf8')) as Profile;

describe('explainVerdict', () => {
  const text = explainVerdict(profile);
  const lines = text.split('\n');

  it('starts with the verdict and its sentence', () => {
    expect(lines[0]).toBe('lab-disk-bandwidth: verdict disk-bandwidth');
    expect(lines[1]).toBe(`  ${profile.verdict?.sentence}`);
  });

  it('lists each phase\'s disk shares first, then the request size, then the rest of its evidence', () => {
    const extract = lines.slice(lines.findIndex((l) => l.startsWith('  [extract]')) + 1);
    expect(extract[0]).toMatch(/^ {4}\+ write-bandwidth-share = 99\.0% \(threshold 80%\): extraction wrote at 40\.1 MiB\/s, 99% of the 40\.5 MiB\/s sequential-write ceiling$/);
    expect(extract[1]).toMatch(/^ {4}\+ write-request-size = 241\.6 KiB \(threshold 32 KiB\)/);
    expect(text).toContain('dirty-peak-share = 63.0%');
  });

  it('prints the ceilings the shares were measured against, and the what-ifs', () => {
    expect(text).toContain('    seq-write: 40.5 MiB/s, 36 IOPS at 1024 KiB');
    expect(text).toContain('    rand-write: 13.4 MiB/s, 3366 IOPS at 4 KiB');
    expect(text).toMatch(/what-if disk ×2: On a disk twice as fast/);
  });

  it('puts a time-at-ceiling item and an IOPS share right after the bandwidth share, whatever their exact ids', () => {
    const withNew = structuredClone(profile);
    const phase = withNew.verdict?.phases.find((p) => p.phase === 'extract');
    phase?.evidence.push(
      { id: 'write-time-at-ceiling', text: 'at ≥ 80% of a ceiling 90% of the time', value: 0.9, unit: 'share', supports: true },
      { id: 'write-iops-share', text: 'extraction wrote 170 requests/s, 5% of 3366 IOPS', value: 0.05, unit: 'share', supports: false },
    );
    const ids = explainVerdict(withNew).split('\n').filter((l) => / = /.test(l)).map((l) => l.trim().replace(/^\+ /, '').split(' = ')[0]);
    const extractIds = ids.slice(ids.indexOf('write-bandwidth-share', ids.indexOf('write-bandwidth-share') + 1));
    expect(extractIds.slice(0, 4)).toEqual(['write-bandwidth-share', 'write-iops-share', 'write-request-size', 'write-time-at-ceiling']);
  });

  it('says so when there is no verdict or no probe', () => {
    expect(explainVerdict({ label: 'x', verdict: null, probes: null })).toBe('x: verdict none (no verdict)\n  ceilings (fio): none (no probe suite)');
  });
});
