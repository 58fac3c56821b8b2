/** /proc/stat cpu lines → CpuTicks (proc(5)). Pure. */
import type { CpuTicks } from '../profile/schema.js';

export interface ProcStatCpu {
  /** The aggregate "cpu" line; null when absent. */
  total: CpuTicks | null;
  /** "cpuN" lines in file order (offline CPUs are simply missing). */
  perCpu: CpuTicks[];
}

/** Parses a "cpu..." line. Older kernels print fewer columns; missing ones read as 0. */
export function parseCpuLine(line: string): CpuTicks | null {
  const f = line.trim().split(/\s+/);
  if (!f[0]?.startsWith('cpu')) return null;
  const n = f.slice(1, 9).map(Number);
  if (n.length < 4 || n.some((v) => !Number.isFinite(v))) return null;
  const at = (i: number): number => n[i] ?? 0;
  return {
    user: at(0),
    nice: at(1),
    system: at(2),
    idle: at(3),
    iowait: at(4),
    irq: at(5),
    softirq: at(6),
    steal: at(7),
  };
}

/** Total only: the first line, without touching the (long) rest of the file. */
export function parseProcStatTotal(text: string): CpuTicks | null {
  const end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  return /^cpu\s/.test(first) ? parseCpuLine(first) : null;
}

export function parseProcStat(text: string): ProcStatCpu {
  let total: CpuTicks | null = null;
  const perCpu: CpuTicks[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('cpu')) continue;
    const ticks = parseCpuLine(line);
    if (!ticks) continue;
    if (/^cpu\s/.test(line)) total = ticks;
    else perCpu.push(ticks);
  }
  return { total, perCpu };
}
