// The recorded matrix (fixtures/compare/matrix.json, provenance in its README): recorded profiles read
// as recorded, under the runner label the matrix gives them.
import { readFileSync } from 'node:fs';
import type { LabelledProfile } from '../../src/compare/compare.js';
import { parsePrices, type PricesPerMinute } from '../../src/config/prices.js';
import { validateProfile } from '../../src/profile/validate.js';

interface Matrix {
  runs: { label: string; file: string }[];
  prices: string;
}

const matrix = JSON.parse(readFileSync('fixtures/compare/matrix.json', 'utf8')) as Matrix;

export function recordedMatrix(): LabelledProfile[] {
  return matrix.runs.map(({ label, file }) => ({ source: file, profile: { ...validateProfile(JSON.parse(readFileSync(file, 'utf8'))), label } }));
}

export function matrixPrices(): PricesPerMinute {
  return parsePrices(matrix.prices);
}
