// Decide once, say once (issue 39, item 1): the judge returns typed facts, and report/say turns them
// into words. Over every recording, the parts of the judgement whose words have moved hold no
// sentence: no string field outside a fixed allowlist (names from the fixed tables, device names)
// has two words. Every kind is walked: the verdict's own fields, each phase's decision and each
// evidence item's facts, the what-ifs, devices, attribution, the download's verdict and the rest below.
// The save's verdict and its upload's are walked on the recorded saves and uploads (fixtures/saves,
// fixtures/uploads): the profiles hold none judged.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { pageCacheLoop } from '../../src/judge/page-cache-probe.js';
import { probeNote } from '../../src/judge/probe-notes.js';
import { judgeUpload } from '../../src/judge/upload-rules.js';
import { saveVerdict } from '../../src/pipeline/judged-save.js';
import { EXPERIMENT_NAMES, type Profile, type SaveResult, type UploadTimeline, type Verdict } from '../../src/profile/schema.js';
import { decideExperiments } from '../../src/judge/auto-rules.js';
import { everyRecording } from '../helpers/recordings.js';
import { repoRoot } from '../helpers/tree.js';

/** The download phase's duration, as the report gives it to the experiments' check. */
const downloadMs = (p: Profile): number | null => {
  const d = p.phases.find((x) => x.name === 'download');
  return d ? d.endMs - d.startMs : null;
};

/** The parts of a judgement whose sentences report/say says, by kind (from the verdict, or the profile it judged). */
const MOVED: Record<string, (v: Verdict, profile: Profile) => unknown[]> = {
  'what-if': (v) => v.whatIf,
  device: (v) => v.devices ?? [],
  // The verdict's own fields; the kinds above and below are walked on their own.
  verdict: ({ whatIf, devices, phases, download, attribution, ...own }) => [own],
  phase: (v) => v.phases.map(({ evidence: _, ...phase }) => phase),
  evidence: (v) => v.phases.flatMap((p) => p.evidence),
  attribution: (v) => (v.attribution ? [v.attribution] : []),
  'experiments check': (v, p) => (p.experiments && p.experiments.outcomes.length > 0 ? [checkExperiments(v, p.phases, p.experiments, downloadMs(p))] : []),
  // experiments: auto's choice on this verdict, every experiment allowed (the pipeline says its reason).
  'auto experiments': (v) => [decideExperiments({ bottleneck: v.bottleneck, untilDurableMs: v.untilOnDiskMs ?? null, allowed: EXPERIMENT_NAMES })],
  download: (v) => (v.download ? [v.download] : []),
  'probe notes': (_, p) => (p.probes?.probes ?? []).flatMap((probe) => [probeNote(p, probe), pageCacheLoop(p, probe)]),
};

/**
 * String fields that may hold words, by path (array indices dropped), each with why:
 * - facts.primaryBecause: why a device is the restore's, as the sampler recorded it (src/sample), not the judge;
 * - device, paths: a device's name and the restore paths as the workflow wrote them;
 * - facts.evidence.part, facts.evidence.retry.part: a transfer request's range or part as the recorder
 *   wrote it from the request ("bytes 0-4194303/*", "whole blob"), not the judge;
 * - facts.clause.comm, facts.evidence.comm: a process's name as the sampler read it (/proc/<pid>/comm);
 * - facts.afterMergeDevice: the disks below a bio-based device, named ("vdb + vdc").
 */
const ALLOWED: ReadonlySet<string> = new Set([
  'facts.primaryBecause',
  'device',
  'paths',
  'facts.evidence.part',
  'facts.evidence.retry.part',
  'facts.clause.comm',
  'facts.evidence.comm',
  'facts.afterMergeDevice',
]);

/** Every string under `value` with its path, array indices dropped. */
function strings(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, path));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, path === '' ? k : `${path}.${k}`));
  return [];
}

const SENTENCE = /\S+ \S+/;

/** The strings of `parts` that hold words outside ALLOWED, each with its kind and path. */
function said(kind: string, parts: readonly unknown[]): string[] {
  return parts
    .flatMap((part) => strings(part))
    .filter((s) => !ALLOWED.has(s.path) && SENTENCE.test(s.text))
    .map((s) => `${kind} ${s.path}: ${s.text}`);
}

const recorded = (dir: string) =>
  readdirSync(path.join(repoRoot, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, json: JSON.parse(readFileSync(path.join(repoRoot, dir, f), 'utf8')) as unknown }));

describe('the judge writes no English', () => {
  for (const { name, profile } of everyRecording()) {
    it(`${name}: the moved kinds hold typed facts only`, () => {
      const { verdict } = judgeInDetail(profile);
      expect(Object.entries(MOVED).flatMap(([kind, partsOf]) => said(kind, partsOf(verdict, profile)))).toEqual([]);
    });
  }
  for (const { name, json } of recorded('fixtures/saves')) {
    it(`${name}: the save's verdict holds typed facts only`, () => {
      const v = saveVerdict(json as SaveResult, undefined, 2);
      if (!v) throw new Error(`${name}: no phase to judge`);
      // Walked part by part, so a path reads as the allowlist's (a phase's, the upload's).
      expect(said('save', [{ bottleneck: v.bottleneck, facts: v.facts }, ...v.phases, ...(v.upload ? [v.upload] : [])])).toEqual([]);
    });
  }
  for (const { name, json } of recorded('fixtures/uploads')) {
    it(`${name}: the upload's verdict holds typed facts only`, () => {
      const r = json as { archiveBytes: number | null; timeline: UploadTimeline };
      expect(said('upload', [judgeUpload(r.timeline, r.archiveBytes)])).toEqual([]);
    });
  }
});
