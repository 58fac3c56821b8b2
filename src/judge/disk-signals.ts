/**
 * A phase's disk activity set against the fio ceilings, plus the kernel's supporting signals, as
 * evidence candidates. Shares are the deciding numbers; %util, aqu-sz, iowait and PSI io only support.
 */
import type { Bottleneck } from '../profile/schema.js';
import type { Ceilings } from './ceilings.js';
import { candidate, type Candidate } from './evidence.js';
import { formatNumber, iops, mibPerSecond, percent } from './format.js';
import type { PhaseFacts } from './phase-facts.js';
import {
  FAR_BELOW_CEILING_SHARE,
  IO_PRESSURE_HIGH,
  NEAR_CEILING_SHARE,
  NO_PROBE_IO_PRESSURE,
  NO_PROBE_QUEUE_SIZE,
  NO_PROBE_UTIL_PERCENT,
  SMALL_REQUEST_KIB,
} from './thresholds.js';

const DISK: Bottleneck[] = ['disk-bandwidth', 'disk-iops', 'writeback'];
const NOT_DISK: Bottleneck[] = ['cpu', 'network', 'none'];

export interface DiskSignals {
  writeBytesPerSecond: number;
  readBytesPerSecond: number;
  writeBandwidthShare: number | null;
  readBandwidthShare: number | null;
  /** Only when requests were small (IOPS regime), else null. */
  writeIopsShare: number | null;
  readIopsShare: number | null;
  smallWrites: boolean;
  /** The strongest bandwidth-type and IOPS-type shares. */
  bandwidthShare: number | null;
  iopsShare: number | null;
  /** Largest of all shares; null without ceilings or disk metrics. */
  maxShare: number | null;
  nearBandwidth: boolean;
  nearIops: boolean;
  /** Every known share below FAR_BELOW_CEILING_SHARE (false when none is known). */
  farBelow: boolean;
  /** Kernel-only saturation: high PSI io, high %util and a standing queue together. */
  kernelSaturated: boolean;
  candidates: Candidate[];
}

function maxOf(...xs: (number | null)[]): number | null {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? Math.max(...known) : null;
}

export function diskSignals(facts: PhaseFacts, ceilings: Ceilings, what: string): DiskSignals {
  const d = facts.disk;
  const c: Candidate[] = [];
  const wBps = d ? d.writeKiBPerSecond * 1024 : 0;
  const rBps = d ? d.readKiBPerSecond * 1024 : 0;
  const byShare = (s: number | null): Bottleneck[] =>
    s === null ? [] : s >= NEAR_CEILING_SHARE ? DISK : s < FAR_BELOW_CEILING_SHARE ? NOT_DISK : [];

  const wBw = d && ceilings.seqWriteBytesPerSecond ? wBps / ceilings.seqWriteBytesPerSecond : null;
  const rBw = d && ceilings.seqReadBytesPerSecond ? rBps / ceilings.seqReadBytesPerSecond : null;
  const smallWrites = !!d && d.writes > 0 && d.writeRequestKiB <= SMALL_REQUEST_KIB;
  const smallReads = !!d && d.reads > 0 && d.readRequestKiB <= SMALL_REQUEST_KIB;
  const wIo = d && smallWrites && ceilings.randWriteIops ? d.writesPerSecond / ceilings.randWriteIops : null;
  const rIo = d && smallReads && ceilings.randReadIops ? d.readsPerSecond / ceilings.randReadIops : null;

  if (d && ceilings.seqWriteBytesPerSecond) {
    c.push(candidate('write-bandwidth-share',
      `${what} wrote at ${mibPerSecond(wBps)}, ${percent(wBw ?? 0)} of the ${mibPerSecond(ceilings.seqWriteBytesPerSecond)} sequential-write ceiling`,
      wBw, 'share', byShare(wBw), NEAR_CEILING_SHARE));
  }
  if (d && ceilings.randWriteIops && d.writes > 0) {
    c.push(candidate('write-request-size',
      `average write request ${formatNumber(d.writeRequestKiB)} KiB (${smallWrites ? 'small: IOPS decide' : 'large: bandwidth decides'})`,
      d.writeRequestKiB, 'KiB', smallWrites ? ['disk-iops'] : ['disk-bandwidth', 'writeback'], SMALL_REQUEST_KIB));
  }
  if (wIo !== null && ceilings.randWriteIops) {
    c.push(candidate('write-iops-share',
      `${what} completed ${formatNumber(d?.writesPerSecond ?? 0)} writes/s, ${percent(wIo)} of the ${iops(ceilings.randWriteIops)} random-write ceiling`,
      wIo, 'share', byShare(wIo).map((b) => (b === 'disk-bandwidth' ? 'disk-iops' : b)), NEAR_CEILING_SHARE));
  }
  if (d && ceilings.seqReadBytesPerSecond && d.reads > 0) {
    c.push(candidate('read-bandwidth-share',
      `${what} read at ${mibPerSecond(rBps)}, ${percent(rBw ?? 0)} of the ${mibPerSecond(ceilings.seqReadBytesPerSecond)} sequential-read ceiling`,
      rBw, 'share', byShare(rBw), NEAR_CEILING_SHARE));
  }
  if (rIo !== null && ceilings.randReadIops) {
    c.push(candidate('read-iops-share',
      `${what} completed ${formatNumber(d?.readsPerSecond ?? 0)} reads/s, ${percent(rIo)} of the ${iops(ceilings.randReadIops)} random-read ceiling`,
      rIo, 'share', byShare(rIo).map((b) => (b === 'disk-bandwidth' ? 'disk-iops' : b)), NEAR_CEILING_SHARE));
  }

  const kernelBusy = {
    util: d ? d.utilizationPercent >= NO_PROBE_UTIL_PERCENT : false,
    queue: d ? d.averageQueueSize >= NO_PROBE_QUEUE_SIZE : false,
    psi: facts.pressure.ioSome !== null && facts.pressure.ioSome >= NO_PROBE_IO_PRESSURE,
  };
  if (d) {
    c.push(candidate('device-utilization',
      `the device was busy ${Math.round(d.utilizationPercent)}% of the time (supporting only: parallel devices can do more at 100%)`,
      d.utilizationPercent, '%', kernelBusy.util ? DISK : [], NO_PROBE_UTIL_PERCENT));
    c.push(candidate('queue-size',
      `on average ${formatNumber(d.averageQueueSize)} requests were queued or in service`,
      d.averageQueueSize, 'requests', kernelBusy.queue ? DISK : [], NO_PROBE_QUEUE_SIZE));
  }
  if (facts.pressure.ioSome !== null) {
    c.push(candidate('io-pressure-some',
      `some task was stalled on I/O ${percent(facts.pressure.ioSome)} of the time (PSI io some)`,
      facts.pressure.ioSome, 'share', facts.pressure.ioSome >= IO_PRESSURE_HIGH ? DISK : NOT_DISK, IO_PRESSURE_HIGH));
  }
  if (facts.cpu) {
    c.push(candidate('cpu-iowait', `CPUs idled waiting for I/O ${percent(facts.cpu.iowait)} of the time`, facts.cpu.iowait, 'share', []));
  }

  const bandwidthShare = maxOf(wBw, rBw);
  const iopsShare = maxOf(wIo, rIo);
  const maxShare = maxOf(bandwidthShare, iopsShare);
  return {
    writeBytesPerSecond: wBps,
    readBytesPerSecond: rBps,
    writeBandwidthShare: wBw,
    readBandwidthShare: rBw,
    writeIopsShare: wIo,
    readIopsShare: rIo,
    smallWrites,
    bandwidthShare,
    iopsShare,
    maxShare,
    nearBandwidth: bandwidthShare !== null && bandwidthShare >= NEAR_CEILING_SHARE,
    nearIops: iopsShare !== null && iopsShare >= NEAR_CEILING_SHARE,
    farBelow: maxShare !== null && maxShare < FAR_BELOW_CEILING_SHARE,
    kernelSaturated: kernelBusy.util && kernelBusy.queue && kernelBusy.psi,
    candidates: c,
  };
}
