/**
 * `disk-profiler bench` (npm run bench): measures, in one run, the lab's verdicts, the adaptive fio
 * suite against 60 s reference probes, the observer's overhead on a restore, the sampler's CPU and
 * the memory of profiling a large restore, and prints ONE table (see BENCHMARKS.md).
 *   --only lab,probes,overhead,cost,memory,fixes,sampled-fixes,fix-applied,repeat-cost,download,upload   a subset
 *   (fix-applied: the What to do box's step, read from the rendered summary, run before plain restores; its saving against the measured one)
 *   (repeat-cost: a profiled repeat run with remembered ceilings against plain restoreCache, --pairs pairs)
 *   (repeat-steps: the same as a user pays it: dist/main.js + dist/post.js as processes against a plain drop-in's, --pairs rounds)
 *   --repeat-caches a,b   repeat-steps caches: lab, files-100k, slow-30s (all)
 *   --repeat-breakdown    repeat-steps also runs the action with the artifact, the export, the history off, and times bundle loads
 *   --download-scenarios a,b   download lab scenarios (every one with an intervention; see tools/lab/download-scenarios.ts)
 *   --upload-scenarios a,b     upload lab scenarios (the save's upload; see tools/lab/upload-scenarios.ts)
 *   --fix-applied-restore lab|slow   fix-applied on the lab's restore (default) or on one of 60-180 s, whose fix is measured on samples
 *   --slow-restores a,b   sampled-fixes scenarios: disk-iops,disk-bandwidth,cpu (all; see tools/lab/slow-restore-specs.ts)
 *   (sampled-fixes runs only when --only names it: restores of 60-180 s; the CPU-bound one about 64 minutes for 3 runs, the full runs twice each)
 *   --runs N            lab runs per scenario (3); each run = one profiled restore + the intervention
 *   --keep DIR          keep each lab run (profile + intervention) as DIR/<scenario>-run<N>.json
 *   --rejudge DIR       no measuring: judge the runs --keep wrote again with this build and print the lab rows
 *   --as-user NAME      lab: run each profiled step as that user (e.g. runner, passwordless sudo as on GitHub's hosted runners); setup and interventions stay root
 *   --scenarios a,b     lab (and fixes) scenarios to run (lab: all; fixes: disk-bandwidth,disk-iops,cpu,runner-7gib; see tools/lab/scenario-specs.ts)
 *   --pairs N           overhead pairs (6)
 *   --reference-seconds N  reference probe runtime (60)
 *   --probe-rounds N    reference runs per probe (1)
 *   --probe-disks gp3,vm   where to compare probes: a gp3-like throttled loop disk (root), this VM's disk
 *   --copies N          node_modules copies for the memory case (1; --large = 8, ~540k files, ~3.6 GB)
 *   --fill-gb N         top the memory tree up to N GB with large files of real content (--large: 5)
 */
import { useOwnMachineDir } from '../runner/machine-dir.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { startLab, type Lab } from '../lab/lab.js';
import { LAB_SCENARIOS, type LabScenarioName } from '../lab/scenarios.js';
import { isRoot } from '../../src/system/privilege.js';
import { benchLab, estimateLabSeconds, labRows, rejudgeLab } from '../bench/lab-runs.js';
import { benchMemory, memoryRows } from '../bench/memory.js';
import { benchFixes, fixesRows, FIXES_DEFAULT_SCENARIOS } from '../bench/fixes.js';
import { benchSampledFixes, FIRST_ROUNDS_LEFT_OUT, FULL_RUN_ROUNDS, FULL_RUN_SETS, sampledFixesRows } from '../bench/sampled-fixes.js';
import { slowRestoreList } from '../lab/slow-restore-specs.js';
import { benchOverhead, overheadRows } from '../bench/overhead.js';
import { benchFixApplied, FIX_APPLIED_SCENARIO, fixAppliedRestore, fixAppliedRows } from '../bench/fix-applied.js';
import { benchProbes, probeRows } from '../bench/probe-accuracy.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { LAB_PREFIX } from '../lab/paths.js';
import { createProvisionedDisk, describeLimits } from '../lab/provisioned-disk.js';
import { benchSamplerCost, samplerCostRows } from '../bench/sampler-cost.js';
import { benchRepeatCost, repeatCostRows } from '../bench/repeat-cost.js';
import { benchRepeatSteps, REPEAT_CACHES, repeatStepsRows } from '../bench/repeat-steps.js';
import { renderTable, type BenchRow } from '../bench/table.js';
import { benchDownloads, downloadRows } from '../bench/download-lab.js';
import { benchUploads, uploadRows } from '../bench/upload-lab.js';
import { UPLOAD_SCENARIO_NAMES } from '../lab/upload-scenarios.js';
import { DOWNLOAD_BENCH_SCENARIOS, DOWNLOAD_SCENARIO_NAMES, type DownloadScenarioName } from '../lab/download-scenarios.js';
import { distDir } from './dist-dir.js';
import { flag, parseArgs } from './args.js';
import { lookUpRunnerUser } from '../lab/run-as.js';

/** The bench's parts, in the order they run; `--only` names a subset. */
export const BENCH_PARTS = [
  'lab',
  'probes',
  'overhead',
  'cost',
  'memory',
  'fixes',
  'sampled-fixes',
  'fix-applied',
  'repeat-cost',
  'repeat-steps',
  'download',
  'upload',
] as const;
type Part = (typeof BENCH_PARTS)[number];
/** Parts run only when `--only` names them: the sampled fixes' lab restores 60-180 s, about an hour for 3 runs of the CPU-bound one. */
export const ON_ASK: readonly Part[] = ['sampled-fixes'];

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a positive integer, got ${value}`);
  return n;
}

export async function benchCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['large', 'repeat-breakdown']);
  const onlyRaw = flag(args, 'only');
  const parts = (onlyRaw ? onlyRaw.split(',').map((s) => s.trim()) : BENCH_PARTS.filter((p) => !ON_ASK.includes(p))) as Part[];
  const unknown = parts.filter((p) => !BENCH_PARTS.includes(p));
  if (unknown.length) throw new Error(`unknown bench part(s) ${unknown.join(', ')}; known: ${BENCH_PARTS.join(', ')}`);
  const runs = count(flag(args, 'runs'), 3, 'runs');
  const scenarios = labScenarios(flag(args, 'scenarios'));
  const pairs = count(flag(args, 'pairs'), 6, 'pairs');
  const referenceSeconds = count(flag(args, 'reference-seconds'), 60, 'reference-seconds');
  const probeRounds = count(flag(args, 'probe-rounds'), 1, 'probe-rounds');
  const probeDisks = (flag(args, 'probe-disks') ?? 'gp3,vm').split(',').map((s) => s.trim());
  const unknownDisks = probeDisks.filter((d) => d !== 'gp3' && d !== 'vm');
  if (unknownDisks.length) throw new Error(`unknown --probe-disks ${unknownDisks.join(', ')}; known: gp3, vm`);
  const copies = count(flag(args, 'copies'), args.flags.has('large') ? 8 : 1, 'copies');
  const fillGbRaw = flag(args, 'fill-gb');
  const fillGb = fillGbRaw === undefined ? (args.flags.has('large') ? 5 : 0) : Number(fillGbRaw);
  if (!(fillGb >= 0)) throw new Error(`--fill-gb takes a number of GB, got ${fillGbRaw}`);
  const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);

  if (!isRoot && parts.some((p) => p === 'lab' || p === 'overhead' || p === 'fixes' || p === 'sampled-fixes' || p === 'fix-applied')) {
    say('not root: the lab (loop devices, blkio, sysctls, cgroups) and drop_caches need root; skipping lab, overhead without dropping caches');
  }
  const started = Date.now();
  const rows: BenchRow[] = [];
  const rejudge = flag(args, 'rejudge');
  if (rejudge !== undefined) {
    if (!existsSync(rejudge)) throw new Error(`--rejudge ${rejudge}: no such directory; give the directory a --keep run wrote`);
    say(`lab re-judged from ${rejudge}: the kept profiles through this build's judge, against their own interventions`);
    const results = rejudgeLab(rejudge, scenarios, say);
    if (results.length === 0) throw new Error(`--rejudge ${rejudge}: no kept runs of ${scenarios.join(', ')} there`);
    const labTable = labRows(results);
    process.stdout.write(`\n${renderTable(labTable)}\n`);
    return labTable.every((r) => r.met !== false) ? 0 : 1;
  }
  const keep = flag(args, 'keep');
  const asUserName = flag(args, 'as-user');
  const needsServices = parts.some(
    (p) =>
      p === 'lab' ||
      p === 'overhead' ||
      p === 'memory' ||
      p === 'fixes' ||
      p === 'sampled-fixes' ||
      p === 'fix-applied' ||
      p === 'repeat-cost' ||
      p === 'repeat-steps',
  );
  let lab: Lab | undefined;
  // Every part profiles in a machine directory of the bench's own (tools/runner/machine-dir.ts), the lab's included;
  // removed on SIGINT/SIGTERM too (a bench stopped mid-run had left it, with its ledger records, in /tmp).
  const machineDir = new CleanupStack(say);
  machineDir.push("the bench's machine directory", useOwnMachineDir(`${LAB_PREFIX}bench-machine-`));
  try {
    if (needsServices) lab = await startLab({ projectRoot: path.resolve(distDir(), '..'), log: say });
    if (parts.includes('lab') && lab && isRoot) {
      const minutes = (estimateLabSeconds(scenarios, runs) / 60).toFixed(0);
      const asUser = asUserName === undefined ? undefined : lookUpRunnerUser(asUserName);
      say(
        `lab: ${scenarios.length} scenario(s) × ${runs} run(s), each a profiled restore${asUser ? ` (as user ${asUser.name})` : ''} + the plain restore with each controlled resource relaxed 2×; expected ~${minutes} min`,
      );
      rows.push(...labRows(await benchLab(lab, scenarios, runs, say, keep, asUser)));
    }
    if (parts.includes('probes')) {
      const common = { budgetMs: 30_000, referenceRuntimeMs: referenceSeconds * 1000, rounds: probeRounds, log: (l: string) => say(`  ${l}`) };
      if (probeDisks.includes('gp3') && isRoot) {
        say(`probes on a gp3-like disk (${describeLimits()}): adaptive, reference (${referenceSeconds} s per probe), adaptive`);
        rows.push(...probeRows(await onProvisionedDisk((targetPath) => benchProbes({ ...common, disk: 'gp3-like disk', targetPath, interleave: false }))));
      } else if (probeDisks.includes('gp3')) {
        say('not root: skipping the probes on a gp3-like disk (a throttled loop device needs root)');
      }
      if (probeDisks.includes('vm')) {
        say(`probes on this VM's disk: adaptive suites interleaved with ${probeRounds} reference run(s) per probe (${referenceSeconds} s each)`);
        rows.push(...probeRows(await inTempDir((targetPath) => benchProbes({ ...common, disk: "this VM's disk", targetPath, interleave: true }))));
      }
    }
    if (parts.includes('overhead') && lab) {
      say(`overhead: ${pairs} alternating pairs`);
      rows.push(...overheadRows(await benchOverhead(lab, pairs)));
    }
    if (parts.includes('repeat-cost') && lab) {
      say(`repeat-cost: ${pairs} alternating pairs`);
      rows.push(...repeatCostRows(await benchRepeatCost(lab, pairs, say)));
    }
    if (parts.includes('repeat-steps') && lab) {
      const caches = scenarioList(flag(args, 'repeat-caches'), REPEAT_CACHES, 'repeat-caches');
      const breakdown = args.flags.has('repeat-breakdown');
      say(`repeat-steps: ${caches.join(', ')} × ${pairs} alternating rounds${breakdown ? ', with the breakdown' : ''}`);
      rows.push(...repeatStepsRows(await benchRepeatSteps(lab, { caches, rounds: pairs, breakdown, distDir: distDir() }, say)));
    }
    if (parts.includes('cost')) {
      say('sampler cost: 5 runs of 10 s');
      rows.push(...samplerCostRows(await benchSamplerCost(5, 10_000)));
    }
    if (parts.includes('fixes') && lab && isRoot) {
      const scenarios = (flag(args, 'scenarios') ?? FIXES_DEFAULT_SCENARIOS.join(',')).split(',').map((x) => x.trim()) as LabScenarioName[];
      const bad = scenarios.filter((x) => !LAB_SCENARIOS.includes(x));
      if (bad.length) throw new Error(`unknown --scenarios ${bad.join(', ')}; known: ${LAB_SCENARIOS.join(', ')}`);
      say(`measured fixes: ${scenarios.join(', ')} × ${runs} runs (default experiments, then plain restores throttled and lifted)`);
      rows.push(...fixesRows(await benchFixes(lab, runs, scenarios, say)));
    }
    if (parts.includes('sampled-fixes') && lab && isRoot) {
      const slow = slowRestoreList(flag(args, 'slow-restores'));
      say(
        `sampled fixes: ${slow.join(', ')} (restores of 60–180 s) × ${runs} runs (default experiments on samples, then full runs of the same alternative, ${FULL_RUN_SETS} set of ${FULL_RUN_ROUNDS} rounds, its first ${FIRST_ROUNDS_LEFT_OUT} left out of the truth); ~22 min a run on the CPU-bound restore`,
      );
      rows.push(...sampledFixesRows(await benchSampledFixes(lab, runs, slow, say)));
    }
    if (parts.includes('fix-applied') && lab && isRoot) {
      const restore = fixAppliedRestore(flag(args, 'fix-applied-restore'));
      say(
        `fix applied: ${FIX_APPLIED_SCENARIO}${restore === 'slow' ? ' slowed to a restore of 60-180 s' : ''} × ${runs} runs (a profile with experiments: ram, then plain restores without and with the box's step, mirrored)`,
      );
      rows.push(...fixAppliedRows(await benchFixApplied(lab, runs, say, restore)));
    }
    if (parts.includes('download')) {
      const names = downloadScenarios(flag(args, 'download-scenarios'));
      say(`download lab: ${names.join(', ')} × ${runs} run(s), each a profiled restore + plain restores with the fault and each relaxation (mirrored)`);
      rows.push(...downloadRows(await benchDownloads(names, runs, say)));
    }
    if (parts.includes('upload')) {
      const names = scenarioList(flag(args, 'upload-scenarios'), UPLOAD_SCENARIO_NAMES, 'upload-scenarios');
      say(`upload lab: ${names.join(', ')} × ${runs} run(s), each a profiled save + plain saves with the fault and each relaxation (mirrored)`);
      rows.push(...uploadRows(await benchUploads(names, runs, say)));
    }
    if (parts.includes('memory') && lab) {
      rows.push(
        ...memoryRows(await benchMemory(lab, { projectRoot: path.resolve(distDir(), '..'), distDir: distDir(), copies, fillToBytes: fillGb * 1e9, log: say })),
      );
    }
  } finally {
    await lab?.stop();
    await machineDir.runAll();
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  process.stdout.write(
    `\n${renderTable(rows)}\n\n${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${os.release()}, Node ${process.version}; ${minutes} min; ${new Date().toISOString()}\n`,
  );
  return rows.every((r) => r.met !== false) ? 0 : 1;
}

export function downloadScenarios(value: string | undefined): DownloadScenarioName[] {
  return value === undefined ? [...DOWNLOAD_BENCH_SCENARIOS] : scenarioList(value, DOWNLOAD_SCENARIO_NAMES, 'download-scenarios');
}

function scenarioList<T extends string>(value: string | undefined, known: readonly T[], flagName: string): T[] {
  if (value === undefined) return [...known];
  const names = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(known as readonly string[]).includes(n));
  if (unknown.length || names.length === 0) throw new Error(`--${flagName} takes a comma-separated list, got '${value}'; known: ${known.join(', ')}`);
  return names as T[];
}

export function labScenarios(value: string | undefined): LabScenarioName[] {
  return scenarioList(value, LAB_SCENARIOS, 'scenarios');
}

async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}probes-`));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onProvisionedDisk<T>(fn: (mountPoint: string) => Promise<T>): Promise<T> {
  const cleanup = new CleanupStack((line) => process.stderr.write(`[bench] ${line}\n`));
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}gp3-`));
    cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    return await fn(createProvisionedDisk(cleanup, dir).mountPoint);
  } finally {
    await cleanup.runAll();
  }
}
