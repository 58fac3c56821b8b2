// The upload's verdict on timelines recorded against the real services (fixtures/uploads, scripts/record-uploads.ts):
// each scenario's limit, stalls where and as long as they were injected, and what-ifs that are lower bounds.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeUpload } from '../../src/judge/upload-rules.js';
import { UPLOAD_SCENARIO_NAMES, UPLOAD_SCENARIOS, type UploadScenarioName } from '../../tools/lab/upload-scenarios.js';
import type { UploadTimeline } from '../../src/profile/schema.js';
import { uploadTimelineErrors } from '../../src/profile/validate.js';
import { repoRoot } from '../helpers/tree.js';
import { sayUpload, sayUploadStallHeadline } from '../../src/report/say/transfer.js';

interface Recording {
  archiveBytes: number | null;
  status: string;
  timeline: UploadTimeline;
}
const load = (name: UploadScenarioName) => JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/uploads', `${name}.json`), 'utf8')) as Recording;

describe('the upload verdict on recorded uploads', () => {
  it.each(UPLOAD_SCENARIO_NAMES)('%s: names the limit the scenario injected', (name) => {
    const r = load(name);
    expect(r.status).toBe('saved');
    expect(uploadTimelineErrors(r.timeline)).toEqual([]);
    const v = judgeUpload(r.timeline, r.archiveBytes);
    expect(v.limit).toBe(UPLOAD_SCENARIOS[name].intended);
    // Every what-if is a lower bound on the upload's time: never above it, never below what bytes need at twice the rate.
    const D = r.timeline.endMs - r.timeline.startMs;
    for (const w of v.whatIf) {
      expect(w.uploadLowerBoundMs).toBeLessThanOrEqual(Math.round(D));
      expect(w.uploadLowerBoundMs).toBeGreaterThanOrEqual(0);
    }
    for (const w of sayUpload(v).whatIf) expect(w).toMatch(/would (take at least|still take about)/);
  });

  // Each held scenario beside the same settings without the hold (recorded in the same run): the stall-removed
  // what-if must not promise less than the upload without the stall took.
  it.each([
    ['v2-hold', 'v2-blob-cap'],
    ['v1-hold', 'v1-path-cap'],
  ] as const)('%s: the held body is a stall within 0.5 s of the 3 s injected; without it (%s) is no faster than the what-if', (name, unheld) => {
    const r = load(name);
    const v = judgeUpload(r.timeline, r.archiveBytes);
    const stall = v.stalls[0];
    expect(stall?.kind).toBe('body');
    expect(Math.abs((stall?.durationMs ?? 0) - 3000)).toBeLessThanOrEqual(500);
    expect(sayUpload(v).sentence).toMatch(/^The upload stalled for [23]\.\d+ s \(request #\d+ sent nothing/);
    const removed = v.whatIf.find((w) => w.change === 'stall-removed')?.uploadLowerBoundMs ?? Infinity;
    const without = load(unheld).timeline;
    expect(removed).toBeLessThanOrEqual((without.endMs - without.startMs) * 1.05);
    expect(removed).toBeLessThan(r.timeline.endMs - r.timeline.startMs);
  });

  it('v2-hold: the headline says nothing in actions/cache times the upload out, only timeout-minutes', () => {
    const r = load('v2-hold');
    const v = judgeUpload(r.timeline, r.archiveBytes);
    expect(sayUploadStallHeadline(v.stalls[0]!, r.archiveBytes)).toMatch(
      /^The upload stalled for [23]\.\d+ s \(request #1, at \d+% of the archive\): on cache v2 nothing in actions\/cache times an upload out, so only the step's timeout-minutes/,
    );
  });

  it("v1-reset: the reset chunk, then its retry 5 s later (saveCache's fixed delay), the stall and the retry in the evidence", () => {
    const r = load('v1-reset');
    const v = judgeUpload(r.timeline, r.archiveBytes);
    const stall = v.stalls[0];
    expect(stall?.kind).toBe('retry');
    expect(Math.abs((stall?.durationMs ?? 0) - 5000)).toBeLessThanOrEqual(500);
    const failed = r.timeline.requests.find((q) => q.id === stall?.requestId);
    expect(failed?.outcome).toBe('error');
    expect(r.timeline.requests.filter((q) => q.part === failed?.part).map((q) => q.outcome)).toEqual(['error', 'complete']);
    expect(sayUpload(v).evidence.some((e) => /sent it again 5\.0\d s later: a retry/.test(e))).toBe(true);
    expect(sayUploadStallHeadline(stall!, r.archiveBytes)).toContain('waited its fixed 5 s');
  });

  it('v1-per-connection and v1-path-cap: the rate against the requests in flight tells the two caps apart', () => {
    const per = judgeUpload(load('v1-per-connection').timeline, null);
    const pathCap = judgeUpload(load('v1-path-cap').timeline, null);
    expect(sayUpload(per).sentence).toMatch(/elasticity (0\.[6-9]\d*|1\.\d+)/);
    expect(sayUpload(pathCap).sentence).toContain('stayed flat whatever the number of requests in flight');
    // The what-if follows the limit: a wider path helps only the path cap.
    const aggregate = (v: typeof per) => v.whatIf.find((w) => w.change === 'twice-aggregate')?.uploadLowerBoundMs;
    const D = (name: UploadScenarioName) => Math.round(load(name).timeline.endMs - load(name).timeline.startMs);
    expect(aggregate(per)).toBe(D('v1-per-connection'));
    expect(aggregate(pathCap)).toBeLessThan(D('v1-path-cap'));
  });
});
