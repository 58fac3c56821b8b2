/**
 * Which limit each fio probe met, from what the probed device counted over it (ProbeResult.deviceCounts):
 * a 1 MiB sequential write is a bandwidth ceiling only if it reached the device as large requests. On a
 * device whose cap counts bios and whose queue splits large writes (max_sectors_kb), fio's sequential
 * writes arrive as small bios at the same rate as the random probe's, and their bytes/s are the IOPS
 * limit times the bio size: a bandwidth figure in name only. Where the runner's cgroup caps were read,
 * each probe is matched with the cap its own counts reached. Profiles without device counts get null
 * everywhere and are judged as before. Pure.
 */
import type { CgroupIoLimit, ProbeResult, Profile } from '../profile/schema.js';
import type { ProbeCounted, SeqMetIops } from '../profile/probe-counted.js';
import { NEAR_CEILING_SHARE, PROBE_SAME_RATE_TOLERANCE, PROBE_SPLIT_SHARE } from './thresholds.js';

export function probeCounted(p: ProbeResult | undefined): ProbeCounted | null {
  const c = p?.deviceCounts;
  if (!p || !c || p.error || !(p.bytesPerSecond > 0) || c.requests <= 0 || c.sectors <= 0) return null;
  const bios = c.requests + c.merges;
  const bytes = c.sectors * 512;
  const bioBytes = bytes / bios;
  const requestBytes = bytes / c.requests;
  return {
    name: p.name,
    device: c.device,
    blockSizeBytes: p.blockSizeBytes,
    biosPerSecond: p.bytesPerSecond / bioBytes,
    requestsPerSecond: p.bytesPerSecond / requestBytes,
    bioBytes,
    requestBytes,
    merges: c.merges,
    bytesPerSecond: p.bytesPerSecond,
    biosPerFioIo: p.blockSizeBytes / bioBytes,
  };
}

const rateClose = (a: number, b: number) => b > 0 && Math.abs(a / b - 1) <= PROBE_SAME_RATE_TOLERANCE;

/**
 * The sequential-write probe's writes reached the device split into small bios (at most
 * PROBE_SPLIT_SHARE of fio's block), and either at a bio or request rate within
 * PROBE_SAME_RATE_TOLERANCE of the random probe's (no larger than its bios): both ran into the same
 * limit on requests; or, with `cap` (the cgroup's caps on the probed device), at the IOPS cap rather
 * than the bandwidth cap (capMetBy).
 */
export function seqWriteMetIops(profile: Profile, cap: CgroupIoLimit | null = null): SeqMetIops | null {
  const probes = profile.probes?.probes ?? [];
  const seqProbe = probes.find((p) => p.name === 'seq-write');
  const seq = probeCounted(seqProbe);
  if (!seqProbe || !seq || seq.bioBytes > PROBE_SPLIT_SHARE * seq.blockSizeBytes) return null;
  const rand = probeCounted(probes.find((p) => p.name === 'rand-write'));
  if (rand && rand.device === seq.device && seq.bioBytes <= rand.bioBytes * (1 + PROBE_SAME_RATE_TOLERANCE)) {
    const count = rateClose(seq.biosPerSecond, rand.biosPerSecond) ? 'bios' : rateClose(seq.requestsPerSecond, rand.requestsPerSecond) ? 'requests' : null;
    if (count) return { seq, seqBytesPerSecond: seqProbe.bytesPerSecond, by: 'random-probe', rand, count };
  }
  const met = capMetBy(seq, cap);
  if (met?.cap === 'writeIops' && cap?.writeIops) return { seq, seqBytesPerSecond: seqProbe.bytesPerSecond, by: 'iops-cap', capIops: cap.writeIops };
  return null;
}

export const CAPS_MET = ['writeIops', 'writeBytesPerSecond'] as const;
export type CapMet = (typeof CAPS_MET)[number];

/** Which of the device's cgroup write caps a write probe's own counts reached; null where neither (or no counts). */
export function capMetBy(counted: ProbeCounted | null, cap: CgroupIoLimit | null): { cap: CapMet; share: number } | null {
  if (!counted || !cap) return null;
  const shares: { cap: CapMet; share: number }[] = [];
  if (cap.writeIops) shares.push({ cap: 'writeIops', share: counted.biosPerSecond / cap.writeIops });
  if (cap.writeBytesPerSecond) shares.push({ cap: 'writeBytesPerSecond', share: counted.bytesPerSecond / cap.writeBytesPerSecond });
  const top = shares.filter((s) => s.share >= NEAR_CEILING_SHARE).sort((a, b) => b.share - a.share)[0];
  return top ?? null;
}
