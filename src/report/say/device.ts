/**
 * A restore device's line, where the restore paths span several (judge/per-device.ts gives its
 * figures): what it wrote, at what rate, against which ceiling, and whether it is the restore's. Pure.
 */
import type { DeviceVerdict } from '../../profile/schema.js';
import { describeShare } from './figures.js';
import { bytes, mibPerSecond, percent } from '../../util/format.js';

/** The device's line; a recording made before the facts existed keeps the line it recorded. */
export function sayDevice(d: DeviceVerdict): string {
  const f = d.facts;
  if (!f) return d.sentence ?? '';
  const role = d.primary ? ` — the restore's device (${f.primaryBecause ?? 'its first path'})` : '';
  const rate = f.writeBytesPerSecond !== null ? `${bytes(d.writtenBytes)} at ${mibPerSecond(f.writeBytesPerSecond)}` : 'no counters';
  // The share's words are the evidence's (figures.ts describeShare).
  const how =
    d.verdict === 'not-probed'
      ? `not probed (${f.ceilingsElsewhere ? `fio measured ${f.probedDevice ?? 'another device'}` : 'no fio ceilings'}), so no ceiling to hold it against; busy ${percent(f.utilizationShare)} of the time`
      : f.top
        ? `${d.verdict === 'none' ? 'near no ceiling' : `${d.verdict}-bound`}: ${describeShare(f.top, 'it')}`
        : 'no ceiling reached';
  return `${d.device} (${d.paths.join(', ') || 'restore path'}): wrote ${rate} over extraction and writeback, ${how}${role}`;
}
