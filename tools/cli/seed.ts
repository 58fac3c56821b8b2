/** `disk-profiler seed`: saveCache through the services named by the environment (from `serve`). */
import * as os from 'node:os';
import { saveCache } from '@actions/cache';
import { withEnv } from '../services/env.js';
import { flag, flagList, parseArgs } from './args.js';

export async function seedCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['v1']);
  const key = flag(args, 'key');
  const paths = flagList(args, 'path');
  if (!key || paths.length === 0) throw new Error('seed needs --key KEY and at least one --path PATH');
  if (!process.env.ACTIONS_RESULTS_URL && !process.env.ACTIONS_CACHE_URL) {
    throw new Error('no cache service in the environment: run `disk-profiler serve` and export the variables it prints');
  }
  const env = {
    GITHUB_WORKSPACE: flag(args, 'workspace') ?? process.env.GITHUB_WORKSPACE ?? process.cwd(),
    RUNNER_TEMP: process.env.RUNNER_TEMP ?? os.tmpdir(),
    ACTIONS_CACHE_SERVICE_V2: flag(args, 'v1') ? undefined : (process.env.ACTIONS_CACHE_SERVICE_V2 ?? 'True'),
  };
  const id = await withEnv(env, () => saveCache(paths, key));
  process.stdout.write(`Saved cache entry ${id} for key ${key}\n`);
  return 0;
}
