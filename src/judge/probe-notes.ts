/**
 * What the probe table notes about the limit each probe met, from the device's counts over it
 * (probe-caps.ts) and, where the runner's cgroup I/O caps were read, the cap on the probed device its
 * counts reached: typed facts, which report/say/probe-notes.ts says. Null for probes without device
 * counts (older profiles, a file system without a block device of its own). Pure.
 */
import type { ProbeResult, Profile } from '../profile/schema.js';
import { capsOnDevice } from './cgroup-io.js';
import { type CapMet, capMetBy, probeCounted, seqWriteMetIops } from './probe-caps.js';
import type { ProbeCounted } from '../profile/probe-counted.js';

/**
 * Which limit a probe met, as its counts tell:
 * - seq-met-iops: the sequential-write probe met the IOPS limit, not a bandwidth one (probe-caps.ts seqWriteMetIops);
 * - cap-met: its counts reached one of the cgroup's write caps on the device;
 * - counted: neither: the counts alone.
 */
export const PROBE_NOTE_KINDS = ['seq-met-iops', 'cap-met', 'counted'] as const;
export type ProbeNoteKind = (typeof PROBE_NOTE_KINDS)[number];

/** A cgroup write cap a probe's counts reached, with its figure (IOPS or bytes/s). */
export interface CapFigure {
  cap: CapMet;
  figure: number;
}

/** The note's facts, by kind; `counted`: the probe as the device counted it. */
export type ProbeNote =
  /** `capMet`: the cap its counts reached, where one did; `byRandomProbe`: the random probe's rate was the evidence (else the cgroup's IOPS cap was). */
  | { kind: 'seq-met-iops'; counted: ProbeCounted; capMet: CapFigure | null; byRandomProbe: boolean }
  | { kind: 'cap-met'; counted: ProbeCounted; capMet: CapFigure }
  | { kind: 'counted'; counted: ProbeCounted };

export function probeNote(profile: Profile, p: ProbeResult): ProbeNote | null {
  const counted = probeCounted(p);
  if (!counted) return null;
  const index = profile.devices.findIndex((d) => d.name === counted.device);
  const cap = p.direction === 'write' ? capsOnDevice(profile, index >= 0 ? index : null) : null;
  const met = capMetBy(counted, cap);
  const capMet = met && cap ? { cap: met.cap, figure: (met.cap === 'writeIops' ? cap.writeIops : cap.writeBytesPerSecond) ?? 0 } : null;
  const seqMet = p.name === 'seq-write' ? seqWriteMetIops(profile, cap) : null;
  if (seqMet) return { kind: 'seq-met-iops', counted, capMet, byRandomProbe: seqMet.by === 'random-probe' };
  return capMet ? { kind: 'cap-met', counted, capMet } : { kind: 'counted', counted };
}
