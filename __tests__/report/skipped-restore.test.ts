// A restore skipped without an error (ACTIONS_CACHE_MODE without reads, lookup-only) is one line in the problems
// box saying so, not "Cache miss", and the Save section renders a skipped save as its reason.
import { describe, expect, it } from 'vitest';
import { faultLines } from '../../src/report/faults.js';
import { renderSaveSection } from '../../src/report/save-section.js';
import { loadFixture } from '../judge/fixture-tools.js';
import type { SaveResult } from '../../src/profile/schema.js';

describe('skipped restores and saves in the report', () => {
  it('cache mode: the skip message, no cache-miss line', () => {
    const p = loadFixture('network-slow-download.json');
    const message = "Cache restore skipped: the effective cache-mode 'none' does not permit reads.";
    p.restore = { ...p.restore!, cacheHit: false, matchedKey: null, skipped: { reason: 'cache-mode', message } };
    p.phases = [];
    const lines = faultLines(p);
    expect(lines[0]).toBe(message);
    expect(lines.join('\n')).not.toContain('Cache miss');
  });

  it('lookup-only: the key found, nothing downloaded', () => {
    const p = loadFixture('network-slow-download.json');
    p.restore = { ...p.restore!, cacheHit: false, skipped: { reason: 'lookup-only', message: 'Lookup only - skipping download' } };
    expect(faultLines(p)[0]).toBe(`Lookup only: entry '${p.restore.matchedKey}' found; nothing was downloaded or extracted.`);
  });

  it('a skipped save is its reason under the Save heading', () => {
    const save = { status: 'skipped', reason: 'Cache hit occurred on the primary key k, not saving cache.', phases: [] } as unknown as SaveResult;
    expect(renderSaveSection(save)).toBe('### Save\n\nCache hit occurred on the primary key k, not saving cache.');
  });
});
