/**
 * Where the export goes, from the standard OTLP environment (the action's otel-* inputs map onto the same
 * names): off unless an endpoint is set. OTLP/HTTP: `/v1/traces` and `/v1/metrics` are appended to
 * OTEL_EXPORTER_OTLP_ENDPOINT, per-signal endpoints are used as given, and a signal with no endpoint of
 * either kind is not sent. Pure.
 */
import { parseBoolean } from '../config/parse-values.js';
import { InputError } from '../util/errors.js';
import { parseKeyValueList } from './key-value-list.js';

/** The bound on the whole export (both signals), when neither otel-timeout-seconds nor OTEL_EXPORTER_OTLP_TIMEOUT says. */
export const DEFAULT_EXPORT_TIMEOUT_MS = 5_000;
/** The longest bound accepted: the export runs in the post step, which the job waits for. */
export const MAX_EXPORT_TIMEOUT_MS = 60_000;

/** OTEL_EXPORTER_OTLP_[SIGNAL_]COMPRESSION's values; anything else is none, as the OpenTelemetry exporters take it. */
export const COMPRESSIONS = ['none', 'gzip'] as const;
export type Compression = (typeof COMPRESSIONS)[number];

/** TLS to the collector: the PEM files OTEL_EXPORTER_OTLP_[SIGNAL_]CERTIFICATE, CLIENT_CERTIFICATE and CLIENT_KEY name. */
export interface TlsFiles {
  /** Trusted root certificates, for a collector whose certificate no public authority signed. */
  ca?: string;
  /** The client's certificate chain and key, for a collector that asks for one (mTLS). */
  cert?: string;
  key?: string;
}

/** How a signal's request is sent, beyond its URL and headers. */
export interface SignalTransport {
  compression: Compression;
  tls: TlsFiles;
}

export interface ExportSettings {
  /** Null: that signal has no endpoint and is not sent. */
  tracesUrl: string | null;
  metricsUrl: string | null;
  tracesHeaders: Record<string, string>;
  metricsHeaders: Record<string, string>;
  tracesTransport: SignalTransport;
  metricsTransport: SignalTransport;
  timeoutMs: number;
  /** Put the per-run attributes (run id, attempt, run URL, runner name) on metrics too (cardinality: opt-in). */
  perRunMetricAttributes: boolean;
  /** Every header value and every word in one: what must never reach a log line. */
  secrets: string[];
  /** The endpoint as a log line may show it: no user info, query or fragment. */
  shownEndpoint: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The action's inputs that stand for the standard variables (empty: the variable decides). */
export interface ExportInputs {
  endpoint: string;
  headers: string;
  timeoutSeconds: string;
  perRunMetricAttributes: string;
  /** Where the trace hangs (trace-parent.ts): the job's check run id and the step's name. */
  checkRunId?: string;
  stepName?: string;
}

/** The environment with the action's inputs laid over the standard names they stand for. */
export function envWithInputs(env: Env, inputs: ExportInputs): Env {
  return {
    ...env,
    ...(inputs.endpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: inputs.endpoint } : {}),
    ...(inputs.headers ? { OTEL_EXPORTER_OTLP_HEADERS: inputs.headers } : {}),
    ...(inputs.timeoutSeconds ? { DISK_PROFILER_OTEL_TIMEOUT_SECONDS: inputs.timeoutSeconds } : {}),
    ...(inputs.perRunMetricAttributes ? { DISK_PROFILER_OTEL_PER_RUN_METRIC_ATTRIBUTES: inputs.perRunMetricAttributes } : {}),
    ...(inputs.checkRunId ? { DISK_PROFILER_OTEL_CHECK_RUN_ID: inputs.checkRunId } : {}),
    ...(inputs.stepName ? { DISK_PROFILER_OTEL_STEP_NAME: inputs.stepName } : {}),
  };
}

/**
 * otel-headers as the input gives it: every comma-separated pair `key=value` (the SDKs drop a pair
 * without `=` silently, so a header meant to authenticate would be lost unsaid). The value is a secret:
 * the error names the pair by its place, never its text.
 */
export function checkHeadersInput(raw: string): void {
  if (raw.trim() === '') return;
  // A trailing comma is no pair.
  const pairs = raw.replace(/,\s*$/, '').split(',');
  const bad = pairs.findIndex((pair) => pair.indexOf('=') <= 0 || pair.slice(0, pair.indexOf('=')).trim() === '');
  if (bad >= 0) {
    throw new InputError(
      'otel-headers',
      `(masked: pair ${bad + 1} of ${pairs.length} is not key=value)`,
      'key=value pairs separated by commas, as OTEL_EXPORTER_OTLP_HEADERS',
    );
  }
}

export function exportSettings(env: Env): ExportSettings | null {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const tracesUrl = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || (base ? signalUrl(base, 'traces') : null);
  const metricsUrl = env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?.trim() || (base ? signalUrl(base, 'metrics') : null);
  // Checked with or without an endpoint: a bad value is refused, not ignored until an endpoint is set.
  const timeoutMs = timeoutOf(env);
  const perRunMetricAttributes = parseBoolean(
    'otel-per-run-metric-attributes (DISK_PROFILER_OTEL_PER_RUN_METRIC_ATTRIBUTES)',
    env.DISK_PROFILER_OTEL_PER_RUN_METRIC_ATTRIBUTES ?? '',
    false,
  );
  if (!tracesUrl && !metricsUrl) return null;
  for (const url of [tracesUrl, metricsUrl]) if (url) checkUrl(url);
  const common = parseKeyValueList(env.OTEL_EXPORTER_OTLP_HEADERS ?? '');
  const tracesHeaders = { ...common, ...parseKeyValueList(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? '') };
  const metricsHeaders = { ...common, ...parseKeyValueList(env.OTEL_EXPORTER_OTLP_METRICS_HEADERS ?? '') };
  const rawHeaders = [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS];
  return {
    tracesUrl,
    metricsUrl,
    tracesHeaders,
    metricsHeaders,
    tracesTransport: transportOf(env, 'TRACES'),
    metricsTransport: transportOf(env, 'METRICS'),
    timeoutMs,
    perRunMetricAttributes,
    secrets: secretsOf([...Object.values(tracesHeaders), ...Object.values(metricsHeaders)], rawHeaders),
    shownEndpoint: shownUrl(base || tracesUrl || metricsUrl || ''),
  };
}

/** The signal's own variable over the common one, as for endpoints and headers. */
function transportOf(env: Env, signal: 'TRACES' | 'METRICS'): SignalTransport {
  const pick = (name: string): string | undefined =>
    env[`OTEL_EXPORTER_OTLP_${signal}_${name}`]?.trim() || env[`OTEL_EXPORTER_OTLP_${name}`]?.trim() || undefined;
  const files: TlsFiles = { ca: pick('CERTIFICATE'), cert: pick('CLIENT_CERTIFICATE'), key: pick('CLIENT_KEY') };
  const tls = Object.fromEntries(Object.entries(files).filter(([, file]) => file !== undefined)) as TlsFiles;
  return { compression: pick('COMPRESSION')?.toLowerCase() === 'gzip' ? 'gzip' : 'none', tls };
}

function signalUrl(base: string, signal: 'traces' | 'metrics'): string {
  return `${base.replace(/\/+$/, '')}/v1/${signal}`;
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError('otel-endpoint (OTEL_EXPORTER_OTLP_ENDPOINT)', shownUrl(url), 'an http:// or https:// URL, e.g. http://localhost:4318');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError('otel-endpoint (OTEL_EXPORTER_OTLP_ENDPOINT)', shownUrl(url), 'an http:// or https:// URL (OTLP/HTTP; gRPC is not sent)');
  }
}

/** otel-timeout-seconds, else OTEL_EXPORTER_OTLP_TIMEOUT (milliseconds, as the specification has it), else the default. */
function timeoutOf(env: Env): number {
  const seconds = env.DISK_PROFILER_OTEL_TIMEOUT_SECONDS?.trim();
  if (seconds) {
    const ms = Number(seconds) * 1000;
    if (!Number.isFinite(ms) || ms <= 0 || ms > MAX_EXPORT_TIMEOUT_MS) {
      throw new InputError('otel-timeout-seconds', seconds, `a number of seconds above 0, at most ${MAX_EXPORT_TIMEOUT_MS / 1000}`);
    }
    return ms;
  }
  const ms = Number(env.OTEL_EXPORTER_OTLP_TIMEOUT?.trim() || Number.NaN);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_EXPORT_TIMEOUT_MS) : DEFAULT_EXPORT_TIMEOUT_MS;
}

/** Header values, the raw lists, and each word of a value ("Bearer abc" masks "abc" on its own too). */
function secretsOf(values: string[], raw: (string | undefined)[]): string[] {
  const all = new Set<string>();
  for (const value of raw) if (value?.trim()) all.add(value.trim());
  for (const value of values) {
    if (!value.trim()) continue;
    all.add(value.trim());
    for (const word of value.split(/\s+/)) if (word.length >= 4) all.add(word);
  }
  // Longest first, so a scrub replaces a whole value before a word of it.
  return [...all].sort((a, b) => b.length - a.length);
}

export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** A message with every secret replaced, for output that core.setSecret does not cover (the CLI, thrown errors). */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}
