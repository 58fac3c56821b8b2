/**
 * Stage 9: the experiments, after the tail and the probes (nothing of the profile's own measurement
 * runs beside them), under the machine's 'experiments' phase; then what they add to the profile.
 */
import { experimentsAfterProfile, skippedExperiments, type ExperimentsConfig } from '../../experiment/from-profile.js';
import { pageCachePredictionOf } from '../../experiment/page-cache-prediction.js';
import type { ExperimentsResult } from '../../experiment/types.js';
import type { MachineSession } from '../../machine/session.js';
import type { Bottleneck, PhaseRecord, Profile } from '../../profile/schema.js';
import type { TimedRestore } from '../../restore/timed-restore.js';
import { monotonicMs } from '../../util/clock.js';
import { rememberedExperiments, type RememberedFixes } from '../../remember/fixes.js';
import { type ExperimentPlan, withCeilingsSource } from '../always-on.js';
import type { PipelineHooks, Warn } from './hooks.js';
import type { Placement } from './placement.js';

export interface ExperimentsRun {
  experiments: ExperimentsResult | null;
  /** On the profile's clock, as the probes' start. */
  startMs: number;
}

type ExperimentStageHooks = Pick<
  PipelineHooks,
  'log' | 'signal' | 'onExperimentDirectory' | 'onExperimentDirtySettings' | 'experimentOtherDisks' | 'experimentFullRunRounds'
>;

export async function runExperimentStage(
  config: ExperimentsConfig,
  run: {
    plan: ExperimentPlan | null;
    canRun: boolean;
    restore: { timed: TimedRestore; phases: readonly PhaseRecord[] };
    placement: Placement;
    originMs: number;
    /** The fixes remembered for this hardware and cache: shown instead of measured when the plan says they stand. */
    fixes?: RememberedFixes | null;
    /** The restore's verdict: a CPU-bound restore's samples are made from the restored tree (run-experiments.ts samplesFromTree). */
    bottleneck?: Bottleneck | null;
  },
  machine: MachineSession,
  holdMachine: () => Promise<string | null>,
  hooks: ExperimentStageHooks,
  warn: Warn,
): Promise<ExperimentsRun> {
  if (run.plan?.memory?.reason === 'fresh' && run.fixes?.found) return { experiments: rememberedExperiments(run.fixes), startMs: 0 };
  const chosen = run.plan ? { ...config, experiments: run.plan.experiments } : config;
  const busy = chosen.experiments.length > 0 && run.canRun ? await holdMachine() : null;
  if (chosen.experiments.length > 0 && !busy) machine.enter('experiments');
  const startMs = monotonicMs() - run.originMs;
  const { target } = run.placement;
  const experiments = busy
    ? skippedExperiments(chosen, busy)
    : await experimentsAfterProfile(
        chosen,
        run.restore.timed,
        run.restore.phases,
        {
          log: hooks.log,
          warn,
          ...(hooks.signal ? { signal: hooks.signal } : {}),
          onDirectory: (dir) => {
            machine.addExperimentDir(dir);
            hooks.onExperimentDirectory?.(dir);
          },
          onDirtySettings: (change) => {
            machine.setDirty(change);
            hooks.onExperimentDirtySettings?.(change);
          },
          whoSetDirty: (name, value) => machine.whoSetDirty(name, value),
        },
        {
          ...(hooks.experimentOtherDisks ? { extraOtherDisks: hooks.experimentOtherDisks } : {}),
          ...(hooks.experimentFullRunRounds ? { fullRunRounds: hooks.experimentFullRunRounds } : {}),
          // On the device that got most of the restore's bytes, when the paths span several.
          ...(run.placement.chosen && target.restorePath ? { restorePath: target.restorePath } : {}),
          restoreBottleneck: run.bottleneck ?? null,
        },
      );
  return { experiments, startMs };
}

/** The experiments and the other profiles met on the machine (and where, when not with every user's), into the profile; the verdict says where its ceilings came from. */
export function recordExperiments(profile: Profile, run: ExperimentsRun, met: Pick<Profile['context'], 'otherProfiles' | 'machineDirectory'>): void {
  const { experiments } = run;
  if (met.otherProfiles && met.otherProfiles.length > 0) profile.context.otherProfiles = met.otherProfiles;
  if (met.machineDirectory) profile.context.machineDirectory = met.machineDirectory;
  if (experiments?.status === 'ran' && !experiments.measuredOn) experiments.startMs = run.startMs;
  if (experiments) profile.experiments = experiments;
  // From the profiled extraction and its verdict alone: what page-cache should save, held against what it did.
  if (experiments) experiments.pageCachePrediction = pageCachePredictionOf(profile);
  withCeilingsSource(profile);
}
