/** Input value parsers: each names the input, the value given and what is allowed when it refuses. */
import { InputError } from '../util/errors.js';

/** What @actions/core getBooleanInput accepts (YAML 1.2's core schema booleans), and nothing else. */
export const TRUE_VALUES = ['true', 'True', 'TRUE'] as const;
export const FALSE_VALUES = ['false', 'False', 'FALSE'] as const;

/**
 * Our own boolean inputs, read as @actions/core getBooleanInput reads them: exactly true/True/TRUE or
 * false/False/FALSE; empty is the default; anything else (`yes`, `1`, `on`) is refused, never read as false.
 */
export function parseBoolean(input: string, raw: string, fallback: boolean): boolean {
  const value = raw.trim();
  if (value === '') return fallback;
  if ((TRUE_VALUES as readonly string[]).includes(value)) return true;
  if ((FALSE_VALUES as readonly string[]).includes(value)) return false;
  throw new InputError(input, raw, `${[...TRUE_VALUES, ...FALSE_VALUES].join(', ')} (as @actions/core getBooleanInput reads a boolean)`);
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
