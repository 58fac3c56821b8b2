// The save's verdict said from the judge's facts (report/say/save.ts): on the recorded saves and their
// variants (transfer-cases.ts), the words are the judge's own before they moved (fixtures/say/old-words.json),
// and each rule says its key figures.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeSave } from '../../../src/judge/save-rules.js';
import { judgeUpload } from '../../../src/judge/upload-rules.js';
import type {
  SaveBottleneck,
  SaveClause,
  SaveClauseKind,
  SaveEvidence,
  SaveEvidenceKind,
  SavePhaseVerdict,
  SaveResult,
  SaveVerdict,
  UploadTimeline,
  UploadVerdict,
} from '../../../src/profile/schema.js';
import { profileErrors } from '../../../src/profile/validate.js';
import { saySave, saySavePhase } from '../../../src/report/say/save.js';
import { withStoredSentences } from '../../../src/report/say/stored.js';
import { sayStallToolkit, sayUpload } from '../../../src/report/say/transfer.js';
import { everyRecording } from '../../helpers/recordings.js';
import { repoRoot } from '../../helpers/tree.js';
import { saveCases } from './transfer-cases.js';

const old = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/say/old-words.json'), 'utf8')) as {
  save: Record<string, { sentence: string; phases: { sentence: string; evidence: string[] }[] }>;
};

const said = (v: SaveVerdict) => ({ sentence: saySave(v), phases: v.phases.map((p) => saySavePhase(p, v.upload)) });

describe('the save verdict said, against what the judge said before', () => {
  it.each(saveCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    expect(said(judgeSave(c.input))).toEqual(old.save[name]);
  });
});

const judgedUpload = (file: string): UploadVerdict => {
  const r = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/uploads', file), 'utf8')) as { archiveBytes: number | null; timeline: UploadTimeline };
  return judgeUpload(r.timeline, r.archiveBytes);
};

const phase = (bottleneck: SaveBottleneck, clause: SaveClause, evidence: SaveEvidence[] = []): SavePhaseVerdict => ({
  phase: 'archive',
  bottleneck,
  facts: { clause, evidence },
});

describe("a save phase's words, per rule, with its figures", () => {
  const clauses: Record<SaveClauseKind, { bottleneck: SaveBottleneck; clause: SaveClause; upload?: UploadVerdict; words: string | RegExp }> = {
    'single-threaded': {
      bottleneck: 'cpu',
      clause: { kind: 'single-threaded', comm: 'tar', cores: 0.987 },
      words: 'CPU-bound: tar kept one core busy (0.99): it is single-threaded, reading and archiving the files one at a time.',
    },
    compression: {
      bottleneck: 'cpu',
      clause: { kind: 'compression', childCores: 3.456, usableCores: 4, threads: 4 },
      words: 'CPU-bound: compression kept 3.46 of 4 cores busy (zstd -T0, 4 threads).',
    },
    'cpus-busy': { bottleneck: 'cpu', clause: { kind: 'cpus-busy', busyPercent: 91.4 }, words: 'CPU-bound: the CPUs were 91% busy while tar and zstd ran.' },
    'read-bandwidth': {
      bottleneck: 'disk-bandwidth',
      clause: { kind: 'read-bandwidth', readKiBPerSecond: 120 * 1024, ceilingBytesPerSecond: 125 * 1024 * 1024 },
      words: "Disk-bound (bandwidth): tar read at 120 MiB/s, near this disk's 125.0 MiB/s sequential-read ceiling.",
    },
    'read-iops': {
      bottleneck: 'disk-iops',
      clause: { kind: 'read-iops', readsPerSecond: 201.4, readRequestKiB: 4.04, readAwaitMs: 0.043, aboveDevice: true },
      words:
        'Disk-bound (IOPS/latency): tar read many small files at 201 reads/s of 4.0 KiB (r_await 0.04 ms) while waiting on the disk; r_await is low because the wait is above the device: a throttle or cgroup I/O cap holds the reads before they reach it.',
    },
    unsaturated: {
      bottleneck: 'inconclusive',
      clause: { kind: 'unsaturated', phase: 'list' },
      words: 'Inconclusive: neither the CPUs nor the disk reads were saturated during listing the paths.',
    },
    'upload-verdict': {
      bottleneck: 'network',
      clause: { kind: 'upload-verdict', phase: 'upload' },
      upload: judgedUpload('v1-path-cap.json'),
      words: /^Network-bound: the path or the machine capped the upload at [\d.]+ MiB\/s: the rate stayed flat whatever the number of requests in flight\.$/,
    },
    'upload-rate': {
      bottleneck: 'network',
      clause: { kind: 'upload-rate', bytes: 64 * 1024 * 1024, durationMs: 4000 },
      words: 'Network-bound: the upload sent 64.0 MiB at 16.0 MiB/s.',
    },
    'round-trip': {
      bottleneck: 'network',
      clause: { kind: 'round-trip', phase: 'reserve' },
      words: 'Network-bound: reserving the entry is a round trip to the cache service.',
    },
  };
  it.each(Object.entries(clauses))('%s', (_, c) => {
    const said = saySavePhase(phase(c.bottleneck, c.clause), c.upload).sentence;
    if (typeof c.words === 'string') expect(said).toBe(c.words);
    else expect(said).toMatch(c.words);
  });

  it("the upload's verdict, where it was judged, is the upload phase's clause", () => {
    const withUpload = saveCases().find((c) => c.name.includes('with upload v1-hold.json'))!;
    const v = judgeSave(withUpload.input);
    const upload = v.phases.find((p) => p.phase === 'upload')!;
    expect(upload.facts?.clause.kind).toBe('upload-verdict');
    expect(saySavePhase(upload, v.upload).sentence).toMatch(/^Network-bound: the upload stalled for [\d.]+ s \(request #\d+ sent nothing/);
    // The stall leads the save's sentence, whatever phase took longest.
    expect(saySave(v)).toMatch(/^The upload stalled for [\d.]+ s \(request #\d+, at \d+% of the archive\): .* Save: /);
  });

  it('says each kind of evidence with its figures', () => {
    const evidence: Record<SaveEvidenceKind, { e: SaveEvidence; words: string }> = {
      'child-cores': {
        e: { kind: 'child-cores', childCores: 1.294, usableCores: 2, threads: 2, cpuCount: 2 },
        words: 'tar+zstd used 1.29 of 2 usable cores (zstd -T0: 2 threads on 2 CPUs)',
      },
      cpus: { e: { kind: 'cpus', busyPercent: 64.6, iowaitPercent: 3.2 }, words: 'CPUs 65% busy, 3% waiting on IO' },
      'disk-read': {
        e: { kind: 'disk-read', readsPerSecond: 1234.5, readRequestKiB: 12.34, readAwaitMs: 0.456, readKiBPerSecond: 15_000 },
        words: 'disk read 1235 r/s of 12.3 KiB (r_await 0.46 ms), 14.6 MiB/s',
      },
      'io-stall': { e: { kind: 'io-stall', share: 0.273 }, words: 'IO stall (PSI some) 27% of the phase' },
      busiest: { e: { kind: 'busiest', comm: 'zstd', cores: 1.5 }, words: 'the busiest process, zstd, used 1.50 of a core' },
      moved: { e: { kind: 'moved', bytes: 8 * 1024 * 1024, durationMs: 1234 }, words: '8.0 MiB in 1.23 s' },
      duration: { e: { kind: 'duration', durationMs: 456 }, words: '0.46 s' },
    };
    const said = saySavePhase(
      phase(
        'inconclusive',
        { kind: 'unsaturated', phase: 'archive' },
        Object.values(evidence).map((x) => x.e),
      ),
      undefined,
    );
    expect(said.evidence).toEqual(Object.values(evidence).map((x) => x.words));
  });

  it('the save as a whole: the longest phase, its share and the save time; none recorded; recorded before the facts', () => {
    const v: SaveVerdict = {
      bottleneck: 'cpu',
      facts: { dominant: 'archive', share: 0.734, totalMs: 12_345 },
      phases: [phase('cpu', { kind: 'cpus-busy', busyPercent: 90 })],
    };
    expect(saySave(v)).toBe('Save: CPU-bound: the CPUs were 90% busy while tar and zstd ran; creating the archive (tar + zstd) took 73% of the 12.35 s save.');
    expect(saySave({ bottleneck: 'inconclusive', facts: { dominant: null, share: 0, totalMs: 0 }, phases: [] })).toBe(
      'Save: inconclusive, no phase was recorded.',
    );
    expect(saySave({ bottleneck: 'cpu', sentence: 'As recorded.', phases: [] })).toBe('As recorded.');
    expect(saySavePhase({ phase: 'list', bottleneck: 'none', sentence: 'S.', evidence: ['E'] }, undefined)).toEqual({ sentence: 'S.', evidence: ['E'] });
  });
});

describe('a profile as written', () => {
  it("stores the save's words its facts say, the upload's too, and still validates", () => {
    const recording = everyRecording()[0]!;
    const withUpload = saveCases().find((c) => c.name.includes('with upload v1-hold.json'))!;
    const save = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/saves/loop-200-read-iops.json'), 'utf8')) as SaveResult;
    const verdict = judgeSave(withUpload.input);
    const written = withStoredSentences({ ...recording.profile, save: { ...save, phases: withUpload.input.phases, verdict } });
    const v = written.save?.verdict;
    expect(v?.sentence).toBe(saySave(verdict));
    expect(v?.phases.map((p) => ({ sentence: p.sentence, evidence: p.evidence }))).toEqual(verdict.phases.map((p) => saySavePhase(p, verdict.upload)));
    expect(v?.upload?.sentence).toBe(sayUpload(verdict.upload!).sentence);
    expect(v?.upload?.stalls.map((s) => s.toolkit)).toEqual(verdict.upload!.stalls.map(sayStallToolkit));
    expect(profileErrors(JSON.parse(JSON.stringify(written)))).toEqual([]);
  });
});
