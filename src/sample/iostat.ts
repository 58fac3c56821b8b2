/**
 * sysstat's iostat -x metrics from two /proc/diskstats readings, with its own formulas
 * (sysstat iostat.c compute_ext_disk_stats / write_ext_stat). Pure.
 */
import type { DiskCounters } from '../profile/schema.js';

export const SECTOR_BYTES = 512;

/** Metrics over one window. Names carry units; iostat's column names appear only in the report. */
export interface DiskMetrics {
  durationMs: number;
  reads: number;
  writes: number;
  readBytes: number;
  writtenBytes: number;
  readsPerSecond: number; // r/s
  writesPerSecond: number; // w/s
  readKiBPerSecond: number; // rkB/s
  writeKiBPerSecond: number; // wkB/s
  readMergesPerSecond: number; // rrqm/s
  writeMergesPerSecond: number; // wrqm/s
  readMergePercent: number; // %rrqm
  writeMergePercent: number; // %wrqm
  readAwaitMs: number; // r_await
  writeAwaitMs: number; // w_await
  averageQueueSize: number; // aqu-sz
  utilizationPercent: number; // %util
  readRequestKiB: number; // rareq-sz
  writeRequestKiB: number; // wareq-sz
  discardsPerSecond: number | null; // d/s
  discardKiBPerSecond: number | null; // dkB/s
  discardAwaitMs: number | null; // d_await
  discardRequestKiB: number | null; // dareq-sz
  flushesPerSecond: number | null; // f/s
  flushAwaitMs: number | null; // f_await
}

const U32 = 2 ** 32;

/**
 * Counter delta that survives wrap. The kernel prints the *_ms fields as 32-bit values, which wrap
 * after ~49 days of busy time; a counter that went backwards from below 2^32 is taken as wrapped,
 * anything else as a reset (the device was re-created), whose delta is the new value.
 */
export function counterDelta(before: number, after: number): number {
  if (after >= before) return after - before;
  if (before < U32) return after + U32 - before;
  return after;
}

function rate(delta: number, durationMs: number): number {
  return durationMs > 0 ? (delta * 1000) / durationMs : 0;
}

function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : 0;
}

function optionalDelta(before: number | undefined, after: number | undefined): number | null {
  return before === undefined || after === undefined ? null : counterDelta(before, after);
}

export function diskMetrics(before: DiskCounters, after: DiskCounters, durationMs: number): DiskMetrics {
  const d = (k: keyof DiskCounters) => counterDelta(before[k] ?? 0, after[k] ?? 0);
  const reads = d('readsCompleted');
  const writes = d('writesCompleted');
  const readSectors = d('sectorsRead');
  const writeSectors = d('sectorsWritten');
  const readMerges = d('readsMerged');
  const writeMerges = d('writesMerged');

  const discards = optionalDelta(before.discardsCompleted, after.discardsCompleted);
  const discardSectors = optionalDelta(before.sectorsDiscarded, after.sectorsDiscarded);
  const discardMs = optionalDelta(before.discardMs, after.discardMs);
  const flushes = optionalDelta(before.flushesCompleted, after.flushesCompleted);
  const flushMs = optionalDelta(before.flushMs, after.flushMs);

  return {
    durationMs,
    reads,
    writes,
    readBytes: readSectors * SECTOR_BYTES,
    writtenBytes: writeSectors * SECTOR_BYTES,
    readsPerSecond: rate(reads, durationMs),
    writesPerSecond: rate(writes, durationMs),
    readKiBPerSecond: rate(readSectors, durationMs) / 2,
    writeKiBPerSecond: rate(writeSectors, durationMs) / 2,
    readMergesPerSecond: rate(readMerges, durationMs),
    writeMergesPerSecond: rate(writeMerges, durationMs),
    readMergePercent: ratio(readMerges, readMerges + reads) * 100,
    writeMergePercent: ratio(writeMerges, writeMerges + writes) * 100,
    readAwaitMs: ratio(d('readMs'), reads),
    writeAwaitMs: ratio(d('writeMs'), writes),
    averageQueueSize: ratio(d('weightedIoMs'), durationMs),
    // iostat caps %util at 100: io_ticks can run ahead of wall time by one tick at window edges.
    utilizationPercent: Math.min(100, ratio(d('ioMs'), durationMs) * 100),
    readRequestKiB: ratio(readSectors, reads) / 2,
    writeRequestKiB: ratio(writeSectors, writes) / 2,
    discardsPerSecond: discards === null ? null : rate(discards, durationMs),
    discardKiBPerSecond: discardSectors === null ? null : rate(discardSectors, durationMs) / 2,
    discardAwaitMs: discards === null || discardMs === null ? null : ratio(discardMs, discards),
    discardRequestKiB: discards === null || discardSectors === null ? null : ratio(discardSectors, discards) / 2,
    flushesPerSecond: flushes === null ? null : rate(flushes, durationMs),
    flushAwaitMs: flushes === null || flushMs === null ? null : ratio(flushMs, flushes),
  };
}
