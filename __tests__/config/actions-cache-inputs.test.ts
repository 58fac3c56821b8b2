// isExactKeyMatch (src/config/actions-cache-inputs.ts) answers as actions/cache's does, `localeCompare` with
// sensitivity 'accent', also on its fast path for printable-ASCII keys (no ICU collator): every pair of
// printable-ASCII characters, random keys of mixed case and length, and keys outside ASCII.
import { describe, expect, it } from 'vitest';
import { isExactKeyMatch } from '../../src/config/actions-cache-inputs.js';

const asActionsCache = (key: string, cacheKey: string) => cacheKey.localeCompare(key, undefined, { sensitivity: 'accent' }) === 0;
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** A small deterministic generator (mulberry32), so a failure names a reproducible key. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('isExactKeyMatch', () => {
  it('agrees with localeCompare on every pair of printable-ASCII characters', () => {
    const disagree = PRINTABLE.flatMap((a) => PRINTABLE.filter((b) => isExactKeyMatch(a, b) !== asActionsCache(a, b)).map((b) => `${a}|${b}`));
    expect(disagree).toEqual([]);
  });

  it('agrees with localeCompare on random keys of mixed case and length', () => {
    const next = random(40);
    const pick = () => PRINTABLE[Math.floor(next() * PRINTABLE.length)] as string;
    const disagree: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const key = Array.from({ length: 1 + Math.floor(next() * 12) }, pick).join('');
      const mutated = [...key].map((c) => (next() < 0.8 ? c : pick())).join('');
      const cacheKey = [next() < 0.5 ? key.toUpperCase() : mutated, next() < 0.2 ? pick() : ''].join('');
      if (isExactKeyMatch(key, cacheKey) !== asActionsCache(key, cacheKey)) disagree.push(`${key}|${cacheKey}`);
    }
    expect(disagree).toEqual([]);
  });

  it('case does not count, accents do; outside ASCII it is localeCompare itself', () => {
    expect(isExactKeyMatch('Linux-npm-ABC', 'linux-NPM-abc')).toBe(true);
    expect(isExactKeyMatch('linux-npm-abc', 'linux-npm-abc ')).toBe(false);
    expect(isExactKeyMatch('clé-1', 'CLÉ-1')).toBe(asActionsCache('clé-1', 'CLÉ-1'));
    expect(isExactKeyMatch('clé-1', 'cle-1')).toBe(false);
    expect(isExactKeyMatch('a\tb', 'ab')).toBe(asActionsCache('a\tb', 'ab'));
    expect(isExactKeyMatch('key', null)).toBe(false);
    expect(isExactKeyMatch('key', '')).toBe(false);
  });
});
