/**
 * What differs between recording a download and an upload (http-transfers.ts): one set of rules per
 * direction, chosen once when the recorder is made. The recorder's flow is the same for both; each
 * answer below says where a direction departs from it. The download's rules are here; the upload's,
 * which keep state of their own, are in upload-transfer-rules.ts.
 */
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { TransferRequestOutcome, UploadRequestRecord } from '../profile/schema.js';

/**
 * One request as recorded, before the direction names its fields (download- and upload-timeline.ts):
 * the upload's record with its count under a neutral name, `bytes` moved in this transfer's direction
 * on its socket since it got the socket. A download's `bodySentMs` stays null.
 */
export type TransferRecord = Omit<UploadRequestRecord, 'sentBytes'> & { bytes: number };

export interface TransferDirectionRules {
  /** Subscribes the channels this direction needs beyond the recorder's own; `track` starts recording a request. */
  subscribe(track: (request: ClientRequest) => void): void;
  unsubscribe(): void;
  /** Bytes moved in this direction on the socket so far; `answered`: its request was just answered, so nothing it sent is still in flight. */
  count(socket: Socket, answered?: boolean): number;
  /** When a request first seen now began. */
  startMs(request: ClientRequest, now: number): number;
  /** The socket's count where a request that just got it starts. */
  baseline(socket: Socket): number;
  /** [tMs, count] the socket carried before the recorder heard of the request on it. */
  history(socket: Socket): readonly [number, number][];
  /** True when the response headers end a request; false when its body's end does. */
  readonly closesOnResponse: boolean;
  /** True when a request's error may be the first the recorder hears of it (it is then recorded to close it). */
  readonly errorMayComeFirst: boolean;
  /** At each tick, before the open requests' counts are read. */
  beforeTick(now: number): void;
  /** As a request closes, once its final count is in `record.bytes` (its last point and endMs not yet set). */
  closed(record: TransferRecord, socket: Socket | null, outcome: TransferRequestOutcome, now: number): void;
  /** The transfer's samples: those the ticks kept, or rebuilt from the records. */
  samples(ticked: [number, number, number][], records: readonly TransferRecord[], startMs: number): [number, number, number][];
}

/**
 * A download counts the bytes its socket read: they arrive after the socket is the request's, so the
 * request starts when node publishes it, at the socket's count then, and the ticks' samples stand.
 * It ends with its body ('end'), which the recorder only listens for.
 */
export const downloadRules: TransferDirectionRules = {
  subscribe: () => {},
  unsubscribe: () => {},
  count: (socket) => socket.bytesRead,
  startMs: (_request, now) => now,
  baseline: (socket) => socket.bytesRead,
  history: () => [],
  closesOnResponse: false,
  errorMayComeFirst: false,
  beforeTick: () => {},
  closed: () => {},
  samples: (ticked) => ticked,
};

export function pushPoint(points: [number, number][], tMs: number, bytes: number): void {
  const last = points[points.length - 1];
  if (!last || last[1] !== bytes) points.push([tMs, bytes]);
}
