/**
 * The repeat-run cost as a user pays it (issue 40, item 4): the bundled action's main and post run as
 * processes, as a runner runs them (tools/runner/run-action.ts), with the default inputs and the
 * OpenTelemetry export on (to a local collector when one can be had), against a plain drop-in run the
 * same way (tools/bench/plain-action: restoreCache in its main, actions/cache's save check in its post),
 * in alternating rounds, each run after an untimed `sync`. A primer run first probes and remembers the
 * ceilings, and each other cache gets primer runs of its own until one repeats what they learned (its anatomy,
 * and what auto makes of a restore of its length), MAX_PRIMERS at most. A run counts as a repeat run where it used the remembered ceilings, ran no
 * experiment and its main left the tail to the follower (a main that waits says why). Caches: the lab's (tools/lab/workload), a generated 100k-file 1.5 GB one, and the lab's
 * throttled by the local services' download rate to a restore of about 30 s.
 * Where the time goes is measured by intervention, not read off logs: with `breakdown`, each round also
 * runs the action with one default changed (the artifact upload on, the export off, the history off), and
 * `node dist/main.js` / `node dist/post.js` with nothing to do against the plain bundle's and `node -e 0`.
 * A repeat run's main leaves the writeback tail to a detached follower (src/pipeline/follower.ts); the
 * post step, run here right after main with no job steps between, does not wait for what is left of it (it
 * cuts the tail there) but runs beside its writeback, so each row also says main's part alone and in how many
 * runs the tail was followed.
 * Meant for a quiet machine. As root each run restores onto a fresh ext4 loop device of its own, as a
 * runner restores onto a fresh VM's disk. Not into a directory the previous run's tree was just removed
 * from: ext4 skips inodes freed in the last minute when it allocates (ialloc.c `recently_deleted`, a
 * read of their inode table block each), so a 100k-file tree restored where another was just removed
 * took 13-45 s to extract against 3-5 s on a fresh file system (perf: 17-25 % of all CPU in
 * `recently_deleted` under `ext4_create`), and that varied more from run to run than the sides differ.
 * Without root the runs' directories are kept until the bench ends, for the same reason.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { STATE } from '../../src/pipeline/state.js';
import { REMEMBERED_LINE_START } from '../../src/pipeline/stages/remembered.js';
import { TAIL_WAIT_LINE_START } from '../../src/pipeline/tail-decision.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { isRoot } from '../../src/system/privilege.js';
import { cacheClientEnv, seedCache, type LocalServices } from '../services/index.js';
import type { Lab } from '../lab/lab.js';
import type { LabCacheEntry } from '../lab/cache-entry.js';
import { createLoopDisk } from '../lab/loop-disk.js';
import { LAB_PREFIX } from '../lab/paths.js';
import { withoutStdout } from '../lab/quiet.js';
import { runAction } from '../runner/run-action.js';
import { buildPlainAction } from './plain-action/build.js';
import { generateTree, type GeneratedTree } from './generated-cache.js';
import { collectorCanBeHad, startCollector, type RunningCollector } from './otel-collector.js';
import { fixed, median } from './stats.js';
import type { BenchRow } from './table.js';

export const REPEAT_CACHES = ['lab', 'files-100k', 'slow-30s'] as const;
export type RepeatCache = (typeof REPEAT_CACHES)[number];

/** The action with its defaults, the plain drop-in, and the action with one default changed (breakdown). */
export const REPEAT_SIDES = ['action', 'plain', 'with-artifact', 'no-export', 'no-history'] as const;
export type RepeatSide = (typeof REPEAT_SIDES)[number];

const GENERATED_FILES = 100_000;
const GENERATED_BYTES = 1.5e9;
const SLOW_RESTORE_SECONDS = 30;
/** Primer runs on a cache at most, until one of them is a repeat run. */
const MAX_PRIMERS = 4;
/**
 * Room for the largest cache restored twice over (tree + archive) on a run's loop device. The same size
 * for every run, so every run's disk has the same hardware fingerprint and the remembered ceilings hold.
 */
const LOOP_DISK_BYTES = 8 * 1024 ** 3;

export interface StepsRun {
  side: RepeatSide;
  mainMs: number;
  postMs: number;
  /** For the action's sides: whether it used remembered ceilings and ran no experiment (a repeat run). */
  repeat: boolean | null;
  /** The plain side only: `sync -f` of the workspace right after its post, the writeback the action waits for inside its main. */
  syncMs?: number;
  /** For the action's sides: main left the writeback tail to the detached follower (a repeat run: pipeline/follower.ts). */
  tailFollowed?: boolean;
  note?: string;
}

export interface IdleLoad {
  /** `node -e 0`, `node dist/main.js` and `node dist/post.js` with nothing to do, and the plain bundle's. */
  nodeMs: number[];
  actionMainMs: number[];
  actionPostMs: number[];
  plainMainMs: number[];
  plainPostMs: number[];
}

export interface RepeatStepsResult {
  cache: RepeatCache;
  description: string;
  runs: StepsRun[];
  rounds: number;
  exportOn: boolean;
  exportSkipped?: string;
}

export interface RepeatStepsOptions {
  caches: RepeatCache[];
  rounds: number;
  breakdown: boolean;
  distDir: string;
}

export async function benchRepeatSteps(
  lab: Lab,
  o: RepeatStepsOptions,
  say: (line: string) => void,
): Promise<{ results: RepeatStepsResult[]; idle: IdleLoad | null }> {
  const cleanup = new CleanupStack(say);
  try {
    const scratch = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}repeat-steps-`));
    cleanup.push(`remove ${scratch}`, () => rmSync(scratch, { recursive: true, force: true }));
    const plainDir = await buildPlainAction(path.join(scratch, 'plain-bundle'));
    let collector: RunningCollector | null = null;
    let exportSkipped: string | undefined;
    try {
      if (collectorCanBeHad()) {
        const started = await startCollector();
        collector = started;
        cleanup.push('stop the collector', () => started.stop());
      } else exportSkipped = 'no OpenTelemetry Collector here (scripts/otel-collector.sh needs Go)';
    } catch (error) {
      exportSkipped = `the local collector did not start: ${error instanceof Error ? error.message : String(error)}`;
    }
    const idle = o.breakdown ? measureIdle(o.distDir, plainDir, o.rounds) : null;
    const label = `repeat-steps-${Date.now().toString(36)}`;
    let runNumber = 0;
    const run = async (side: RepeatSide, entry: LabCacheEntry): Promise<StepsRun & { archiveBytes: number | null }> => {
      const place = runPlace(scratch, ++runNumber, say);
      const dir = path.join(place.root, `run-${runNumber}-${side}`);
      const workspace = mkdirOf(path.join(dir, 'workspace'));
      const temp = mkdirOf(path.join(dir, 'temp'));
      const inputs: Record<string, string> = { path: entry.paths.join('\n'), key: entry.key };
      if (side !== 'plain') {
        // The label names the history; each run's artifact a name of its own (one name is uploaded once per workflow run).
        Object.assign(inputs, { label, 'artifact-name': `disk-profile-${label}-${runNumber}` });
        if (collector && side !== 'no-export') inputs['otel-endpoint'] = collector.endpoint;
        if (side === 'with-artifact') inputs['upload-artifact'] = 'true';
        if (side === 'no-history') inputs.history = 'false';
      }
      const env = { ...cacheClientEnv(lab.services, { workspace, tempDir: temp }), GITHUB_RUN_ID: String(5000 + runNumber), GITHUB_RUN_ATTEMPT: '1' };
      // Untimed: what the previous run (and its removal) left dirty is written first, so no run pays for another.
      execFileSync('sync');
      let log = '';
      try {
        const r = await runAction({
          distDir: side === 'plain' ? plainDir : o.distDir,
          inputs,
          env,
          cwd: workspace,
          onOutput: (chunk) => (log += chunk),
        });
        if (r.mainExitCode !== 0 || r.postExitCode !== 0) throw new Error(`${side} run exited ${r.mainExitCode}/${r.postExitCode}: ${log.slice(-2000)}`);
        if (side === 'plain') {
          const syncStarted = performance.now();
          execFileSync('sync', ['-f', workspace]);
          return { side, mainMs: r.mainMs, postMs: r.postMs, repeat: null, archiveBytes: null, syncMs: performance.now() - syncStarted };
        }
        const profilePath = r.outputs['profile-path'];
        const profile = profilePath && existsSync(profilePath) ? readProfileFile(profilePath) : null;
        if (!profile?.restore?.cacheHit) throw new Error(`${side} run missed the cache: ${profile?.restore?.error?.message ?? 'no profile'}`);
        const lines = log.split('\n');
        // A main that waited for its tail was learning (a fix to measure, say), not repeating: it says why.
        const waitedWhy = lines.filter((l) => l.startsWith(TAIL_WAIT_LINE_START));
        const repeat = profile.ceilingsSource?.kind === 'remembered' && profile.auto?.experiments?.run !== true && waitedWhy.length === 0;
        // A repeat run also has the tree's anatomy remembered (tar asked for no report); where not, the note says so.
        const anatomy = profile.restore.anatomy?.source;
        const reasons = [
          ...(repeat ? [] : [profile.auto?.probes?.reason, profile.auto?.experiments?.reason]),
          anatomy === 'remembered' ? null : `the anatomy from ${anatomy ?? 'nowhere'}, not remembered.`,
        ].filter(Boolean);
        const tailFollowed = (r.state[STATE.writebackFollower] ?? '') !== '';
        // Why main waited, where it did, and what either step left for the next run.
        const said = [...reasons, ...waitedWhy, ...lines.filter((l) => l.startsWith(REMEMBERED_LINE_START))];
        const note = said.length > 0 ? said.join(' ') : undefined;
        return { side, mainMs: r.mainMs, postMs: r.postMs, repeat, tailFollowed, archiveBytes: profile.restore.archiveBytes, ...(note ? { note } : {}) };
      } finally {
        await place.release();
      }
    };

    const results: RepeatStepsResult[] = [];
    say('repeat-steps: a primer run of the action probes and remembers the ceilings');
    const primer = await run('action', lab.cache);
    const sides: RepeatSide[] = o.breakdown ? [...REPEAT_SIDES] : ['action', 'plain'];
    for (const cache of o.caches) {
      const { entry, description, restore } = await prepareCache(cache, lab, scratch, primer.archiveBytes, say);
      try {
        // Each cache's first restore here learns its regime (the tree's anatomy; what auto measures at this restore's length): not a repeat run.
        // A first restore can be far from the next (a cache just seeded: 21.8 s, then 8-10 s), and auto then
        // measures again at the new length: primers until one repeats what was learned, MAX_PRIMERS at most.
        for (let n = 1; cache !== 'lab' && n <= MAX_PRIMERS; n++) {
          say(
            `  primer run ${n} on this cache (${n === 1 ? `its first ${cache === 'slow-30s' ? 'restore at this rate' : 'restore here'}` : 'the one before learned something'})`,
          );
          const primed = await run('action', entry);
          if (primed.note) say(`    primer: ${primed.note}`);
          if (primed.repeat) break;
        }
        const runs: StepsRun[] = [];
        for (let round = 0; round < o.rounds; round++) {
          // Rotated each round, so a trend in the machine's load favours no side.
          const order = sides.map((_, i) => sides[(i + round) % sides.length] as RepeatSide);
          const line: string[] = [];
          for (const side of order) {
            const r = await run(side, entry);
            runs.push(r);
            line.push(`${side} ${fixed((r.mainMs + r.postMs) / 1000, 2)} s${r.repeat === false ? ' (not a repeat run)' : ''}`);
            if (r.note) say(`    ${side}: ${r.note}`);
          }
          say(`  ${cache} round ${round + 1}: ${line.join(', ')}`);
        }
        results.push({ cache, description, runs, rounds: o.rounds, exportOn: collector !== null, ...(exportSkipped ? { exportSkipped } : {}) });
      } finally {
        restore();
      }
    }
    return { results, idle };
  } finally {
    await cleanup.runAll();
  }
}

async function prepareCache(
  cache: RepeatCache,
  lab: Lab,
  scratch: string,
  labArchiveBytes: number | null,
  say: (line: string) => void,
): Promise<{ entry: LabCacheEntry; description: string; restore: () => void }> {
  if (cache === 'lab') return { entry: lab.cache, description: "the lab's cache (tools/lab/workload, ~87 MB in ~11k files)", restore: () => {} };
  if (cache === 'slow-30s') {
    if (!labArchiveBytes) throw new Error('repeat-steps: the primer run did not say the archive size to throttle to');
    const bytesPerSecond = Math.round(labArchiveBytes / SLOW_RESTORE_SECONDS);
    lab.services.setSettings({ downloadBytesPerSecond: bytesPerSecond });
    return {
      entry: lab.cache,
      description: `the lab's cache, its download throttled by the local services to ${fixed(bytesPerSecond / 1024, 0)} KiB/s (a ~${SLOW_RESTORE_SECONDS} s restore)`,
      restore: () => lab.services.setSettings({ downloadBytesPerSecond: null }),
    };
  }
  say(`  generating ${GENERATED_FILES} files, ${fixed(GENERATED_BYTES / 1e9, 1)} GB`);
  const { entry, tree } = await seedGeneratedCache(lab.services, scratch, GENERATED_FILES, GENERATED_BYTES);
  return { entry, description: `a generated cache (${tree.files} files, ${fixed(tree.bytes / 1e9, 2)} GB)`, restore: () => {} };
}

/** The generated cache (generated-cache.ts) in scratch, seeded into the services under a key of its own, path `deps`. */
export async function seedGeneratedCache(
  services: LocalServices,
  scratch: string,
  files: number,
  totalBytes: number,
): Promise<{ entry: LabCacheEntry; tree: GeneratedTree }> {
  const source = path.join(scratch, 'generated');
  const tree = generateTree(path.join(source, 'deps'), files, totalBytes);
  const key = `generated-${files}-${Date.now().toString(36)}`;
  const seedTemp = mkdirOf(path.join(scratch, 'seed-temp'));
  await withoutStdout(() => seedCache({ services, paths: ['deps'], key, workspace: source, tempDir: seedTemp }));
  // Kept (scratch goes when the bench ends): removed now, its 100k freed inodes would slow the next
  // minute's restores where they share its file system (without root; see runPlace).
  return { entry: { key, paths: ['deps'] }, tree };
}

/**
 * Where a run restores: as root a fresh loop device of its own, detached (with its image) after the run;
 * without root a directory in scratch, kept until the bench ends (scratch is removed then), so no run
 * restores beside inodes another run's removal has just freed.
 */
export function runPlace(scratch: string, runNumber: number, say: (line: string) => void): { root: string; release(): Promise<void> } {
  const dir = mkdirOf(path.join(scratch, `place-${runNumber}`));
  if (!isRoot) return { root: dir, release: async () => {} };
  const disk = new CleanupStack(say);
  try {
    const { mountPoint } = createLoopDisk(disk, { dir, sizeBytes: LOOP_DISK_BYTES });
    return {
      root: mountPoint,
      async release() {
        // Untimed: the run's writeback (and its follower's) ends before the disk goes, so unmounting waits for nothing.
        execFileSync('sync');
        await disk.runAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    void disk.runAll().catch(() => {});
    throw error;
  }
}

/** Process start and bundle load: each script with nothing to do (main without inputs fails at once; post without state returns). */
function measureIdle(distDir: string, plainDir: string, rounds: number): IdleLoad {
  const time = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const started = performance.now();
    spawnSync(process.execPath, args, { stdio: 'ignore', env: { PATH: process.env.PATH, ...env } });
    return performance.now() - started;
  };
  const out: IdleLoad = { nodeMs: [], actionMainMs: [], actionPostMs: [], plainMainMs: [], plainPostMs: [] };
  for (let i = 0; i < Math.max(5, rounds); i++) {
    out.nodeMs.push(time(['-e', '0']));
    out.actionMainMs.push(time([path.join(distDir, 'main.js')]));
    out.plainMainMs.push(time([path.join(plainDir, 'main.js')]));
    out.actionPostMs.push(time([path.join(distDir, 'post.js')]));
    out.plainPostMs.push(time([path.join(plainDir, 'post.js')]));
  }
  return out;
}

function mkdirOf(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

const totalOf = (r: StepsRun) => r.mainMs + r.postMs;
const sideRuns = (res: RepeatStepsResult, side: RepeatSide) => res.runs.filter((r) => r.side === side);

/** Per round, the side's total minus the other's in the same round. */
function perRoundExtra(res: RepeatStepsResult, side: RepeatSide, against: RepeatSide): number[] {
  const a = sideRuns(res, side);
  const b = sideRuns(res, against);
  return a.slice(0, b.length).map((r, i) => (totalOf(r) - totalOf(b[i] as StepsRun)) / 1000);
}

/** Per round, the action's main minus the plain drop-in's main (the post step waits for what is left of the follower's tail). */
function perRoundMainExtra(res: RepeatStepsResult): number[] {
  const a = sideRuns(res, 'action');
  const b = sideRuns(res, 'plain');
  return a.slice(0, b.length).map((r, i) => (r.mainMs - (b[i] as StepsRun).mainMs) / 1000);
}

const signed = (v: number | null) => `${v !== null && v >= 0 ? '+' : ''}${fixed(v, 2, ' s')}`;

function spread(values: number[], unit = ' s', digits = 2): string {
  return values.length > 0 ? `${fixed(Math.min(...values), digits)}…${fixed(Math.max(...values), digits)}${unit}` : '–';
}

const seconds = (ms: number[]) => fixed(median(ms) === null ? null : (median(ms) as number) / 1000, 2, ' s');

export const REPEAT_STEPS_TARGET_S = 0.3;

export function repeatStepsRows(out: { results: RepeatStepsResult[]; idle: IdleLoad | null }): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const res of out.results) {
    const extra = perRoundExtra(res, 'action', 'plain');
    const med = median(extra);
    const action = sideRuns(res, 'action');
    const plain = sideRuns(res, 'plain');
    const valid = action.every((r) => r.repeat === true) && res.exportOn;
    rows.push({
      section: 'Repeat run (steps)',
      measure: `${res.description}: the action's main + post as processes (defaults${res.exportOn ? ', export to a local collector' : ''}) − the plain drop-in's main + post (${res.rounds} alternating rounds${valid ? '' : `; NOT valid: ${res.exportOn ? 'not every run used remembered ceilings, ran no experiment and left its tail to the follower' : `export not measured (${res.exportSkipped ?? 'off'})`}`})`,
      result: `${med !== null && med >= 0 ? '+' : ''}${fixed(med, 2, ' s')} (spread ${spread(extra)}; main alone ${signed(median(perRoundMainExtra(res)))}, the tail followed in the background in ${action.filter((r) => r.tailFollowed).length}/${action.length} runs, cut where the post step begins, right after main; action ${seconds(action.map(totalOf))} = main ${seconds(action.map((r) => r.mainMs))} + post ${seconds(action.map((r) => r.postMs))}; plain ${seconds(plain.map(totalOf))} = main ${seconds(plain.map((r) => r.mainMs))} + post ${seconds(plain.map((r) => r.postMs))}, plain + syncfs ${seconds(plain.map((r) => totalOf(r) + (r.syncMs ?? 0)))})`,
      target: `≤ +${REPEAT_STEPS_TARGET_S} s`,
      met: valid && med !== null && med <= REPEAT_STEPS_TARGET_S,
    });
    for (const [withIt, without, what] of [
      ['with-artifact', 'action', 'the artifact upload (upload-artifact: true; off by default)'],
      ['action', 'no-export', 'the OpenTelemetry export to a local collector'],
      ['action', 'no-history', 'the history read and saved (history: true, the default)'],
    ] as const) {
      if (sideRuns(res, withIt).length === 0 || sideRuns(res, without).length === 0) continue;
      const cost = perRoundExtra(res, withIt, without);
      // A side that probed or ran experiments is no repeat run: its difference says nothing of the option.
      const repeatRuns = [...sideRuns(res, withIt), ...sideRuns(res, without)].every((r) => r.repeat === true);
      rows.push({
        section: 'Repeat run (steps)',
        measure: `${res.cache}: what ${what} costs a run (the action with it − without it, per round, local services${repeatRuns ? '' : '; NOT valid: a run probed or ran experiments'})`,
        result: `${fixed(median(cost), 2, ' s')} (spread ${spread(cost)})`,
        target: '–',
        met: null,
      });
    }
  }
  const idle = out.idle;
  if (idle) {
    const ms = (v: number[]) => fixed(median(v), 0, ' ms');
    rows.push({
      section: 'Repeat run (steps)',
      measure: 'process start and bundle load: `node dist/main.js` / `node dist/post.js` with nothing to do, against the plain bundle and `node -e 0`',
      result: `main ${ms(idle.actionMainMs)} (plain ${ms(idle.plainMainMs)}), post ${ms(idle.actionPostMs)} (plain ${ms(idle.plainPostMs)}), node alone ${ms(idle.nodeMs)}`,
      target: '–',
      met: null,
    });
  }
  return rows;
}
