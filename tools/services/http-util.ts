import type { IncomingMessage, ServerResponse } from 'node:http';
import { TwirpError } from './twirp.js';

/** API request bodies are small JSON documents; anything bigger is a client bug or abuse. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

export async function readJsonBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let sizeBytes = 0;
  for await (const chunk of req) {
    sizeBytes += (chunk as Buffer).length;
    if (sizeBytes > MAX_JSON_BODY_BYTES) throw new TwirpError('resource_exhausted', `the request body exceeds ${MAX_JSON_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Sends a JSON body. With truncateAfterBytes, announces the full length but sends only that many bytes
 * and then closes the socket: the client sees a body cut short, as when a proxy dies mid-response.
 */
export function sendJson(res: ServerResponse, status: number, value: unknown, truncateAfterBytes?: number): void {
  if (value === undefined) {
    res.writeHead(status).end();
    return;
  }
  const body = Buffer.from(JSON.stringify(value));
  if (truncateAfterBytes === undefined || truncateAfterBytes >= body.length) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
    return;
  }
  const socket = res.socket;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': body.length, Connection: 'close' });
  res.write(body.subarray(0, truncateAfterBytes), () => socket?.end());
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
