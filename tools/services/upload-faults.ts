/**
 * The save's side of the network faults (`network.upload`): applied where this server reads an upload's
 * body, on both save paths, the cache v2 Azure SDK's requests to the blob host (upload-route.ts) and cache
 * v1's PATCH chunks (cache-v1.ts). Reading a body slowly, or not at all, backs the client's socket up the
 * way a slow or stuck link does: the client sees its writes wait, not an error.
 */
import type { IncomingMessage } from 'node:http';
import { type Readable, Transform, type TransformCallback, pipeline } from 'node:stream';
import { sleep } from './http-util.js';
import { HoldStream, type UploadFaults } from './network-faults.js';
import { ThrottleStream, TokenBucket } from './throttle.js';

/** The requests of an upload: cache v2's Azure SDK requests (by their `comp`), and cache v1's chunks. */
export const UPLOAD_OPERATIONS = ['put-blob', 'put-block', 'put-block-list', 'patch-chunk'] as const;
export type UploadOperation = (typeof UPLOAD_OPERATIONS)[number];

/** One upload request as the faults see it. */
export interface UploadRequest {
  /** Which request carrying archive bytes this is, from 1 since the network settings were last set; 0 for others. */
  number: number;
  /** The body to read in place of the request: the caps, the hold and the cut applied. */
  body: Readable;
  /** True once this request's connection was cut: the caller must not answer it. */
  readonly wasCut: boolean;
  /**
   * Waits out the round trip once the body is stored; false when the connection is reset instead of the
   * response (the cut named this request and its body ended before the cut's byte count).
   */
  beforeResponse(): Promise<boolean>;
}

/** Resets the connection after limitBytes of the body have passed (limitBytes > 0). */
class CutBodyStream extends Transform {
  private passedBytes = 0;

  constructor(
    private readonly limitBytes: number,
    private readonly onCut: () => void,
  ) {
    super();
  }

  get reachedLimit(): boolean {
    return this.passedBytes >= this.limitBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const room = this.limitBytes - this.passedBytes;
    if (chunk.length < room) {
      this.passedBytes += chunk.length;
      return callback(null, chunk);
    }
    this.passedBytes = this.limitBytes;
    this.onCut();
    // Fail the body so whatever stores it (Azurite's request) is aborted, not completed short.
    callback(new Error(`upload cut after ${this.limitBytes} B (injected network fault)`));
  }
}

export class UploadFaultLine {
  private counted = 0;
  private bucket: TokenBucket | undefined;

  constructor(
    private readonly faults: () => UploadFaults,
    private readonly log: (line: string) => void,
    /** Told of each request as it starts, with its number (0 when it carries no archive bytes). */
    private readonly onRequest: (operation: UploadOperation, number: number, req: IncomingMessage) => void = () => {},
  ) {
    this.sync();
  }

  /** Follows the settings: the shared cap's rate now; with restartCount, request numbers start again from 1. */
  sync(restartCount = false): void {
    if (restartCount) this.counted = 0;
    const rate = this.faults().bytesPerSecond;
    if (rate === undefined) this.bucket = undefined;
    else if (this.bucket) this.bucket.setRate(rate);
    else this.bucket = new TokenBucket(rate);
  }

  /** The round trip before an upload response that carries no archive bytes (the v1 commit). */
  async roundTrip(): Promise<void> {
    const ms = this.faults().roundTripMs;
    if (ms) await sleep(ms);
  }

  /**
   * Starts one upload request. The caps, the hold and the cut apply to those carrying archive bytes (Put
   * Blob, Put Block, a v1 chunk); Put Block List's small body is passed on as it is. Returns undefined when
   * the connection was reset before any of the body was read.
   */
  begin(req: IncomingMessage, operation: UploadOperation): UploadRequest | undefined {
    const faults = this.faults();
    const carriesArchive = operation !== 'put-block-list';
    const number = carriesArchive ? ++this.counted : 0;
    this.onRequest(operation, number, req);
    const roundTripMs = faults.roundTripMs ?? 0;
    const cut = faults.cut && faults.cut.request === number ? faults.cut : undefined;
    if (cut && cut.afterBytes === 0) {
      this.log(`network fault: resetting upload #${number} before reading its body`);
      req.socket.destroy();
      return undefined;
    }
    let wasCut = false;
    const resetSocket = (): void => {
      wasCut = true;
      req.socket.destroy();
    };
    const stages: NodeJS.ReadWriteStream[] = [];
    if (carriesArchive) {
      if (this.bucket) stages.push(new ThrottleStream(() => this.bucket));
      if (faults.perConnectionBytesPerSecond) {
        const own = new TokenBucket(faults.perConnectionBytesPerSecond);
        stages.push(new ThrottleStream(() => own));
      }
      if (faults.hold && faults.hold.request === number) {
        const { afterBytes, durationMs } = faults.hold;
        stages.push(
          new HoldStream(afterBytes, durationMs, () => this.log(`network fault: holding upload #${number} after ${afterBytes} B for ${durationMs} ms`)),
        );
      }
    }
    let cutStream: CutBodyStream | undefined;
    if (cut) {
      cutStream = new CutBodyStream(cut.afterBytes, () => {
        this.log(`network fault: cutting upload #${number} after ${cut.afterBytes} B`);
        resetSocket();
      });
      stages.push(cutStream);
    }
    const body: Readable =
      stages.length === 0
        ? req
        : (pipeline([req, ...stages], () => {
            // Errors reach whoever reads the body; nothing more to do here.
          }) as unknown as Readable);
    const log = this.log;
    return {
      number,
      body,
      get wasCut() {
        return wasCut;
      },
      async beforeResponse(): Promise<boolean> {
        if (wasCut) return false;
        if (cut && cutStream && !cutStream.reachedLimit) {
          log(`network fault: resetting upload #${number} before its response (its body was stored)`);
          resetSocket();
          return false;
        }
        if (roundTripMs > 0) await sleep(roundTripMs);
        return true;
      },
    };
  }
}
