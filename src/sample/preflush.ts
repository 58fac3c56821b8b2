/**
 * Before the lookup, flush what earlier steps left dirty on the file systems the restore will write
 * (IO edge). Checkout, setup-node and npm ci can leave up to ~10% of RAM dirty; unflushed, the
 * kernel writes it back during the restore and the device's counters, Dirty and the tail would all
 * count it as the restore's. Reported on its own line, outside the restore's time.
 */
import { performance } from 'node:perf_hooks';
import type { Preflush } from '../profile/schema.js';
import { SECTOR_BYTES, counterDelta } from './iostat.js';
import { pickDiskCounters } from './parse-diskstats.js';
import { parseMeminfo } from './parse-meminfo.js';
import { readText } from './read-file.js';
import { syncFileSystems } from './syncfs.js';

export interface PreflushRequest {
  /** One path on each file system to flush. */
  fileSystemPaths: readonly string[];
  /** Devices (diskstats names) whose writes during the flush are reported. */
  deviceNames: readonly string[];
  procRoot: string;
  maxMs: number;
}

function owedBytes(procRoot: string): number | null {
  const memory = parseMeminfo(readText(`${procRoot}/meminfo`) ?? '');
  return memory ? memory.dirtyBytes + memory.writebackBytes : null;
}

function sectorsWritten(procRoot: string, names: readonly string[]): (number | null)[] {
  const text = readText(`${procRoot}/diskstats`);
  if (text === undefined) return names.map(() => null);
  return pickDiskCounters(text, names).map((c) => c?.sectorsWritten ?? null);
}

export async function flushEarlierWrites(request: PreflushRequest): Promise<Preflush> {
  const owedBeforeBytes = owedBytes(request.procRoot);
  const before = sectorsWritten(request.procRoot, request.deviceNames);
  const startedMs = performance.now();
  const syncs = await syncFileSystems(request.fileSystemPaths, request.maxMs);
  const durationMs = performance.now() - startedMs;
  const after = sectorsWritten(request.procRoot, request.deviceNames);
  let deviceWrittenBytes: number | null = null;
  before.forEach((b, i) => {
    const a = after[i];
    if (b === null || a === null || a === undefined) return;
    deviceWrittenBytes = (deviceWrittenBytes ?? 0) + counterDelta(b, a) * SECTOR_BYTES;
  });
  return { owedBeforeBytes, owedAfterBytes: owedBytes(request.procRoot), deviceWrittenBytes, durationMs, syncs };
}
