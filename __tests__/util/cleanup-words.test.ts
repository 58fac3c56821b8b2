// The leftover sentences the post step, the recovery, the probes and the experiments share, word for word.
import { describe, expect, it } from 'vitest';
import { leftInPlace, putBackSentence, removedLeftBehind } from '../../src/util/cleanup-words.js';
import { capitalised } from '../../src/util/format.js';

describe('cleanup words', () => {
  it('put back, with or without whose experiment it was', () => {
    expect(putBackSentence(['vm.dirty_background_bytes', 'vm.dirty_bytes'])).toBe(
      'Put vm.dirty_background_bytes and vm.dirty_bytes back as they were before the page-cache experiment.',
    );
    expect(putBackSentence(['vm.dirty_bytes'], "this job's main step")).toBe(
      "Put vm.dirty_bytes back as they were before this job's main step's page-cache experiment.",
    );
  });

  it('removed and left in place', () => {
    expect(removedLeftBehind('fio temp directories', ['/a', '/b'])).toBe('Removed fio temp directories left behind: /a, /b');
    expect(leftInPlace('/x', 'has no marker')).toBe('left /x in place: has no marker.');
    expect(capitalised(leftInPlace('/x of profile "p"', 'busy'))).toBe('Left /x of profile "p" in place: busy.');
  });
});
