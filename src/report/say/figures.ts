/**
 * The figure phrases the phase sentences and the evidence share: a rate against a ceiling, a
 * process's cores, cores as bounds, a count of requests. One wording each, said from the judge's
 * typed figures. Pure.
 */
import type { DiskDirection, DiskResource, DiskShare } from '../../profile/schema.js';
import type { CoresBounds, ProcessCores } from '../../profile/phase-decision.js';
import { ABOVE_CEILING_SHARE } from '../../judge/thresholds.js';
import { formatNumber, iops, mibPerSecond, percent, seconds } from '../../util/format.js';
import { sayCeilingFrom } from './ceilings.js';

/** A ceiling by the fio job that measured it. */
export const CEILING_KIND: Record<DiskResource, Record<DiskDirection, string>> = {
  'disk-bandwidth': { write: 'sequential-write', read: 'sequential-read' },
  'disk-iops': { write: 'random-write', read: 'random-read' },
};

/**
 * "extraction wrote at 95 MiB/s, 99% of the 96 MiB/s sequential-write ceiling". `requestKiB`, when
 * given, is said with an IOPS share: how large the requests the ceiling counted were. A share above
 * ABOVE_CEILING_SHARE is never said as if the phase sat at the ceiling.
 */
export function describeShare(s: DiskShare, what: string, requestKiB?: number): string {
  const size = requestKiB === undefined || s.count === 'before-merge' ? '' : ` of ${formatNumber(requestKiB)} KiB`;
  const above =
    s.share > ABOVE_CEILING_SHARE
      ? s.from?.cap
        ? ', above the cap (a throttle lets bursts through at first)'
        : ', above what fio measured (the ceiling moved or the probe understated it)'
      : '';
  const ceiling = (unit: string) => sayCeilingFrom(s.from) ?? `the ${unit} ${CEILING_KIND[s.resource][s.direction]} ceiling`;
  const requests =
    s.count === 'before-merge'
      ? `issued ${formatNumber(s.rate)} write bios/s (completed + merged: what a cap on bios counts)`
      : `completed ${formatNumber(s.rate)} ${s.direction === 'write' ? 'writes' : 'reads'}/s${size}`;
  return s.resource === 'disk-bandwidth'
    ? `${what} ${s.direction === 'write' ? 'wrote' : 'read'} at ${mibPerSecond(s.rate)}, ${percent(s.share)} of ${ceiling(mibPerSecond(s.ceiling))}${above}`
    : `${what} ${requests}, ${percent(s.share)} of ${ceiling(iops(s.ceiling))}${above}`;
}

/** "0.82–0.99 of a core (0.93 over the 0.4 s it was sampled)", or one figure where the bounds meet. */
export function describeBusiest(p: ProcessCores): string {
  const atMost = p.coresAtMost;
  const range = atMost !== null && atMost - p.cores >= 0.01 ? `${formatNumber(p.cores)}–${formatNumber(atMost)}` : formatNumber(p.cores);
  const seen =
    p.coresWhileSeen !== null && range !== formatNumber(p.cores)
      ? ` (${formatNumber(p.coresWhileSeen)} over the ${seconds(p.seenMs ?? 0)} it was sampled)`
      : '';
  return `${range} of a core${seen}`;
}

/** "0.15–0.19 of a core", or one figure when exact. */
export function describeCores(b: CoresBounds): string {
  return b.atMost - b.atLeast >= 0.01 ? `${formatNumber(b.atLeast)}–${formatNumber(b.atMost)} of a core` : `${formatNumber(b.atLeast)} of a core`;
}

/**
 * A count of requests or bios per second, whole and grouped: "12,345", as toLocaleString('en-US') groups
 * it. Grouped by hand where that is plain digits: the first toLocaleString of a process sets up ICU's
 * number formatting, ~5-10 ms of every report's rendering; the rest (-0, huge, not finite) is left to it.
 */
export function wholeCount(x: number): string {
  const n = Math.round(x);
  if (!Number.isFinite(n) || Object.is(n, -0) || Math.abs(n) >= 1e21) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
