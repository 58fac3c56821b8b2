/** The `experiments` and `experiments-budget-seconds` inputs. Pure; config.ts calls these once. */
import { EXPERIMENT_NAMES, type ExperimentName } from '../profile/schema.js';
import { InputError } from '../util/errors.js';
import { parseInteger, parseNameList } from './parse-values.js';

export const EXPERIMENTS_INPUT = 'experiments';
export const EXPERIMENTS_BUDGET_INPUT = 'experiments-budget-seconds';

/** What `experiments: default` runs. */
export const DEFAULT_EXPERIMENTS: readonly ExperimentName[] = EXPERIMENT_NAMES;

export const DEFAULT_EXPERIMENT_BUDGET_SECONDS = 60;

/** `default` (or empty), `none`, or a comma-separated list of experiment names. */
export function parseExperiments(raw: string): ExperimentName[] {
  const value = raw.trim();
  if (value === '' || value === 'default') return [...DEFAULT_EXPERIMENTS];
  if (value === 'none') return [];
  if (value.split(/[,\n]/).some((s) => s.trim() === 'baseline')) {
    throw new InputError(
      EXPERIMENTS_INPUT,
      raw,
      `auto, default, none, or a comma-separated list of: ${EXPERIMENT_NAMES.join(', ')} (the baseline always runs with them)`,
    );
  }
  try {
    return parseNameList(EXPERIMENTS_INPUT, value, EXPERIMENT_NAMES);
  } catch (error) {
    if (error instanceof InputError) {
      throw new InputError(
        EXPERIMENTS_INPUT,
        raw,
        `auto, default, none, or a comma-separated list of: ${EXPERIMENT_NAMES.join(', ')} ('${error.given}' is none of them)`,
      );
    }
    throw error;
  }
}

export const MIN_EXPERIMENT_BUDGET_SECONDS = 5;
export const MAX_EXPERIMENT_BUDGET_SECONDS = 1800;

export function parseExperimentBudgetMs(raw: string): number {
  return (
    parseInteger(EXPERIMENTS_BUDGET_INPUT, raw, DEFAULT_EXPERIMENT_BUDGET_SECONDS, MIN_EXPERIMENT_BUDGET_SECONDS, MAX_EXPERIMENT_BUDGET_SECONDS, 'seconds') *
    1000
  );
}
