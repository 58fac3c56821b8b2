// The action harness reads where the report is from what main recorded (state STATE.reportStep), never
// from the words of main's summary: rewording main's note must not move the report.
import { describe, expect, it } from 'vitest';
import { STATE } from '../../src/pipeline/state.js';
import { reportOf } from './action-harness.js';

const report = '### The restore was bound by the disk\n\n> **What to do:** nothing\n';

describe('reportOf', () => {
  it('takes the post step’s part when main recorded that the post step holds the report, whatever main’s summary says', () => {
    for (const mainSummary of ['The report is below.\n', 'Any words at all\nover two lines\n']) {
      const r = reportOf({ state: { [STATE.reportStep]: 'post' }, mainSummary, summary: `${mainSummary}\n${report}` });
      expect(r).toEqual({ summary: report, reportIn: 'post' });
    }
  });

  it('takes the whole summary when main holds the report, also when it reads like a note', () => {
    const summary = `The report follows in the post step's summary.\n${report}`;
    expect(reportOf({ state: { [STATE.reportStep]: 'main' }, mainSummary: summary, summary })).toEqual({ summary, reportIn: 'main' });
  });

  it('says no step holds a report when main recorded none (it ended before writing its summary) or an unknown value', () => {
    for (const state of [{}, { [STATE.reportStep]: 'later' }] as Record<string, string>[]) {
      expect(reportOf({ state, mainSummary: '', summary: report }).reportIn).toBeNull();
    }
  });
});
