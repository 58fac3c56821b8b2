/**
 * A real OpenTelemetry Collector on 127.0.0.1, for the export's tests and the repeat-run bench: the binary
 * scripts/otel-collector.sh builds (once, cached), the OTLP/HTTP receiver on a free port, and the file
 * exporter writing what it received as OTLP JSON lines, one file per signal. With `githubSecret`, the
 * GitHub receiver's webhook too (on another free port, checking that secret), feeding the same traces file:
 * the script's `github` collector.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandAvailable } from '../../src/system/sys.js';
import { ProfilerError } from '../../src/util/errors.js';

export const COLLECTOR_SCRIPT = 'scripts/otel-collector.sh';

/** The script, found upwards from this module (tools/bench under vitest, dist/ when bundled). */
export function collectorScript(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, COLLECTOR_SCRIPT);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** The script's collectors: `export` (OTLP in, file and Prometheus out), `github` (also the GitHub receiver). */
export type CollectorFlavour = 'export' | 'github';

/** Whether the collector can be had here: built already (the script's `--path`), or Go to build it. */
export function collectorCanBeHad(flavour: CollectorFlavour = 'export'): boolean {
  const script = collectorScript();
  if (!script) return false;
  const cached = execFileSync(script, ['--path', flavour], { encoding: 'utf8' }).trim();
  return fs.existsSync(cached) || commandAvailable('go');
}

/** The binary's path, building it the first time (a minute or more with a warm Go module cache). */
export function collectorBinary(flavour: CollectorFlavour = 'export'): string {
  const script = collectorScript();
  if (!script) throw new ProfilerError(`${COLLECTOR_SCRIPT} not found.`, 'Run from a checkout of the repository.');
  return execFileSync(script, [flavour], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 900_000 }).trim();
}

export interface RunningCollector {
  /** The OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT). */
  endpoint: string;
  /** With `prometheus`: the Prometheus exporter's scrape URL (metrics made cumulative by deltatocumulative). */
  prometheusUrl: string | null;
  /** With `githubSecret`: the GitHub receiver's webhook URL (POST GitHub's webhook deliveries there). */
  githubWebhookUrl: string | null;
  /** The received requests of a signal so far, one parsed OTLP JSON request each. */
  received(signal: 'traces' | 'metrics'): unknown[];
  /** Waits until at least n requests of a signal were written. */
  waitFor(signal: 'traces' | 'metrics', n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startCollector(options: { prometheus?: boolean; githubSecret?: string } = {}): Promise<RunningCollector> {
  const binary = collectorBinary(options.githubSecret ? 'github' : 'export');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-otelcol-'));
  const port = await freePort();
  const prometheusPort = options.prometheus ? await freePort() : null;
  const github = options.githubSecret ? { port: await freePort(), secret: options.githubSecret } : null;
  const files = { traces: path.join(dir, 'traces.jsonl'), metrics: path.join(dir, 'metrics.jsonl') };
  fs.writeFileSync(path.join(dir, 'config.yaml'), collectorConfig(port, files, prometheusPort, github));
  const child = spawn(binary, ['--config', path.join(dir, 'config.yaml')], { stdio: ['ignore', 'ignore', 'pipe'] });
  await ready(child);
  // Whole lines only: the file exporter flushes in 4 KiB pieces, so the last line may still be arriving.
  const read = (signal: 'traces' | 'metrics'): unknown[] =>
    fs.existsSync(files[signal])
      ? fs
          .readFileSync(files[signal], 'utf8')
          .split('\n')
          .slice(0, -1)
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as unknown)
      : [];
  return {
    endpoint: `http://127.0.0.1:${port}`,
    prometheusUrl: prometheusPort ? `http://127.0.0.1:${prometheusPort}/metrics` : null,
    githubWebhookUrl: github ? `http://127.0.0.1:${github.port}/events` : null,
    received: read,
    async waitFor(signal, n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (read(signal).length < n) {
        if (Date.now() > deadline) throw new Error(`the collector wrote fewer than ${n} ${signal} requests within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function collectorConfig(
  port: number,
  files: { traces: string; metrics: string },
  prometheusPort: number | null,
  github: { port: number; secret: string } | null,
): string {
  // The receiver's config must name a scraper; the scraper runs only in a metrics pipeline, which it is not in.
  const githubReceiver = github
    ? [
        '  github:',
        '    scrapers:',
        '      scraper:',
        '    webhook:',
        `      endpoint: 127.0.0.1:${github.port}`,
        '      path: /events',
        `      secret: ${JSON.stringify(github.secret)}`,
      ]
    : [];
  const prometheus = prometheusPort
    ? {
        processors: ['processors:', '  deltatocumulative: {}'],
        exporter: ['  prometheus:', `    endpoint: 127.0.0.1:${prometheusPort}`],
        pipeline: ['    metrics/prometheus:', '      receivers: [otlp]', '      processors: [deltatocumulative]', '      exporters: [prometheus]'],
      }
    : { processors: [], exporter: [], pipeline: [] };
  return [
    'receivers:',
    '  otlp:',
    '    protocols:',
    '      http:',
    `        endpoint: 127.0.0.1:${port}`,
    ...githubReceiver,
    ...prometheus.processors,
    'exporters:',
    ...prometheus.exporter,
    '  file/traces:',
    `    path: ${files.traces}`,
    '    flush_interval: 50ms',
    '  file/metrics:',
    `    path: ${files.metrics}`,
    '    flush_interval: 50ms',
    'service:',
    '  telemetry:',
    '    metrics:',
    '      level: none',
    '  pipelines:',
    '    traces:',
    `      receivers: [otlp${github ? ', github' : ''}]`,
    '      exporters: [file/traces]',
    '    metrics:',
    '      receivers: [otlp]',
    '      exporters: [file/metrics]',
    ...prometheus.pipeline,
    '',
  ].join('\n');
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`the collector did not start within 20 s:\n${log}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Everything is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the collector exited (${code}) before it was ready:\n${log}`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
