// The probe table's notes said (report/say/probe-notes.ts): each kind of limit a probe met in its own
// words, the page cache's reason, and the suite that may be output or remembered as the disk's ceilings.
import { describe, expect, it } from 'vitest';
import type { ProbeCounted } from '../../../src/profile/probe-counted.js';
import { PROBE_NOTE_KINDS, type ProbeNote, type ProbeNoteKind } from '../../../src/judge/probe-notes.js';
import type { ProbeResult, ProbeSuiteResult, Profile } from '../../../src/profile/schema.js';
import { capMetText, diskProbeSuite, sayPageCacheProbe, sayProbeNote } from '../../../src/report/say/probe-notes.js';
import { KiB, MiB } from '../../../src/util/units.js';
import { loadFixture } from '../../judge/fixture-tools.js';

const counted: ProbeCounted = {
  name: 'seq-write',
  device: 'vdb',
  blockSizeBytes: MiB,
  biosPerSecond: 2400,
  requestsPerSecond: 2400,
  bioBytes: 4 * KiB,
  requestBytes: 4 * KiB,
  merges: 0,
  bytesPerSecond: 2400 * 4 * KiB,
  biosPerFioIo: 256,
};

const NOTES: Record<ProbeNoteKind, { note: ProbeNote; says: string }> = {
  'seq-met-iops': {
    note: { kind: 'seq-met-iops', counted, capMet: { cap: 'writeIops', figure: 2400 }, byRandomProbe: false },
    says: "met the IOPS limit: the cgroup's IOPS cap (2400 IOPS), not a bandwidth one (vdb counted 4 KiB bios (256 per fio IO) at 2400/s)",
  },
  'cap-met': {
    note: { kind: 'cap-met', counted: { ...counted, merges: 10, requestBytes: 512 * KiB }, capMet: { cap: 'writeBytesPerSecond', figure: 64 * MiB } },
    says: "met the cgroup's bandwidth cap (64 MiB/s) (vdb counted 4 KiB bios (256 per fio IO) at 2400/s, merged into 512 KiB requests)",
  },
  counted: { note: { kind: 'counted', counted: { ...counted, biosPerFioIo: 1 } }, says: 'vdb counted 4 KiB bios at 2400/s' },
};

describe('sayProbeNote', () => {
  it.each(PROBE_NOTE_KINDS)('says a note of kind %s', (kind) => {
    expect(NOTES[kind].note.kind).toBe(kind);
    expect(sayProbeNote(NOTES[kind].note)).toBe(NOTES[kind].says);
  });

  it('names the random probe where its rate was the evidence, and says nothing without device counts', () => {
    expect(sayProbeNote({ kind: 'seq-met-iops', counted, capMet: null, byRandomProbe: true })).toBe(
      "met the IOPS limit, not a bandwidth one (vdb counted 4 KiB bios (256 per fio IO) at 2400/s, the random probe's rate)",
    );
    expect(sayProbeNote(null)).toBe('');
  });

  it('says each cap with its own figure', () => {
    expect(capMetText('writeIops', 1000)).toBe('IOPS cap (1000 IOPS)');
    expect(capMetText('writeBytesPerSecond', 40 * MiB)).toBe('bandwidth cap (40 MiB/s)');
  });
});

describe('the page cache said', () => {
  it('names the loop device', () => {
    expect(sayPageCacheProbe('loop3')).toMatch(/^loop3 is a loop device over a file: .* so the page cache answered this probe, not a disk$/);
  });

  it('says why a suite whose every probe measured the page cache has none left, and keeps a disk suite as it is', () => {
    const lab = loadFixture('lab-cpu.json');
    const kept = diskProbeSuite(lab, lab.probes as ProbeSuiteResult);
    expect(kept.probes).toEqual([]);
    expect(kept.reason).toBe('every probe measured the page cache, not the disk (a loop device over a file)');
    const disk = loadFixture('lab-disk-iops.json');
    expect(diskProbeSuite(disk, disk.probes as ProbeSuiteResult)).toBe(disk.probes);
  });

  it("keeps the suite's own reason where a probe that measured the disk is left", () => {
    const lab: Profile = loadFixture('lab-cpu.json');
    const suite = lab.probes as ProbeSuiteResult;
    const slow: ProbeResult = { ...(suite.probes[0] as ProbeResult), bytesPerSecond: 50 * MiB, iops: 50 };
    const kept = diskProbeSuite(lab, { ...suite, reason: 'as probed', probes: [...suite.probes, slow] });
    expect(kept.probes).toEqual([slow]);
    expect(kept.reason).toBe('as probed');
  });
});
