/**
 * Puts the download's own verdict into the restore's: kept as Verdict.download. The download's worst
 * stall leads the restore's verdict (Verdict.leads, said first from RestoreDecision.stall) only where it is the first
 * thing to fix: it passes the advice threshold (thresholds.ts WORTH_CHANGING) against the time until
 * the files were on disk, and it took more time than any phase did apart from it; a 1 % stall never
 * outranks a disk that held 95 % of the restore. Pure.
 */
import { TOOLKIT_SEGMENT_TIMEOUT_MS, type DownloadLimits, type DownloadStall, type Profile, type StallLead, type Verdict } from '../profile/schema.js';
import { judgeDownload, segmentTimeoutIsSafe } from './download-rules.js';
import { pausesEvidence, type SegmentPause } from './segment-pauses.js';
import { worthChanging } from './thresholds.js';

/**
 * What would cut a stall short, by the download's path (report/say/download.ts says it): the plain
 * stream only by its socket timeout; http-client's segments and a first byte that never came by the
 * per-request timeout; an Azure SDK body stall by SEGMENT_DOWNLOAD_TIMEOUT_MINS, the setting that
 * would have fired during it (else the one in force), advised only where it is safe (a normal segment
 * finishes under it with TIMEOUT_MARGIN to spare).
 */
export function stallLead(stall: DownloadStall, archiveBytes: number | null, limits: DownloadLimits): StallLead {
  const known = { archiveBytes, requestTimeoutMs: limits.requestTimeoutMs };
  if (limits.path === 'http-stream') return { ...known, cut: 'socket-timeout', segmentTimeout: null };
  if (limits.path === 'http-concurrent' || stall.kind === 'first-byte') return { ...known, cut: 'request-timeout', segmentTimeout: null };
  const inForceMs = limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS;
  const cutMs = stall.segmentTimeoutToCutMs ?? inForceMs;
  const safe = segmentTimeoutIsSafe(cutMs, stall.normalSegmentMs ?? null);
  return { ...known, cut: safe ? 'segment-timeout' : 'no-safe-segment-timeout', segmentTimeout: { cutMs, inForceMs } };
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
  const stalled = stallLead(stall, archiveBytes, timeline.limits);
  return { ...verdict, ...(verdict.decision ? { decision: { ...verdict.decision, stall: stalled } } : {}), download, leads: 'download-stall' };
}
