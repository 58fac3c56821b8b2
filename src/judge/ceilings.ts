/** The fio ceilings of the restore path's filesystem, read from the profile's probe results. Pure. */
import type { ProbeName, ProbeResult, Profile } from '../profile/schema.js';

export interface Ceilings {
  seqWriteBytesPerSecond: number | null;
  randWriteIops: number | null;
  seqReadBytesPerSecond: number | null;
  randReadIops: number | null;
}

function usable(profile: Profile, name: ProbeName): ProbeResult | null {
  const p = profile.probes?.probes.find((x) => x.name === name);
  // A probe that errored or measured nothing is no ceiling: comparing with 0 would call any disk saturated.
  return p && !p.error && p.bytesPerSecond > 0 && p.iops > 0 ? p : null;
}

export function ceilingsOf(profile: Profile): Ceilings {
  return {
    seqWriteBytesPerSecond: usable(profile, 'seq-write')?.bytesPerSecond ?? null,
    randWriteIops: usable(profile, 'rand-write')?.iops ?? null,
    seqReadBytesPerSecond: usable(profile, 'seq-read')?.bytesPerSecond ?? null,
    randReadIops: usable(profile, 'rand-read')?.iops ?? null,
  };
}

export function hasCeilings(c: Ceilings): boolean {
  return c.seqWriteBytesPerSecond !== null || c.randWriteIops !== null;
}
