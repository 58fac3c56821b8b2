/**
 * Puts the download's own verdict into the restore's: kept as Verdict.download. The download's worst
 * stall leads the restore's verdict (Verdict.leads, its sentence first) only where it is the first
 * thing to fix: it passes the advice threshold (thresholds.ts WORTH_CHANGING) against the time until
 * the files were on disk, and it took more time than any phase did apart from it; a 1 % stall never
 * outranks a disk that held 95 % of the restore. Pure.
 */
import { TOOLKIT_SEGMENT_TIMEOUT_MS, type DownloadLimits, type DownloadStall, type DownloadTimeline, type Profile, type Verdict } from '../profile/schema.js';
import { formatNumber, seconds } from '../util/format.js';
import { judgeDownload, segmentTimeoutIsSafe } from './download-rules.js';
import { pausesEvidence, type SegmentPause } from './segment-pauses.js';
import { worthChanging } from './thresholds.js';
import { stallPlace } from './transfer-stats.js';

/** How a stall is opened, in the verdict's sentence and on the headline alike: how long, which request (the parenthesis left open). */
export function stallOpening(stall: DownloadStall): string {
  return `The download stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}`;
}

/**
 * SEGMENT_DOWNLOAD_TIMEOUT_MINS, in minutes: the setting that would have cut the stall short, the one in
 * force, and whether the setting is safe (a normal segment finishes under it with TIMEOUT_MARGIN to spare).
 */
export function segmentTimeoutMinutes(stall: DownloadStall, limits: DownloadLimits): { setting: string; inForce: string; safe: boolean } {
  const settingMs = stall.segmentTimeoutToCutMs ?? limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  return {
    setting: formatNumber(settingMs / 60_000),
    inForce: formatNumber((limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS) / 60_000),
    safe: segmentTimeoutIsSafe(settingMs, stall.normalSegmentMs ?? null),
  };
}

/** The stall in one sentence: that it stalled, how long, and the setting (or timeout) that would have cut it short. */
export function stallHeadline(stall: DownloadStall, archiveBytes: number | null, timeline: DownloadTimeline): string {
  const head = `${stallOpening(stall)}, ${stallPlace(stall, archiveBytes)})`;
  const l = timeline.limits;
  const ended = stall.endedByTimeout === true;
  if (l.path === 'http-stream') {
    return ended
      ? `${head}: @actions/cache's ${seconds(l.requestTimeoutMs)} socket timeout on the plain HTTP download ended it and the restore failed (no setting changes that timeout).`
      : `${head}: only @actions/cache's ${seconds(l.requestTimeoutMs)} socket timeout on the plain HTTP download would cut a longer one short, failing the restore (no setting changes it).`;
  }
  if (l.path === 'http-concurrent' || stall.kind === 'first-byte') {
    return `${head}: the toolkit's ${seconds(l.requestTimeoutMs)} per-request timeout ${ended ? 'cut it short and retried it' : 'would have cut a longer one short and retried it'} (no setting of actions/cache changes it).`;
  }
  const { setting, inForce, safe } = segmentTimeoutMinutes(stall, l);
  if (!safe)
    return `${head}: the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it (${setting}; ${inForce} in force) would also abort a normal segment, failing restores as misses.`;
  return `${head}: SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} or less (${inForce} in force) would have cut it short, aborting the restore as a miss; the Azure SDK has no timeout on a response body.`;
}

/**
 * Whether the stall is the first thing to fix: it ended a restore that failed, or it is worth changing
 * against the time until the files were on disk and longer than any phase apart from it (the download's
 * own time less the stall).
 */
function stallLeads(stall: DownloadStall, verdict: Verdict, restoreFailed: boolean): boolean {
  // A stall a timeout ended, in a restore that failed, is why nothing was restored: nothing else to judge outranks it.
  if (restoreFailed && stall.endedByTimeout === true) return true;
  const phases = verdict.phases.map((p) => ({ phase: p.phase, ms: p.durationMs ?? 0 }));
  const totalMs = verdict.untilOnDiskMs ?? phases.reduce((s, p) => s + p.ms, 0);
  if (!worthChanging(stall.durationMs, totalMs)) return false;
  return phases.every((p) => stall.durationMs >= (p.phase === 'download' ? p.ms - stall.durationMs : p.ms));
}

export function withDownloadVerdict(profile: Profile, verdict: Verdict, pauses: readonly SegmentPause[] = []): Verdict {
  const phase = profile.phases.find((p) => p.name === 'download');
  const timeline = phase?.downloadTimeline;
  if (!phase || !timeline) return verdict;
  const archiveBytes = phase.networkBytes ?? profile.restore?.archiveBytes ?? null;
  const judged = judgeDownload(timeline, archiveBytes);
  const paused = pausesEvidence(pauses, phase.endMs - phase.startMs);
  const download = paused ? { ...judged, facts: { ...judged.facts, evidence: [...judged.facts.evidence, paused] } } : judged;
  const stall = download.limit === 'stall' ? download.stalls[0] : undefined;
  if (!stall || !stallLeads(stall, verdict, profile.restore?.error != null)) return { ...verdict, download };
  return { ...verdict, sentence: `${stallHeadline(stall, archiveBytes, timeline)} ${verdict.sentence}`, download, leads: 'download-stall' };
}
