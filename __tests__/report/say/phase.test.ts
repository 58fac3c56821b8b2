// A phase's verdict said (issue 39, item 1): the judge gives the rule it matched and the figures the
// rule read; report/say/phase.ts words them. One example decision per rule id (the compiler asks for
// every one), each said with its key figures; then every recording's phases said from their decisions,
// and the stored sentence read only where a recording has no decision.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../../src/judge/judge.js';
import { PHASE_RULE_IDS, PHASE_RULE_TABLES, type PhaseDecisionOf, type PhaseRuleId, type ProcessCores } from '../../../src/profile/phase-decision.js';
import { sayPhase, sayPhaseClause } from '../../../src/report/say/phase.js';
import { withStoredSentences } from '../../../src/report/say/stored.js';
import { profileErrors } from '../../../src/profile/validate.js';
import { everyRecording } from '../../helpers/recordings.js';

const tar: ProcessCores = { comm: 'tar', cores: 0.82, coresAtMost: 0.99, coresWhileSeen: 0.93, seenMs: 400 };
const bandwidth = { resource: 'disk-bandwidth', direction: 'write', rate: 95 * 1024 * 1024, ceiling: 96 * 1024 * 1024, share: 0.99 } as const;

/** A decision per rule id and what its clause must say: the compiler names a missing id. */
const EXAMPLES: { [R in PhaseRuleId]: { decision: PhaseDecisionOf<R>; says: string } } = {
  'lookup-round-trip': {
    decision: { rule: 'lookup-round-trip', phase: 'lookup', durationMs: 420 },
    says: 'the cache lookup, a round trip to the cache service, took 0.42 s',
  },
  'disk-at-ceiling': {
    decision: {
      rule: 'disk-at-ceiling',
      phase: 'extract',
      disk: { resource: 'disk-bandwidth', share: bandwidth, timeAtCeilingShare: 0.8, writeRequestKiB: null },
      dirtyHeldShare: 0.97,
    },
    says: "extraction wrote at 95 MiB/s, 99% of the 96 MiB/s sequential-write ceiling (at the ceiling 80% of the time) (the kernel's dirty-page limit held tar back: Dirty peaked at 97% of it)",
  },
  'kernel-saturated-disk': {
    decision: {
      rule: 'kernel-saturated-disk',
      phase: 'extract',
      kernel: {
        resource: 'disk-iops',
        writesPerSecond: 3000,
        writeBytesPerSecond: 12e6,
        utilizationPercent: 99.4,
        averageQueueSize: 31.5,
        ioSomeShare: 0.6,
      },
    },
    says: 'extraction issued 3000 small writes/s with the device 99% busy, 31.5 requests queued and I/O stalls 60% of the time (no fio probes: judged from kernel counters alone)',
  },
  'disk-latency': {
    decision: { rule: 'disk-latency', phase: 'extract', latency: 'qd1-reads', perSecond: 900, queueSize: 1, ceilingPerSecond: 1000.4 },
    says: "extraction read 900 requests/s one at a time (queue 1), 90% of this disk's 1000/s at queue depth 1: latency-bound",
  },
  'cpu-process': {
    decision: {
      rule: 'cpu-process',
      phase: 'extract',
      user: { kind: 'busiest-process', process: tar },
      diskTopShare: 0.1,
      ioSomeShare: 0,
      quotaCores: null,
    },
    says: 'tar used 0.82–0.99 of a core (0.93 over the 0.4 s it was sampled) during extraction while the disk ran at 10% of its ceilings: one core is its limit',
  },
  'cpu-quota': {
    decision: {
      rule: 'cpu-quota',
      phase: 'extract',
      quotaCores: 0.5,
      usageCores: 0.49,
      throttledShare: 0.9,
      throttledMs: 3100,
      diskTopShare: null,
      hostCpuCount: 4,
    },
    says: "the step's cgroup used 0.49 cores of its 0.5-core CPU quota during extraction and was throttled in 90% of its CFS periods",
  },
  'cpu-starved': {
    decision: { rule: 'cpu-starved', phase: 'extract', childCores: 0.3, cpuSomeShare: 0.67, ownWait: { comm: 'zstd', share: 0.45 } },
    says: 'tar and zstd got only 0.3 of a core during extraction while zstd waited on a run queue 45% of the time (its own wait for a CPU: a CPU quota or other processes held it back; PSI cpu some 67% machine-wide)',
  },
  'cpu-pipeline': {
    decision: { rule: 'cpu-pipeline', phase: 'extract', childCores: 1.02, busiest: tar, diskTopShare: 0.05, ioSomeShare: 0.01, quotaCores: null },
    says: "tar and zstd together kept 1.02 of a core busy during extraction, tar alone 0.82–0.99 of a core (0.93 over the 0.4 s it was sampled), while the disk ran at 5% of its ceilings and I/O stalls stayed at 1%: their CPU work is the extraction's time",
  },
  'dirty-throttled': {
    decision: {
      rule: 'dirty-throttled',
      phase: 'extract',
      dirtyPeakShare: 0.98,
      childCores: 0.13,
      disk: { kind: 'bios', biosPerSecond: 1988, iopsCeiling: 1921.3, bandwidthShare: 0.41 },
    },
    says: "extraction was throttled by the kernel's dirty-page limit (Dirty peaked at 98% of it) while the disk issued 1988 write bios/s, 103% of the 1921 IOPS random-write ceiling, with its bytes at 41% of the bandwidth one and tar used only 0.13 of a core",
  },
  'near-no-ceiling': {
    decision: { rule: 'near-no-ceiling', phase: 'extract', diskTopShare: 0.3, busiest: null, otherLoad: { cpuSomeShare: 0.98, ownAtMostShare: 0.04 } },
    says: "extraction came near no ceiling: the disk at most 30% of its ceilings; another job's CPU load, not this restore's limit: runnable tasks waited for a CPU 98% of the time machine-wide (PSI cpu some), tar and zstd at most 4%",
  },
  inconclusive: {
    decision: {
      rule: 'inconclusive',
      phase: 'download',
      unmeasured: ['fio-ceilings', 'cpu-ticks'],
      durationMs: 84,
      diskTopShare: null,
      user: { kind: 'tar-and-zstd', cores: 0 },
      otherLoad: null,
    },
    says: 'the download cannot be pinned on one resource (no fio ceilings for the disk, CPU not measured: 0.084 s hold too few 10 ms ticks)',
  },
  network: {
    decision: {
      rule: 'network',
      phase: 'download',
      bytesPerSecond: 50 * 1024 * 1024,
      processCores: { atLeast: 0.15, atMost: 0.19 },
      disk: { kind: 'ceilings', topShare: 0.02 },
    },
    says: 'the download ran at 50 MiB/s while the disk stayed at 2% of its ceilings and the process running it used 0.15–0.19 of a core',
  },
  'tail-short': {
    decision: { rule: 'tail-short', phase: 'writeback', durationMs: 84, writtenBytes: 2 * 1024 * 1024 },
    says: 'the writeback tail after tar exited was short: 0.084 s until syncfs returned (2 MiB written)',
  },
  'tail-disk': {
    decision: {
      rule: 'tail-disk',
      phase: 'writeback',
      durationMs: 5200,
      disk: { kind: 'ceilings', resource: 'disk-bandwidth', share: bandwidth, timeAtCeilingShare: null, writeRequestKiB: null },
    },
    says: 'after tar exited the page cache needed 5.2 s more to put the files on disk: it wrote at 95 MiB/s, 99% of the 96 MiB/s sequential-write ceiling',
  },
  'tail-sustained-rate': {
    decision: {
      rule: 'tail-sustained-rate',
      phase: 'writeback',
      durationMs: 6000,
      device: 'loop1',
      probedDevice: 'loop0',
      writtenBytes: 600 * 1024 * 1024,
      resource: 'disk-bandwidth',
      writesPerSecond: 400,
      writeRequestKiB: 256,
      bytesPerSecond: 100 * 1024 * 1024,
    },
    says: 'the writeback tail after tar exited was loop1 draining what the page cache owed: it wrote 600 MiB at a steady 100 MiB/s for 6 s, the rate it sustained, not a probed ceiling (fio probed loop0, not loop1)',
  },
};

describe('each rule id said', () => {
  it('every id of every table has an example (the compiler asks for the same)', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PHASE_RULE_IDS].sort());
    for (const ids of Object.values(PHASE_RULE_TABLES)) for (const id of ids) expect(PHASE_RULE_IDS).toContain(id);
  });

  for (const id of PHASE_RULE_IDS) {
    it(`${id}: its clause says the figures it read`, () => {
      const { decision, says } = EXAMPLES[id];
      expect(sayPhaseClause(decision)).toContain(says);
    });
  }

  it('a tail whose device is not known drains "the disk"', () => {
    const decision = { ...EXAMPLES['tail-sustained-rate'].decision, device: null, probedDevice: 'loop0' };
    expect(sayPhaseClause(decision)).toMatch(/^the writeback tail after tar exited was the disk draining .*\(fio probed loop0, not the disk\)$/);
  });

  it('the sentence is the clause capitalised, with a stop', () => {
    const decision = EXAMPLES['tail-short'].decision;
    expect(sayPhase({ decision })).toBe('The writeback tail after tar exited was short: 0.084 s until syncfs returned (2 MiB written).');
  });

  it('a recording made before decisions keeps the sentence it stored; the decision wins where both are there', () => {
    expect(sayPhase({ sentence: 'As an older judge said it.' })).toBe('As an older judge said it.');
    expect(sayPhase({ decision: EXAMPLES['lookup-round-trip'].decision, sentence: 'Stale.' })).toMatch(/^The cache lookup/);
  });
});

describe('the stored decision', () => {
  it('is validated by its rule: an unknown id or a missing figure is named', () => {
    const { profile } = everyRecording()[0] ?? {};
    if (!profile) throw new Error('no recording');
    const verdict = judgeInDetail(profile).verdict;
    const bad = JSON.parse(JSON.stringify({ ...profile, verdict }));
    bad.verdict.phases[0].decision.rule = 'no-such-rule';
    expect(profileErrors(bad).join('\n')).toMatch(/verdict\.phases\[0\]\.decision\.rule: expected one of .*"tail-disk".*got "no-such-rule"/);
    const missing = JSON.parse(JSON.stringify({ ...profile, verdict }));
    delete missing.verdict.phases[0].decision.phase;
    expect(profileErrors(missing)).toEqual(['verdict.phases[0].decision.phase: missing']);
  });
});

describe('every recording', () => {
  for (const { name, profile } of everyRecording()) {
    it(`${name}: each phase is said from its decision, with no figure left unsaid`, () => {
      for (const p of judgeInDetail(profile).verdict.phases) {
        expect(p.decision).toBeDefined();
        expect(p.sentence).toBeUndefined();
        const said = sayPhase(p);
        expect(said).toMatch(/^[A-Z].*\.$/);
        expect(said).not.toMatch(/undefined|NaN|null|\[object/);
      }
    });
    it(`${name}: written, the profile validates and stores each phase's sentence as said`, () => {
      const verdict = judgeInDetail(profile).verdict;
      const written = withStoredSentences({ ...profile, verdict });
      expect(profileErrors(JSON.parse(JSON.stringify(written)))).toEqual([]);
      expect(written.verdict?.phases.map((p) => p.sentence)).toEqual(verdict.phases.map((p) => sayPhase(p)));
    });
  }
});
