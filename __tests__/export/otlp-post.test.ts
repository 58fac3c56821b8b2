// One OTLP/HTTP JSON request against a server on 127.0.0.1 that answers as a collector may: taken, taken in
// part (partial_success), refused for good, busy (503, then taken), busy past the timeout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postOtlp, rejected, type SignalTarget } from '../../src/export/otlp-post.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';

interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A server answering each request with the next of `answers` (the last one repeated); records what it got. */
async function server(answers: Answer[], tls?: { key: Buffer; cert: Buffer }) {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      got.push({ headers: req.headers, body: (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8') });
      const a = answers[Math.min(got.length - 1, answers.length - 1)] as Answer;
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  };
  const s = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  close = () => new Promise<void>((resolve) => s.close(() => resolve()));
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/v1/traces`, got };
}
let close: () => Promise<void> = async () => {};
afterEach(() => close());

const BODY = JSON.stringify({ resourceSpans: [] });
const target = (url: string, over: Partial<SignalTarget> = {}): SignalTarget => ({ url, headers: {}, timeoutMs: 2_000, compression: 'none', tls: {}, ...over });

describe('one OTLP/HTTP request', () => {
  it('taken: null; the body as given, JSON, with the configured headers', async () => {
    const s = await server([{ status: 200, body: '{}' }]);
    expect(await postOtlp(BODY, target(s.url, { headers: { 'x-honeycomb-team': 'k-1' } }), 'spans')).toBeNull();
    expect(s.got.length).toBe(1);
    expect(s.got[0]?.body).toBe(BODY);
    expect(s.got[0]?.headers['content-type']).toBe('application/json');
    expect(s.got[0]?.headers['x-honeycomb-team']).toBe('k-1');
  });

  it('taken in part: the rejected count and the reason', async () => {
    const partial = { partialSuccess: { rejectedSpans: '3', errorMessage: 'span name too long' } };
    const s = await server([{ status: 200, body: JSON.stringify(partial) }]);
    expect(await postOtlp(BODY, target(s.url), 'spans')).toBe('the collector rejected 3 of the spans: span name too long');
  });

  it('refused (400): the status and what the collector said, not tried again', async () => {
    const s = await server([{ status: 400, body: '{"code":3,"message":"unknown field"}' }]);
    const failure = await postOtlp(BODY, target(s.url), 'spans');
    expect(failure).toBe('HTTP 400 Bad Request: {"code":3,"message":"unknown field"}');
    expect(s.got.length).toBe(1);
  });

  it('busy (503), then taken: tried again after the Retry-After the collector gave', async () => {
    const s = await server([{ status: 503, headers: { 'retry-after': '0' } }, { status: 200 }]);
    expect(await postOtlp(BODY, target(s.url), 'spans')).toBeNull();
    expect(s.got.length).toBe(2);
  });

  it('busy past the timeout: no try that would end after it, the last answer said', async () => {
    const s = await server([{ status: 503 }]);
    const started = performance.now();
    // The first pause is about a second: past a 500 ms timeout, so not waited for.
    expect(await postOtlp(BODY, target(s.url, { timeoutMs: 500 }), 'spans')).toBe('HTTP 503 Service Unavailable');
    expect(s.got.length).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('as the OTLP variables ask', () => {
  it('gzip: the body compressed, said by Content-Encoding', async () => {
    const s = await server([{ status: 200 }]);
    expect(await postOtlp(BODY, target(s.url, { compression: 'gzip' }), 'spans')).toBeNull();
    expect(s.got[0]?.headers['content-encoding']).toBe('gzip');
    expect(s.got[0]?.body).toBe(BODY);
  });

  it('a TLS file that cannot be read: the failure names it, nothing is sent', async () => {
    const s = await server([{ status: 200 }]);
    const failure = await postOtlp(BODY, target(s.url, { tls: { ca: '/nonexistent/ca.pem' } }), 'spans');
    expect(failure).toMatch(/^the TLS file \/nonexistent\/ca\.pem could not be read: .*ENOENT/);
    expect(s.got.length).toBe(0);
  });
});

const canTls = prerequisite('openssl (to make a self-signed certificate)', commandExists('openssl'));
describe.runIf(canTls)('TLS to a collector with a certificate of its own', () => {
  let dir: string;
  let files: { key: string; cert: string };
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dp-otlp-tls-'));
    files = { key: path.join(dir, 'key.pem'), cert: path.join(dir, 'cert.pem') };
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        files.key,
        '-out',
        files.cert,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refused without its root certificate; taken with OTEL_EXPORTER_OTLP_CERTIFICATE naming it', async () => {
    const s = await server([{ status: 200 }], { key: readFileSync(files.key), cert: readFileSync(files.cert) });
    expect(await postOtlp(BODY, target(s.url), 'spans')).toMatch(/self[- ]signed certificate/);
    expect(await postOtlp(BODY, target(s.url, { tls: { ca: files.cert } }), 'spans')).toBeNull();
    expect(s.got.map((g) => g.body)).toEqual([BODY]);
  });
});

describe('partial_success', () => {
  it('counts rejected items of the signal, in either JSON spelling; a warning without rejections is no failure', () => {
    expect(rejected('{"partialSuccess":{"rejectedDataPoints":2}}', 'metric points')).toBe('the collector rejected 2 of the metric points');
    expect(rejected('{"partial_success":{"rejected_spans":"1","error_message":"bad"}}', 'spans')).toBe('the collector rejected 1 of the spans: bad');
    expect(rejected('{"partialSuccess":{"errorMessage":"deprecated field"}}', 'spans')).toBeNull();
    expect(rejected('', 'spans')).toBeNull();
    expect(rejected('{}', 'metric points')).toBeNull();
    // Not JSON (a proxy's page): taken, since the status said so.
    expect(rejected('<html>ok</html>', 'spans')).toBeNull();
  });
});
