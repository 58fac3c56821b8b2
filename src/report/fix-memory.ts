/**
 * Remembered fixes in words (issue 40): which run measured the fixes a run shows, and why
 * experiments: auto reused them or measured again (judge/auto-rules.ts fixMemory decides; this says). Pure.
 */
import { FIX_MAX_AGE_MS, FIX_SHAPE_BAND, FIX_TIME_FACTOR, type ExperimentDecision } from '../judge/auto-rules.js';
import type { FixesMeasuredOn, FixMemory } from '../profile/schema.js';
import { sayExperimentsDecision } from './say/auto.js';
import { bytes, formatNumber, percent, seconds, utcMinute } from '../util/format.js';

const days = (ms: number): string => `${(ms / 86_400_000).toFixed(ms < 86_400_000 ? 1 : 0)} days`;

/** "on run 4711 (2026-11-20 10:00 UTC)": where the box's figures were measured. */
export function measuredOnWords(on: FixesMeasuredOn): string {
  return `on run ${on.runId}${on.runAttempt !== '1' ? ` (attempt ${on.runAttempt})` : ''} (${utcMinute(on.measuredAt)} UTC)`;
}

/** Why the fixes were reused or measured again, as a clause. */
export function fixMemoryWords(m: FixMemory): string {
  const run = m.remembered ? `run ${m.remembered.runId}` : 'no run';
  const c = m.compared;
  const num = (v: number | string | undefined): number => (typeof v === 'number' ? v : Number.NaN);
  switch (m.reason) {
    case 'fresh':
      return `the same hardware, a cache within ${percent(FIX_SHAPE_BAND)} of its size and file count, the same verdict and a time until on disk within ${FIX_TIME_FACTOR}× of its; measured again after ${days(FIX_MAX_AGE_MS)} or when one of these changes`;
    case 'none-remembered':
      return `no measured fix is remembered for this hardware and cache (${m.missing ?? 'none found'})`;
    case 'stale':
      return `the fixes of ${run} are ${Number.isFinite(num(c?.measured)) ? days(num(c?.now) - num(c?.measured)) : 'of unknown age'} old, over ${days(num(c?.limit))}`;
    case 'hardware-changed':
      return `the fixes remembered for this cache were measured by ${run} on other hardware (fingerprint ${c?.measured}, this run ${c?.now})`;
    case 'size-changed':
      return `the archive is ${bytes(num(c?.now))}, more than ${percent(num(c?.limit))} from the ${bytes(num(c?.measured))} ${run} measured the fixes with`;
    case 'files-changed':
      return `the cache holds ${formatNumber(num(c?.now))} files, more than ${percent(num(c?.limit))} from the ${formatNumber(num(c?.measured))} ${run} measured the fixes with`;
    case 'verdict-changed':
      return `the verdict names ${c?.now}, where ${run} measured the fixes for ${c?.measured}`;
    case 'time-outside':
      return `the restore took ${seconds(num(c?.now))} until on disk, outside ${num(c?.limit)}× of the ${seconds(num(c?.measured))} ${run} measured the fixes at`;
    case 'not-measured':
      return `${run} did not measure ${c?.now} (it measured ${c?.measured})`;
  }
}

/** experiments: auto's reason with its memory: reused (and from which run), or measured again and why. */
export function autoExperimentsReason(d: ExperimentDecision): string {
  const chose = sayExperimentsDecision(d.why);
  if (!d.memory) return chose;
  if (d.memory.reason === 'fresh')
    return `experiments: auto reused the fixes measured ${d.memory.remembered ? measuredOnWords(d.memory.remembered) : 'by an earlier run'}: ${fixMemoryWords(d.memory)}`;
  return `${chose}; measured because ${fixMemoryWords(d.memory)}`;
}
