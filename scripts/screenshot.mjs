#!/usr/bin/env node
// PNG screenshots of step summaries, made by the browser test's own harness (GFM + Mermaid 11 in
// Debian's chromium, 1280 px wide, <details> closed):
//   npm run screenshot -- [--out DIR] [--rejudge] [--open] PROFILE.json...   (default: every recorded profile)
// --open takes the picture with every <details> open (the measures are always of the closed page);
// --clip Y0:Y1 only that band of the page; --article only the summary, without the page around it
// (the README's picture is made by --readme, below).
// Prints each file with the page's measures (headline and "What to do" bottoms, collapsed height).
//
// The README's picture: `npm run screenshot -- --readme` writes docs/summary-screenshot.png from
// README_PROFILE, re-judged, the summary only. README_PROFILE is a clean recording (no warning, no
// Problems line, nothing else changed the machine meanwhile; its headline and its box agree) of a
// restore long enough for `experiments: auto` to measure fixes; the README's caption names this file and
// states its scenario and figures (__tests__/readme-examples.test.ts holds both to it).
//
// Before and after a change (docs/before-after/, linked from the README):
//   npm run build && npm run screenshot -- --before-after REF [PROFILE.json...]
// renders each profile (default: BEFORE_AFTER_PROFILES) with `render` of two bundles, REF's committed
// dist/cli.js ("before", read with git show) and this tree's dist/cli.js ("after"), and writes
// before-NAME.png and after-NAME.png (the summary only, <details> closed) to --out (docs/before-after).
// Both re-judge the same profile file, so what differs is the code that judged and wrote it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const README_PROFILE = 'fixtures/experiments/lab-disk-iops-steps.json';
const README_PNG = 'docs/summary-screenshot.png';
const BEFORE_AFTER_PROFILES = ['fixtures/profiles/lab-two-disks.json', 'fixtures/profiles/lab-hosted-page-cache.json', 'fixtures/experiments/lab-cpu.json'];

const args = process.argv.slice(2);
let out;
let rejudge = false;
let open = false;
let clip;
let article = false;
let beforeRef;
let readme = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--rejudge') rejudge = true;
  else if (args[i] === '--open') open = true;
  else if (args[i] === '--article') article = true;
  else if (args[i] === '--before-after') {
    beforeRef = args[++i];
    if (!beforeRef || beforeRef.startsWith('--')) throw new Error('--before-after needs a git ref: the commit whose dist/ renders "before"');
  } else if (args[i] === '--readme') readme = true;
  else if (args[i] === '--clip') {
    const [y0, y1] = args[++i].split(':').map(Number);
    clip = { y: y0, height: y1 - y0 };
  } else files.push(args[i]);
}
if (beforeRef !== undefined) {
  out ??= 'docs/before-after';
  article = true;
  if (files.length === 0) files.push(...BEFORE_AFTER_PROFILES);
}
if (readme) {
  if (files.length || beforeRef !== undefined) throw new Error(`--readme takes no profile and no --before-after: it renders ${README_PROFILE}`);
  files.push(README_PROFILE);
  rejudge = true;
  article = true;
}
out ??= 'screenshots';
if (files.length === 0) {
  for (const dir of ['fixtures/profiles', 'fixtures/experiments'])
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort())
      files.push(join(dir, f));
}

// The harness and the renderer are TypeScript: bundle them once for this Node.
const bundle = 'node_modules/.cache/disk-profiler-screenshot.mjs';
await build({
  stdin: {
    contents: [
      "export { SummaryBrowser } from './__tests__/helpers/summary-browser.ts';",
      "export { renderProfile } from './src/report/render.ts';",
      "export { validateProfile } from './src/profile/validate.ts';",
    ].join('\n'),
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
});
const { SummaryBrowser, renderProfile, validateProfile } = await import(pathToFileURL(bundle).href);

const pngName = (f) => `${f.includes('experiments/') ? 'experiments-' : ''}${basename(f, '.json')}.png`;

/** The summary `disk-profiler render` prints with the bundle `cli` (it re-judges the profile). */
function renderWith(cli, profileFile) {
  return execFileSync(process.execPath, [cli, 'render', profileFile], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** REF's committed dist/cli.js, in a temp dir of its own (the bundle needs nothing beside it to render). */
function bundleAt(ref, dir) {
  const file = join(dir, 'cli.js');
  writeFileSync(file, execFileSync('git', ['show', `${ref}:dist/cli.js`], { maxBuffer: 256 * 1024 * 1024 }));
  return file;
}

function describe(png, m) {
  return `${png}: headline ${Math.round(m.headlineBottomPx)} px, what-to-do ${m.whatToDoBottomPx === null ? 'none' : `${Math.round(m.whatToDoBottomPx)} px`}, collapsed ${m.collapsedHeightPx} px, ${m.charts} charts${m.mermaidErrors.length ? `, MERMAID ERRORS: ${m.mermaidErrors.join('; ')}` : ''}`;
}

mkdirSync(out, { recursive: true });
const browser = await SummaryBrowser.launch();
const scratch = beforeRef === undefined ? undefined : mkdtempSync(join(tmpdir(), 'disk-profiler-before-after-'));
try {
  if (beforeRef !== undefined) {
    if (!existsSync('dist/cli.js')) throw new Error('dist/cli.js is missing: run `npm run build` first (it renders "after")');
    const before = bundleAt(beforeRef, scratch);
    const commit = execFileSync('git', ['rev-parse', '--short', beforeRef], { encoding: 'utf8' }).trim();
    console.log(`before: dist/cli.js of ${beforeRef} (${commit}); after: this tree's dist/cli.js`);
    for (const f of files) {
      for (const [side, cli] of [
        ['before', before],
        ['after', 'dist/cli.js'],
      ]) {
        const png = join(out, `${side}-${pngName(f)}`);
        const m = await browser.render(renderWith(cli, f), png, { open, clip, article });
        console.log(describe(png, m));
      }
    }
  } else {
    for (const f of files) {
      const profile = validateProfile(JSON.parse(readFileSync(f, 'utf8')));
      const { markdown } = renderProfile(profile, { rejudge });
      const png = readme ? README_PNG : join(out, pngName(f));
      console.log(describe(png, await browser.render(markdown, png, { open, clip, article })));
    }
  }
} finally {
  await browser.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
