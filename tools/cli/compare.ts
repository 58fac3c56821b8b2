/** `disk-profiler compare PROFILE.json...`: one ranked table from several saved profiles, offline. */
import { writeFileSync } from 'node:fs';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { compareProfiles } from '../../src/compare/compare.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import { flag, parseArgs } from './args.js';

export async function compareCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.positionals.length === 0) throw new Error('compare needs one or more profile files: disk-profiler compare A.json B.json ...');
  const comparison = compareProfiles(args.positionals.map((file) => ({ source: file, profile: readProfileFile(file) })));
  const markdown = renderComparison(comparison);
  const out = flag(args, 'out');
  if (out) writeFileSync(out, markdown);
  else process.stdout.write(`${markdown}\n`);
  const json = flag(args, 'json');
  if (json) writeFileSync(json, JSON.stringify(comparison, null, 2));
  return 0;
}
