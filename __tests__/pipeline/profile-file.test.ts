// A written profile keeps the schema's promise to its readers (fields only added within a major version):
// each what-if, device line, phase and evidence item still carries its sentence, said from the judge's facts by
// report/say at the edge where the profile is written, the same words this version's report shows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { writeProfile } from '../../src/pipeline/profile-file.js';
import type { Profile } from '../../src/profile/schema.js';
import { sayAttribution } from '../../src/report/say/attribution.js';
import { sayCeilingFacts, sayCeilingFrom } from '../../src/report/say/ceilings.js';
import { sayDevice } from '../../src/report/say/device.js';
import { sayEvidence } from '../../src/report/say/evidence.js';
import { sayPhase } from '../../src/report/say/phase.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { everyRecording } from '../helpers/recordings.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-profile-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the profile as written', () => {
  const recordings = everyRecording();
  it.each(recordings.map((r) => [r.name, r.profile] as const))(
    '%s: each what-if, device line, phase and evidence item carries its sentence, the attribution its lines, a cap its account',
    (name, recorded) => {
      const verdict = judgeInDetail(recorded).verdict;
      const file = path.join(dir, `${path.basename(name)}`);
      writeProfile(file, { ...recorded, verdict });
      const written = JSON.parse(readFileSync(file, 'utf8')) as Profile;
      const v = written.verdict;
      expect(v).not.toBeNull();
      for (const [i, w] of (v?.whatIf ?? []).entries()) {
        expect(w.sentence, `whatIf[${i}]`).toBe(sayWhatIf(verdict.whatIf[i]!));
        expect(w.sentence?.length, `whatIf[${i}]`).toBeGreaterThan(0);
        // The doubled ceiling's account, in words as an older reader's validator asks for them.
        const ceiling = verdict.whatIf[i]!.facts?.ceilingFacts;
        expect(w.facts?.ceilingFrom, `whatIf[${i}]`).toBe(ceiling ? sayCeilingFacts(ceiling) : null);
      }
      for (const [i, d] of (v?.devices ?? []).entries()) {
        expect(d.sentence, `devices[${i}]`).toBe(sayDevice(verdict.devices![i]!));
        const from = verdict.devices![i]!.facts?.top?.from;
        if (from) expect(d.facts?.top?.from?.said, `devices[${i}]`).toBe(sayCeilingFrom(from));
      }
      for (const [i, p] of (v?.phases ?? []).entries()) {
        const judged = verdict.phases[i]!;
        expect(p.sentence, `phases[${i}]`).toBe(sayPhase(judged));
        expect(p.sentence?.length, `phases[${i}]`).toBeGreaterThan(0);
        for (const [k, e] of p.evidence.entries()) expect(e.text, `phases[${i}].evidence[${k}]`).toBe(sayEvidence(judged.evidence[k]!, judged.phase));
      }
      expect(v?.attribution?.sentences).toEqual(sayAttribution(verdict.attribution));
    },
  );
});
