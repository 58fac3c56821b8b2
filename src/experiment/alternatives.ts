import type { AlternativeName } from '../profile/schema.js';

/** The alternatives are part of the profile's experiments, so the schema defines the list. */
export { ALTERNATIVES, type AlternativeName } from '../profile/schema.js';

/** What a user can ask for in the `experiments` input: every alternative but the baseline, which always runs. */
export const EXPERIMENT_NAMES = ['ram', 'decompress', 'other-disk', 'page-cache'] as const;
export type ExperimentName = (typeof EXPERIMENT_NAMES)[number];

/** What `experiments: default` runs. */
export const DEFAULT_EXPERIMENTS: readonly ExperimentName[] = EXPERIMENT_NAMES;

/** The order runs are made in within one round: cheapest first, so a tight budget still gets the most alternatives. */
export const RUN_ORDER: readonly AlternativeName[] = ['baseline', 'decompress', 'ram', 'page-cache', 'other-disk'];

export const DEFAULT_EXPERIMENT_BUDGET_SECONDS = 60;

/** An alternative must save at least this share of the baseline to be named the best fix. */
export const FIX_MIN_SAVING_SHARE = 0.1;

/** Runs of each alternative wanted where the budget allows (the report shows medians and spread). */
export const RUNS_WANTED = 2;
