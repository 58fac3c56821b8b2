/**
 * The download's worst stall where it leads the restore's verdict (Verdict.leads): the headline said
 * first, from the stall (Verdict.download.stalls[0]) and what the judge found would cut it short
 * (RestoreDecision.stall, judge/download-in-verdict.ts stallLead). The first screen opens the same way.
 * Nothing here decides: each branch is a cut the judge chose. Pure.
 */
import type { DownloadStall, StallLead } from '../../profile/schema.js';
import { bytes, formatNumber, percent, seconds } from '../../util/format.js';

/** How a stall is opened, in the verdict's sentence and on the headline alike: how long, which request (the parenthesis left open). */
export function stallOpening(stall: Pick<DownloadStall, 'durationMs' | 'requestId'>): string {
  return `The download stalled for ${seconds(stall.durationMs)} (request #${stall.requestId}`;
}

/** Where in the archive a stall began: its share of the archive where the size is known, else the bytes before it. */
export function stallPlace(s: { atBytes: number }, archiveBytes: number | null): string {
  return archiveBytes ? `at ${percent(Math.min(1, s.atBytes / archiveBytes))} of the archive` : `after ${bytes(s.atBytes)}`;
}

/** SEGMENT_DOWNLOAD_TIMEOUT_MINS as it is set: minutes. */
export function segmentTimeoutMinutes(ms: number): string {
  return formatNumber(ms / 60_000);
}

/** The stall in one sentence: that it stalled, how long, where, and the setting (or timeout) that would have cut it short. */
export function stallHeadline(stall: DownloadStall, lead: StallLead): string {
  const head = `${stallOpening(stall)}, ${stallPlace(stall, lead.archiveBytes)})`;
  const ended = stall.endedByTimeout === true;
  const timeout = seconds(lead.requestTimeoutMs);
  switch (lead.cut) {
    case 'socket-timeout':
      return ended
        ? `${head}: @actions/cache's ${timeout} socket timeout on the plain HTTP download ended it and the restore failed (no setting changes that timeout).`
        : `${head}: only @actions/cache's ${timeout} socket timeout on the plain HTTP download would cut a longer one short, failing the restore (no setting changes it).`;
    case 'request-timeout':
      return `${head}: the toolkit's ${timeout} per-request timeout ${ended ? 'cut it short and retried it' : 'would have cut a longer one short and retried it'} (no setting of actions/cache changes it).`;
    case 'no-safe-segment-timeout':
    case 'segment-timeout':
      return segmentCut(head, lead.cut, lead.segmentTimeout);
  }
}

/** The Azure SDK's body stall: the segment timeout that would cut it, safe or not (judge/download-in-verdict.ts stallLead gives both figures with these cuts). */
function segmentCut(head: string, cut: 'segment-timeout' | 'no-safe-segment-timeout', t: StallLead['segmentTimeout']): string {
  const cutAt = segmentTimeoutMinutes(t?.cutMs ?? 0);
  const inForce = segmentTimeoutMinutes(t?.inForceMs ?? 0);
  return cut === 'no-safe-segment-timeout'
    ? `${head}: the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it (${cutAt}; ${inForce} in force) would also abort a normal segment, failing restores as misses.`
    : `${head}: SEGMENT_DOWNLOAD_TIMEOUT_MINS=${cutAt} or less (${inForce} in force) would have cut it short, aborting the restore as a miss; the Azure SDK has no timeout on a response body.`;
}
