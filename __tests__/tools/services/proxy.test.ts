// The services' forward proxy reaches the services and nothing else: absolute-form requests and CONNECT
// tunnels to the blob host name or loopback on the services' or Azurite's port; every other target refused.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServices, type LocalServices } from '../../../tools/services/index.js';
import { BLOB_HOST } from '../../../tools/services/proxy.js';

let services: LocalServices;
let proxyPort: number;

beforeAll(async () => {
  services = await startLocalServices();
  proxyPort = Number(new URL(services.url).port);
});

afterAll(async () => {
  await services?.stop();
});

/** A GET in absolute form, as http-proxy-agent sends it. */
function viaProxy(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, method: 'GET', path: target, headers: { host: new URL(target).host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

/** The proxy's answer to CONNECT target (its status line). */
function connect(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxyPort, '127.0.0.1', () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString().split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('the services proxy', () => {
  it('serves the blob host name as the services themselves (an unsigned blob path is refused by the route, not the proxy)', async () => {
    const r = await viaProxy(`http://${BLOB_HOST}:${proxyPort}/_blob/actions-cache/x`);
    expect(r.status).toBe(403);
    expect(r.body).toContain('not signed');
  });

  it('passes absolute-form requests on to Azurite', async () => {
    const r = await viaProxy(`http://127.0.0.1:${services.azurite.port}/devstoreaccount1?comp=list`);
    // Azurite answers (unauthenticated: 403 with its own XML error), so the request reached it.
    expect(r.body).toMatch(/<\?xml|AuthorizationFailure|AuthenticationFailed/);
  });

  it('refuses any other target, absolute-form or CONNECT', async () => {
    const other = await viaProxy('http://example.com/');
    expect(other.status).toBe(403);
    expect(other.body).toContain('reaches only the local services');
    expect(await connect('example.com:443')).toBe('HTTP/1.1 403 Forbidden');
    expect(await connect(`127.0.0.1:22`)).toBe('HTTP/1.1 403 Forbidden');
  });

  it('tunnels CONNECT to the blob host on the services port', async () => {
    expect(await connect(`${BLOB_HOST}:${proxyPort}`)).toBe('HTTP/1.1 200 Connection Established');
  });
});
