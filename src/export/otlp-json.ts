/**
 * OTLP/JSON's common messages (opentelemetry-proto common/v1 and resource/v1) as OTLP/HTTP's JSON encoding
 * writes them: attributes as KeyValue/AnyValue, the resource, the instrumentation scope, and times as Unix
 * nanoseconds. proto3 JSON writes 64-bit integers as decimal strings, so times, intValue and counts are
 * strings here. Pure; otlp-trace.ts and otlp-metrics.ts build the requests from these.
 */
import { TOOL_VERSION } from '../version.js';
import type { AttributeValue, Attributes } from './trace-plan.js';

export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

export interface OtlpResource {
  attributes: OtlpKeyValue[];
}

export interface OtlpScope {
  name: string;
  version: string;
}

/** Who made the spans and metrics: the scope every request names. */
export const SCOPE: OtlpScope = { name: 'disk-profiler', version: TOOL_VERSION };

// An integer beyond int64 has no intValue: it goes as a double, the number it is.
const INT64_LIMIT = 2 ** 63;

export function anyValue(value: AttributeValue): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) && Math.abs(value) < INT64_LIMIT ? { intValue: BigInt(value).toString() } : { doubleValue: value };
  }
  return { arrayValue: { values: value.map(anyValue) } };
}

/** Attributes have a limit of how many are kept (the SDK's defaults); what is over it is counted, not sent. */
export interface EncodedAttributes {
  attributes: OtlpKeyValue[];
  dropped: number;
}

/**
 * The attributes in their order, as the OpenTelemetry SDK keeps them: an empty key or a value that is not
 * there (null, undefined: a spread of an optional field) is left out; past `limit` keys, the rest are counted.
 */
export function keyValues(attributes: Attributes, limit = Number.POSITIVE_INFINITY): EncodedAttributes {
  const out: OtlpKeyValue[] = [];
  let dropped = 0;
  for (const [key, value] of Object.entries(attributes)) {
    if (key === '' || value === undefined || value === null) continue;
    if (out.length >= limit) dropped++;
    else out.push({ key, value: anyValue(value) });
  }
  return { attributes: out, dropped };
}

export function resource(attributes: Readonly<Record<string, string>>): OtlpResource {
  return { attributes: keyValues(attributes).attributes };
}

/**
 * Epoch milliseconds as Unix nanoseconds, a decimal string: whole seconds and the rounded nanoseconds of the
 * rest added, as the SDK's millisToHrTime and the exporter's hrTimeToNanos did, so a time is sent as before.
 */
export function unixNanos(epochMs: number): string {
  const seconds = Math.trunc(epochMs / 1000);
  const nanos = Math.round((epochMs % 1000) * 1_000_000);
  return (BigInt(seconds) * 1_000_000_000n + BigInt(nanos)).toString();
}
