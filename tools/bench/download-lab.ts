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
import { DOWNLOAD_SCENARIOS, type DownloadChange, type DownloadScenario, type DownloadScenarioName } from '../lab/download-scenarios.js';
import { sampledRestore } from '../lab/sampled-restore.js';
import type { DownloadVerdict } from '../../src/profile/schema.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices, type SettingsUpdate } from '../services/index.js';
import { monotonicMs } from '../../src/util/clock.js';
import { seconds } from '../../src/util/format.js';
import type { BenchRow } from './table.js';
import { boundShare, mirroredTimings, transferLabRows } from './transfer-lab.js';

const KEY = 'download-lab';
const ARCHIVE_BYTES = 40_000_000;

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

/** The what-if's restore time (baseline less what it says the change saves) over the measured one. */
export function whatIfShare(run: DownloadLabRun, change: DownloadChange): number | null {
  const w = run.verdict.whatIf.find((x) => x.change === change);
  const measured = run.relaxedMs[change];
  if (!w || measured === undefined) return null;
  return boundShare(run.baselineMs, run.downloadMs, w.downloadLowerBoundMs, measured);
}

export function downloadRows(results: readonly DownloadLabResult[]): BenchRow[] {
  return transferLabRows<DownloadChange, DownloadScenario, DownloadLabRun>(
    {
      section: 'Download lab',
      noun: 'restore',
      share: whatIfShare,
      injected: (scenario) => {
        const stall = 'stall' in scenario ? scenario.stall : undefined;
        // On the Azure path the SDK's HEAD comes before the GETs: the n-th GET is request n + 1.
        return stall ? { durationMs: stall.durationMs, requestId: stall.getNumber + (scenario.settings.downloadUrls === 'azure' ? 1 : 0) } : null;
      },
    },
    results,
  );
}
