// The ceilings said (report/say/ceilings.ts): every kind of account a cgroup cap gives of a ceiling,
// and every kind of evidence that fio's sequential-write probe met the IOPS limit, in their words; a
// recording made before the facts keeps the account it stored.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../../src/judge/judge.js';
import type { ProbeCounted, SeqMetIops } from '../../../src/profile/probe-counted.js';
import { CEILING_FROM_KINDS, type CeilingFromFacts, type CeilingFromKind } from '../../../src/profile/schema.js';
import { sayCeilingFacts, sayCeilingFrom, saySeqMetIops } from '../../../src/report/say/ceilings.js';
import { KiB, MiB } from '../../../src/util/units.js';
import { everyRecording } from '../../helpers/recordings.js';

const ACCOUNTS: Record<CeilingFromKind, { facts: CeilingFromFacts; says: string }> = {
  cap: {
    facts: { kind: 'cap', ceiling: 'seqWriteBytesPerSecond', capFile: 'blkio', device: '7:0', capValue: 40 * MiB, probed: 96 * MiB },
    says: "the cgroup's blkio cap of 40 MiB/s (below the 96 MiB/s fio measured)",
  },
  'fio-below-cap': {
    facts: { kind: 'fio-below-cap', ceiling: 'randWriteIops', capFile: 'io.max', device: '8:0', capValue: 2400, probed: 1865 },
    says: "fio's 1865 IOPS (below the cgroup's io.max cap of 2400 IOPS, counted in bios before merging)",
  },
  'cap-seq-met-iops': {
    facts: {
      kind: 'cap-seq-met-iops',
      ceiling: 'seqWriteBytesPerSecond',
      capFile: 'blkio',
      device: '7:0',
      capValue: 64 * MiB,
      iopsCap: 2400,
      seqBytesPerSecond: 9.4 * MiB,
    },
    says: "the cgroup's blkio cap of 64 MiB/s (fio's sequential-write probe met the IOPS cap (2400 IOPS), not this one: its 9.4 MiB/s is that cap in bytes)",
  },
};

const seq: ProbeCounted = {
  name: 'seq-write',
  device: 'loop0',
  blockSizeBytes: MiB,
  biosPerSecond: 2400,
  requestsPerSecond: 2400,
  bioBytes: 4 * KiB,
  requestBytes: 4 * KiB,
  merges: 0,
  bytesPerSecond: 2400 * 4 * KiB,
  biosPerFioIo: 256,
};
const rand: ProbeCounted = { ...seq, name: 'rand-write', blockSizeBytes: 4 * KiB, biosPerSecond: 2390, requestsPerSecond: 2390, biosPerFioIo: 1 };

const MET: Record<SeqMetIops['by'], { met: SeqMetIops; says: string }> = {
  'random-probe': {
    met: { seq, seqBytesPerSecond: seq.bytesPerSecond, by: 'random-probe', rand, count: 'bios' },
    says: "fio's 1 MiB sequential writes reached loop0 as 4 KiB bios (256 per write), 2400 bios/s against the random probe's 2390/s: the sequential probe met the IOPS limit, so its 9.38 MiB/s is that limit in bytes, not a bandwidth ceiling",
  },
  'iops-cap': {
    met: { seq, seqBytesPerSecond: seq.bytesPerSecond, by: 'iops-cap', capIops: 2400 },
    says: "fio's 1 MiB sequential writes reached loop0 as 4 KiB bios (256 per write), 2400 bios/s against the cgroup's IOPS cap of 2400 IOPS: the sequential probe met the IOPS limit, so its 9.38 MiB/s is that limit in bytes, not a bandwidth ceiling",
  },
};

describe('sayCeilingFacts', () => {
  it.each(CEILING_FROM_KINDS)('says an account of kind %s', (kind) => {
    expect(ACCOUNTS[kind].facts.kind).toBe(kind);
    expect(sayCeilingFacts(ACCOUNTS[kind].facts)).toBe(ACCOUNTS[kind].says);
  });

  it('says a cap where fio measured nothing, and an IOPS limit that is no cap', () => {
    expect(sayCeilingFacts({ kind: 'cap', ceiling: 'randWriteIops', capFile: 'io.max', device: '8:0', capValue: 1000, probed: null })).toBe(
      "the cgroup's io.max cap of 1000 IOPS, counted in bios before merging",
    );
    expect(sayCeilingFacts({ ...ACCOUNTS['cap-seq-met-iops'].facts, iopsCap: null } as CeilingFromFacts)).toContain('met an IOPS limit, not this one');
  });
});

describe('sayCeilingFrom', () => {
  it('says the facts, else the account an older recording stored, else nothing', () => {
    expect(sayCeilingFrom({ cap: true, facts: ACCOUNTS.cap.facts, said: 'as stored' })).toBe(ACCOUNTS.cap.says);
    expect(sayCeilingFrom({ cap: true, said: 'as stored' })).toBe('as stored');
    expect(sayCeilingFrom(undefined)).toBeUndefined();
  });

  it("names the cap on the recordings whose ceilings a cgroup cap set: a device's top share or a what-if", () => {
    const said = everyRecording().flatMap(({ profile }) => {
      const v = judgeInDetail(profile).verdict;
      return [
        ...(v.devices ?? []).flatMap((d) => sayCeilingFrom(d.facts?.top?.from) ?? []),
        ...v.whatIf.flatMap((w) => (w.facts?.ceilingFacts ? [sayCeilingFacts(w.facts.ceilingFacts)] : [])),
      ];
    });
    expect(said.length).toBeGreaterThan(0);
    for (const s of said) expect(s).toMatch(/the cgroup's (blkio|io\.max) cap of /);
  });
});

describe('saySeqMetIops', () => {
  it.each(['random-probe', 'iops-cap'] as const)('says the evidence of kind %s', (by) => {
    expect(saySeqMetIops(MET[by].met)).toBe(MET[by].says);
  });

  it('says the requests the device completed where those were the evidence', () => {
    expect(saySeqMetIops({ seq, seqBytesPerSecond: seq.bytesPerSecond, by: 'random-probe', rand, count: 'requests' })).toContain(
      "2400 requests/s against the random probe's 2390/s",
    );
  });
});
