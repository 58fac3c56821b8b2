// Renders a step summary (Markdown with Mermaid) roughly as GitHub shows it, in headless Chromium, to a PNG.
// A manual check, not part of CI: `node scripts/preview-summary.mjs SUMMARY.md OUT.png`.
// Needs Debian's chromium (`apt-get install chromium`); installs marked + mermaid on first use into .tmp/preview.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const [input, output = 'summary.png'] = process.argv.slice(2);
if (!input) {
  console.error('usage: node scripts/preview-summary.mjs SUMMARY.md [OUT.png]');
  process.exit(2);
}
const prefix = path.resolve('.tmp/preview');
if (!existsSync(path.join(prefix, 'node_modules/mermaid'))) {
  mkdirSync(prefix, { recursive: true });
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, 'marked@15', 'mermaid@11'], { stdio: 'inherit' });
}
const { marked } = await import(pathToFileURL(path.join(prefix, 'node_modules/marked/lib/marked.esm.js')).href);
const markdown = readFileSync(input, 'utf8');
const renderer = new marked.Renderer();
const plainCode = renderer.code.bind(renderer);
renderer.code = (token) => (token.lang === 'mermaid' ? `<pre class="mermaid">${token.text.replace(/</g, '&lt;')}</pre>` : plainCode(token));
const body = marked.parse(markdown, { renderer, gfm: true });
const mermaidUrl = pathToFileURL(path.join(prefix, 'node_modules/mermaid/dist/mermaid.min.js')).href;
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;font-size:14px;max-width:1000px;margin:24px auto;color:#1f2328}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:4px 10px}tr:nth-child(2n){background:#f6f8fa}
code{background:#eff1f3;padding:1px 4px;border-radius:4px}details{margin:8px 0}summary{cursor:pointer;font-weight:600}
</style><script src="${mermaidUrl}"></script></head><body>${body}
<script>mermaid.initialize({startOnLoad:true,theme:'default'});document.querySelectorAll('details').forEach(d=>d.open=false);</script></body></html>`;
const htmlPath = path.resolve('.tmp/preview/summary.html');
writeFileSync(htmlPath, html);
execFileSync(
  'chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--allow-file-access-from-files',
    `--user-data-dir=${path.resolve('.tmp/preview/profile')}`,
    '--virtual-time-budget=10000',
    '--window-size=1100,3200',
    `--screenshot=${path.resolve(output)}`,
    pathToFileURL(htmlPath).href,
  ],
  { stdio: 'inherit' },
);
console.log(`wrote ${output}`);
