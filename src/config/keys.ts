/** The key rules restoreCache enforces (lib/cache.js checkKey), checked up front so a bad key is an input error. */
import { InputError } from '../util/errors.js';

export const MAX_KEYS = 10;
export const MAX_KEY_LENGTH = 512;

export function validateKeys(primaryKey: string, restoreKeys: string[]): void {
  const all = [primaryKey, ...restoreKeys];
  if (!primaryKey) throw new InputError('key', primaryKey, 'a non-empty cache key');
  if (all.length > MAX_KEYS) {
    throw new InputError('restore-keys', `${restoreKeys.length} keys`, `at most ${MAX_KEYS - 1} restore keys (10 keys in all, as actions/cache allows)`);
  }
  for (const key of all) {
    const input = key === primaryKey ? 'key' : 'restore-keys';
    if (key.length > MAX_KEY_LENGTH) {
      throw new InputError(input, `${key.slice(0, 40)}… (${key.length} characters)`, `keys of at most ${MAX_KEY_LENGTH} characters`);
    }
    if (key.includes(',')) throw new InputError(input, key, 'keys without commas');
  }
}
