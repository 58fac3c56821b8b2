/**
 * A label's history in the Actions cache (IO edge): each run restores the newest entry under the
 * label's prefix, appends its own summary, and saves the whole under a new key (entries are
 * immutable). A missing entry (first run, evicted after 7 days unused, or deleted) starts a new
 * history, and the summary says so.
 */
import { createHash } from 'node:crypto';
import type { ProfileConfig } from '../config/config.js';
import type { HistoryRun, HistoryView } from '../profile/always-on.js';
import { keySafe, loadNewest, reserveDocument, runIdentity, storeDocument, type Reservation } from '../remember/cache-store.js';
import { appendRun, groupsOf, regressionsOf } from './history.js';

export interface HistoryDocument {
  label: string;
  runs: HistoryRun[];
}

/**
 * The label, made key-safe, and a hash of the label as given: "ubuntu-24.04" must not restore by
 * prefix what "ubuntu-24.04-arm" saved, and two labels that differ only in unsafe characters stay apart.
 */
export function historyKeyPrefix(label: string): string {
  const hash = createHash('sha256').update(label).digest('hex').slice(0, 8);
  return `disk-profiler-history-${keySafe(label)}-${hash}-`;
}

function parseHistory(v: unknown, label: string): HistoryRun[] | string {
  const d = v as HistoryDocument;
  if (typeof d !== 'object' || d === null || !Array.isArray(d.runs)) return 'the entry is not a history';
  if (d.label !== label) return `the entry is the history of '${String(d.label)}'`;
  return d.runs.filter((r) => typeof r === 'object' && r !== null && typeof r.fingerprintId === 'string' && typeof r.runId === 'string');
}

export interface LoadedHistory {
  earlier: HistoryRun[];
  restoredKey: string | null;
  notes: string[];
}

/** The newest history entry of the label, or a note saying why a new history starts. */
export async function loadHistory(label: string): Promise<LoadedHistory> {
  const loaded = await loadNewest('history', historyKeyPrefix(label));
  if (loaded.found) {
    const runs = parseHistory(loaded.document, label);
    if (typeof runs !== 'string') return { earlier: runs, restoredKey: loaded.key, notes: [] };
    return { earlier: [], restoredKey: null, notes: [`The history entry ${loaded.key} could not be read (${runs}); this run starts a new history.`] };
  }
  const note = loaded.reason.startsWith('no entry')
    ? `No history of '${label}' was found in the Actions cache (the first run with history, or its entry was evicted or deleted): this run starts a new one.`
    : `The history of '${label}' could not be restored (${loaded.reason}): this run starts a new one.`;
  return { earlier: [], restoredKey: null, notes: [note] };
}

export interface HistoryUpdateOptions {
  label: string;
  loaded: LoadedHistory;
  current: HistoryRun;
  /** false: show, save nothing. */
  save: boolean;
  nowMs: number;
  /** Told the view as the save begins (its `saved` still null): what reads nothing of the save can go on beside it. */
  onUnsaved?: (view: HistoryView) => void;
  /** The entry reserved ahead for this run (reserveHistoryEntry): saved under its key. */
  reservation?: HistoryReservation | null;
}

/** This run's history entry, reserved before its row is known (the post step: reserved as it starts, filled once it has judged). */
export interface HistoryReservation {
  key: string;
  reserved: Promise<Reservation>;
}

/** This run's key under the label's prefix: run, attempt and time, so no two runs' entries collide. */
function historyEntryKey(label: string, nowMs: number): string {
  const { runId, runAttempt } = runIdentity();
  return `${historyKeyPrefix(label)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
}

/** What names a label's history, and whether it is kept. */
export type HistoryKeyConfig = Pick<ProfileConfig, 'history' | 'historyLabel' | 'label'>;

/** The runner type a history belongs to: the label, or without one the runner image (config.ts). */
export function historyLabelOf(config: HistoryKeyConfig): string {
  return config.historyLabel ?? config.label;
}

/**
 * Reserves this run's entry now (cache v2), so its save later costs a round trip less; null with history
 * off, or where nothing is reserved ahead.
 */
export function reserveHistoryFor(config: HistoryKeyConfig, nowMs: number = Date.now()): HistoryReservation | null {
  if (!config.history) return null;
  const key = historyEntryKey(historyLabelOf(config), nowMs);
  const reserved = reserveDocument('history', key);
  return reserved ? { key, reserved } : null;
}

/** This run appended to the loaded history and saved under a new key; the view the summary shows. */
export async function updateHistory(o: HistoryUpdateOptions): Promise<HistoryView> {
  const keyPrefix = historyKeyPrefix(o.label);
  const { earlier, restoredKey } = o.loaded;
  const runs = appendRun(earlier, o.current);
  const view: HistoryView = {
    label: o.label,
    keyPrefix,
    restoredKey,
    startedNew: restoredKey === null,
    earlierRuns: earlier.length,
    groups: groupsOf(runs, o.current.fingerprintId),
    regressions: regressionsOf(o.current, earlier),
    saved: null,
    notes: [...o.loaded.notes],
  };
  if (!o.save) return view;
  o.onUnsaved?.(view);
  const key = o.reservation?.key ?? historyEntryKey(o.label, o.nowMs);
  const stored = await storeDocument('history', key, { label: o.label, runs } satisfies HistoryDocument, o.reservation?.reserved ?? null);
  return {
    ...view,
    saved: stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason },
    notes: stored.ok ? view.notes : [...view.notes, `This run was not added to the history: ${stored.reason}.`],
  };
}
