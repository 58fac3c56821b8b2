/**
 * The sentences a written profile carries for its readers: the profile schema's fields are only added
 * within a major version, never removed, so a profile still holds each what-if's, each device's,
 * each phase's and each evidence item's sentence (an older disk-profiler's validator asks for them).
 * Said here, from the judge's facts, at the edge where the profile is written; this version's readers
 * say them again from the facts. Pure.
 */
import type { Profile } from '../../profile/schema.js';
import { sayDevice } from './device.js';
import { sayEvidence } from './evidence.js';
import { sayPhase } from './phase.js';
import { sayWhatIf } from './what-if.js';

export function withStoredSentences(profile: Profile): Profile {
  const v = profile.verdict;
  if (!v) return profile;
  return {
    ...profile,
    verdict: {
      ...v,
      whatIf: v.whatIf.map((w) => ({ ...w, sentence: sayWhatIf(w) })),
      phases: v.phases.map((p) => ({ ...p, sentence: sayPhase(p), evidence: p.evidence.map((e) => ({ ...e, text: sayEvidence(e, p.phase) })) })),
      ...(v.devices ? { devices: v.devices.map((d) => ({ ...d, sentence: sayDevice(d) })) } : {}),
    },
  };
}
