/** The fio ceilings of the restore path's file system, read from the profile's probe results. Pure. */
import type { ProbeName, ProbeResult, Profile } from '../profile/schema.js';
import { KiB } from '../util/units.js';
import { IOPS_PROBE_BANDWIDTH_BOUND } from './thresholds.js';
import { seqWriteMetIops } from './probe-caps.js';
import type { SeqMetIops } from '../profile/probe-counted.js';

export interface Ceilings {
  seqWriteBytesPerSecond: number | null;
  randWriteIops: number | null;
  seqReadBytesPerSecond: number | null;
  randReadIops: number | null;
  /** 1e6 / the QD1 random read's mean latency in µs: what a one-at-a-time reader gets. */
  qd1ReadIops: number | null;
  /** 4 KiB writes each followed by fdatasync: what a flush-per-write workload gets. */
  fsyncWriteIops: number | null;
  /** Where a kind's figure came from when not fio alone (a cgroup I/O cap, cgroup-io.ts). Absent: fio's probe. */
  from?: Partial<Record<CeilingKind, CeilingFrom>>;
  /** The write IOPS ceiling is a cgroup cap, which counts bios before merging. */
  randWriteCountsBios?: boolean;
  /** A cgroup write IOPS cap on the device (bios/s), also where fio's lower figure set the ceiling. */
  writeBiosCap?: number;
  /** The runner's cgroup I/O caps were read (its group and visible parents) and none applies to the device. */
  noCgroupIoCap?: boolean;
  /**
   * fio's sequential-write probe met the IOPS limit (its writes reached the device as small bios at the
   * random probe's rate, or at the cgroup's IOPS cap: probe-caps.ts): its bytes/s are not a bandwidth
   * ceiling, so seqWriteBytesPerSecond is null (or a cgroup bandwidth cap, cgroup-io.ts).
   */
  seqWriteMetIops?: SeqMetIops;
}

export type { CeilingFrom } from '../profile/schema.js';
import type { CapCeilingKind, CeilingFrom } from '../profile/schema.js';

/** The ceilings a cgroup I/O cap can set too. */
export type CeilingKind = CapCeilingKind;

function usable(profile: Profile, name: ProbeName): ProbeResult | null {
  const p = profile.probes?.probes.find((x) => x.name === name);
  // A probe that errored or measured nothing is no ceiling: comparing with 0 would call any disk saturated.
  return p && !p.error && p.bytesPerSecond > 0 && p.iops > 0 ? p : null;
}

export function ceilingsOf(profile: Profile): Ceilings {
  const qd1 = usable(profile, 'rand-read-qd1');
  const metIops = usable(profile, 'seq-write') ? seqWriteMetIops(profile) : null;
  return {
    seqWriteBytesPerSecond: metIops ? null : (usable(profile, 'seq-write')?.bytesPerSecond ?? null),
    randWriteIops: usable(profile, 'rand-write')?.iops ?? null,
    seqReadBytesPerSecond: usable(profile, 'seq-read')?.bytesPerSecond ?? null,
    randReadIops: usable(profile, 'rand-read')?.iops ?? null,
    qd1ReadIops: qd1 && qd1.latencyNs.mean > 0 ? 1e9 / qd1.latencyNs.mean : null,
    fsyncWriteIops: usable(profile, 'fsync-write')?.iops ?? null,
    ...(metIops ? { seqWriteMetIops: metIops } : {}),
  };
}

export function hasCeilings(c: Ceilings): boolean {
  return c.seqWriteBytesPerSecond !== null || c.randWriteIops !== null;
}

/**
 * Whether a 4 KiB random ceiling is an IOPS limit of its own, or the bandwidth limit restated
 * (see IOPS_PROBE_BANDWIDTH_BOUND); unknown without the sequential ceiling, taken as its own.
 */
export function iopsIsOwnLimit(iops: number | null, seqBytesPerSecond: number | null): boolean {
  if (iops === null) return false;
  if (seqBytesPerSecond === null) return true;
  return (iops * 4 * KiB) / seqBytesPerSecond < IOPS_PROBE_BANDWIDTH_BOUND;
}

export const NO_CEILINGS: Ceilings = {
  seqWriteBytesPerSecond: null,
  randWriteIops: null,
  seqReadBytesPerSecond: null,
  randReadIops: null,
  qd1ReadIops: null,
  fsyncWriteIops: null,
};

/**
 * The ceilings a phase judged on `deviceIndex` is held against: none when the probes say they measured
 * another device (a download into RUNNER_TEMP on another disk than the restore's). Recordings made
 * before the probes named their device keep them everywhere.
 */
export function ceilingsOnDevice(profile: Profile, ceilings: Ceilings, deviceIndex: number | null): Ceilings {
  const probed = profile.probes?.deviceName;
  if (!probed || deviceIndex === null) return ceilings;
  const device = profile.devices[deviceIndex];
  // Another file system, even one on a disk below the probed one, has ceilings of its own.
  return !device || device.name === probed ? ceilings : NO_CEILINGS;
}
