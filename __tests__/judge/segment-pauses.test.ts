// The download's pauses with no request in flight (issue 39), on the recorded slow segmented restore
// (fixtures/profiles/slow-segments-capped-disk.json: three 128 MiB segments, the archive's disk capped at
// 40 MiB/s through blkio): found on the requests, owned by the disk where what it wrote needed half of
// them at its ceiling, and never the network's; the same pauses with the disk's writes taken out are the toolkit's.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { MIN_PAUSE_MS, segmentPauses } from '../../src/judge/segment-pauses.js';
import { loadFixture, phaseOf } from './fixture-tools.js';
import { sayDownload } from '../../src/report/say/transfer.js';

const profile = loadFixture('slow-segments-capped-disk.json');
const download = phaseOf(profile, 'download');
const timeline = download.downloadTimeline;
const judged = judgeInDetail(profile);
const facts = judged.phases.find((j) => j.phase === 'download')?.facts;

describe('segment pauses', () => {
  it('three pauses, after each of the three segments, each the disk writing at its cap for most of it', () => {
    if (!timeline || !facts) throw new Error('no download timeline');
    const pauses = segmentPauses(timeline, { endMs: download.endMs, series: facts.series, deviceIndex: facts.deviceIndex }, judged.ceilings);
    expect(pauses).toHaveLength(Math.ceil((timeline.samples.at(-1)?.[1] ?? 0) / (timeline.limits.segmentBytes ?? 1)));
    for (const p of pauses) {
      expect(p.durationMs).toBeGreaterThanOrEqual(MIN_PAUSE_MS);
      expect(p.owner).toBe('disk');
      // No request open during it.
      expect(timeline.requests.some((r) => r.startMs < p.startMs + p.durationMs && (r.endMs ?? download.endMs) > p.startMs)).toBe(false);
    }
  });

  it("the disk's writes taken out (a disk that kept up): the toolkit's", () => {
    if (!timeline || !facts) throw new Error('no download timeline');
    const quiet = facts.series.map((s) => ({ ...s, disks: s.disks.map((d) => (d ? { ...d, sectorsWritten: 0 } : d)) }));
    const pauses = segmentPauses(timeline, { endMs: download.endMs, series: quiet, deviceIndex: facts.deviceIndex }, judged.ceilings);
    expect(pauses.map((p) => p.owner)).toEqual(pauses.map(() => 'toolkit'));
  });

  it("the network's what-if leaves the pauses: twice the rate saves at most half of the rest of the download", () => {
    const w = judged.verdict.whatIf.find((x) => x.resource === 'network');
    const pausedMs = judged.phases.find((j) => j.phase === 'download')?.pauses?.reduce((s, p) => s + p.durationMs, 0) ?? 0;
    expect(pausedMs).toBeGreaterThan(0);
    expect(w?.savingAtMostMs ?? 0).toBeLessThanOrEqual((download.endMs - download.startMs - pausedMs) / 2 + 1);
    const said = judged.verdict.download;
    expect(said && sayDownload(said).evidence.at(-1)).toMatch(
      /No request was in flight for [\d.]+ s .* in 3 pauses between the SDK's segments or after the last: what the archive's disk wrote through all 3 needed at least half of the time at its write ceiling/,
    );
  });
});
