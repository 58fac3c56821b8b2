/**
 * One OTLP/HTTP JSON request, POSTed with node:http(s) on a connection of its own (closed after, so nothing
 * is left to hold the step's process open), gzipped and with TLS files when the OTLP variables ask for them. As the OTLP exporter specification asks, and the OpenTelemetry JS
 * exporter did: a refused connection, a dropped one, 429, 502, 503 and 504 are tried again after a growing
 * pause (or the collector's Retry-After), only while the next try still fits in the timeout; any other non-2xx
 * answer is final. A 2xx answer whose partial_success names rejected items is a failure too: the collector
 * dropped part of what was sent. Resolves with a failure message, or null when the collector took everything.
 */
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import { gzipSync } from 'node:zlib';
import { errorMessage } from '../util/errors.js';
import { TOOL_VERSION } from '../version.js';
import type { SignalTransport, TlsFiles } from './settings.js';

export interface SignalTarget extends SignalTransport {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** The request as sent: the body (gzipped when asked), its headers, and the TLS files' contents. */
interface Prepared {
  payload: Buffer;
  headers: Record<string, string>;
  tls: { ca?: Buffer; cert?: Buffer; key?: Buffer };
}

/** What the request carries, for the partial_success answer: its field and the words for what it counts. */
export type OtlpSignal = 'spans' | 'metric points';
const REJECTED_FIELD: Record<OtlpSignal, string> = { spans: 'rejectedSpans', 'metric points': 'rejectedDataPoints' };

/** The exporter's retry schedule: 5 tries after the first, from 1 s, times 1.5 each, at most 5 s, ±20 %. */
export const RETRY = { attempts: 5, firstPauseMs: 1_000, factor: 1.5, maxPauseMs: 5_000, jitter: 0.2 } as const;
const RETRYABLE_STATUS: readonly number[] = [429, 502, 503, 504];
const RETRYABLE_NETWORK_CODES: readonly string[] = [
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
];
/** An answer is read only for its partial_success: more than this is not kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

type Attempt = { kind: 'taken'; body: string } | { kind: 'retryable'; message: string; retryAfterMs: number | null } | { kind: 'failed'; message: string };

export async function postOtlp(body: string, target: SignalTarget, signal: OtlpSignal): Promise<string | null> {
  const deadline = Date.now() + target.timeoutMs;
  let request: Prepared;
  try {
    request = prepare(body, target);
  } catch (error) {
    return errorMessage(error);
  }
  let pauseMs: number = RETRY.firstPauseMs;
  let attempt = await postOnce(request, target, target.timeoutMs);
  for (let retries = 0; attempt.kind === 'retryable' && retries < RETRY.attempts; retries++) {
    const jittered = Math.min(pauseMs * (1 + (Math.random() * 2 - 1) * RETRY.jitter), RETRY.maxPauseMs);
    const waitMs = attempt.retryAfterMs ?? jittered;
    pauseMs *= RETRY.factor;
    const leftMs = deadline - Date.now();
    if (waitMs > leftMs) break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    attempt = await postOnce(request, target, deadline - Date.now());
  }
  if (attempt.kind !== 'taken') return attempt.message;
  return rejected(attempt.body, signal);
}

function prepare(body: string, target: SignalTarget): Prepared {
  const gzip = target.compression === 'gzip';
  const payload = gzip ? gzipSync(body) : Buffer.from(body, 'utf8');
  const headers: Record<string, string> = {
    ...target.headers,
    'Content-Type': 'application/json',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': String(payload.length),
    'User-Agent': `disk-profiler/${TOOL_VERSION}`,
  };
  return { payload, headers, tls: readTls(target.tls) };
}

/** The files' contents; one that cannot be read is the signal's failure, named (the exporter went on without it, to fail at the handshake). */
function readTls(files: TlsFiles): Prepared['tls'] {
  const out: Prepared['tls'] = {};
  for (const [part, file] of Object.entries(files) as [keyof TlsFiles, string | undefined][]) {
    if (file === undefined) continue;
    try {
      out[part] = readFileSync(file);
    } catch (error) {
      throw new Error(`the TLS file ${file} could not be read: ${errorMessage(error)}`);
    }
  }
  return out;
}

function postOnce(request: Prepared, target: SignalTarget, timeoutMs: number): Promise<Attempt> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (a: Attempt) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
    const url = new URL(target.url);
    const options = { method: 'POST', headers: request.headers, agent: false } as const;
    const answered = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      const status = res.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      // An answer cut after a 2xx status: the collector took the request (so the exporter counted it).
      res.on('error', (error) => settle(ok ? { kind: 'taken', body: '' } : { kind: 'failed', message: error.message }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (ok) return settle({ kind: 'taken', body: text });
        const message = `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}${answerExcerpt(text)}`;
        if (RETRYABLE_STATUS.includes(status)) settle({ kind: 'retryable', message, retryAfterMs: retryAfterMs(res.headers['retry-after']) });
        else settle({ kind: 'failed', message });
      });
    };
    const req = url.protocol === 'https:' ? https.request(url, { ...options, ...request.tls }, answered) : http.request(url, options, answered);
    req.setTimeout(Math.max(1, timeoutMs), () => {
      settle({ kind: 'retryable', message: `no answer within ${Math.round(timeoutMs)} ms`, retryAfterMs: null });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const retryable = error.code !== undefined && RETRYABLE_NETWORK_CODES.includes(error.code);
      settle(retryable ? { kind: 'retryable', message: error.message, retryAfterMs: null } : { kind: 'failed', message: error.message });
    });
    req.end(request.payload);
  });
}

/** The start of what the collector said, on one line: its reason for refusing. */
function answerExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return '';
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

/** Retry-After in seconds or as a date; null when absent or not understood. */
function retryAfterMs(header: string | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

/** A failure message when the answer's partial_success names rejected items; null otherwise (an empty answer included). */
export function rejected(answer: string, signal: OtlpSignal): string | null {
  let parsed: unknown;
  try {
    parsed = answer.trim() ? JSON.parse(answer) : {};
  } catch {
    return null;
  }
  const partial = (parsed as { partialSuccess?: Record<string, unknown>; partial_success?: Record<string, unknown> }) ?? {};
  const p = partial.partialSuccess ?? partial.partial_success;
  if (!p || typeof p !== 'object') return null;
  const field = REJECTED_FIELD[signal];
  const snake = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const count = Number(p[field] ?? p[snake] ?? 0);
  if (!(count > 0)) return null;
  const why = p.errorMessage ?? p.error_message;
  return `the collector rejected ${count} of the ${signal}${typeof why === 'string' && why ? `: ${why}` : ''}`;
}
