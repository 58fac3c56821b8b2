/**
 * Remembered ceilings (issue 24): after probing, this run's fio results are stored under its hardware
 * fingerprint in the Actions cache; a later run on the same hardware restores the newest of them
 * instead of probing again (see judge/auto-rules.ts decideProbes for when it probes anyway).
 */
import { PROBE_NAMES, type ProbeResult, type ProbeSuiteResult } from '../profile/schema.js';
import type { CeilingsSource, HardwareFingerprint } from '../profile/always-on.js';
import { utcMinute } from '../util/format.js';
import { loadNewest, runIdentity, storeDocument } from './cache-store.js';

interface CeilingsDocument {
  fingerprintId: string;
  hardware: string;
  label: string;
  runId: string;
  runAttempt: string;
  probedAt: string;
  fioVersion?: string;
  directory?: string;
  probes: ProbeResult[];
}

/** Fingerprint ids are 12 hex characters, so no id's prefix is another's. */
export function ceilingsKeyPrefix(fingerprintId: string): string {
  return `disk-profiler-ceilings-${fingerprintId}-`;
}

/** A new key each run (entries are immutable): run, attempt, and the time, so two jobs of one run on the same hardware both save. */
function ceilingsKey(fingerprintId: string, nowMs: number, env: NodeJS.ProcessEnv = process.env): string {
  const { runId, runAttempt } = runIdentity(env);
  return `${ceilingsKeyPrefix(fingerprintId)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isProbe(v: unknown): v is ProbeResult {
  const p = v as ProbeResult;
  return (
    typeof p === 'object' &&
    p !== null &&
    (PROBE_NAMES as readonly string[]).includes(p.name) &&
    finite(p.bytesPerSecond) &&
    finite(p.iops) &&
    typeof p.latencyNs === 'object' &&
    p.latencyNs !== null &&
    finite(p.latencyNs.mean)
  );
}

/** The document read from the cache, checked: an entry another version wrote, or damaged, is no ceiling. */
function parseCeilingsDocument(v: unknown, fingerprintId: string): CeilingsDocument | string {
  const d = v as CeilingsDocument;
  if (typeof d !== 'object' || d === null) return 'the entry is not a JSON object';
  if (d.fingerprintId !== fingerprintId) return `the entry is for fingerprint ${String(d.fingerprintId)}, not ${fingerprintId}`;
  if (typeof d.runId !== 'string' || typeof d.probedAt !== 'string' || !Array.isArray(d.probes)) return 'the entry lacks its run, date or probes';
  if (!d.probes.every(isProbe)) return 'the entry holds a probe result this version cannot read';
  return d;
}

export type Remembered = { found: true; key: string; document: CeilingsDocument } | { found: false; reason: string };

export async function loadCeilings(fingerprintId: string): Promise<Remembered> {
  const loaded = await loadNewest('ceilings', ceilingsKeyPrefix(fingerprintId));
  if (!loaded.found) return loaded;
  const parsed = parseCeilingsDocument(loaded.document, fingerprintId);
  return typeof parsed === 'string' ? { found: false, reason: `${loaded.key} was not usable: ${parsed}` } : { found: true, key: loaded.key, document: parsed };
}

export async function storeCeilings(
  fingerprint: HardwareFingerprint,
  hardware: string,
  label: string,
  suite: ProbeSuiteResult,
  probedAt: string,
): Promise<{ ok: boolean; key: string; reason?: string }> {
  const key = ceilingsKey(fingerprint.id, Date.now());
  const { runId, runAttempt } = runIdentity();
  const document: CeilingsDocument = {
    fingerprintId: fingerprint.id,
    hardware,
    label,
    runId,
    runAttempt,
    probedAt,
    ...(suite.fioVersion ? { fioVersion: suite.fioVersion } : {}),
    ...(suite.directory ? { directory: suite.directory } : {}),
    probes: suite.probes.filter((p) => !p.error),
  };
  const stored = await storeDocument('ceilings', key, document);
  return stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason };
}

/** The probe stage of a run that used remembered ceilings: skipped, with the remembered figures. */
export function rememberedSuite(doc: CeilingsDocument, reason: string): ProbeSuiteResult {
  return {
    status: 'skipped',
    reason,
    ...(doc.fioVersion ? { fioVersion: doc.fioVersion } : {}),
    ...(doc.directory ? { directory: doc.directory } : {}),
    wallMs: 0,
    probes: doc.probes,
  };
}

export function rememberedSource(doc: CeilingsDocument, key: string): CeilingsSource {
  return {
    kind: 'remembered',
    runId: doc.runId,
    runAttempt: doc.runAttempt,
    probedAt: doc.probedAt,
    fingerprintId: doc.fingerprintId,
    cacheKey: key,
    sentence: `Ceilings remembered from run ${doc.runId} (probed ${utcMinute(doc.probedAt)} UTC on the same hardware, fingerprint ${doc.fingerprintId}).`,
  };
}
