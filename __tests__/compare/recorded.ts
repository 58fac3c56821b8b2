// Profiles recorded on this machine (fixtures/profiles, provenance in its README), under a runner label.
import { readFileSync } from 'node:fs';
import type { Profile } from '../../src/profile/schema.js';
import type { LabelledProfile } from '../../src/compare/compare.js';

export function recorded(file: string, label: string): LabelledProfile {
  const profile = JSON.parse(readFileSync(`fixtures/profiles/${file}`, 'utf8')) as Profile;
  return { source: file, profile: { ...profile, label } };
}
