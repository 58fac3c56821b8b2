// Records the download timeline of a real restore against the local services under each network fault,
// on both download paths: `npx vite-node scripts/record-downloads.ts [scenario...]` (no root needed).
// Writes fixtures/downloads/<scenario>.json: the settings, the archive size, the restore's error (if
// any) and the download phase's timeline, as the profiler recorded it (100 ms sampler interval).
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampledRestore } from '../tools/lab/sampled-restore.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type SettingsUpdate } from '../tools/services/index.js';
import { DOWNLOAD_SCENARIOS } from '../tools/lab/download-scenarios.js';

const SCENARIOS: Record<string, SettingsUpdate> = Object.fromEntries(
  Object.entries(DOWNLOAD_SCENARIOS).map(([name, s]) => [name, s.settings as SettingsUpdate]),
);

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'downloads');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(SCENARIOS);
const root = path.join(os.tmpdir(), `dp-record-downloads-${process.pid}`);
const services = await startLocalServices();
try {
  const source = path.join(root, 'source', 'deps');
  await mkdir(source, { recursive: true });
  // 40 MB that zstd cannot shrink: ten of the SDK's 4 MiB ranges, a few seconds at 16 MB/s.
  await writeFile(path.join(source, 'random.bin'), randomBytes(40_000_000));
  await mkdir(path.join(root, 'temp'), { recursive: true });
  await seedCache({ services, paths: ['deps'], key: 'record', workspace: path.join(root, 'source'), tempDir: path.join(root, 'temp') });
  for (const name of names) {
    const settings = SCENARIOS[name];
    if (!settings) throw new Error(`unknown scenario ${name} (known: ${Object.keys(SCENARIOS).join(', ')})`);
    services.setSettings({ downloadBytesPerSecond: null, network: null, ...settings });
    const workspace = path.join(root, name);
    await mkdir(workspace, { recursive: true });
    const env = cacheClientEnv(services, { workspace, tempDir: path.join(root, 'temp') }, 'v2');
    const timed = await withEnv(env, () => sampledRestore({ paths: ['deps'], primaryKey: 'record' }));
    const download = timed.phases.find((p) => p.name === 'download');
    const out = {
      provenance: `recorded by scripts/record-downloads.ts on ${new Date().toISOString()} (${os.cpus().length} vCPU, Linux ${os.release()}, Node ${process.version}): a real restoreCache download of a 40 MB archive from the local services (Azurite behind the blob route) with these settings`,
      scenario: name,
      settings,
      archiveBytes: timed.restore.archiveBytes,
      error: timed.restore.error ?? null,
      download: download ? { startMs: download.startMs, endMs: download.endMs, networkBytes: download.networkBytes ?? null } : null,
      timeline: download?.downloadTimeline ?? null,
    };
    await writeFile(path.join(here, `${name}.json`), `${JSON.stringify(out, null, 1)}\n`);
    console.log(
      `${name}: ${timed.restore.error ? `error ${timed.restore.error.message}` : 'ok'}, ${out.timeline?.requests.length ?? 0} requests, ${download ? Math.round(download.endMs - download.startMs) : '-'} ms`,
    );
  }
} finally {
  await services.stop();
  await rm(root, { recursive: true, force: true });
}
