// The network fault settings: validated with the field named, replaced as a whole, and the hold stream's timing.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { HoldStream, parseNetworkFaults, resetsBeforeResponse, storeDelayMs } from '../../../tools/services/network-faults.js';
import { applySettingsUpdate, parseSettingsUpdate, SettingsError } from '../../../tools/services/settings.js';

describe('network fault settings', () => {
  it('parses every fault and names a bad field with what was given', () => {
    expect(
      parseNetworkFaults({
        perConnectionBytesPerSecond: 1000,
        roundTripMs: 0,
        hold: { request: 2, afterBytes: 10, durationMs: 500 },
        cut: { request: 1, afterBytes: 0 },
      }),
    ).toEqual({
      perConnectionBytesPerSecond: 1000,
      roundTripMs: 0,
      hold: { request: 2, afterBytes: 10, durationMs: 500 },
      cut: { request: 1, afterBytes: 0 },
    });
    expect(() => parseNetworkFaults({ perConnectionBytesPerSecond: -1 })).toThrow(/network.perConnectionBytesPerSecond must be a positive integer, got -1/);
    expect(() => parseNetworkFaults({ hold: { request: 0, afterBytes: 1, durationMs: 1 } })).toThrow(/network.hold.request must be a positive integer, got 0/);
    expect(() => parseNetworkFaults({ stall: 1 })).toThrow(SettingsError);
    expect(() => parseNetworkFaults({ cut: { request: 1, afterBytes: 1, extra: 1 } })).toThrow(/network.cut.extra is not a known setting/);
    expect(parseNetworkFaults(null)).toEqual({});
    expect(parseNetworkFaults({ storeDelaysMs: [0, 5] })).toEqual({ storeDelaysMs: [0, 5] });
    expect(() => parseNetworkFaults({ storeDelaysMs: [] })).toThrow(/network.storeDelaysMs must be a non-empty array/);
    expect(() => parseNetworkFaults({ storeDelaysMs: [1, -2] })).toThrow(/network.storeDelaysMs\[1\] must be a non-negative integer, got -2/);
  });

  it("parses the uploads' faults under network.upload and names a bad field with its full path", () => {
    const upload = {
      bytesPerSecond: 5_000_000,
      perConnectionBytesPerSecond: 1000,
      roundTripMs: 0,
      hold: { request: 2, afterBytes: 0, durationMs: 500 },
      cut: { request: 1, afterBytes: 10 },
    };
    expect(parseNetworkFaults({ roundTripMs: 3, upload })).toEqual({ roundTripMs: 3, upload });
    expect(() => parseNetworkFaults({ upload: { bytesPerSecond: 1.5 } })).toThrow(/network.upload.bytesPerSecond must be a positive integer, got 1.5/);
    expect(() => parseNetworkFaults({ upload: { roundTripMs: -1 } })).toThrow(/network.upload.roundTripMs must be a non-negative integer, got -1/);
    expect(() => parseNetworkFaults({ upload: { cut: { request: 1 } } })).toThrow(
      /network.upload.cut.afterBytes must be a non-negative integer, got undefined/,
    );
    expect(() => parseNetworkFaults({ upload: { storeDelaysMs: [1] } })).toThrow(
      /network.upload.storeDelaysMs is not a known setting \(known: bytesPerSecond, perConnectionBytesPerSecond, roundTripMs, hold, cut\)/,
    );
    expect(() => parseNetworkFaults({ upload: 'fast' })).toThrow(/network.upload must be an object, got "fast"/);
  });

  it('a settings update replaces the network faults as a whole, and null clears them', () => {
    const base = { downloadBytesPerSecond: null, faults: {}, downloadUrls: 'azure' as const };
    const set = applySettingsUpdate(base, parseSettingsUpdate({ network: { roundTripMs: 50 } }));
    expect(set.network).toEqual({ roundTripMs: 50 });
    expect(applySettingsUpdate(set, parseSettingsUpdate({ downloadBytesPerSecond: 5 })).network).toEqual({ roundTripMs: 50 });
    expect(applySettingsUpdate(set, parseSettingsUpdate({ network: null })).network).toBeUndefined();
  });

  it('the store delays cycle over the GETs', () => {
    expect([1, 2, 3, 4].map((n) => storeDelayMs({ storeDelaysMs: [10, 20, 30] }, n))).toEqual([10, 20, 30, 10]);
    expect(storeDelayMs({ storeDelaysMs: [10] }, 0)).toBe(0);
    expect(storeDelayMs({}, 1)).toBe(0);
  });

  it('resets only the GET a zero-byte cut names', () => {
    expect(resetsBeforeResponse({ cut: { request: 2, afterBytes: 0 } }, 2)).toBe(true);
    expect(resetsBeforeResponse({ cut: { request: 2, afterBytes: 0 } }, 1)).toBe(false);
    expect(resetsBeforeResponse({ cut: { request: 2, afterBytes: 5 } }, 2)).toBe(false);
  });

  it('the hold stream passes the first bytes at once, holds the rest for the set time, and loses nothing', async () => {
    const arrivals: [number, number][] = [];
    const start = performance.now();
    await pipeline(
      Readable.from([Buffer.alloc(600), Buffer.alloc(600)]),
      new HoldStream(1000, 300),
      new Writable({
        write(chunk: Buffer, _e, cb) {
          arrivals.push([performance.now() - start, chunk.length]);
          cb();
        },
      }),
    );
    expect(arrivals.reduce((s, [, n]) => s + n, 0)).toBe(1200);
    const before = arrivals.filter(([t]) => t < 150).reduce((s, [, n]) => s + n, 0);
    expect(before).toBe(1000);
    expect(arrivals[arrivals.length - 1]?.[0]).toBeGreaterThanOrEqual(290);
  });
});
