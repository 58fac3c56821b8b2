/**
 * `disk-profiler lab-step REQUEST.json` (internal): the child side of step-isolation.ts. Runs the
 * profiled restore (runProfile) or the plain one (restoreCache + sync -f) with the environment it was
 * given, inside whatever cgroup and mount namespace its parent put it in, and writes the profile or
 * the timing as JSON to the request's resultFile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ProfileConfig } from '../../src/config/config.js';
import { runProfile } from '../../src/pipeline/run-profile.js';
import type { LabCacheEntry } from './cache-entry.js';
import { plainRestoreUntilOnDisk } from './intervention.js';

export type StepRequest =
  | { kind: 'profile'; config: ProfileConfig }
  | { kind: 'plain'; entry: LabCacheEntry; where: { workspace: string; runnerTemp: string } };

export async function labStepCommand(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file) throw new Error('lab-step takes a request file (internal: the lab runs it)');
  const request = JSON.parse(readFileSync(file, 'utf8')) as StepRequest & { resultFile: string };
  const say = (line: string) => process.stderr.write(`  ${line}\n`);
  const result =
    request.kind === 'profile'
      ? await runProfile(request.config, { log: say, warn: (l) => say(`warning: ${l}`) })
      : await plainRestoreUntilOnDisk(request.entry, request.where, {});
  writeFileSync(request.resultFile, JSON.stringify(result));
  return 0;
}
