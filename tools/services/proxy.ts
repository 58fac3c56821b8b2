/**
 * The services' forward proxy: how a `*.blob.core.windows.net` download URL reaches this machine without
 * root (no hosts entry, no DNS). The clients honour HTTP_PROXY: the Azure SDK's pipeline sends absolute-form
 * requests (http-proxy-agent), @actions/http-client tunnels with CONNECT. Either way the request lands on
 * the services' own server. Only the services are reachable through it (this server and Azurite on
 * loopback); anything else is refused, so it is no open proxy.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';

/** The host name signed download URLs carry by default: the suffix @actions/cache checks for its Azure SDK path. */
export const BLOB_HOST = 'localcache.blob.core.windows.net';

export interface BlobRequest {
  method: string;
  /** The Host header: the blob host name when the client went through the proxy. */
  host: string;
  /** `x-ms-range` (the Azure SDK) or `Range` (http-client's concurrent download); null for a whole-blob GET. */
  range: string | null;
  viaProxy: boolean;
}

export interface ProxyTarget {
  host: string;
  port: number;
}

function allowedHost(host: string): boolean {
  const h = host.toLowerCase();
  return h.endsWith('.blob.core.windows.net') || h === '127.0.0.1' || h === 'localhost';
}

export class ProxyTargets {
  /** This server's port, set once it listens. */
  ownPort = 0;
  /** Local ports of the connections the CONNECT tunnels opened to this server (to tell tunnelled requests). */
  private readonly tunnelPorts = new Set<number>();

  constructor(
    private readonly azuritePort: number,
    private readonly log: (line: string) => void,
  ) {}

  /** The target of an absolute-form (proxy) request, or null for an ordinary origin-form request. */
  target(requestUrl: string | undefined): ProxyTarget | null {
    if (!requestUrl || !/^http:\/\//i.test(requestUrl)) return null;
    const url = new URL(requestUrl);
    return { host: url.hostname, port: Number(url.port || 80) };
  }

  private reachable(target: ProxyTarget): number | null {
    if (!allowedHost(target.host)) return null;
    return target.port === this.ownPort || target.port === this.azuritePort ? target.port : null;
  }

  tunnelled(req: IncomingMessage): boolean {
    return req.socket.remotePort !== undefined && this.tunnelPorts.has(req.socket.remotePort);
  }

  /** Passes an absolute-form request on to Azurite (the only other reachable target). */
  forward(req: IncomingMessage, res: ServerResponse, target: ProxyTarget): void {
    const port = this.reachable(target);
    if (port === null) {
      req.resume();
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`this proxy reaches only the local services, not ${target.host}:${target.port}\n`);
      return;
    }
    const url = new URL(req.url ?? '/');
    const upstream = http.request({
      host: '127.0.0.1',
      port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
    });
    upstream.once('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.once('error', (error) => {
      this.log(`proxy: ${target.host}:${target.port}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  }

  /** CONNECT host:port: a byte tunnel to this server or Azurite. */
  connect(req: IncomingMessage, socket: net.Socket, head: Buffer): void {
    const [host = '', portText = ''] = (req.url ?? '').split(':');
    const port = this.reachable({ host, port: Number(portText) });
    if (port === null) {
      socket.end(`HTTP/1.1 403 Forbidden\r\n\r\nthis proxy reaches only the local services, not ${req.url}\r\n`);
      return;
    }
    const upstream = net.connect(port, '127.0.0.1', () => {
      if (upstream.localPort !== undefined) this.tunnelPorts.add(upstream.localPort);
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      if (upstream.localPort !== undefined) this.tunnelPorts.delete(upstream.localPort);
      upstream.destroy();
      socket.destroy();
    };
    upstream.once('error', close);
    socket.once('error', close);
    upstream.once('close', close);
    socket.once('close', close);
  }
}
