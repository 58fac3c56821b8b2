// Records the upload timeline of a real save against the local services under each network fault, on both
// save paths: `npx vite-node scripts/record-uploads.ts [scenario...]` (no root needed).
// Writes fixtures/uploads/<scenario>.json: the settings, the archive size, the save's status and error
// (if any) and the upload phase's timeline, as the profiler recorded it (100 ms sampler interval).
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_SCENARIO_NAMES, UPLOAD_SCENARIOS, type UploadScenarioName } from '../tools/lab/upload-scenarios.js';
import { observedSave } from '../src/save/observed-save.js';
import { cacheClientEnv, startLocalServices, withEnv } from '../tools/services/index.js';
import { sayUpload } from '../src/report/say/transfer.js';

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'uploads');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = (wanted.length > 0 ? wanted : UPLOAD_SCENARIO_NAMES) as UploadScenarioName[];
const root = path.join(os.tmpdir(), `dp-record-uploads-${process.pid}`);
const services = await startLocalServices();
try {
  const workspace = path.join(root, 'workspace');
  await mkdir(path.join(workspace, 'deps'), { recursive: true });
  // 40 MB that zstd cannot shrink: ten 4 MiB chunks on v1, one Put Blob on v2.
  await writeFile(path.join(workspace, 'deps', 'random.bin'), randomBytes(40_000_000));
  await mkdir(path.join(root, 'temp'), { recursive: true });
  await mkdir(here, { recursive: true });
  for (const name of names) {
    const scenario = UPLOAD_SCENARIOS[name];
    if (!scenario) throw new Error(`unknown scenario ${name} (known: ${UPLOAD_SCENARIO_NAMES.join(', ')})`);
    services.setSettings({ downloadBytesPerSecond: null, network: null, ...scenario.settings });
    const env = cacheClientEnv(services, { workspace, tempDir: path.join(root, 'temp') }, scenario.serviceVersion);
    const chunk = 'uploadChunkSize' in scenario ? scenario.uploadChunkSize : undefined;
    const saved = await withEnv(env, () =>
      observedSave({
        paths: ['deps'],
        key: `record-${name}-${Date.now()}`,
        enableCrossOsArchive: false,
        uploadChunkSize: chunk,
        workspace,
        runnerTemp: path.join(root, 'temp'),
        sampleIntervalMs: 100,
        log: () => {},
      }),
    );
    const phase = saved.phases.find((p) => p.name === 'upload');
    const out = {
      provenance: `recorded by scripts/record-uploads.ts on ${new Date().toISOString()} (${os.cpus().length} vCPU, Linux ${os.release()}, Node ${process.version}): a real saveCache (cache ${scenario.serviceVersion}) of a 40 MB archive to the local services with these settings`,
      scenario: name,
      settings: scenario.settings,
      serviceVersion: scenario.serviceVersion,
      uploadChunkSize: chunk ?? null,
      archiveBytes: saved.archiveBytes,
      status: saved.status,
      error: saved.error ?? null,
      upload: phase ? { startMs: phase.startMs, endMs: phase.endMs, networkBytes: phase.networkBytes ?? null } : null,
      timeline: phase?.uploadTimeline ?? null,
    };
    await writeFile(path.join(here, `${name}.json`), `${JSON.stringify(out, null, 1)}\n`);
    console.log(
      `${name}: ${saved.status}${saved.error ? ` (${saved.error.message})` : ''}, ${out.timeline?.requests.length ?? 0} requests, ${phase ? Math.round(phase.endMs - phase.startMs) : '-'} ms; verdict: ${saved.verdict?.upload ? sayUpload(saved.verdict.upload).sentence : 'none'}`,
    );
  }
} finally {
  await services.stop();
  await rm(root, { recursive: true, force: true });
}
