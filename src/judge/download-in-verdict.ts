/**
 * Puts the download's own verdict into the restore's: kept as Verdict.download, and a stall that cost a
 * real share of the download leads the restore's sentence, since it is the first thing to fix. Pure.
 */
import { TOOLKIT_SEGMENT_TIMEOUT_MS, type DownloadLimits, type DownloadStall, type DownloadTimeline, type Profile, type Verdict } from '../profile/schema.js';
import { formatNumber, seconds } from '../util/format.js';
import { judgeDownload } from './download-rules.js';
import { stallPlace } from './transfer-stats.js';

/** @actions/cache's SEGMENT_DOWNLOAD_TIMEOUT_MINS default (10 minutes), where the limits name none. */

/** How a stall is opened, in the verdict's sentence and on the headline alike: how long, which request (the parenthesis left open). */
export function stallOpening(stall: DownloadStall): string {
  return `The download stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}`;
}

/** SEGMENT_DOWNLOAD_TIMEOUT_MINS, in minutes: the setting that would have cut the stall short, and the one in force. */
export function segmentTimeoutMinutes(stall: DownloadStall, limits: DownloadLimits): { setting: string; inForce: string } {
  return {
    setting: formatNumber((stall.segmentTimeoutToCutMs ?? limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS) / 60_000),
    inForce: formatNumber((limits.segmentTimeoutMs ?? TOOLKIT_SEGMENT_TIMEOUT_MS) / 60_000),
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
  const { setting, inForce } = segmentTimeoutMinutes(stall, l);
  return `${head}: SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} or less (${inForce} in force) would have cut it short, aborting the restore as a miss; the Azure SDK has no timeout on a response body.`;
}

export function withDownloadVerdict(profile: Profile, verdict: Verdict): Verdict {
  const phase = profile.phases.find((p) => p.name === 'download');
  const timeline = phase?.downloadTimeline;
  if (!phase || !timeline) return verdict;
  const archiveBytes = phase.networkBytes ?? profile.restore?.archiveBytes ?? null;
  const download = judgeDownload(timeline, archiveBytes);
  const stall = download.limit === 'stall' ? download.stalls[0] : undefined;
  if (!stall) return { ...verdict, download };
  return { ...verdict, sentence: `${stallHeadline(stall, archiveBytes, timeline)} ${verdict.sentence}`, download };
}
