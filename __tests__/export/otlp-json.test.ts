// OTLP/JSON's common pieces: attribute values as AnyValue, what the SDK left out of attributes, times as nanoseconds.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anyValue, keyValues, resource, unixNanos } from '../../src/export/otlp-json.js';
import { restoreClock } from '../../src/export/wall-clock.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import type { Attributes } from '../../src/export/trace-plan.js';
import { repoRoot } from '../helpers/tree.js';

describe('AnyValue', () => {
  it('strings, booleans, integers as int64 strings, other numbers as doubles, arrays of values', () => {
    expect(anyValue('seq-read')).toEqual({ stringValue: 'seq-read' });
    expect(anyValue(false)).toEqual({ boolValue: false });
    expect(anyValue(1_073_741_824)).toEqual({ intValue: '1073741824' });
    expect(anyValue(-3)).toEqual({ intValue: '-3' });
    expect(anyValue(0.25)).toEqual({ doubleValue: 0.25 });
    expect(anyValue(['stepMs', 'untilOnDiskMs'])).toEqual({ arrayValue: { values: [{ stringValue: 'stepMs' }, { stringValue: 'untilOnDiskMs' }] } });
  });

  it('an integer past 2^53 keeps its digits; one past int64 goes as the double it is', () => {
    expect(anyValue(2 ** 60)).toEqual({ intValue: '1152921504606846976' });
    expect(anyValue(2 ** 63)).toEqual({ doubleValue: 2 ** 63 });
  });
});

describe('attributes as KeyValue', () => {
  it('in their order; an empty key or a missing value left out; past the limit counted, not sent', () => {
    const attributes = { a: 'x', '': 'no key', b: undefined, c: 2, d: true } as unknown as Attributes;
    expect(keyValues(attributes)).toEqual({
      attributes: [
        { key: 'a', value: { stringValue: 'x' } },
        { key: 'c', value: { intValue: '2' } },
        { key: 'd', value: { boolValue: true } },
      ],
      dropped: 0,
    });
    const limited = keyValues(attributes, 2);
    expect(limited.attributes.map((a) => a.key)).toEqual(['a', 'c']);
    expect(limited.dropped).toBe(1);
    expect(resource({ 'service.name': 'disk-profiler' })).toEqual({ attributes: [{ key: 'service.name', value: { stringValue: 'disk-profiler' } }] });
  });
});

describe('times as Unix nanoseconds', () => {
  it('whole milliseconds exactly', () => {
    expect(unixNanos(0)).toBe('0');
    expect(unixNanos(1_700_000_000_123)).toBe('1700000000123000000');
  });

  it("a recording's phase boundaries to the nanosecond, which a double of nanoseconds would lose", () => {
    const profile = readProfileFile(path.join(repoRoot, 'fixtures/profiles/lab-bio-iops-cap.json'));
    const clock = restoreClock(profile);
    for (const phase of profile.phases) {
      for (const ms of [phase.startMs, phase.endMs]) {
        const epochMs = clock(ms);
        const nanos = BigInt(unixNanos(epochMs));
        const wholeMs = BigInt(Math.trunc(epochMs));
        // The sub-millisecond part survives: what is left over the whole milliseconds is their fraction.
        expect(Number(nanos - wholeMs * 1_000_000n) / 1e6, `${phase.name} ${ms}`).toBeCloseTo(epochMs - Math.trunc(epochMs), 5);
      }
    }
    // The recording has sub-millisecond boundaries, so the check above is not only whole milliseconds.
    expect(profile.phases.some((p) => !Number.isInteger(p.endMs))).toBe(true);
  });
});
