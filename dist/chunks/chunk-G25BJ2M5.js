import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/util/spread.ts
function spread(values) {
  const xs = values.filter((v) => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  const median2 = xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
  const min = xs[0];
  const max = xs[xs.length - 1];
  return { median: median2, min, max, runs: xs.length, spreadPercent: median2 > 0 ? (max - min) / median2 * 100 : 0 };
}
function median(values) {
  return spread(values)?.median ?? null;
}

export {
  spread,
  median
};
