import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../../src/judge/judge.js';
import { explainVerdict } from '../../../tools/lab/explain.js';
import type { Profile } from '../../../src/profile/schema.js';
import { repoRoot } from '../../helpers/tree.js';
import { sayVerdict } from '../../../src/report/say/verdict.js';
import { sayEvidence } from '../../../src/report/say/evidence.js';

// Recorded by `disk-profiler lab disk-bandwidth --record` (fixtures/profiles/README.md).
const profile = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/profiles/lab-disk-bandwidth.json'), 'utf8')) as Profile;
profile.verdict = judgeProfile(profile);
const extractEvidence = profile.verdict.phases.find((p) => p.phase === 'extract')?.evidence ?? [];
const evidence = (id: string) => extractEvidence.find((e) => e.id === id);
const probe = (name: string) => profile.probes?.probes.find((p) => p.name === name);

describe('explainVerdict', () => {
  const text = explainVerdict(profile);
  const lines = text.split('\n');

  it('starts with the verdict and its sentence', () => {
    expect(lines[0]).toBe('lab-disk-bandwidth: verdict disk-bandwidth');
    expect(lines[1]).toBe(`  ${sayVerdict(profile.verdict!, profile)}`);
  });

  it("lists each phase's disk shares first, then the request size, then the rest of its evidence", () => {
    const extract = lines.slice(lines.findIndex((l) => l.startsWith('  [extract]')) + 1);
    expect(extract[0]).toBe(
      `    + write-bandwidth-share = ${((evidence('write-bandwidth-share')?.value ?? 0) * 100).toFixed(1)}% (threshold 80%): ${sayEvidence(evidence('write-bandwidth-share') ?? {}, 'extract')}`,
    );
    expect(extract[1]).toMatch(/^ {4}[+ ] write-iops-share = /);
    expect(extract[2]).toMatch(/^ {4}[+ ] write-request-size = /);
    expect(text).toContain(`dirty-peak-share = ${((evidence('dirty-peak-share')?.value ?? 0) * 100).toFixed(1)}%`);
  });

  it('prints the ceilings the shares were measured against, and the what-ifs', () => {
    const seq = probe('seq-write');
    const rand = probe('rand-write');
    expect(text).toContain(`    seq-write: ${((seq?.bytesPerSecond ?? 0) / 2 ** 20).toFixed(1)} MiB/s, ${Math.round(seq?.iops ?? 0)} IOPS at 1024 KiB`);
    expect(text).toContain(`    rand-write: ${((rand?.bytesPerSecond ?? 0) / 2 ** 20).toFixed(1)} MiB/s, ${Math.round(rand?.iops ?? 0)} IOPS at 4 KiB`);
    expect(text).toMatch(/what-if disk-bandwidth ×2: With the disk's bandwidth twice as fast/);
  });

  it('puts a time-at-ceiling item and an IOPS share right after the bandwidth share, whatever their exact ids', () => {
    const extract = lines.slice(lines.findIndex((l) => l.startsWith('  [extract]')) + 1);
    const ids = extract.filter((l) => / = /.test(l)).map((l) => l.trim().replace(/^\+ /, '').split(' = ')[0]);
    expect(ids.slice(0, 4)).toEqual(['write-bandwidth-share', 'write-iops-share', 'write-request-size', 'time-at-bandwidth-ceiling']);
  });

  it('says so when there is no verdict or no probe', () => {
    expect(explainVerdict({ label: 'x', verdict: null, probes: null })).toBe('x: verdict none (no verdict)\n  ceilings (fio): none (no probe suite)');
  });
});
