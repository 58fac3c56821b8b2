/**
 * The download lab: each network fault of the local services on its download path, a profiled restore
 * judged from its download timeline, then plain restoreCache (no profiler) timed with the fault and with
 * each intervention, in mirrored order (B R.. ..R B). Checks that the verdict names the relaxation that
 * saved most, that each what-if is a lower bound at least 80% tight, and that an injected stall is found
 * within 0.5 s of its length, on the right request. Needs no root: everything is in the local services.
 */
import { restoreCache } from '@actions/cache';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { judgeDownload } from '../../src/judge/download-rules.js';
import { NOISE, TIGHTNESS } from '../lab/ground-truth.js';
import { DOWNLOAD_SCENARIOS, type DownloadChange, type DownloadScenario, type DownloadScenarioName, verdictAgrees } from '../lab/download-scenarios.js';
import { sampledRestore } from '../lab/sampled-restore.js';
import type { DownloadLimitKind, DownloadVerdict } from '../../src/profile/schema.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices, type SettingsUpdate } from '../services/index.js';
import { monotonicMs } from '../../src/util/clock.js';
import { formatNumber, seconds } from '../../src/util/format.js';
import type { BenchRow } from './table.js';
import { medianOrNaN as median } from './stats.js';

const KEY = 'download-lab';
const ARCHIVE_BYTES = 40_000_000;
/** A stall is found within this much of its injected length. */
const STALL_TOLERANCE_MS = 500;

export interface DownloadLabRun {
  verdict: DownloadVerdict;
  downloadMs: number;
  baselineMs: number;
  relaxedMs: Partial<Record<DownloadChange, number>>;
}

export interface DownloadLabResult {
  name: DownloadScenarioName;
  scenario: DownloadScenario;
  runs: DownloadLabRun[];
}

async function seeded(root: string): Promise<LocalServices> {
  const services = await startLocalServices();
  const source = path.join(root, 'source');
  await mkdir(path.join(source, 'deps'), { recursive: true });
  await writeFile(path.join(source, 'deps', 'blob.bin'), randomBytes(ARCHIVE_BYTES));
  await mkdir(path.join(root, 'temp'));
  await seedCache({ services, paths: ['deps'], key: KEY, workspace: source, tempDir: path.join(root, 'temp') });
  return services;
}

export async function benchDownloads(names: readonly DownloadScenarioName[], runs: number, log: (line: string) => void): Promise<DownloadLabResult[]> {
  const root = path.join(os.tmpdir(), `dp-download-lab-${process.pid}`);
  await mkdir(root, { recursive: true });
  const services = await seeded(root);
  let n = 0;
  const env = async (name: string) => {
    const workspace = path.join(root, `w${++n}-${name}`);
    await mkdir(workspace, { recursive: true });
    return { workspace, env: cacheClientEnv(services, { workspace, tempDir: path.join(root, 'temp') }, 'v2') };
  };
  // Every restore starts from the same settings: the GET counts of held or cut requests start again.
  const apply = (settings: SettingsUpdate) => services.setSettings({ downloadBytesPerSecond: null, network: null, ...settings });
  const plain = async (settings: SettingsUpdate): Promise<number> => {
    apply(settings);
    const w = await env('plain');
    const started = monotonicMs();
    await withEnv(w.env, () => restoreCache(['deps'], KEY));
    const ms = monotonicMs() - started;
    await rm(w.workspace, { recursive: true, force: true });
    return ms;
  };
  const results: DownloadLabResult[] = [];
  try {
    for (const name of names) {
      const scenario: DownloadScenario = DOWNLOAD_SCENARIOS[name];
      const result: DownloadLabResult = { name, scenario, runs: [] };
      for (let run = 1; run <= runs; run++) {
        apply(scenario.settings);
        const w = await env('profiled');
        const timed = await withEnv(w.env, () => sampledRestore({ paths: ['deps'], primaryKey: KEY }));
        await rm(w.workspace, { recursive: true, force: true });
        const timeline = timed.phases.find((p) => p.name === 'download')?.downloadTimeline;
        if (!timeline) throw new Error(`${name}: the profiled restore recorded no download timeline (${timed.restore.error?.message ?? 'no download'})`);
        const verdict = judgeDownload(timeline, timed.restore.archiveBytes);
        const changes = Object.keys(scenario.relaxed) as DownloadChange[];
        const timings = await mirroredTimings(changes, (c) => plain(c === null ? scenario.settings : (scenario.relaxed[c] as SettingsUpdate)));
        const r: DownloadLabRun = { verdict, downloadMs: timeline.endMs - timeline.startMs, ...timings };
        result.runs.push(r);
        log(
          `download ${name} run ${run}: ${verdict.limit}; baseline ${seconds(r.baselineMs)}${changes.map((c) => `, ${c} ${seconds(r.relaxedMs[c] ?? Number.NaN)}`).join('')}`,
        );
      }
      results.push(result);
    }
  } finally {
    await services.stop();
    await rm(root, { recursive: true, force: true });
  }
  return results;
}

/**
 * One run's plain timings, mirrored (B R1 R2 R2 R1 B) so a trend in the shared machine's load cancels:
 * the baseline's median and each relaxation's (`time(null)` is the baseline). Shared with the upload lab.
 */
export async function mirroredTimings<C extends string>(
  changes: readonly C[],
  time: (change: C | null) => Promise<number>,
): Promise<{ baselineMs: number; relaxedMs: Partial<Record<C, number>> }> {
  const relaxed = new Map<C, number[]>(changes.map((c) => [c, []]));
  const baseline = [await time(null)];
  for (const c of [...changes, ...[...changes].reverse()]) relaxed.get(c)?.push(await time(c));
  baseline.push(await time(null));
  return {
    baselineMs: median(baseline),
    relaxedMs: Object.fromEntries(changes.map((c) => [c, median(relaxed.get(c) ?? [])])) as Partial<Record<C, number>>,
  };
}

/**
 * The change whose relaxation saved most in a run, or null when none saved 10% of the baseline. Shared
 * with the upload lab (upload-lab.ts): any run with a baseline and its relaxed timings.
 */
export function bestChange<C extends string>(run: { baselineMs: number; relaxedMs: Partial<Record<C, number>> }): { change: C; savedMs: number } | null {
  let best: { change: C; savedMs: number } | null = null;
  for (const [change, ms] of Object.entries(run.relaxedMs) as [C, number][]) {
    const savedMs = run.baselineMs - ms;
    if (savedMs >= 0.1 * run.baselineMs && (!best || savedMs > best.savedMs)) best = { change, savedMs };
  }
  return best;
}

/**
 * A what-if's share of the measured time: the plain run's time less what the what-if says the change
 * saves of the transfer (its time less the bound), over the relaxed plain run's. Shared with the upload lab.
 */
export function boundShare(baselineMs: number, transferMs: number, lowerBoundMs: number, measuredMs: number): number {
  return (baselineMs - (transferMs - lowerBoundMs)) / measuredMs;
}

/** The what-if's restore time (baseline less what it says the change saves) over the measured one. */
export function whatIfShare(run: DownloadLabRun, change: DownloadChange): number | null {
  const w = run.verdict.whatIf.find((x) => x.change === change);
  const measured = run.relaxedMs[change];
  if (!w || measured === undefined) return null;
  return boundShare(run.baselineMs, run.downloadMs, w.downloadLowerBoundMs, measured);
}

/** One run of a transfer lab as its rows read it: the verdict's limit, the plain timings, each what-if's share. */
export interface RelaxationRun<C extends DownloadChange> {
  limit: DownloadLimitKind;
  baselineMs: number;
  relaxedMs: Partial<Record<C, number>>;
  share: (change: C) => number | null;
}

/**
 * A transfer lab scenario's verdict row and one what-if row per relaxation, by the lab's rule for every
 * what-if (ground-truth.ts): a lower bound within the measurement's NOISE, at least TIGHTNESS of it.
 * Shared by the download and the upload labs; `noun` is what the shares are of (the restore, the save).
 */
export function relaxationRows<C extends DownloadChange>(
  section: string,
  noun: string,
  name: string,
  intended: DownloadLimitKind,
  changes: readonly C[],
  runs: readonly RelaxationRun<C>[],
): BenchRow[] {
  const agreeing = runs.filter((r) => {
    const best = bestChange(r);
    return best ? verdictAgrees(r.limit, best.change) : r.limit === intended;
  }).length;
  const limits = [...new Set(runs.map((r) => r.limit))].join('/');
  const best = runs.map(bestChange).filter((b) => b !== null);
  const rows: BenchRow[] = [
    {
      section,
      measure: `${name}: verdict vs intervention`,
      result: `${limits} (${agreeing}/${runs.length} agree${best.length ? `; best relaxation ${best[0]?.change}, saved ${seconds(median(best.map((b) => b.savedMs)))}` : ''})`,
      target: 'the verdict names the relaxation that saved most, every run',
      met: agreeing === runs.length,
    },
  ];
  for (const change of changes) {
    const shares = runs.map((r) => r.share(change)).filter((s): s is number => s !== null);
    const bound = shares.filter((s) => s <= 1 + NOISE).length;
    const tight = shares.filter((s) => s <= 1 + NOISE && s >= TIGHTNESS).length;
    rows.push({
      section,
      measure: `${name}: what-if ${change}`,
      result: `lower bound ${bound}/${shares.length}, ≥80% tight ${tight}/${shares.length} (median ${formatNumber(median(shares) * 100)}% of the measured ${noun}; per run ${shares.map((x) => `${Math.round(x * 100)}%`).join(', ')})`,
      target: 'lower bound (≤ 105%) and tight (≥ 80%), every run',
      met: shares.length > 0 && tight === shares.length,
    });
  }
  return rows;
}

export function downloadRows(results: readonly DownloadLabResult[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const { name, scenario, runs } of results) {
    rows.push(
      ...relaxationRows(
        'Download lab',
        'restore',
        name,
        scenario.intended,
        Object.keys(scenario.relaxed) as DownloadChange[],
        runs.map((r) => ({ limit: r.verdict.limit, baselineMs: r.baselineMs, relaxedMs: r.relaxedMs, share: (c: DownloadChange) => whatIfShare(r, c) })),
      ),
    );
    const stall = 'stall' in scenario ? scenario.stall : undefined;
    if (stall) {
      const wantedId = stall.getNumber + (scenario.settings.downloadUrls === 'azure' ? 1 : 0);
      const found = runs.map((r) => r.verdict.stalls.find((s) => s.requestId === wantedId));
      const within = found.filter((s) => s && Math.abs(s.durationMs - stall.durationMs) <= STALL_TOLERANCE_MS).length;
      rows.push({
        section: 'Download lab',
        measure: `${name}: stall found`,
        result: `${within}/${runs.length} on request #${wantedId} within 0.5 s (median ${seconds(median(found.map((s) => s?.durationMs ?? Number.NaN)))} for ${seconds(stall.durationMs)})`,
        target: 'within 0.5 s of where and how long it was injected',
        met: within === runs.length,
      });
    }
  }
  return rows;
}
