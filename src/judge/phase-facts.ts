/**
 * What the judge knows about one phase, derived once from its boundary snapshots and the samples
 * inside it: the sampler's phaseSummary as shares, the restore's own I/O, the busiest process, the
 * Dirty peak. Pure; the report renders these, it never derives them again.
 */
import type { OwnIo, PhaseRecord, Profile, Snapshot } from '../profile/schema.js';
import type { DiskMetrics } from '../sample/iostat.js';
import { phaseSummary, USER_HZ, type PhaseSystemSummary } from '../sample/phase-summary.js';
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
  /** CPU seconds over the phase / phase seconds: 1 = one core all the phase. */
  cores: number;
}

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
  /** This process's own CPU in cores (the download runs in it); null under MIN_CPU_DATA_MS of data. */
  selfCores: number | null;
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
}

/** Percent to share (0..1). PSI's clock and ours are read a few µs apart: cap stalls at the whole phase. */
function share(percent: number | null | undefined, cap = Infinity): number | null {
  return percent === null || percent === undefined ? null : Math.min(cap, percent / 100);
}

function fraction(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.min(1, value);
}

export function cpuShares(summary: PhaseSystemSummary): CpuShares | null {
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

/**
 * Per process, CPU between the first and last snapshot it was seen in. A process that ran the whole
 * phase loses at most one sample interval at each end; one seen once contributes nothing.
 */
function busiestProcess(series: readonly Snapshot[], durationMs: number): BusiestProcess | null {
  if (durationMs <= 0 || !series.some((s) => s.processes !== undefined || s.selfCpuTicks !== undefined)) return null;
  const seen = new Map<number, { comm: string; first: number; last: number }>();
  for (const s of series) {
    for (const p of s.processes ?? []) {
      const entry = seen.get(p.pid);
      if (entry) entry.last = p.cpuTicks;
      else seen.set(p.pid, { comm: p.comm, first: p.cpuTicks, last: p.cpuTicks });
    }
  }
  let best: BusiestProcess | null = null;
  for (const { comm, first, last } of seen.values()) {
    const cores = (last - first) / USER_HZ / (durationMs / 1000);
    if (!best || cores > best.cores) best = { comm, cores };
  }
  return best ?? { comm: 'none', cores: 0 };
}

export function snapshotFacts(start: Snapshot, end: Snapshot, deviceIndex: number | null, inside: readonly Snapshot[] = []): PhaseFacts {
  const summary = phaseSummary(start, end, deviceIndex);
  const durationMs = end.tMs - start.tMs;
  const series = [start, ...inside, end];
  let dirtyPeakBytes: number | null = null;
  for (const s of series) {
    if (s.memory) dirtyPeakBytes = Math.max(dirtyPeakBytes ?? 0, s.memory.dirtyBytes);
  }
  const selfTicks = start.selfCpuTicks != null && end.selfCpuTicks != null ? end.selfCpuTicks - start.selfCpuTicks : null;
  const p = summary.pressure;
  return {
    durationMs,
    deviceIndex,
    disk: durationMs > 0 ? summary.disk : null,
    cpu: cpuShares(summary),
    childCores: durationMs > 0 ? summary.childCpuCores : null,
    busiestProcess: busiestProcess(series, durationMs),
    selfCores: selfTicks !== null && durationMs >= MIN_CPU_DATA_MS ? selfTicks / USER_HZ / (durationMs / 1000) : null,
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
  };
}

export function phaseFacts(profile: Profile, phase: PhaseRecord): PhaseFacts {
  const inside = profile.samples.snapshots.filter((s) => s.tMs > phase.startMs && s.tMs < phase.endMs);
  return snapshotFacts(phase.start, phase.end, deviceIndexFor(profile, phase.name), inside);
}
