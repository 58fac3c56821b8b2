/**
 * Where a repeat run's time goes (issue 40, item 4), for a developer: the lab's cache seeded into the local
 * services, a primer run of dist/main.js + dist/post.js that probes and remembers the ceilings, then repeat
 * runs of the action and of the plain drop-in (alternating), each line of their output stamped with the
 * milliseconds since its step's process was spawned, and with `--cpu-prof` the action's runs write V8 CPU
 * profiles (main, post and the writeback follower) into the output directory.
 * Run: npx vite-node tools/bench/repeat-profile.ts -- <outDir> [rounds] [--cpu-prof] [--no-export] [--workload <projectRoot>] [--dist-b <dir>]
 *   [--download-rate <bytes/s>] (after the primer, the services' download throttled: repeat-steps' ~30 s restore is 419840)
 *   [--generated <files>] (repeat-steps' generated cache in place of the lab's: that many files, 15 KB each on average;
 *   each run then restores where repeat-steps' runs do: a fresh loop device as root, see its runPlace)
 * No loop device: the runs restore into a temp dir on the root disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CleanupStack } from '../../src/system/cleanup.js';
import { seedLabCache } from '../lab/cache-entry.js';
import { useOwnMachineDir } from '../runner/machine-dir.js';
import { runAction } from '../runner/run-action.js';
import { cacheClientEnv, startLocalServices } from '../services/index.js';
import { runPlace, seedGeneratedCache } from './repeat-steps.js';
import { startCollector } from './otel-collector.js';
import { checkoutRoot, buildPlainAction } from './plain-action/build.js';

const args = process.argv.slice(2).filter((a) => a !== '--');
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const OPTIONS_WITH_VALUES = ['--workload', '--dist-b', '--download-rate', '--generated'];
const positional = args.filter((a, i) => !a.startsWith('--') && !OPTIONS_WITH_VALUES.includes(args[i - 1] ?? ''));
const outDir = path.resolve(positional[0] ?? 'repeat-profile-out');
const rounds = Number(positional[1] ?? 3);
const cpuProf = flag('--cpu-prof');
const exportOn = !flag('--no-export');
const root = checkoutRoot();
const workloadRoot = option('--workload') ?? root;
/** Another build of the action (e.g. the commit before a change), run beside dist/ in every round: side `b`. */
const distB = option('--dist-b');
const downloadRate = option('--download-rate');
const generatedFiles = option('--generated');

async function main(): Promise<void> {
  const cleanup = new CleanupStack((line) => console.log(line));
  try {
    mkdirSync(outDir, { recursive: true });
    cleanup.push('machine dir', useOwnMachineDir('dp-repeat-profile-machine-'));
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'dp-repeat-profile-'));
    cleanup.push(`remove ${scratch}`, () => rmSync(scratch, { recursive: true, force: true }));
    const services = await startLocalServices();
    cleanup.push(
      'stop services',
      () => services.stop(),
      () => process.kill(services.azurite.pid, 'SIGKILL'),
    );
    const entry = generatedFiles
      ? (await seedGeneratedCache(services, scratch, Number(generatedFiles), Number(generatedFiles) * 15_000)).entry
      : await seedLabCache(services, workloadRoot, path.join(scratch, 'seed-temp'));
    const collector = exportOn ? await startCollector() : null;
    if (collector) cleanup.push('stop collector', () => collector.stop());
    const launcherFile = path.join(scratch, 'cpu-prof-launcher.cjs');
    writeFileSync(
      launcherFile,
      `const { spawn } = require('node:child_process');
const [dir, node, script] = process.argv.slice(2);
const child = spawn(node, ['--cpu-prof', '--cpu-prof-dir=' + dir, script], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`,
    );
    const plainDir = await buildPlainAction(path.join(scratch, 'plain-bundle'));
    const distDir = path.join(root, 'dist');
    const label = `repeat-profile-${Date.now().toString(36)}`;
    let n = 0;
    const run = async (side: 'action' | 'b' | 'plain', tag: string, profiled: boolean) => {
      const place = generatedFiles ? runPlace(scratch, n + 1, (line) => console.log(line)) : null;
      const dir = path.join(place?.root ?? scratch, `run-${++n}`);
      const workspace = path.join(dir, 'workspace');
      const temp = path.join(dir, 'temp');
      mkdirSync(workspace, { recursive: true });
      mkdirSync(temp, { recursive: true });
      const inputs: Record<string, string> = { path: entry.paths.join('\n'), key: entry.key };
      if (side !== 'plain') {
        Object.assign(inputs, { label, 'artifact-name': `disk-profile-${label}-${n}` });
        if (collector) inputs['otel-endpoint'] = collector.endpoint;
      }
      const profDir = path.join(outDir, `${tag}-cpuprof`);
      if (profiled) mkdirSync(profDir, { recursive: true });
      const env = {
        ...cacheClientEnv(services, { workspace, tempDir: temp }),
        GITHUB_RUN_ID: String(7000 + n),
        GITHUB_RUN_ATTEMPT: '1',
        // Debug lines only on the profiled runs: with RUNNER_DEBUG restoreCache lists the archive (tar -tf), which the timed runs must not pay.
        ...(profiled ? { RUNNER_DEBUG: '1' } : {}),
      };
      // --cpu-prof is refused in NODE_OPTIONS: node is started with it by a small node launcher (not sh: dash drops the
      // runner's hyphenated INPUT_/STATE_ variables), which passes the environment on whole.
      const launcher = profiled ? [process.execPath, launcherFile, profDir] : undefined;
      execFileSync('sync');
      let stepStart = performance.now();
      // CLOCK_MONOTONIC, as a .cpuprofile's startTime: aligns the profiles with the log.
      let spawnedMonoUs = 0n;
      const lines: string[] = [];
      let pending = '';
      const r = await runAction({
        distDir: side === 'plain' ? plainDir : side === 'b' ? (distB as string) : distDir,
        inputs,
        env,
        cwd: workspace,
        launcher,
        onOutput: (chunk) => {
          const now = performance.now();
          pending += chunk;
          const parts = pending.split('\n');
          pending = parts.pop() ?? '';
          for (const p of parts) lines.push(`${(now - stepStart).toFixed(0).padStart(6)} ${p}`);
        },
        onMainSpawned: () => {
          stepStart = performance.now();
          spawnedMonoUs = process.hrtime.bigint() / 1000n;
        },
      });
      lines.push(`(stamps: ms since main was spawned, at monotonic ${spawnedMonoUs} µs; post spawned at ~${r.mainMs.toFixed(0)})`);
      lines.push(`main ${r.mainMs.toFixed(0)} ms, post ${r.postMs.toFixed(0)} ms (exit ${r.mainExitCode}/${r.postExitCode})`);
      writeFileSync(path.join(outDir, `${tag}.log`), `${lines.join('\n')}\n`);
      if (place) await place.release();
      else rmSync(dir, { recursive: true, force: true });
      console.log(`${tag}: main ${r.mainMs.toFixed(0)} ms, post ${r.postMs.toFixed(0)} ms, reportStep ${r.state['report-step'] ?? '?'}`);
      return r;
    };
    await run('action', 'primer', false);
    if (downloadRate !== undefined) services.setSettings({ downloadBytesPerSecond: Number(downloadRate) });
    const sides: ('action' | 'b' | 'plain')[] = ['plain', 'action', ...(distB ? (['b'] as const) : [])];
    for (let i = 0; i < rounds; i++) {
      // Rotated each round, so a trend in the machine's load favours no side.
      for (const k of sides.keys()) {
        const side = sides[(k + i) % sides.length] as 'action' | 'b' | 'plain';
        await run(side, `r${i}-${side}`, false);
      }
      if (cpuProf) await run('action', `r${i}-action-prof`, true);
    }
  } finally {
    await cleanup.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
