/**
 * System-wide view of one phase from its two boundary snapshots: disk metrics, CPU shares, PSI
 * stall shares, page-cache debt and the restore's child CPU. Pure; the judge and report read it.
 */
import type { CpuTicks, PressureTotals, Snapshot } from '../profile/schema.js';
import { counterDelta, diskMetrics, type DiskMetrics } from './iostat.js';

/** Linux exports clock ticks at USER_HZ, 100 on every mainstream architecture (proc(5)). */
export const USER_HZ = 100;

export interface CpuSharesPercent {
  /** user + nice, percent of all CPUs' time. */
  userPercent: number;
  /** system + irq + softirq. */
  systemPercent: number;
  iowaitPercent: number;
  stealPercent: number;
  idlePercent: number;
  /** Busy percent (not idle, not iowait) of the busiest single CPU; null without perCpu in both snapshots. */
  busiestCpuPercent: number | null;
}

/** Share of the phase's wall time that some / all non-idle tasks were stalled (0..1), Δtotal / Δt. */
export interface PressureFractions {
  ioSome: number | null;
  ioFull: number | null;
  cpuSome: number | null;
  memorySome: number | null;
  memoryFull: number | null;
}

export interface PhaseSystemSummary {
  durationMs: number;
  /** Metrics of the device at deviceIndex; null when either snapshot could not read it. */
  disk: DiskMetrics | null;
  cpu: CpuSharesPercent | null;
  pressure: PressureFractions | null;
  memory: {
    dirtyBytesStart: number;
    writebackBytesStart: number;
    dirtyBytesEnd: number;
    writebackBytesEnd: number;
  } | null;
  /** CPU time of the restore's children (tar, zstd) during the phase, seconds. */
  childCpuSeconds: number | null;
  /** childCpuSeconds / phase seconds: 1 means one core busy the whole phase. */
  childCpuCores: number | null;
}

const CPU_FIELDS: (keyof CpuTicks)[] = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'];

function cpuDelta(a: CpuTicks, b: CpuTicks): CpuTicks {
  const d = {} as CpuTicks;
  for (const k of CPU_FIELDS) d[k] = counterDelta(a[k], b[k]);
  return d;
}

function sum(c: CpuTicks): number {
  return CPU_FIELDS.reduce((total, k) => total + c[k], 0);
}

function percent(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

export function cpuSharesPercent(start: Snapshot, end: Snapshot): CpuSharesPercent | null {
  if (!start.cpu || !end.cpu) return null;
  const d = cpuDelta(start.cpu, end.cpu);
  const total = sum(d);
  let busiestCpuPercent: number | null = null;
  if (start.perCpu && end.perCpu && start.perCpu.length === end.perCpu.length && start.perCpu.length > 0) {
    busiestCpuPercent = 0;
    start.perCpu.forEach((before, i) => {
      const after = end.perCpu?.[i];
      if (!after) return;
      const c = cpuDelta(before, after);
      const busy = percent(sum(c) - c.idle - c.iowait, sum(c));
      busiestCpuPercent = Math.max(busiestCpuPercent ?? 0, busy);
    });
  }
  return {
    userPercent: percent(d.user + d.nice, total),
    systemPercent: percent(d.system + d.irq + d.softirq, total),
    iowaitPercent: percent(d.iowait, total),
    stealPercent: percent(d.steal, total),
    idlePercent: percent(d.idle, total),
    busiestCpuPercent,
  };
}

function stallFraction(a: number | undefined, b: number | undefined, durationMs: number): number | null {
  if (a === undefined || b === undefined || durationMs <= 0) return null;
  return counterDelta(a, b) / (durationMs * 1000);
}

function pick(p: Snapshot['pressure'], k: 'io' | 'cpu' | 'memory'): PressureTotals | undefined {
  return p?.[k] ?? undefined;
}

export function pressureFractions(start: Snapshot, end: Snapshot, durationMs: number): PressureFractions | null {
  if (!start.pressure || !end.pressure) return null;
  const f = (k: 'io' | 'cpu' | 'memory', which: 'someUs' | 'fullUs') =>
    stallFraction(pick(start.pressure, k)?.[which], pick(end.pressure, k)?.[which], durationMs);
  return {
    ioSome: f('io', 'someUs'),
    ioFull: f('io', 'fullUs'),
    cpuSome: f('cpu', 'someUs'),
    memorySome: f('memory', 'someUs'),
    memoryFull: f('memory', 'fullUs'),
  };
}

export function phaseSummary(start: Snapshot, end: Snapshot, deviceIndex: number | null): PhaseSystemSummary {
  const durationMs = Math.max(0, end.tMs - start.tMs);
  const before = deviceIndex === null ? null : start.disks[deviceIndex];
  const after = deviceIndex === null ? null : end.disks[deviceIndex];
  const childTicks = start.childCpuTicks === null || end.childCpuTicks === null ? null : Math.max(0, end.childCpuTicks - start.childCpuTicks);
  const childCpuSeconds = childTicks === null ? null : childTicks / USER_HZ;
  return {
    durationMs,
    disk: before && after ? diskMetrics(before, after, durationMs) : null,
    cpu: cpuSharesPercent(start, end),
    pressure: pressureFractions(start, end, durationMs),
    memory:
      start.memory && end.memory
        ? {
            dirtyBytesStart: start.memory.dirtyBytes,
            writebackBytesStart: start.memory.writebackBytes,
            dirtyBytesEnd: end.memory.dirtyBytes,
            writebackBytesEnd: end.memory.writebackBytes,
          }
        : null,
    childCpuSeconds,
    childCpuCores: childCpuSeconds === null || durationMs <= 0 ? null : childCpuSeconds / (durationMs / 1000),
  };
}
