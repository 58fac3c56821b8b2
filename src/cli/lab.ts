/**
 * `disk-profiler lab [scenario...] [--record DIR]`: runs bottleneck-lab scenarios on this machine
 * (root) and prints each verdict; --record writes each profile to DIR/lab-<scenario>.json;
 * --experiments LIST runs the measured fixes after each profile (as the `experiments` input).
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { startLab, runScenario } from '../lab/lab.js';
import { LAB_SCENARIOS, type LabScenarioName } from '../lab/scenarios.js';
import { isRoot } from '../lab/sys.js';
import { distDir } from './dist-dir.js';
import { parseExperiments } from '../experiment/input.js';
import { flag, parseArgs } from './args.js';

export async function labCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const names = (args.positionals.length ? args.positionals : [...LAB_SCENARIOS]) as LabScenarioName[];
  const unknown = names.filter((n) => !LAB_SCENARIOS.includes(n));
  if (unknown.length) throw new Error(`unknown lab scenario(s) ${unknown.join(', ')}; known: ${LAB_SCENARIOS.join(', ')}`);
  if (!isRoot) throw new Error('the lab needs root (loop devices, blkio throttles, sysctls, cgroups)');
  const record = flag(args, 'record');
  const experiments = parseExperiments(flag(args, 'experiments') ?? 'none');
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const lab = await startLab({ projectRoot: path.resolve(distDir(), '..'), log: say });
  let wrong = 0;
  try {
    for (const name of names) {
      const result = await runScenario(lab, name, { experiments });
      if (!result.right) wrong++;
      process.stdout.write(`${name}\t${result.profile.verdict?.bottleneck}\t${result.right ? 'right' : 'WRONG'}\t${(result.wallMs / 1000).toFixed(1)} s\n`);
      if (record) writeFileSync(path.join(record, `lab-${name}.json`), `${JSON.stringify(result.profile, null, 2)}\n`);
    }
  } finally {
    await lab.stop();
  }
  return wrong === 0 ? 0 : 1;
}
