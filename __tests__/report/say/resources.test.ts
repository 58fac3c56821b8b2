// The words per verdict (issue 39, item 1): one descriptor each, read by the headline, the box, the
// phase table and compare; a name an older recording carries is said as recorded, never as another's.
import { describe, expect, it } from 'vitest';
import { BOTTLENECKS, RESOURCES } from '../../../src/profile/schema.js';
import { RESOURCE_WORDS, verdictWords } from '../../../src/report/say/resources.js';

describe('the resource descriptors', () => {
  it('give every verdict the judge can return its own label and table words', () => {
    const labels = BOTTLENECKS.map((b) => verdictWords(b).label);
    expect(new Set(labels).size).toBe(BOTTLENECKS.length);
    for (const b of BOTTLENECKS) expect(verdictWords(b).label).not.toMatch(/^Limited by /);
  });

  it('give every resource its advice and nouns, each distinct', () => {
    for (const key of ['advice', 'noun', 'writeNoun'] as const) expect(new Set(RESOURCES.map((r) => RESOURCE_WORDS[r][key])).size).toBe(RESOURCES.length);
  });

  it("say an older recording's name as recorded (schema 1's writeback)", () => {
    expect(verdictWords('writeback')).toEqual({ label: 'Limited by writeback', limitedBy: 'writeback' });
  });
});
