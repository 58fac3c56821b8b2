/**
 * What the judge knows about one phase, derived once from its boundary snapshots and the samples
 * inside it: the sampler's phaseSummary as shares, the restore's own I/O, the busiest process, the
 * Dirty peak. Pure; the report renders these, it never derives them again.
 */
import type { CgroupLimits, OwnIo, PhaseRecord, Profile, Snapshot } from '../profile/schema.js';
import type { CoresBounds, ProcessCores } from '../profile/phase-decision.js';
import type { DiskMetrics } from '../sample/iostat.js';
import { phaseSummary, USER_HZ, type PhaseSystemSummary } from '../sample/phase-summary.js';
import { type CgroupCpuFacts, type CpuReach, cgroupCpuFacts, cpuReach } from './cgroup-cpu.js';
import { MIN_CPU_DATA_MS } from './thresholds.js';

export interface CpuShares {
  /** user+nice+system+irq+softirq over all CPUs, as a share of all CPU time. */
  busy: number;
  iowait: number;
  steal: number;
  /** The busiest single CPU's busy share; null without per-CPU boundary snapshots. */
  busiestCpu: number | null;
}

export interface BusiestProcess {
  comm: string;
  /**
   * CPU seconds over the phase / phase seconds: 1 = one core all the phase. A lower bound: what its
   * snapshots show, from 0 ticks when it started inside the phase (absent from its first snapshot).
   */
  cores: number;
  /**
   * Upper bound: `cores` plus all the children's CPU that no snapshot shows (the exact total of the
   * restore's children, reaped ones included, less what the snapshots show of each). Null without it.
   */
  coresAtMost?: number | null;
  /** Its rate over the span it was seen in (first to last snapshot), and that span in ms. */
  coresWhileSeen?: number | null;
  seenMs?: number;
}

/** A busiest process as a decision stores it: every figure present, null where not recorded. */
export function processCores(p: BusiestProcess): ProcessCores {
  return { comm: p.comm, cores: p.cores, coresAtMost: p.coresAtMost ?? null, coresWhileSeen: p.coresWhileSeen ?? null, seenMs: p.seenMs ?? null };
}

/**
 * The restore's own processes' wait for a CPU over a phase (/proc/<pid>/schedstat run_delay), where
 * every sighting of them recorded it. Machine-wide PSI cpu counts every task; this counts tar's and
 * zstd's alone.
 */
export interface OwnCpuWait {
  /** The process that waited longest. */
  comm: string;
  /** Its wait, ms, as its snapshots show it (from 0 when it started inside the phase). */
  atLeastMs: number;
  /**
   * The longest any of them could have waited, ms: what its snapshots show plus the time from the
   * snapshot before its last sighting to the next one without it. A wait is added to run_delay when it
   * ends (the task gets a CPU), so one under way at the last sighting shows only later, and the last
   * moments before it exited fall between snapshots (a reaped task's schedstat is gone with it).
   */
  atMostMs: number;
  /** Every process's wait its snapshots show, summed (two waiting at once count twice), ms. */
  totalAtLeastMs: number;
}

export type { CoresBounds } from '../profile/phase-decision.js';

export interface PhaseFacts {
  durationMs: number;
  /** Index into Profile.devices of the device judged for this phase, or null. */
  deviceIndex: number | null;
  disk: DiskMetrics | null;
  cpu: CpuShares | null;
  /** CPU used by the restore's children (tar, zstd) together, in cores. */
  childCores: number | null;
  /** The busiest single child (tar or zstd); null when per-process CPU was not recorded (schema 1, no /proc). */
  busiestProcess: BusiestProcess | null;
  /**
   * This process's own CPU in cores (the download runs in it): exact from process.cpuUsage() where
   * the boundaries recorded it, else from ticks with MIN_CPU_DATA_MS of data; null otherwise.
   */
  selfCores: number | null;
  /**
   * The same as bounds, whatever the phase's length: exact from process.cpuUsage(), else the ticks
   * ± 2 (user and system are each truncated to a tick); null where neither was recorded.
   */
  selfCoresBounds: CoresBounds | null;
  /** The restore's own I/O during the phase (Δ /proc/<pid>/io); null where not recorded. */
  ownIo: OwnIo | null;
  /** PSI stall shares of the phase (Δtotal / Δt). */
  pressure: { ioSome: number | null; ioFull: number | null; cpuSome: number | null; memorySome: number | null };
  /** Highest Dirty seen at the phase's boundaries and in the samples inside it, bytes. */
  dirtyPeakBytes: number | null;
  /** Dirty + Writeback at the phase's end, bytes: what the page cache still owed the disk. */
  owedAtEndBytes: number | null;
  /** The phase's snapshots in order, boundaries included: time-at-ceiling reads them. */
  series: readonly Snapshot[];
  /** The restore's own processes' run-queue wait; null where not recorded (older profiles, no sched_info, no process seen). */
  ownCpuWait: OwnCpuWait | null;
  /** The runner's cgroup over the phase (Δ cpu.stat); null without one. */
  cgroupCpu: CgroupCpuFacts | null;
  /** What one process can reach: one core, or the cgroup's quota below that. */
  cpuReach: CpuReach;
}

/** Percent to share (0..1). PSI's clock and ours are read a few µs apart: cap stalls at the whole phase. */
function share(percent: number | null | undefined, cap = Infinity): number | null {
  return percent === null || percent === undefined ? null : Math.min(cap, percent / 100);
}

function fraction(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.min(1, value);
}

function cpuShares(summary: PhaseSystemSummary): CpuShares | null {
  const c = summary.cpu;
  if (!c) return null;
  return {
    busy: (c.userPercent + c.systemPercent) / 100,
    iowait: c.iowaitPercent / 100,
    steal: c.stealPercent / 100,
    busiestCpu: share(c.busiestCpuPercent),
  };
}

/**
 * The device a phase is judged on: the archive's temp dir's for download (the top of its stack), the
 * primary otherwise (the restore path's, or the one that got most of the restore's bytes).
 */
export function deviceIndexFor(profile: Profile, phase: PhaseRecord['name']): number | null {
  const primary = profile.devices.findIndex((d) => d.primary);
  if (phase !== 'download' && primary >= 0) return primary;
  const top = profile.devices.findIndex((d) => d.topFor?.includes('archive-temp'));
  if (phase === 'download' && top >= 0) return top;
  const role = phase === 'download' ? 'archive-temp' : 'restore-path';
  const byRole = profile.devices.findIndex((d) => d.roles.includes(role));
  if (byRole >= 0) return byRole;
  return primary >= 0 ? primary : null;
}

function ioDelta(a: OwnIo | null | undefined, b: OwnIo | null | undefined): OwnIo | null {
  if (!a || !b) return null;
  return {
    readBytes: Math.max(0, b.readBytes - a.readBytes),
    writeBytes: Math.max(0, b.writeBytes - a.writeBytes),
    cancelledWriteBytes: Math.max(0, b.cancelledWriteBytes - a.cancelledWriteBytes),
  };
}

interface Sighting {
  pid: number;
  comm: string;
  ppid: number | undefined;
  bornInside: boolean;
  /** Own ticks counted from (0 when born inside the phase), at the first sighting, at the last. */
  base: number;
  firstSeen: number;
  last: number;
  /** Reaped children's ticks (cutime + cstime) counted from, and at the last sighting; null where not recorded. */
  reapedBase: number | null;
  reapedLast: number | null;
  firstMs: number;
  lastMs: number;
}

function sightings(series: readonly Snapshot[]): Map<number, Sighting> {
  const first = series[0] as Snapshot;
  // schema 2 snapshots read the tree whenever selfCpuTicks is set; `processes` is left out when empty.
  const treeReadAtStart = first.selfCpuTicks != null;
  const atStart = new Set((first.processes ?? []).map((p) => p.pid));
  const seen = new Map<number, Sighting>();
  for (const s of series) {
    for (const p of s.processes ?? []) {
      const entry = seen.get(p.pid);
      const reaped = p.reapedTicks ?? null;
      if (entry) {
        entry.last = p.cpuTicks;
        entry.reapedLast = reaped;
        entry.lastMs = s.tMs;
        continue;
      }
      const bornInside = treeReadAtStart && !atStart.has(p.pid);
      seen.set(p.pid, {
        pid: p.pid,
        comm: p.comm,
        ppid: p.ppid,
        bornInside,
        base: bornInside ? 0 : p.cpuTicks,
        firstSeen: p.cpuTicks,
        last: p.cpuTicks,
        reapedBase: reaped === null ? null : bornInside ? 0 : reaped,
        reapedLast: reaped,
        firstMs: s.tMs,
        lastMs: s.tMs,
      });
    }
  }
  return seen;
}

/**
 * CPU of reaped children that no snapshot of theirs shows, known exactly from their parent's cutime +
 * cstime: when tar reaps unzstd and is seen again, Δ tar's reaped ticks is unzstd's whole CPU (and
 * that of any child of tar's no snapshot caught), less what unzstd's own snapshots showed. Per parent,
 * the children it reaped between its first and last sighting and their unseen ticks; only where every
 * such child was born inside the phase (its whole life is the phase's) and the counters were recorded.
 */
function reapedTails(seen: ReadonlyMap<number, Sighting>): { parent: number; children: Set<number>; ticks: number }[] {
  const out: { parent: number; children: Set<number>; ticks: number }[] = [];
  for (const q of seen.values()) {
    if (q.reapedBase === null || q.reapedLast === null || q.reapedLast <= q.reapedBase) continue;
    // Gone while their parent was still seen: reaped by it (a zombie stays listed until then).
    const children = [...seen.values()].filter((p) => p.ppid === q.pid && p.lastMs >= q.firstMs && p.lastMs < q.lastMs);
    if (children.some((p) => !p.bornInside || p.reapedLast === null || p.reapedBase === null)) continue;
    const shown = children.reduce((sum, p) => sum + (p.last - p.base) + ((p.reapedLast ?? 0) - (p.reapedBase ?? 0)), 0);
    out.push({ parent: q.pid, children: new Set(children.map((p) => p.pid)), ticks: Math.max(0, q.reapedLast - q.reapedBase - shown) });
  }
  return out;
}

/**
 * Per process, CPU from the first to the last snapshot it was seen in, and from 0 ticks when the
 * phase's first snapshot read the process tree and it was not in it (it started inside the phase).
 * What no snapshot shows (a process's last moments before it exited) is in the children's exact
 * total, `childTicks` (reaped children's times, /proc/self/stat cutime + cstime, and the live ones'):
 * it bounds the busiest process from above. Where a parent's reaped ticks say exactly how much of that
 * was its reaped children's (reapedTails), a child's bound is its own share of it and the others'
 * bound leaves it out.
 */
function busiestProcess(series: readonly Snapshot[], durationMs: number, childTicks: number | null): BusiestProcess | null {
  if (durationMs <= 0 || !series.some((s) => s.processes !== undefined || s.selfCpuTicks !== undefined)) return null;
  const seen = sightings(series);
  const tails = reapedTails(seen);
  const seconds = durationMs / 1000;
  const shownTicks = [...seen.values()].reduce((sum, e) => sum + (e.last - e.base), 0);
  const known = tails.reduce((sum, t) => sum + t.ticks, 0);
  const unseenTicks = childTicks === null ? null : Math.max(0, childTicks - shownTicks - known);
  let best: BusiestProcess | null = null;
  for (const e of seen.values()) {
    const cores = (e.last - e.base) / USER_HZ / seconds;
    if (best && cores <= best.cores) continue;
    const seenMs = e.lastMs - e.firstMs;
    const ownTail = tails.find((t) => t.children.has(e.pid));
    const unseen = ownTail ? ownTail.ticks : unseenTicks;
    best = {
      comm: e.comm,
      cores,
      coresAtMost: unseen === null ? null : cores + unseen / USER_HZ / seconds,
      coresWhileSeen: seenMs > 0 ? (e.last - e.firstSeen) / USER_HZ / (seenMs / 1000) : null,
      seenMs,
    };
  }
  return best ?? { comm: 'none', cores: 0, coresAtMost: unseenTicks === null ? null : unseenTicks / USER_HZ / seconds, coresWhileSeen: null, seenMs: 0 };
}

/**
 * Each sighted process's run-queue wait over the phase (OwnCpuWait), from the sightings that carry it;
 * null where none does (older profiles, kernels without sched_info). A process present at the phase's
 * start counts from its reading there, and is left out without one.
 */
function ownCpuWait(series: readonly Snapshot[]): OwnCpuWait | null {
  const first = series[0];
  if (!first || first.selfCpuTicks == null) return null;
  const sightings = series.flatMap((s) => s.processes ?? []);
  if (!sightings.some((p) => p.runDelayNs !== undefined)) return null;
  const atStart = new Map((first.processes ?? []).map((p) => [p.pid, p.runDelayNs]));
  let best: OwnCpuWait | null = null;
  let total = 0;
  let atMost = 0;
  const pids = new Set(sightings.map((p) => p.pid));
  for (const pid of pids) {
    const base = atStart.has(pid) ? atStart.get(pid) : 0;
    if (base === undefined) continue;
    const seen = series.map((s) => s.processes?.find((p) => p.pid === pid));
    const lastIndex = seen.findLastIndex((p) => p?.runDelayNs !== undefined);
    const last = seen[lastIndex];
    if (!last) continue;
    const waitedMs = ((last.runDelayNs ?? 0) - base) / 1e6;
    const lastMs = series[lastIndex]?.tMs ?? 0;
    // To the first snapshot without the process after it (or the phase's end while it lived on unread).
    const gone = seen.findIndex((p, k) => k > lastIndex && p === undefined);
    const untilMs = gone >= 0 ? (series[gone]?.tMs ?? lastMs) : (series.at(-1)?.tMs ?? lastMs);
    const unseenMs = untilMs - (series[lastIndex - 1]?.tMs ?? lastMs);
    total += waitedMs;
    atMost = Math.max(atMost, waitedMs + unseenMs);
    if (!best || waitedMs > best.atLeastMs) best = { comm: last.comm, atLeastMs: waitedMs, atMostMs: 0, totalAtLeastMs: 0 };
  }
  return best ? { ...best, atMostMs: atMost, totalAtLeastMs: total } : null;
}

/** user and system are each truncated to a tick, at either end: a difference of ticks is within 2 of the truth. */
const TICK_SLACK = 2;

/** This process's CPU over a phase: exact from process.cpuUsage(), else from ticks (see PhaseFacts.selfCores). */
function selfCpu(start: Snapshot, end: Snapshot, durationMs: number): { cores: number | null; bounds: CoresBounds | null } {
  if (durationMs <= 0) return { cores: null, bounds: null };
  const seconds = durationMs / 1000;
  if (start.selfCpuUs != null && end.selfCpuUs != null) {
    const cores = Math.max(0, end.selfCpuUs - start.selfCpuUs) / 1e6 / seconds;
    return { cores, bounds: { atLeast: cores, atMost: cores } };
  }
  if (start.selfCpuTicks == null || end.selfCpuTicks == null) return { cores: null, bounds: null };
  const ticks = Math.max(0, end.selfCpuTicks - start.selfCpuTicks);
  const coresOf = (t: number) => t / USER_HZ / seconds;
  return {
    cores: durationMs >= MIN_CPU_DATA_MS ? coresOf(ticks) : null,
    bounds: { atLeast: coresOf(Math.max(0, ticks - TICK_SLACK)), atMost: coresOf(ticks + TICK_SLACK) },
  };
}

export function snapshotFacts(start: Snapshot, end: Snapshot, deviceIndex: number | null, inside: readonly Snapshot[] = [], cgroup?: CgroupLimits): PhaseFacts {
  const summary = phaseSummary(start, end, deviceIndex);
  const durationMs = end.tMs - start.tMs;
  const series = [start, ...inside, end];
  let dirtyPeakBytes: number | null = null;
  for (const s of series) {
    if (s.memory) dirtyPeakBytes = Math.max(dirtyPeakBytes ?? 0, s.memory.dirtyBytes);
  }
  const self = selfCpu(start, end, durationMs);
  const p = summary.pressure;
  return {
    durationMs,
    deviceIndex,
    disk: durationMs > 0 ? summary.disk : null,
    cpu: cpuShares(summary),
    childCores: durationMs > 0 ? summary.childCpuCores : null,
    busiestProcess: busiestProcess(series, durationMs, summary.childCpuSeconds === null ? null : summary.childCpuSeconds * USER_HZ),
    selfCores: self.cores,
    selfCoresBounds: self.bounds,
    ownIo: ioDelta(start.ownIo, end.ownIo),
    pressure: {
      ioSome: fraction(p?.ioSome),
      ioFull: fraction(p?.ioFull),
      cpuSome: fraction(p?.cpuSome),
      memorySome: fraction(p?.memorySome),
    },
    dirtyPeakBytes,
    owedAtEndBytes: end.memory ? end.memory.dirtyBytes + end.memory.writebackBytes : null,
    series,
    ownCpuWait: durationMs > 0 ? ownCpuWait(series) : null,
    cgroupCpu: cgroupCpuFacts(start, end, cgroup),
    cpuReach: cpuReach(cgroup),
  };
}

export function phaseFacts(profile: Profile, phase: PhaseRecord, deviceIndex = deviceIndexFor(profile, phase.name)): PhaseFacts {
  const inside = profile.samples.snapshots.filter((s) => s.tMs > phase.startMs && s.tMs < phase.endMs);
  return snapshotFacts(phase.start, phase.end, deviceIndex, inside, profile.context.cgroup);
}

/**
 * The device the writeback tail is judged on: where restore paths span several devices, the one that
 * went on writing last (the one still draining when the tail ended), else the restore's device. The
 * tail lasts until the last device is done, so that device is what it waited on; the one that wrote
 * most in the tail may be a fast disk that emptied its share in its first tenth of a second. Devices
 * whose last write fell in the same sample interval are told apart by what they wrote.
 */
export function tailDeviceIndex(profile: Profile, phase: PhaseRecord): number | null {
  const restoreDevice = deviceIndexFor(profile, 'writeback');
  const tops = profile.devices.flatMap((d, i) => (d.topFor?.includes('restore-path') ? [i] : []));
  if (phase.name !== 'writeback' || tops.length < 2) return restoreDevice;
  const snapshots = [phase.start, ...profile.samples.snapshots.filter((x) => x.tMs > phase.startMs && x.tMs < phase.endMs), phase.end];
  const lastWriteMs = (i: number): number => {
    let last = phase.startMs;
    for (let k = 1; k < snapshots.length; k++) {
      const before = snapshots[k - 1]?.disks[i]?.sectorsWritten;
      const after = snapshots[k]?.disks[i]?.sectorsWritten;
      if (before !== undefined && after !== undefined && after > before) last = snapshots[k]?.tMs ?? last;
    }
    return last;
  };
  const written = (i: number) => phaseSummary(phase.start, phase.end, i).disk?.writtenBytes ?? 0;
  const interval = Math.max(1, profile.samples.intervalMs * profile.samples.keptEvery);
  return tops.reduce(
    (a, b) => {
      const gap = lastWriteMs(b) - lastWriteMs(a);
      if (Math.abs(gap) > interval) return gap > 0 ? b : a;
      return written(b) > written(a) ? b : a;
    },
    restoreDevice ?? (tops[0] as number),
  );
}
