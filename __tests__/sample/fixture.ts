// Reads a capture from fixtures/procfs (provenance in fixtures/procfs/README.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/procfs/', import.meta.url));

export function procFixture(name: string): string {
  return readFileSync(`${FIXTURES_DIR}${name}`, 'utf8');
}
