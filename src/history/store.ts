/**
 * A label's history in the Actions cache (IO edge): each run restores the newest entry under the
 * label's prefix, appends its own summary, and saves the whole under a new key (entries are
 * immutable). A missing entry (first run, evicted after 7 days unused, or deleted) starts a new
 * history, and the summary says so.
 */
import { createHash } from 'node:crypto';
import type { HistoryRun, HistoryView } from '../profile/always-on.js';
import { keySafe, loadNewest, runIdentity, storeDocument } from '../remember/cache-store.js';
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

export interface HistoryUpdateOptions {
  label: string;
  current: HistoryRun;
  /** false: read and show, save nothing (a dry run, or cache writes refused). */
  save: boolean;
  nowMs: number;
}

export async function updateHistory(o: HistoryUpdateOptions): Promise<HistoryView> {
  const keyPrefix = historyKeyPrefix(o.label);
  const notes: string[] = [];
  const loaded = await loadNewest('history', keyPrefix);
  let earlier: HistoryRun[] = [];
  let restoredKey: string | null = null;
  if (loaded.found) {
    const runs = parseHistory(loaded.document, o.label);
    if (typeof runs === 'string') notes.push(`The history entry ${loaded.key} could not be read (${runs}); this run starts a new history.`);
    else {
      earlier = runs;
      restoredKey = loaded.key;
    }
  } else {
    notes.push(
      loaded.reason.startsWith('no entry')
        ? `No history of '${o.label}' was found in the Actions cache (the first run with history, or its entry was evicted or deleted): this run starts a new one.`
        : `The history of '${o.label}' could not be restored (${loaded.reason}): this run starts a new one.`,
    );
  }
  const runs = appendRun(earlier, o.current);
  let saved: HistoryView['saved'] = null;
  if (o.save) {
    const { runId, runAttempt } = runIdentity();
    const key = `${keyPrefix}${runId}-${runAttempt}-${o.nowMs.toString(36)}`;
    const stored = await storeDocument('history', key, { label: o.label, runs } satisfies HistoryDocument);
    saved = stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason };
    if (!stored.ok) notes.push(`This run was not added to the history: ${stored.reason}.`);
  }
  return {
    keyPrefix,
    restoredKey,
    startedNew: restoredKey === null,
    earlierRuns: earlier.length,
    groups: groupsOf(runs, o.current.fingerprintId),
    regressions: regressionsOf(o.current, earlier),
    saved,
    notes,
  };
}
