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

/**
 * What an entry records (issue 40, item 4): fixes measured; that a run of this shape, judged with its
 * tail, named nothing an experiment changes (so a later run's main need not wait for its tail to learn
 * that again); or that a post step, judging with the tail, found fixes to measure it could not (so the
 * next run waits and measures). Entries before the kind was written are 'measured'.
 */
export const FIXES_ENTRY_KINDS = ['measured', 'nothing-to-measure', 'to-measure'] as const;
export type FixesEntryKind = (typeof FIXES_ENTRY_KINDS)[number];

interface FixesDocument {
  cacheId: string;
  kind?: FixesEntryKind;
  against: Omit<FixMeasuredAgainst, 'measuredOn'> & { measuredOn: Omit<FixesMeasuredOn, 'cacheKey'> };
  /** The measured fixes; null for the other kinds. */
  experiments: ExperimentsResult | null;
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

/** What an entry was measured against, checked; null when it is whole. */
function againstError(a: FixesDocument['against'] | undefined): string | null {
  if (typeof a !== 'object' || a === null || typeof a.measuredOn !== 'object' || a.measuredOn === null) return 'the entry lacks what it was measured against';
  const on = a.measuredOn;
  if (![on.runId, on.runAttempt, on.measuredAt, on.fingerprintId].every((x) => typeof x === 'string')) return 'the entry lacks its run, date or fingerprint';
  if (!finite(a.archiveBytes) || !(a.files === null || finite(a.files)) || !finite(a.untilDurableMs))
    return 'the entry lacks the shape or time it was measured at';
  if (!(BOTTLENECKS as readonly unknown[]).includes(a.bottleneck)) return `the entry names a verdict this version does not know (${String(a.bottleneck)})`;
  if (!Array.isArray(a.experiments) || !a.experiments.every((e) => (EXPERIMENT_NAMES as readonly unknown[]).includes(e)))
    return 'the entry names an experiment this version does not know';
  return null;
}

/** The document read from the cache, checked: an entry another version wrote, or damaged, is no fix. */
function parseFixesDocument(v: unknown, cacheId: string): FixesDocument | string {
  const d = v as FixesDocument;
  if (typeof d !== 'object' || d === null) return 'the entry is not a JSON object';
  if (d.cacheId !== cacheId) return `the entry is for cache ${String(d.cacheId)}, not ${cacheId}`;
  const wrong = againstError(d.against);
  if (wrong) return wrong;
  const kind = d.kind ?? 'measured';
  if (!(FIXES_ENTRY_KINDS as readonly unknown[]).includes(kind)) return `the entry is of a kind this version does not know (${String(kind)})`;
  if (kind !== 'measured') return d.experiments === null ? d : `a ${kind} entry holds experiments`;
  const errors = experimentsErrors(d.experiments);
  if (errors.length > 0) return `the entry's experiments are not readable here (${errors.slice(0, 2).join('; ')})`;
  return d;
}

/**
 * The newest entry for this cache, as the judge reads it: measured fixes, or none (why). An entry that
 * found nothing to measure, or fixes to measure, is no fix, but says so (`nothingToMeasure`,
 * `toMeasure`: the tail rules and experiments: auto read them).
 */
export type RememberedFixes =
  | { found: true; against: FixMeasuredAgainst; experiments: ExperimentsResult }
  | { found: false; reason: string; nothingToMeasure?: FixMeasuredAgainst; toMeasure?: FixMeasuredAgainst };

export async function loadFixes(cacheId: string, fingerprintId: string): Promise<RememberedFixes> {
  const loaded = await loadNewest('fixes', [fixesKeyPrefix(cacheId, fingerprintId), fixesKeyPrefix(cacheId)]);
  if (!loaded.found) return loaded;
  const parsed = parseFixesDocument(loaded.document, cacheId);
  if (typeof parsed === 'string') return { found: false, reason: `${loaded.key} was not usable: ${parsed}` };
  const measuredOn: FixesMeasuredOn = { ...parsed.against.measuredOn, cacheKey: loaded.key };
  const against: FixMeasuredAgainst = { ...parsed.against, measuredOn };
  const run = `run ${measuredOn.runId} (${measuredOn.measuredAt})`;
  switch (parsed.kind ?? 'measured') {
    case 'measured':
      return { found: true, against, experiments: parsed.experiments as ExperimentsResult };
    case 'nothing-to-measure':
      return { found: false, reason: `${run} judged this cache ${against.bottleneck}, which no experiment changes`, nothingToMeasure: against };
    case 'to-measure':
      return {
        found: false,
        reason: `${run} judged this cache ${against.bottleneck} with its tail in the post step, and had no fixes measured`,
        toMeasure: against,
      };
  }
}

/**
 * Fixes as another step of this run read them (pipeline/handoff.ts), checked as an entry is read: null
 * when the value is not one (then that step reads the entry itself).
 */
export function checkedRememberedFixes(v: unknown): RememberedFixes | null {
  const f = v as RememberedFixes | null;
  if (typeof f !== 'object' || f === null) return null;
  const keyed = (a: FixMeasuredAgainst | undefined) => againstError(a) === null && typeof a?.measuredOn.cacheKey === 'string';
  if (f.found === true) return keyed(f.against) && experimentsErrors(f.experiments).length === 0 ? f : null;
  if (f.found === false && typeof f.reason === 'string') return [f.nothingToMeasure, f.toMeasure].every((a) => a === undefined || keyed(a)) ? f : null;
  return null;
}

/** The experiments' result as a later run shows it: marked as measured on that run; its start was on that run's clock. */
export function rememberedExperiments(remembered: { against: FixMeasuredAgainst; experiments: ExperimentsResult }): ExperimentsResult {
  const { startMs: _onThatRunsClock, ...rest } = remembered.experiments;
  return { ...rest, measuredOn: remembered.against.measuredOn };
}

/** What an entry stores: the measured fixes, or one of the kinds that hold none. */
export type FixesEntry = { kind: 'measured'; experiments: ExperimentsResult } | { kind: Exclude<FixesEntryKind, 'measured'> };

/** Saves this run's entry under a new key (entries are immutable; the newest is read): run, attempt and time, as the ceilings'. */
export async function storeFixes(
  cacheId: string,
  against: Omit<FixMeasuredAgainst, 'measuredOn'>,
  fingerprintId: string,
  entry: FixesEntry,
  measuredAt: string,
  nowMs: number = Date.now(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; key: string; reason?: string }> {
  const { runId, runAttempt } = runIdentity(env);
  const key = `${fixesKeyPrefix(cacheId, fingerprintId)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
  let experiments: ExperimentsResult | null = null;
  if (entry.kind === 'measured') {
    const { measuredOn: _notStored, startMs: _onThisRunsClock, ...result } = entry.experiments;
    experiments = result;
  }
  const document: FixesDocument = {
    cacheId,
    kind: entry.kind,
    against: { ...against, measuredOn: { runId, runAttempt, measuredAt, fingerprintId } },
    experiments,
  };
  const stored = await storeDocument('fixes', key, document);
  return stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason };
}
