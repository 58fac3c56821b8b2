#!/usr/bin/env node
// PNG screenshots of step summaries, made by the browser test's own harness (GFM + Mermaid 11 in
// Debian's chromium, 1280 px wide, <details> closed):
//   npm run screenshot -- [--out DIR] [--rejudge] [--open] PROFILE.json...   (default: every recorded profile)
// --open takes the picture with every <details> open (the measures are always of the closed page);
// --clip Y0:Y1 only that band of the page; --article only the summary, without the page around it
// (docs/summary-screenshot.png: `npm run screenshot -- --rejudge --article --out docs fixtures/experiments/lab-disk-bandwidth.json`).
// Prints each file with the page's measures (headline and "What to do" bottoms, collapsed height).
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const args = process.argv.slice(2);
let out = 'screenshots';
let rejudge = false;
let open = false;
let clip;
let article = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--rejudge') rejudge = true;
  else if (args[i] === '--open') open = true;
  else if (args[i] === '--article') article = true;
  else if (args[i] === '--clip') {
    const [y0, y1] = args[++i].split(':').map(Number);
    clip = { y: y0, height: y1 - y0 };
  } else files.push(args[i]);
}
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
const { readFileSync } = await import('node:fs');

mkdirSync(out, { recursive: true });
const browser = await SummaryBrowser.launch();
try {
  for (const f of files) {
    const profile = validateProfile(JSON.parse(readFileSync(f, 'utf8')));
    const { markdown } = renderProfile(profile, { rejudge });
    const png = join(out, `${f.includes('experiments/') ? 'experiments-' : ''}${basename(f, '.json')}.png`);
    const m = await browser.render(markdown, png, { open, clip, article });
    console.log(
      `${png}: headline ${Math.round(m.headlineBottomPx)} px, what-to-do ${m.whatToDoBottomPx === null ? 'none' : `${Math.round(m.whatToDoBottomPx)} px`}, collapsed ${m.collapsedHeightPx} px, ${m.charts} charts${m.mermaidErrors.length ? `, MERMAID ERRORS: ${m.mermaidErrors.join('; ')}` : ''}`,
    );
  }
} finally {
  await browser.close();
}
