/**
 * What the judge needs to know about one phase: the sampler's phaseSummary of its two boundary
 * snapshots, as shares, plus the Dirty peak from the periodic samples inside it. Pure.
 */
import type { PhaseRecord, Profile, Snapshot } from '../profile/schema.js';
import type { DiskMetrics } from '../sample/iostat.js';
import { phaseSummary, type PhaseSystemSummary } from '../sample/phase-summary.js';

export interface CpuShares {
  /** user+nice+system+irq+softirq over all CPUs, as a share of all CPU time. */
  busy: number;
  iowait: number;
  steal: number;
  /** The busiest single CPU's busy share; null without per-CPU boundary snapshots. */
  busiestCpu: number | null;
}

export interface PhaseFacts {
  durationMs: number;
  /** Index into Profile.devices of the device judged for this phase, or null. */
  deviceIndex: number | null;
  disk: DiskMetrics | null;
  cpu: CpuShares | null;
  /** CPU used by the restore's children (tar, zstd), in cores (1 = one core all the phase). */
  childCores: number | null;
  /** PSI stall shares of the phase (Δtotal / Δt). */
  pressure: { ioSome: number | null; ioFull: number | null; cpuSome: number | null; memorySome: number | null };
  /** Highest Dirty seen at the phase's boundaries and in the samples inside it, bytes. */
  dirtyPeakBytes: number | null;
  /** Dirty + Writeback at the phase's end, bytes: what the page cache still owed the disk. */
  owedAtEndBytes: number | null;
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

/** The device a phase is judged on: the archive's temp dir for download, the restore path otherwise. */
export function deviceIndexFor(profile: Profile, phase: PhaseRecord['name']): number | null {
  const role = phase === 'download' ? 'archive-temp' : 'restore-path';
  const byRole = profile.devices.findIndex((d) => d.roles.includes(role));
  if (byRole >= 0) return byRole;
  const primary = profile.devices.findIndex((d) => d.primary);
  return primary >= 0 ? primary : null;
}

/** The judge's view of a phase, from the sampler's phaseSummary plus the Dirty peak inside the phase. */
export function snapshotFacts(
  start: Snapshot,
  end: Snapshot,
  deviceIndex: number | null,
  inside: readonly Snapshot[] = [],
): PhaseFacts {
  const summary = phaseSummary(start, end, deviceIndex);
  const durationMs = end.tMs - start.tMs;
  let dirtyPeakBytes: number | null = null;
  for (const s of [start, ...inside, end]) {
    if (s.memory) dirtyPeakBytes = Math.max(dirtyPeakBytes ?? 0, s.memory.dirtyBytes);
  }
  const p = summary.pressure;
  return {
    durationMs,
    deviceIndex,
    disk: durationMs > 0 ? summary.disk : null,
    cpu: cpuShares(summary),
    childCores: durationMs > 0 ? summary.childCpuCores : null,
    pressure: {
      ioSome: fraction(p?.ioSome),
      ioFull: fraction(p?.ioFull),
      cpuSome: fraction(p?.cpuSome),
      memorySome: fraction(p?.memorySome),
    },
    dirtyPeakBytes,
    owedAtEndBytes: end.memory ? end.memory.dirtyBytes + end.memory.writebackBytes : null,
  };
}

export function phaseFacts(profile: Profile, phase: PhaseRecord): PhaseFacts {
  const inside = profile.samples.snapshots.filter((s) => s.tMs > phase.startMs && s.tMs < phase.endMs);
  return snapshotFacts(phase.start, phase.end, deviceIndexFor(profile, phase.name), inside);
}
