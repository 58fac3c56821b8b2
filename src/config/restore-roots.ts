/**
 * The directories a restore writes under, from actions/cache `path` lines: each plain path, and the
 * fixed part of each pattern before its first wildcard segment; exclusions (`!…`) add nothing. Pure
 * but for `~`, which expandPath resolves against the home directory as the cache's tar does.
 */
import * as os from 'node:os';
import * as path from 'node:path';

/** A `path` line as the cache's tar resolves it: `~` is the home directory, the rest is relative to the workspace. */
export function expandPath(p: string, workspace: string): string {
  const expanded = p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
  return path.resolve(workspace, expanded);
}

const WILDCARD = /[*?[\]{}]/;

export function isPattern(line: string): boolean {
  return line.startsWith('!') || WILDCARD.test(line);
}

export function restoreRoots(paths: readonly string[], workspace: string): string[] {
  const roots: string[] = [];
  for (const line of paths) {
    if (line.startsWith('!')) continue;
    const segments = line.split(/[\\/]/);
    const firstWild = segments.findIndex((s) => WILDCARD.test(s));
    const fixed = firstWild < 0 ? line : segments.slice(0, firstWild).join('/') || '.';
    roots.push(expandPath(fixed, workspace));
  }
  // A root inside another root is walked with it.
  const unique = [...new Set(roots)].sort();
  return unique.filter((r, i) => !unique.slice(0, i).some((o) => r.startsWith(o.endsWith(path.sep) ? o : o + path.sep)));
}
