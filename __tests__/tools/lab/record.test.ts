import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labProvenance, withProvenance } from '../../../tools/cli/lab.js';
import { SCENARIOS, settingsOf } from '../../../tools/lab/scenario-specs.js';
import type { Profile } from '../../../src/profile/schema.js';
import { profileErrors, validateProfile } from '../../../src/profile/validate.js';
import { repoRoot } from '../../helpers/tree.js';

// Recorded by `disk-profiler lab disk-bandwidth --record` (fixtures/profiles/README.md).
const recorded = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/profiles/lab-disk-bandwidth.json'), 'utf8')) as Profile;

describe('lab --record provenance', () => {
  const provenance = labProvenance(
    'cloud-volume',
    settingsOf(SCENARIOS['cloud-volume']),
    'node dist/cli.js lab cloud-volume --record fixtures/profiles',
    repoRoot,
  );

  it("names the command, the scenario with what it was built with, and the machine with the tool's commit", () => {
    expect(provenance).toMatchObject({
      command: 'node dist/cli.js lab cloud-volume --record fixtures/profiles',
      scenario: 'cloud-volume',
      about: SCENARIOS['cloud-volume'].about,
      settings: { writeBytesPerSecond: 125 * 1024 * 1024, writeIops: 3000, maxSectorsKb: 256 },
    });
    expect(provenance.machine).toMatch(/^\d+ × .+, \d+ GiB, Linux .+, Node v\d+.*; disk-profiler at (\w{7,}|unknown commit)/);
  });

  it('is an optional, validated field of the profile', () => {
    expect(validateProfile(withProvenance(recorded, provenance)).provenance?.scenario).toBe('cloud-volume');
    expect(profileErrors(recorded)).toEqual([]);
    const bad = { ...withProvenance(recorded, provenance), provenance: { ...provenance, settings: 'fast' } };
    expect(profileErrors(bad)).toEqual(['provenance.settings: expected an object, got "fast"']);
  });
});
