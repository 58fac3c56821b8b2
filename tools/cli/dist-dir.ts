/** The folder of the bundled entry points (dist/), found from this bundle's own URL. */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export function distDir(): string {
  return path.dirname(fileURLToPath(import.meta.url));
}
