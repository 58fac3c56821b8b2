import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig, type ProfileConfig } from '../../src/config/config.js';
import { InputError } from '../../src/util/errors.js';

const env = { GITHUB_WORKSPACE: '/work/ws', RUNNER_TEMP: '/tmp/rt', RUNNER_NAME: 'runner-7' };
const reader = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';
const base = { path: 'node_modules\n~/.pnpm-store', key: 'deps-abc', 'restore-keys': 'deps-\n' };

const scratch = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function profile(inputs: Record<string, string>): ProfileConfig {
  const config = parseConfig(reader({ ...base, ...inputs }), env);
  if (config.mode !== 'profile') throw new Error('expected profile mode');
  return config;
}

function refusal(inputs: Record<string, string>): InputError {
  try {
    parseConfig(reader({ ...base, ...inputs }), env);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('parseConfig', () => {
  it('takes actions/cache inputs as they are and fills defaults', () => {
    const c = profile({});
    expect(c.paths).toEqual(['node_modules', '~/.pnpm-store']);
    expect(c.primaryKey).toBe('deps-abc');
    expect(c.restoreKeys).toEqual(['deps-']);
    expect(c.label).toBe('runner-7');
    expect(c.sampleIntervalMs).toBe(100);
    expect(c.probes).toHaveLength(6);
    expect(c.probeBudgetMs).toBe(30_000);
    expect(c.probePath).toBe('/work/ws/node_modules');
    expect(c.artifactName).toBe('disk-profile-runner-7');
    expect(c.failOnCacheMiss).toBe(false);
    expect(c.lookupOnly).toBe(false);
    expect(c.enableCrossOsArchive).toBe(false);
    expect(c.save).toBe(true);
    expect(c.inputWarnings).toEqual([]);
    expect(c.experiments).toEqual(['ram', 'decompress', 'other-disk', 'page-cache']);
    expect(c.experimentsBudgetMs).toBe(60_000);
    // Always on by default (issue 24): probes and experiments decide for themselves, ceilings and history are kept.
    expect(c.probesAuto).toBe(true);
    expect(c.experimentsAuto).toBe(true);
    expect(c.rememberCeilings).toBe(true);
    expect(c.history).toBe(true);
    expect(c.ceilingsMaxAgeMs).toBe(30 * 86_400_000);
  });

  it('keeps the history per label, or per runner image when no label was given', () => {
    const env = { GITHUB_WORKSPACE: '/work/ws', RUNNER_NAME: 'GitHub Actions 17', ImageOS: 'ubuntu24', RUNNER_ARCH: 'X64' };
    const read = (inputs: Record<string, string>) => parseConfig((n) => ({ path: 'deps', key: 'k', ...inputs })[n] ?? '', env);
    expect(read({})).toMatchObject({ label: 'GitHub Actions 17', historyLabel: 'ubuntu24-X64' });
    expect(read({ label: 'ubuntu-24.04' })).not.toHaveProperty('historyLabel');
  });

  it('auto, default and explicit lists of probes and experiments', () => {
    expect(profile({ probes: 'default' })).toMatchObject({ probesAuto: false, probes: expect.arrayContaining(['seq-write']) });
    expect(profile({ probes: 'auto' })).toMatchObject({ probesAuto: true });
    expect(profile({ probes: 'seq-write' })).toMatchObject({ probesAuto: false, probes: ['seq-write'] });
    expect(profile({ experiments: 'default' }).experimentsAuto).toBe(false);
    expect(profile({ experiments: 'none' })).toMatchObject({ experimentsAuto: false, experiments: [] });
    expect(profile({ 'remember-ceilings': 'false', history: 'false', 'ceilings-max-age-days': '7' })).toMatchObject({
      rememberCeilings: false,
      history: false,
      ceilingsMaxAgeMs: 7 * 86_400_000,
    });
  });

  // actions/cache getInputAsArray: `replace(/^!\s+/, '!')` then trim, for path and restore-keys alike.
  it('normalises exclusion lines as actions/cache does', () => {
    const c = profile({ path: 'deps\n!  deps/skip\n!\tdeps/tab  \n  ! kept-as-is\r\n\n', 'restore-keys': '!  odd-\n' });
    expect(c.paths).toEqual(['deps', '!deps/skip', '!deps/tab', '! kept-as-is']);
    expect(c.restoreKeys).toEqual(['!odd-']);
  });

  // actions/cache getInputAsBool: only 'true', any case, is true; nothing is refused.
  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['false', false],
    ['', false],
    ['yes', false],
    ['on', false],
    ['1', false],
    ['maybe', false],
  ])('reads the actions/cache booleans as actions/cache does: %j is %s', (raw, expected) => {
    const c = profile({ 'fail-on-cache-miss': raw, 'lookup-only': raw, enableCrossOsArchive: raw });
    expect([c.failOnCacheMiss, c.lookupOnly, c.enableCrossOsArchive]).toEqual([expected, expected, expected]);
    // What actions/cache silently reads as false is also worth a warning here.
    const odd = !['', 'true', 'false'].includes(raw.toLowerCase());
    expect(c.inputWarnings).toHaveLength(odd ? 3 : 0);
    if (odd) expect(c.inputWarnings.join('\n')).toContain(`'fail-on-cache-miss' is '${raw}': read as false`);
  });

  // actions/cache getInputAsInt: parseInt, NaN or negative is unset.
  it.each([
    ['', null],
    ['33554432', 33554432],
    ['32MB', 32],
    ['-1', null],
    ['big', null],
  ])('reads upload-chunk-size %j as actions/cache does: %s', (raw, expected) => {
    expect(profile({ 'upload-chunk-size': raw }).uploadChunkSize).toBe(expected);
  });

  // Issue 38: exactly what @actions/core getBooleanInput accepts; `yes` is refused, never silently false.
  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ])('our own booleans read %j as getBooleanInput does: %s', (raw, expected) => {
    const c = profile({ save: raw, 'upload-artifact': raw, 'install-fio': raw, 'remember-ceilings': raw, history: raw });
    expect([c.save, c.uploadArtifact, c.installFio, c.rememberCeilings, c.history]).toEqual(Array(5).fill(expected));
  });

  it('our own booleans read "" as their defaults: upload-artifact off (issue 40: it costs every run an upload), the others on', () => {
    const c = profile({ save: '', 'upload-artifact': '', 'install-fio': '', 'remember-ceilings': '', history: '' });
    expect([c.save, c.uploadArtifact, c.installFio, c.rememberCeilings, c.history]).toEqual([true, false, true, true, true]);
  });

  it.each(['yes', 'no', 'on', 'off', '1', '0', 'tRuE', 'y'])('our own booleans refuse %j, naming the input, the value and what is allowed', (raw) => {
    for (const input of ['save', 'upload-artifact', 'install-fio', 'remember-ceilings', 'history']) {
      const error = refusal({ [input]: raw });
      expect([error.input, error.given]).toEqual([input, raw]);
      expect(error.message).toContain('Allowed: true, True, TRUE, false, False, FALSE');
    }
  });

  it('fail-on-bottleneck: disk alone, or in a list with others (disk,cpu), stands for both disk resources', () => {
    expect(profile({ 'fail-on-bottleneck': 'disk,cpu' }).failOnBottleneck).toEqual(['disk-bandwidth', 'disk-iops', 'cpu']);
    expect(profile({ 'fail-on-bottleneck': 'network, disk' }).failOnBottleneck).toEqual(['network', 'disk-bandwidth', 'disk-iops']);
    expect(profile({ 'fail-on-bottleneck': 'disk,disk-iops' }).failOnBottleneck).toEqual(['disk-bandwidth', 'disk-iops']);
    expect(profile({ 'fail-on-bottleneck': 'none' }).failOnBottleneck).toEqual([]);
    const error = refusal({ 'fail-on-bottleneck': 'disk,gpu' });
    expect([error.input, error.given]).toEqual(['fail-on-bottleneck', 'disk,gpu']);
    expect(error.message).toContain("network, disk-bandwidth, disk-iops, cpu, disk (disk: both disk ones) ('gpu' is none of them)");
  });

  it('refuses a label with a line break or another control character, also where the artifact is named otherwise', () => {
    for (const label of ['a\n::warning::x', 'tab\there', 'bell\u0007']) {
      const error = refusal({ label, 'artifact-name': 'profile' });
      expect(error.input).toBe('label');
      expect(error.message).toContain('Allowed: a name on one line, without control characters');
    }
  });

  it('turns probes off and picks lists', () => {
    expect(profile({ probes: 'none' }).probes).toEqual([]);
    expect(profile({ experiments: 'none' }).experiments).toEqual([]);
    expect(profile({ experiments: 'page-cache,ram' }).experiments).toEqual(['page-cache', 'ram']);
    expect(profile({ probes: 'seq-write, rand-read' }).probes).toEqual(['seq-write', 'rand-read']);
    expect(profile({ 'fail-on-bottleneck': 'disk' }).failOnBottleneck).toEqual(['disk-bandwidth', 'disk-iops']);
  });

  it.each([
    [{ path: '' }, 'path', ''],
    [{ key: '' }, 'key', ''],
    [{ key: 'a,b' }, 'key', 'a,b'],
    [{ 'sample-interval-ms': '5' }, 'sample-interval-ms', '5'],
    [{ 'sample-interval-ms': '100ms' }, 'sample-interval-ms', '100ms'],
    [{ 'probe-budget-seconds': '2' }, 'probe-budget-seconds', '2'],
    [{ probes: 'seq-write,turbo' }, 'probes', 'turbo'],
    [{ mode: 'benchmark' }, 'mode', 'benchmark'],
    [{ 'fail-on-bottleneck': 'gpu' }, 'fail-on-bottleneck', 'gpu'],
    [{ 'artifact-name': 'a/b' }, 'artifact-name', 'a/b'],
    [{ 'writeback-timeout-seconds': '-1' }, 'writeback-timeout-seconds', '-1'],
    [{ 'writeback-timeout-seconds': '3601' }, 'writeback-timeout-seconds', '3601'],
    [{ 'probe-budget-seconds': '30s' }, 'probe-budget-seconds', '30s'],
    [{ 'sample-interval-ms': '10001' }, 'sample-interval-ms', '10001'],
    [{ save: 'maybe' }, 'save', 'maybe'],
    [{ 'install-fio': 'sudo' }, 'install-fio', 'sudo'],
    [{ 'upload-artifact': 'always' }, 'upload-artifact', 'always'],
    [{ experiments: 'ram,nvme' }, 'experiments', 'ram,nvme'],
    [{ 'experiments-budget-seconds': '0' }, 'experiments-budget-seconds', '0'],
    [{ probes: 'automatic' }, 'probes', 'automatic'],
    [{ 'remember-ceilings': 'sometimes' }, 'remember-ceilings', 'sometimes'],
    [{ history: 'keep' }, 'history', 'keep'],
    [{ 'ceilings-max-age-days': '0' }, 'ceilings-max-age-days', '0'],
    [{ 'ceilings-max-age-days': '366' }, 'ceilings-max-age-days', '366'],
    [{ 'restore-keys': 'deps-\nold,deps' }, 'restore-keys', 'old,deps'],
    [{ key: 'k'.repeat(513) }, 'key', '513 characters'],
    [{ label: 'ubuntu-24.04/arm', 'upload-artifact': 'true' }, 'label', 'ubuntu-24.04/arm'],
    [{ label: 'runner: big', 'upload-artifact': 'true' }, 'label', 'runner: big'],
    [{ 'artifact-name': 'profile*' }, 'artifact-name', 'profile*'],
    [{ 'probe-path': '/no-such-dir-disk-profiler/at/all' }, 'probe-path', '/no-such-dir-disk-profiler/at/all'],
    [{ 'probe-path': '/dev/null' }, 'probe-path', '/dev/null'],
    [{ mode: 'compare', 'artifact-pattern': 'disk-profile-*/x' }, 'artifact-pattern', 'disk-profile-*/x'],
    [{ mode: 'compare', 'artifact-pattern': 'a|b' }, 'artifact-pattern', 'a|b'],
    [{ mode: 'compare', prices: 'ubuntu-latest=0.008,ubuntu-24.04-arm' }, 'prices', 'ubuntu-24.04-arm'],
    [{ mode: 'compare', prices: 'ubuntu-latest=eight' }, 'prices', 'ubuntu-latest=eight'],
    [{ mode: 'compare', prices: 'ubuntu-latest=-0.008' }, 'prices', 'ubuntu-latest=-0.008'],
    [{ mode: 'compare', prices: '=0.008' }, 'prices', '=0.008'],
    [{ mode: 'compare', prices: 'a=0.008, a=0.005' }, 'prices', 'a=0.008, a=0.005'],
  ])('refuses %j naming the input, the value and what is allowed', (inputs, input, given) => {
    const error = refusal(inputs);
    expect(error.input).toBe(input);
    expect(error.given).toContain(given);
    expect(error.message).toContain(`'${input}'`);
    expect(error.message).toMatch(/Allowed: .+/);
  });

  it('accepts a label artifacts cannot be named after when artifact-name or upload-artifact says so', () => {
    expect(profile({ label: 'a/b', 'artifact-name': 'disk-profile-a-b', 'upload-artifact': 'true' }).label).toBe('a/b');
    expect(profile({ label: 'a/b', 'upload-artifact': 'false' }).uploadArtifact).toBe(false);
  });

  it('uploads no artifact by default: the upload costs every run its service calls (issue 40); compare asks for it', () => {
    expect(profile({}).uploadArtifact).toBe(false);
    expect(profile({ label: 'a/b' }).label).toBe('a/b');
    expect(profile({ 'upload-artifact': 'true' }).uploadArtifact).toBe(true);
  });

  it('refuses a probe-path that is a file, names why, and takes a directory about to be created', () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    const error = refusal({ 'probe-path': file });
    expect(error.input).toBe('probe-path');
    expect(error.message).toContain('is a file');
    expect(refusal({ 'probe-path': '/dev/null' }).message).toContain('is a device');
    const block = readdirSync('/dev')
      .map((n) => path.join('/dev', n))
      .find((p) => statSync(p, { throwIfNoEntry: false })?.isBlockDevice());
    if (block) expect(refusal({ 'probe-path': block }).message).toContain('is a device');
    expect(refusal({ 'probe-path': '/no-such-dir-disk-profiler/x' }).message).toContain('nor its parent exists');
    expect(profile({ 'probe-path': path.join(scratch, 'new-dir') }).probePath).toBe(path.join(scratch, 'new-dir'));
    expect(profile({ 'probe-path': scratch }).probePath).toBe(scratch);
  });

  it('refuses more than 10 keys', () => {
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`).join('\n');
    expect(refusal({ 'restore-keys': keys }).input).toBe('restore-keys');
  });

  it('compare mode needs no cache inputs', () => {
    const c = parseConfig(reader({ mode: 'compare' }), env);
    expect(c).toMatchObject({ mode: 'compare', artifactPattern: 'disk-profile-*', prices: new Map() });
  });

  it('reads the per-minute prices of compare mode, commas or lines between them', () => {
    const c = parseConfig(reader({ mode: 'compare', prices: 'ubuntu-latest=0.006,\nubuntu-24.04-arm = $0.005\n' }), env);
    expect(c.mode === 'compare' && [...c.prices]).toEqual([
      ['ubuntu-latest', 0.006],
      ['ubuntu-24.04-arm', 0.005],
    ]);
    expect(refusal({ mode: 'compare', prices: 'a=0.008, a=0.005' }).message).toContain('a is priced twice');
    expect(refusal({ mode: 'compare', prices: 'x=1e-3' }).message).toMatch(/Allowed: label=price pairs .*US dollars a minute/);
  });
});
