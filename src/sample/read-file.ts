/** One-shot reads of small procfs/sysfs files for device resolution and runner context; never throw. */
import { readFileSync } from 'node:fs';

/** The file's text, trimmed; undefined when it is missing, unreadable or empty. */
export function readText(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

export function readNumber(path: string): number | undefined {
  const text = readText(path);
  const value = text === undefined ? NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
}
