// The download section and the stall headline, on timelines recorded against the real services (fixtures/downloads).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stallHeadline } from '../../src/judge/download-in-verdict.js';
import { judgeDownload } from '../../src/judge/download-rules.js';
import type { DownloadTimeline } from '../../src/profile/schema.js';
import { transferChartPoints } from '../../src/report/download-section.js';
import { repoRoot } from '../helpers/tree.js';

const load = (name: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/downloads', `${name}.json`), 'utf8')) as { archiveBytes: number | null; timeline: DownloadTimeline };

describe('the stall headline', () => {
  it('Azure SDK: how long, which request, and that a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it would abort a normal segment', () => {
    const r = load('sdk-hold');
    const v = judgeDownload(r.timeline, r.archiveBytes);
    const line = stallHeadline(v.stalls[0]!, r.archiveBytes, r.timeline);
    expect(line).toMatch(
      /^The download stalled for (2\.\d+|3(\.\d+)?) s \(request #4, at \d+% of the archive\): the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it \(0\.0\d+; 10 in force\) would also abort a normal segment/,
    );
  });

  it('Azure SDK: the setting that would have cut it short, where a normal segment takes far less (the same stall, its segments 100 times faster)', () => {
    const r = load('sdk-hold');
    const stall = judgeDownload(r.timeline, r.archiveBytes).stalls[0]!;
    const line = stallHeadline({ ...stall, normalSegmentMs: (stall.normalSegmentMs ?? 0) / 100 }, r.archiveBytes, r.timeline);
    expect(line).toMatch(/: SEGMENT_DOWNLOAD_TIMEOUT_MINS=0\.0\d+ or less \(10 in force\) would have cut it short/);
  });

  it('plain HTTP: under the socket timeout, and ended by it', () => {
    const under = load('plain-hold');
    expect(stallHeadline(judgeDownload(under.timeline, under.archiveBytes).stalls[0]!, under.archiveBytes, under.timeline)).toContain(
      'would cut a longer one short',
    );
    const ended = load('plain-hold-timeout');
    expect(stallHeadline(judgeDownload(ended.timeline, null).stalls[0]!, null, ended.timeline)).toMatch(
      /after [\d.]+ MiB\): @actions\/cache's 5 s socket timeout .* ended it/,
    );
  });
});

describe('the download charts', () => {
  it('the grid adds up to every byte received, and never shows more in flight than the recording', () => {
    for (const name of ['sdk-path-cap', 'sdk-hold', 'plain-hold']) {
      const { timeline } = load(name);
      const points = transferChartPoints(timeline);
      expect(points.length).toBeGreaterThan(10);
      expect(points.length).toBeLessThanOrEqual(120);
      const span = (timeline.endMs - timeline.startMs) / points.length / 1000;
      const total = points.reduce((s, p) => s + p.mibPerSecond * span, 0) * 1024 * 1024;
      expect(total).toBeCloseTo(timeline.samples[timeline.samples.length - 1]![1], -3);
      expect(Math.max(...points.map((p) => p.inFlight))).toBe(Math.max(...timeline.samples.map((s) => s[2])));
    }
  });

  it('a held stream shows a stretch of zero throughput as long as the stall', () => {
    const { timeline } = load('plain-hold');
    const points = transferChartPoints(timeline);
    const cell = (timeline.endMs - timeline.startMs) / points.length;
    let run = 0;
    let longest = 0;
    for (const p of points) {
      run = p.mibPerSecond === 0 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(Math.abs(longest * cell - 2500)).toBeLessThanOrEqual(500);
  });
});
