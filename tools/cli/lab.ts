/**
 * `disk-profiler lab [scenario...] [--record DIR]`: runs bottleneck-lab scenarios on this machine
 * (root) and prints each verdict; --record writes each profile to DIR/lab-<scenario>.json with its
 * provenance (the command, the scenario and its settings, the machine, the tool's commit), e.g.
 * `node dist/cli.js lab cloud-volume --record fixtures/profiles` (see fixtures/profiles/README.md).
 * --experiments LIST runs the measured fixes after each profile (as the `experiments` input).
 * --as-user NAME runs each profiled step as that user (e.g. `runner`, with passwordless sudo as on
 * GitHub's hosted runners); the lab's setup stays root.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { startLab, runScenario } from '../lab/lab.js';
import { LAB_SCENARIOS, SCENARIOS, type LabScenarioName } from '../lab/scenarios.js';
import { isRoot } from '../../src/system/privilege.js';
import type { Profile, Provenance } from '../../src/profile/schema.js';
import { distDir } from './dist-dir.js';
import { parseExperiments } from '../../src/config/experiments-input.js';
import { flag, parseArgs } from './args.js';
import { lookUpRunnerUser } from '../lab/run-as.js';

export async function labCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const names = (args.positionals.length ? args.positionals : [...LAB_SCENARIOS]) as LabScenarioName[];
  const unknown = names.filter((n) => !LAB_SCENARIOS.includes(n));
  if (unknown.length) throw new Error(`unknown lab scenario(s) ${unknown.join(', ')}; known: ${LAB_SCENARIOS.join(', ')}`);
  if (!isRoot) throw new Error('the lab needs root (loop devices, blkio throttles, sysctls, cgroups)');
  const record = flag(args, 'record');
  const experiments = parseExperiments(flag(args, 'experiments') ?? 'none');
  const asUserName = flag(args, 'as-user');
  const asUser = asUserName === undefined ? undefined : lookUpRunnerUser(asUserName);
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const projectRoot = path.resolve(distDir(), '..');
  const lab = await startLab({ projectRoot, log: say });
  let wrong = 0;
  try {
    for (const name of names) {
      const result = await runScenario(lab, name, { experiments, ...(asUser ? { asUser } : {}) });
      if (!result.right) wrong++;
      process.stdout.write(
        `${name}\t${result.profile.verdict?.bottleneck}\t${result.right ? 'right' : `WRONG (expected ${result.expected})`}\t${(result.wallMs / 1000).toFixed(1)} s\n`,
      );
      if (record) {
        const asUserArg = asUser ? ` --as-user ${asUser.name}` : '';
        const provenance = labProvenance(name, result.settings, `node dist/cli.js lab ${name}${asUserArg} --record ${record}`, projectRoot);
        const file = path.join(record, `lab-${name}.json`);
        writeFileSync(file, `${JSON.stringify(withProvenance(result.profile, provenance), null, 2)}\n`);
        say(`recorded ${file}`);
      }
    }
  } finally {
    await lab.stop();
  }
  return wrong === 0 ? 0 : 1;
}

export function withProvenance(profile: Profile, provenance: Provenance): Profile {
  return { ...profile, provenance };
}

export function labProvenance(name: LabScenarioName, settings: Record<string, number>, command: string, projectRoot: string): Provenance {
  let commit = 'unknown commit';
  try {
    commit = execFileSync('git', ['-C', projectRoot, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['-C', projectRoot, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dirty) commit += ' + uncommitted changes';
  } catch {
    // Not a git checkout (an unpacked release): say so.
  }
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${os.release()}, Node ${process.version}; disk-profiler at ${commit}; ${new Date().toISOString()}`;
  return { command, scenario: name, about: SCENARIOS[name].about, settings, machine };
}
