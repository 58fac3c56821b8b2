// The README as a new user copies from it (issue 39 item 5): short enough to read, its `uses:` placeholder
// named, every workflow example (README and docs/) written with action.yml's real inputs and outputs, the
// compare example safe on a matrix of architectures, the costs it states the defaults action.yml has, and
// its screenshot a clean recording whose caption names the file scripts/screenshot.mjs renders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIO_INSTALL_BOUND_MS } from '../src/probe/find-fio.js';
import { validateProfile } from '../src/profile/validate.js';
import { renderProfile } from '../src/report/render.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The README and every page of docs/ (where the README sends the rest), each a place an example can be. */
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A top-level mapping of action.yml (`inputs:`, `outputs:`): each key with its `default:`, if any. */
function actionMapping(section: 'inputs' | 'outputs'): Map<string, string | undefined> {
  const lines = read('action.yml').split('\n');
  const start = lines.indexOf(`${section}:`);
  expect(start, `action.yml has no ${section}:`).toBeGreaterThanOrEqual(0);
  const keys = new Map<string, string | undefined>();
  let current: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const key = /^ {2}([A-Za-z][\w-]*):\s*$/.exec(line)?.[1];
    if (key) {
      current = key;
      keys.set(key, undefined);
      continue;
    }
    const value = /^ {4}default: '(.*)'\s*$/.exec(line)?.[1];
    if (current && value !== undefined) keys.set(current, value.replace(/''/g, "'"));
  }
  return keys;
}

const INPUTS = actionMapping('inputs');
const OUTPUTS = actionMapping('outputs');

/** The fenced YAML blocks of a markdown page, dedented (a block may sit inside a list item). */
function yamlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^([ \t]*)```ya?ml[ \t]*\n([\s\S]*?)^\1```/gm)].map((m) => {
    const indent = (m[1] as string).length;
    return (m[2] as string)
      .split('\n')
      .map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)))
      .join('\n');
  });
}

interface ProfilerStep {
  /** `owner/name@ref` as written. */
  uses: string;
  id: string | undefined;
  /** The keys under `with:`, in order. */
  withKeys: string[];
  /** The whole `with:` mapping's lines, as written (for the values). */
  withText: string;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;
const isBlankOrComment = (line: string): boolean => /^\s*(#.*)?$/.test(line);

/** Every step of a YAML text that uses this action, found by its `uses:` line. */
function profilerSteps(yaml: string): ProfilerStep[] {
  const lines = yaml.split('\n');
  const steps: ProfilerStep[] = [];
  lines.forEach((line, at) => {
    const uses = /^(\s*)(- )?uses:\s*([\w.-]+\/disk-profiler@[\w.-]+)/.exec(line);
    if (!uses) return;
    const keyColumn = (uses[1] as string).length + (uses[2] ? 2 : 0);
    // The step's own lines: back to its `- ` (unless this line is it), on while they are indented at least as far.
    let first = at;
    if (!uses[2]) while (first > 0 && !(indentOf(lines[first] as string) === keyColumn - 2 && (lines[first] as string).trimStart().startsWith('- '))) first--;
    let last = at + 1;
    while (last < lines.length && (isBlankOrComment(lines[last] as string) || indentOf(lines[last] as string) >= keyColumn)) last++;
    const own = lines.slice(first, last).map((l, i) => (i === 0 && first !== at ? `${' '.repeat(keyColumn)}${l.trimStart().slice(2)}` : l));
    const id = own.map((l) => new RegExp(`^ {${keyColumn}}id:\\s*([\\w-]+)`).exec(l)?.[1]).find(Boolean);
    const withAt = own.findIndex((l) => new RegExp(`^ {${keyColumn}}with:\\s*$`).test(l));
    const withLines: string[] = [];
    if (withAt >= 0)
      for (const l of own.slice(withAt + 1))
        if (isBlankOrComment(l) || indentOf(l) > keyColumn) withLines.push(l);
        else break;
    const keyIndent = Math.min(...withLines.filter((l) => !isBlankOrComment(l)).map(indentOf));
    const withKeys = withLines
      .filter((l) => !isBlankOrComment(l) && indentOf(l) === keyIndent)
      .map((l) => /^\s*([\w-]+):/.exec(l)?.[1] ?? `(not a key: ${l.trim()})`);
    steps.push({ uses: uses[3] as string, id, withKeys, withText: withLines.join('\n') });
  });
  return steps;
}

/** The jobs of a workflow YAML text, by name: each job's own lines. */
function jobs(yaml: string): Map<string, string> {
  const lines = yaml.split('\n');
  const start = lines.findIndex((l) => /^jobs:\s*$/.test(l));
  const out = new Map<string, string>();
  if (start < 0) return out;
  let name: string | undefined;
  let body: string[] = [];
  for (const line of [...lines.slice(start + 1), 'end:']) {
    const job = /^ {2}([\w-]+):\s*$/.exec(line)?.[1];
    if (job || /^\S/.test(line)) {
      if (name) out.set(name, body.join('\n'));
      name = job;
      body = [];
      if (!job) break;
    } else body.push(line);
  }
  return out;
}

/** A README section's text, from its `## ` heading to the next. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `the README has no "## ${heading}"`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

const EXAMPLES = PAGES.flatMap((page) => yamlBlocks(read(page)).map((yaml, n) => ({ page, n: n + 1, yaml })));

describe('the README is short', () => {
  it('is at most 250 lines (the rest is in docs/)', () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
  });
});

describe("the README's inputs table", () => {
  it("gives action.yml's default of every input that has one", () => {
    const inputs = section(read('README.md'), 'Inputs');
    const wrong: string[] = [];
    for (const row of inputs.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \| ([^|]*) \|/gm)) {
      for (const name of [...(row[1] as string).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string)) {
        const fallback = INPUTS.get(name);
        if (fallback && !(row[2] as string).includes(`\`${fallback}\``))
          wrong.push(`${name}: action.yml says ${fallback}, the README ${(row[2] as string).trim()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the `uses:` snippet's placeholder", () => {
  const readme = read('README.md');
  const used = [...new Set(PAGES.flatMap((page) => [...read(page).matchAll(/uses:\s*([\w.-]+\/disk-profiler@[\w.-]+)/g)].map((m) => m[1] as string)))];

  it('is one name everywhere', () => {
    expect(used).toHaveLength(1);
  });

  it('is said to be a placeholder, with what to write instead, before the summary is shown', () => {
    const beforeSummary = readme.slice(0, readme.indexOf('\n## What the summary looks like'));
    const sentence = beforeSummary.split(/\n\s*\n/).find((p) => p.includes(`\`${used[0]}\``) && /placeholder/i.test(p));
    expect(sentence, `no paragraph calls \`${used[0]}\` a placeholder`).toBeDefined();
    expect(sentence).toMatch(/OWNER\/REPO|owner\/repository|your fork|where .* published/i);
  });
});

describe.each(EXAMPLES.filter((e) => profilerSteps(e.yaml).length > 0))('$page, YAML example $n', ({ yaml }) => {
  const steps = profilerSteps(yaml);

  it("passes only action.yml's inputs", () => {
    const unknown = steps.flatMap((s) => s.withKeys.filter((k) => !INPUTS.has(k)));
    expect(unknown).toEqual([]);
  });

  it("reads only action.yml's outputs of its profiler steps", () => {
    const ids = new Set(steps.map((s) => s.id).filter(Boolean));
    const read = [...yaml.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)].filter((m) => ids.has(m[1] as string)).map((m) => m[2] as string);
    expect(read.filter((o) => !OUTPUTS.has(o))).toEqual([]);
  });
});

describe('a workflow example over runner types (compare mode)', () => {
  const matrices = EXAMPLES.filter((e) => /mode:\s*compare/.test(e.yaml));

  it('exists', () => {
    expect(matrices.length).toBeGreaterThan(0);
  });

  it.each(matrices)('$page, YAML example $n: its cache keys tell the OS and the architecture apart', ({ yaml }) => {
    for (const step of profilerSteps(yaml).filter((s) => s.withKeys.includes('key'))) {
      for (const input of ['key', 'restore-keys']) {
        const value = new RegExp(`^\\s*${input}:\\s*(.*(?:\\n\\s{6,}.*)*)`, 'm').exec(step.withText)?.[1] ?? '';
        expect(value, `${input} of ${step.uses}`).toContain('${{ runner.os }}');
        expect(value, `${input} of ${step.uses}`).toContain('${{ runner.arch }}');
      }
    }
  });

  it.each(matrices)('$page, YAML example $n: the compare job runs after every leg, also when one failed', ({ yaml }) => {
    const all = jobs(yaml);
    const compare = [...all.entries()].filter(([, body]) => /mode:\s*compare/.test(body));
    expect(compare).toHaveLength(1);
    const [, body] = compare[0] as [string, string];
    const profiling = [...all.entries()].filter(([, b]) => /upload-artifact:\s*true/.test(b)).map(([name]) => name);
    expect(profiling.length).toBeGreaterThan(0);
    for (const name of profiling) expect(body).toMatch(new RegExp(`^ {4}needs:\\s*(\\[[^\\]]*\\b${name}\\b[^\\]]*\\]|${name})\\s*(#.*)?$`, 'm'));
    expect(body).toMatch(/^ {4}if:\s*(\$\{\{\s*)?always\(\)(\s*\}\})?\s*(#.*)?$/m);
  });
});

describe('what a run costs, as the README states it', () => {
  const costs = (): string => section(read('README.md'), 'What a run costs');

  it.each([['probe-budget-seconds'], ['experiments-budget-seconds'], ['writeback-timeout-seconds']])("names %s with action.yml's default", (input) => {
    expect(costs()).toContain(`\`${input}\``);
    expect(costs()).toContain(`${INPUTS.get(input)} s`);
  });

  it("names fio's install bound", () => {
    expect(costs()).toContain(`${FIO_INSTALL_BOUND_MS / 1000} s`);
  });

  it('cites BENCHMARKS.md for the first and the repeat run', () => {
    expect(costs()).toContain('BENCHMARKS.md#fio-vs-60-s-reference');
    expect(costs()).toContain('BENCHMARKS.md#measured-fixes');
    expect(costs()).toContain('BENCHMARKS.md#repeat-run-as-a-runner-runs-it-issue-40');
  });
});

describe("the README's screenshot", () => {
  const script = read('scripts/screenshot.mjs');
  const rendered = /const README_PROFILE = '([^']+)'/.exec(script)?.[1] as string;
  const png = /const README_PNG = '([^']+)'/.exec(script)?.[1] as string;
  const readme = read('README.md');
  const image = new RegExp(`!\\[([^\\]]+)\\]\\(${png.replace(/[.]/g, '\\.')}\\)`).exec(readme);
  const profile = validateProfile(JSON.parse(read(rendered)));
  const { markdown } = renderProfile(profile, { rejudge: true });

  it('is in the README, its caption naming the recording scripts/screenshot.mjs renders', () => {
    expect(rendered).toBeTruthy();
    expect(image, `no ![…](${png}) in the README`).not.toBeNull();
    expect(image?.[1]).toContain(rendered);
  });

  it('is of a clean recording: no warning recorded, no Problems box, a measured fix the box and headline agree on', () => {
    expect(profile.warnings).toEqual([]);
    expect(markdown).not.toMatch(/Problems met/);
    const headline = /^### (.+)$/m.exec(markdown)?.[1] ?? '';
    const box = /\*\*What to do:\*\*([^\n]+)/.exec(markdown)?.[1] ?? '';
    expect(headline).toMatch(/measured/);
    expect(box).toMatch(/measured/);
    expect(headline).not.toMatch(/do not confirm|contradict|yet/);
    const saved = /saved (\d+)%/.exec(headline)?.[1];
    expect(saved, `the headline names no measured saving: ${headline}`).toBeDefined();
    expect(box).toContain(`(${saved}%)`);
  });

  it("states the recording's own scenario and figures", () => {
    const caption = image?.[1] ?? '';
    const scenario = (profile as { provenance?: { scenario?: string } }).provenance?.scenario;
    expect(scenario).toBeTruthy();
    expect(caption).toContain(`${scenario}`);
    // Every quantity the caption states (seconds, shares, sizes) is one the recording's summary states.
    const quantities = [...caption.matchAll(/(\d[\d.]*)( s|%| MiB)(?![\w/])/g)].map((m) => `${m[1]}${m[2]}`);
    expect(quantities.length).toBeGreaterThanOrEqual(3);
    expect(quantities.filter((q) => !markdown.includes(q))).toEqual([]);
  });
});
