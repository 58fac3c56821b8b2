/**
 * `disk-profiler compare [--prices LABEL=USD,...] PROFILE.json...`: the recommendation and one ranked
 * table from several saved profiles, offline, each judged by this version as `render` judges it.
 */
import { writeFileSync } from 'node:fs';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { compareProfiles, comparisonJson } from '../../src/compare/compare.js';
import { parsePrices } from '../../src/config/prices.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import { flag, parseArgs } from './args.js';

export async function compareCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.positionals.length === 0) throw new Error('compare needs one or more profile files: disk-profiler compare A.json B.json ...');
  const prices = parsePrices(flag(args, 'prices') ?? '', '--prices');
  const comparison = compareProfiles(
    args.positionals.map((file) => ({ source: file, profile: readProfileFile(file) })),
    prices,
  );
  const markdown = renderComparison(comparison);
  const out = flag(args, 'out');
  if (out) writeFileSync(out, markdown);
  else process.stdout.write(`${markdown}\n`);
  const json = flag(args, 'json');
  if (json) writeFileSync(json, comparisonJson(comparison, 2));
  return 0;
}
