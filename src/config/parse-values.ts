/** Input value parsers: each names the input, the value given and what is allowed when it refuses. */
import { InputError } from '../util/errors.js';

export function parseBoolean(input: string, raw: string, fallback: boolean): boolean {
  const value = raw.trim().toLowerCase();
  if (value === '') return fallback;
  if (['true', 'yes', 'on', '1'].includes(value)) return true;
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  throw new InputError(input, raw, 'true or false');
}

export function parseInteger(input: string, raw: string, fallback: number, min: number, max: number, unit: string): number {
  const value = raw.trim();
  if (value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new InputError(input, raw, `a whole number of ${unit} from ${min} to ${max}`);
  const n = Number(value);
  if (n < min || n > max) throw new InputError(input, raw, `a whole number of ${unit} from ${min} to ${max}`);
  return n;
}

/** Comma- or newline-separated list of names from a fixed set. */
export function parseNameList<T extends string>(input: string, raw: string, allowed: readonly T[]): T[] {
  const names = raw
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const name of names) {
    if (!allowed.includes(name as T)) throw new InputError(input, name, `a comma-separated list of: ${allowed.join(', ')}`);
  }
  return [...new Set(names)] as T[];
}

export function parseChoice<T extends string>(input: string, raw: string, allowed: readonly T[], fallback: T): T {
  const value = raw.trim();
  if (value === '') return fallback;
  if (!allowed.includes(value as T)) throw new InputError(input, raw, `one of ${allowed.join(', ')}`);
  return value as T;
}
