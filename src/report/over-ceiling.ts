/**
 * No figure over 100% of a ceiling without its reason beside it. The judge's evidence says "166% of
 * the 598 IOPS random-write ceiling"; read alone that looks impossible. The reasons it can happen, in
 * a CI engineer's words, chosen from what the profile holds: which phase the figure is of (its length)
 * and what set the ceiling (fio's probe, or a cgroup's cap that no probe measured). Pure.
 */
import type { Evidence } from '../profile/schema.js';
import { SUSTAINED_RATE_MS } from '../judge/thresholds.js';
import { seconds } from '../util/format.js';

const CEILING_SHARE = /(bandwidth|iops)-share$/;

/** What set the ceiling a share is of: fio's probe, or a cgroup's I/O cap (cgroup-io.ts). */
export type CeilingOrigin = 'probe' | 'cap';

/** The reason an evidence item's share exceeds 100%, or null when it does not (or is no ceiling share). */
export function overCeilingReason(e: Pick<Evidence, 'id' | 'value' | 'unit'>, phaseMs: number | undefined, origin: CeilingOrigin = 'probe'): string | null {
  if (e.value === null || e.unit !== 'share' || e.value <= 1) return null;
  if (e.id === 'dirty-peak-share')
    return 'over 100% because Dirty counts every writer on the machine and the kernel lets it pass the limit briefly before pausing writers';
  // The judge's own ceiling-moved item is the reason, in words.
  if (!CEILING_SHARE.test(e.id) || e.id === 'ceiling-moved') return null;
  if (phaseMs !== undefined && phaseMs < SUSTAINED_RATE_MS)
    return `over 100% because a phase this short (${seconds(phaseMs)}) ran in a burst: throttles release I/O in slices, so a moment can exceed the cap`;
  if (origin === 'cap')
    return "over 100% because the cgroup's throttle lets I/O through in slices and the disk counts writes as they complete, so the rate over a phase can pass the cap by a slice or two; the cap is the runner's setting, not a fio measurement";
  return 'over 100% because the ceiling moved: the disk sustained more than fio measured after the restore (a probe on a shared machine reads low, a burst-credit volume changes its cap); the what-ifs use the rate it sustained';
}
