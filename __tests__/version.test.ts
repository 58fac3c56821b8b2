// One release number in four places: package.json, the TOOL_VERSION every profile records, the newest
// CHANGELOG entry, and the major tag the README tells users to pin (`uses: …/disk-profiler@v1`).
// Bumping one without the others is the mistake this catches.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_VERSION } from '../src/version.js';

const read = (file: string): string => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

describe('the release version', () => {
  const packageVersion = (JSON.parse(read('package.json')) as { version: string }).version;

  it('is the one every profile records', () => {
    expect(TOOL_VERSION).toBe(packageVersion);
  });

  it('heads the CHANGELOG', () => {
    const newest = /^## \[?(\d+\.\d+\.\d+)\]?/m.exec(read('CHANGELOG.md'));
    expect(newest?.[1]).toBe(packageVersion);
  });

  it('is the major tag the README pins', () => {
    const tags = [...read('README.md').matchAll(/uses:\s*[\w.-]+\/disk-profiler@v(\d+)\b/g)].map((m) => m[1]);
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags)).toEqual(new Set([packageVersion.split('.')[0]]));
  });
});
