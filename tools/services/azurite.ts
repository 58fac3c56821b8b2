/**
 * Runs Azurite (Microsoft's Blob Storage emulator) as a child process: the blob store behind the local
 * cache and artifact services. Azurite ignores SIGTERM; stop() closes its stdin (see STDIN_TIED_MAIN)
 * and escalates to SIGKILL after a short grace period.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import { ProfilerError } from '../../src/util/errors.js';

export interface AzuriteProcess {
  host: string;
  port: number;
  pid: number;
  /** Path-style account endpoint: http://host:port/devstoreaccount1 */
  accountUrl: string;
  stop(): Promise<void>;
}

export const DEV_ACCOUNT_NAME = 'devstoreaccount1';
/** Azurite's well-known development key (public, documented by Microsoft; not a secret). */
export const DEV_ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 300;

export async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function azuriteBlobMain(): string {
  const require = createRequire(import.meta.url);
  try {
    return require.resolve('azurite/dist/src/blob/main.js');
  } catch {
    throw new ProfilerError(
      'Azurite is not installed, so the local cache and artifact services cannot start.',
      'Run `npm ci` in the disk-profiler checkout (azurite is a dependency).',
    );
  }
}

/**
 * Runs Azurite's blob entry point in a process that exits as soon as its stdin closes, which happens
 * when this process exits or dies by any signal (even SIGKILL or Ctrl-C without cleanup): no orphaned
 * Azurite. Azurite parses process.argv, so the wrapper restores the argv it expects.
 * Its HTTP server gets no requestTimeout: Node would otherwise answer 408 to an upload whose body takes
 * over 5 minutes to arrive, which a capped or held upload (network.upload) passed on to it may.
 */
const STDIN_TIED_MAIN = [
  'const [main, ...args] = process.argv.slice(1);',
  'process.argv = [process.argv[0], main, ...args];',
  "process.stdin.on('end', () => process.exit(0)).on('error', () => process.exit(0)).resume();",
  "const http = require('node:http');",
  'const createServer = http.createServer;',
  'http.createServer = (...options) => Object.assign(createServer(...options), { requestTimeout: 0 });',
  'require(main);',
].join('\n');

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  const gone = await Promise.race([exited(child).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), STOP_GRACE_MS))]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

async function startOnce(host: string, log: (line: string) => void): Promise<AzuriteProcess | 'port-taken'> {
  const port = await freePort(host);
  const child = spawn(
    process.execPath,
    [
      '-e',
      STDIN_TIED_MAIN,
      azuriteBlobMain(),
      '--inMemoryPersistence',
      '--blobHost',
      host,
      '--blobPort',
      String(port),
      '--silent',
      '--skipApiVersionCheck',
      '--loose',
      // Off: azurite sends Application Insights telemetry by default (a lookup of an Azure host from every test
      // run, and its retry cache left in /tmp as appInsights-node*).
      '--disableTelemetry',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  // Belt and braces with the stdin tie: kill it on a normal exit that skipped stop().
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stderrLines: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .forEach((l) => {
        log(`azurite: ${l}`);
      }),
  );
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    for (const line of text.split('\n').filter(Boolean)) {
      stderrLines.push(line);
      log(`azurite: ${line}`);
    }
  });
  const stop = async (): Promise<void> => {
    await killChild(child);
    process.removeListener('exit', killOnExit);
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      process.removeListener('exit', killOnExit);
      if (stderrLines.some((l) => l.includes('EADDRINUSE'))) return 'port-taken';
      throw new ProfilerError(
        `Azurite exited during startup (${child.exitCode ?? child.signalCode}): ${stderrLines.slice(-3).join(' | ')}`,
        'Check that Node can run node_modules/azurite and that loopback networking works.',
      );
    }
    if (await portAnswers(host, port)) {
      if (child.pid === undefined) throw new Error('Azurite has no pid');
      return { host, port, pid: child.pid, accountUrl: `http://${host}:${port}/${DEV_ACCOUNT_NAME}`, stop };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new ProfilerError(
    `Azurite did not answer on ${host}:${port} within ${STARTUP_TIMEOUT_MS} ms.`,
    'The machine may be overloaded; retry, or check `node node_modules/azurite/dist/src/blob/main.js --help` runs.',
  );
}

/** Starts Azurite on a free loopback port and resolves once the port answers. */
export async function startAzurite(options: { host?: string; log?: (line: string) => void } = {}): Promise<AzuriteProcess> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  // Another process can take the free port between the probe and Azurite's listen: retry a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await startOnce(host, log);
    if (started !== 'port-taken') return started;
  }
  throw new ProfilerError('Azurite could not bind a free port after 3 attempts.', 'Something is grabbing loopback ports quickly; retry.');
}
