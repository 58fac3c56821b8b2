/**
 * Network faults of the blob download route, for the download lab and tests: a cap on each connection,
 * a round trip before each response, one request held for a set time mid-body (a stall), one request cut
 * mid-body (the client retries or fails). The shared cap on all connections is downloadBytesPerSecond.
 * They apply to both download paths: the Azure SDK's ranged GETs through the forward proxy and the plain
 * stream of loopback URLs, since both end at the blob route.
 * The same faults for the save's uploads sit under `upload` (see upload-faults.ts for where they apply).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { SettingsError } from './settings-error.js';
import { ThrottleStream, TokenBucket, TruncateStream } from './throttle.js';

export interface HeldRequest {
  /** Which GET with a body, counted from 1 since the network settings were last set. */
  request: number;
  /** Body bytes sent before the hold. */
  afterBytes: number;
  durationMs: number;
}

export interface CutRequest {
  /** Which GET with a body, counted from 1 since the network settings were last set. */
  request: number;
  /**
   * Body bytes sent before the connection is closed (the headers announced the full length); 0 resets the
   * connection before any response, which clients retry as a network error.
   */
  afterBytes: number;
}

/** The store's wait before this GET's response (0 for other requests or without storeDelaysMs). */
export function storeDelayMs(faults: NetworkFaults, getNumber: number): number {
  const delays = faults.storeDelaysMs;
  return delays && getNumber > 0 ? (delays[(getNumber - 1) % delays.length] ?? 0) : 0;
}

/** True when this GET is to be reset before its response (cut with afterBytes 0). */
export function resetsBeforeResponse(faults: NetworkFaults, getNumber: number): boolean {
  return faults.cut !== undefined && faults.cut.request === getNumber && faults.cut.afterBytes === 0;
}

export interface NetworkFaults {
  /** Each response's own rate (one connection's share of a path that caps connections), bytes/s. */
  perConnectionBytesPerSecond?: number;
  /** Wait before every blob response (HEAD included), as a distant store's round trip would. */
  roundTripMs?: number;
  /** A slow store: GET n waits storeDelaysMs[(n - 1) % length] before its response (first bytes that vary, unlike a round trip). */
  storeDelaysMs?: number[];
  hold?: HeldRequest;
  cut?: CutRequest;
  /** Faults of the save's uploads (both save paths); the fields above are the download's only. */
  upload?: UploadFaults;
}

/**
 * Faults of the upload requests: the cache v2 Azure SDK's Put Blob / Put Block / Put Block List on the blob
 * host, and cache v1's PATCH chunks and commit. Bytes are counted as this server reads each request body.
 */
export interface UploadFaults {
  /** Shared by every upload body in flight, as one link's upload side is, bytes/s. */
  bytesPerSecond?: number;
  /** Each upload request's own read rate (a path that caps connections), bytes/s. */
  perConnectionBytesPerSecond?: number;
  /** Wait before every upload response (Put Block List and the v1 commit included), once the body is read. */
  roundTripMs?: number;
  /**
   * One request stops being read after afterBytes for durationMs: the client's socket backs up, with no
   * error and no close. `request` counts only requests that carry archive bytes (Put Blob, Put Block, v1 PATCH).
   */
  hold?: HeldRequest;
  /**
   * One request's connection reset after afterBytes of its body were read (0: before any). An afterBytes at
   * or beyond the body's length lets the body be stored, then resets the connection instead of the response.
   */
  cut?: CutRequest;
}

const KNOWN = ['perConnectionBytesPerSecond', 'roundTripMs', 'storeDelaysMs', 'hold', 'cut', 'upload'] as const;
const KNOWN_UPLOAD = ['bytesPerSecond', 'perConnectionBytesPerSecond', 'roundTripMs', 'hold', 'cut'] as const;

function positiveInteger(value: unknown, where: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new SettingsError(`${where} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${JSON.stringify(value)}`);
  }
  return value;
}

function fields(value: unknown, where: string, known: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SettingsError(`${where} must be an object, got ${JSON.stringify(value)}`);
  const raw = value as Record<string, unknown>;
  for (const field of Object.keys(raw)) {
    if (!known.includes(field)) throw new SettingsError(`${where}.${field} is not a known setting (known: ${known.join(', ')})`);
  }
  return raw;
}

/** Validates `network` settings; null clears them. */
export function parseNetworkFaults(value: unknown): NetworkFaults {
  if (value === null) return {};
  const raw = fields(value, 'network', KNOWN);
  const out: NetworkFaults = {};
  if (raw.perConnectionBytesPerSecond !== undefined)
    out.perConnectionBytesPerSecond = positiveInteger(raw.perConnectionBytesPerSecond, 'network.perConnectionBytesPerSecond');
  if (raw.roundTripMs !== undefined) out.roundTripMs = positiveInteger(raw.roundTripMs, 'network.roundTripMs', true);
  if (raw.storeDelaysMs !== undefined) {
    if (!Array.isArray(raw.storeDelaysMs) || raw.storeDelaysMs.length === 0)
      throw new SettingsError(`network.storeDelaysMs must be a non-empty array of milliseconds, got ${JSON.stringify(raw.storeDelaysMs)}`);
    out.storeDelaysMs = raw.storeDelaysMs.map((v, i) => positiveInteger(v, `network.storeDelaysMs[${i}]`, true));
  }
  if (raw.hold !== undefined) out.hold = parseHold(raw.hold, 'network.hold');
  if (raw.cut !== undefined) out.cut = parseCut(raw.cut, 'network.cut');
  if (raw.upload !== undefined) out.upload = parseUploadFaults(raw.upload);
  return out;
}

function parseHold(value: unknown, where: string): HeldRequest {
  const h = fields(value, where, ['request', 'afterBytes', 'durationMs']);
  return {
    request: positiveInteger(h.request, `${where}.request`),
    afterBytes: positiveInteger(h.afterBytes, `${where}.afterBytes`, true),
    durationMs: positiveInteger(h.durationMs, `${where}.durationMs`),
  };
}

function parseCut(value: unknown, where: string): CutRequest {
  const c = fields(value, where, ['request', 'afterBytes']);
  return { request: positiveInteger(c.request, `${where}.request`), afterBytes: positiveInteger(c.afterBytes, `${where}.afterBytes`, true) };
}

function parseUploadFaults(value: unknown): UploadFaults {
  const raw = fields(value, 'network.upload', KNOWN_UPLOAD);
  const out: UploadFaults = {};
  if (raw.bytesPerSecond !== undefined) out.bytesPerSecond = positiveInteger(raw.bytesPerSecond, 'network.upload.bytesPerSecond');
  if (raw.perConnectionBytesPerSecond !== undefined)
    out.perConnectionBytesPerSecond = positiveInteger(raw.perConnectionBytesPerSecond, 'network.upload.perConnectionBytesPerSecond');
  if (raw.roundTripMs !== undefined) out.roundTripMs = positiveInteger(raw.roundTripMs, 'network.upload.roundTripMs', true);
  if (raw.hold !== undefined) out.hold = parseHold(raw.hold, 'network.upload.hold');
  if (raw.cut !== undefined) out.cut = parseCut(raw.cut, 'network.upload.cut');
  return out;
}

/**
 * Lets the first afterBytes through, then holds the rest for durationMs: a request that stalls mid-body
 * with its connection open, as a stuck download does (no bytes, no error, no close).
 */
export class HoldStream extends Transform {
  private passedBytes = 0;
  private held = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly afterBytes: number,
    private readonly durationMs: number,
    private readonly onHold: () => void = () => {},
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.held) return callback(null, chunk);
    const room = this.afterBytes - this.passedBytes;
    if (chunk.length < room) {
      this.passedBytes += chunk.length;
      return callback(null, chunk);
    }
    this.held = true;
    if (room > 0) this.push(chunk.subarray(0, room));
    this.onHold();
    this.timer = setTimeout(() => callback(null, chunk.subarray(room)), this.durationMs);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.timer) clearTimeout(this.timer);
    callback(error);
  }
}

/**
 * The network stages of one blob GET's body, after the shared cap: this connection's cap, then the hold
 * or the cut if this is the request they name. `cutSocket` ends the connection (see TruncateStream).
 */
export function networkStages(
  faults: NetworkFaults,
  getNumber: number,
  cutSocket: () => void,
  log: (line: string) => void,
): { stages: NodeJS.ReadWriteStream[]; closes: boolean } {
  const stages: NodeJS.ReadWriteStream[] = [];
  if (faults.perConnectionBytesPerSecond) {
    const bucket = new TokenBucket(faults.perConnectionBytesPerSecond);
    stages.push(new ThrottleStream(() => bucket));
  }
  if (faults.hold && faults.hold.request === getNumber) {
    const { afterBytes, durationMs } = faults.hold;
    stages.push(new HoldStream(afterBytes, durationMs, () => log(`network fault: holding GET #${getNumber} after ${afterBytes} B for ${durationMs} ms`)));
  }
  if (faults.cut && faults.cut.request === getNumber && faults.cut.afterBytes > 0) {
    const { afterBytes } = faults.cut;
    stages.push(
      new TruncateStream(afterBytes, () => {
        log(`network fault: cutting GET #${getNumber} after ${afterBytes} B`);
        cutSocket();
      }),
    );
    return { stages, closes: true };
  }
  return { stages, closes: false };
}
