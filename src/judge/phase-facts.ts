/**
 * What the judge needs to know about one phase, computed from its two boundary snapshots (and the
 * periodic samples inside it for peaks). Pure. A minimal stand-in for the sampler's phaseSummary,
 * so the judge does not depend on its shape.
 */
import type { CpuTicks, PhaseRecord, PressureTotals, Profile, Snapshot } from '../profile/schema.js';
import { counterDelta, diskMetrics, type DiskMetrics } from '../sample/iostat.js';
import { USER_HZ } from './thresholds.js';

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

function busyTicks(c: CpuTicks): number {
  return c.user + c.nice + c.system + c.irq + c.softirq;
}

function totalTicks(c: CpuTicks): number {
  return busyTicks(c) + c.idle + c.iowait + c.steal;
}

function cpuDelta(a: CpuTicks, b: CpuTicks): CpuTicks {
  return {
    user: counterDelta(a.user, b.user),
    nice: counterDelta(a.nice, b.nice),
    system: counterDelta(a.system, b.system),
    idle: counterDelta(a.idle, b.idle),
    iowait: counterDelta(a.iowait, b.iowait),
    irq: counterDelta(a.irq, b.irq),
    softirq: counterDelta(a.softirq, b.softirq),
    steal: counterDelta(a.steal, b.steal),
  };
}

function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

export function cpuShares(start: Snapshot, end: Snapshot): CpuShares | null {
  if (!start.cpu || !end.cpu) return null;
  const d = cpuDelta(start.cpu, end.cpu);
  const total = totalTicks(d);
  let busiestCpu: number | null = null;
  if (start.perCpu && end.perCpu && start.perCpu.length === end.perCpu.length) {
    for (let i = 0; i < start.perCpu.length; i++) {
      const a = start.perCpu[i];
      const b = end.perCpu[i];
      if (!a || !b) continue;
      const di = cpuDelta(a, b);
      const s = share(busyTicks(di), totalTicks(di));
      busiestCpu = busiestCpu === null ? s : Math.max(busiestCpu, s);
    }
  }
  return { busy: share(busyTicks(d), total), iowait: share(d.iowait, total), steal: share(d.steal, total), busiestCpu };
}

function stallShare(
  a: PressureTotals | null | undefined,
  b: PressureTotals | null | undefined,
  key: 'someUs' | 'fullUs',
  durationMs: number,
): number | null {
  const x = a?.[key];
  const y = b?.[key];
  if (x === undefined || y === undefined || durationMs <= 0) return null;
  // Δµs / (Δms × 1000), capped: PSI's clock and ours are sampled a few µs apart.
  return Math.min(1, counterDelta(x, y) / (durationMs * 1000));
}

/** The device a phase is judged on: the archive's temp dir for download, the restore path otherwise. */
export function deviceIndexFor(profile: Profile, phase: PhaseRecord['name']): number | null {
  const role = phase === 'download' ? 'archive-temp' : 'restore-path';
  const byRole = profile.devices.findIndex((d) => d.roles.includes(role));
  if (byRole >= 0) return byRole;
  const primary = profile.devices.findIndex((d) => d.primary);
  return primary >= 0 ? primary : null;
}

export function snapshotFacts(
  start: Snapshot,
  end: Snapshot,
  deviceIndex: number | null,
  inside: readonly Snapshot[] = [],
): PhaseFacts {
  const durationMs = end.tMs - start.tMs;
  const a = deviceIndex === null ? null : start.disks[deviceIndex];
  const b = deviceIndex === null ? null : end.disks[deviceIndex];
  const disk = a && b && durationMs > 0 ? diskMetrics(a, b, durationMs) : null;
  const childCores =
    start.childCpuTicks !== null && end.childCpuTicks !== null && durationMs > 0
      ? counterDelta(start.childCpuTicks, end.childCpuTicks) / USER_HZ / (durationMs / 1000)
      : null;
  const p0 = start.pressure;
  const p1 = end.pressure;
  let dirtyPeakBytes: number | null = null;
  for (const s of [start, ...inside, end]) {
    if (s.memory) dirtyPeakBytes = Math.max(dirtyPeakBytes ?? 0, s.memory.dirtyBytes);
  }
  return {
    durationMs,
    deviceIndex,
    disk,
    cpu: cpuShares(start, end),
    childCores,
    pressure: {
      ioSome: stallShare(p0?.io, p1?.io, 'someUs', durationMs),
      ioFull: stallShare(p0?.io, p1?.io, 'fullUs', durationMs),
      cpuSome: stallShare(p0?.cpu, p1?.cpu, 'someUs', durationMs),
      memorySome: stallShare(p0?.memory, p1?.memory, 'someUs', durationMs),
    },
    dirtyPeakBytes,
    owedAtEndBytes: end.memory ? end.memory.dirtyBytes + end.memory.writebackBytes : null,
  };
}

export function phaseFacts(profile: Profile, phase: PhaseRecord): PhaseFacts {
  const inside = profile.samples.snapshots.filter((s) => s.tMs > phase.startMs && s.tMs < phase.endMs);
  return snapshotFacts(phase.start, phase.end, deviceIndexFor(profile, phase.name), inside);
}
