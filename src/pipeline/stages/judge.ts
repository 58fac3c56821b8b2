/**
 * Stage 8: the run's one judgement. experiments: auto asks the verdict first (the judge reads neither
 * the experiments nor what comes after them, so judging again would say the same).
 */
import type { ProfileConfig } from '../../config/config.js';
import type { AutoDecision } from '../../profile/always-on.js';
import type { Profile } from '../../profile/schema.js';
import { judgeInDetail, type Judgement } from '../../judge/judge.js';
import type { RememberedFixes } from '../../remember/fixes.js';
import { autoExperiments, type ExperimentPlan } from '../always-on.js';

export interface Judged {
  judgement: Judgement;
  /** Which experiments auto chose (null: experiments are not auto, or none were allowed). */
  experimentPlan: ExperimentPlan | null;
}

/** Sets the profile's verdict and what auto decided (probes and experiments). */
export function judgeOnce(
  profile: Profile,
  config: Pick<ProfileConfig, 'experimentsAuto' | 'experiments'>,
  probeDecision: AutoDecision | undefined,
  log: (line: string) => void,
  fixes: RememberedFixes | null = null,
  /** Judged before the writeback tail was on disk (left to the follower). */
  tailLeft = false,
): Judged {
  const judgement = judgeInDetail(profile);
  profile.verdict = judgement.verdict;
  const experimentPlan = autoExperiments(config, profile, fixes, tailLeft);
  if (probeDecision || experimentPlan) {
    profile.auto = {
      ...(probeDecision ? { probes: probeDecision } : {}),
      ...(experimentPlan
        ? { experiments: { run: experimentPlan.run, reason: experimentPlan.reason, ...(experimentPlan.memory ? { memory: experimentPlan.memory } : {}) } }
        : {}),
    };
  }
  if (experimentPlan) log(experimentPlan.reason);
  return { judgement, experimentPlan };
}
