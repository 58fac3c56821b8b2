/** Median and spread of repeated measurements, so noise between runs of one runner stays visible. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number;
  /** (max - min) / median, in percent; 0 for one run. */
  spreadPercent: number;
}

export function spread(values: readonly (number | null | undefined)[]): Spread | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  const median = xs.length % 2 ? (xs[mid] as number) : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
  const min = xs[0] as number;
  const max = xs[xs.length - 1] as number;
  return { median, min, max, runs: xs.length, spreadPercent: median > 0 ? ((max - min) / median) * 100 : 0 };
}

/** The finite values' median; null without any. */
export function median(values: readonly (number | null | undefined)[]): number | null {
  return spread(values)?.median ?? null;
}
