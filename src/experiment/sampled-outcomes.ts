/**
 * Outcomes measured on the two nested samples, extrapolated to the whole restore
 * (sample-extrapolate.ts): each alternative's time and its saving over the baseline, with the
 * saving's range. Pure.
 *
 * The baseline needs no extrapolation where the restore's own extraction and writeback tail were
 * timed: that restore is the baseline's full run (the same archive, tar and file system). So each
 * alternative's saving is the share of the baseline it saved on the samples, extrapolated, applied to
 * the restore's own time. Extrapolating the baseline too read it low on an IOPS-capped disk (the lab's
 * slow disk-iops restore: 62.6 s from the samples, 78.8 s by full runs), because a long extraction
 * writes its file system's metadata again and again as the journal commits and writeback passes,
 * which a few seconds' sample does once; the share an alternative saves is far steadier (ram's 99.8 %
 * on the samples, 99.9 % by full runs).
 */
import type { ApplyContext } from './apply.js';
import { outcomes } from './outcomes.js';
import { sameTarget } from './same-target.js';
import { extrapolate, extrapolatedSaving, type Extrapolated, type SampleSize } from './sample-extrapolate.js';
import type { AlternativeOutcome, RunRecord } from './types.js';

export interface SampledRuns {
  small: { size: SampleSize; runs: readonly RunRecord[] };
  large: { size: SampleSize; runs: readonly RunRecord[] };
}

/** Alternatives measured on both samples, extrapolated; one measured on only one sample has no line, so no outcome. */
export function sampledOutcomes(s: SampledRuns, apply: Omit<ApplyContext, 'mountPoint'>, restoreUntilOnDiskMs: number | null = null): AlternativeOutcome[] {
  const small = outcomes(s.small.runs, apply);
  const large = outcomes(s.large.runs, apply);
  const whole = large.flatMap((l) => {
    const sm = small.find((o) => sameTarget(o, l));
    if (!sm) return [];
    return [{ large: l, small: sm, ext: extrapolate({ size: s.small.size, timeMs: sm.timeMs }, { size: s.large.size, timeMs: l.timeMs }) }];
  });
  const base = whole.find((w) => w.large.alternative === 'baseline');
  const scaled = base && restoreUntilOnDiskMs !== null && restoreUntilOnDiskMs > 0 && base.ext.lowMs > 0;
  const restore = scaled ? restoreRange(restoreUntilOnDiskMs, base.large.timeMs) : null;
  return whole.map(({ large: l, small: sm, ext: extrapolated }) => {
    const isBase = l.alternative === 'baseline';
    const ext = base && restore ? (isBase ? restore : scaledTo(restore.ms, base.ext, extrapolated)) : extrapolated;
    const saving = base && !isBase ? extrapolatedSaving(restore ?? base.ext, ext) : null;
    const runs = l.timeMs.runs + sm.timeMs.runs;
    const baseMs = restore?.ms ?? base?.ext.ms ?? 0;
    return {
      ...l,
      timeMs: spreadOf(ext, runs),
      // What the samples left to write back and their CPU time are the samples' own, not the whole restore's: not extrapolated.
      writebackLeftMs: null,
      cpuMs: null,
      savingMs: saving ? saving.savingMs : null,
      savingShare: saving && baseMs > 0 ? saving.savingMs / baseMs : null,
      failedRuns: l.failedRuns + sm.failedRuns,
      sampled: {
        savingLowMs: saving ? saving.lowMs : 0,
        savingHighMs: saving ? saving.highMs : 0,
        largeSampleTimeMs: l.timeMs,
        smallSampleTimeMs: sm.timeMs,
        ...(restore ? { baselineFrom: 'restore' as const } : {}),
      },
    };
  });
}

/** An extrapolated time as the outcome's spread of that many runs. */
export function spreadOf(ext: Extrapolated, runs: number): AlternativeOutcome['timeMs'] {
  return { median: ext.ms, min: ext.lowMs, max: ext.highMs, runs, spreadPercent: ext.ms > 0 ? ((ext.highMs - ext.lowMs) / ext.ms) * 100 : 0 };
}

/**
 * The restore's own time as the baseline, with the range one restore differs from the next: the one
 * restore is a single run, and the full runs the lab compares with came out 2-4 s (3-5 %) above it on the
 * slow disk restores (BENCHMARKS.md, sampled fixes). The large sample's baseline runs, extractions of the
 * same members on the same file system minutes apart, show that spread: their (max - min) / median, both
 * ways around the restore's time. One run (a tight budget) shows none: the range is then the samples' alone.
 */
export function restoreRange(restoreMs: number, largeBaseline: AlternativeOutcome['timeMs']): Extrapolated {
  const share = largeBaseline.median > 0 ? (largeBaseline.max - largeBaseline.min) / largeBaseline.median : 0;
  return { ms: restoreMs, lowMs: restoreMs * (1 - share), highMs: restoreMs * (1 + share) };
}

/**
 * An alternative's extrapolated time as its share of the extrapolated baseline, times the restore's own
 * time; its range from the far ends of both.
 */
function scaledTo(restoreMs: number, base: Extrapolated, alt: Extrapolated): Extrapolated {
  return {
    ms: restoreMs * (alt.ms / base.ms),
    lowMs: restoreMs * Math.min(alt.lowMs / base.highMs, alt.ms / base.ms),
    highMs: restoreMs * Math.max(alt.highMs / base.lowMs, alt.ms / base.ms),
  };
}
