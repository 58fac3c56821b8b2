// Every place that must know an alternative of the experiments (issue 39, item 2): its descriptor
// (src/experiment/descriptors.ts) holds what it changes, how long a run takes, when it can run, its
// fix and its words; the compiler names a missing descriptor (`satisfies Record<AlternativeName, …>`),
// and these tests name the rest: every field filled, the words and fix read from the descriptor, the
// judge's and action.yml's lists agreeing with it, no other table or switch keyed by the names in
// src/, and an unknown name failing loudly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALTERNATIVES, RESOURCES } from '../../src/profile/schema.js';
import { DESCRIPTORS, descriptorOf, RUN_ORDER, UnknownAlternativeError } from '../../src/experiment/descriptors.js';
import { applyLine, workflowFix } from '../../src/experiment/fix-step.js';
import { experimentOutputName, experimentOutputs } from '../../src/experiment/outputs.js';
import { RUN_SETUPS, runSetupOf } from '../../src/experiment/run-setups.js';
import { EXPERIMENTS_FOR } from '../../src/judge/auto-rules.js';
import { fixesSection } from '../../src/report/fixes-section.js';
import { judgeProfile } from '../../src/judge/judge.js';
import { validateProfile } from '../../src/profile/validate.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const fixContext = { paths: ['node_modules'], mountPoint: '/mnt', extractedBytes: 400 * 1024 ** 2, dirtyBudget: null, ramVia: 'own-tmpfs' as const };

describe('one descriptor per alternative', () => {
  it('every alternative of the schema has one, and no descriptor names something the schema does not', () => {
    expect(Object.keys(DESCRIPTORS).sort()).toEqual([...ALTERNATIVES].sort());
  });

  it('every descriptor fills every field', () => {
    for (const name of ALTERNATIVES) {
      const d = descriptorOf(name);
      expect(Number.isInteger(d.runOrder), name).toBe(true);
      expect(
        d.relieves.every((r) => (RESOURCES as readonly string[]).includes(r)),
        name,
      ).toBe(true);
      expect(['until-on-disk', 'step'], name).toContain(d.compares);
      expect(typeof d.isFix, name).toBe('boolean');
      expect(typeof d.mountsRestorePaths, name).toBe('boolean');
      expect(d.estimateRunMs({ downloadMs: 1000, extractMs: 2000, writebackMs: 500 }), name).toBeGreaterThan(0);
      expect(d.words.label, name).not.toBe('');
      expect(d.words.title, name).not.toBe('');
      // A fix has a step to paste and says what it changes; what is not a fix has neither.
      const fix = d.fix(fixContext);
      expect(fix.kind, name).toBe(d.isFix ? 'step' : 'none');
      expect(d.words.changes === '', name).toBe(!d.isFix);
      expect(fix.note, name).toBeTruthy();
    }
  });

  it('every alternative has a run setup, and only decompress writes nothing', () => {
    expect(Object.keys(RUN_SETUPS).sort()).toEqual([...ALTERNATIVES].sort());
    // Writing nothing, it can be no fix: a step to paste changes where files are written.
    for (const name of ALTERNATIVES) if (!RUN_SETUPS[name].extracts) expect(DESCRIPTORS[name].isFix, name).toBe(false);
  });

  it('the run order is the descriptors', () => {
    expect(new Set(ALTERNATIVES.map((a) => DESCRIPTORS[a].runOrder)).size).toBe(ALTERNATIVES.length);
    expect(RUN_ORDER[0]).toBe('baseline');
    expect([...RUN_ORDER].sort()).toEqual([...ALTERNATIVES].sort());
    for (let i = 1; i < RUN_ORDER.length; i++)
      expect(DESCRIPTORS[RUN_ORDER[i - 1] as keyof typeof DESCRIPTORS].runOrder).toBeLessThan(DESCRIPTORS[RUN_ORDER[i] as keyof typeof DESCRIPTORS].runOrder);
  });
});

describe('the places that read a descriptor', () => {
  it('the fix step and its one line are the descriptor’s', () => {
    for (const name of ALTERNATIVES) {
      const fix = workflowFix(name, fixContext);
      expect(fix).toEqual(DESCRIPTORS[name].fix(fixContext));
      if (fix.kind === 'step') expect(applyLine(name, fix).startsWith(`${DESCRIPTORS[name].words.changes}, in a step before the restore step`)).toBe(true);
    }
  });

  it('the measured-fixes table names each alternative that ran by its descriptor’s label', () => {
    // A real recording with experiments (the lab's disk-bandwidth scenario).
    const profile = validateProfile(JSON.parse(readFileSync(path.join(REPO, 'fixtures/experiments/lab-disk-bandwidth.json'), 'utf8')));
    const section = fixesSection(profile, judgeProfile(profile));
    const ran = new Set(profile.experiments?.outcomes.map((o) => o.alternative));
    expect(ran.size).toBeGreaterThan(1);
    for (const name of ran) if (name !== 'other-disk') expect(section, name).toContain(`| ${DESCRIPTORS[name].words.label} |`);
  });

  it('the judge’s experiments per resource (judge/auto-rules.ts) are the descriptors’ relieves', () => {
    for (const resource of RESOURCES) {
      const fromDescriptors = ALTERNATIVES.filter((a) => a !== 'baseline' && (DESCRIPTORS[a].relieves as readonly string[]).includes(resource));
      expect([...EXPERIMENTS_FOR[resource]].sort(), resource).toEqual([...fromDescriptors].sort());
    }
  });

  it('action.yml declares each alternative’s output, and the outputs give one per alternative', () => {
    const actionYml = readFileSync(path.join(REPO, 'action.yml'), 'utf8');
    const outputs = experimentOutputs(undefined);
    for (const name of ALTERNATIVES) {
      expect(actionYml, name).toMatch(new RegExp(`^  ${experimentOutputName(name)}:`, 'm'));
      expect(outputs, name).toHaveProperty(experimentOutputName(name));
    }
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('no other list of the alternatives in src/', () => {
  const quoted = ALTERNATIVES.map((a) => a.replace(/-/g, '\\-')).join('|');
  // A switch's case, or an object keyed by the names (a table of them), outside the descriptor table.
  const table = new RegExp(`^\\s*(case\\s+'(${quoted})'\\s*:|'?(${quoted})'?\\s*:\\s*['\`\\[{]|'?(${quoted})'?\\s*:\\s*\\w+(Rule|Step)\\b)`, 'm');
  // Three or more names in one array: a list of them.
  const list = new RegExp(`\\[\\s*'(${quoted})'\\s*(,\\s*'(${quoted})'\\s*){2,}\\]`);

  it('finds a table or a list where one is written (the patterns are not vacuous)', () => {
    expect("  switch (a) {\n    case 'ram':\n").toMatch(table);
    expect("const NAMES = {\n  'page-cache': 'page-cache: raised',\n}").toMatch(table);
    expect("const FIXES = ['ram', 'other-disk', 'page-cache'];").toMatch(list);
  });

  it('only the descriptors and the schema’s ALTERNATIVES spell them as a table, a switch or a list', () => {
    // The descriptors, how each runs (its side effects kept out of the pure table) and the schema's list.
    // The judge's EXPERIMENTS_FOR too: the judge sits below the experiments in the folder order, so it cannot
    // read the descriptors; the test above keeps it in step with their `relieves`.
    const allowed = new Set(['src/experiment/descriptors.ts', 'src/experiment/run-setups.ts', 'src/profile/schema.ts', 'src/judge/auto-rules.ts']);
    const found: string[] = [];
    for (const file of sourceFiles(path.join(REPO, 'src'))) {
      const rel = path.relative(REPO, file);
      if (allowed.has(rel)) continue;
      const text = readFileSync(file, 'utf8');
      if (table.test(text) || list.test(text)) found.push(rel);
    }
    expect(found).toEqual([]);
  });
});

describe('an unknown name fails loudly', () => {
  it('descriptorOf names the value and the allowed ones', () => {
    expect(() => descriptorOf('tmpfs')).toThrow(UnknownAlternativeError);
    expect(() => descriptorOf('tmpfs')).toThrow(/"tmpfs".*Allowed: baseline, ram, decompress, other-disk, page-cache/);
    // Not a name from the object's prototype either.
    expect(() => descriptorOf('toString')).toThrow(UnknownAlternativeError);
    expect(() => runSetupOf('tmpfs')).toThrow(UnknownAlternativeError);
  });
});
