// Where the export goes and what it masks, from the standard OTLP variables and the inputs standing for them.
import { describe, expect, it } from 'vitest';
import { checkHeadersInput, DEFAULT_EXPORT_TIMEOUT_MS, envWithInputs, exportSettings, scrub, shownUrl } from '../../src/export/settings.js';
import { InputError } from '../../src/util/errors.js';

const noInputs = { endpoint: '', headers: '', timeoutSeconds: '', perRunMetricAttributes: '' };

describe('export settings', () => {
  it('off without any endpoint', () => {
    expect(exportSettings({})).toBeNull();
    expect(exportSettings(envWithInputs({ OTEL_EXPORTER_OTLP_HEADERS: 'a=b' }, noInputs))).toBeNull();
  });

  it('appends /v1/traces and /v1/metrics to the base endpoint; per-signal endpoints as given; a signal without one is not sent', () => {
    const both = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com:4318/' });
    expect([both?.tracesUrl, both?.metricsUrl]).toEqual(['https://otel.example.com:4318/v1/traces', 'https://otel.example.com:4318/v1/metrics']);
    const tracesOnly = exportSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom' });
    expect([tracesOnly?.tracesUrl, tracesOnly?.metricsUrl]).toEqual(['http://c:4318/custom', null]);
  });

  it('the otel-* inputs stand for the variables and win over them', () => {
    const s = exportSettings(
      envWithInputs(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://env:4318' },
        { ...noInputs, endpoint: 'http://input:4318', timeoutSeconds: '2.5', perRunMetricAttributes: 'true' },
      ),
    );
    expect(s?.tracesUrl).toBe('http://input:4318/v1/traces');
    expect(s?.timeoutMs).toBe(2_500);
    expect(s?.perRunMetricAttributes).toBe(true);
  });

  it('the bound: the input, else OTEL_EXPORTER_OTLP_TIMEOUT in ms, else the default; an out-of-range input is refused with its remedy', () => {
    expect(exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' })?.timeoutMs).toBe(DEFAULT_EXPORT_TIMEOUT_MS);
    expect(exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_EXPORTER_OTLP_TIMEOUT: '1500' })?.timeoutMs).toBe(1_500);
    expect(() => exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', DISK_PROFILER_OTEL_TIMEOUT_SECONDS: '600' })).toThrow(InputError);
    expect(() => exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://c:4317' })).toThrow(/OTLP\/HTTP/);
  });

  it('headers: percent-decoded, per-signal over common; every value and each word of one is a secret', () => {
    const s = exportSettings({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20tok-123456,x-team=team-a',
      OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'x-team=team-m',
    });
    expect(s?.tracesHeaders).toEqual({ authorization: 'Bearer tok-123456', 'x-team': 'team-a' });
    expect(s?.metricsHeaders).toEqual({ authorization: 'Bearer tok-123456', 'x-team': 'team-m' });
    expect(s?.secrets).toEqual(
      expect.arrayContaining(['Bearer tok-123456', 'tok-123456', 'team-a', 'team-m', 'authorization=Bearer%20tok-123456,x-team=team-a']),
    );
    expect(scrub('401 for Bearer tok-123456 and tok-123456', s?.secrets ?? [])).toBe('401 for *** and ***');
  });

  // Issue 38: `yes` used to mean false, silently; and nothing was checked without an endpoint.
  it('otel-per-run-metric-attributes: what getBooleanInput accepts, anything else refused naming the input, with or without an endpoint', () => {
    const withInput = (value: string, env: Record<string, string> = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' }) =>
      exportSettings(envWithInputs(env, { ...noInputs, perRunMetricAttributes: value }));
    expect(withInput('True')?.perRunMetricAttributes).toBe(true);
    expect(withInput('FALSE')?.perRunMetricAttributes).toBe(false);
    for (const env of [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' }, {}] as Record<string, string>[]) {
      let error: unknown;
      try {
        withInput('yes', env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).input).toMatch(/^otel-per-run-metric-attributes/);
      expect((error as InputError).given).toBe('yes');
      expect((error as InputError).message).toContain('Allowed: true, True, TRUE, false, False, FALSE');
    }
    expect(() => exportSettings(envWithInputs({}, { ...noInputs, timeoutSeconds: '600' }))).toThrow(/otel-timeout-seconds/);
  });

  it('otel-headers as an input: every pair key=value, refused naming the pair by its place, never showing the secret', () => {
    expect(() => checkHeadersInput('')).not.toThrow();
    expect(() => checkHeadersInput('api-key=abc123,x-team=a,')).not.toThrow();
    let error: unknown;
    try {
      checkHeadersInput('x-team=a,abc123secret');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain("Input 'otel-headers' is invalid");
    expect((error as InputError).message).toContain('pair 2 of 2 is not key=value');
    expect((error as InputError).message).not.toContain('abc123secret');
    expect(() => checkHeadersInput('=value')).toThrow(/pair 1 of 1/);
  });

  it('the endpoint as shown: no user info, query or fragment', () => {
    expect(shownUrl('https://user:pass@otel.example.com:4318/base?api_key=abc#x')).toBe('https://otel.example.com:4318/base');
    expect(exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://u:p@h/?k=v' })?.shownEndpoint).toBe('https://h');
  });

  it('compression and TLS files: the per-signal variable over the common one; gzip or nothing', () => {
    const s = exportSettings({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://c:4318',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
      OTEL_EXPORTER_OTLP_METRICS_COMPRESSION: 'none',
      OTEL_EXPORTER_OTLP_CERTIFICATE: '/etc/otel/ca.pem',
      OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE: '/etc/otel/traces.crt',
      OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY: '/etc/otel/traces.key',
    });
    expect(s?.tracesTransport).toEqual({ compression: 'gzip', tls: { ca: '/etc/otel/ca.pem', cert: '/etc/otel/traces.crt', key: '/etc/otel/traces.key' } });
    expect(s?.metricsTransport).toEqual({ compression: 'none', tls: { ca: '/etc/otel/ca.pem' } });
    expect(exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_EXPORTER_OTLP_COMPRESSION: 'zstd' })?.tracesTransport).toEqual({
      compression: 'none',
      tls: {},
    });
  });
});
