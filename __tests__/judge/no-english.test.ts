// Decide once, say once (issue 39, item 1): the judge returns typed facts, and report/say turns them
// into words. Over every recording, the parts of the judgement whose words have moved hold no
// sentence: no string field outside a fixed allowlist (names from the fixed tables, device names)
// has two words. The kinds not moved yet (the verdict's, download and save verdicts,
// attribution) are not walked here; each joins MOVED as it moves.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import type { Verdict } from '../../src/profile/schema.js';
import { everyRecording } from '../helpers/recordings.js';

/** The parts of a verdict whose sentences report/say says, by kind. */
const MOVED: Record<string, (v: Verdict) => unknown[]> = {
  'what-if': (v) => v.whatIf,
  device: (v) => v.devices ?? [],
  phase: (v) => v.phases.map(({ evidence: _, ...phase }) => phase),
  evidence: (v) => v.phases.flatMap((p) => p.evidence),
};

/**
 * String fields that may hold words, by path (array indices dropped), each with why:
 * - facts.ceilingFrom, facts.top.from.said: the ceilings' own account of a cgroup cap (judge/cgroup-io.ts,
 *   probe-caps.ts), a kind not moved yet: the ceilings' words;
 * - facts.primaryBecause: why a device is the restore's, as the sampler recorded it (src/sample), not the judge;
 * - device, paths: a device's name and the restore paths as the workflow wrote them;
 * - decision.disk.share.from.said, facts.share.from.said: a share of a ceiling a cgroup cap set, the ceilings' words as above;
 * - facts.probeSaid, facts.reason.capSaid: the ceilings' account of a probe that met an IOPS cap, of the cap that set one;
 * - facts.afterMergeDevice: the disks below a bio-based device, named ("vdb + vdc").
 */
const ALLOWED: ReadonlySet<string> = new Set([
  'facts.ceilingFrom',
  'facts.top.from.said',
  'facts.primaryBecause',
  'device',
  'paths',
  'decision.disk.share.from.said',
  'facts.share.from.said',
  'facts.probeSaid',
  'facts.reason.capSaid',
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

describe('the judge writes no English', () => {
  for (const { name, profile } of everyRecording()) {
    it(`${name}: the moved kinds hold typed facts only`, () => {
      const { verdict } = judgeInDetail(profile);
      const said = Object.entries(MOVED).flatMap(([kind, partsOf]) =>
        partsOf(verdict)
          .flatMap((part) => strings(part))
          .filter((s) => !ALLOWED.has(s.path) && SENTENCE.test(s.text))
          .map((s) => `${kind} ${s.path}: ${s.text}`),
      );
      expect(said).toEqual([]);
    });
  }
});
