/** Medians and small formatting helpers for the benchmark table. Pure. */
import { median } from '../../src/util/spread.js';

export { median };

/** The runs' median for a table cell: NaN without runs, which prints as such rather than as a figure. */
export function medianOrNaN(values: readonly number[]): number {
  return median(values) ?? Number.NaN;
}

export function fixed(value: number | null, digits = 1, unit = ''): string {
  return value === null || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)}${unit}`;
}

export function signedPercent(value: number | null): string {
  return value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}
