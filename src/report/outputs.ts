/** The action's outputs from a profile and its verdict, the fio ceilings included. Pure. */
import type { PhaseName, Profile, Verdict } from '../profile/schema.js';
import { probeOutputs } from '../probe/outputs.js';
import { experimentOutputs } from '../experiment/outputs.js';

function phaseSeconds(profile: Profile, name: PhaseName): string {
  const p = profile.phases.find((x) => x.name === name);
  return p ? ((p.endMs - p.startMs) / 1000).toFixed(3) : '';
}

/** Every value a string, as GitHub outputs are; '' where the profile has no such figure. */
export function profileOutputs(profile: Profile, verdict: Verdict): Record<string, string> {
  const r = profile.restore;
  return {
    verdict: verdict.sentence,
    bottleneck: verdict.bottleneck,
    'cache-hit': r ? String(r.cacheHit) : 'false',
    'matched-key': r?.matchedKey ?? '',
    'lookup-seconds': phaseSeconds(profile, 'lookup'),
    'download-seconds': phaseSeconds(profile, 'download'),
    'extract-seconds': phaseSeconds(profile, 'extract'),
    'writeback-seconds': phaseSeconds(profile, 'writeback'),
    'restore-seconds': r ? (r.restoreMs / 1000).toFixed(3) : '',
    'archive-bytes': r?.archiveBytes != null ? String(r.archiveBytes) : '',
    'extracted-bytes': r?.anatomy ? String(r.anatomy.extractedBytes) : '',
    'file-count': r?.anatomy ? String(r.anatomy.files) : '',
    ...probeOutputs(profile.probes),
    ...experimentOutputs(profile.experiments),
  };
}
