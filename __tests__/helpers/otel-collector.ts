// A real OpenTelemetry Collector for the export tests: built by scripts/otel-collector.sh (cached after the
// first build), started on 127.0.0.1 with the OTLP/HTTP receiver, writing what it receives with the file
// exporter as OTLP JSON lines, one file per signal. In CI (CI=true) a missing Go/collector fails the test file.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { commandExists, prerequisite } from './prerequisites.js';

const SCRIPT = path.resolve(__dirname, '../../scripts/otel-collector.sh');
const CACHED = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'disk-profiler/otelcol-0.165.0/otelcol-disk-profiler');

/** Whether the collector can be had here (built already, or Go to build it). */
export function collectorAvailable(): boolean {
  return prerequisite('the OpenTelemetry Collector (scripts/otel-collector.sh, needs Go)', fs.existsSync(CACHED) || commandExists('go'));
}

/** The binary's path, building it the first time (about a minute with a warm Go module cache). */
export function collectorBinary(): string {
  return execFileSync(SCRIPT, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 900_000 }).trim();
}

export interface RunningCollector {
  /** The OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT). */
  endpoint: string;
  /** Everything received so far, one parsed OTLP JSON request per element. */
  traces(): OtlpTraces[];
  metrics(): OtlpMetrics[];
  /** Waits until at least n requests of a signal were written. */
  waitFor(signal: 'traces' | 'metrics', n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startCollector(): Promise<RunningCollector> {
  const binary = collectorBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-otelcol-'));
  const port = await freePort();
  const files = { traces: path.join(dir, 'traces.jsonl'), metrics: path.join(dir, 'metrics.jsonl') };
  const config = [
    'receivers:',
    '  otlp:',
    '    protocols:',
    '      http:',
    `        endpoint: 127.0.0.1:${port}`,
    'exporters:',
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
    '      receivers: [otlp]',
    '      exporters: [file/traces]',
    '    metrics:',
    '      receivers: [otlp]',
    '      exporters: [file/metrics]',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'config.yaml'), config);
  const child = spawn(binary, ['--config', path.join(dir, 'config.yaml')], { stdio: ['ignore', 'ignore', 'pipe'] });
  await ready(child);
  const read = <T>(file: string): T[] =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as T)
      : [];
  return {
    endpoint: `http://127.0.0.1:${port}`,
    traces: () => read<OtlpTraces>(files.traces),
    metrics: () => read<OtlpMetrics>(files.metrics),
    async waitFor(signal, n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (read(files[signal]).length < n) {
        if (Date.now() > deadline) throw new Error(`the collector wrote fewer than ${n} ${signal} requests within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// The OTLP JSON the file exporter writes (the parts the tests read).
export interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: OtlpAttribute['value'][] } };
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpAttribute[];
  events?: { name: string; timeUnixNano: string; attributes?: OtlpAttribute[] }[];
  status?: { code?: number; message?: string };
}
export interface OtlpTraces {
  resourceSpans: { resource: { attributes?: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}
export interface OtlpDataPoint {
  attributes?: OtlpAttribute[];
  startTimeUnixNano: string;
  timeUnixNano: string;
  asDouble?: number;
  asInt?: string;
  count?: string;
  sum?: number;
}
export interface OtlpMetric {
  name: string;
  unit?: string;
  histogram?: { dataPoints: OtlpDataPoint[]; aggregationTemporality?: number };
  sum?: { dataPoints: OtlpDataPoint[]; aggregationTemporality?: number };
  gauge?: { dataPoints: OtlpDataPoint[] };
}
export interface OtlpMetrics {
  resourceMetrics: { resource: { attributes?: OtlpAttribute[] }; scopeMetrics: { metrics: OtlpMetric[] }[] }[];
}

/** OTLP attributes as a plain record (arrays as arrays, int64 strings as numbers). */
export function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const value = (v: OtlpAttribute['value']): unknown =>
    v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.doubleValue ?? v.boolValue ?? v.arrayValue?.values?.map(value) ?? [];
  return Object.fromEntries((list ?? []).map((a) => [a.key, value(a.value)]));
}

/** Unix nanoseconds (a decimal string) to epoch milliseconds. */
export function nanosToMs(nanos: string): number {
  return Number(BigInt(nanos) / 1000n) / 1000;
}
