/** The plain drop-in's state names, as actions/cache names them (src/constants.ts State). */
export const PLAIN_STATE = { primaryKey: 'CACHE_KEY', matchedKey: 'CACHE_RESULT' } as const;

/**
 * actions/cache's own isExactKeyMatch (src/utils/actionUtils.ts), which its restore and its save call: ICU's
 * collator, whose first use each step pays. The action's (src/config/actions-cache-inputs.ts) gives the same
 * answer on printable-ASCII keys without it; the drop-in keeps actions/cache's cost.
 */
export function isExactKeyMatch(key: string, cacheKey?: string): boolean {
  return !!(cacheKey && cacheKey.localeCompare(key, undefined, { sensitivity: 'accent' }) === 0);
}
