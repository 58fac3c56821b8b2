/** The nearest existing ancestor of a path (a restore path may not exist before the restore). */
import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** The path itself when it exists, else its nearest existing ancestor; the root at worst. */
export function nearestExistingPath(p: string): string {
  let current = path.resolve(p);
  for (;;) {
    if (existsSync(current)) return current;
    const parent = path.dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}
