/**
 * `disk-profiler demo` (npm run demo): starts the local services, seeds them with this project's own
 * installed dependencies (a genuine node_modules tree), runs the bundled action against them exactly
 * as the runner would, and prints the step summary. Everything it creates lives in one temp folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startLocalServices, seedCache } from '../services/index.js';
import { runAction } from '../runner/run-action.js';
import { RunnerLog } from '../runner/log-filter.js';
import { distDir } from './dist-dir.js';
import { flag, parseArgs } from './args.js';

export async function demoCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const projectRoot = path.resolve(distDir(), '..');
  if (!existsSync(path.join(projectRoot, 'node_modules'))) throw new Error('node_modules is missing: run `npm ci` first');
  const say = (line: string) => process.stderr.write(`\x1b[1m[demo]\x1b[0m ${line}\n`);

  const root = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-demo-'));
  const services = await startLocalServices();
  try {
    const workspace = path.join(root, 'workspace');
    const runnerTemp = path.join(root, 'runner-temp');
    mkdirSync(workspace);
    mkdirSync(runnerTemp);
    const lock = readFileSync(path.join(projectRoot, 'package-lock.json'));
    const key = `demo-node-modules-${createHash('sha256').update(lock).digest('hex').slice(0, 16)}`;

    say(`local Actions services on ${services.url}`);
    say(`seeding the cache with this project's node_modules as '${key}' (tar + zstd, as actions/cache saves it)…`);
    const seedStarted = Date.now();
    await seedCache({ services, paths: ['node_modules'], key, workspace: projectRoot, tempDir: runnerTemp });
    say(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s; running the action (main + post) into ${workspace}…`);

    const log = new RunnerLog((line) => process.stderr.write(`${line}\n`), process.env.RUNNER_DEBUG === '1');
    const result = await runAction({
      distDir: distDir(),
      nodePath: flag(args, 'node'),
      inputs: {
        path: 'node_modules',
        key,
        'restore-keys': 'demo-node-modules-',
        label: flag(args, 'label') ?? 'this-machine',
        'probe-budget-seconds': flag(args, 'probe-budget-seconds') ?? '30',
      },
      env: { ...services.env, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp, RUNNER_NAME: 'demo' },
      onOutput: (chunk) => log.push(chunk),
    });
    log.flush();
    process.stdout.write(`\n${result.summary}\n`);
    say(`outputs: ${Object.entries(result.outputs).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    return result.mainExitCode || result.postExitCode;
  } finally {
    await services.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
