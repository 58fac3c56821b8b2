/**
 * The label's history as main read it, handed to the post step on a run whose report is the post
 * step's (issue 40, item 4): the history row holds what the post step judged with the tail, so the
 * post step adds the run, and it does so from what main already read (beside the ceilings, in one
 * round trip) rather than reading the history again. The file lives in the profile's own directory
 * (owner-only, under RUNNER_TEMP) and the post step removes it once read; a file it cannot read is
 * no history, and the post step reads the history itself.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { LoadedHistory } from '../history/store.js';
import type { HistoryRun } from '../profile/always-on.js';

/** Writes the loaded history for the post step; returns the file. */
export function handHistoryToPost(stateDir: string, loaded: LoadedHistory): string {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const file = path.join(stateDir, `history-${process.pid}-${Date.now().toString(36)}.json`);
  writeFileSync(file, JSON.stringify(loaded), { mode: 0o600, flag: 'wx' });
  return file;
}

/** The history main handed over, the file removed; null when there is none or it is not one main wrote. */
export function takeHandedHistory(file: string): LoadedHistory | null {
  if (!file) return null;
  try {
    return parseLoadedHistory(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}

function parseLoadedHistory(v: unknown): LoadedHistory | null {
  const d = v as Partial<LoadedHistory> | null;
  if (typeof d !== 'object' || d === null || !Array.isArray(d.earlier) || !Array.isArray(d.notes)) return null;
  if (d.restoredKey !== null && typeof d.restoredKey !== 'string') return null;
  // As history/store.ts reads an entry: runs without their identity are dropped.
  const earlier = d.earlier.filter(
    (r): r is HistoryRun => typeof r === 'object' && r !== null && typeof r.fingerprintId === 'string' && typeof r.runId === 'string',
  );
  return { earlier, restoredKey: d.restoredKey ?? null, notes: d.notes.filter((n): n is string => typeof n === 'string') };
}
