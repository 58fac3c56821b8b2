/**
 * Mermaid charts GitHub renders natively in the step summary. Pure; bounded in size whatever the
 * number of snapshots (at most MAX_POINTS points per series).
 */
import type { PhaseName, Profile, Snapshot } from '../profile/schema.js';
import { diskMetrics } from '../sample/iostat.js';
import { fenced } from './markdown.js';

/** Enough resolution for a chart in a summary, small enough to stay a few KiB per chart. */
export const MAX_POINTS = 120;

export interface TimelinePoint {
  /** Seconds since the first snapshot, at the interval's end. */
  tSeconds: number;
  writeMiBPerSecond: number;
  utilizationPercent: number;
  /** Phase that began inside this interval, if any. */
  phaseStart?: PhaseName;
}

/** Every snapshot we have, periodic and phase boundaries, in time order without duplicates. */
function allSnapshots(profile: Profile): Snapshot[] {
  const list = [...profile.samples.snapshots];
  for (const p of profile.phases) list.push(p.start, p.end);
  list.sort((a, b) => a.tMs - b.tMs);
  return list.filter((s, i) => i === 0 || s.tMs > (list[i - 1] as Snapshot).tMs);
}

function primaryDeviceIndex(profile: Profile): number | null {
  const i = profile.devices.findIndex((d) => d.primary);
  return i >= 0 ? i : profile.devices.length > 0 ? 0 : null;
}

/**
 * Write MiB/s and %util of the primary device, averaged over at most `maxPoints` intervals. Counters
 * are cumulative, so the average over an interval is exact from its two end snapshots.
 */
export function timeline(profile: Profile, maxPoints = MAX_POINTS): TimelinePoint[] {
  const device = primaryDeviceIndex(profile);
  if (device === null) return [];
  const snaps = allSnapshots(profile).filter((s) => s.disks[device]);
  if (snaps.length < 2) return [];
  const intervals = Math.min(maxPoints, snaps.length - 1);
  const picks: number[] = [];
  for (let k = 0; k <= intervals; k++) picks.push(Math.round((k * (snaps.length - 1)) / intervals));
  const t0 = (snaps[0] as Snapshot).tMs;
  const points: TimelinePoint[] = [];
  for (let k = 1; k < picks.length; k++) {
    const a = snaps[picks[k - 1] as number] as Snapshot;
    const b = snaps[picks[k] as number] as Snapshot;
    const m = diskMetrics(a.disks[device]!, b.disks[device]!, b.tMs - a.tMs);
    const point: TimelinePoint = {
      tSeconds: (b.tMs - t0) / 1000,
      writeMiBPerSecond: m.writeKiBPerSecond / 1024,
      utilizationPercent: m.utilizationPercent,
    };
    const started = profile.phases.find((p) => p.startMs >= a.tMs && p.startMs < b.tMs);
    if (started) point.phaseStart = started.name;
    points.push(point);
  }
  return points;
}

/** Category labels must be unique or mermaid merges the points: add decimals, then a suffix, until they are. */
function labels(points: TimelinePoint[]): string[] {
  const seen = new Set<string>();
  return points.map((p) => {
    let text = '';
    for (const decimals of [p.tSeconds < 10 ? 2 : 1, 3]) {
      const t = p.tSeconds.toFixed(decimals);
      text = p.phaseStart ? `${p.phaseStart} ${t}` : t;
      if (!seen.has(text)) break;
    }
    for (let k = 2; seen.has(text); k++) text = `${text.replace(/ #\d+$/, '')} #${k}`;
    seen.add(text);
    return `"${text}"`;
  });
}

function niceMax(n: number): number {
  if (n <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const steps = [1, 2, 2.5, 5, 10];
  return (steps.find((s) => s * magnitude >= n) ?? 10) * magnitude;
}

function series(values: number[]): string {
  return `[${values.map((v) => (Math.round(v * 10) / 10).toString()).join(', ')}]`;
}

/** Two xychart-beta line charts (write MiB/s, %util) over the same x-axis; '' without disk data. */
export function timelineCharts(profile: Profile, maxPoints = MAX_POINTS): string {
  const points = timeline(profile, maxPoints);
  if (points.length === 0) return '';
  const xAxis = `    x-axis "seconds (phase starts marked)" [${labels(points).join(', ')}]`;
  const writes = points.map((p) => p.writeMiBPerSecond);
  const util = points.map((p) => p.utilizationPercent);
  const device = profile.devices[primaryDeviceIndex(profile) ?? 0]?.name ?? 'disk';
  const chart = (title: string, axis: string, max: number, values: number[]) =>
    fenced('mermaid', ['xychart-beta', `    title "${title}"`, xAxis, `    y-axis "${axis}" 0 --> ${max}`, `    line ${series(values)}`].join('\n'));
  return [
    chart(`${device}: disk writes`, 'MiB/s', niceMax(Math.max(...writes)), writes),
    chart(`${device}: busy time`, '%util', 100, util),
  ].join('\n\n');
}

/** Pie of the phases' durations in seconds; '' without phases. */
export function phaseChart(profile: Profile): string {
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  if (phases.length === 0) return '';
  const lines = phases.map((p) => `    "${p.name}" : ${((p.endMs - p.startMs) / 1000).toFixed(3)}`);
  return fenced('mermaid', ['pie showData', '    title Restore time by phase (s)', ...lines].join('\n'));
}
