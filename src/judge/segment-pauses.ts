/**
 * The download's pauses with no request in flight (issue 39): @actions/cache's Azure SDK path fetches
 * an archive in 128 MiB segments and writes each to the archive file before it asks for the next, so
 * the throughput falls to zero between segments, and again after the last one until the toolkit
 * returns. Nothing was asked of the network then, so a pause is never the network's: it is the disk's
 * where what the archive's disk wrote through it needed at least TIME_AT_CEILING_SHARE of the pause at
 * its write ceiling (the segment waited on the disk: the rule a phase is held to, at the ceiling half
 * its time), else the toolkit's own time (writing into the page cache, its CPU). The sampler's own
 * ticks go missing while the toolkit writes a segment (the event loop waits on the write), so the
 * rate is over the snapshots around the pause. Found on the recorded requests and the sampled
 * counters, not assumed. Pure.
 */
import type { DownloadTimeline, Snapshot, TransferEvidence } from '../profile/schema.js';
import type { Ceilings } from './ceilings.js';
import { TIME_AT_CEILING_SHARE } from './thresholds.js';

export const PAUSE_OWNERS = ['disk', 'toolkit'] as const;
export type PauseOwner = (typeof PAUSE_OWNERS)[number];

export interface SegmentPause {
  startMs: number;
  durationMs: number;
  owner: PauseOwner;
  /** What the archive's disk wrote per second through the pause (the snapshots around it); null without its counters. */
  diskBytesPerSecond: number | null;
}

/** Shorter gaps between requests are the toolkit starting the next one (a sampler interval or two). */
export const MIN_PAUSE_MS = 300;

/** Stretches from the first GET's start to the download's end with no GET open, at least MIN_PAUSE_MS long. */
function gaps(t: DownloadTimeline, endMs: number): { startMs: number; endMs: number }[] {
  const gets = t.requests.filter((r) => r.method === 'GET').sort((a, b) => a.startMs - b.startMs);
  const out: { startMs: number; endMs: number }[] = [];
  let openUntil: number | null = null;
  for (const r of gets) {
    if (openUntil !== null && r.startMs - openUntil >= MIN_PAUSE_MS) out.push({ startMs: openUntil, endMs: r.startMs });
    openUntil = Math.max(openUntil ?? r.startMs, r.endMs ?? endMs);
  }
  if (openUntil !== null && endMs - openUntil >= MIN_PAUSE_MS) out.push({ startMs: openUntil, endMs });
  return out;
}

/** The device's write rate over the snapshots that bracket [fromMs, toMs]; null without them. */
function writeRate(series: readonly Snapshot[], device: number, fromMs: number, toMs: number): number | null {
  const before = series.filter((s) => s.tMs <= fromMs).at(-1);
  const after = series.find((s) => s.tMs >= toMs);
  const a = before?.disks[device];
  const b = after?.disks[device];
  if (!before || !after || !a || !b || after.tMs <= before.tMs) return null;
  return ((b.sectorsWritten - a.sectorsWritten) * 512 * 1000) / (after.tMs - before.tMs);
}

/** The download's pauses on the Azure SDK's segmented path, each with whose it was; none on the other paths. */
export function segmentPauses(
  t: DownloadTimeline,
  phase: { endMs: number; series: readonly Snapshot[]; deviceIndex: number | null },
  ceilings: Pick<Ceilings, 'seqWriteBytesPerSecond'>,
): SegmentPause[] {
  if (t.limits.path !== 'azure-sdk' || !t.limits.segmentBytes) return [];
  const ceiling = ceilings.seqWriteBytesPerSecond;
  return gaps(t, phase.endMs).map((g) => {
    const rate = phase.deviceIndex === null ? null : writeRate(phase.series, phase.deviceIndex, g.startMs, g.endMs);
    const atCeiling = rate !== null && ceiling !== null && ceiling > 0 && rate >= TIME_AT_CEILING_SHARE * ceiling;
    return { startMs: g.startMs, durationMs: g.endMs - g.startMs, owner: atCeiling ? 'disk' : 'toolkit', diskBytesPerSecond: rate };
  });
}

/** The pauses as the download verdict's evidence: how many, how long, how many and how long were the disk's; null without any. */
export function pausesEvidence(pauses: readonly SegmentPause[], downloadMs: number): TransferEvidence | null {
  if (pauses.length === 0) return null;
  const disk = pauses.filter((p) => p.owner === 'disk');
  const sum = (ps: readonly SegmentPause[]) => ps.reduce((s, p) => s + p.durationMs, 0);
  return { kind: 'pauses', count: pauses.length, totalMs: sum(pauses), diskCount: disk.length, diskMs: sum(disk), downloadMs };
}
