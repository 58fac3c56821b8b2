/**
 * Remembered fixes (issue 40): the experiments' result of a run that measured them, stored under its
 * hardware fingerprint and its cache (the restore's paths and compression, the cache version), with
 * what it was measured against; a later run on the same hardware and cache restores the newest and
 * judge/auto-rules.ts fixMemory decides whether it stands for that run or is measured again.
 *
 * One lookup finds this fingerprint's newest entry first and else any fingerprint's for the cache, so
 * a run on other hardware learns that the hardware changed (and a matrix over runner types does not
 * make its labels measure each other's fixes: each finds its own first).
 */
import { createHash } from 'node:crypto';
import type { FixMeasuredAgainst } from '../judge/auto-rules.js';
import { BOTTLENECKS, EXPERIMENT_NAMES, type ExperimentsResult, type FixesMeasuredOn, type RestoreResult } from '../profile/schema.js';
import { experimentsErrors } from '../profile/validate.js';
import { loadNewest, runIdentity, storeDocument } from './cache-store.js';

interface FixesDocument {
  cacheId: string;
  against: Omit<FixMeasuredAgainst, 'measuredOn'> & { measuredOn: Omit<FixesMeasuredOn, 'cacheKey'> };
  experiments: ExperimentsResult;
}

/** The cache a fix is for: its paths and compression (the cache version's parts), 12 hex characters. */
export function fixesCacheId(restore: Pick<RestoreResult, 'paths' | 'compressionMethod'>): string {
  return createHash('sha256')
    .update(JSON.stringify([restore.paths, restore.compressionMethod]))
    .digest('hex')
    .slice(0, 12);
}

/** This cache's entries; with a fingerprint, that hardware's (ids are fixed-length hex, so no prefix is another's). */
export function fixesKeyPrefix(cacheId: string, fingerprintId?: string): string {
  return `disk-profiler-fixes-${cacheId}-${fingerprintId ? `${fingerprintId}-` : ''}`;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The document read from the cache, checked: an entry another version wrote, or damaged, is no fix. */
function parseFixesDocument(v: unknown, cacheId: string): FixesDocument | string {
  const d = v as FixesDocument;
  if (typeof d !== 'object' || d === null) return 'the entry is not a JSON object';
  if (d.cacheId !== cacheId) return `the entry is for cache ${String(d.cacheId)}, not ${cacheId}`;
  const a = d.against;
  if (typeof a !== 'object' || a === null || typeof a.measuredOn !== 'object' || a.measuredOn === null) return 'the entry lacks what it was measured against';
  const on = a.measuredOn;
  if (![on.runId, on.runAttempt, on.measuredAt, on.fingerprintId].every((x) => typeof x === 'string')) return 'the entry lacks its run, date or fingerprint';
  if (!finite(a.archiveBytes) || !(a.files === null || finite(a.files)) || !finite(a.untilDurableMs))
    return 'the entry lacks the shape or time it was measured at';
  if (!(BOTTLENECKS as readonly unknown[]).includes(a.bottleneck)) return `the entry names a verdict this version does not know (${String(a.bottleneck)})`;
  if (!Array.isArray(a.experiments) || !a.experiments.every((e) => (EXPERIMENT_NAMES as readonly unknown[]).includes(e)))
    return 'the entry names an experiment this version does not know';
  const errors = experimentsErrors(d.experiments);
  if (errors.length > 0) return `the entry's experiments are not readable here (${errors.slice(0, 2).join('; ')})`;
  return d;
}

export type RememberedFixes = { found: true; against: FixMeasuredAgainst; experiments: ExperimentsResult } | { found: false; reason: string };

export async function loadFixes(cacheId: string, fingerprintId: string): Promise<RememberedFixes> {
  const loaded = await loadNewest('fixes', [fixesKeyPrefix(cacheId, fingerprintId), fixesKeyPrefix(cacheId)]);
  if (!loaded.found) return loaded;
  const parsed = parseFixesDocument(loaded.document, cacheId);
  if (typeof parsed === 'string') return { found: false, reason: `${loaded.key} was not usable: ${parsed}` };
  const measuredOn: FixesMeasuredOn = { ...parsed.against.measuredOn, cacheKey: loaded.key };
  return { found: true, against: { ...parsed.against, measuredOn }, experiments: parsed.experiments };
}

/** The experiments' result as a later run shows it: marked as measured on that run; its start was on that run's clock. */
export function rememberedExperiments(remembered: { against: FixMeasuredAgainst; experiments: ExperimentsResult }): ExperimentsResult {
  const { startMs: _onThatRunsClock, ...rest } = remembered.experiments;
  return { ...rest, measuredOn: remembered.against.measuredOn };
}

/** Saves this run's measured fixes under a new key (entries are immutable): run, attempt and time, as the ceilings'. */
export async function storeFixes(
  cacheId: string,
  against: Omit<FixMeasuredAgainst, 'measuredOn'>,
  fingerprintId: string,
  experiments: ExperimentsResult,
  measuredAt: string,
  nowMs: number = Date.now(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; key: string; reason?: string }> {
  const { runId, runAttempt } = runIdentity(env);
  const key = `${fixesKeyPrefix(cacheId, fingerprintId)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
  const { measuredOn: _notStored, startMs: _onThisRunsClock, ...result } = experiments;
  const document: FixesDocument = {
    cacheId,
    against: { ...against, measuredOn: { runId, runAttempt, measuredAt, fingerprintId } },
    experiments: result,
  };
  const stored = await storeDocument('fixes', key, document);
  return stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason };
}
