/** Medians and small formatting helpers for the benchmark table. Pure. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function fixed(value: number | null, digits = 1, unit = ''): string {
  return value === null || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)}${unit}`;
}

export function signedPercent(value: number | null): string {
  return value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}
