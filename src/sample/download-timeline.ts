/**
 * The download's own timeline: its HTTP requests recorded by TransferRecorder (http-transfers.ts),
 * counting the bytes each socket read, named as the download's records name them.
 */
import type { DownloadLimits, DownloadTimeline } from '../profile/schema.js';
import { headerText, TransferRecorder } from './http-transfers.js';

export interface DownloadTimelineOptions {
  /** The download URL's host (`name:port` or `name`), as the requests' Host header carries it. */
  host: string;
  /** The download URL's path: every range of the archive goes to it, and nothing else this process reads meanwhile does. */
  pathname: string;
  intervalMs: number;
  /** The profile's clock (ms since its origin). */
  nowMs: () => number;
  /** Where /proc is, for /proc/net/dev; null without one. */
  procRoot: string | null;
  limits: DownloadLimits;
}

export class DownloadTimelineRecorder {
  private readonly recorder: TransferRecorder;

  constructor(private readonly o: DownloadTimelineOptions) {
    this.recorder = new TransferRecorder({
      ...o,
      direction: 'download',
      part: (request) => headerText(request.getHeader('x-ms-range')) ?? headerText(request.getHeader('range')),
    });
  }

  start(): void {
    this.recorder.start();
  }

  stop(): DownloadTimeline {
    const { requests, ...rest } = this.recorder.stop();
    return {
      ...rest,
      requests: requests.map((r) => ({
        id: r.id,
        method: r.method,
        range: r.part,
        startMs: r.startMs,
        firstByteMs: r.responseMs,
        endMs: r.endMs,
        status: r.status,
        receivedBytes: r.bytes,
        outcome: r.outcome,
        points: r.points,
      })),
      limits: this.o.limits,
    };
  }
}
