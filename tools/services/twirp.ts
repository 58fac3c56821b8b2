/**
 * Twirp conventions the real clients rely on: JSON error bodies `{code, msg, meta?}` with the code's
 * HTTP status, and proto3 JSON field access (requests arrive in snake_case with defaults omitted;
 * camelCase is accepted too, as protobuf JSON parsers do).
 */

const STATUS_BY_CODE = {
  canceled: 408,
  unknown: 500,
  invalid_argument: 400,
  malformed: 400,
  deadline_exceeded: 408,
  not_found: 404,
  bad_route: 404,
  already_exists: 409,
  permission_denied: 403,
  unauthenticated: 401,
  resource_exhausted: 429,
  failed_precondition: 412,
  aborted: 409,
  out_of_range: 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  dataloss: 500,
} as const;

export type TwirpCode = keyof typeof STATUS_BY_CODE;

export class TwirpError extends Error {
  constructor(
    readonly code: TwirpCode,
    message: string,
    readonly meta?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  toJson(): { code: TwirpCode; msg: string; meta?: Record<string, string> } {
    return { code: this.code, msg: this.message, ...(this.meta ? { meta: this.meta } : {}) };
  }
}

/** The Twirp code for an injected HTTP error status, so fault responses look like real ones. */
export function codeForStatus(status: number): TwirpCode {
  for (const [code, codeStatus] of Object.entries(STATUS_BY_CODE)) {
    if (codeStatus === status) return code as TwirpCode;
  }
  return status >= 500 ? 'internal' : 'invalid_argument';
}

export type JsonObject = Record<string, unknown>;

/** Parses a Twirp JSON request body: anything but a JSON object is `malformed`. */
export function parseRequestBody(body: Buffer): JsonObject {
  let value: unknown;
  try {
    value = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new TwirpError('malformed', `the request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TwirpError('malformed', 'the request body must be a JSON object');
  }
  return value as JsonObject;
}

function camel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function raw(body: JsonObject, field: string): unknown {
  return field in body ? body[field] : body[camel(field)];
}

/** proto3 JSON renders wrapper types (StringValue, Int64Value) as the bare value; accept `{value}` too. */
function unwrap(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value) return (value as { value: unknown }).value;
  return value;
}

export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = unwrap(raw(body, field));
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new TwirpError('invalid_argument', `${field} must be a string`, { argument: field });
  return value;
}

export function requiredString(body: JsonObject, field: string): string {
  const value = optionalString(body, field);
  if (!value) throw new TwirpError('invalid_argument', `${field} is required`, { argument: field });
  return value;
}

/** int64 travels as a JSON string (or number, which parsers also accept). */
export function optionalInt64(body: JsonObject, field: string): number | undefined {
  const value = unwrap(raw(body, field));
  if (value === undefined || value === null) return undefined;
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isSafeInteger(parsed)) throw new TwirpError('invalid_argument', `${field} must be an int64 (as a JSON string)`, { argument: field });
  return parsed;
}

export function optionalStringList(body: JsonObject, field: string): string[] {
  const value = raw(body, field);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new TwirpError('invalid_argument', `${field} must be a list of strings`, { argument: field });
  }
  return value as string[];
}
