/**
 * Mermaid charts GitHub renders natively in the step summary. Pure; bounded in size whatever the
 * number of snapshots (at most MAX_POINTS points per series).
 */
import type { PhaseName, Profile, Snapshot } from '../profile/schema.js';
import { diskMetrics } from '../sample/iostat.js';
import { fenced } from './markdown.js';
import { pieInit, xyChartInit } from './palette.js';

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

/**
 * Write MiB/s and %util of the restore's device (the judge's, `device`) on an even time grid of at most `maxPoints` intervals
 * (a numeric x-axis spreads the values evenly). Each grid point takes the snapshot nearest to it;
 * counters are cumulative, so each value is the exact average between the two snapshots it spans.
 */
export function timeline(profile: Profile, device: number | null, maxPoints = MAX_POINTS): TimelinePoint[] {
  if (device === null) return [];
  const snaps = allSnapshots(profile).filter((s) => s.disks[device]);
  if (snaps.length < 2) return [];
  const t0 = (snaps[0] as Snapshot).tMs;
  const span = (snaps[snaps.length - 1] as Snapshot).tMs - t0;
  const intervals = Math.min(maxPoints, snaps.length - 1);
  const picks: Snapshot[] = [];
  let j = 0;
  for (let k = 0; k <= intervals; k++) {
    const target = t0 + (k * span) / intervals;
    while (j + 1 < snaps.length && Math.abs((snaps[j + 1] as Snapshot).tMs - target) <= Math.abs((snaps[j] as Snapshot).tMs - target)) j++;
    const pick = snaps[j] as Snapshot;
    if (picks.length === 0 || pick.tMs > (picks[picks.length - 1] as Snapshot).tMs) picks.push(pick);
  }
  const points: TimelinePoint[] = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1] as Snapshot;
    const b = picks[k] as Snapshot;
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

function niceMax(n: number): number {
  if (n <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const steps = [1, 2, 2.5, 5, 10];
  return (steps.find((s) => s * magnitude >= n) ?? 10) * magnitude;
}

function series(values: number[]): string {
  return `[${values.map((v) => (Math.round(v * 10) / 10).toString()).join(', ')}]`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
}

/** Where the phases lie on the chart's time axis, for its title (xychart has no markers). */
function phaseMarks(profile: Profile, t0Ms: number): string {
  return profile.phases
    .filter((p) => p.endMs > p.startMs)
    .map((p) => `${p.name} ${seconds(p.startMs - t0Ms)}–${seconds(p.endMs - t0Ms)}`)
    .join(' · ');
}

/** Two xychart-beta line charts (write MiB/s, %util) over a numeric seconds axis; '' without disk data. */
export function timelineCharts(profile: Profile, device: number | null, maxPoints = MAX_POINTS): string {
  const points = timeline(profile, device, maxPoints);
  if (points.length === 0 || device === null) return '';
  const t0 = allSnapshots(profile).find((s) => s.disks[device])?.tMs ?? 0;
  const end = points[points.length - 1]?.tSeconds ?? 0;
  const xAxis = `    x-axis "seconds" 0 --> ${Number(end.toFixed(2))}`;
  const writes = points.map((p) => p.writeMiBPerSecond);
  const util = points.map((p) => p.utilizationPercent);
  const name = profile.devices[device]?.name ?? 'disk';
  const marks = phaseMarks(profile, t0).replace(/"/g, "'");
  const chart = (title: string, axis: string, max: number, values: number[], color: number) =>
    fenced(
      'mermaid',
      [xyChartInit(color), 'xychart-beta', `    title "${title}"`, xAxis, `    y-axis "${axis}" 0 --> ${max}`, `    line ${series(values)}`].join('\n'),
    );
  return [
    `<sub>Phases (s): ${marks}</sub>`,
    chart(`${name}: disk writes (MiB/s)`, 'MiB/s', niceMax(Math.max(...writes)), writes, 0),
    chart(`${name}: busy time (%util)`, '%util', 100, util, 1),
  ].join('\n\n');
}

/** Pie of the phases' durations in seconds; '' without phases. */
export function phaseChart(profile: Profile): string {
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  if (phases.length === 0) return '';
  const lines = phases.map((p) => `    "${p.name}" : ${((p.endMs - p.startMs) / 1000).toFixed(3)}`);
  return fenced('mermaid', [pieInit(), 'pie showData', '    title Restore time by phase (s)', ...lines].join('\n'));
}
