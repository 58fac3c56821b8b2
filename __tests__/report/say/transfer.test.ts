// The download's and the upload's verdicts said from the judge's facts (report/say/transfer.ts): on the
// recorded transfers and their variants (transfer-cases.ts), the words are the judge's own before they
// moved (fixtures/say/old-words.json), and each kind says its key figures.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeDownload } from '../../../src/judge/download-rules.js';
import { pausesEvidence } from '../../../src/judge/segment-pauses.js';
import { judgeUpload } from '../../../src/judge/upload-rules.js';
import { judgeInDetail } from '../../../src/judge/judge.js';
import {
  type DownloadVerdict,
  type StallToolkit,
  type StallToolkitKind,
  TRANSFER_WHAT_IF_CHANGES,
  type TransferEvidence,
  type TransferRateFacts,
  type UploadStall,
  type UploadVerdict,
} from '../../../src/profile/schema.js';
import { profileErrors } from '../../../src/profile/validate.js';
import { withStoredSentences } from '../../../src/report/say/stored.js';
import { sayDownload, sayStallToolkit, sayTransferRate, sayUpload, sayUploadStallHeadline } from '../../../src/report/say/transfer.js';
import { seconds } from '../../../src/util/format.js';
import { everyRecording } from '../../helpers/recordings.js';
import { repoRoot } from '../../helpers/tree.js';
import { downloadCases, pausesCases, uploadCases } from './transfer-cases.js';

interface OldWords {
  sentence: string;
  evidence: string[];
  whatIf: string[];
  toolkit: string[];
}
const old = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/say/old-words.json'), 'utf8')) as {
  download: Record<string, OldWords>;
  upload: Record<string, OldWords & { headlines: string[] }>;
  pauses: Record<string, string | null>;
};

const wordsOf = (said: { sentence: string; evidence: string[]; whatIf: string[] }, v: DownloadVerdict | UploadVerdict): OldWords => ({
  ...said,
  toolkit: v.stalls.map(sayStallToolkit),
});

describe('the download verdict said, against what the judge said before', () => {
  it.each(downloadCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    const v = judgeDownload(c.timeline, c.archiveBytes);
    expect(wordsOf(sayDownload(v), v)).toEqual(old.download[name]);
  });
});

describe('the upload verdict said, against what the judge said before', () => {
  it.each(uploadCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    const v = judgeUpload(c.timeline, c.archiveBytes);
    const said = { ...wordsOf(sayUpload(v), v), headlines: v.stalls.map((s) => sayUploadStallHeadline(s, c.archiveBytes)) };
    expect(said).toEqual(old.upload[name]);
  });
});

describe("the download's pauses said, against what the judge said before", () => {
  it.each(pausesCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    const e = pausesEvidence(c.pauses, c.downloadMs);
    const v = e && judgeDownload(downloadCases()[0]!.timeline, null);
    const said = v ? sayDownload({ ...v, facts: { ...v.facts, evidence: [e as TransferEvidence] } }).evidence[0] : null;
    expect(said ?? null).toEqual(old.pauses[name]);
  });
});

const rate = (limit: TransferRateFacts['limit'], over: Partial<TransferRateFacts> = {}): TransferRateFacts => ({
  limit,
  waitShare: 0.62,
  medianWaitMs: 250,
  fastestWaitMs: 120,
  p90WaitMs: 2400,
  elasticity: 0.93,
  requests: 8,
  bytesPerSecond: 48 * 1024 * 1024,
  meanInFlight: 4,
  ...over,
});

describe('what limited a transfer, per kind, with its figures', () => {
  // Every kind but the stall (said from the stall itself), in both directions.
  const expected: Record<TransferRateFacts['limit'], { facts: TransferRateFacts; download: RegExp; upload: RegExp }> = {
    latency: {
      facts: rate('latency'),
      download: /^the download waited on round trips: .* 62% .* 0\.25 s each, so 4 requests in flight .* 48 MiB\/s$/,
      upload: /^the upload waited on round trips: .* 62% .* waiting 0\.25 s each for the store's answer/,
    },
    store: {
      facts: rate('store'),
      download: /^the store was slow to answer: requests spent 62% .* first byte, and those waits ranged from 0\.12 s to 2\.4 s \(90th percentile\)/,
      upload: /^the store was slow to answer: requests spent 62% .* answer after their body, from 0\.12 s to 2\.4 s/,
    },
    'per-connection': {
      facts: rate('per-connection'),
      download: /^each connection was capped: .*elasticity 0\.93.* about 12 MiB\/s per request$/,
      upload: /elasticity 0\.93.* about 12 MiB\/s per request$/,
    },
    path: { facts: rate('path'), download: /^the path or the machine capped the download at 48 MiB\/s/, upload: /capped the upload at 48 MiB\/s/ },
    bandwidth: {
      facts: rate('bandwidth', { requests: 1 }),
      download: /^one connection carried the download at 48 MiB\/s: with a single request/,
      upload: /^one request carried the upload at 48 MiB\/s/,
    },
    none: {
      facts: rate('none', { requests: 0 }),
      download: /^the download ran at 48 MiB\/s with no stall and short waits for first bytes$/,
      upload: /^the upload ran at 48 MiB\/s with no stall and short waits for the store's answers$/,
    },
  };
  it.each(Object.entries(expected))('%s', (_, e) => {
    expect(sayTransferRate('download', e.facts)).toMatch(e.download);
    expect(sayTransferRate('upload', e.facts)).toMatch(e.upload);
  });
});

describe('what the toolkit does about a stall, per kind, with its figures', () => {
  const toolkits: Record<StallToolkitKind, { toolkit: StallToolkit; words: RegExp }> = {
    'plain-socket-timeout': {
      toolkit: { kind: 'plain-socket-timeout', timeoutMs: 5000, reached: true },
      words: /after 5 s without a byte.*: that is what ended this one$/,
    },
    'concurrent-part-retry': {
      toolkit: { kind: 'concurrent-part-retry', timeoutMs: 30_000, reached: false },
      words: /each 4 MiB part 30 s .*: this stall stayed under it$/,
    },
    'sdk-header-retry': {
      toolkit: { kind: 'sdk-header-retry', timeoutMs: 30_000, reached: true },
      words: /without response headers after 30 s .*: that retry ran here$/,
    },
    'sdk-segment-timeout': {
      toolkit: {
        kind: 'sdk-segment-timeout',
        tryTimeoutMs: 30_000,
        segmentTimeoutMs: 600_000,
        cutMs: 90_000,
        safe: false,
        normalSegmentMs: 40_000,
        segmentBytes: 128 * 1024 * 1024,
      },
      words:
        /its 30 s per-try timeout .*\(10 min in force\).*SEGMENT_DOWNLOAD_TIMEOUT_MINS=1\.5 would have cut this one short, but a normal segment \(128 MiB\) took 40 s .*so no setting is advised/,
    },
    'sdk-upload-retry': { toolkit: { kind: 'sdk-upload-retry', maxTries: 4 }, words: /^the Azure SDK tries a failed request 4 times, 0, 4 and 12 s apart/ },
    'chunk-retry': { toolkit: { kind: 'chunk-retry', maxTries: 2 }, words: /waits 5 s before it sends a failed chunk again and tries each chunk 2 times/ },
    'sdk-upload-no-timeout': { toolkit: { kind: 'sdk-upload-no-timeout' }, words: /^on cache v2 nothing times an upload out/ },
    'chunk-body-socket': {
      toolkit: { kind: 'chunk-body-socket', timeoutMs: 180_000 },
      words: /^on cache v1 @actions\/http-client's 180 s socket timeout fires only on a socket idle both ways/,
    },
    'chunk-answer-timeout': {
      toolkit: { kind: 'chunk-answer-timeout', timeoutMs: 180_000, maxTries: 2, reached: false },
      words: /waited 180 s for its answer .* 2 times, 5 s apart.*: this wait stayed under it$/,
    },
  };
  const stall = (toolkit: StallToolkit): UploadStall =>
    ({ kind: 'body', requestId: 3, startMs: 0, durationMs: 4000, atBytes: 0, wholeUploadMs: 0, endedByTimeout: false, facts: { toolkit } }) as UploadStall;
  it.each(Object.entries(toolkits))('%s', (_, t) => {
    expect(sayStallToolkit(stall(t.toolkit))).toMatch(t.words);
  });
  it('a stall recorded before the facts keeps its words', () => {
    expect(
      sayStallToolkit({ kind: 'body', requestId: 1, startMs: 0, durationMs: 1, atBytes: 0, wholeUploadMs: 0, endedByTimeout: false, toolkit: 'as recorded' }),
    ).toBe('as recorded');
  });
});

describe('a transfer verdict, per what-if change and as stored', () => {
  const hold = downloadCases().find((c) => c.name.startsWith('sdk-hold.json azure-sdk'))!;
  const v = judgeDownload(hold.timeline, hold.archiveBytes);
  it('says every what-if change with its bound and the time now', () => {
    const changes: Record<(typeof TRANSFER_WHAT_IF_CHANGES)[number], RegExp> = {
      'twice-per-connection': /^With twice the rate per connection the download would (take at least [\d.]+ s \(now [\d.]+ s\)|still take about [\d.]+ s)\.$/,
      'twice-aggregate': /^With twice the aggregate rate \(a wider path\) the download would/,
      'half-round-trip': /^With half the round trip the download would/,
      'stall-removed': new RegExp(`^Without the ${seconds(v.stalls[0]!.durationMs).replace('.', '\\.')} stall the download would take at least`),
    };
    const said = sayDownload(v).whatIf;
    expect(v.whatIf.map((w) => w.change)).toEqual(TRANSFER_WHAT_IF_CHANGES);
    for (const [i, w] of v.whatIf.entries()) expect(said[i]).toMatch(changes[w.change]);
  });
  it('a verdict recorded before the facts keeps its words', () => {
    const { facts: _, ...older } = v;
    const stored = { ...older, sentence: 'S.', evidence: ['E'], whatIf: v.whatIf.map(({ facts: __, ...w }) => ({ ...w, sentence: 'W.' })) };
    expect(sayDownload(stored)).toEqual({ sentence: 'S.', evidence: ['E'], whatIf: v.whatIf.map(() => 'W.') });
  });
  it('a profile as written stores the words its facts say, and still validates', () => {
    const recording = everyRecording().find((r) => r.profile.phases.some((p) => p.downloadTimeline));
    if (!recording) throw new Error('no recording with a download timeline');
    const { verdict } = judgeInDetail(recording.profile);
    const written = withStoredSentences({ ...recording.profile, verdict });
    const download = written.verdict?.download;
    expect(download?.sentence).toBe(sayDownload(verdict.download!).sentence);
    expect(download?.evidence).toEqual(sayDownload(verdict.download!).evidence);
    expect(download?.whatIf.map((w) => w.sentence)).toEqual(sayDownload(verdict.download!).whatIf);
    expect(download?.stalls.map((s) => s.toolkit)).toEqual(verdict.download!.stalls.map(sayStallToolkit));
    expect(profileErrors(JSON.parse(JSON.stringify(written)))).toEqual([]);
  });
});

describe('an interruption, in each direction, with and without a retry', () => {
  const base = judgeUpload(uploadCases()[0]!.timeline, null);
  const said = (direction: 'download' | 'upload', e: TransferEvidence) =>
    direction === 'upload'
      ? sayUpload({ ...base, facts: { ...base.facts, direction, evidence: [e] } }).evidence[0]
      : sayDownload({ ...base, stalls: [], whatIf: [], facts: { ...base.facts, direction, evidence: [e] } }).evidence[0];
  const interruption = (over: Partial<Extract<TransferEvidence, { kind: 'interruption' }>>): TransferEvidence => ({
    kind: 'interruption',
    requestId: 4,
    outcome: 'aborted',
    part: 'bytes 0-4194303/*',
    bytes: 2 * 1024 * 1024,
    atMs: 1500,
    retry: null,
    sdkGaveUp: false,
    ...over,
  });
  it('an upload request closed, nothing sent it again; failed, and sent again', () => {
    expect(said('upload', interruption({}))).toBe(
      'request #4 (bytes 0-4194303/*) was closed after sending 2 MiB, 1.5 s into the upload; nothing sent it again',
    );
    expect(said('upload', interruption({ outcome: 'error', retry: { requestId: 7, part: 'bytes 0-4194303/*', afterMs: 5020 } }))).toBe(
      'request #4 (bytes 0-4194303/*) failed after sending 2 MiB, 1.5 s into the upload; request #7 sent it again 5.02 s later: a retry',
    );
  });
  it('a download request closed: nothing fetched it again, the SDK gave up, or a retry asked for its range', () => {
    const range = { part: 'bytes=0-1023' };
    expect(said('download', interruption(range))).toBe('request #4 was closed after 2 MiB (bytes=0-1023) 1.5 s into the download; nothing fetched it again');
    expect(said('download', interruption({ ...range, sdkGaveUp: true }))).toMatch(
      /; nothing fetched it again: the Azure SDK takes a connection closed mid-body as an abort/,
    );
    expect(said('download', interruption({ part: null, outcome: 'error', retry: { requestId: 9, part: 'bytes=0-1023', afterMs: 0 } }))).toBe(
      'request #4 failed before a response (whole blob) 1.5 s into the download; request #9 asked for bytes=0-1023 0 s later: a retry',
    );
  });
});
