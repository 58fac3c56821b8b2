// The trace plan on recorded profiles: parents, the clock mapped once, stalls as events, what has no start.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeDownload } from '../../src/judge/download-rules.js';
import { ATTR, SPAN } from '../../src/export/names.js';
import { tracePlan } from '../../src/export/trace-plan.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import type { DownloadTimeline, Profile } from '../../src/profile/schema.js';
import { repoRoot } from '../helpers/tree.js';

const fixture = (name: string): Profile => readProfileFile(path.join(repoRoot, 'fixtures/profiles', name));
const named = (plan: ReturnType<typeof tracePlan>, name: string) => plan.find((s) => s.name === name);

describe('the trace plan', () => {
  it('root first, the restore under it, the phases under the restore; the root spans all its children', () => {
    const plan = tracePlan(fixture('lab-bio-iops-cap.json'));
    expect(plan[0]?.name).toBe(SPAN.step);
    expect(plan[0]?.parent).toBeNull();
    const restore = plan.findIndex((s) => s.name === SPAN.restore);
    expect(plan[restore]?.parent).toBe(0);
    for (const s of plan.filter((x) => x.name.startsWith('disk-profiler.restore.'))) expect(s.parent).toBe(restore);
    for (const s of plan.slice(1)) {
      expect(s.startEpochMs).toBeGreaterThanOrEqual(plan[0]?.startEpochMs ?? Number.NaN);
      expect(s.endEpochMs).toBeLessThanOrEqual(plan[0]?.endEpochMs ?? Number.NaN);
    }
  });

  it("the download's stalls (recorded sdk-hold timeline, judged) as events at their start on the profile clock", () => {
    const recording = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/downloads/sdk-hold.json'), 'utf8')) as {
      archiveBytes: number;
      timeline: DownloadTimeline;
    };
    const profile = fixture('lab-bio-iops-cap.json');
    const download = judgeDownload(recording.timeline, recording.archiveBytes);
    expect(download.stalls.length).toBeGreaterThan(0);
    const withStalls: Profile = { ...profile, verdict: profile.verdict && { ...profile.verdict, download } };
    const span = named(tracePlan(withStalls), SPAN.phase('download'));
    expect(span?.events.map((e) => [e.epochMs, e.attributes[ATTR.stallKind], e.attributes[ATTR.stallDurationMs]])).toEqual(
      download.stalls.map((s) => [Date.parse(profile.createdAt) + s.startMs, s.kind, s.durationMs]),
    );
  });

  it('probes without a recorded start follow the restore, marked ordered; remembered ceilings get no probe span', () => {
    const profile = fixture('lab-bio-iops-cap.json');
    expect(profile.probes?.startMs).toBeUndefined();
    const plan = tracePlan(profile);
    const probes = named(plan, SPAN.probes);
    expect(probes?.attributes[ATTR.spanStart]).toBe('ordered');
    expect(probes?.startEpochMs).toBe(named(plan, SPAN.restore)?.endEpochMs);
    const measured = tracePlan({ ...profile, probes: profile.probes && { ...profile.probes, startMs: 20_000 } });
    expect(named(measured, SPAN.probes)?.startEpochMs).toBe(Date.parse(profile.createdAt) + 20_000);
    expect(named(measured, SPAN.probes)?.attributes[ATTR.spanStart]).toBe('measured');
    const remembered = { ...profile, ceilingsSource: { kind: 'remembered' as const, sentence: 'remembered' } };
    expect(named(tracePlan(remembered), SPAN.probes)).toBeUndefined();
  });

  it('the regression flag and which figure regressed, from the history', () => {
    const profile = fixture('lab-bio-iops-cap.json');
    const history = { label: 'l', keyPrefix: 'k', restoredKey: null, startedNew: false, earlierRuns: 5, groups: [], saved: null, notes: [] };
    const flagged = tracePlan({ ...profile, history: { ...history, regressions: [{ metric: 'restore', thisMs: 9000, p90Ms: 4000, comparedRuns: 5 }] } });
    expect(flagged[0]?.attributes[ATTR.regression]).toBe(true);
    expect(flagged[0]?.attributes[ATTR.regressionMetrics]).toEqual(['restore']);
    expect(tracePlan({ ...profile, history: { ...history, regressions: [] } })[0]?.attributes[ATTR.regression]).toBe(false);
    expect(tracePlan(profile)[0]?.attributes[ATTR.regression]).toBeUndefined();
  });
});
