/** Where the profile JSON lives: a directory of our own under RUNNER_TEMP, one file per label. */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Profile } from '../profile/schema.js';
import { withStoredSentences } from '../report/say/stored.js';

export function profilePathFor(runnerTemp: string, label: string): string {
  const safe = label.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'runner';
  return path.join(runnerTemp, 'disk-profiler', `profile-${safe}.json`);
}

export function writeProfile(file: string, profile: Profile): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(withStoredSentences(profile)));
}
