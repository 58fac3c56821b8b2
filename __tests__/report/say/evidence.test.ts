// An evidence item said (issue 39, item 1): the judge gives each item its figures (Evidence.facts);
// report/say/evidence.ts words them. One example per kind and per IOPS-count reason (the compiler asks
// for every one), each said with its key figures; then every recording's items said from their facts,
// and the stored text read only where a recording has none.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../../src/judge/judge.js';
import type { EvidenceFacts, EvidenceKind, IopsCountFacts, IopsCountReason } from '../../../src/profile/phase-decision.js';
import { sayEvidence, sayEvidenceFacts, sayIopsCountReason } from '../../../src/report/say/evidence.js';
import { withStoredSentences } from '../../../src/report/say/stored.js';
import { everyRecording } from '../../helpers/recordings.js';

const MiB = 1024 * 1024;
const counts: Omit<IopsCountFacts, 'reason'> = {
  used: 'before-merge',
  afterMergePerSecond: 612.4,
  afterMergeDevice: 'loop3',
  beforeMergePerSecond: 1988.2,
  beforeMergeDevice: 'loop3',
  ceiling: 1921,
  bioBased: false,
};

/** An example per kind and what it must say: the compiler names a missing kind. */
const EXAMPLES: { [K in EvidenceKind]: { facts: Extract<EvidenceFacts, { kind: K }>; says: string } } = {
  'disk-share': {
    facts: { kind: 'disk-share', share: { resource: 'disk-iops', direction: 'write', rate: 2980, ceiling: 3000, share: 0.993 } },
    says: 'extraction completed 2980 writes/s, 99% of the 3000 IOPS random-write ceiling',
  },
  'iops-restates-bandwidth': {
    facts: { kind: 'iops-restates-bandwidth', randWriteIops: 24_576 },
    says: 'the 4 KiB random-write ceiling (24.6k IOPS) moves as many bytes as the sequential one',
  },
  'seq-probe-met-iops': {
    facts: {
      kind: 'seq-probe-met-iops',
      probe: {
        seq: {
          name: 'seq-write',
          device: 'loop3',
          blockSizeBytes: MiB,
          biosPerSecond: 10_240,
          requestsPerSecond: 10_240,
          bioBytes: 4096,
          requestBytes: 4096,
          merges: 0,
          bytesPerSecond: 40 * MiB,
          biosPerFioIo: 256,
        },
        seqBytesPerSecond: 40 * MiB,
        by: 'iops-cap',
        capIops: 10_240,
      },
      bandwidthCeilingBytesPerSecond: 40 * MiB,
      bandwidthIsCap: true,
    },
    says: "sequential writes reached loop3 as 4 KiB bios (256 per write), 10240 bios/s against the cgroup's IOPS cap of 10.2k IOPS: the sequential probe met the IOPS limit, so its 40 MiB/s is that limit in bytes, not a bandwidth ceiling; bytes/s are held against the cgroup's bandwidth cap of 40 MiB/s, requests/s against the IOPS ceiling",
  },
  'write-request-size': { facts: { kind: 'write-request-size', writeRequestKiB: 4.5 }, says: 'average write request 4.5 KiB' },
  'iops-count': {
    facts: { kind: 'iops-count', ...counts, reason: { kind: 'bios-steadier', aboveProbe: false } },
    says: 'IOPS counted before merging (bios on loop3): only the bios (the writes as issued, before the disk merged them: 1,988/s, completed + merged on loop3) reached the 1,921 IOPS ceiling',
  },
  'ceiling-moved': {
    facts: { kind: 'ceiling-moved', share: { resource: 'disk-iops', direction: 'write', rate: 989, ceiling: 598, share: 1.654 } },
    says: 'extraction ran at 989 IOPS, 165% of the 598 IOPS random-write ceiling fio measured: the ceiling moved',
  },
  'time-at-ceiling': {
    facts: { kind: 'time-at-ceiling', resource: 'disk-bandwidth', share: 0.72 },
    says: 'extraction spent 72% of its time at 80% or more of the bandwidth ceiling',
  },
  'device-utilization': { facts: { kind: 'device-utilization', utilizationPercent: 99.6 }, says: 'the device was busy 100% of the time' },
  'queue-size': { facts: { kind: 'queue-size', averageQueueSize: 31.2 }, says: 'on average 31.2 requests were queued or in service' },
  'io-pressure-some': { facts: { kind: 'io-pressure-some', ioSomeShare: 0.61 }, says: 'some task was stalled on I/O 61% of the time' },
  'cpu-iowait': { facts: { kind: 'cpu-iowait', iowaitShare: 0.25 }, says: 'CPUs idled waiting for I/O 25% of the time' },
  'binding-limit': {
    facts: { kind: 'binding-limit', binding: 'disk-iops' },
    says: 'at the ceiling, requests/s held steadier than bytes/s: the IOPS limit bound',
  },
  'busiest-process': {
    facts: { kind: 'busiest-process', process: { comm: 'zstd', cores: 0.97, coresAtMost: null, coresWhileSeen: null, seenMs: null }, quotaCores: 0.5 },
    says: "the busiest process of the extraction (zstd) used 0.97 of a core (the cgroup's 0.5-core CPU quota is all one process can get)",
  },
  'tar-and-zstd': {
    facts: { kind: 'tar-and-zstd', cores: 1.1, perProcessRecorded: false },
    says: 'tar and zstd together used 1.1 of a core (per-process CPU not recorded)',
  },
  'cpu-pressure-some': {
    facts: { kind: 'cpu-pressure-some', cpuSomeShare: 0.98, heldByWriteback: false, ownAtMostShare: 0.2, otherLoad: true },
    says: "runnable tasks waited for a CPU 98% of the time (the kernel's CPU pressure figure, PSI cpu some, machine-wide: tar and zstd waited for a CPU at most 20% of the time, so this was another job's load, not this restore's limit)",
  },
  'own-cpu-wait': {
    facts: { kind: 'own-cpu-wait', comm: 'tar', waitMs: 1500, share: 0.41, atMostShare: 0.45, heldByWriteback: true },
    says: 'tar waited on a run queue for 1.5 s, 41% of the time, the longest of tar and zstd',
  },
  'pipeline-cores': {
    facts: { kind: 'pipeline-cores', cores: 1.02, quotaCores: null },
    says: 'tar and zstd together kept 1.02 of a core busy over the whole extraction (exact: their reaped times)',
  },
  'download-process-cores': {
    facts: { kind: 'download-process-cores', cores: { atLeast: 0.15, atMost: 0.19 }, quotaCores: null },
    says: 'the process running the download used 0.15–0.19 of a core',
  },
  'download-cpu-too-few-ticks': {
    facts: { kind: 'download-cpu-too-few-ticks', cores: { atLeast: 0.48, atMost: 0.95 }, durationMs: 84 },
    says: "CPU not measured: the download's 0.084 s hold too few 10 ms ticks to tell (the process used 0.48–0.95 of a core)",
  },
  'download-cpu-not-recorded': {
    facts: { kind: 'download-cpu-not-recorded' },
    says: "CPU not recorded: this profile has no figure for the process's own CPU",
  },
  'busiest-cpu': { facts: { kind: 'busiest-cpu', busyShare: 0.93 }, says: 'the busiest CPU was busy 93% of the time' },
  'cpu-busy': { facts: { kind: 'cpu-busy', busyShare: 0.47 }, says: 'all CPUs together were busy 47% of the time' },
  'cpu-steal': { facts: { kind: 'cpu-steal', stealShare: 0.12 }, says: 'the hypervisor stole 12% of CPU time' },
  'cgroup-quota-usage': {
    facts: { kind: 'cgroup-quota-usage', usageCores: 0.49, usageShare: 0.98, quotaCores: 0.5 },
    says: "the step's cgroup used 0.49 cores, 98% of its 0.5-core CPU quota",
  },
  'cgroup-throttled': {
    facts: { kind: 'cgroup-throttled', throttledShare: 0.9, periods: 412, throttledMs: 3100 },
    says: "the cgroup ran out of its CPU quota in 90% of the kernel's 412 scheduling periods (CFS periods), its processes made to wait 3.1 s in all",
  },
  'dirty-peak-share': {
    facts: { kind: 'dirty-peak-share', dirtyPeakBytes: 31 * MiB, share: 0.97, limitBytes: 32 * MiB },
    says: 'Dirty peaked at 31 MiB, 97% of the 32 MiB dirty limit',
  },
};

/** Why a count was chosen, per reason: the compiler names a missing one. */
const REASONS: { [K in IopsCountReason['kind']]: { reason: Extract<IopsCountReason, { kind: K }>; says: string } } = {
  'cap-counts-bios': {
    reason: {
      kind: 'cap-counts-bios',
      from: { cap: true, facts: { kind: 'cap', ceiling: 'randWriteIops', capFile: 'blkio', device: '7:3', capValue: 2000, probed: 2400 } },
    },
    says: "the ceiling is the cgroup's blkio cap of 2000 IOPS, counted in bios before merging (below the 2400 IOPS fio measured), and a cgroup I/O cap counts bios before merging (bios 1,988/s on loop3)",
  },
  'few-merges': { reason: { kind: 'few-merges' }, says: 'few writes were merged (bios 1,988/s, requests after merging 612/s): both counts agree' },
  'requests-reached': { reason: { kind: 'requests-reached' }, says: '612 requests after merging/s already reached the 1,921 IOPS ceiling' },
  'neither-reached': { reason: { kind: 'neither-reached' }, says: 'neither count reached the 1,921 IOPS ceiling (bios 1,988/s, requests after merging 612/s)' },
  'bios-at-cgroup-cap': { reason: { kind: 'bios-at-cgroup-cap', capIops: 2000 }, says: "reached the cgroup's cap of 2,000 IOPS on this device" },
  'bios-steadier': {
    reason: { kind: 'bios-steadier', aboveProbe: true },
    says: 'reached the 1,921 IOPS ceiling, above what fio measured, and they held steadier',
  },
  'requests-counted': {
    reason: { kind: 'requests-counted', aboveProbe: false, why: 'bandwidth-explains' },
    says: 'reached the 1,921 IOPS ceiling, but bytes/s held as still at the bandwidth ceiling, so the bandwidth limit explains the rate; requests are counted as the device counts them (612/s)',
  },
};

describe('each kind said', () => {
  for (const [kind, { facts, says }] of Object.entries(EXAMPLES)) {
    it(`${kind}: says its figures`, () => {
      expect(sayEvidenceFacts(facts, 'extract')).toContain(says);
    });
  }

  for (const [kind, { reason, says }] of Object.entries(REASONS)) {
    it(`iops-count ${kind}: says why that count`, () => {
      expect(sayIopsCountReason({ ...counts, reason })).toContain(says);
    });
  }

  it('names the disks below a bio-based device', () => {
    expect(sayIopsCountReason({ ...counts, bioBased: true, afterMergeDevice: 'vdb + vdc', reason: { kind: 'few-merges' } })).toContain(
      'requests on vdb + vdc below 612/s',
    );
  });

  it('says a disk item of the phase it is listed under', () => {
    expect(sayEvidenceFacts(EXAMPLES['time-at-ceiling'].facts, 'writeback')).toMatch(/^the writeback tail spent 72%/);
  });

  it('a recording made before facts keeps the text it stored; the facts win where both are there', () => {
    expect(sayEvidence({ text: 'as an older judge said it' }, 'extract')).toBe('as an older judge said it');
    expect(sayEvidence({ facts: EXAMPLES['cpu-steal'].facts, text: 'stale' }, 'extract')).toBe('the hypervisor stole 12% of CPU time');
  });
});

describe('every recording', () => {
  for (const { name, profile } of everyRecording()) {
    it(`${name}: each item is said from its facts, and stored as said`, () => {
      const verdict = judgeInDetail(profile).verdict;
      const written = withStoredSentences({ ...profile, verdict });
      verdict.phases.forEach((p, i) => {
        for (const e of p.evidence) {
          expect(e.facts).toBeDefined();
          expect(e.text).toBeUndefined();
          expect(sayEvidence(e, p.phase)).not.toMatch(/undefined|NaN|null|\[object|^$/);
        }
        expect(written.verdict?.phases[i]?.evidence.map((e) => e.text)).toEqual(p.evidence.map((e) => sayEvidence(e, p.phase)));
      });
    });
  }
});
