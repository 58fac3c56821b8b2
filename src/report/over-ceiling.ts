/**
 * No figure over 100% of a ceiling without its reason beside it. The judge's evidence says "166% of
 * the 598 IOPS random-write ceiling"; read alone that looks impossible. The reasons it can happen, in
 * a CI engineer's words, chosen from what the profile holds. Pure.
 */
import type { Evidence } from '../profile/schema.js';
import { SUSTAINED_RATE_MS } from '../judge/thresholds.js';
import { seconds } from '../util/format.js';

const CEILING_SHARE = /(bandwidth|iops)-share$/;

/** The reason an evidence item's share exceeds 100%, or null when it does not (or is no ceiling share). */
export function overCeilingReason(e: Pick<Evidence, 'id' | 'value' | 'unit'>, phaseMs: number | undefined): string | null {
  if (e.value === null || e.unit !== 'share' || e.value <= 1) return null;
  if (e.id === 'dirty-peak-share')
    return 'over 100% because Dirty counts every writer on the machine and the kernel lets it pass the limit briefly before pausing writers';
  // The judge's own ceiling-moved item is the reason, in words.
  if (!CEILING_SHARE.test(e.id) || e.id === 'ceiling-moved') return null;
  if (phaseMs !== undefined && phaseMs < SUSTAINED_RATE_MS)
    return `over 100% because a phase this short (${seconds(phaseMs)}) ran in a burst: throttles release I/O in slices, so a moment can exceed the cap`;
  return 'over 100% because the ceiling moved: the disk sustained more than fio measured after the restore (a probe on a shared machine reads low, a burst-credit volume changes its cap); the what-ifs use the rate it sustained';
}
