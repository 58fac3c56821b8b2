/**
 * The upload lab: each network fault of the local services on its save path, a profiled save judged from
 * its upload timeline, then plain saveCache (no profiler) timed with the fault and with each intervention,
 * in mirrored order (B R.. ..R B), as the download lab does (download-lab.ts; the rows both read are in transfer-lab.ts). Checks that the verdict names
 * the relaxation that saved most, that each what-if is a lower bound at least 80% tight, and that an
 * injected stall is found within 0.5 s of its length. Needs no root: everything is in the local services.
 */
import { saveCache } from '@actions/cache';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { boundShare, mirroredTimings, transferLabRows } from './transfer-lab.js';
import { injectedStall, UPLOAD_SCENARIOS, type UploadScenario, type UploadScenarioName } from '../lab/upload-scenarios.js';
import type { UploadVerdict, UploadWhatIf } from '../../src/profile/schema.js';
import { judgedSave } from '../../src/pipeline/judged-save.js';
import { cacheClientEnv, startLocalServices, withEnv, type SettingsUpdate } from '../services/index.js';
import { monotonicMs } from '../../src/util/clock.js';
import { seconds } from '../../src/util/format.js';
import type { BenchRow } from './table.js';

type UploadChange = UploadWhatIf['change'];
const ARCHIVE_BYTES = 40_000_000;

export interface UploadLabRun {
  verdict: UploadVerdict;
  uploadMs: number;
  /** Plain saveCache, whole, with the fault (median of the two mirrored runs). */
  baselineMs: number;
  relaxedMs: Partial<Record<UploadChange, number>>;
}

export interface UploadLabResult {
  name: UploadScenarioName;
  scenario: UploadScenario;
  runs: UploadLabRun[];
}

export async function benchUploads(names: readonly UploadScenarioName[], runs: number, log: (line: string) => void): Promise<UploadLabResult[]> {
  const root = path.join(os.tmpdir(), `dp-upload-lab-${process.pid}`);
  const workspace = path.join(root, 'workspace');
  await mkdir(path.join(workspace, 'deps'), { recursive: true });
  await mkdir(path.join(root, 'temp'), { recursive: true });
  await writeFile(path.join(workspace, 'deps', 'blob.bin'), randomBytes(ARCHIVE_BYTES));
  const services = await startLocalServices();
  let n = 0;
  // Every save starts from the same settings (the counts of held or cut requests start again) and a key of its own.
  const apply = (settings: SettingsUpdate) => services.setSettings({ downloadBytesPerSecond: null, network: null, ...settings });
  const env = (s: UploadScenario) => cacheClientEnv(services, { workspace, tempDir: path.join(root, 'temp') }, s.serviceVersion);
  const chunk = (s: UploadScenario) => s.uploadChunkSize;
  const plain = async (s: UploadScenario, settings: SettingsUpdate): Promise<number> => {
    apply(settings);
    const key = `upload-lab-plain-${++n}`;
    const started = monotonicMs();
    await withEnv(env(s), () => saveCache(['deps'], key, chunk(s) === undefined ? undefined : { uploadChunkSize: chunk(s) }));
    return monotonicMs() - started;
  };
  const results: UploadLabResult[] = [];
  const cwd = process.cwd();
  try {
    // saveCache globs its paths from the working directory, which on a runner is the workspace.
    process.chdir(workspace);
    for (const name of names) {
      const scenario: UploadScenario = UPLOAD_SCENARIOS[name];
      const result: UploadLabResult = { name, scenario, runs: [] };
      for (let run = 1; run <= runs; run++) {
        apply(scenario.settings);
        const saved = await withEnv(env(scenario), () =>
          judgedSave({
            paths: ['deps'],
            key: `upload-lab-profiled-${++n}`,
            enableCrossOsArchive: false,
            uploadChunkSize: chunk(scenario),
            workspace,
            runnerTemp: path.join(root, 'temp'),
            sampleIntervalMs: 100,
            log: () => {},
          }),
        );
        const timeline = saved.phases.find((p) => p.name === 'upload')?.uploadTimeline;
        const verdict = saved.verdict?.upload;
        if (!timeline || !verdict)
          throw new Error(`${name}: the profiled save recorded no upload timeline (${saved.error?.message ?? saved.reason ?? saved.status})`);
        const changes = Object.keys(scenario.relaxed) as UploadChange[];
        const timings = await mirroredTimings(changes, (c) => plain(scenario, c === null ? scenario.settings : (scenario.relaxed[c] as SettingsUpdate)));
        const r: UploadLabRun = { verdict, uploadMs: timeline.endMs - timeline.startMs, ...timings };
        result.runs.push(r);
        log(
          `upload ${name} run ${run}: ${verdict.limit}; baseline ${seconds(r.baselineMs)}${changes.map((c) => `, ${c} ${seconds(r.relaxedMs[c] ?? Number.NaN)}`).join('')}`,
        );
      }
      results.push(result);
    }
  } finally {
    process.chdir(cwd);
    await services.stop();
    await rm(root, { recursive: true, force: true });
  }
  return results;
}

/** The what-if's save time (baseline less what it says the change saves) over the measured one. */
function whatIfShare(run: UploadLabRun, change: UploadChange): number | null {
  const w = run.verdict.whatIf.find((x) => x.change === change);
  const measured = run.relaxedMs[change];
  if (!w || measured === undefined) return null;
  return boundShare(run.baselineMs, run.uploadMs, w.uploadLowerBoundMs, measured);
}

export function uploadRows(results: readonly UploadLabResult[]): BenchRow[] {
  return transferLabRows<UploadChange, UploadScenario, UploadLabRun>(
    {
      section: 'Upload lab',
      noun: 'save',
      share: whatIfShare,
      injected: (scenario) => {
        const stall = injectedStall(scenario);
        return stall ? { durationMs: stall.durationMs, requestId: null } : null;
      },
    },
    results,
  );
}
