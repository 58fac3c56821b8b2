import { describe, expect, it } from 'vitest';
import { judgeRun } from '../../src/compare/judged-run.js';
import { ATTR } from '../../src/export/names.js';
import { summaryAttributes } from '../../src/export/trace-plan.js';
import { judgeInDetail } from '../../src/judge/judge.js';
import { PHASE_LABEL, PHASE_NOUN } from '../../src/report/say/nouns.js';
import { NOTHING_JUDGED_RULES, RESTORE_RULES } from '../../src/profile/restore-rules.js';
import { PHASES, PROFILE_SCHEMA_VERSION, RESOURCES, type Profile } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';
import { headline, headlineInputOf } from '../../src/report/headline.js';
import { renderProfile } from '../../src/report/render.js';
import { profileOutputs } from '../../src/report/outputs.js';
import { percent } from '../../src/util/format.js';
import { everyRecording } from '../helpers/recordings.js';

const recorded = everyRecording();

/** Every string anywhere in a value. */
function strings(x: unknown): string[] {
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap(strings);
  if (x !== null && typeof x === 'object') return Object.values(x).flatMap(strings);
  return [];
}

describe('the restore decision: names and figures, no words', () => {
  for (const { name, profile } of recorded)
    it(name, () => {
      const j = judgeInDetail(profile);
      const d = j.verdict.decision;
      expect(d).toEqual(j.decision);
      const names = new Set<string>([...RESTORE_RULES, ...PHASES, ...RESOURCES, ...profile.devices.map((x) => x.name)]);
      expect(strings(d).filter((s) => !names.has(s))).toEqual([]);
      const nothing = NOTHING_JUDGED_RULES.some((r) => r === j.decision.rule);
      expect(j.decision.carriers.length === 0).toBe(nothing);
      expect(j.decision.whatIf !== null).toBe(j.decision.rule === 'best-what-if');
      if (j.decision.whatIf !== null) expect(j.decision.whatIf).toBe(j.verdict.bottleneck);
      for (const c of j.decision.carriers) expect(j.verdict.phases.find((p) => p.phase === c.phase)).toBeDefined();
      // Stored in the profile as this version writes it (schema 2), and read back as `disk-profiler render` reads it.
      const stored = validateProfile(JSON.parse(JSON.stringify({ ...profile, schemaVersion: PROFILE_SCHEMA_VERSION, verdict: j.verdict })));
      expect(stored.verdict?.decision).toEqual(j.decision);
      expect(stored.verdict?.whatIf.map((w) => w.half ?? null)).toEqual(j.verdict.whatIf.map((w) => w.half ?? null));
    });
});

describe('headline, compare, outputs and telemetry name what the decision holds', () => {
  for (const { name, profile } of recorded)
    it(name, () => {
      const j = judgeInDetail(profile);
      const v = j.verdict;
      const judged: Profile = { ...profile, verdict: v };
      const carriers = j.decision.carriers.map((c) => c.phase);
      const run = judgeRun({ source: name, profile: judged });
      expect(run.bottleneck).toBe(v.bottleneck);
      expect(run.phases).toEqual(carriers);
      expect(profileOutputs(judged, v).bottleneck).toBe(v.bottleneck);
      const attributes = summaryAttributes(judged);
      expect(attributes[ATTR.verdictBottleneck]).toBe(v.bottleneck);
      if (v.phase) expect(attributes[ATTR.verdictPhase]).toBe(v.phase);
      const head = headline(headlineInputOf(judged, v, null));
      if (head.basis === 'verdict' && v.leads !== 'download-stall' && carriers.length > 0) {
        for (const c of carriers) expect(head.text).toContain(PHASE_NOUN[c]);
        expect(head.text).toContain(`took ${percent(j.decision.carriers.reduce((s, c) => s + c.share, 0))} of the`);
      }
      // The summary's chart marks the phases the verdict is about: the decision's, no other.
      const markdown = renderProfile(judged).markdown;
      for (const m of markdown.matchAll(/the verdict is about the ([a-z, ]+?)\./g))
        expect(m[1]?.split(/, | and /).sort()).toEqual(carriers.map((c) => PHASE_LABEL[c]).sort());
    });
});
