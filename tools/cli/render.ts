/** `disk-profiler render PROFILE.json`: re-judge and re-render a saved profile, offline. */
import { writeFileSync } from 'node:fs';
import { renderProfile } from '../../src/report/render.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { flag, parseArgs } from './args.js';

export async function renderCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const [file] = args.positionals;
  if (!file) throw new Error('render needs a profile file: disk-profiler render PROFILE.json');
  const { markdown, outputs } = renderProfile(readProfileFile(file), { rejudge: true });
  const out = flag(args, 'out');
  if (out) writeFileSync(out, markdown);
  else process.stdout.write(`${markdown}\n`);
  process.stderr.write(`bottleneck=${outputs.bottleneck ?? ''}\n`);
  return 0;
}
