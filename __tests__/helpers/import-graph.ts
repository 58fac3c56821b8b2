// The import graph of the code, as the cycle test and the folder-order test read it. Parses import and
// export lines, which is all this codebase uses (no require, no computed import()).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SRC = path.join(REPO, 'src');

/** The folders that hold code: the action (src/) and the tools around it (tools/, once scripts/relayout.mjs has run). */
export const CODE_ROOTS: readonly string[] = ['src', 'tools'].map((r) => path.join(REPO, r)).filter((r) => existsSync(r));

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // Installed packages are not the project's code (the lab's pinned workload installs under tools/lab/workload).
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative specifiers of every static import/export-from, side-effect import and literal import(). */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[\n;])\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /(?:^|[\n;])\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1] as string);
  return found;
}

/** The code root a file lies under, or null. */
export function rootOf(file: string): string | null {
  return CODE_ROOTS.find((r) => file.startsWith(r + path.sep)) ?? null;
}

/** The code file a specifier names; null for anything outside the code roots (a package reached by a relative path). */
export function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  if (rootOf(base) === null) return null;
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every code file with the code files it imports. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of CODE_ROOTS.flatMap(sourceFiles)) {
    const targets = relativeImports(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
