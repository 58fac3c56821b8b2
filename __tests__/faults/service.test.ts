// Cache service faults through the bundled action and the local services: unreachable, 5xx (transient
// and persistent), slow, a download that stalls past the client's socket timeout, a body cut short,
// and a miss. Each is a visible line at the top of the summary; none fails the step unless
// fail-on-cache-miss asks; the runtime token never shows (checked by runFault on every run).
import { createServer } from 'node:net';
import { readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServices } from '../../tools/services/index.js';
import { removeDirs } from '../helpers/tree.js';
import { runFault, seededServices } from '../helpers/action-harness.js';

let services: LocalServices;
let root: string;
const key = 'deps-linux-fault';

beforeAll(async () => {
  ({ services, root } = await seededServices('faults-service', key, ['tar', '@actions/core']));
});

afterEach(() => services?.setSettings({ faults: {}, downloadBytesPerSecond: null, downloadUrls: 'azure' }));

/**
 * The blob faults below are checked on the single-stream path (one plain GET, as from a v1 server such as
 * GHES, whose storage is not Azure's): loopback download URLs. On the default *.blob.core.windows.net URLs
 * the Azure SDK retries each 4 MiB range and waits for its segment timeout instead.
 */
const singleStream = () => services.setSettings({ downloadUrls: 'loopback' });

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

/** Cache archives (cache.tzst, cache.tgz) left under a directory. */
function archivesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /cache\.t(zst|gz|ar)$/.test(f));
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const restoreInputs = { path: 'node_modules', key };

describe('cache service faults', () => {
  it('unreachable service: reported at the top, the step succeeds, fail-on-cache-miss fails it with the reason', async () => {
    const port = await closedPort();
    const unreachable = { ACTIONS_RESULTS_URL: `http://127.0.0.1:${port}/`, ACTIONS_CACHE_URL: `http://127.0.0.1:${port}/` };
    const r = await runFault({ services, root, name: 'unreachable', inputs: { ...restoreInputs, 'upload-artifact': 'true' }, env: unreachable });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.problems).toContain('Failed to restore during lookup');
    expect(r.problems).toContain('ECONNREFUSED');
    // The artifact service is the same host: the post step (which uploads the profile once it holds the save)
    // reports its failure under the Save section and in the log, and the profile stays on disk.
    expect(r.summary.slice(r.summary.indexOf('### Save'))).toMatch(/not uploaded as artifact/);
    expect(r.log).toMatch(/Warning: The profile was not uploaded as artifact/);
    expect(r.summary.split('\n')[0]).toMatch(/restore failed during lookup/);
    expect(r.summary.split('\n')[0]).not.toMatch(/cache miss/);
    expect(r.profile?.restore?.error?.phase).toBe('lookup');

    const failing = await runFault({ services, root, name: 'unreachable-fail', inputs: { ...restoreInputs, 'fail-on-cache-miss': 'true' }, env: unreachable });
    expect(failing.mainExitCode).toBe(1);
    expect(failing.log).toMatch(/fail-on-cache-miss is set.*ECONNREFUSED/);
    expect(failing.problems).toContain('ECONNREFUSED');
  });

  it('a transient 503 from the cache service is retried as actions/cache retries it, and the restore succeeds', async () => {
    services.setSettings({ faults: { twirp: { errorStatus: 503, errorCount: 1 } } });
    const r = await runFault({ services, root, name: 'transient-503', inputs: restoreInputs, env: {} });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit']).toBe('true');
    expect(r.log).toMatch(/Attempt 1 of 5 failed with error: Failed request: \(503\)/);
    // The retry's wait is part of the lookup, as users' actions/cache steps pay it.
    expect(Number(r.outputs['lookup-seconds'])).toBeGreaterThanOrEqual(2.9);
  });

  it('a persistent 5xx the client does not retry (501) fails the lookup at once; reported, step green', async () => {
    // 500/502/503/504 are retried five times over ~25 s by @actions/cache (see the 503 case); 501 is not.
    services.setSettings({ faults: { twirp: { errorStatus: 501 } } });
    const r = await runFault({ services, root, name: 'persistent-501', inputs: restoreInputs });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.problems).toMatch(/Failed to restore during lookup: .*non-retryable error: Failed request: \(501\)/);
    expect(r.summary.split('\n')[0]).toMatch(/restore failed during lookup/);
  });

  it('a 500 from the blob store fails the download, and the archive temp dir is left clean', async () => {
    singleStream();
    services.setSettings({ faults: { blob: { errorStatus: 500 } } });
    const r = await runFault({ services, root, name: 'blob-500', inputs: restoreInputs });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.profile?.restore?.error?.phase).toBe('download');
    expect(r.problems).toMatch(/Failed to restore during download: .*500/);
    expect(archivesUnder(r.runnerTemp)).toEqual([]);
  });

  it('a slow service: the delay lands in the lookup phase and the restore still succeeds', async () => {
    services.setSettings({ faults: { twirp: { delayMs: 1000 } } });
    const r = await runFault({ services, root, name: 'slow', inputs: restoreInputs, env: { ACTIONS_CACHE_SERVICE_V2: 'True' } });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit']).toBe('true');
    expect(Number(r.outputs['lookup-seconds'])).toBeGreaterThanOrEqual(1.0);
    expect(Number(r.outputs['download-seconds'])).toBeLessThan(1.0);
  });

  it('a download that stalls past the client socket timeout (5 s in @actions/cache) is a download failure', async () => {
    // 1000 B/s: the first 16 KiB burst goes out, the next slice would wait 16 s; the client gives up at 5 s.
    singleStream();
    services.setSettings({ downloadBytesPerSecond: 1000 });
    const r = await runFault({ services, root, name: 'stall', inputs: restoreInputs });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.profile?.restore?.error?.phase).toBe('download');
    expect(r.problems).toContain('Failed to restore during download');
    expect(Number(r.outputs['download-seconds'])).toBeGreaterThanOrEqual(4.5);
  });

  it('a body cut short is a download failure naming the sizes, not a corrupt extraction', async () => {
    singleStream();
    services.setSettings({ faults: { blob: { truncateAfterBytes: 4096 } } });
    const r = await runFault({ services, root, name: 'truncated-body', inputs: restoreInputs });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.profile?.restore?.error?.phase).toBe('download');
    expect(r.problems).toContain('Failed to restore during download');
    expect(r.profile?.restore?.anatomy).toBeUndefined();
    expect(r.problems).toMatch(/Incomplete download|aborted|ECONNRESET|terminated/i);
    expect(archivesUnder(r.runnerTemp)).toEqual([]);
  });

  it('a miss is a problem line naming the keys tried, not an error', async () => {
    const r = await runFault({ services, root, name: 'miss', inputs: { path: 'node_modules', key: 'nothing-here', 'restore-keys': 'nothing-' } });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.problems).toContain("Cache miss: no entry matched 'nothing-here', 'nothing-'");
    expect(r.profile?.restore?.error).toBeUndefined();
  });
});
