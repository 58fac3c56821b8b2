import { describe, expect, it } from 'vitest';
import { checkAgainstVerdict, secondsOnResourceMs } from '../../src/experiment/against-verdict.js';
import type { ExperimentsResult, AlternativeOutcome } from '../../src/experiment/types.js';
import type { PhaseRecord, Verdict } from '../../src/profile/schema.js';
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
    const check = checkAgainstVerdict(
      verdict('disk-bandwidth', [
        ['extract', 'disk-bandwidth'],
        ['writeback', 'disk-bandwidth'],
      ]),
      phases,
      experiments(10_000, 1_900),
      2000,
    );
    expect(check).toEqual({ agrees: true, sentence: 'Taking the disk out saved 8.1 s of the 9 s the verdict put on it.' });
  });

  it('a saving beyond what the verdict put on the disk (the baseline includes its syncfs)', () => {
    const check = checkAgainstVerdict(verdict('disk-bandwidth', [['extract', 'disk-bandwidth']]), phases, experiments(10_000, 1_900), 2000);
    expect(check).toEqual({ agrees: true, sentence: 'Taking the disk out saved 8.1 s, all of the 7 s the verdict put on it.' });
  });

  it('a disk verdict that the experiment contradicts', () => {
    const check = checkAgainstVerdict(verdict('disk-iops', [['extract', 'disk-iops']]), phases, experiments(10_000, 9_600, 9_000), 2000);
    expect(check.agrees).toBe(false);
    expect(check.sentence).toBe(
      "The verdict said disk, but taking the disk out saved 4%: 0.4 s of the 7 s the verdict put on it; decompression alone takes 9 s of the baseline's 10 s.",
    );
  });

  it('a CPU verdict holds when taking the disk out saves under 10%', () => {
    expect(checkAgainstVerdict(verdict('cpu', [['extract', 'cpu']]), phases, experiments(10_000, 9_500, 9_000), 2000).agrees).toBe(true);
    expect(checkAgainstVerdict(verdict('cpu', [['extract', 'cpu']]), phases, experiments(10_000, 5_000), 2000).agrees).toBe(false);
  });

  // The lab's CPU quota: ext4 file creation is CPU (tar's system time) that tmpfs needs less of.
  function withCpu(e: ExperimentsResult, cpu: Partial<Record<AlternativeOutcome['alternative'], number>>): ExperimentsResult {
    e.outcomes = e.outcomes.map((o) => (cpu[o.alternative] === undefined ? o : { ...o, cpuMs: spread([cpu[o.alternative]]) }));
    return e;
  }

  it('a CPU verdict holds when what ram saved is CPU work the file system no longer needs', () => {
    const check = checkAgainstVerdict(
      verdict('cpu', [['extract', 'cpu']]),
      phases,
      withCpu(experiments(2130, 1300, 1000), { baseline: 2100, ram: 1320, decompress: 950 }),
      2000,
    );
    expect(check).toEqual({
      agrees: true,
      sentence:
        "The verdict said CPU: taking the disk out saved 39% (0.83 s) because the extraction needed 37% less CPU on RAM (tar and its decompressor: 2.10 → 1.32 s of CPU), work the file system did, not waiting on the disk; decompression alone takes 1 s of the baseline's 2.13 s.",
    });
  });

  it('a CPU verdict is contradicted when ram saved much more than its CPU time fell', () => {
    // 39% saved, CPU down 10%: under half the saving's share, so the saving was waiting, not work.
    const check = checkAgainstVerdict(verdict('cpu', [['extract', 'cpu']]), phases, withCpu(experiments(2130, 1300), { baseline: 2100, ram: 1890 }), 2000);
    expect(check).toEqual({ agrees: false, sentence: 'The verdict said CPU, but taking the disk out saved 39% (0.83 s).' });
    // Without CPU times (an older profile, no /proc) the saving alone decides, as before.
    expect(checkAgainstVerdict(verdict('cpu', [['extract', 'cpu']]), phases, experiments(2130, 1300), 2000).agrees).toBe(false);
  });

  it('a network verdict: the second download is shown beside the first', () => {
    const check = checkAgainstVerdict(verdict('network', [['download', 'network']]), phases, experiments(10_000, 9_500), 2000);
    expect(check.agrees).toBeNull();
    expect(check.sentence).toContain('second download of the same archive took 1.9 s (the profiled download: 2 s)');
  });

  it('without a ram run it cannot say', () => {
    const e = experiments(10_000, 1_000);
    e.outcomes = e.outcomes.filter((o) => o.alternative !== 'ram');
    expect(checkAgainstVerdict(verdict('disk-bandwidth', [['extract', 'disk-bandwidth']]), phases, e, 2000).agrees).toBeNull();
  });
});
