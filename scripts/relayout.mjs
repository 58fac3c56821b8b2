#!/usr/bin/env node
// The house of issue 32, item 1: the action stays in src/, the tools around it (the local services, the
// runner emulation, the lab, the benches, the CLI) move to tools/, and what both need moves down into
// src/system/. Tests follow their code: __tests__/<folder> for the action, __tests__/tools/<folder> for
// the tools (vitest's __tests__/**/*.test.ts and tsconfig's "__tests__" already cover both).
//
// Why a script: other branches keep editing these files, so the move is made last, on the merged tree.
// It moves files (git mv, so history follows), then rewrites every relative path that crossed a move:
// import specifiers and file-relative literals (new URL('../../fixtures/…', import.meta.url)) in code,
// repo-root paths (src/lab/…, __tests__/lab/…) wherever a reader or a tool meets them (comments,
// build entry points, documents, workflows), and adds tools/ where a config lists src/.
// Deterministic and re-runnable: files are moved one by one, so a file added under a moved folder
// since is carried along, and a second run finds nothing left to move. It fails loudly when a mapped
// source is missing (neither moved nor movable), when two files would land on one path, and when a
// relative import no longer resolves afterwards.
//
// Usage: node scripts/relayout.mjs [--dry-run] [--verbose]   (from the repository root; then
// npx tsc --noEmit && npm run build && npx vitest run __tests__/folder-order.test.ts)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * [from, to], repository-relative. A folder moves whole, a file alone. The longest matching `from`
 * wins, so a file listed under a folder that moves goes where it is listed, not with its folder.
 * `optional` entries may have nothing to move (a folder another branch may or may not add).
 */
const MOVES = [
  // What the action and the lab both need, down into the action's low-level folder.
  { from: 'src/lab/sys.ts', to: 'src/system/sys.ts' },
  { from: 'src/lab/cleanup.ts', to: 'src/system/cleanup.ts' },
  { from: 'src/lab/dirty-limits.ts', to: 'src/system/dirty-limits.ts' },
  { from: '__tests__/lab/cleanup.test.ts', to: '__tests__/system/cleanup.test.ts' },
  { from: '__tests__/lab/dirty-limits.test.ts', to: '__tests__/system/dirty-limits.test.ts' },
  // The tools.
  { from: 'src/services', to: 'tools/services' },
  { from: 'src/runner', to: 'tools/runner' },
  { from: 'src/lab', to: 'tools/lab' },
  { from: 'src/bench', to: 'tools/bench' },
  { from: 'src/cli', to: 'tools/cli' },
  { from: '__tests__/services', to: '__tests__/tools/services' },
  { from: '__tests__/runner', to: '__tests__/tools/runner' },
  { from: '__tests__/lab', to: '__tests__/tools/lab' },
  { from: '__tests__/bench', to: '__tests__/tools/bench' },
  { from: '__tests__/cli', to: '__tests__/tools/cli', optional: true },
  // Moved already on branch h-house2 (the folder cycles of issue 32): listed so a branch written before
  // those commits, merged after them, has its imports of the old paths rewritten too.
  { from: 'src/experiment/input.ts', to: 'src/config/experiments-input.ts', optional: true },
  { from: 'src/restore/keys.ts', to: 'src/config/keys.ts', optional: true },
  { from: 'src/restore/restore-roots.ts', to: 'src/config/restore-roots.ts', optional: true },
  { from: '__tests__/experiment/input.test.ts', to: '__tests__/config/experiments-input.test.ts', optional: true },
];

/** The folders whose code may hold relative paths; and what is never rewritten (built output, recorded data, history). */
const NEVER_REWRITE = [
  /^dist\//,
  /^node_modules\//,
  /^package-lock\.json$/,
  /^CHANGELOG\.md$/,
  /^docs\/benchmarks-history\//,
  /^fixtures\/.*\.json$/,
  /\/__snapshots__\//,
  /^scripts\/relayout\.mjs$/,
];
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|ya?ml|md|sh)$|^\.ci\/[^/]+$/;
/** The folder-order test's allowances that this move settles (the lines end in this marker). */
const FOLDER_ORDER_TEST = '__tests__/folder-order.test.ts';
const SETTLED_MARKER = /^.*\/\/ relayout\b.*\n/gm;

const dryRun = process.argv.includes('--dry-run');
const verbose = process.argv.includes('--verbose');
const REPO = process.cwd();
if (!existsSync(path.join(REPO, '.git')) || !existsSync(path.join(REPO, 'package.json'))) fail('run from the repository root');

function fail(message) {
  console.error(`relayout: ${message}`);
  process.exit(1);
}

const git = (...args) => execFileSync('git', args, { cwd: REPO, encoding: 'utf8' });
const listed = (...args) =>
  git('ls-files', '-z', ...args)
    .split('\0')
    .filter(Boolean);

// ---- the paths, old and new ---------------------------------------------------------------------

const entries = [...MOVES].sort((a, b) => b.from.length - a.from.length);
const stem = (p) => p.replace(/\.(ts|js)$/, '');
const isFileEntry = (e) => /\.ts$/.test(e.from);

/** Where a repository-relative path (file, folder, or a specifier's target with .js for .ts) goes. */
function mapPath(p) {
  for (const e of entries) {
    if (isFileEntry(e)) {
      if (stem(p) === stem(e.from)) return stem(e.to) + p.slice(stem(p).length);
    } else if (p === e.from || p.startsWith(`${e.from}/`)) {
      return e.to + p.slice(e.from.length);
    }
  }
  return p;
}

const tracked = new Set(listed('--cached'));
const files = [...new Set([...tracked, ...listed('--others', '--exclude-standard')])].filter((f) => existsSync(path.join(REPO, f))).sort();
const moves = files.map((f) => [f, mapPath(f)]).filter(([f, t]) => f !== t);

for (const e of MOVES) {
  const moving = moves.some(([f]) => f === e.from || f.startsWith(`${e.from}/`));
  if (!moving && !e.optional && !existsSync(path.join(REPO, e.to))) {
    fail(`${e.from} is missing and ${e.to} does not exist either: update MOVES in scripts/relayout.mjs to the tree`);
  }
}
const finalFiles = new Set(files.map(mapPath));
if (finalFiles.size !== files.length) {
  const seen = new Map();
  for (const f of files) {
    const t = mapPath(f);
    if (seen.has(t)) fail(`${seen.get(t)} and ${f} would both become ${t}`);
    seen.set(t, f);
  }
}
for (const [f, t] of moves) if (existsSync(path.join(REPO, t))) fail(`${f} would overwrite ${t}, which exists`);

const finalDirs = new Set();
for (const f of finalFiles) for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) finalDirs.add(d);

/** The repository-relative path a relative reference names once the move is made, or null when it names nothing there. */
function willExist(p) {
  const candidates = [p, p.replace(/\.js$/, '.ts'), `${p}.ts`, `${p}/index.ts`, p.replace(/\/$/, '')];
  return candidates.some((c) => c === '' || finalFiles.has(c) || finalDirs.has(c));
}

// ---- the rewrites -------------------------------------------------------------------------------

const toPosix = (p) => p.split(path.sep).join('/');
const rel = (abs) => toPosix(path.relative(REPO, abs));

/** A relative literal in `file` (old path), rewritten for the file's new place and its target's; unchanged when it names nothing here. */
function rewriteRelative(file, spec) {
  const target = rel(path.resolve(REPO, path.posix.dirname(file), spec));
  if (target.startsWith('..')) return spec;
  const moved = mapPath(target);
  if (!willExist(moved)) return spec;
  let out = path.posix.relative(path.posix.dirname(mapPath(file)), moved) || '.';
  if (!out.startsWith('.')) out = `./${out}`;
  if (spec.endsWith('/') && !out.endsWith('/')) out += '/';
  return out;
}

/** Repository-root paths (src/…, __tests__/…) not inside a longer path: the ones a reader or a config names. */
const ROOT_PATH = /(?<![\w@.$/-])((?:src|__tests__)\/[\w.\-/]*[\w/])/g;
/** Folder-relative names of the files that change folder (lab/sys.ts → system/sys.ts), as comments write them. */
const fileRenames = MOVES.filter((e) => isFileEntry(e) && e.from.startsWith('src/')).map((e) => ({
  re: new RegExp(`(?<![\\w@.$/-])${e.from.slice(4).replace(/[.]/g, '\\.')}\\b`, 'g'),
  to: e.to.slice(4),
}));
/** String and template literals that start as a relative path (the part before any ${…}). */
const RELATIVE_LITERAL = /(['"`])(\.\.?\/[^'"`\n$]*)(?=\$\{|\1)/g;

const log = [];
const rewritten = new Map();
for (const file of files) {
  if (!TEXT.test(file) || NEVER_REWRITE.some((re) => re.test(file))) continue;
  const before = readFileSync(path.join(REPO, file), 'utf8');
  let text = before;
  if (CODE.test(file)) {
    text = text.replace(RELATIVE_LITERAL, (_whole, quote, spec) => {
      const next = rewriteRelative(file, spec);
      if (next !== spec && verbose) log.push(`  ${file}: ${spec} → ${next}`);
      return quote + next;
    });
  }
  text = text.replace(ROOT_PATH, (whole) => {
    const moved = mapPath(whole.replace(/\/$/, '')) + (whole.endsWith('/') ? '/' : '');
    if (moved === whole || !willExist(moved.replace(/\/$/, ''))) return whole;
    if (verbose) log.push(`  ${file}: ${whole} → ${moved}`);
    return moved;
  });
  for (const r of fileRenames) text = text.replace(r.re, r.to);
  if (file === FOLDER_ORDER_TEST) text = text.replace(SETTLED_MARKER, '').replace(/= \[\n\];/, '= [];');
  if (text !== before) rewritten.set(file, text);
}

// tools/ beside src/ wherever a config lists the code folders (a textual edit, so the file keeps its layout).
function addBeside(file, key, src, tools) {
  const current = rewritten.get(file) ?? readFileSync(path.join(REPO, file), 'utf8');
  if (current.includes(`"${tools}"`)) return;
  if (!current.includes(`"${key}"`) || current.split(`"${src}"`).length !== 2)
    fail(`${file}: no "${key}" list with one "${src}": add "${tools}" beside it by hand`);
  rewritten.set(file, current.replace(`"${src}"`, `"${src}", "${tools}"`));
}
addBeside('tsconfig.json', 'include', 'src', 'tools');
addBeside('biome.json', 'includes', 'src/**', 'tools/**');

// ---- relative imports: those that resolve now must resolve after the move -----------------------

/** As __tests__/helpers/import-graph.ts reads them: import/export-from, side-effect imports, literal import(). */
const IMPORTS = [
  /(?:^|[\n;])\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /(?:^|[\n;])\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
];
function unresolved(fileList) {
  const out = new Set();
  for (const file of fileList.filter((f) => CODE.test(f) && !NEVER_REWRITE.some((re) => re.test(f)))) {
    const text = readFileSync(path.join(REPO, file), 'utf8');
    for (const m of IMPORTS.flatMap((re) => [...text.matchAll(re)])) {
      const abs = path.resolve(REPO, path.posix.dirname(file), m[1]);
      const ok = [abs, abs.replace(/\.js$/, '.ts'), `${abs}.ts`, path.join(abs, 'index.ts')].some((c) => existsSync(c) && statSync(c).isFile());
      if (!ok) out.add(`${mapPath(file)}: ${m[1]}`);
    }
  }
  return out;
}
/** Strings that only look like imports (a parser test's sample text) name no file before the move either. */
const unresolvedBefore = unresolved(files);

// ---- the plan, or the move ----------------------------------------------------------------------

console.log(`relayout: ${moves.length} files move, ${rewritten.size} files rewritten${dryRun ? ' (dry run: nothing changed)' : ''}`);
const byFolder = new Map();
for (const [f, t] of moves) {
  const key = `${path.posix.dirname(f)} → ${path.posix.dirname(t)}`;
  byFolder.set(key, (byFolder.get(key) ?? 0) + 1);
}
for (const [k, n] of byFolder) console.log(`  ${k} (${n})`);
for (const f of rewritten.keys()) if (verbose || dryRun) console.log(`  rewrites ${f}${mapPath(f) !== f ? ` (→ ${mapPath(f)})` : ''}`);
for (const l of log) console.log(l);
if (dryRun) process.exit(0);

for (const [file, text] of rewritten) writeFileSync(path.join(REPO, file), text);
for (const [f, t] of moves) {
  mkdirSync(path.join(REPO, path.posix.dirname(t)), { recursive: true });
  if (tracked.has(f)) git('mv', f, t);
  else renameSync(path.join(REPO, f), path.join(REPO, t));
}
const emptied = new Set(moves.map(([f]) => path.posix.dirname(f)));
for (const d of [...emptied].sort((a, b) => b.length - a.length)) {
  for (let dir = d; dir !== '.' && existsSync(path.join(REPO, dir)) && readdirSync(path.join(REPO, dir)).length === 0; dir = path.posix.dirname(dir)) {
    rmdirSync(path.join(REPO, dir));
  }
}
// A longer path can push a line past the formatter's width: format what was rewritten, as the repo's lint would.
const biome = path.join(REPO, 'node_modules/.bin/biome');
const formatted = [...rewritten.keys()].map(mapPath);
if (existsSync(biome)) execFileSync(biome, ['format', '--write', '--no-errors-on-unmatched', ...formatted], { cwd: REPO, stdio: 'ignore' });
else console.log('relayout: no node_modules/.bin/biome: run npm run format before committing');
const toStage = [...rewritten.keys()].filter((f) => tracked.has(f)).map(mapPath);
if (toStage.length > 0) git('add', '--', ...toStage);

const broken = [...unresolved([...finalFiles])].filter((b) => !unresolvedBefore.has(b));
if (broken.length > 0) fail(`relative imports that name no file after the move:\n  ${broken.join('\n  ')}`);
console.log(
  'relayout: done; every relative import that named a file still does. Next: npx tsc --noEmit && npm run build && npx vitest run __tests__/folder-order.test.ts',
);
