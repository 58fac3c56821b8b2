/**
 * The runner's cgroup I/O caps (v2 io.max, v1 blkio.throttle.*) as ceilings the judge may use: a cap
 * the kernel enforces on the restore's device is a ceiling known without fio, so where fio did not
 * run (no fio, `probes: none`, O_DIRECT refused) the disk can still be held against it, and where
 * both exist the lower binds. A cap is matched on the judged device's "major:minor" (already the
 * whole disk under a partition, and the disk under an overlay's upper layer, as the devices module
 * resolves them) and, for a bio-based device (dm, md), on the devices below it: their bios carry the
 * submitting task's cgroup. A cap counts bios before the queue merges them (blk-throttle sits above
 * the request queue), so an IOPS ceiling from a cap is held against bios/s. Every ceiling taken from
 * a cap says so: its `from` holds the cap's typed facts, which report/say/ceilings.ts says ("the
 * cgroup's blkio cap of 40 MiB/s"), never fio. Pure.
 */
import type { CeilingFromFacts, CgroupCapFile, CgroupIoLimit, Profile } from '../profile/schema.js';
import { ceilingsOnDevice, type Ceilings, type CeilingKind } from './ceilings.js';
import { seqWriteMetIops } from './probe-caps.js';

/** The tightest cap of each kind on the device at `deviceIndex` or a device its bios reach below; null without one. */
export function capsOnDevice(profile: Profile, deviceIndex: number | null): CgroupIoLimit | null {
  const limits = profile.context.cgroup?.ioLimits ?? [];
  const device = deviceIndex === null ? undefined : profile.devices[deviceIndex];
  if (!device || limits.length === 0) return null;
  const bioBased = device.kind === 'dm' || device.kind === 'md';
  const below = bioBased ? (device.below ?? []).flatMap((n) => profile.devices.find((d) => d.name === n)?.devNumber ?? []) : [];
  const numbers = new Set([device.devNumber, ...below]);
  const matching = limits.filter((l) => numbers.has(l.device));
  if (matching.length === 0) return null;
  const min = (f: keyof Omit<CgroupIoLimit, 'device'>) => {
    const values = matching.flatMap((l) => (l[f] !== undefined && l[f] > 0 ? [l[f]] : []));
    return values.length > 0 ? Math.min(...values) : undefined;
  };
  const out: CgroupIoLimit = { device: device.devNumber };
  for (const f of ['writeBytesPerSecond', 'writeIops', 'readBytesPerSecond', 'readIops'] as const) {
    const v = min(f);
    if (v !== undefined) out[f] = v;
  }
  return Object.keys(out).length > 1 ? out : null;
}

/** Whether the reader read the cgroup's I/O caps (its group and visible parents): no "I/O caps" among what it could not read. */
function capsRead(profile: Profile): boolean {
  const g = profile.context.cgroup;
  return g !== undefined && g !== null && !(g.notRead ?? []).some((n) => n.startsWith('I/O caps'));
}

const CAP_FIELD: Record<CeilingKind, keyof Omit<CgroupIoLimit, 'device'>> = {
  seqWriteBytesPerSecond: 'writeBytesPerSecond',
  randWriteIops: 'writeIops',
  seqReadBytesPerSecond: 'readBytesPerSecond',
  randReadIops: 'readIops',
};

/** The cgroup file the caps were read from: io.max (v2) or blkio (v1). */
const capFileOf = (profile: Profile): CgroupCapFile => (profile.context.cgroup?.version === 2 ? 'io.max' : 'blkio');

/** The ceilings a device's work is held against: fio's where fio probed it, with its cgroup caps folded in. */
export function ceilingsForDevice(profile: Profile, ceilings: Ceilings, deviceIndex: number | null): Ceilings {
  return withCgroupCaps(profile, ceilingsOnDevice(profile, ceilings, deviceIndex), deviceIndex);
}

/**
 * The ceilings with the device's caps folded in: each kind is the lower of fio's figure and the cap,
 * and `from` says where a cap set it (and what fio measured, when fio measured more). A kind only fio
 * set stays unlabelled, as before.
 */
export function withCgroupCaps(profile: Profile, ceilings: Ceilings, deviceIndex: number | null): Ceilings {
  const cap = capsOnDevice(profile, deviceIndex);
  if (!cap) return capsRead(profile) && deviceIndex !== null ? { ...ceilings, noCgroupIoCap: true } : ceilings;
  const out: Ceilings = { ...ceilings, from: { ...ceilings.from } };
  // The caps can tell what the probes alone could not: the sequential probe's bios at the IOPS cap.
  const probedHere = deviceIndex !== null && profile.devices[deviceIndex]?.name === profile.probes?.deviceName;
  const byCap = !probedHere || ceilings.seqWriteMetIops || ceilings.seqWriteBytesPerSecond === null ? null : seqWriteMetIops(profile, cap);
  if (byCap) {
    out.seqWriteMetIops = byCap;
    out.seqWriteBytesPerSecond = null;
  }
  const capFile = capFileOf(profile);
  const set = (kind: CeilingKind, facts: CeilingFromFacts) => {
    out.from = { ...out.from, [kind]: { cap: facts.kind !== 'fio-below-cap', facts } };
  };
  for (const kind of Object.keys(CAP_FIELD) as CeilingKind[]) {
    const value = cap[CAP_FIELD[kind]];
    if (value === undefined) continue;
    const probed = out[kind];
    if (kind === 'randWriteIops') out.writeBiosCap = value;
    const capped = { ceiling: kind, capFile, device: cap.device, capValue: value };
    const metIops = kind === 'seqWriteBytesPerSecond' ? out.seqWriteMetIops : undefined;
    if (metIops) {
      // fio's sequential figure met the IOPS limit: the bandwidth ceiling is the cap, said with why.
      out[kind] = value;
      set(kind, { ...capped, kind: 'cap-seq-met-iops', iopsCap: cap.writeIops ?? null, seqBytesPerSecond: metIops.seqBytesPerSecond });
      continue;
    }
    if (probed !== null && probed <= value) {
      set(kind, { ...capped, kind: 'fio-below-cap', probed });
      continue;
    }
    out[kind] = value;
    set(kind, { ...capped, kind: 'cap', probed });
    if (kind === 'randWriteIops') out.randWriteCountsBios = true;
  }
  return out;
}
