// Every recorded profile the project ships (fixtures/profiles and fixtures/experiments), validated as
// `disk-profiler render` reads them: the set the tests over "every recording" run on.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Profile } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';

const DIRS = ['fixtures/profiles', 'fixtures/experiments'].map((d) => fileURLToPath(new URL(`../../${d}/`, import.meta.url)));

/** Each recording, named `profiles/<file>` or `experiments/<file>`. */
export function everyRecording(): { name: string; profile: Profile }[] {
  return DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ name: `${dir.split('/').at(-2)}/${f}`, profile: validateProfile(JSON.parse(readFileSync(`${dir}${f}`, 'utf8'))) as Profile })),
  );
}
