/**
 * A line per device when the restore paths span several: each device's disk load over extraction
 * and the writeback tail, held against the fio ceilings only where fio probed that device. The
 * restore's verdict is the primary's (the device that got most of the restore's bytes). Pure.
 */
import type { DeviceVerdict, Profile } from '../profile/schema.js';
import { bytes, mibPerSecond, percent } from '../util/format.js';
import { hasCeilings, type Ceilings } from './ceilings.js';
import { ceilingsForDevice } from './cgroup-io.js';
import { describeShare, diskLimit, diskLoad } from './disk-load.js';
import { stackOf } from './iops-count.js';
import { snapshotFacts } from './phase-facts.js';

export function perDeviceVerdicts(profile: Profile, ceilings: Ceilings): DeviceVerdict[] {
  const tops = profile.devices.flatMap((d, i) => (d.topFor?.includes('restore-path') ? [i] : []));
  const extract = profile.phases.find((p) => p.name === 'extract');
  if (tops.length < 2 || !extract) return [];
  const end = profile.phases.find((p) => p.name === 'writeback')?.end ?? extract.end;
  const inside = profile.samples.snapshots.filter((s) => s.tMs > extract.startMs && s.tMs < end.tMs);
  return tops.map((index) => {
    const device = profile.devices[index] as Profile['devices'][number];
    const facts = snapshotFacts(extract.start, end, index, inside);
    const onDevice = ceilingsForDevice(profile, ceilings, index);
    const load = diskLoad(facts, onDevice, device.name, stackOf(profile, index));
    const written = facts.disk?.writtenBytes ?? 0;
    const probed = hasCeilings(onDevice);
    const verdict: DeviceVerdict['verdict'] = probed ? (diskLimit(load) ?? 'none') : 'not-probed';
    const paths = device.restorePaths ?? [];
    const role = device.primary ? ` — the restore's device (${device.primaryBecause ?? 'its first path'})` : '';
    const rate = facts.disk ? `${bytes(written)} at ${mibPerSecond(facts.disk.writeKiBPerSecond * 1024)}` : 'no counters';
    const how =
      verdict === 'not-probed'
        ? `not probed (${hasCeilings(ceilings) ? `fio measured ${profile.probes?.deviceName ?? 'another device'}` : 'no fio ceilings'}), so no ceiling to hold it against; busy ${percent((facts.disk?.utilizationPercent ?? 0) / 100)} of the time`
        : load.top
          ? `${verdict === 'none' ? 'near no ceiling' : `${verdict}-bound`}: ${describeShare(load.top, 'it')}`
          : 'no ceiling reached';
    return {
      device: device.name,
      paths,
      writtenBytes: written,
      primary: device.primary,
      verdict,
      sentence: `${device.name} (${paths.join(', ') || 'restore path'}): wrote ${rate} over extraction and writeback, ${how}${role}`,
    };
  });
}
