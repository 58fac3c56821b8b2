/**
 * Outcomes measured on the two nested samples, extrapolated to the whole restore
 * (sample-extrapolate.ts): each alternative's time and its saving over the baseline, with the
 * saving's range. Pure.
 */
import type { ApplyContext } from './apply.js';
import { outcomes } from './outcomes.js';
import { extrapolate, extrapolatedSaving, type SampleSize } from './sample-extrapolate.js';
import type { AlternativeOutcome, RunRecord } from './types.js';

export interface SampledRuns {
  small: { size: SampleSize; runs: readonly RunRecord[] };
  large: { size: SampleSize; runs: readonly RunRecord[] };
}

const same = (a: AlternativeOutcome, b: AlternativeOutcome) => a.alternative === b.alternative && a.mountPoint === b.mountPoint;

/** Alternatives measured on both samples, extrapolated; one measured on only one sample has no line, so no outcome. */
export function sampledOutcomes(s: SampledRuns, apply: Omit<ApplyContext, 'mountPoint'>): AlternativeOutcome[] {
  const small = outcomes(s.small.runs, apply);
  const large = outcomes(s.large.runs, apply);
  const whole = large.flatMap((l) => {
    const sm = small.find((o) => same(o, l));
    if (!sm) return [];
    return [{ large: l, small: sm, ext: extrapolate({ size: s.small.size, timeMs: sm.timeMs }, { size: s.large.size, timeMs: l.timeMs }) }];
  });
  const base = whole.find((w) => w.large.alternative === 'baseline');
  return whole.map(({ large: l, small: sm, ext }) => {
    const saving = base && l.alternative !== 'baseline' ? extrapolatedSaving(base.ext, ext) : null;
    const runs = l.timeMs.runs + sm.timeMs.runs;
    return {
      ...l,
      timeMs: { median: ext.ms, min: ext.lowMs, max: ext.highMs, runs, spreadPercent: ext.ms > 0 ? ((ext.highMs - ext.lowMs) / ext.ms) * 100 : 0 },
      // What the samples left to write back and their CPU time are the samples' own, not the whole restore's: not extrapolated.
      writebackLeftMs: null,
      cpuMs: null,
      savingMs: saving ? saving.savingMs : null,
      savingShare: saving && base && base.ext.ms > 0 ? saving.savingMs / base.ext.ms : null,
      failedRuns: l.failedRuns + sm.failedRuns,
      sampled: {
        savingLowMs: saving ? saving.lowMs : 0,
        savingHighMs: saving ? saving.highMs : 0,
        largeSampleTimeMs: l.timeMs,
        smallSampleTimeMs: sm.timeMs,
      },
    };
  });
}
