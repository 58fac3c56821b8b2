/**
 * A transfer's own section of the summary (the restore's download, the save's upload): its verdict, the
 * evidence and its what-ifs, and two charts from its timeline (throughput, requests in flight) on an even
 * time grid. Pure; '' without a timeline.
 */
import type { Profile, Verdict } from '../profile/schema.js';
import { binTransferTimeline, MAX_POINTS, niceMax, type TransferFlow } from './charts.js';
import { escapeHtml, fenced } from './markdown.js';
import { xyChartInit } from './palette.js';
import { sayDownload, type TransferWords } from './say/transfer.js';

interface TransferChartPoint {
  /** Seconds since the transfer began, at the cell's end. */
  tSeconds: number;
  mibPerSecond: number;
  /** Most requests in flight within the cell. */
  inFlight: number;
}

/** The aggregate bytes (a step function over the samples) on an even grid of at most maxPoints cells. */
export function transferChartPoints(t: TransferFlow, maxPoints = MAX_POINTS): TransferChartPoint[] {
  const span = t.endMs - t.startMs;
  if (span <= 0 || t.samples.length === 0) return [];
  const cells = Math.max(1, Math.min(maxPoints, Math.round(span / Math.max(1, t.intervalMs))));
  return binTransferTimeline(t, cells).map((c) => ({ tSeconds: (c.toMs - t.startMs) / 1000, mibPerSecond: c.mibPerSecond, inFlight: c.inFlight }));
}

function charts(t: TransferFlow, concurrency: number, noun: 'Download' | 'Upload'): string {
  const points = transferChartPoints(t);
  if (points.length < 2) return '';
  const end = Number((points[points.length - 1]?.tSeconds ?? 0).toFixed(2));
  const line = (values: number[]) => `[${values.map((v) => String(Math.round(v * 10) / 10)).join(', ')}]`;
  const chart = (title: string, axis: string, max: number, values: number[], color: number) =>
    fenced(
      'mermaid',
      [
        xyChartInit(color),
        'xychart-beta',
        `    title "${title}"`,
        `    x-axis "seconds" 0 --> ${end}`,
        `    y-axis "${axis}" 0 --> ${max}`,
        `    line ${line(values)}`,
      ].join('\n'),
    );
  const rates = points.map((p) => p.mibPerSecond);
  const flights = points.map((p) => p.inFlight);
  return [
    chart(`${noun} throughput (MiB/s)`, 'MiB/s', niceMax(Math.max(...rates)), rates, 0),
    chart(`${noun} requests in flight`, 'requests', Math.max(1, concurrency, ...flights), flights, 1),
  ].join('\n\n');
}

export function transferSection(
  heading: string,
  judged: TransferWords,
  timeline: TransferFlow & { limits: { concurrency: number } },
  noun: 'Download' | 'Upload',
  whatIfNote: string,
): string {
  const parts = [`${heading}\n\n**${escapeHtml(judged.sentence)}**`];
  if (judged.evidence.length > 0) parts.push(judged.evidence.map((e) => `- ${escapeHtml(e)}`).join('\n'));
  if (judged.whatIf.length > 0) parts.push(`${judged.whatIf.map((w) => `- ${escapeHtml(w)}`).join('\n')}\n\n<sub>${whatIfNote}</sub>`);
  const drawn = charts(timeline, timeline.limits.concurrency, noun);
  if (drawn) parts.push(drawn);
  return parts.join('\n\n');
}

export function downloadSection(profile: Profile, verdict: Verdict): string {
  const download = verdict.download;
  const timeline = profile.phases.find((p) => p.name === 'download')?.downloadTimeline;
  if (!download || !timeline) return '';
  return transferSection(
    '### Download',
    sayDownload(download),
    timeline,
    'Download',
    "Lower bounds on the download's time: stalls and waits for first bytes stay unless the change removes them; a doubled rate halves at most the time bytes flowed.",
  );
}
