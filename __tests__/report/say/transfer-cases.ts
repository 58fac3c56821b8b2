// The download, upload and save verdicts' inputs the say layer's tests judge: the recorded transfers and
// saves (fixtures/downloads, fixtures/uploads, fixtures/saves) and variants of them that reach each
// toolkit path, timeout and rule, so every kind's words are held to what the judge said before the words
// moved to report/say (fixtures/say/old-words.json, recorded from the judge as it was by __tests__/report/say/record-old-words.ts at commit c61f274).
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { SegmentPause } from '../../../src/judge/segment-pauses.js';
import type { SaveJudgeInput } from '../../../src/judge/save-rules.js';
import {
  DOWNLOAD_PATHS,
  type DownloadTimeline,
  type SavePhaseRecord,
  type SaveResult,
  UPLOAD_PATHS,
  type UploadTimeline,
} from '../../../src/profile/schema.js';
import { repoRoot } from '../../helpers/tree.js';

const json = <T>(dir: string, file: string): T => JSON.parse(readFileSync(path.join(repoRoot, dir, file), 'utf8')) as T;
const names = (dir: string) =>
  readdirSync(path.join(repoRoot, dir))
    .filter((f) => f.endsWith('.json'))
    .sort();

export interface DownloadCase {
  name: string;
  timeline: DownloadTimeline;
  archiveBytes: number | null;
}
export interface UploadCase {
  name: string;
  timeline: UploadTimeline;
  archiveBytes: number | null;
}
export interface SaveCase {
  name: string;
  input: SaveJudgeInput;
}
export interface PausesCase {
  name: string;
  pauses: SegmentPause[];
  downloadMs: number;
}

/** Each recorded download on each path, with its request timeout as recorded and short enough to end its stall, with and without the archive's size. */
export function downloadCases(): DownloadCase[] {
  return [...recordedDownloadCases(), ...syntheticDownloadCases()];
}

function recordedDownloadCases(): DownloadCase[] {
  return names('fixtures/downloads').flatMap((file) => {
    const r = json<{ archiveBytes: number | null; timeline: DownloadTimeline }>('fixtures/downloads', file);
    return DOWNLOAD_PATHS.flatMap((p) =>
      [r.timeline.limits.requestTimeoutMs, 1000].flatMap((requestTimeoutMs) =>
        [r.archiveBytes, null].map((archiveBytes) => {
          const sdk = p === 'azure-sdk';
          const limits = {
            ...r.timeline.limits,
            path: p,
            requestTimeoutMs,
            segmentTimeoutMs: sdk ? (r.timeline.limits.segmentTimeoutMs ?? null) : null,
            segmentBytes: sdk ? (r.timeline.limits.segmentBytes ?? 128 * 1024 * 1024) : null,
          };
          return {
            name: `${file} ${p} timeout ${requestTimeoutMs} size ${archiveBytes === null ? 'unknown' : 'known'}`,
            timeline: { ...r.timeline, limits },
            archiveBytes,
          };
        }),
      ),
    );
  });
}

/** Each recorded upload on each path, with no request timeout, the recorded one and a short one, with and without the archive's size. */
export function uploadCases(): UploadCase[] {
  return [...recordedUploadCases(), ...syntheticUploadCases()];
}

function recordedUploadCases(): UploadCase[] {
  return names('fixtures/uploads').flatMap((file) => {
    const r = json<{ archiveBytes: number | null; timeline: UploadTimeline }>('fixtures/uploads', file);
    return UPLOAD_PATHS.flatMap((p) =>
      [null, r.timeline.limits.requestTimeoutMs, 1000].flatMap((requestTimeoutMs) =>
        [r.archiveBytes, null].map((archiveBytes) => ({
          name: `${file} ${p} timeout ${requestTimeoutMs} size ${archiveBytes === null ? 'unknown' : 'known'}`,
          timeline: { ...r.timeline, limits: { ...r.timeline.limits, path: p, requestTimeoutMs } },
          archiveBytes,
        })),
      ),
    );
  });
}

/** The save's phases with the upload phase given a recorded upload's timeline (and its bytes, or none). */
function withUpload(phases: readonly SavePhaseRecord[], u: UploadCase, bytes: boolean): SavePhaseRecord[] {
  return phases.map((p) => (p.name === 'upload' ? { ...p, uploadTimeline: u.timeline, networkBytes: bytes ? u.archiveBytes : null } : p));
}

/** Each recorded save under each ceiling, thread count and sampling; then with each upload variant in its upload phase. */
export function saveCases(): SaveCase[] {
  const saves = names('fixtures/saves').map((file) => ({ file, s: json<SaveResult>('fixtures/saves', file) }));
  const ceilings: (SaveJudgeInput['ceilings'] | undefined)[] = [
    undefined,
    { randReadIops: 220 },
    { seqReadBytesPerSecond: 1024 * 1024 },
    { randReadIops: 1_000_000 },
  ];
  const out: SaveCase[] = [];
  for (const { file, s } of saves) {
    for (const [ci, c] of ceilings.entries())
      for (const threads of [s.compressionThreads, 1, null])
        for (const sampled of [true, false])
          for (const cpuCount of [2, 64])
            out.push({
              name: `${file} ceilings ${ci} threads ${threads} cpus ${cpuCount} ${sampled ? 'sampled' : 'unsampled'}`,
              input: {
                phases: s.phases,
                deviceIndex: 0,
                cpuCount,
                compressionThreads: threads,
                ...(c ? { ceilings: c } : {}),
                ...(sampled ? { samples: s.samples.snapshots } : {}),
              },
            });
    // Without the network's bytes the upload phase is a round trip's words; with no disk counters, no disk rule.
    out.push({
      name: `${file} no network bytes`,
      input: { phases: s.phases.map((p) => ({ ...p, networkBytes: null })), deviceIndex: 0, cpuCount: 2, compressionThreads: 2 },
    });
    out.push({ name: `${file} no device`, input: { phases: s.phases, deviceIndex: null, cpuCount: 2, compressionThreads: 2 } });
  }
  const first = saves[0];
  if (first)
    for (const u of uploadCases())
      for (const bytes of [true, false])
        out.push({
          name: `${first.file} with upload ${u.name} ${bytes ? 'bytes' : 'no bytes'}`,
          input: { phases: withUpload(first.s.phases, u, bytes), deviceIndex: 0, cpuCount: 2, compressionThreads: first.s.compressionThreads },
        });
  out.push({ name: 'no phases', input: { phases: [], deviceIndex: null, cpuCount: 2, compressionThreads: null } });
  return out;
}

/** Pauses between the SDK's segments: all the disk's, none, some; one and several. */
export function pausesCases(): PausesCase[] {
  const pause = (startMs: number, durationMs: number, owner: SegmentPause['owner']): SegmentPause => ({ startMs, durationMs, owner, diskBytesPerSecond: null });
  return [
    { name: 'one disk', pauses: [pause(0, 1200, 'disk')], downloadMs: 9000 },
    { name: 'one toolkit', pauses: [pause(0, 400, 'toolkit')], downloadMs: 9000 },
    { name: 'all disk', pauses: [pause(0, 1200, 'disk'), pause(3000, 2500, 'disk')], downloadMs: 12_000 },
    { name: 'all toolkit', pauses: [pause(0, 1200, 'toolkit'), pause(3000, 2500, 'toolkit'), pause(8000, 310, 'toolkit')], downloadMs: 12_000 },
    { name: 'mixed', pauses: [pause(0, 1200, 'disk'), pause(3000, 2500, 'toolkit'), pause(8000, 700, 'disk')], downloadMs: 12_000 },
    { name: 'no download time', pauses: [pause(0, 1200, 'disk')], downloadMs: 0 },
    { name: 'none', pauses: [], downloadMs: 5000 },
  ];
}

const MiB = 1024 * 1024;
/** A request's bytes over [fromMs, toMs], at the ticks of `intervalMs`: [tMs, bytes so far]. */
function linear(fromMs: number, toMs: number, bytes: number, intervalMs: number, base = 0): [number, number][] {
  const out: [number, number][] = [];
  for (let t = fromMs; t <= toMs; t += intervalMs) out.push([t, base + Math.round((bytes * (t - fromMs)) / Math.max(1, toMs - fromMs))]);
  return out;
}

/** The aggregate [tMs, bytes so far, in flight] of requests' points, at each tick. */
function aggregate(
  requests: readonly { startMs: number; endMs: number | null; points: [number, number][] }[],
  endMs: number,
  intervalMs: number,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let t = 0; t <= endMs; t += intervalMs) {
    const bytes = requests.reduce((s, r) => s + (r.points.filter(([at]) => at <= t).at(-1)?.[1] ?? 0), 0);
    const inFlight = requests.filter((r) => r.startMs <= t && (r.endMs ?? endMs) > t).length;
    out.push([t, bytes, inFlight]);
  }
  return out;
}

/** Made-up downloads for the stalls no recording holds: a far longer wait for a first byte, a far slower request, no GET at all. */
export function syntheticDownloadCases(): DownloadCase[] {
  const intervalMs = 100;
  const make = (name: string, waitOf: (i: number) => number, bodyOf: (i: number) => number, method = 'GET'): DownloadCase => {
    const requests = Array.from({ length: 6 }, (_, i) => {
      const startMs = i * 10;
      const firstByteMs = startMs + waitOf(i);
      const endMs = firstByteMs + bodyOf(i);
      return {
        id: i + 1,
        method,
        range: `bytes=${i * 4 * MiB}-${(i + 1) * 4 * MiB - 1}`,
        startMs,
        firstByteMs,
        endMs,
        status: 206,
        receivedBytes: 4 * MiB,
        outcome: 'complete' as const,
        points: linear(Math.ceil(firstByteMs / intervalMs) * intervalMs, Math.ceil(endMs / intervalMs) * intervalMs, 4 * MiB, intervalMs),
      };
    });
    const endMs = Math.max(...requests.map((r) => r.endMs)) + intervalMs;
    return {
      name,
      archiveBytes: 24 * MiB,
      timeline: {
        intervalMs,
        startMs: 0,
        endMs,
        requests,
        samples: aggregate(requests, endMs, intervalMs),
        interfaces: [{ name: 'eth0', rxBytes: 25 * MiB, rxPackets: 20_000, txBytes: MiB }],
        limits: { path: 'azure-sdk', concurrency: 8, requestTimeoutMs: 30_000, segmentTimeoutMs: 600_000, segmentBytes: 128 * MiB },
      },
    };
  };
  const base = [
    make(
      'synthetic first-byte',
      (i) => (i === 2 ? 8000 : 100),
      () => 2000,
    ),
    make(
      'synthetic slow',
      () => 100,
      (i) => (i === 2 ? 12_000 : 2000),
    ),
    make(
      'synthetic spread waits',
      (i) => Math.round(400 * 1.6 ** i),
      () => 300,
    ),
    make(
      'synthetic no GET',
      () => 100,
      () => 2000,
      'HEAD',
    ),
  ];
  return base.flatMap((c) =>
    DOWNLOAD_PATHS.flatMap((p) =>
      [30_000, 1000].map((requestTimeoutMs) => ({
        ...c,
        name: `${c.name} ${p} timeout ${requestTimeoutMs}`,
        timeline: {
          ...c.timeline,
          limits: { ...c.timeline.limits, path: p, requestTimeoutMs, ...(p === 'azure-sdk' ? {} : { segmentTimeoutMs: null, segmentBytes: null }) },
        },
      })),
    ),
  );
}

/** Made-up uploads for the stalls no recording holds: a far longer wait for the store's answer, a far slower request, spread waits, no part. */
export function syntheticUploadCases(): UploadCase[] {
  const intervalMs = 100;
  const make = (name: string, waitOf: (i: number) => number, bodyOf: (i: number) => number, carries = true): UploadCase => {
    const requests = Array.from({ length: 6 }, (_, i) => {
      const startMs = i * 10;
      const bodySentMs = Math.ceil((startMs + bodyOf(i)) / intervalMs) * intervalMs;
      const responseMs = bodySentMs + waitOf(i);
      return {
        id: i + 1,
        method: 'PATCH',
        part: carries ? `bytes ${i * 4 * MiB}-${(i + 1) * 4 * MiB - 1}/*` : null,
        startMs,
        bodySentMs,
        responseMs,
        endMs: responseMs,
        status: 204,
        sentBytes: 4 * MiB,
        outcome: 'complete' as const,
        points: linear(Math.ceil(startMs / intervalMs) * intervalMs, bodySentMs, 4 * MiB, intervalMs),
      };
    });
    const endMs = Math.max(...requests.map((r) => r.endMs)) + intervalMs;
    return {
      name,
      archiveBytes: 24 * MiB,
      timeline: {
        intervalMs,
        startMs: 0,
        endMs,
        requests,
        samples: aggregate(requests, endMs, intervalMs),
        interfaces: [{ name: 'eth0', rxBytes: MiB, rxPackets: 20_000, txBytes: 25 * MiB }],
        limits: { path: 'http-chunks', concurrency: 4, chunkBytes: 4 * MiB, singleShotBytes: null, requestTimeoutMs: 180_000, maxTries: 2 },
      },
    };
  };
  const base = [
    make(
      'synthetic acknowledgement',
      (i) => (i === 2 ? 8000 : 100),
      () => 2000,
    ),
    make(
      'synthetic slow',
      () => 100,
      (i) => (i === 2 ? 12_000 : 2000),
    ),
    make(
      'synthetic spread waits',
      (i) => Math.round(400 * 1.6 ** i),
      () => 300,
    ),
    make(
      'synthetic no part',
      () => 100,
      () => 2000,
      false,
    ),
  ];
  return base.flatMap((c) =>
    UPLOAD_PATHS.flatMap((p) =>
      [180_000, 1000, null].map((requestTimeoutMs) => ({
        ...c,
        name: `${c.name} ${p} timeout ${requestTimeoutMs}`,
        timeline: { ...c.timeline, limits: { ...c.timeline.limits, path: p, requestTimeoutMs } },
      })),
    ),
  );
}
