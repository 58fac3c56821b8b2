/**
 * The archive again: restoreCache deletes its archive right after extraction, so the experiments
 * download the same signed URL with the same @actions/cache downloadCache call the restore made
 * (the Azure SDK for v2, as restoreCacheV2 does). Timed: a second network figure. IO edge.
 */
import { statSync } from 'node:fs';
import { downloadCache } from '../restore/cache-internals.js';
import { monotonicMs } from '../util/clock.js';

export interface Refetched {
  durationMs: number;
  bytes: number;
}

export async function refetchArchive(downloadUrl: string, archivePath: string, serviceVersion: 'v1' | 'v2'): Promise<Refetched> {
  const started = monotonicMs();
  await downloadCache(downloadUrl, archivePath, serviceVersion === 'v2' ? { useAzureSdk: true } : undefined);
  return { durationMs: monotonicMs() - started, bytes: statSync(archivePath).size };
}
