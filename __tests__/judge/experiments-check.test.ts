import { describe, expect, it } from 'vitest';
// The experiments held against the verdict (judge/experiments-check.ts): which kind, and the figures its words need.
import { checkExperiments, secondsOnResourceMs } from '../../src/judge/experiments-check.js';
import type { AlternativeOutcome, ExperimentsResult, PhaseRecord, Verdict } from '../../src/profile/schema.js';
import { spread } from '../../src/util/spread.js';

const snap = { tMs: 0, disks: [], cpu: null, pressure: null, memory: null, childCpuTicks: null };
const phase = (name: PhaseRecord['name'], startMs: number, endMs: number): PhaseRecord => ({ name, startMs, endMs, start: snap, end: snap });
const phases = [phase('lookup', 0, 100), phase('download', 100, 2100), phase('extract', 2100, 9100), phase('writeback', 9100, 11100)];

function verdict(bottleneck: string, perPhase: [PhaseRecord['name'], string, number?][]): Verdict {
  return {
    bottleneck: bottleneck as Verdict['bottleneck'],
    sentence: '',
    whatIf: [],
    phases: perPhase.map(([p, b, durationMs]) => ({
      phase: p,
      bottleneck: b as Verdict['bottleneck'],
      sentence: '',
      evidence: [],
      ...(durationMs === undefined ? {} : { durationMs }),
    })),
  };
}

function outcome(alternative: AlternativeOutcome['alternative'], ms: number, baselineMs: number): AlternativeOutcome {
  const savingMs = alternative === 'baseline' ? null : baselineMs - ms;
  return {
    alternative,
    mountPoint: null,
    timeMs: spread([ms])!,
    writebackLeftMs: null,
    savingMs,
    savingShare: savingMs === null ? null : savingMs / baselineMs,
    apply: '',
    failedRuns: 0,
  };
}

function experiments(baselineMs: number, ramMs: number, decompressMs?: number): ExperimentsResult {
  const outcomes = [outcome('baseline', baselineMs, baselineMs), outcome('ram', ramMs, baselineMs)];
  if (decompressMs !== undefined) outcomes.push(outcome('decompress', decompressMs, baselineMs));
  return {
    status: 'ran',
    budgetMs: 60_000,
    wallMs: 0,
    refetch: { durationMs: 1900, bytes: 1, where: '/dev/shm', inRam: true },
    outcomes,
    runs: [],
    skipped: [],
    fixBest: { alternative: 'ram', mountPoint: null, savingMs: 0 },
  };
}

describe('experiments against the verdict', () => {
  it('sums the phases the verdict put on a resource: durationMs when given, else the phase record', () => {
    expect(
      secondsOnResourceMs(
        verdict('disk-bandwidth', [
          ['extract', 'disk-bandwidth'],
          ['writeback', 'disk-iops'],
        ]),
        phases,
        'disk',
      ),
    ).toBe(9000);
    expect(
      secondsOnResourceMs(
        verdict('disk-bandwidth', [
          ['extract', 'disk-bandwidth', 6500],
          ['writeback', 'cpu', 2000],
        ]),
        phases,
        'disk',
      ),
    ).toBe(6500);
    // A profile of schema 1 still has 'writeback' as a bottleneck: it is the disk's.
    expect(secondsOnResourceMs(verdict('writeback', [['writeback', 'writeback']]), phases, 'disk')).toBe(2000);
  });

  it('a disk verdict that the experiment bears out', () => {
    const check = checkExperiments(
      verdict('disk-bandwidth', [
        ['extract', 'disk-bandwidth'],
        ['writeback', 'disk-bandwidth'],
      ]),
      phases,
      experiments(10_000, 1_900),
      2000,
    );
    expect(check).toEqual({ kind: 'disk-most', agrees: true, savedMs: 8100, savingShare: 0.81, onDiskMs: 9000, decompress: null });
  });

  it('a saving beyond what the verdict put on the disk (the baseline includes its syncfs)', () => {
    const check = checkExperiments(verdict('disk-bandwidth', [['extract', 'disk-bandwidth']]), phases, experiments(10_000, 1_900), 2000);
    expect(check).toEqual({ kind: 'disk-all', agrees: true, savedMs: 8100, savingShare: 0.81, onDiskMs: 7000, decompress: null });
  });

  it('a disk verdict that the experiment contradicts', () => {
    const check = checkExperiments(verdict('disk-iops', [['extract', 'disk-iops']]), phases, experiments(10_000, 9_600, 9_000), 2000);
    expect(check).toEqual({
      kind: 'disk-contradicted',
      agrees: false,
      savedMs: 400,
      savingShare: 0.04,
      onDiskMs: 7000,
      decompress: { decompressMs: 9000, baselineMs: 10_000 },
    });
  });

  it('a CPU verdict holds when taking the disk out saves under 10%', () => {
    expect(checkExperiments(verdict('cpu', [['extract', 'cpu']]), phases, experiments(10_000, 9_500, 9_000), 2000)).toMatchObject({
      kind: 'cpu-little-saved',
      agrees: true,
    });
    expect(checkExperiments(verdict('cpu', [['extract', 'cpu']]), phases, experiments(10_000, 5_000), 2000)).toMatchObject({
      kind: 'cpu-contradicted',
      agrees: false,
    });
    // A run slower on RAM is said as no saving where the verdict is borne out.
    expect(checkExperiments(verdict('cpu', [['extract', 'cpu']]), phases, experiments(10_000, 10_500), 2000)).toMatchObject({ savedMs: 0, savingShare: 0 });
  });

  // The lab's CPU quota: ext4 file creation is CPU (tar's system time) that tmpfs needs less of.
  function withCpu(e: ExperimentsResult, cpu: Partial<Record<AlternativeOutcome['alternative'], number>>): ExperimentsResult {
    e.outcomes = e.outcomes.map((o) => (cpu[o.alternative] === undefined ? o : { ...o, cpuMs: spread([cpu[o.alternative]]) }));
    return e;
  }

  it('a CPU verdict holds when what ram saved is CPU work the file system no longer needs', () => {
    const check = checkExperiments(
      verdict('cpu', [['extract', 'cpu']]),
      phases,
      withCpu(experiments(2130, 1300, 1000), { baseline: 2100, ram: 1320, decompress: 950 }),
      2000,
    );
    expect(check).toMatchObject({
      kind: 'cpu-work',
      agrees: true,
      savedMs: 830,
      cpu: { baselineMs: 2100, ramMs: 1320 },
      decompress: { decompressMs: 1000, baselineMs: 2130 },
    });
    expect(check.kind === 'cpu-work' && check.cpu.share).toBeCloseTo(780 / 2100);
  });

  it('a CPU verdict is contradicted when ram saved much more than its CPU time fell', () => {
    // 39% saved, CPU down 10%: under half the saving's share, so the saving was waiting, not work.
    const check = checkExperiments(verdict('cpu', [['extract', 'cpu']]), phases, withCpu(experiments(2130, 1300), { baseline: 2100, ram: 1890 }), 2000);
    expect(check).toMatchObject({ kind: 'cpu-contradicted', agrees: false, savedMs: 830, decompress: null });
    // Without CPU times (an older profile, no /proc) the saving alone decides, as before.
    expect(checkExperiments(verdict('cpu', [['extract', 'cpu']]), phases, experiments(2130, 1300), 2000).agrees).toBe(false);
  });

  it('a network verdict: the second download is shown beside the first', () => {
    const check = checkExperiments(verdict('network', [['download', 'network']]), phases, experiments(10_000, 9_500), 2000);
    expect(check).toEqual({ kind: 'network-refetched', agrees: null, refetchMs: 1900, firstDownloadMs: 2000 });
    const e = experiments(10_000, 9_500);
    e.refetch = null;
    expect(checkExperiments(verdict('network', [['download', 'network']]), phases, e, 2000)).toEqual({ kind: 'network-no-refetch', agrees: null });
  });

  it('without a ram run it cannot say', () => {
    const e = experiments(10_000, 1_000);
    e.outcomes = e.outcomes.filter((o) => o.alternative !== 'ram');
    expect(checkExperiments(verdict('disk-bandwidth', [['extract', 'disk-bandwidth']]), phases, e, 2000)).toEqual({ kind: 'ram-not-run', agrees: null });
  });

  it('a verdict naming no resource cannot be checked', () => {
    expect(checkExperiments(verdict('none', [['extract', 'none']]), phases, experiments(10_000, 9_000), 2000)).toMatchObject({
      kind: 'no-resource',
      agrees: null,
      savedMs: 1000,
    });
  });
});
