// decideSave against actions/cache's saveImpl.ts and its post-if: success(): every branch.
import { describe, expect, it } from 'vitest';
import { decideSave, type SaveDecisionInput } from '../../src/save/decision.js';

const base: SaveDecisionInput = { save: true, jobStatus: 'success', mainFinished: true, primaryKey: 'deps-1', matchedKey: '' };

describe('decideSave', () => {
  it('saves after a miss or a restore-key hit when the job succeeded', () => {
    expect(decideSave(base)).toEqual({ save: true });
    expect(decideSave({ ...base, matchedKey: 'deps-0' })).toEqual({ save: true });
  });

  it("does not save after an exact hit (case-insensitive, as isExactKeyMatch), with saveImpl's message", () => {
    expect(decideSave({ ...base, matchedKey: 'deps-1' })).toEqual({ save: false, reason: 'Cache hit occurred on the primary key deps-1, not saving cache.' });
    expect(decideSave({ ...base, matchedKey: 'DEPS-1' }).save).toBe(false);
  });

  it.each(['failure', 'cancelled', 'Failure'])('does not save when job.status is %s', (jobStatus) => {
    const d = decideSave({ ...base, jobStatus });
    expect(d.save).toBe(false);
    if (!d.save) expect(d.reason).toContain(jobStatus.toLowerCase());
  });

  it('without a job status (outside a runner, or not evaluated) follows main', () => {
    expect(decideSave({ ...base, jobStatus: '' }).save).toBe(true);
    expect(decideSave({ ...base, jobStatus: '${{ job.status }}', mainFinished: false }).save).toBe(false);
  });

  it('save: false and a missing key turn it off', () => {
    expect(decideSave({ ...base, save: false }).save).toBe(false);
    expect(decideSave({ ...base, primaryKey: '' }).save).toBe(false);
  });
});
