// The auto rules for probes and experiments (issue 24). Pure.
import { describe, expect, it } from 'vitest';
import {
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  decideExperiments,
  decideProbes,
  FIX_MAX_AGE_MS,
  FIX_SHAPE_BAND,
  FIX_TIME_FACTOR,
  fixMemory,
  ranAboveCeilings,
  restoreRates,
  type FixRunFacts,
} from '../../src/judge/auto-rules.js';
import type { DiskCounters, PhaseRecord, ProbeResult, Snapshot } from '../../src/profile/schema.js';
import { EXPERIMENT_NAMES } from '../../src/profile/schema.js';
import { probeResult } from '../helpers/probe-results.js';
import { rememberedFix } from '../helpers/remembered-fix.js';

const MiB = 1024 * 1024;
const DAY = 86_400_000;

function probe(name: ProbeResult['name'], bytesPerSecond: number, iops: number): ProbeResult {
  return probeResult(name, { ioDepth: 32, bytesPerSecond, iops, latencyNs: { mean: 1000, p50: null, p99: null }, runtimeMs: 5000, wallMs: 5000 });
}
const ceilings = [probe('seq-write', 200 * MiB, 200), probe('rand-write', 32 * MiB, 8000)];
const remembered = { runId: '4711', probedAt: '2026-11-20T10:00:00Z', probes: ceilings };
const now = Date.parse('2026-11-24T10:00:00Z');

function disk(sectorsWritten: number, writesCompleted: number): DiskCounters {
  return {
    readsCompleted: 0,
    readsMerged: 0,
    sectorsRead: 0,
    readMs: 0,
    writesCompleted,
    writesMerged: 0,
    sectorsWritten,
    writeMs: 0,
    inFlight: 0,
    ioMs: 0,
    weightedIoMs: 0,
  };
}
function snap(tMs: number, d: DiskCounters): Snapshot {
  return { tMs, disks: [d], cpu: null, pressure: null, memory: null, childCpuTicks: null };
}
/** One extract phase of `ms` writing `bytes` in `writes` requests. */
function phases(ms: number, bytes: number, writes: number): PhaseRecord[] {
  return [{ name: 'extract', startMs: 0, endMs: ms, start: snap(0, disk(0, 0)), end: snap(ms, disk(bytes / 512, writes)) }];
}

describe('decideProbes', () => {
  it('probes when nothing is remembered, saying why', () => {
    const d = decideProbes({ remembered: { missing: 'no entry under disk-profiler-ceilings-x-' }, nowMs: now, maxAgeMs: 30 * DAY, rates: null });
    expect(d.run).toBe(true);
    expect(d.why).toEqual({ kind: 'none-remembered', missing: 'no entry under disk-profiler-ceilings-x-' });
  });

  it('uses fresh remembered ceilings the restore stayed under, naming the run and date', () => {
    const d = decideProbes({ remembered, nowMs: now, maxAgeMs: 30 * DAY, rates: restoreRates(phases(2000, 100 * MiB, 100)) });
    expect(d).toEqual({ run: false, why: { kind: 'fresh', runId: '4711', probedAt: '2026-11-20T10:00:00Z' } });
  });

  it('probes when they are older than the set age', () => {
    const d = decideProbes({ remembered, nowMs: now, maxAgeMs: 3 * DAY, rates: null });
    expect(d.run).toBe(true);
    expect(d.why).toEqual({ kind: 'stale', runId: '4711', ageMs: 4 * DAY, maxAgeMs: 3 * DAY });
  });

  it('probes when the restore ran above them (bandwidth or IOPS, by half again)', () => {
    // 320 MiB/s against a 200 MiB/s ceiling.
    const fast = decideProbes({ remembered, nowMs: now, maxAgeMs: 30 * DAY, rates: restoreRates(phases(1000, 320 * MiB, 100)) });
    expect(fast.run).toBe(true);
    expect(fast.why).toEqual({ kind: 'ran-above', runId: '4711', above: { rate: 'write-bandwidth', measured: 320 * MiB, remembered: 200 * MiB } });
    // 13k writes/s against 8k IOPS.
    const many = decideProbes({ remembered, nowMs: now, maxAgeMs: 30 * DAY, rates: restoreRates(phases(1000, 50 * MiB, 13_000)) });
    expect(many.why).toMatchObject({ kind: 'ran-above', above: { rate: 'write-iops', measured: 13_000, remembered: 8000 } });
    // 290 MiB/s is within a cloud disk's own spread around 200.
    expect(ranAboveCeilings(restoreRates(phases(1000, 290 * MiB, 100)), ceilings)).toBeNull();
  });

  it('phases under 500 ms say nothing about rates', () => {
    expect(restoreRates(phases(100, 300 * MiB, 100))).toBeNull();
  });

  it('an entry with no usable ceiling is probed again', () => {
    expect(decideProbes({ remembered: { ...remembered, probes: [] }, nowMs: now, maxAgeMs: 30 * DAY, rates: null })).toEqual({
      run: true,
      why: { kind: 'no-usable-ceiling', runId: '4711' },
    });
    // A probe date that does not parse is of unknown age.
    expect(decideProbes({ remembered: { ...remembered, probedAt: 'x' }, nowMs: now, maxAgeMs: 30 * DAY, rates: null }).why).toMatchObject({ ageMs: null });
  });
});

describe('decideExperiments', () => {
  const long = AUTO_EXPERIMENTS_MIN_RESTORE_MS * 2;
  it('runs the disk experiments for a disk verdict on a long restore', () => {
    const d = decideExperiments({ bottleneck: 'disk-iops', untilDurableMs: long, allowed: EXPERIMENT_NAMES });
    expect(d).toEqual({
      run: true,
      why: { kind: 'chose', experiments: ['ram', 'other-disk', 'page-cache'], bottleneck: 'disk-iops', untilDurableMs: long },
      experiments: ['ram', 'other-disk', 'page-cache'],
    });
  });

  it('runs decompress and ram for a CPU verdict, within what is allowed', () => {
    expect(decideExperiments({ bottleneck: 'cpu', untilDurableMs: long, allowed: ['decompress', 'page-cache'] }).experiments).toEqual(['decompress']);
  });

  it.each([
    ['network', long, { kind: 'network' }],
    ['none', long, { kind: 'no-bottleneck' }],
    ['inconclusive', long, { kind: 'no-resource' }],
    ['disk-bandwidth', 3000, { kind: 'too-short', untilDurableMs: 3000, minMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS }],
    ['disk-bandwidth', null, { kind: 'not-completed' }],
  ] as const)('skips for %s (%s ms), saying why', (bottleneck, ms, why) => {
    const d = decideExperiments({ bottleneck, untilDurableMs: ms, allowed: EXPERIMENT_NAMES });
    expect(d.run).toBe(false);
    expect(d.experiments).toEqual([]);
    expect(d.why).toEqual(why);
  });

  it('skips where none of the allowed experiments changes what the verdict names', () => {
    expect(decideExperiments({ bottleneck: 'cpu', untilDurableMs: long, allowed: ['other-disk'] }).why).toEqual({ kind: 'none-allowed', bottleneck: 'cpu' });
  });
});

describe('fixMemory and decideExperiments with remembered fixes (issue 40)', () => {
  const { measuredOn, against, facts } = rememberedFix({ nowMs: now });

  it('a fresh fix on the same hardware and cache shape is reused', () => {
    expect(fixMemory(against, facts)).toEqual({ reason: 'fresh', remembered: measuredOn, compared: null });
    // Within the stated bands: size and files a quarter either way, the time a factor of 1.5.
    const near = {
      ...facts,
      archiveBytes: 600 * MiB * (1 + FIX_SHAPE_BAND * 0.9),
      files: 19_000 * (1 - FIX_SHAPE_BAND * 0.9),
      untilDurableMs: 80_000 * FIX_TIME_FACTOR * 0.95,
    };
    expect(fixMemory(against, near).reason).toBe('fresh');
    // A figure this run could not read is not held against.
    expect(fixMemory(against, { ...facts, files: null }).reason).toBe('fresh');
  });

  it.each([
    ['hardware-changed', { fingerprintId: 'bbbbbbbbbbbb' }, { measured: 'aaaaaaaaaaaa', now: 'bbbbbbbbbbbb' }],
    ['stale', { nowMs: Date.parse(measuredOn.measuredAt) + FIX_MAX_AGE_MS + 1 }, { limit: FIX_MAX_AGE_MS }],
    ['size-changed', { archiveBytes: 600 * MiB * (1 + FIX_SHAPE_BAND * 1.1) }, { measured: 600 * MiB, limit: FIX_SHAPE_BAND }],
    ['size-changed', { archiveBytes: 600 * MiB * (1 - FIX_SHAPE_BAND * 1.1) }, { measured: 600 * MiB }],
    ['files-changed', { files: 19_000 * (1 + FIX_SHAPE_BAND * 1.1) }, { measured: 19_000 }],
    ['verdict-changed', { bottleneck: 'cpu' }, { measured: 'disk-iops', now: 'cpu' }],
    ['time-outside', { untilDurableMs: 80_000 * FIX_TIME_FACTOR * 1.05 }, { measured: 80_000, limit: FIX_TIME_FACTOR }],
    ['time-outside', { untilDurableMs: (80_000 / FIX_TIME_FACTOR) * 0.95 }, { measured: 80_000 }],
    ['not-measured', { experiments: ['ram', 'decompress'] }, { measured: 'ram, other-disk, page-cache', now: 'decompress' }],
  ] as const)('measures again when %s', (reason, change, compared) => {
    const m = fixMemory(against, { ...facts, ...change } as FixRunFacts);
    expect(m.reason).toBe(reason);
    expect(m.remembered).toEqual(measuredOn);
    expect(m.compared).toMatchObject(compared);
  });

  it('a time without its tail (left to the follower) is outside only above the band: the tail may bring it in from under', () => {
    const under = (80_000 / FIX_TIME_FACTOR) * 0.95;
    expect(fixMemory(against, { ...facts, untilDurableMs: under, untilDurableIsLowerBound: true }).reason).toBe('fresh');
    expect(fixMemory(against, { ...facts, untilDurableMs: under }).reason).toBe('time-outside');
    expect(fixMemory(against, { ...facts, untilDurableMs: 80_000 * FIX_TIME_FACTOR * 1.05, untilDurableIsLowerBound: true }).reason).toBe('time-outside');
  });

  it('measures when none is remembered, keeping why', () => {
    expect(fixMemory({ missing: 'no entry under x' }, facts)).toEqual({
      reason: 'none-remembered',
      remembered: null,
      compared: null,
      missing: 'no entry under x',
    });
  });

  const input = { bottleneck: 'disk-iops' as const, untilDurableMs: 80_000, allowed: EXPERIMENT_NAMES };
  const runFacts = { fingerprintId: 'aaaaaaaaaaaa', nowMs: now, archiveBytes: 600 * MiB, files: 19_000 };

  it('experiments: auto runs nothing when a remembered fix stands, and says which run measured it', () => {
    const d = decideExperiments({ ...input, remembered: against, run: runFacts });
    expect(d).toMatchObject({ run: false, experiments: [], memory: { reason: 'fresh', remembered: measuredOn } });
  });

  it('experiments: auto measures again on each stale condition, with the reason typed', () => {
    const stale = decideExperiments({ ...input, remembered: against, run: { ...runFacts, nowMs: now + FIX_MAX_AGE_MS } });
    expect(stale).toMatchObject({ run: true, experiments: ['ram', 'other-disk', 'page-cache'], memory: { reason: 'stale' } });
    expect(decideExperiments({ ...input, remembered: against, run: { ...runFacts, fingerprintId: 'cccccccccccc' } }).memory?.reason).toBe('hardware-changed');
    expect(decideExperiments({ ...input, remembered: against, run: { ...runFacts, files: 40_000 } }).memory?.reason).toBe('files-changed');
    expect(decideExperiments({ ...input, bottleneck: 'disk-bandwidth', remembered: against, run: runFacts }).memory?.reason).toBe('verdict-changed');
    expect(decideExperiments({ ...input, untilDurableMs: 200_000, remembered: against, run: runFacts }).memory?.reason).toBe('time-outside');
    // Main on a repeat run judges before the tail is on disk: a time under the band is no reason to wait for it.
    expect(decideExperiments({ ...input, untilDurableMs: 40_000, remembered: against, run: runFacts }).run).toBe(true);
    const lower = decideExperiments({ ...input, untilDurableMs: 40_000, untilDurableIsLowerBound: true, remembered: against, run: runFacts });
    expect([lower.run, lower.memory?.reason]).toEqual([false, 'fresh']);
    expect(decideExperiments({ ...input, remembered: { missing: 'none' }, run: runFacts }).memory?.reason).toBe('none-remembered');
  });

  it('the gates come first: a fast restore is skipped whatever is remembered', () => {
    const d = decideExperiments({ ...input, untilDurableMs: 3000, remembered: against, run: runFacts });
    expect(d.run).toBe(false);
    expect(d.memory).toBeUndefined();
  });

  it('a "to measure" entry that holds lets a restore under the gate be measured, and says whose time passed it', () => {
    const toMeasure = { ...against, untilDurableMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS + 2_000, experiments: [] };
    const under = AUTO_EXPERIMENTS_MIN_RESTORE_MS - 600;
    const d = decideExperiments({ ...input, untilDurableMs: under, remembered: { missing: 'to measure' }, run: runFacts, toMeasure });
    expect(d).toMatchObject({
      run: true,
      experiments: ['ram', 'other-disk', 'page-cache'],
      why: { kind: 'chose', untilDurableMs: under, gateFrom: { runId: measuredOn.runId, untilDurableMs: toMeasure.untilDurableMs } },
      memory: { reason: 'none-remembered' },
    });
    // Over the gate it is an ordinary choice; the verdict's gates still come first.
    expect(decideExperiments({ ...input, remembered: { missing: 'to measure' }, run: runFacts, toMeasure }).why).not.toHaveProperty('gateFrom');
    expect(decideExperiments({ ...input, bottleneck: 'network', untilDurableMs: under, toMeasure }).why).toEqual({ kind: 'network' });
  });
});
