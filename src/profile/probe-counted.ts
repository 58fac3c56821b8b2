/**
 * A fio probe as the probed device counted it, and the sequential-write probe that met a limit on
 * requests (judge/probe-caps.ts works them out): stored in a phase's evidence (phase-decision.ts
 * EvidenceFacts seq-probe-met-iops) and said by report/say/ceilings.ts. Types only.
 */
import type { ProbeName } from './names.js';

/**
 * One probe as the device counted it. Sizes are the device's (bytes over bios, over requests); rates
 * are fio's bytes/s over its measured period divided by those sizes: the device's counts span the
 * whole fio process (start-up, ramp, drain), which dilutes a rate (a 2 s probe in a 4 s process read
 * 66 % of its cap that way) but not a size.
 */
export interface ProbeCounted {
  name: ProbeName;
  device: string;
  blockSizeBytes: number;
  /** Bios that reached the queue (requests + merges) per second: what a cgroup I/O cap counts. */
  biosPerSecond: number;
  /** Requests the device completed per second (after merging). */
  requestsPerSecond: number;
  bioBytes: number;
  requestBytes: number;
  merges: number;
  /** fio's. */
  bytesPerSecond: number;
  /** Device bios per IO fio issued (for direct IO, fio's IOs are its bios): above 1 where the block layer split them. */
  biosPerFioIo: number;
}

/**
 * The sequential-write probe met a limit on requests: its figures and the evidence, as counted
 * (report/say/ceilings.ts says it). The evidence is the random probe's rate, in bios or requests per
 * second, or the cgroup's write IOPS cap.
 */
export type SeqMetIops = {
  seq: ProbeCounted;
  /** fio's sequential figure, which is this IOPS limit in bytes, not a bandwidth ceiling. */
  seqBytesPerSecond: number;
} & ({ by: 'random-probe'; rand: ProbeCounted; count: 'bios' | 'requests' } | { by: 'iops-cap'; capIops: number });
