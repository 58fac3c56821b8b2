// Issue 38: the otel-* inputs were checked only in the post step. The main step now checks them with
// the post step's own parser: a bad input fails it as any input does; a bad OTEL_* variable alone warns.
import { afterEach, describe, expect, it } from 'vitest';
import { checkExportInputs } from '../../src/pipeline/post-export.js';
import { InputError } from '../../src/util/errors.js';

// @actions/core reads an input from INPUT_<NAME> (upper case, spaces as underscores).
const INPUT = (name: string) => `INPUT_${name.toUpperCase()}`;
const touched = new Set<string>();
const set = (name: string, value: string) => {
  touched.add(name);
  process.env[name] = value;
};
afterEach(() => {
  for (const name of touched) delete process.env[name];
  touched.clear();
});

function check(): { error: unknown; warnings: string[] } {
  const warnings: string[] = [];
  try {
    checkExportInputs((line) => warnings.push(line));
    return { error: null, warnings };
  } catch (error) {
    return { error, warnings };
  }
}

describe('the otel-* inputs in the main step', () => {
  it('refuses otel-per-run-metric-attributes: yes (it silently meant false), also without an endpoint', () => {
    set(INPUT('otel-per-run-metric-attributes'), 'yes');
    const { error } = check();
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/^Input 'otel-per-run-metric-attributes.*got "yes".*Allowed: true, True, TRUE, false, False, FALSE/);
  });

  it('refuses a bad otel-endpoint, otel-timeout-seconds and otel-headers', () => {
    set(INPUT('otel-endpoint'), 'grpc://collector:4317');
    expect((check().error as InputError).input).toMatch(/^otel-endpoint/);
    set(INPUT('otel-endpoint'), 'http://collector:4318');
    set(INPUT('otel-timeout-seconds'), '0');
    expect((check().error as InputError).input).toBe('otel-timeout-seconds');
    set(INPUT('otel-timeout-seconds'), '5');
    set(INPUT('otel-headers'), 'token-without-key');
    expect((check().error as InputError).input).toBe('otel-headers');
    set(INPUT('otel-headers'), 'api-key=abc');
    expect(check()).toEqual({ error: null, warnings: [] });
  });

  it('a bad OTEL_* variable of the environment alone warns (the post step skips the export), it does not fail the step', () => {
    set('OTEL_EXPORTER_OTLP_ENDPOINT', 'not a url');
    const { error, warnings } = check();
    expect(error).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/^OpenTelemetry export will be skipped in the post step: Input 'otel-endpoint/)]);
  });
});
