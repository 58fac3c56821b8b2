/**
 * `disk-profiler demo` (npm run demo): starts the local services, seeds them with this project's own
 * installed dependencies (a genuine node_modules tree), runs the bundled action against them exactly
 * as the runner would, and prints the step summary. Everything it creates lives in one temp folder.
 * `--compare` (root) profiles the same cache on this machine's disk and on a loop device throttled to
 * 50 MiB/s of writes, as two runner types, then runs the action in compare mode over both artifacts.
 */
import { useOwnMachineDir } from '../runner/machine-dir.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startLocalServices, seedCache, type LocalServices } from '../services/index.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { createLoopDisk } from '../lab/loop-disk.js';
import { throttleDevice } from '../lab/blkio.js';
import { runAction } from '../runner/run-action.js';
import { RunnerLog } from '../runner/log-filter.js';
import { withStdoutTo } from '../runner/capture-stdout.js';
import { distDir } from './dist-dir.js';
import { flag, parseArgs } from './args.js';

export async function demoCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['compare']);
  const projectRoot = path.resolve(distDir(), '..');
  if (!existsSync(path.join(projectRoot, 'node_modules'))) throw new Error('node_modules is missing: run `npm ci` first');
  const say = (line: string) => process.stderr.write(`\x1b[1m[demo]\x1b[0m ${line}\n`);

  const root = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-demo-'));
  // The demo's profiles keep their ledger records in a machine directory of its own (tools/runner/machine-dir.ts).
  const removeMachineDir = useOwnMachineDir('disk-profiler-demo-machine-');
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
    // saveCache runs in this process: its log goes through a runner's filter (no ::debug:: lines unless RUNNER_DEBUG=1).
    const seedLog = new RunnerLog((line) => process.stderr.write(`  ${line}\n`), process.env.RUNNER_DEBUG === '1');
    await withStdoutTo(
      (chunk) => seedLog.push(chunk),
      () => seedCache({ services, paths: ['node_modules'], key, workspace: projectRoot, tempDir: runnerTemp }),
    );
    seedLog.flush();
    say(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s; running the action (main + post) into ${workspace}…`);

    const log = new RunnerLog((line) => process.stderr.write(`${line}\n`), process.env.RUNNER_DEBUG === '1');
    const profile = (label: string, workspaceDir: string, tempDir: string) =>
      runAction({
        distDir: distDir(),
        nodePath: flag(args, 'node'),
        inputs: {
          path: 'node_modules',
          key,
          'restore-keys': 'demo-node-modules-',
          label,
          'probe-budget-seconds': flag(args, 'probe-budget-seconds') ?? '30',
        },
        env: { ...services.env, GITHUB_WORKSPACE: workspaceDir, RUNNER_TEMP: tempDir, RUNNER_NAME: 'demo' },
        onOutput: (chunk) => log.push(chunk),
      });
    const result = await profile(flag(args, 'label') ?? 'this-machine', workspace, runnerTemp);
    log.flush();
    process.stdout.write(`\n${result.summary}\n`);
    say(
      `outputs: ${Object.entries(result.outputs)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
    if (result.mainExitCode || result.postExitCode || !args.flags.has('compare')) return result.mainExitCode || result.postExitCode;
    return await compareWithThrottledDisk(services, root, profile, say);
  } finally {
    await services.stop();
    rmSync(root, { recursive: true, force: true });
    removeMachineDir();
  }
}

type ProfileRun = (label: string, workspace: string, runnerTemp: string) => ReturnType<typeof runAction>;

/** A second runner type: the same restore onto a loop device whose writes blkio caps at 50 MiB/s. */
async function compareWithThrottledDisk(services: LocalServices, root: string, profile: ProfileRun, say: (line: string) => void): Promise<number> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    say('--compare needs root (a loop device and a blkio throttle); skipped.');
    return 0;
  }
  const cleanup = new CleanupStack((line) => say(line));
  try {
    const disk = createLoopDisk(cleanup, { dir: root, sizeBytes: 3 * 1024 ** 3 });
    throttleDevice(cleanup, disk.devNumber, 'blkio.throttle.write_bps_device', 50 * 1024 * 1024);
    const workspace = path.join(disk.mountPoint, 'workspace');
    const runnerTemp = path.join(disk.mountPoint, 'runner-temp');
    mkdirSync(workspace);
    mkdirSync(runnerTemp);
    say(`profiling the same cache on ${disk.device}, writes throttled to 50 MiB/s…`);
    const throttled = await profile('loop-throttled-50MiBps', workspace, runnerTemp);
    process.stdout.write(`\n${throttled.summary}\n`);
    if (throttled.mainExitCode) return throttled.mainExitCode;
    say('comparing the two runner types (mode: compare)…');
    const compare = await runAction({
      distDir: distDir(),
      inputs: { mode: 'compare' },
      env: { ...services.env, GITHUB_WORKSPACE: root, RUNNER_TEMP: root },
      onOutput: () => {},
    });
    process.stdout.write(`\n${compare.summary}\n`);
    return compare.mainExitCode;
  } finally {
    await cleanup.runAll();
  }
}
