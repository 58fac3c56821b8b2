import { describe, expect, it } from 'vitest';
import { parseExperimentBudgetMs, parseExperiments } from '../../src/config/experiments-input.js';
import { EXPERIMENT_NAMES } from '../../src/profile/schema.js';
import { InputError } from '../../src/util/errors.js';

describe('experiments input', () => {
  it('default and empty run all four; none runs none', () => {
    expect(parseExperiments('')).toEqual([...EXPERIMENT_NAMES]);
    expect(parseExperiments(' default ')).toEqual([...EXPERIMENT_NAMES]);
    expect(parseExperiments('none')).toEqual([]);
  });
  it('takes a comma list, deduplicated', () => {
    expect(parseExperiments('ram, page-cache,ram')).toEqual(['ram', 'page-cache']);
  });
  it('names the input, the value and what is allowed', () => {
    const error = (() => {
      try {
        parseExperiments('ram,tmpfs');
      } catch (e) {
        return e;
      }
    })() as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.input).toBe('experiments');
    expect(error.given).toBe('ram,tmpfs');
    expect(error.message).toContain("'tmpfs' is none of them");
    expect(error.message).toContain('ram, decompress, other-disk, page-cache');
    expect(() => parseExperiments('baseline')).toThrow(/baseline always runs/);
  });
  it('budget: 60 s by default, whole seconds in range', () => {
    expect(parseExperimentBudgetMs('')).toBe(60_000);
    expect(parseExperimentBudgetMs('90')).toBe(90_000);
    expect(() => parseExperimentBudgetMs('1')).toThrow(/experiments-budget-seconds.*from 5 to 1800/);
    expect(() => parseExperimentBudgetMs('2.5')).toThrow(InputError);
  });
});
