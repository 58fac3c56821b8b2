// Decide once, say once (issue 39, item 1): the judge returns typed facts, and report/say turns them
// into words. Over every recording, the parts of the judgement whose words have moved hold no
// sentence: no string field outside a fixed allowlist (names from the fixed tables, device names)
// has two words. The kinds not moved yet (phases', evidence, download and save verdicts)
// are not walked here; each joins MOVED as it moves.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { checkExperiments } from '../../src/judge/experiments-check.js';
import { pageCacheLoop } from '../../src/judge/page-cache-probe.js';
import { probeNote } from '../../src/judge/probe-notes.js';
import { EXPERIMENT_NAMES, type Profile, type Verdict } from '../../src/profile/schema.js';
import { decideExperiments } from '../../src/judge/auto-rules.js';
import { everyRecording } from '../helpers/recordings.js';

/** The download phase's duration, as the report gives it to the experiments' check. */
const downloadMs = (p: Profile): number | null => {
  const d = p.phases.find((x) => x.name === 'download');
  return d ? d.endMs - d.startMs : null;
};

/** The parts of a judgement whose sentences report/say says, by kind (from the verdict, or the profile it judged). */
const MOVED: Record<string, (v: Verdict, profile: Profile) => unknown[]> = {
  'what-if': (v) => v.whatIf,
  device: (v) => v.devices ?? [],
  // The verdict's own fields; the kinds above and those not moved yet (phases, download, attribution) are walked on their own.
  verdict: ({ whatIf, devices, phases, download, attribution, ...own }) => [own],
  attribution: (v) => (v.attribution ? [v.attribution] : []),
  'experiments check': (v, p) => (p.experiments && p.experiments.outcomes.length > 0 ? [checkExperiments(v, p.phases, p.experiments, downloadMs(p))] : []),
  // experiments: auto's choice on this verdict, every experiment allowed (the pipeline says its reason).
  'auto experiments': (v) => [decideExperiments({ bottleneck: v.bottleneck, untilDurableMs: v.untilOnDiskMs ?? null, allowed: EXPERIMENT_NAMES })],
  'probe notes': (_, p) => (p.probes?.probes ?? []).flatMap((probe) => [probeNote(p, probe), pageCacheLoop(p, probe)]),
};

/**
 * String fields that may hold words, by path (array indices dropped), each with why:
 * - facts.primaryBecause: why a device is the restore's, as the sampler recorded it (src/sample), not the judge;
 * - device, paths: a device's name and the restore paths as the workflow wrote them;
 * - decision.carrierClause: the carrying phase's clause, the phases' words (a kind not moved yet), kept on
 *   the verdict's decision until the phases' decisions say it (report/say/verdict.ts clauseOf).
 */
const ALLOWED: ReadonlySet<string> = new Set(['facts.primaryBecause', 'device', 'paths', 'decision.carrierClause']);

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
        partsOf(verdict, profile)
          .flatMap((part) => strings(part))
          .filter((s) => !ALLOWED.has(s.path) && SENTENCE.test(s.text))
          .map((s) => `${kind} ${s.path}: ${s.text}`),
      );
      expect(said).toEqual([]);
    });
  }
});
