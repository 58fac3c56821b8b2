// The save's verdict said from the judge's facts (report/say/save.ts): on the recorded saves and their
// variants (transfer-cases.ts), the words are the judge's own before they moved (fixtures/say/old-words.json),
// and each rule says its key figures.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeSave } from '../../../src/judge/save-rules.js';
import type { SaveVerdict } from '../../../src/profile/schema.js';
import { saySave, saySavePhase } from '../../../src/report/say/save.js';
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
