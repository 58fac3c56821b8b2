/** From timed runs to medians, spread and savings against the baseline, and the best fix. Pure. */
import { FIX_MIN_SAVING_SHARE, type AlternativeName } from './alternatives.js';
import { applyFix, type ApplyContext } from './apply.js';
import { descriptorOf, schemaRank } from './descriptors.js';
import type { AlternativeOutcome, ExperimentsResult, RunRecord } from './types.js';
import { spread } from '../util/spread.js';

/** The figure compared with the baseline, as the alternative's descriptor says (see AlternativeOutcome.timeMs). */
function comparedMs(r: RunRecord): number {
  return descriptorOf(r.alternative).compares === 'step' ? r.stepMs : r.untilOnDiskMs;
}

export function outcomes(runs: readonly RunRecord[], apply: Omit<ApplyContext, 'mountPoint'>): AlternativeOutcome[] {
  const keys: { alternative: AlternativeName; mountPoint: string | null }[] = [];
  for (const r of runs) {
    if (!keys.some((k) => k.alternative === r.alternative && k.mountPoint === r.mountPoint))
      keys.push({ alternative: r.alternative, mountPoint: r.mountPoint });
  }
  keys.sort((a, b) => schemaRank(a.alternative) - schemaRank(b.alternative));
  const groups = keys.map((k) => ({ ...k, runs: runs.filter((r) => r.alternative === k.alternative && r.mountPoint === k.mountPoint) }));
  const baseline = spread(
    groups
      .find((g) => g.alternative === 'baseline')
      ?.runs.filter((r) => !r.error)
      .map(comparedMs) ?? [],
  );
  const out: AlternativeOutcome[] = [];
  for (const g of groups) {
    const ok = g.runs.filter((r) => !r.error);
    const timeMs = spread(ok.map(comparedMs));
    if (!timeMs) continue;
    const isBaseline = g.alternative === 'baseline';
    const savingMs = isBaseline || !baseline ? null : baseline.median - timeMs.median;
    out.push({
      alternative: g.alternative,
      mountPoint: g.mountPoint,
      timeMs,
      writebackLeftMs: descriptorOf(g.alternative).compares === 'step' ? spread(ok.map((r) => r.syncMs)) : null,
      cpuMs: spread(ok.map((r) => r.cpuMs)),
      savingMs,
      savingShare: savingMs === null || !baseline || baseline.median <= 0 ? null : savingMs / baseline.median,
      ...applyFix(g.alternative, { ...apply, mountPoint: g.mountPoint }),
      failedRuns: g.runs.length - ok.length,
    });
  }
  return out;
}

/**
 * The fix that saved the most, or 'none' when none saved FIX_MIN_SAVING_SHARE of the baseline. Only
 * what a workflow can apply: ram measured in /dev/shm (no step can mount a tmpfs there) is not one.
 */
export function fixBest(all: readonly AlternativeOutcome[]): ExperimentsResult['fixBest'] {
  const fixes = all.filter((o) => descriptorOf(o.alternative).isFix && o.fix?.kind !== 'none' && o.savingMs !== null && o.savingShare !== null);
  const best = fixes.sort((a, b) => (b.savingMs as number) - (a.savingMs as number))[0];
  if (!best || (best.savingShare as number) < FIX_MIN_SAVING_SHARE) return { alternative: 'none', mountPoint: null, savingMs: best?.savingMs ?? null };
  return { alternative: best.alternative, mountPoint: best.mountPoint, savingMs: best.savingMs };
}
