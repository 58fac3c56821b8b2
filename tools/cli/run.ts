/** `disk-profiler run`: the bundled action as the runner would run it, against the environment's services. */
import * as os from 'node:os';
import { runAction } from '../runner/run-action.js';
import { RunnerLog } from '../runner/log-filter.js';
import { distDir } from './dist-dir.js';
import { flag, flagList, keyValues, parseArgs } from './args.js';

export async function runCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const inputs = keyValues(flagList(args, 'input'), '--input');
  const log = new RunnerLog((line) => process.stderr.write(`${line}\n`), process.env.RUNNER_DEBUG === '1');
  const result = await runAction({
    onOutput: (chunk) => log.push(chunk),
    distDir: distDir(),
    inputs,
    nodePath: flag(args, 'node'),
    env: {
      GITHUB_WORKSPACE: flag(args, 'workspace') ?? process.env.GITHUB_WORKSPACE ?? process.cwd(),
      RUNNER_TEMP: flag(args, 'runner-temp') ?? process.env.RUNNER_TEMP ?? os.tmpdir(),
    },
  });
  log.flush();
  process.stdout.write(`\n${result.summary}\n`);
  for (const [name, value] of Object.entries(result.outputs)) process.stdout.write(`${name}=${value}\n`);
  return result.mainExitCode || result.postExitCode;
}
