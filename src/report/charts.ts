/**
 * Mermaid charts GitHub renders natively in the step summary (xychart-beta, Mermaid 11). Pure; bounded
 * in size whatever the number of snapshots (at most MAX_POINTS points per series).
 *
 * The first chart shows the verdict: the named resource's own metric against its ceiling, with the
 * phases marked as shaded bands (xychart has no markers: a bar series per phase, at the axis' top
 * inside the phase and 0 outside it). Supporting metrics (%util, MiB/s when the verdict is about
 * IOPS) are charted for the details.
 */
import { sayCeilingFrom } from './say/ceilings.js';
import type { Bottleneck, DownloadTimeline, PhaseName, Profile, Snapshot } from '../profile/schema.js';
import { diskMetrics } from '../sample/iostat.js';
import { USER_HZ } from '../sample/phase-summary.js';
import { MiB } from '../util/units.js';
import type { Ceilings } from '../judge/ceilings.js';
import { PHASE_LABEL } from './say/nouns.js';
import { CEILING_WINDOW_MS } from '../judge/thresholds.js';
import { formatNumber } from '../util/format.js';
import { fenced } from './markdown.js';
import { BAND_COLORS, CHART_COLORS, xyChartInit } from './palette.js';

/** Enough resolution for a chart in a summary (a bar per point shades the phases), a few KiB per chart. */
export const MAX_POINTS = 60;

/**
 * Points are at least this far apart where the restore is long enough: blkio and cloud throttles
 * release I/O in bursts (single 100 ms samples swing between 0 and several times the cap), and CPU
 * ticks are 10 ms. The judge reads time at a ceiling over the same windows.
 */
const MIN_INTERVAL_MS = CEILING_WINDOW_MS;
/** Short restores still get this many points (as many as the samples allow), so the phases' bands join up. */
const MIN_POINTS = 40;

/** An x label every this many points at most (the phases' starts are always labelled). */
const LABEL_EVERY = 5;

/** The charts' size in the summary: wide and low, so one fits the first screen beside the headline. */
const CHART_WIDTH = 900;
const CHART_HEIGHT = 300;

interface TimelinePoint {
  /** Seconds since the first snapshot, at the interval's end. */
  tSeconds: number;
  /** The interval's start, ms on the profile's clock. */
  fromMs: number;
  toMs: number;
  writeMiBPerSecond: number;
  writesPerSecond: number;
  /** Writes as issued before the device merged them (completed + merged), per second. */
  issuedWritesPerSecond: number;
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

/** Snapshots nearest to an even grid of at most `maxPoints` intervals (a numeric x-axis spreads the values evenly). */
function grid(snaps: readonly Snapshot[], maxPoints: number): Snapshot[] {
  if (snaps.length < 2) return [];
  const t0 = (snaps[0] as Snapshot).tMs;
  const span = (snaps[snaps.length - 1] as Snapshot).tMs - t0;
  const intervals = Math.max(1, Math.min(maxPoints, snaps.length - 1, Math.max(MIN_POINTS, Math.floor(span / MIN_INTERVAL_MS))));
  const picks: Snapshot[] = [];
  let j = 0;
  for (let k = 0; k <= intervals; k++) {
    const target = t0 + (k * span) / intervals;
    while (j + 1 < snaps.length && Math.abs((snaps[j + 1] as Snapshot).tMs - target) <= Math.abs((snaps[j] as Snapshot).tMs - target)) j++;
    const pick = snaps[j] as Snapshot;
    if (picks.length === 0 || pick.tMs > (picks[picks.length - 1] as Snapshot).tMs) picks.push(pick);
  }
  return picks;
}

/**
 * The restore device's writes on an even time grid of at most `maxPoints` intervals. Counters are
 * cumulative, so each value is the exact average between the two snapshots it spans.
 */
export function timeline(profile: Profile, device: number | null, maxPoints = MAX_POINTS): TimelinePoint[] {
  if (device === null) return [];
  const snaps = allSnapshots(profile).filter((s) => s.disks[device]);
  if (snaps.length < 2) return [];
  const t0 = (snaps[0] as Snapshot).tMs;
  const picks = grid(snaps, maxPoints);
  const points: TimelinePoint[] = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1] as Snapshot;
    const b = picks[k] as Snapshot;
    const s = (b.tMs - a.tMs) / 1000;
    const da = a.disks[device]!;
    const db = b.disks[device]!;
    const m = diskMetrics(da, db, b.tMs - a.tMs);
    const point: TimelinePoint = {
      tSeconds: (b.tMs - t0) / 1000,
      fromMs: a.tMs,
      toMs: b.tMs,
      writeMiBPerSecond: m.writeKiBPerSecond / 1024,
      writesPerSecond: m.writesPerSecond,
      issuedWritesPerSecond: s > 0 ? (db.writesCompleted - da.writesCompleted + db.writesMerged - da.writesMerged) / s : 0,
      utilizationPercent: m.utilizationPercent,
    };
    const started = profile.phases.find((p) => p.startMs >= a.tMs && p.startMs < b.tMs);
    if (started) point.phaseStart = started.name;
    points.push(point);
  }
  return points;
}

/** A round axis maximum at or above n. */
export function niceMax(n: number): number {
  if (!(n > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const steps = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const top = (steps.find((s) => s * magnitude >= n) ?? 10) * magnitude;
  // 6 × 0.1 is 0.6000000000000001 in floating point: the axis prints the step's own digits.
  return Number(top.toPrecision(3));
}

function series(values: readonly number[]): string {
  const round = (v: number) => (Math.abs(v) >= 10 ? Math.round(v) : Math.round(v * 100) / 100);
  return `[${values.map((v) => String(round(v))).join(', ')}]`;
}

/** Lines in blue, green, purple; the ceiling always orange. */
const LINE_COLORS = [CHART_COLORS[0], CHART_COLORS[2], CHART_COLORS[3]];
const LINE_COLOR_NAMES = ['blue', 'green', 'purple'];
const CEILING_COLOR = CHART_COLORS[1];

function t(ms: number): string {
  return formatNumber(ms / 1000);
}

/** One metric over time with its ceiling, the phases shaded. */
interface ChartSpec {
  title: string;
  axis: string;
  xs: { fromMs: number; toMs: number }[];
  t0Ms: number;
  lines: { label: string; values: number[] }[];
  /** A flat line at the ceiling; null when none was measured. */
  ceiling: { label: string; value: number } | null;
  /** Phases whose band is tinted in the verdict's colour (the others in grey). */
  carriers: readonly PhaseName[];
}

export interface Chart {
  mermaid: string;
  /** What each line is, the bands and the ceiling, in words (xychart has no legend). */
  caption: string;
}

/**
 * The x labels: seconds at each phase's start and every LABEL_EVERY points between; the other points
 * carry a run of zero-width spaces, unique as a categorical axis needs and invisible.
 */
function xLabels(profile: Profile, xs: readonly { fromMs: number; toMs: number }[], t0Ms: number): string[] {
  const starts = new Set(xs.map((x, i) => (profile.phases.some((p) => p.endMs > p.startMs && p.startMs >= x.fromMs && p.startMs < x.toMs) ? i : -1)));
  const labelled = new Set<number>();
  xs.forEach((_, i) => {
    const nearStart = [...starts].some((j) => j >= 0 && j !== i && Math.abs(j - i) < 3);
    if (i >= 3 && (starts.has(i) || (i % LABEL_EVERY === 0 && !nearStart))) labelled.add(i);
  });
  // The first label sets how wide Mermaid draws the bars of a categorical axis: "0 s" lets them join up.
  return xs.map((x, i) => (i === 0 ? '0 s' : labelled.has(i) ? t(x.fromMs - t0Ms) : '\u200b'.repeat(i + 1)));
}

function drawChart(profile: Profile, spec: ChartSpec): Chart {
  const top = niceMax(Math.max(...spec.lines.flatMap((l) => l.values), (spec.ceiling?.value ?? 0) * 1.1));
  // A phase's band covers the points whose interval midpoint lies in it.
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  const bands = phases.map((p) => ({
    phase: p,
    values: spec.xs.map((x) => {
      const mid = (x.fromMs + x.toMs) / 2;
      return mid >= p.startMs && mid < p.endMs ? top : 0;
    }),
  }));
  const shown = bands.filter((b) => b.values.some((v) => v > 0));
  const colors = [
    ...shown.map((b, i) =>
      spec.carriers.includes(b.phase.name) ? (i % 2 ? BAND_COLORS.carrierAlt : BAND_COLORS.carrier) : i % 2 ? BAND_COLORS.other : BAND_COLORS.otherAlt,
    ),
    ...spec.lines.map((_, i) => LINE_COLORS[i] as string),
    ...(spec.ceiling ? [CEILING_COLOR] : []),
  ];
  const labels = xLabels(profile, spec.xs, spec.t0Ms);
  const lines = [
    xyChartInit(colors, { width: CHART_WIDTH, height: CHART_HEIGHT }),
    'xychart-beta',
    `    title "${spec.title.replace(/"/g, "'")}"`,
    `    x-axis "seconds since the lookup began" [${labels.map((l) => `"${l}"`).join(', ')}]`,
    `    y-axis "${spec.axis}" 0 --> ${top}`,
    ...shown.map((b) => `    bar ${series(b.values)}`),
    ...spec.lines.map((l) => `    line ${series(l.values)}`),
    ...(spec.ceiling ? [`    line ${series(spec.xs.map(() => spec.ceiling!.value))}`] : []),
  ];
  const phaseText = shown
    .map(
      (b) =>
        `${PHASE_LABEL[b.phase.name]} ${t(b.phase.startMs - spec.t0Ms)}–${t(b.phase.endMs - spec.t0Ms)} s${spec.carriers.includes(b.phase.name) ? ' (blue: the verdict is about it)' : ''}`,
    )
    .join(', ');
  const lineText = spec.lines.map((l, i) => `${LINE_COLOR_NAMES[i]}: ${l.label}`).join('; ');
  const ceilingText = spec.ceiling ? `; orange: ${spec.ceiling.label}` : '; no ceiling was measured for it';
  return { mermaid: fenced('mermaid', lines.join('\n')), caption: `${lineText}${ceilingText}. Shaded bands are the phases: ${phaseText}.` };
}

/** Intervals of one grid, as (from, to). */
function spans(points: readonly { fromMs: number; toMs: number }[]) {
  return points.map((p) => ({ fromMs: p.fromMs, toMs: p.toMs }));
}

function firstTimeMs(profile: Profile): number {
  const lookup = profile.phases[0]?.startMs;
  return lookup ?? allSnapshots(profile)[0]?.tMs ?? 0;
}

function diskChart(profile: Profile, device: number | null, kind: 'iops' | 'bandwidth', ceilings: Ceilings, carriers: readonly PhaseName[]): Chart | null {
  const points = timeline(profile, device).filter((p) => p.toMs > firstTimeMs(profile));
  if (points.length === 0 || device === null) return null;
  const name = profile.devices[device]?.name ?? 'disk';
  if (kind === 'iops') {
    const merged = points.some((p) => p.issuedWritesPerSecond > p.writesPerSecond * 1.1 + 1);
    return drawChart(profile, {
      title: `${name}: writes per second against the IOPS ceiling`,
      axis: 'writes/s',
      xs: spans(points),
      t0Ms: firstTimeMs(profile),
      lines: [
        { label: 'writes/s the device completed', values: points.map((p) => p.writesPerSecond) },
        ...(merged
          ? [{ label: 'writes/s as issued, before the device merged them (what a cgroup cap counts)', values: points.map((p) => p.issuedWritesPerSecond) }]
          : []),
      ],
      ceiling: ceilings.randWriteIops
        ? {
            label: sayCeilingFrom(ceilings.from?.randWriteIops) ?? `fio's 4 KiB random-write ceiling, ${Math.round(ceilings.randWriteIops)} IOPS`,
            value: ceilings.randWriteIops,
          }
        : null,
      carriers,
    });
  }
  return drawChart(profile, {
    title: `${name}: write MiB/s against the bandwidth ceiling`,
    axis: 'MiB/s',
    xs: spans(points),
    t0Ms: firstTimeMs(profile),
    lines: [{ label: 'MiB/s the device wrote', values: points.map((p) => p.writeMiBPerSecond) }],
    // A cgroup cap on the device is named as the judge names it: no fio figure stands there.
    ceiling: ceilings.seqWriteBytesPerSecond
      ? {
          label:
            sayCeilingFrom(ceilings.from?.seqWriteBytesPerSecond) ??
            `fio's sequential-write ceiling, ${formatNumber(ceilings.seqWriteBytesPerSecond / MiB)} MiB/s`,
          value: ceilings.seqWriteBytesPerSecond / MiB,
        }
      : null,
    carriers,
  });
}

/**
 * The cores one process of the extraction can reach: one (tar and zstd are one thread each), or the
 * runner's CPU quota where that is less (a container's --cpus, a Kubernetes limit: context.cgroup).
 */
function reachableCores(profile: Profile): number {
  const quota = profile.context.cgroup?.cpuQuotaCores;
  return quota != null && quota > 0 ? Math.min(1, quota) : 1;
}

function cpuLimitLabel(profile: Profile, threads: number): string {
  const quota = profile.context.cgroup?.cpuQuotaCores;
  if (quota != null && quota > 0 && quota < threads) return `the runner's CPU quota, ${formatNumber(quota)} of a core`;
  return threads === 1
    ? 'one core, all a single-threaded process can use'
    : `${threads} cores, what tar and its decompressor (one thread each) can use together`;
}

/** The busiest process's cores per interval (each process is one thread: one core is its limit). */
function cpuChart(profile: Profile, carriers: readonly PhaseName[]): Chart | null {
  const snaps = allSnapshots(profile).filter((s) => s.tMs >= firstTimeMs(profile));
  const picks = grid(snaps, MAX_POINTS);
  if (picks.length < 2) return null;
  const perProcess = snaps.some((s) => s.processes && s.processes.length > 0);
  const values: number[] = [];
  const xs: { fromMs: number; toMs: number }[] = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1] as Snapshot;
    const b = picks[k] as Snapshot;
    const s = (b.tMs - a.tMs) / 1000;
    let cores = 0;
    if (perProcess) {
      const before = new Map((a.processes ?? []).map((p) => [p.pid, p.cpuTicks]));
      for (const p of b.processes ?? []) cores = Math.max(cores, (p.cpuTicks - (before.get(p.pid) ?? p.cpuTicks)) / USER_HZ / s);
    } else if (a.childCpuTicks !== null && b.childCpuTicks !== null) {
      cores = (b.childCpuTicks - a.childCpuTicks) / USER_HZ / s;
    }
    values.push(Math.max(0, cores));
    xs.push({ fromMs: a.tMs, toMs: b.tMs });
  }
  const quota = profile.context.cgroup?.cpuQuotaCores;
  const pair = Math.min(2, Math.max(1, profile.context.cpuCount), quota != null && quota > 0 ? quota : 2);
  return drawChart(profile, {
    title: perProcess ? 'Busiest process of the extraction: cores used' : 'tar and its decompressor together: cores used',
    axis: 'cores',
    xs,
    t0Ms: firstTimeMs(profile),
    lines: [{ label: perProcess ? 'the busiest process (tar or its decompressor), in cores' : 'tar and its decompressor together, in cores', values }],
    ceiling: perProcess ? { label: cpuLimitLabel(profile, 1), value: reachableCores(profile) } : { label: cpuLimitLabel(profile, pair), value: pair },
    carriers,
  });
}

/** A transfer's aggregate bytes over time: a download's or an upload's timeline. */
export type TransferFlow = Pick<DownloadTimeline, 'startMs' | 'endMs' | 'intervalMs' | 'samples'>;

/** One cell of a transfer timeline binned on an even grid. */
interface TransferCell {
  fromMs: number;
  toMs: number;
  /** MiB moved within the cell, per second. */
  mibPerSecond: number;
  /** Most requests in flight within the cell. */
  inFlight: number;
}

/** The timeline's aggregate bytes (a step function over its samples) binned into `cells` even cells from its start to its end. */
export function binTransferTimeline(t: TransferFlow, cells: number): TransferCell[] {
  const width = (t.endMs - t.startMs) / cells;
  const out: TransferCell[] = [];
  let i = 0;
  let bytes = 0;
  let inFlight = 0;
  for (let c = 1; c <= cells; c++) {
    const end = t.startMs + c * width;
    const before = bytes;
    let most = inFlight;
    while (i < t.samples.length && (t.samples[i] as [number, number, number])[0] <= end) {
      const [, b, k] = t.samples[i] as [number, number, number];
      bytes = b;
      inFlight = k;
      most = Math.max(most, k);
      i++;
    }
    out.push({ fromMs: end - width, toMs: end, mibPerSecond: (bytes - before) / MiB / (width / 1000), inFlight: most });
  }
  return out;
}

/**
 * The download's rate from its own timeline (bytes received by all requests, recorded as they arrived),
 * with the requests in flight as a second line; null for a profile without one.
 */
function timelineDownloadChart(profile: Profile, carriers: readonly PhaseName[]): Chart | null {
  const t = profile.phases.find((p) => p.name === 'download')?.downloadTimeline;
  if (!t || t.endMs <= t.startMs || t.samples.length === 0) return null;
  const span = t.endMs - t.startMs;
  const cells = binTransferTimeline(t, Math.max(2, Math.min(MAX_POINTS, Math.round(span / Math.max(MIN_INTERVAL_MS, t.intervalMs)))));
  const rates = cells.map((c) => c.mibPerSecond);
  const flights = cells.map((c) => c.inFlight);
  const xs = cells.map((c) => ({ fromMs: c.fromMs, toMs: c.toMs }));
  return drawChart(profile, {
    title: 'Download: MiB/s received, and requests in flight',
    axis: 'MiB/s (and requests)',
    xs,
    t0Ms: firstTimeMs(profile),
    lines: [
      { label: 'MiB/s received by all requests', values: rates },
      { label: 'requests in flight', values: flights },
    ],
    ceiling: { label: `the ${t.limits.concurrency} requests the cache client runs at once`, value: t.limits.concurrency },
    carriers,
  });
}

/** The download's rate from the bytes this process wrote to the archive file (/proc/self/io), during the download only. */
function downloadChart(profile: Profile, carriers: readonly PhaseName[]): Chart | null {
  const d = profile.phases.find((p) => p.name === 'download');
  if (!d) return null;
  const snaps = allSnapshots(profile).filter((s) => s.tMs >= d.startMs && s.tMs <= d.endMs && s.ownIo);
  const picks = grid(snaps, MAX_POINTS);
  if (picks.length < 3) return null;
  const values: number[] = [];
  const xs: { fromMs: number; toMs: number }[] = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1] as Snapshot;
    const b = picks[k] as Snapshot;
    values.push(Math.max(0, ((b.ownIo?.writeBytes ?? 0) - (a.ownIo?.writeBytes ?? 0)) / MiB / ((b.tMs - a.tMs) / 1000)));
    xs.push({ fromMs: a.tMs, toMs: b.tMs });
  }
  const bytes = d.networkBytes ?? profile.restore?.archiveBytes ?? null;
  const avg = bytes !== null ? bytes / MiB / ((d.endMs - d.startMs) / 1000) : null;
  // The cache client may fetch segments into memory and write them at the end: then the file's growth is no rate.
  const early = values.slice(0, Math.floor(values.length * 0.8)).reduce((a, b) => a + b, 0);
  const all = values.reduce((a, b) => a + b, 0);
  if (all <= 0 || early < 0.5 * all) return null;
  const chart = drawChart(profile, {
    title: 'Download: MiB/s received',
    axis: 'MiB/s',
    xs,
    t0Ms: xs[0]?.fromMs ?? d.startMs,
    lines: [{ label: 'MiB/s written to the archive file as it arrived', values }],
    ceiling: avg !== null ? { label: `the download's average, ${formatNumber(avg)} MiB/s (no network ceiling is probed)`, value: avg } : null,
    carriers,
  });
  return { ...chart, caption: `${chart.caption} Requests in flight are not recorded.` };
}

/** Where the time went, phase by phase: what a network verdict can show when the download's progress was not recorded. */
function phaseTimeChart(profile: Profile, carriers: readonly PhaseName[]): Chart | null {
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  if (phases.length === 0) return null;
  const secs = phases.map((p) => (p.endMs - p.startMs) / 1000);
  const d = profile.phases.find((p) => p.name === 'download');
  const bytes = d ? (d.networkBytes ?? profile.restore?.archiveBytes ?? null) : null;
  const rate = d && bytes !== null && d.endMs > d.startMs ? ` at ${formatNumber(bytes / MiB / ((d.endMs - d.startMs) / 1000))} MiB/s on average` : '';
  const mermaid = fenced(
    'mermaid',
    [
      xyChartInit([CHART_COLORS[0]], { width: CHART_WIDTH, height: CHART_HEIGHT }),
      'xychart-beta horizontal',
      '    title "Where the time went (s)"',
      `    x-axis "phase" [${phases.map((p) => `"${PHASE_LABEL[p.name]}"`).join(', ')}]`,
      `    y-axis "seconds" 0 --> ${niceMax(Math.max(...secs))}`,
      `    bar ${series(secs)}`,
    ].join('\n'),
  );
  const on = carriers.map((c) => PHASE_LABEL[c]).join(' and ');
  const buffered = profile.samples.snapshots.some((x) => x.ownIo);
  return {
    mermaid,
    caption: `Seconds per phase${on ? `; the verdict is about the ${on}` : ''}. The download${rate} is one figure: its progress over time is not recorded${buffered ? ' (the cache client fetched segments into memory and wrote the file at the end, so the file grew all at once)' : ''}, nor are requests in flight.`,
  };
}

/** The chart of the resource the verdict names; null when the profile has no data for it. */
export function verdictChart(
  profile: Profile,
  bottleneck: Bottleneck,
  device: number | null,
  ceilings: Ceilings,
  carriers: readonly PhaseName[],
): Chart | null {
  if (bottleneck === 'disk-iops') return diskChart(profile, device, 'iops', ceilings, carriers);
  if (bottleneck === 'cpu') return cpuChart(profile, carriers) ?? diskChart(profile, device, 'bandwidth', ceilings, carriers);
  if (bottleneck === 'network') return timelineDownloadChart(profile, carriers) ?? downloadChart(profile, carriers) ?? phaseTimeChart(profile, carriers);
  return diskChart(profile, device, 'bandwidth', ceilings, carriers);
}

/** The other resources' charts and %util, for the details. */
export function supportingCharts(profile: Profile, bottleneck: Bottleneck, device: number | null, ceilings: Ceilings, carriers: readonly PhaseName[]): Chart[] {
  const out: (Chart | null)[] = [];
  if (bottleneck !== 'disk-bandwidth' && bottleneck !== 'none' && bottleneck !== 'inconclusive')
    out.push(diskChart(profile, device, 'bandwidth', ceilings, carriers));
  if (bottleneck !== 'disk-iops') out.push(diskChart(profile, device, 'iops', ceilings, carriers));
  if (bottleneck !== 'cpu') out.push(cpuChart(profile, carriers));
  const points = timeline(profile, device).filter((p) => p.toMs > firstTimeMs(profile));
  if (points.length > 0 && device !== null) {
    const util = drawChart(profile, {
      title: `${profile.devices[device]?.name ?? 'disk'}: busy time (%util)`,
      axis: '%util',
      xs: spans(points),
      t0Ms: firstTimeMs(profile),
      lines: [{ label: '%util, the share of time the device had a request in flight', values: points.map((p) => p.utilizationPercent) }],
      ceiling: null,
      carriers,
    });
    out.push({
      ...util,
      caption: `${util.caption} Supporting only: a device that serves requests in parallel (SSDs, cloud volumes) can do more at 100%, and a throttle above the device shows little %util.`,
    });
  }
  return out.filter((c): c is Chart => c !== null);
}
