// The download section, on timelines recorded against the real services (fixtures/downloads).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadTimeline } from '../../src/profile/schema.js';
import { transferChartPoints } from '../../src/report/download-section.js';
import { repoRoot } from '../helpers/tree.js';

const load = (name: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/downloads', `${name}.json`), 'utf8')) as { archiveBytes: number | null; timeline: DownloadTimeline };

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
