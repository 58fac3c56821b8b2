import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { HALF_RULE_BELOW_SHARE } from '../../src/judge/thresholds.js';
import { DISK_RESOURCES, type Profile } from '../../src/profile/schema.js';
import { loadFixture } from './fixture-tools.js';
import { everyRecording } from '../helpers/recordings.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';

const recorded = everyRecording();

/** The disk what-ifs that save more than 1 - 1/speedup of the time the resource limited, unless they carry why. */
function unexplained(profile: Profile): string[] {
  const j = judgeInDetail(profile);
  const out: string[] = [];
  for (const w of j.verdict.whatIf) {
    if (!DISK_RESOURCES.some((r) => r === w.resource) || w.measured === false) continue;
    const limitedMs = j.phases
      .filter((p) => p.phase === 'extract' || p.phase === 'writeback' || p.bottleneck === w.resource)
      .reduce((sum, p) => sum + p.durationMs, 0);
    const most = Math.round(limitedMs * (1 - 1 / w.speedup));
    if ((w.savingAtMostMs ?? 0) <= most + 1) continue;
    if (w.half && w.half.kind !== 'held' && /more than \d+% of extraction/.test(sayWhatIf(w))) continue;
    out.push(`${w.resource}: ${w.savingAtMostMs} ms of ${Math.round(limitedMs)} ms: ${sayWhatIf(w)}`);
  }
  return out;
}

/** The recording with its fio sequential-write ceiling multiplied: a probe that measured more than the restore ever met. */
function probedAt(profile: Profile, factor: number): Profile {
  const copy = structuredClone(profile);
  for (const p of copy.probes?.probes ?? []) if (p.name === 'seq-write') p.bytesPerSecond *= factor;
  return copy;
}

describe('a twice-X what-if saves at most half the time X limited, or says why', () => {
  for (const { name, profile } of recorded) it(name, () => expect(unexplained(profile)).toEqual([]));

  it('held to twice the rate the restore got where it ran well below the ceiling doubled', () => {
    const p = probedAt(loadFixture('lab-second-writer.json'), 4);
    const j = judgeInDetail(p);
    const w = j.verdict.whatIf.find((x) => x.resource === 'disk-bandwidth');
    const span = j.phases.filter((x) => x.phase === 'extract' || x.phase === 'writeback').reduce((s, x) => s + x.durationMs, 0);
    expect(j.phases.find((x) => x.phase === 'extract')?.bottleneck).toBe('disk-bandwidth');
    expect(w?.half?.kind).toBe('held');
    expect(w?.half?.ranAtCeilingShare).toBeLessThan(HALF_RULE_BELOW_SHARE);
    expect(w?.savingAtMostMs).toBeLessThanOrEqual(Math.round(span / 2) + 1);
    expect(w && sayWhatIf(w)).toMatch(/the disk averaged \d+% of that ceiling over extraction and the tail .* at most 50% of their [\d.]+ s/);
    expect(unexplained(p)).toEqual([]);
  });
});
