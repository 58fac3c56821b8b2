// One OTLP/HTTP JSON request against a server on 127.0.0.1 that answers as a collector may: taken, taken in
// part (partial_success), refused for good, busy (503, then taken), busy past the timeout.
import * as http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { postOtlp, rejected } from '../../src/export/otlp-post.js';

interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A server answering each request with the next of `answers` (the last one repeated); records what it got. */
async function server(answers: Answer[]) {
  const got: { headers: http.IncomingHttpHeaders; body: string; atMs: number }[] = [];
  const s = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), atMs: performance.now() });
      const a = answers[Math.min(got.length - 1, answers.length - 1)] as Answer;
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  close = () => new Promise<void>((resolve) => s.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}/v1/traces`, got };
}
let close: () => Promise<void> = async () => {};
afterEach(() => close());

const BODY = JSON.stringify({ resourceSpans: [] });

describe('one OTLP/HTTP request', () => {
  it('taken: null; the body as given, JSON, with the configured headers', async () => {
    const s = await server([{ status: 200, body: '{}' }]);
    expect(await postOtlp(BODY, { url: s.url, headers: { 'x-honeycomb-team': 'k-1' }, timeoutMs: 2_000 }, 'spans')).toBeNull();
    expect(s.got.length).toBe(1);
    expect(s.got[0]?.body).toBe(BODY);
    expect(s.got[0]?.headers['content-type']).toBe('application/json');
    expect(s.got[0]?.headers['x-honeycomb-team']).toBe('k-1');
  });

  it('taken in part: the rejected count and the reason', async () => {
    const partial = { partialSuccess: { rejectedSpans: '3', errorMessage: 'span name too long' } };
    const s = await server([{ status: 200, body: JSON.stringify(partial) }]);
    expect(await postOtlp(BODY, { url: s.url, headers: {}, timeoutMs: 2_000 }, 'spans')).toBe('the collector rejected 3 of the spans: span name too long');
  });

  it('refused (400): the status and what the collector said, not tried again', async () => {
    const s = await server([{ status: 400, body: '{"code":3,"message":"unknown field"}' }]);
    const failure = await postOtlp(BODY, { url: s.url, headers: {}, timeoutMs: 2_000 }, 'spans');
    expect(failure).toBe('HTTP 400 Bad Request: {"code":3,"message":"unknown field"}');
    expect(s.got.length).toBe(1);
  });

  it('busy (503), then taken: tried again after the Retry-After the collector gave', async () => {
    const s = await server([{ status: 503, headers: { 'retry-after': '0' } }, { status: 200 }]);
    expect(await postOtlp(BODY, { url: s.url, headers: {}, timeoutMs: 2_000 }, 'spans')).toBeNull();
    expect(s.got.length).toBe(2);
  });

  it('busy past the timeout: no try that would end after it, the last answer said', async () => {
    const s = await server([{ status: 503 }]);
    const started = performance.now();
    // The first pause is about a second: past a 500 ms timeout, so not waited for.
    expect(await postOtlp(BODY, { url: s.url, headers: {}, timeoutMs: 500 }, 'spans')).toBe('HTTP 503 Service Unavailable');
    expect(s.got.length).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
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
