/**
 * The save's upload timeline: its HTTP requests recorded by TransferRecorder (http-transfers.ts),
 * counting the bytes that left each socket, named as the upload's records name them.
 */
import type { ClientRequest } from 'node:http';
import type { UploadLimits, UploadTimeline } from '../profile/schema.js';
import { headerText, TransferRecorder } from './http-transfers.js';

export interface UploadTimelineOptions {
  /** The upload URL's host (`name:port` or `name`), as the requests' Host header carries it. */
  host: string;
  intervalMs: number;
  nowMs: () => number;
  procRoot: string | null;
  limits: UploadLimits;
}

/**
 * The archive's part a request carries: v1's chunk (its Content-Range), the SDK's block (the blockid of a
 * Put Block), or the whole archive (a Put Blob: a PUT with no `comp=`). null for the requests around the
 * data (Put Block List, v1's commit): the verdict tells data from bookkeeping by it.
 */
export function uploadPart(request: Pick<ClientRequest, 'method' | 'path' | 'getHeader'>): string | null {
  const range = headerText(request.getHeader('content-range'));
  if (range) return range;
  const query = (request.path ?? '').split('?')[1] ?? '';
  const block = /(?:^|&)blockid=([^&]+)/.exec(query)?.[1];
  if (block) return `block ${decodeURIComponent(block)}`;
  return request.method === 'PUT' && !/(?:^|&)comp=/.test(query) ? 'whole blob' : null;
}

export class UploadTimelineRecorder {
  private readonly recorder: TransferRecorder;

  constructor(private readonly o: UploadTimelineOptions) {
    this.recorder = new TransferRecorder({ ...o, direction: 'upload', part: uploadPart });
  }

  start(): void {
    this.recorder.start();
  }

  stop(): UploadTimeline {
    const { requests, ...rest } = this.recorder.stop();
    return {
      ...rest,
      // The recorder's record is this one with its count under a neutral name (transfer-rules.ts).
      requests: requests.map(({ bytes, ...r }) => ({ ...r, sentBytes: bytes })),
      limits: this.o.limits,
    };
  }
}
