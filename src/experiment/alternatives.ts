import { WORTH_CHANGING } from '../judge/thresholds.js';

/** The alternatives are part of the profile's experiments, and the config records the ones asked for, so the schema defines both lists. */
export { ALTERNATIVES, EXPERIMENT_NAMES, type AlternativeName, type ExperimentName } from '../profile/schema.js';

/** An alternative must save at least this share of the baseline to be named the best fix. */
export const FIX_MIN_SAVING_SHARE = WORTH_CHANGING.savingShare;

/** Runs of each alternative wanted where the budget allows (the report shows medians and spread). */
export const RUNS_WANTED = 2;
