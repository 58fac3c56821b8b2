// Cases just below and just above each threshold, derived from recorded profiles by scaling one
// phase's counter deltas (how, is said in each test). The thresholds come from thresholds.ts, so
// the tests follow them if they are retuned.
import { describe, expect, it } from 'vitest';
import { judgeInDetail, judgeProfile } from '../../src/judge/judge.js';
import { ceilingsOf } from '../../src/judge/ceilings.js';
import { phaseFacts } from '../../src/judge/phase-facts.js';
import { NEAR_CEILING_SHARE, PROCESS_FULL_CORE, TIME_AT_CEILING_SHARE, WRITEBACK_TAIL_SHARE } from '../../src/judge/thresholds.js';
import type { Profile } from '../../src/profile/schema.js';
import { loadFixture, phaseOf, quietCpu, scaleDiskDelta, setChildCores, stretchPhase } from './fixture-tools.js';
import { sayVerdict } from '../../src/report/say/verdict.js';
import { sayPhase, sayPhaseClause } from '../../src/report/say/phase.js';

const phaseVerdict = (p: Profile, name: string) => judgeProfile(p).phases.find((x) => x.phase === name);

function writeShare(p: Profile): number {
  const f = phaseFacts(p, phaseOf(p, 'extract'));
  return ((f.disk?.writeKiBPerSecond ?? 0) * 1024) / (ceilingsOf(p).seqWriteBytesPerSecond ?? 1);
}

describe('disk bandwidth share around NEAR_CEILING_SHARE', () => {
  // Derived from disk-bandwidth-dd-direct.json: the extract phase's sectorsWritten delta scaled so
  // the write bandwidth lands 2 points below / above the threshold (request count kept, so requests
  // stay large). The periodic samples are dropped: they still hold the recorded rate, and time at
  // the ceiling would read them.
  const at = (target: number) => {
    const p = loadFixture('disk-bandwidth-dd-direct.json');
    p.samples.snapshots = [];
    scaleDiskDelta(p, 'extract', 0, ['sectorsWritten'], target / writeShare(p));
    return p;
  };
  it('just below: not disk-bound', () => {
    const p = at(NEAR_CEILING_SHARE - 0.02);
    expect(writeShare(p)).toBeLessThan(NEAR_CEILING_SHARE);
    expect(phaseVerdict(p, 'extract')?.bottleneck).not.toMatch(/^disk/);
  });
  it('just above: disk-bandwidth', () => {
    const p = at(NEAR_CEILING_SHARE + 0.02);
    expect(writeShare(p)).toBeGreaterThanOrEqual(NEAR_CEILING_SHARE);
    expect(phaseVerdict(p, 'extract')?.bottleneck).toBe('disk-bandwidth');
    expect(phaseVerdict(p, 'extract')?.evidence.find((e) => e.id === 'write-bandwidth-share')?.supports).toBe(true);
  });
});

describe('write IOPS share around NEAR_CEILING_SHARE (small requests)', () => {
  // Derived from disk-iops-dd-4k.json: writesCompleted and sectorsWritten deltas scaled together
  // (4 KiB requests kept) so w/s lands 2 points below / above the threshold of the rand-write IOPS.
  const at = (target: number) => {
    const p = loadFixture('disk-iops-dd-4k.json');
    const f = phaseFacts(p, phaseOf(p, 'extract'));
    const share = (f.disk?.writesPerSecond ?? 0) / (ceilingsOf(p).randWriteIops ?? 1);
    p.samples.snapshots = [];
    scaleDiskDelta(p, 'extract', 0, ['writesCompleted', 'sectorsWritten'], target / share);
    return p;
  };
  it('just below: not disk-iops', () => {
    expect(phaseVerdict(at(NEAR_CEILING_SHARE - 0.02), 'extract')?.bottleneck).not.toBe('disk-iops');
  });
  it('just above: disk-iops', () => {
    const v = phaseVerdict(at(NEAR_CEILING_SHARE + 0.02), 'extract');
    expect(v?.bottleneck).toBe('disk-iops');
    expect(v?.evidence.find((e) => e.id === 'write-request-size')?.value).toBeLessThanOrEqual(32);
  });
});

describe('children CPU around PROCESS_FULL_CORE', () => {
  // Derived from cpu-tar-zstd-vda.json (schema 1: tar and zstd recorded together, which the judge
  // then compares with one core): per-CPU and PSI cpu readings removed and the machine's busy share
  // set to 50%, so only the children's CPU can condemn the CPU; their ticks set to the target.
  const at = (cores: number) => {
    const p = loadFixture('cpu-tar-zstd-vda.json');
    quietCpu(p, 'extract', 0.5);
    setChildCores(p, 'extract', cores);
    return p;
  };
  it('just below: not cpu (nothing near a ceiling: none)', () => {
    const p = at(PROCESS_FULL_CORE - 0.03);
    const v = judgeProfile(p);
    expect(v.phases.find((x) => x.phase === 'extract')?.bottleneck).toBe('none');
    expect(v.bottleneck).toBe('none');
    expect(sayVerdict(v, p)).toMatch(/^No bottleneck: extraction came near no ceiling.*extraction took \d+% of the/);
  });
  it('just above: cpu', () => {
    expect(phaseVerdict(at(PROCESS_FULL_CORE + 0.03), 'extract')?.bottleneck).toBe('cpu');
  });
});

describe('writeback tail share around WRITEBACK_TAIL_SHARE', () => {
  // Derived from writeback-tail-throttled-loop.json: the download phase stretched (counters kept)
  // so the recorded tail is 2 points below / above the threshold share of the whole restore.
  const at = (share: number) => {
    const p = loadFixture('writeback-tail-throttled-loop.json');
    const tail = phaseOf(p, 'writeback');
    const tailMs = tail.endMs - tail.startMs;
    const totalMs = p.phases.reduce((s, x) => s + x.endMs - x.startMs, 0);
    stretchPhase(p, 'download', tailMs / share - totalMs);
    return p;
  };
  it('just below: the tail is short', () => {
    expect(phaseVerdict(at(WRITEBACK_TAIL_SHARE - 0.02), 'writeback')?.bottleneck).toBe('none');
  });
  it('just above: the disk limit the writeback ran into', () => {
    expect(phaseVerdict(at(WRITEBACK_TAIL_SHARE + 0.02), 'writeback')?.bottleneck).toBe('disk-bandwidth');
  });
});

describe('without fio probes', () => {
  it('a throttled loop device at its ceiling shows low %util: inconclusive, asking for probes', () => {
    // Recorded: blkio throttling holds requests above the loop device, so its diskstats show the
    // device busy only part of the time although writes ran at the throttle's rate.
    const p = loadFixture('disk-bandwidth-dd-direct.json');
    p.probes = null;
    const v = judgeProfile(p);
    expect(v.bottleneck).toBe('inconclusive');
    expect(sayVerdict(v, p)).toMatch(/cannot be pinned on one resource \(no fio ceilings for the disk/);
  });
  it('decides a disk verdict when PSI io, %util and the queue all say saturated', () => {
    // Derived from disk-bandwidth-dd-direct.json without probes: ioMs and weightedIoMs deltas set to
    // the full phase (util 100%, queue 2), as an unthrottled saturated device reports them.
    const p = loadFixture('disk-bandwidth-dd-direct.json');
    p.probes = null;
    const x = phaseOf(p, 'extract');
    const ms = x.endMs - x.startMs;
    x.end.disks[0]!.ioMs = x.start.disks[0]!.ioMs + Math.ceil(ms);
    x.end.disks[0]!.weightedIoMs = x.start.disks[0]!.weightedIoMs + Math.ceil(2 * ms);
    const v = judgeProfile(p);
    expect(v.bottleneck).toBe('disk-bandwidth');
    expect(sayVerdict(v, p)).toMatch(/no fio probes: judged from kernel counters alone/);
  });
});

describe('no restore to judge', () => {
  it('cache miss: inconclusive, quoting the probes', () => {
    const p = loadFixture('cpu-tar-zstd-vda.json');
    p.restore = { ...p.restore!, cacheHit: false, matchedKey: null, archiveBytes: null };
    p.phases = p.phases.filter((x) => x.name === 'lookup');
    const v = judgeProfile(p);
    expect(v.bottleneck).toBe('inconclusive');
    expect(sayVerdict(v, p)).toMatch(/cache miss .* only the fio probes speak: this disk reached .* MiB\/s sequential writes/);
    expect(v.whatIf).toEqual([]);
  });
  it('no restore and no probes: nothing to judge', () => {
    const p = loadFixture('cpu-tar-zstd-vda.json');
    p.restore = null;
    p.phases = [];
    p.probes = null;
    expect(sayVerdict(judgeProfile(p), p)).toMatch(/no cache restore was profiled.*nothing to judge/);
  });
});

describe('time at a ceiling, from the samples', () => {
  // Derived from disk-bandwidth-dd-direct.json: the extraction's average is scaled to 60% of the
  // ceiling while its 100 ms samples keep the recorded rate (at the ceiling all along but at the end):
  // a disk pinned most of the phase is the limit even when the phase average is diluted.
  it('an average below the ceiling but most of the time at it: disk-bandwidth', () => {
    const p = loadFixture('disk-bandwidth-dd-direct.json');
    scaleDiskDelta(p, 'extract', 0, ['sectorsWritten'], 0.6 / writeShare(p));
    const v = phaseVerdict(p, 'extract');
    const time = v?.evidence.find((e) => e.id === 'time-at-bandwidth-ceiling')?.value ?? 0;
    expect(writeShare(p)).toBeLessThan(NEAR_CEILING_SHARE);
    expect(time).toBeGreaterThanOrEqual(TIME_AT_CEILING_SHARE);
    expect(v?.bottleneck).toBe('disk-bandwidth');
  });
});

describe('latency-bound: one request at a time at the QD1 rate', () => {
  // Derived from cpu-tar-zstd-vda.json: its extraction read 25 requests in 0.98 s with about no queue.
  // The QD1 probe's mean latency is set to 40 ms (25 reads/s one at a time, a slow network volume):
  // far below every deep-queue ceiling, yet at the rate a one-at-a-time reader gets.
  const withQd1 = (meanNs: number) => {
    const p = loadFixture('cpu-tar-zstd-vda.json');
    const qd1 = p.probes?.probes.find((x) => x.name === 'rand-read-qd1');
    if (!qd1) throw new Error('no QD1 probe');
    qd1.latencyNs.mean = meanNs;
    return judgeInDetail(p).phases.find((x) => x.phase === 'extract');
  };
  it('at the QD1 rate: disk-iops, said to be latency-bound', () => {
    const extract = withQd1(40e6);
    expect(extract?.rule).toBe('disk-latency');
    expect(extract?.bottleneck).toBe('disk-iops');
    expect(extract && sayPhaseClause(extract.decision)).toMatch(/one at a time .* latency-bound/);
  });
  it('a fast QD1 rate (the recorded 55 µs): not latency-bound', () => {
    expect(withQd1(55_464)?.rule).not.toBe('disk-latency');
  });
});

describe('not measured is said, not claimed', () => {
  it('a download under a second: its CPU is "not measured", and no claim of CPUs far from saturated', () => {
    const p = loadFixture('lab-network.json');
    const download = judgeInDetail(p).phases.find((x) => x.phase === 'download');
    expect(download?.bottleneck).toBe('network');
    expect(download && sayPhase(download)).not.toMatch(/CPUs far from saturated/);
  });
  it('without /proc: nothing about the disk or CPU is claimed', () => {
    // Derived from network-slow-download.json: every kernel reading removed, as on a runner without /proc.
    const p = loadFixture('network-slow-download.json');
    for (const s of [...p.phases.flatMap((x) => [x.start, x.end]), ...p.samples.snapshots]) {
      s.disks = s.disks.map(() => null);
      s.cpu = null;
      s.pressure = null;
      s.memory = null;
      s.childCpuTicks = null;
      delete s.perCpu;
    }
    const v = judgeProfile(p);
    const download = v.phases.find((x) => x.phase === 'download');
    expect(download?.bottleneck).toBe('inconclusive');
    expect(download && sayPhase(download)).toMatch(/disk not measured, CPU not measured/);
  });
});
