// The stall headline (report/say/download.ts) from what the judge found would cut the stall short
// (judge/download-in-verdict.ts stallLead), on timelines recorded against the real services (fixtures/downloads).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stallLead } from '../../../src/judge/download-in-verdict.js';
import { judgeDownload } from '../../../src/judge/download-rules.js';
import type { DownloadLimits, DownloadStall, DownloadTimeline } from '../../../src/profile/schema.js';
import { stallHeadline, stallOpening, stallPlace } from '../../../src/report/say/download.js';
import { repoRoot } from '../../helpers/tree.js';

type Recorded = { archiveBytes: number | null; timeline: DownloadTimeline };
const load = (name: string) => JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/downloads', `${name}.json`), 'utf8')) as Recorded;
const said = (stall: DownloadStall, r: Recorded) => stallHeadline(stall, stallLead(stall, r.archiveBytes, r.timeline.limits));

describe('the stall headline', () => {
  it('Azure SDK: how long, which request, and that a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it would abort a normal segment', () => {
    const r = load('sdk-hold');
    const v = judgeDownload(r.timeline, r.archiveBytes);
    const line = said(v.stalls[0]!, r);
    expect(line).toMatch(
      /^The download stalled for (2\.\d+|3(\.\d+)?) s \(request #4, at \d+% of the archive\): the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it \(0\.0\d+; 10 in force\) would also abort a normal segment/,
    );
  });

  it('Azure SDK: the setting that would have cut it short, where a normal segment takes far less (the same stall, its segments 100 times faster)', () => {
    const r = load('sdk-hold');
    const stall = judgeDownload(r.timeline, r.archiveBytes).stalls[0]!;
    const line = said({ ...stall, normalSegmentMs: (stall.normalSegmentMs ?? 0) / 100 }, r);
    expect(line).toMatch(/: SEGMENT_DOWNLOAD_TIMEOUT_MINS=0\.0\d+ or less \(10 in force\) would have cut it short/);
  });

  it('plain HTTP: under the socket timeout, and ended by it', () => {
    const under = load('plain-hold');
    expect(said(judgeDownload(under.timeline, under.archiveBytes).stalls[0]!, under)).toContain('would cut a longer one short');
    const ended = load('plain-hold-timeout');
    expect(said(judgeDownload(ended.timeline, null).stalls[0]!, { ...ended, archiveBytes: null })).toMatch(
      /after [\d.]+ MiB\): @actions\/cache's 5 s socket timeout .* ended it/,
    );
  });
});

describe("the stall headline's advice, by the cut the judge chose", () => {
  const stall: DownloadStall = {
    kind: 'body',
    requestId: 3,
    startMs: 1000,
    durationMs: 12_500,
    atBytes: 256 * 1024 * 1024,
    wholeDownloadMs: 12_500,
    toolkit: 'x',
    segmentTimeoutToCutMs: 6 * 60_000,
    normalSegmentMs: 20_000,
  };
  const limits = (over: Partial<DownloadLimits>): DownloadLimits => ({
    path: 'azure-sdk',
    concurrency: 8,
    requestTimeoutMs: 30_000,
    segmentTimeoutMs: 600_000,
    segmentBytes: 128 * 1024 * 1024,
    ...over,
  });
  const line = (s: DownloadStall, l: DownloadLimits, archiveBytes: number | null = 1024 * 1024 * 1024) => stallHeadline(s, stallLead(s, archiveBytes, l));

  it('opens with how long, which request and where', () => {
    expect(stallOpening(stall)).toBe('The download stalled for 12.5 s (request #3');
    expect(stallPlace(stall, 1024 * 1024 * 1024)).toBe('at 25% of the archive');
    expect(stallPlace(stall, null)).toBe('after 256 MiB');
  });

  it('the Azure SDK, safe: the setting that would have cut it, and the one in force, in minutes', () => {
    expect(line(stall, limits({}))).toBe(
      'The download stalled for 12.5 s (request #3, at 25% of the archive): SEGMENT_DOWNLOAD_TIMEOUT_MINS=6 or less (10 in force) would have cut it short, aborting the restore as a miss; the Azure SDK has no timeout on a response body.',
    );
  });

  it('the Azure SDK, unsafe: a normal segment would be aborted too; no setting advised', () => {
    expect(line({ ...stall, normalSegmentMs: 5 * 60_000 }, limits({ segmentTimeoutMs: 300_000 }))).toBe(
      'The download stalled for 12.5 s (request #3, at 25% of the archive): the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it (6; 5 in force) would also abort a normal segment, failing restores as misses.',
    );
  });

  it("a first byte that never came, or http-client's segments: the per-request timeout, no setting", () => {
    expect(line({ ...stall, kind: 'first-byte' }, limits({}))).toMatch(
      /: the toolkit's 30 s per-request timeout would have cut a longer one short and retried it \(no setting of actions\/cache changes it\)\.$/,
    );
    expect(line({ ...stall, endedByTimeout: true }, limits({ path: 'http-concurrent', segmentTimeoutMs: null }))).toMatch(
      /: the toolkit's 30 s per-request timeout cut it short and retried it \(no setting of actions\/cache changes it\)\.$/,
    );
  });

  it('the plain HTTP stream: only the socket timeout, which ended it or would end a longer one', () => {
    const plain = limits({ path: 'http-stream', concurrency: 1, requestTimeoutMs: 300_000, segmentTimeoutMs: null, segmentBytes: null });
    expect(line(stall, plain, null)).toBe(
      "The download stalled for 12.5 s (request #3, after 256 MiB): only @actions/cache's 300 s socket timeout on the plain HTTP download would cut a longer one short, failing the restore (no setting changes it).",
    );
    expect(line({ ...stall, endedByTimeout: true }, plain)).toMatch(
      /: @actions\/cache's 300 s socket timeout on the plain HTTP download ended it and the restore failed/,
    );
  });
});
