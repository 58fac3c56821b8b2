/**
 * The probed device's own counters over one probe: /proc/diskstats read right before and right
 * after each fio process, so a probe's figure can be told from the cap it met (a 1 MiB sequential
 * write that reached the device as 4 KiB requests ran into a limit on requests, not on bytes). The
 * device is the one the probe directory's file system reports (st_dev): a loop device, a partition,
 * a dm device; none for a file system without a block device of its own (overlay, tmpfs, btrfs).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DiskCounters, ProbeDeviceCounts } from '../profile/schema.js';
import { parseDiskstats } from '../sample/parse-diskstats.js';
import { splitDevT } from '../sample/devices.js';

export interface DeviceReading {
  device: string;
  atMs: number;
  counters: DiskCounters;
}

/** A reader of the counters of the device `dir` lives on, or null where it has no diskstats line. */
export function deviceReader(dir: string, procRoot = '/proc', now: () => number = () => performance.now()): (() => DeviceReading | null) | null {
  let devNumber: string;
  try {
    const { major, minor } = splitDevT(BigInt(fs.statSync(dir, { bigint: true }).dev));
    devNumber = `${major}:${minor}`;
  } catch {
    return null;
  }
  const read = (): DeviceReading | null => {
    try {
      const entry = parseDiskstats(fs.readFileSync(path.join(procRoot, 'diskstats'), 'utf8')).byDevNumber.get(devNumber);
      return entry ? { device: entry.name, atMs: now(), counters: entry.counters } : null;
    } catch {
      return null;
    }
  };
  return read() ? read : null;
}

/** What the device counted between two readings in one direction. Pure. */
export function countsBetween(before: DeviceReading, after: DeviceReading, direction: 'read' | 'write'): ProbeDeviceCounts | null {
  if (before.device !== after.device) return null;
  const a = before.counters;
  const b = after.counters;
  const d = (x: number, y: number) => Math.max(0, y - x);
  const w = direction === 'write';
  return {
    device: after.device,
    durationMs: Math.max(0, Math.round(after.atMs - before.atMs)),
    requests: w ? d(a.writesCompleted, b.writesCompleted) : d(a.readsCompleted, b.readsCompleted),
    merges: w ? d(a.writesMerged, b.writesMerged) : d(a.readsMerged, b.readsMerged),
    sectors: w ? d(a.sectorsWritten, b.sectorsWritten) : d(a.sectorsRead, b.sectorsRead),
  };
}
