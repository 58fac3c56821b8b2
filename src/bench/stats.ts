/** Medians and small formatting helpers for the benchmark table. Pure. */
export { median } from '../util/spread.js';

export function fixed(value: number | null, digits = 1, unit = ''): string {
  return value === null || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)}${unit}`;
}

export function signedPercent(value: number | null): string {
  return value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}
