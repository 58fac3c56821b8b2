/**
 * The cgroup files the profiler reads, v1 and v2 (kernel Documentation/admin-guide/cgroup-v2.rst,
 * cgroup-v1/cgroups.rst, scheduler/sched-bwc.rst, cgroup-v1/blkio-controller.rst). Pure.
 */

import type { CgroupCpuCounters, CgroupIoLimit } from '../profile/schema.js';

/** One line of /proc/<pid>/cgroup: `hierarchy-ID:controller-list:cgroup-path` (v2: `0::/path`). */
export interface CgroupMembership {
  hierarchyId: number;
  /** Controllers bound to the hierarchy; empty for v2's unified line. Named hierarchies appear as `name=systemd`. */
  controllers: string[];
  path: string;
}

export function parseProcCgroup(text: string): CgroupMembership[] {
  const out: CgroupMembership[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    out.push({ hierarchyId: Number(m[1]), controllers: m[2] ? (m[2] as string).split(',') : [], path: m[3] as string });
  }
  return out;
}

/**
 * Limits at or above this are "no limit": v1 writes -1 as PAGE_COUNTER_MAX pages (9223372036854771712
 * bytes on 4 KiB pages), and some tools write other near-2^63 values. No runner has an exabyte of RAM.
 */
const UNLIMITED_BYTES = 2 ** 60;

/** v2 cpu.max: `$MAX $PERIOD`, MAX "max" for none. Cores = quota / period. */
export function parseCpuMax(text: string): { quotaUs: number | null; periodUs: number } | null {
  const [max, period] = text.trim().split(/\s+/);
  const periodUs = Number(period ?? 100_000);
  if (!(periodUs > 0)) return null;
  if (max === 'max') return { quotaUs: null, periodUs };
  const quotaUs = Number(max);
  return Number.isFinite(quotaUs) && quotaUs > 0 ? { quotaUs, periodUs } : null;
}

/** v1 cpu.cfs_quota_us: -1 for none. */
export function parseCfsQuota(text: string): number | null | undefined {
  const n = Number(text.trim());
  if (!Number.isFinite(n) || text.trim() === '') return undefined;
  return n > 0 ? n : null;
}

/** `key value` lines (cpu.stat, memory.stat) into a map; non-numeric values are left out. */
function parseFlatKeyed(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    const n = Number(value);
    if (key && value !== undefined && Number.isFinite(n)) out.set(key, n);
  }
  return out;
}

/** Cumulative CFS bandwidth counters, in µs, whichever version wrote them. */
export type CpuStatCounters = CgroupCpuCounters;

/** v2 cpu.stat (µs fields). */
export function cpuStatV2(text: string): CpuStatCounters | null {
  const m = parseFlatKeyed(text);
  if (!m.has('usage_usec')) return null;
  return {
    usageUs: m.get('usage_usec') ?? null,
    // Without the cpu controller enabled for the group only the usage lines are present.
    throttledUs: m.get('throttled_usec') ?? 0,
    periods: m.get('nr_periods') ?? 0,
    throttledPeriods: m.get('nr_throttled') ?? 0,
  };
}

/** v1 cpu.stat (throttled_time in ns) and cpuacct.usage (ns), when readable. */
export function cpuStatV1(statText: string, usageText: string | null): CpuStatCounters | null {
  const m = parseFlatKeyed(statText);
  if (!m.has('nr_periods')) return null;
  const usageNs = usageText === null ? NaN : Number(usageText.trim());
  return {
    usageUs: Number.isFinite(usageNs) && usageText?.trim() !== '' ? Math.round(usageNs / 1000) : null,
    throttledUs: Math.round((m.get('throttled_time') ?? 0) / 1000),
    periods: m.get('nr_periods') ?? 0,
    throttledPeriods: m.get('nr_throttled') ?? 0,
  };
}

/** A memory limit in bytes: v2 memory.max ("max") or v1 memory.limit_in_bytes; null for none. */
export function parseMemoryLimit(text: string): number | null | undefined {
  const t = text.trim();
  if (t === 'max') return null;
  const n = Number(t);
  if (t === '' || !Number.isFinite(n)) return undefined;
  return n <= 0 || n >= UNLIMITED_BYTES ? null : n;
}

/** What each version names the memory a group uses, and the file pages in it the kernel can drop first. */
export const MEMORY_USAGE_FILES = {
  1: { limit: 'memory.limit_in_bytes', usage: 'memory.usage_in_bytes', inactiveFile: 'total_inactive_file' },
  2: { limit: 'memory.max', usage: 'memory.current', inactiveFile: 'inactive_file' },
} as const;

/**
 * A group's working set: its usage (v1 memory.usage_in_bytes, v2 memory.current, descendants included)
 * less the inactive file pages of memory.stat, which reclaim drops before anything is OOM-killed; the
 * kubelet reckons memory.available = limit - working set the same way. Undefined when the usage does not parse.
 */
export function workingSetBytes(version: 1 | 2, usageText: string, statText: string | null): number | undefined {
  const usage = Number(usageText.trim());
  if (usageText.trim() === '' || !Number.isFinite(usage)) return undefined;
  const inactive = statText === null ? 0 : (parseFlatKeyed(statText).get(MEMORY_USAGE_FILES[version].inactiveFile) ?? 0);
  return Math.max(0, usage - inactive);
}

/** A cpuset list ("0-3,8,10-11") as a CPU count; null when empty. */
export function cpusetCount(text: string): number | null {
  let count = 0;
  for (const part of text.trim().split(',')) {
    if (part === '') continue;
    const [a, b] = part.split('-').map(Number);
    if (a === undefined || !Number.isInteger(a)) return null;
    const end = b === undefined ? a : b;
    if (!Number.isInteger(end) || end < a) return null;
    count += end - a + 1;
  }
  return count > 0 ? count : null;
}

export type IoLimit = CgroupIoLimit;
export type IoLimitField = Exclude<keyof IoLimit, 'device'>;

const IO_MAX_KEYS: Record<string, IoLimitField> = { rbps: 'readBytesPerSecond', wbps: 'writeBytesPerSecond', riops: 'readIops', wiops: 'writeIops' };

/** v2 io.max: `8:16 rbps=2097152 wbps=max riops=max wiops=120`; devices without a finite limit are left out. */
export function parseIoMax(text: string): IoLimit[] {
  const out: IoLimit[] = [];
  for (const line of text.split('\n')) {
    const [device, ...pairs] = line.trim().split(/\s+/);
    if (!device || !/^\d+:\d+$/.test(device)) continue;
    const limit: IoLimit = { device };
    for (const pair of pairs) {
      const [key, value] = pair.split('=');
      const field = key ? IO_MAX_KEYS[key] : undefined;
      const n = Number(value);
      if (field && value !== 'max' && Number.isFinite(n) && n > 0) limit[field] = n;
    }
    if (Object.keys(limit).length > 1) out.push(limit);
  }
  return out;
}

/** v1 blkio.throttle.* file → the IoLimit field it sets. */
export const BLKIO_THROTTLE_FILES: Record<string, IoLimitField> = {
  'blkio.throttle.read_bps_device': 'readBytesPerSecond',
  'blkio.throttle.write_bps_device': 'writeBytesPerSecond',
  'blkio.throttle.read_iops_device': 'readIops',
  'blkio.throttle.write_iops_device': 'writeIops',
};

/** v1 blkio.throttle.*_device: `8:16 1048576` lines. */
export function parseBlkioThrottle(text: string): { device: string; value: number }[] {
  const out: { device: string; value: number }[] = [];
  for (const line of text.split('\n')) {
    const [device, value] = line.trim().split(/\s+/);
    const n = Number(value);
    if (device && /^\d+:\d+$/.test(device) && Number.isFinite(n) && n > 0) out.push({ device, value: n });
  }
  return out;
}

/** Per device and field, the lowest limit: a parent's cap holds its children too. */
export function tightestIoLimits(levels: readonly IoLimit[][]): IoLimit[] {
  const byDevice = new Map<string, IoLimit>();
  for (const level of levels) {
    for (const limit of level) {
      const merged = byDevice.get(limit.device) ?? { device: limit.device };
      for (const field of Object.values(IO_MAX_KEYS)) {
        const v = limit[field];
        if (v !== undefined) merged[field] = Math.min(merged[field] ?? Infinity, v);
      }
      byDevice.set(limit.device, merged);
    }
  }
  return [...byDevice.values()].sort((a, b) => a.device.localeCompare(b.device));
}
