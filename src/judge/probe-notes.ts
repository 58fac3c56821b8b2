/**
 * What the probe table says about the limit each probe met, from the device's counts over it
 * (probe-caps.ts) and, where the runner's cgroup I/O caps were read, the cap on the probed device its
 * counts reached. Empty for probes without device counts (older profiles, a file system without a
 * block device of its own). Pure.
 */
import type { ProbeResult, Profile } from '../profile/schema.js';
import { formatNumber } from '../util/format.js';
import { KiB } from '../util/units.js';
import { capsOnDevice } from './cgroup-io.js';
import { capMetBy, capMetText, probeCounted, seqWriteMetIops } from './probe-caps.js';

export function probeCapNote(profile: Profile, p: ProbeResult): string {
  const counted = probeCounted(p);
  if (!counted) return '';
  const index = profile.devices.findIndex((d) => d.name === counted.device);
  const cap = p.direction === 'write' ? capsOnDevice(profile, index >= 0 ? index : null) : null;
  const met = capMetBy(counted, cap);
  const merged = counted.merges > 0 ? `, merged into ${formatNumber(counted.requestBytes / KiB)} KiB requests` : '';
  const arrived = `${counted.device} counted ${formatNumber(counted.bioBytes / KiB)} KiB bios${counted.biosPerFioIo >= 2 ? ` (${formatNumber(counted.biosPerFioIo)} per fio IO)` : ''} at ${formatNumber(counted.biosPerSecond)}/s${merged}`;
  const seqMet = p.name === 'seq-write' ? seqWriteMetIops(profile, cap) : null;
  if (seqMet) {
    const capSaid = met && cap ? `: the cgroup's ${capMetText(met.cap, cap)}` : '';
    return `met the IOPS limit${capSaid}, not a bandwidth one (${arrived}${seqMet.rand ? ", the random probe's rate" : ''})`;
  }
  if (met && cap) return `met the cgroup's ${capMetText(met.cap, cap)} (${arrived})`;
  return arrived;
}
