/**
 * What main read of the always-on documents, handed to the post step on a run whose report is the post
 * step's (issue 40, item 4): the label's history (the history row holds what the post step judged with
 * the tail, so the post step adds the run) and the fixes remembered for this hardware and cache (the post
 * step judges with them where auto's gate passes with the tail), so the post step reads neither again.
 * Each lives in a file of the profile's own directory (owner-only, under RUNNER_TEMP), removed once taken;
 * a file the post step cannot read, or that holds something else, is nothing handed, and the post step
 * reads the document itself.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { LoadedHistory } from '../history/store.js';
import type { HistoryRun } from '../profile/always-on.js';
import { checkedRememberedFixes, type RememberedFixes } from '../remember/fixes.js';

/** What can be handed over, each with how the post step checks what it reads back. */
const HANDED = {
  history: (v: unknown): LoadedHistory | null => parseLoadedHistory(v),
  fixes: (v: unknown): RememberedFixes | null => checkedRememberedFixes(v),
} as const;
export type Handed = keyof typeof HANDED;
type HandedValue<K extends Handed> = NonNullable<ReturnType<(typeof HANDED)[K]>>;

/** Writes what main read for the post step; returns the file. */
export function handToPost<K extends Handed>(stateDir: string, kind: K, value: HandedValue<K>): string {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const file = path.join(stateDir, `${kind}-${process.pid}-${Date.now().toString(36)}.json`);
  writeFileSync(file, JSON.stringify(value), { mode: 0o600, flag: 'wx' });
  return file;
}

/** What main handed over, the file removed; null when there is none or it is not one main wrote. */
export function takeHanded<K extends Handed>(kind: K, file: string): HandedValue<K> | null {
  if (!file) return null;
  try {
    return HANDED[kind](JSON.parse(readFileSync(file, 'utf8'))) as HandedValue<K> | null;
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
