/**
 * A line per device when the restore paths span several: each device's disk load over extraction
 * and the writeback tail, held against the fio ceilings only where fio probed that device. The
 * restore's verdict is the primary's (the device that got most of the restore's bytes). Typed facts
 * only: report/say/device.ts says each line. Pure.
 */
import type { DeviceVerdict, Profile } from '../profile/schema.js';
import { hasCeilings, type Ceilings } from './ceilings.js';
import { ceilingsForDevice } from './cgroup-io.js';
import { diskLimit, diskLoad } from './disk-load.js';
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
    const load = diskLoad(facts, onDevice, stackOf(profile, index));
    const written = facts.disk?.writtenBytes ?? 0;
    const probed = hasCeilings(onDevice);
    const verdict: DeviceVerdict['verdict'] = probed ? (diskLimit(load) ?? 'none') : 'not-probed';
    const paths = device.restorePaths ?? [];
    return {
      device: device.name,
      paths,
      writtenBytes: written,
      primary: device.primary,
      verdict,
      facts: {
        writeBytesPerSecond: facts.disk ? facts.disk.writeKiBPerSecond * 1024 : null,
        utilizationShare: (facts.disk?.utilizationPercent ?? 0) / 100,
        top: load.top,
        ceilingsElsewhere: hasCeilings(ceilings),
        probedDevice: profile.probes?.deviceName ?? null,
        primaryBecause: device.primary ? (device.primaryBecause ?? null) : null,
      },
    };
  });
}
