/**
 * The download's own section of the summary: its verdict, the evidence and its what-ifs, and two charts
 * from its timeline (throughput, requests in flight) on an even time grid. Pure; '' without a timeline.
 */
import type { DownloadTimeline, Profile, Verdict } from '../profile/schema.js';
import { binDownloadTimeline, MAX_POINTS } from './charts.js';
import { escapeHtml, fenced } from './markdown.js';
import { xyChartInit } from './palette.js';

interface DownloadChartPoint {
  /** Seconds since the download began, at the cell's end. */
  tSeconds: number;
  mibPerSecond: number;
  /** Most requests in flight within the cell. */
  inFlight: number;
}

/** The aggregate bytes (a step function over the samples) on an even grid of at most maxPoints cells. */
export function downloadChartPoints(t: DownloadTimeline, maxPoints = MAX_POINTS): DownloadChartPoint[] {
  const span = t.endMs - t.startMs;
  if (span <= 0 || t.samples.length === 0) return [];
  const cells = Math.max(1, Math.min(maxPoints, Math.round(span / Math.max(1, t.intervalMs))));
  return binDownloadTimeline(t, cells).map((c) => ({ tSeconds: (c.toMs - t.startMs) / 1000, mibPerSecond: c.mibPerSecond, inFlight: c.inFlight }));
}

function niceMax(n: number): number {
  if (n <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 2.5, 5, 10].find((s) => s * magnitude >= n) ?? 10) * magnitude;
}

function charts(t: DownloadTimeline): string {
  const points = downloadChartPoints(t);
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
    chart('Download throughput (MiB/s)', 'MiB/s', niceMax(Math.max(...rates)), rates, 0),
    chart('Download requests in flight', 'requests', Math.max(1, t.limits.concurrency, ...flights), flights, 1),
  ].join('\n\n');
}

export function downloadSection(profile: Profile, verdict: Verdict): string {
  const download = verdict.download;
  const timeline = profile.phases.find((p) => p.name === 'download')?.downloadTimeline;
  if (!download || !timeline) return '';
  const parts = [`### Download\n\n**${escapeHtml(download.sentence)}**`];
  if (download.evidence.length > 0) parts.push(download.evidence.map((e) => `- ${escapeHtml(e)}`).join('\n'));
  if (download.whatIf.length > 0) {
    parts.push(
      `${download.whatIf.map((w) => `- ${escapeHtml(w.sentence)}`).join('\n')}\n\n<sub>Lower bounds on the download's time: stalls and waits for first bytes stay unless the change removes them; a doubled rate halves at most the time bytes flowed.</sub>`,
    );
  }
  const drawn = charts(timeline);
  if (drawn) parts.push(drawn);
  return parts.join('\n\n');
}
