/**
 * Download rate limiting for the bottleneck lab. One bucket is shared by every download in flight,
 * the way one network link is, so two parallel downloads each get about half the rate.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** Largest slice sent at once, so a big chunk cannot go out as one burst. */
const SLICE_BYTES = 16 * 1024;

/**
 * A token bucket that lets reservations run into debt: reserve(n) always succeeds and returns how long
 * the caller must wait before sending. Concurrent callers queue up behind the debt, which keeps the
 * aggregate rate exact without a waiter list.
 */
export class TokenBucket {
  private tokens: number;
  private lastRefillMs: number;
  private burstBytes: number;

  constructor(
    private bytesPerSecond: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.burstBytes = burstFor(bytesPerSecond);
    this.tokens = this.burstBytes;
    this.lastRefillMs = nowMs();
  }

  get rateBytesPerSecond(): number {
    return this.bytesPerSecond;
  }

  setRate(bytesPerSecond: number): void {
    this.refill();
    this.bytesPerSecond = bytesPerSecond;
    this.burstBytes = burstFor(bytesPerSecond);
    this.tokens = Math.min(this.tokens, this.burstBytes);
  }

  /** Takes n bytes' worth of tokens; returns the wait in ms before those bytes may be sent. */
  reserve(bytes: number): number {
    this.refill();
    this.tokens -= bytes;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.bytesPerSecond) * 1000;
  }

  private refill(): void {
    const now = this.nowMs();
    this.tokens = Math.min(this.burstBytes, this.tokens + ((now - this.lastRefillMs) / 1000) * this.bytesPerSecond);
    this.lastRefillMs = now;
  }
}

/** A 50 ms burst, bounded so very low rates still move and very high rates stay smooth. */
export function burstFor(bytesPerSecond: number): number {
  return Math.min(1024 * 1024, Math.max(SLICE_BYTES, bytesPerSecond * 0.05));
}

/**
 * Passes bytes through at the rate of the bucket returned by bucketNow(), read per slice so a rate
 * change made while a download runs applies to the rest of it; undefined means unlimited.
 */
export class ThrottleStream extends Transform {
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly bucketNow: () => TokenBucket | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // Unlimited: pass the chunk straight on, so the proxy costs next to nothing on a fast restore.
    if (!this.bucketNow()) return callback(null, chunk);
    this.sendSlices(chunk).then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    callback(error);
  }

  private async sendSlices(chunk: Buffer): Promise<void> {
    for (let offset = 0; offset < chunk.length && !this.destroyed; offset += SLICE_BYTES) {
      const slice = chunk.subarray(offset, offset + SLICE_BYTES);
      const bucket = this.bucketNow();
      const waitMs = bucket ? bucket.reserve(slice.length) : 0;
      if (waitMs > 0) await this.sleep(waitMs);
      if (this.destroyed) return;
      this.push(slice);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }
}

/**
 * Lets the first limitBytes through, then calls onLimit (which cuts the connection): a server that
 * dies mid-body. Headers already sent still announce the full length, as in a real truncation.
 */
export class TruncateStream extends Transform {
  private passedBytes = 0;
  private cut = false;

  constructor(
    private readonly limitBytes: number,
    private readonly onLimit: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.cut) return callback();
    const room = this.limitBytes - this.passedBytes;
    if (chunk.length < room) {
      this.passedBytes += chunk.length;
      return callback(null, chunk);
    }
    this.cut = true;
    this.passedBytes = this.limitBytes;
    if (room > 0) this.push(chunk.subarray(0, room));
    callback();
    // Give the pushed bytes a moment to reach the socket before cutting it.
    setImmediate(this.onLimit);
  }
}
