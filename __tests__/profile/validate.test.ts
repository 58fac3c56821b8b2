import { describe, expect, it } from 'vitest';
import { isProfile, profileErrors, validateProfile } from '../../src/profile/validate.js';
import { ProfilerError } from '../../src/util/errors.js';
import { judgeProfile } from '../../src/judge/judge.js';
import { fixtureNames, loadFixture } from '../judge/fixture-tools.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests break fields at any depth
const fresh = () => JSON.parse(JSON.stringify(loadFixture('cpu-tar-zstd-vda.json'))) as Record<string, any>;

describe('validateProfile', () => {
  it('accepts every recorded fixture', () => {
    for (const f of fixtureNames()) expect(isProfile(loadFixture(f)), f).toBe(true);
  });

  it('names the path of a bad nested field', () => {
    const p = fresh();
    p.phases[2].end.disks[0].sectorsWritten = '12';
    expect(profileErrors(p)).toEqual(['phases[2].end.disks[0].sectorsWritten: expected a number, got "12"']);
  });

  it('names missing fields and bad enums', () => {
    const p = fresh();
    delete p.context.cpuCount;
    p.probes.probes[0].name = 'seq-writes';
    const errors = profileErrors(p);
    expect(errors).toContain('context.cpuCount: missing');
    expect(errors.some((e) => e.startsWith('probes.probes[0].name: expected one of "seq-write"'))).toBe(true);
  });

  it("a verdict's bounds and spans and a boundary's selfCpuUs are optional, and checked when present", () => {
    const p = fresh();
    p.schemaVersion = 2;
    p.phases[1].start.selfCpuUs = 1000;
    p.verdict = judgeProfile(validateProfile(p));
    expect(p.verdict.whatIf[0].savingAtMostMs).toBeTypeOf('number');
    expect(profileErrors(p)).toEqual([]);
    p.phases[1].end.selfCpuUs = 'soon';
    p.verdict.untilOnDiskMs = null;
    p.verdict.whatIf[0].measured = 'yes';
    p.verdict.whatIf[1].about = 'forever';
    const errors = profileErrors(p);
    expect(errors).toContain('phases[1].end.selfCpuUs: expected a number, got "soon"');
    expect(errors).toContain('verdict.untilOnDiskMs: expected a number, got null');
    expect(errors).toContain('verdict.whatIf[0].measured: expected true or false, got "yes"');
    expect(errors.some((e) => e.startsWith('verdict.whatIf[1].about: expected one of "step", "until-on-disk"'))).toBe(true);
  });

  it("a process's ppid and reapedTicks are optional, and checked when present", () => {
    const p = fresh();
    const snapshot = p.samples.snapshots.find((s: { processes?: unknown[] }) => (s.processes?.length ?? 0) > 0) ?? p.samples.snapshots[0];
    snapshot.processes = [{ pid: 10, comm: 'tar', cpuTicks: 5 }];
    expect(profileErrors(p)).toEqual([]);
    snapshot.processes = [{ pid: 10, comm: 'tar', cpuTicks: 5, ppid: 1, reapedTicks: 85 }];
    expect(profileErrors(p)).toEqual([]);
    snapshot.processes[0].reapedTicks = '85';
    expect(profileErrors(p)[0]).toMatch(/processes\[0\]\.reapedTicks: expected a number, got "85"/);
  });

  it("a probe's fioIos and deviceCounts are optional, and checked when present", () => {
    const p = fresh();
    expect(p.probes.probes[0].deviceCounts).toBeUndefined();
    expect(isProfile(p)).toBe(true);
    p.probes.probes[0].fioIos = 30;
    p.probes.probes[0].deviceCounts = { device: 'loop1', durationMs: 5903, requests: 12544, merges: 0, sectors: 100352 };
    expect(isProfile(p)).toBe(true);
    p.probes.probes[0].deviceCounts.merges = null;
    expect(profileErrors(p)).toEqual(['probes.probes[0].deviceCounts.merges: expected a number, got null']);
  });

  it('refuses an unsupported schema version with the supported one', () => {
    const p = fresh();
    p.schemaVersion = 99;
    expect(() => validateProfile(p)).toThrow(/schemaVersion: 99 is not supported; this disk-profiler reads schema version 1/);
  });

  it('throws a ProfilerError with a remedy for non-objects', () => {
    expect(() => validateProfile([])).toThrow(ProfilerError);
    expect(() => validateProfile(null)).toThrow(/expected an object, got null/);
  });

  it("experiments: the runs' CPU times and the page-cache prediction are optional, and checked when present", () => {
    const p = fresh();
    const spread = { median: 1, min: 1, max: 1, runs: 1, spreadPercent: 0 };
    const outcome = {
      alternative: 'baseline',
      mountPoint: null,
      timeMs: spread,
      writebackLeftMs: null,
      savingMs: null,
      savingShare: null,
      apply: '',
      failedRuns: 0,
    };
    const run = { alternative: 'baseline', mountPoint: '/', stepMs: 1, syncMs: 0, untilOnDiskMs: 1 };
    p.experiments = {
      status: 'ran',
      budgetMs: 1,
      wallMs: 1,
      refetch: null,
      outcomes: [outcome],
      runs: [run],
      skipped: [],
      fixBest: { alternative: 'none', mountPoint: null, savingMs: null },
    };
    expect(profileErrors(p)).toEqual([]);
    p.experiments.outcomes[0].cpuMs = spread;
    p.experiments.runs[0].cpuMs = null;
    p.experiments.pageCachePrediction = { stepMs: 410, basis: { comm: 'unzstd', cores: 0.128, extractMs: 3200 } };
    expect(profileErrors(p)).toEqual([]);
    p.experiments.pageCachePrediction.basis.cores = '0.1';
    p.experiments.runs[0].cpuMs = '2';
    expect(profileErrors(p)).toEqual([
      'experiments.runs[0].cpuMs: expected a number, got "2"',
      'experiments.pageCachePrediction.basis.cores: expected a number, got "0.1"',
    ]);
  });

  it('accepts the optional-null forms the schema allows', () => {
    const p = fresh();
    p.restore = null;
    p.probes = null;
    p.verdict = null;
    p.samples.snapshots[0].cpu = null;
    p.samples.snapshots[0].disks = [null];
    expect(profileErrors(p)).toEqual([]);
  });
});

describe('device resolution fields (runner types)', () => {
  it('accepts the stack, resolution, probed device and per-device verdicts, and names a bad one', () => {
    const p = fresh();
    Object.assign(p.devices[0], { topFor: ['restore-path'], restorePaths: ['/w/a'], kind: 'loop', below: ['vda'], primaryBecause: 'most bytes' });
    p.context.fileSystems[0].resolution = { method: 'overlay-upper', detail: 'an overlay whose upper layer /u is on /dev/loop0 (ext4)', devNumber: '7:0' };
    p.probes.deviceName = 'loop0';
    p.probes.deviceBecause = 'most bytes';
    p.verdict = { bottleneck: 'none', sentence: 's', phases: [], whatIf: [] };
    p.verdict.devices = [{ device: 'loop0', paths: ['/w/a'], writtenBytes: 1, primary: true, verdict: 'not-probed', sentence: 's' }];
    expect(profileErrors(p)).toEqual([]);
    p.devices[0].kind = 'lvm';
    p.context.fileSystems[0].resolution.method = 'guessed';
    const errors = profileErrors(p);
    expect(errors.some((e) => e.startsWith('devices[0].kind: expected one of "disk"'))).toBe(true);
    expect(errors.some((e) => e.startsWith('context.fileSystems[0].resolution.method: expected one of "mount"'))).toBe(true);
  });
});
