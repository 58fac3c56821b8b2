/**
 * The inputs actions/cache defines, read exactly as actions/cache reads them (src/utils/actionUtils.ts),
 * so the same workflow step computes the same cache version and takes the same branches here.
 * Our own inputs keep the stricter parsers of parse-values.ts; these may not, or a step copied from
 * actions/cache would behave differently under the profiler.
 */

/** actions/cache getInputAsArray: `!  path` becomes `!path` before the line is trimmed (the version hashes these strings). */
export function getInputAsArray(raw: string): string[] {
  return raw
    .split('\n')
    .map((s) => s.replace(/^!\s+/, '!').trim())
    .filter((x) => x !== '');
}

/**
 * actions/cache getInputAsBool: only 'true' (any case) is true; anything else, `yes` and `1` included,
 * is false. core.getInput has already trimmed the value; trimming again changes nothing there.
 */
export function getInputAsBool(raw: string): boolean {
  return raw.trim().toLowerCase() === 'true';
}

/**
 * A value actions/cache would read as false although it looks meant as true (or is no boolean at all):
 * parsed as upstream does, but worth a warning, since the user probably expected otherwise.
 */
export function booleanInputWarning(input: string, raw: string): string | null {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'true' || value === 'false') return null;
  return `Input '${input}' is '${raw.trim()}': read as false, as actions/cache reads every value but 'true' (allowed: true or false).`;
}

/** actions/cache getInputAsInt: parseInt's reading; not a number, or negative, is unset. */
export function getInputAsInt(raw: string): number | undefined {
  // biome-ignore lint/correctness/useParseIntRadix: read exactly as actions/cache's getInputAsInt reads it ("0x10" is 16 there)
  const value = parseInt(raw);
  return Number.isNaN(value) || value < 0 ? undefined : value;
}

/** Printable ASCII only: no character ICU's root collation ignores, none that differ only in accent. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * actions/cache isExactKeyMatch: keys compare case-insensitively (accents count), as the cache service matches
 * them. Two printable-ASCII keys (nearly every key) are compared by their lower case, which is the same
 * answer (checked against localeCompare in __tests__/config/actions-cache-inputs.test.ts) without ICU's
 * collator, whose first use costs each step that calls it ~12 ms (the repeat run's main and post).
 */
export function isExactKeyMatch(key: string, cacheKey: string | null | undefined): boolean {
  if (!cacheKey) return false;
  if (PRINTABLE_ASCII.test(key) && PRINTABLE_ASCII.test(cacheKey)) return key.toLowerCase() === cacheKey.toLowerCase();
  return cacheKey.localeCompare(key, undefined, { sensitivity: 'accent' }) === 0;
}
