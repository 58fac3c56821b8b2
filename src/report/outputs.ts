/** The action's outputs from a profile and its verdict, the fio ceilings included. Pure. */
import type { PhaseName, Profile, RestoreResult, Verdict } from '../profile/schema.js';
import { isExactKeyMatch } from '../config/actions-cache-inputs.js';
import { probeOutputs } from './probe-outputs.js';
import { diskProbeSuite } from './say/probe-notes.js';
import { experimentOutputs } from '../experiment/outputs.js';
import { alwaysOnOutputs } from './always-on-section.js';
import { sayVerdict } from './say/verdict.js';

function phaseSeconds(profile: Profile, name: PhaseName): string {
  const p = profile.phases.find((x) => x.name === name);
  return p ? ((p.endMs - p.startMs) / 1000).toFixed(3) : '';
}

/** Every value a string, as GitHub outputs are; '' where the profile has no such figure. */
export function profileOutputs(profile: Profile, verdict: Verdict): Record<string, string> {
  const r = profile.restore;
  return {
    verdict: sayVerdict(verdict, profile),
    bottleneck: verdict.bottleneck,
    ...actionsCacheOutputs(r),
    'matched-key': r?.matchedKey ?? '',
    'lookup-seconds': phaseSeconds(profile, 'lookup'),
    'download-seconds': phaseSeconds(profile, 'download'),
    'extract-seconds': phaseSeconds(profile, 'extract'),
    'writeback-seconds': phaseSeconds(profile, 'writeback'),
    'restore-seconds': r ? (r.restoreMs / 1000).toFixed(3) : '',
    'archive-bytes': r?.archiveBytes != null ? String(r.archiveBytes) : '',
    'extracted-bytes': r?.anatomy ? String(r.anatomy.extractedBytes) : '',
    'file-count': r?.anatomy ? String(r.anatomy.files) : '',
    // A probe that measured the page cache is no ceiling of the disk: its output is left empty.
    ...probeOutputs(profile.probes ? diskProbeSuite(profile, profile.probes) : null),
    ...experimentOutputs(profile.experiments),
    ...alwaysOnOutputs(profile),
  };
}

/**
 * What restoreCache returns: the matched key when it restored the entry (or, with lookup-only, found
 * it); undefined on a miss, a skip by cache mode, or a failed download or extraction.
 */
export function restoredKey(r: RestoreResult | null): string | undefined {
  if (!r || r.error || r.matchedKey === null) return undefined;
  return r.cacheHit || r.skipped?.reason === 'lookup-only' ? r.matchedKey : undefined;
}

/**
 * The outputs actions/cache and actions/cache/restore set (restoreImpl.ts), with the same values:
 * `cache-primary-key` always; on a miss nothing else (`cache-hit` is left unset there on purpose,
 * actions/cache#1466); otherwise `cache-matched-key` and `cache-hit` 'true' only for an exact match of `key`.
 */
export function actionsCacheOutputs(r: RestoreResult | null): Record<string, string> {
  const primaryKey = r?.keysTried[0];
  if (r === null || primaryKey === undefined) return {};
  const key = restoredKey(r);
  if (key === undefined) return { 'cache-primary-key': primaryKey };
  return { 'cache-primary-key': primaryKey, 'cache-matched-key': key, 'cache-hit': String(isExactKeyMatch(primaryKey, key)) };
}
